// The one call of the C entry tw_gridsample, and GridSample into a fresh
// array computed a band of output rows at a time (see stream.js).
import { elementCount, inputBand, copyOut } from './tensor.js';
import { storageBytes } from './dtypes.js';
import { bandRowsFor, bands, freshData } from './stream.js';
import { check, withFrame } from './module.js';

/**
 * Calls tw_gridsample (src/gridsample/gridsample.h): x and grid are checked
 * tensors (their types), xPointer/gridPointer and their byte counts what C
 * reads, xShape/gridShape heap int64 shapes, fill the heap address of one
 * x element (fillElement's bytes), y the { pointer, bytes } it writes.
 */
export function callGridSample(m, op, { x, xPointer, xBytes, xShape, grid, gridPointer, gridBytes, gridShape, mode, padding, alignCorners, fill, y }) {
  check(m._tw_gridsample(x.info.code, xPointer, xBytes, x.dims.length - 2, xShape, grid.info.code, gridPointer,
    gridBytes, gridShape, mode, padding, alignCorners ? 1 : 0, fill, y.pointer, y.bytes), op,
  { x: 'x', grid: 'grid', y: 'options.out', fill_value: 'options.fillValue' });
}

/**
 * A fresh result, computed a band of output rows (the first spatial axis) at
 * a time (see stream.js): x is copied in one batch at a time, the grid and
 * the output a band at a time. Each band is an ordinary call with batch 1 and
 * a grid of `rows` rows, so the results are those of one whole call.
 */
export function sampleInBands(op, x, grid, dims, mode, padding, alignCorners, fillBytes) {
  const [batches, channels, rowCount] = dims;
  const r = dims.length - 2;
  const rowPoints = elementCount(dims.slice(3)); // output points per row of the first spatial axis
  const xBatchBytes = storageBytes(x.info, elementCount(x.dims.slice(1)));
  const gridRowBytes = storageBytes(grid.info, rowPoints * r);
  const yRowBytes = storageBytes(x.info, rowPoints); // one channel
  const bandRows = bandRowsFor(gridRowBytes + channels * yRowBytes, rowCount);
  const result = freshData(x.info, elementCount(dims), x.data?.constructor, op);
  withFrame(op, (frame, m) => {
    const xBlock = x.heap ? 0 : frame.alloc(xBatchBytes, 'x');
    const gridBlock = grid.heap ? 0 : frame.alloc(bandRows * gridRowBytes, 'grid');
    const yBlock = frame.alloc(bandRows * channels * yRowBytes, 'the result');
    const xShape = frame.int64s([1, ...x.dims.slice(1)]);
    const gridShape = frame.int64s([1, bandRows, ...grid.dims.slice(2)]);
    const fill = frame.copyIn(fillBytes);
    for (let n = 0; n < batches; n++) {
      const xPointer = inputBand(frame, x, n * xBatchBytes, xBatchBytes, xBlock);
      for (const [row, rows] of bands(rowCount, bandRows)) {
        const gridPointer = inputBand(frame, grid, (n * rowCount + row) * gridRowBytes, rows * gridRowBytes, gridBlock);
        frame.setInt64s(gridShape, [1, rows, ...grid.dims.slice(2)]);
        callGridSample(m, op, { x, xPointer, xBytes: xBatchBytes, xShape, grid, gridPointer, gridBytes: rows * gridRowBytes,
          gridShape, mode, padding, alignCorners, fill, y: { pointer: yBlock, bytes: rows * channels * yRowBytes } });
        const bandBytes = rows * yRowBytes;
        for (let c = 0; c < channels; c++) {
          copyOut(yBlock + c * bandBytes, bandBytes, result, ((n * channels + c) * rowCount + row) * yRowBytes);
        }
      }
    }
  });
  return { type: x.info.name, dims, data: result };
}
