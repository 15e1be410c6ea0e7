// The source rows a warp can read, for augment's warps into the heap (warpIntoHeap, the fused warp ->
// tensor): only those rows are copied into the source's heap block (each at its own offset, the block
// sized for the whole image), so a resizedCrop that reads a band of the picture copies that band, not the
// picture. The bytes cannot change: a row the kernel does not read never reaches a result, and the
// kernel is the same call on the same block address and sizes.
import { image_border as BORDER } from '../../wasm/enums.js';

// Rows of room on each side of the corners' source rows: the fixed-point coordinates are within 1/32 px
// of the float64 map, and the widest kernel (cubic) reads rows floor(y) - 1 .. floor(y) + 2.
const MARGIN = 4;

/**
 * [y0, y1): the rows of a srcHeight-row source that the warp by `backward` (the destination -> source
 * map, 6 or 9 numbers) into width x height can read, or null for all of them. The map's source y over
 * the destination's pixel grid is extreme at its corners (affine; a perspective map whose w is positive
 * at the four corners is positive between them, and monotone along each edge). Out-of-image taps read
 * nothing with a constant border; any other border reads rows the corners do not bound, so there the
 * rows must lie inside the image or all are copied.
 */
export function sourceRows(backward, width, height, srcHeight, border) {
  let lo = Infinity, hi = -Infinity;
  for (const x of [0, width - 1]) {
    for (const y of [0, height - 1]) {
      const w = backward.length === 9 ? backward[6] * x + backward[7] * y + backward[8] : 1;
      const v = (backward[3] * x + backward[4] * y + backward[5]) / w;
      if (!(w > 0) || !Number.isFinite(v)) return null;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  const y0 = Math.floor(lo) - MARGIN, y1 = Math.ceil(hi) + MARGIN + 1;
  if (border !== BORDER.CONSTANT && (y0 < 0 || y1 > srcHeight)) return null;
  const first = Math.min(srcHeight, Math.max(0, y0));
  return [first, Math.max(first, Math.min(srcHeight, y1))];
}

/**
 * Copies the rows of `src` (a checked image) that the warp can read (sourceRows) into `block` (a frame
 * block of at least src.bytes.length bytes), each at its offset in the image. Returns the block.
 */
export function writeSourceRows(frame, block, src, backward, width, height, border) {
  const rows = sourceRows(backward, width, height, src.height, border);
  if (rows === null) return frame.write(block, src.bytes);
  const rowBytes = src.width * src.channels;
  return frame.write(block, src.bytes.subarray(rows[0] * rowBytes, rows[1] * rowBytes), rows[0] * rowBytes);
}
