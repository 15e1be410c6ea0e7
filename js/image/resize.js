// resize: the JS side of src/image/resize.h (which states the sampling rules
// and the arithmetic). Validates and marshals; weights and source rows are
// computed in C.
import { flag } from '../args.js';
import { bandRowsFor } from '../stream.js';
import { checkImage, resultImage, imageOptions, interpolation as interpolationCode, size, finite, readable, INTERPOLATIONS as CODES } from './common.js';
import { resizeInBands } from './resize-bands.js';
import { resizePil, takesPilPath } from './resize-pil.js';

const OPTIONS = ['width', 'height', 'interpolation', 'antialias', 'cubicA', 'out'];
// every interpolation of src/image/image.h is a resize one
const INTERPOLATIONS = Object.keys(CODES);

/**
 * Bands of destination rows, each given exactly the source rows it reads
 * (tw_image_resize_source_rows, resize-bands.js), so the heap side of the
 * copies stays in cache for large images; a small image is one band.
 */
function resizeOpenCv(op, src, target, code, antialias, cubicA) {
  const { width, height, channels } = target;
  const srcRowsPerRow = Math.max(1, src.height / height);
  const rowsPerBand = bandRowsFor(width * channels + src.width * channels * srcRowsPerRow, height);
  resizeInBands(op, src, target, rowsPerBand,
    (m, row, rows, range) => m._tw_image_resize_source_rows(src.height, height, code, antialias, cubicA, row, rows, range),
    (m, srcBlock, srcBytes, first, dstBlock, dstBytes, row) => m._tw_image_resize(srcBlock, srcBytes, src.width,
      src.height, first, dstBlock, dstBytes, width, height, row, channels, code, antialias, cubicA));
}

/**
 * Resizes an image to options.width x options.height (both required). See
 * js/image.d.ts for the options and src/image/resize.h for the exact rules.
 */
export function resize(img, options) {
  const op = 'resize';
  const opts = imageOptions(options, op, OPTIONS);
  const src = checkImage(img, `${op}: img`);
  if (opts.width === undefined) throw new TypeError(`${op}: options.width is required`);
  if (opts.height === undefined) throw new TypeError(`${op}: options.height is required`);
  const width = size(opts.width, `${op}: options.width`);
  const height = size(opts.height, `${op}: options.height`);
  const code = interpolationCode(opts.interpolation, 'linear', INTERPOLATIONS, op);
  const antialias = flag(opts.antialias, true, `${op}: options.antialias`);
  if (code === CODES.lanczos && !antialias) {
    throw new RangeError(`${op}: options.antialias: 'lanczos' is PIL's LANCZOS, always antialiased; false is not available for it`);
  }
  const cubicA = opts.cubicA === undefined ? (antialias ? -0.5 : -0.75) : finite(opts.cubicA, `${op}: options.cubicA`);
  const empty = width === 0 || height === 0;
  if (!empty && (src.width === 0 || src.height === 0)) {
    throw new RangeError(`${op}: img is empty (${src.width}x${src.height}); it cannot be resized to ${width}x${height}`);
  }
  const target = resultImage(opts.out, width, height, src.channels, op);
  if (empty) return target.source;
  // a result that shares memory with the input would overwrite rows later bands read
  const input = readable(src, target);
  if (takesPilPath(code, antialias)) resizePil(op, input, target, code, cubicA);
  else resizeOpenCv(op, input, target, code, antialias ? 1 : 0, cubicA);
  return target.source;
}
