// resize, PIL side: the JS side of src/image/resize-pil.h (Pillow 9.4's
// BILINEAR, BICUBIC and LANCZOS, per channel, byte for byte). resize.js
// validates the arguments and routes antialias: true 'linear'/'cubic' and
// 'lanczos' here; this file only streams the bands.
import { bandBudget, bandRowsFor } from '../stream.js';
import { INTERPOLATIONS } from './common.js';
import { resizeInBands } from './resize-bands.js';

const MIN_SOURCE_ROWS = 256;
const PIL_CODES = new Set([INTERPOLATIONS.linear, INTERPOLATIONS.cubic, INTERPOLATIONS.lanczos]);

/** Whether resize takes the PIL path: lanczos always, linear and cubic when antialiased. */
export function takesPilPath(code, antialias) {
  return code === INTERPOLATIONS.lanczos || (antialias && PIL_CODES.has(code));
}

/**
 * Bands of destination rows, each given exactly the source rows it reads
 * (tw_image_resize_pil_source_rows, resize-bands.js); a small image is one
 * band.
 */
export function resizePil(op, src, target, code, cubicA) {
  const { width, height, channels } = target;
  const srcRowBytes = src.width * channels, dstRowBytes = width * channels;
  const srcRowsPerRow = Math.max(1, src.height / height);
  // Every band recomputes the horizontal weights (a Lanczos weight costs two sines) and the horizontal
  // pass of the rows its vertical taps share with the next band: 256 source rows a band at the default
  // budget (scaled with it, so tests can still stream small images) keep both small next to the band's
  // own work; the C side still works in cache-sized chunks. Measured on 1920x1080 RGBA to half,
  // lanczos: 31 ms CPU with 512 KB bands, 14 ms with these.
  const least = Math.ceil(Math.min(MIN_SOURCE_ROWS, bandBudget() / 2048) / srcRowsPerRow);
  const rowsPerBand = bandRowsFor(dstRowBytes + srcRowBytes * srcRowsPerRow, height, least);
  resizeInBands(op, src, target, rowsPerBand,
    (m, row, rows, range) => m._tw_image_resize_pil_source_rows(src.height, height, code, row, rows, range),
    (m, srcBlock, srcBytes, first, dstBlock, dstBytes, row) => m._tw_image_resize_pil(srcBlock, srcBytes, src.width,
      src.height, first, dstBlock, dstBytes, width, height, row, channels, code, cubicA));
}
