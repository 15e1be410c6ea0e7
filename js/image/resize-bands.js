// The band loop both resize entries share (resize.js: tw_image_resize,
// resize-pil.js: tw_image_resize_pil): ask C which source rows each band of
// destination rows reads, copy just those rows in, resize, copy the band out.
// Each band is an ordinary call, so the bytes are those of one whole-image call.
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { bands } from '../stream.js';

/**
 * sourceRows(m, row, rows, rangePointer): the C source-rows query's status;
 * resizeBand(m, srcBlock, srcBytes, first, dstBlock, dstBytes, row): the C
 * resize call's status.
 */
export function resizeInBands(op, src, target, rowsPerBand, sourceRows, resizeBand) {
  const { width, height, channels } = target;
  const srcRowBytes = src.width * channels, dstRowBytes = width * channels;
  withFrame(op, (frame, m) => {
    const rangePointer = frame.alloc(8);
    const plan = [];
    for (const [row, rows] of bands(height, rowsPerBand)) {
      check(sourceRows(m, row, rows, rangePointer), op);
      const [first, count] = frame.readInt32s(rangePointer, 2);
      plan.push({ row, rows, first, count });
    }
    const srcBlock = frame.alloc(Math.max(...plan.map((b) => b.count)) * srcRowBytes);
    const dstBlock = frame.alloc(rowsPerBand * dstRowBytes);
    for (const { row, rows, first, count } of plan) {
      frame.write(srcBlock, src.bytes.subarray(first * srcRowBytes, (first + count) * srcRowBytes));
      check(resizeBand(m, srcBlock, count * srcRowBytes, first, dstBlock, rows * dstRowBytes, row), op);
      copyOut(dstBlock, rows * dstRowBytes, target.bytes, row * dstRowBytes);
    }
  });
}
