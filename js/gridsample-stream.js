// GridSample into a fresh array, computed a band of output rows at a time
// (see stream.js).
import { elementCount, inputBand } from './tensor.js';
import { storageBytes } from './dtypes.js';
import { bandBudget, bytesOf, freshData } from './stream.js';
import { check, withFrame } from './module.js';

/**
 * A fresh result, computed a band of output rows (the first spatial axis) at
 * a time (see stream.js): x is copied in one batch at a time, the grid and
 * the output a band at a time. Each band is an ordinary call with batch 1 and
 * a grid of `rows` rows, so the results are those of one whole call.
 */
export function sampleInBands(op, x, grid, dims, mode, padding, alignCorners, fill) {
  const [batches, channels, rowCount] = dims;
  const r = dims.length - 2;
  const rowPoints = elementCount(dims.slice(3)); // output points per row of the first spatial axis
  const xBatchBytes = storageBytes(x.info, elementCount(x.dims.slice(1)));
  const gridRowBytes = storageBytes(grid.info, rowPoints * r);
  const yRowBytes = storageBytes(x.info, rowPoints); // one channel
  const bandRows = Math.max(1, Math.min(rowCount, Math.floor(bandBudget() / (gridRowBytes + channels * yRowBytes))));
  const result = freshData(x.info, elementCount(dims), x.data?.constructor);
  const resultBytes = bytesOf(result);
  withFrame(op, (frame, m) => {
    const xBlock = x.heap ? 0 : frame.alloc(xBatchBytes);
    const gridBlock = grid.heap ? 0 : frame.alloc(bandRows * gridRowBytes);
    const yBlock = frame.alloc(bandRows * channels * yRowBytes);
    const xShape = frame.int64s([1, ...x.dims.slice(1)]);
    const gridShape = frame.int64s([1, bandRows, ...grid.dims.slice(2)]);
    for (let n = 0; n < batches; n++) {
      const xPointer = inputBand(x, n * xBatchBytes, xBatchBytes, xBlock);
      for (let row = 0; row < rowCount; row += bandRows) {
        const rows = Math.min(bandRows, rowCount - row);
        const gridPointer = inputBand(grid, (n * rowCount + row) * gridRowBytes, rows * gridRowBytes, gridBlock);
        frame.setInt64s(gridShape, [1, rows, ...grid.dims.slice(2)]);
        check(m._tw_gridsample(x.info.code, xPointer, xBatchBytes, r, xShape, grid.info.code, gridPointer,
          rows * gridRowBytes, gridShape, mode, padding, alignCorners ? 1 : 0, fill, yBlock,
          rows * channels * yRowBytes), op);
        const heap = m.HEAPU8; // re-read: the call may have grown memory
        const bandBytes = rows * yRowBytes;
        for (let c = 0; c < channels; c++) {
          const from = yBlock + c * bandBytes;
          resultBytes.set(heap.subarray(from, from + bandBytes), ((n * channels + c) * rowCount + row) * yRowBytes);
        }
      }
    }
  });
  return { type: x.info.name, dims, data: result };
}
