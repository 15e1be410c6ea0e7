// warpAffine, warpPerspective and rotate: a prepared warp (src/warp/warp.h
// states the arithmetic: OpenCV 4.6's fixed point, so cv2's bytes), with the
// matrices OpenCV computes for itself (warp-matrix.js). The source is copied
// into the heap once and the warp prepared once (tw_warp_prepare: checks,
// deltas, scratch); the result is computed a band of rows at a time
// (tw_warp_run) into a heap block of at most WARP_BAND_BUDGETS band budgets
// (stream.js) and copied out; the handle is released however the call ends.
import { flag } from '../args.js';
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { bandRowsFor, bands } from '../stream.js';
import {
  checkImage, resultImage, imageOptions, border as borderCode, interpolation as interpolationCode, fill as fillBytes,
  size, finite, imagePointer,
} from './common.js';
import { checkMatrix, invert, multiply, point } from './matrix.js';
import { cvInvertAffine, cvInvertPerspective, cvRotationMatrix } from './warp-matrix.js';
import { checkExtensible } from './pad.js';
import { writeSourceRows } from './warp-rows.js';

/**
 * A warp's band is this many band budgets (16 MB by default: one band for a
 * 1080p RGBA result). The kernel itself runs slower when copy-outs of 256 KB
 * or more alternate with its calls (1.5-2x at 512 KB bands, whether the copy
 * goes to fresh or warm memory; 64 KB copies did not slow it), so fewer
 * bands are faster: at 1080p RGBA one 8 MB band beat 4 MB bands end to end
 * on linear, nearest, cubic and perspective (interleaved A/B runs, CPU time).
 * The cost is a heap block as large as the result, up to 16 MB.
 */
const WARP_BAND_BUDGETS = 32;

/** The options of warpAffine and warpPerspective (shared with the fused warp, warp-tensor.js). */
export const WARP_OPTIONS = ['width', 'height', 'interpolation', 'border', 'fill', 'inverse', 'out'];
const ROTATE_OPTIONS = ['center', 'scale', 'expand', 'interpolation', 'border', 'fill', 'out'];
const INTERPOLATIONS = ['nearest', 'linear', 'cubic'];

/**
 * Destination-to-source matrix: `m` itself with inverse, else its inverse as
 * OpenCV's warps compute it (warp-matrix.js). A RangeError when m is
 * singular or float64 cannot invert it (matrix.invert's test), or when
 * OpenCV's inverse overflows.
 */
export function backwardMatrix(m, length, inverse, op) {
  const matrix = checkMatrix(m, `${op}: matrix`, [length]);
  if (inverse) return matrix;
  try {
    invert(matrix);
  } catch (error) {
    // invert's reason (a zero determinant, or one float64 cannot invert), under this function's name
    const reason = error.message.replace(/^matrix\.invert: m is /, '').replace(/, it has no inverse$/, '');
    if (error instanceof RangeError) throw new RangeError(`${op}: matrix is ${reason}: no warp`);
    throw error;
  }
  const backward = length === 6 ? cvInvertAffine(matrix) : cvInvertPerspective(matrix);
  if (!backward.every(Number.isFinite)) throw new RangeError(`${op}: matrix is singular in float64: no warp`);
  return backward;
}

/** Packs the per-channel fill bytes into the uint32 tw_image_warp takes (channel c in byte c). */
export const packFill = (bytes) => bytes.reduce((word, b, c) => word + b * 2 ** (8 * c), 0);

/**
 * Prepares the warp of a `src`-shaped image by `backward` into width x
 * height (tw_warp_prepare), runs body(run) with run(srcPointer, dst,
 * row0, rows) computing a band (tw_warp_run), and releases the handle
 * however body ends. `frame` holds the blocks.
 */
export function withPreparedWarp(op, frame, m, src, backward, width, height, { interpolation, border, fill }, body) {
  const matrixPointer = frame.copyIn(Float64Array.from(backward));
  const handlePointer = frame.alloc(4, 'the warp handle');
  check(m._tw_warp_prepare(src.width, src.height, src.channels, matrixPointer, backward.length === 9 ? 1 : 0,
    interpolation, border, packFill(fill), width, height, handlePointer), op);
  const handle = frame.readInt32s(handlePointer, 1)[0] >>> 0;
  const rowBytes = width * src.channels;
  try {
    return body((srcPointer, dst, row0, rows) =>
      check(m._tw_warp_run(handle, srcPointer, src.bytes.length, dst, rows * rowBytes, row0, rows), op));
  } finally {
    m._tw_warp_release(handle);
  }
}

/**
 * Runs the prepared warp into `target` (a checked image of width x height),
 * a band of rows at a time: a banded result is the one-call result, and the
 * first band checks every buffer before anything is written.
 */
function runWarp(op, src, backward, target, how) {
  const { width, height } = target;
  const rowBytes = width * src.channels;
  if (rowBytes === 0 || height === 0) return target.source;
  checkExtensible(op, src, how.border);
  const bandRows = bandRowsFor(Math.ceil(rowBytes / WARP_BAND_BUDGETS), height); // a few band budgets: fewer, longer calls
  withFrame(op, (frame, m) => {
    const srcPointer = imagePointer(frame, src); // a copy: `out` may be the image itself
    const band = frame.alloc(bandRows * rowBytes);
    withPreparedWarp(op, frame, m, src, backward, width, height, how, (run) => {
      for (const [row0, rows] of bands(height, bandRows)) {
        run(srcPointer, band, row0, rows);
        copyOut(band, rows * rowBytes, target.bytes, row0 * rowBytes);
      }
    });
  });
  return target.source;
}

/**
 * warpAffine (6 numbers) or warpPerspective (9) of `img` into a new block of `frame`, with those functions'
 * checks and errors: { pointer, width, height, channels }, the bytes of the image they return. For augment's
 * heap path (colour steps then run on the block); the caller makes sure the result is not empty.
 */
export function warpIntoHeap(frame, m, img, matrix, options) {
  const length = matrix.length === 6 ? 6 : 9;
  const op = length === 6 ? 'warpAffine' : 'warpPerspective';
  const opts = imageOptions(options, op, WARP_OPTIONS);
  const src = checkImage(img, `${op}: img`);
  const backward = backwardMatrix(matrix, length, flag(opts.inverse, false, `${op}: options.inverse`), op);
  const width = opts.width === undefined ? src.width : size(opts.width, `${op}: options.width`);
  const height = opts.height === undefined ? src.height : size(opts.height, `${op}: options.height`);
  const { interpolation, border, fill } = sampling(opts, src.channels, op);
  const C = src.channels, bytes = width * height * C;
  if (bytes === 0) throw new Error('warpIntoHeap: an empty result');
  checkExtensible(op, src, border);
  // only the rows the warp reads (warp-rows.js): augment's crops read a band of the picture
  const srcPointer = writeSourceRows(frame, frame.alloc(src.bytes.length), src, backward, width, height, border);
  const matrixPointer = frame.alloc(8 * 9);
  frame.write(matrixPointer, Float64Array.from(backward));
  const pointer = frame.alloc(bytes, 'the result');
  check(m._tw_image_warp(srcPointer, src.bytes.length, src.width, src.height, C, matrixPointer, length === 9 ? 1 : 0,
    interpolation, border, packFill(fill), pointer, bytes, width, height, 0, height), op);
  return { pointer, width, height, channels: C };
}

/** Options shared by the warps and rotate: interpolation, border, fill. */
export function sampling(opts, channels, op) {
  return {
    interpolation: interpolationCode(opts.interpolation, 'linear', INTERPOLATIONS, op),
    border: borderCode(opts.border, 'constant', op),
    fill: fillBytes(opts.fill, channels, op),
  };
}

function warp(op, img, m, length, options) {
  const opts = imageOptions(options, op, WARP_OPTIONS);
  const src = checkImage(img, `${op}: img`);
  const backward = backwardMatrix(m, length, flag(opts.inverse, false, `${op}: options.inverse`), op);
  const width = opts.width === undefined ? src.width : size(opts.width, `${op}: options.width`);
  const height = opts.height === undefined ? src.height : size(opts.height, `${op}: options.height`);
  const how = sampling(opts, src.channels, op);
  return runWarp(op, src, backward, resultImage(opts.out, width, height, src.channels, op), how);
}

/**
 * OpenCV's warpAffine: the result's pixel (x', y') takes the source's value
 * at the point that `m` = [a, b, c, d, e, f] maps to (x', y')
 * (x' = a·x + b·y + c, y' = d·x + e·y + f; `inverse: true` when m already
 * maps destination to source). Options: width, height (default the
 * source's), interpolation ('nearest' | 'linear' | 'cubic'), border
 * ('constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap'), fill, inverse,
 * out. Arithmetic: src/warp/warp.h (cv2.warpAffine's bytes).
 */
export function warpAffine(img, m, options) {
  return warp('warpAffine', img, m, 6, options);
}

/** OpenCV's warpPerspective, with `m` a row-major 3×3 (9 numbers); as warpAffine otherwise. */
export function warpPerspective(img, m, options) {
  return warp('warpPerspective', img, m, 9, options);
}

/**
 * PIL's rotate(expand=True) output size for a turn by `degrees` scaled by
 * `scale` about (cx, cy) (pixel-centre coordinates; PIL's are pixel corners,
 * half a pixel further): the corners of the image through PIL's rotation
 * matrix (cos and sin rounded to 15 decimals, times scale), then
 * ceil(max) - floor(min) on each axis. Like PIL, quarter turns about the
 * default centre (unscaled) give the transposed size exactly.
 */
export function expandedSize(w, h, degrees, scale, cx, cy, defaultCenter) {
  if (defaultCenter && scale === 1 && degrees % 90 === 0) return degrees % 180 === 0 ? [w, h] : [h, w];
  const angle = -(degrees * Math.PI) / 180;
  const round15 = (v) => Math.round(v * 1e15) / 1e15;
  const a = round15(Math.cos(angle)) * scale, b = round15(Math.sin(angle)) * scale;
  const px = cx + 0.5, py = cy + 0.5;
  const c = a * -px + b * -py + px, f = -b * -px + a * -py + py;
  const xs = [], ys = [];
  for (const [x, y] of [[0, 0], [w, 0], [w, h], [0, h]]) {
    xs.push(a * x + b * y + c);
    ys.push(-b * x + a * y + f);
  }
  return [Math.ceil(Math.max(...xs)) - Math.floor(Math.min(...xs)), Math.ceil(Math.max(...ys)) - Math.floor(Math.min(...ys))];
}

/**
 * Turns the image by `degrees` counter-clockwise on screen about `center`
 * (default the image centre, [(w − 1) / 2, (h − 1) / 2]), scaled by `scale`
 * (default 1): cv2.warpAffine(img, cv2.getRotationMatrix2D(center, degrees,
 * scale), (w, h)) byte for byte (cvRotationMatrix). `expand: true` grows the result to hold the whole turned
 * image (PIL's rotate(expand=True) size; the centre moves to the result's
 * centre). Options: center, scale, expand, interpolation (default 'linear'),
 * border (default 'constant'), fill, out.
 */
export function rotate(img, degrees, options) {
  const op = 'rotate';
  const opts = imageOptions(options, op, ROTATE_OPTIONS);
  const src = checkImage(img, `${op}: img`);
  const angle = finite(degrees, `${op}: degrees`);
  const scale = opts.scale === undefined ? 1 : finite(opts.scale, `${op}: options.scale`);
  const center = opts.center === undefined ? [(src.width - 1) / 2, (src.height - 1) / 2] : point(opts.center, `${op}: options.center`);
  const expand = flag(opts.expand, false, `${op}: options.expand`);
  let [width, height] = [src.width, src.height];
  if (expand) [width, height] = expandedSize(src.width, src.height, angle, scale, center[0], center[1], opts.center === undefined);
  let forward;
  try {
    forward = cvRotationMatrix(angle, center, scale);
    if (!forward.every(Number.isFinite)) throw new RangeError(`entry ${forward.findIndex((v) => !Number.isFinite(v))}`);
    if (expand) forward = multiply([1, 0, (width - src.width) / 2, 0, 1, (height - src.height) / 2], forward);
  } catch (error) {
    throw new RangeError(`${op}: options.center and options.scale give a matrix that overflows float64`, { cause: error });
  }
  const how = sampling(opts, src.channels, op);
  let backward;
  try {
    backward = backwardMatrix(forward, 6, false, op); // singular only when scale (squared) under- or overflows
  } catch (error) {
    throw new RangeError(`${op}: options.scale: ${scale} gives a turn float64 cannot invert`, { cause: error });
  }
  return runWarp(op, src, backward, resultImage(opts.out, width, height, src.channels, op), how);
}
