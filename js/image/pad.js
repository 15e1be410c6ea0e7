// crop and pad: pure data movement with Pad's border rule (src/pad). crop and
// pad move the rows straight from the image to the result (rows.js), asking
// C for the source row and column of each result row and column. padInto is
// the same region written into the heap for a kernel that reads it there
// (blur): a pixel is one Pad element where a type holds it (1, 2 or 4
// channels: uint8, uint16, uint32), so the border rules move whole pixels; 3
// channels pad a [height, width, 3] uint8 tensor along its first two axes.
import { TYPES } from '../dtypes.js';
import { pad_order as ORDERS } from '../../wasm/enums.js';
import { PAD_MODES } from '../pad.js';
import { check } from '../module.js';
import { BORDERS, checkImage, resultImage, imageOptions, border, fill, integer, size, imagePointer } from './common.js';
import { moveRegion } from './rows.js';

const PIXEL_TYPES = { 1: TYPES.uint8, 2: TYPES.uint16, 4: TYPES.uint32 };
const BORDER_NAMES = Object.fromEntries(Object.entries(BORDERS).map(([name, code]) => [code, name]));

/**
 * Pad's arguments for a region of the source: the output is `width` ×
 * `height` pixels whose pixel (row r, column c) is the source's
 * (r - top, c - left), the border rule deciding outside the source.
 */
function padShape(src, region) {
  const type = PIXEL_TYPES[src.channels] ?? TYPES.uint8;
  const interleaved = src.channels === 3;
  const shape = interleaved ? [src.height, src.width, 3] : [src.height, src.width];
  const begin = [region.top, region.left];
  const end = [region.height - src.height - region.top, region.width - src.width - region.left];
  if (interleaved) {
    begin.push(0);
    end.push(0);
  }
  return { type, shape, begin, end };
}

/** Whether OpenVINO's order (indices against the source) accepts the pads: one reflection at most. */
function fitsOneReflection(shape, begin, end, mode) {
  const bound = (n) => (mode === PAD_MODES.reflect ? n - 1 : mode === PAD_MODES.symmetric ? n : Infinity);
  return begin.every((b, d) => b <= bound(shape[d]) && end[d] <= bound(shape[d]));
}

/**
 * One or two Pad calls from `inPointer` to `outPointer`. Pads that are all
 * non-negative are ONNX's (no limit); with negative ones (a crop) the indices
 * map against the source (OpenVINO's order), which Pad allows for one
 * reflection; beyond that the positive pads go first and the crop second.
 */
function runPad(op, frame, m, call, inPointer, outPointer) {
  const { type, shape, begin, end, mode, value } = call;
  const elementBytes = type.bits / 8;
  const count = (dims) => dims.reduce((a, b) => a * b, 1);
  const run = (from, dims, b, e, order, to) => {
    const outDims = dims.map((n, d) => n + b[d] + e[d]);
    check(m._tw_pad(type.code, from, count(dims) * elementBytes, dims.length, frame.int64s(dims), frame.int64s(b),
      frame.int64s(e), mode, order, value, to, count(outDims) * elementBytes), op);
    return outDims;
  };
  const cropping = [...begin, ...end].some((p) => p < 0);
  if (!cropping) return void run(inPointer, shape, begin, end, ORDERS.CROP_THEN_PAD, outPointer);
  if (fitsOneReflection(shape, begin, end, mode)) return void run(inPointer, shape, begin, end, ORDERS.PAD_THEN_CROP, outPointer);
  const grow = (p) => Math.max(p, 0), shrink = (p) => Math.min(p, 0);
  const paddedDims = shape.map((n, d) => n + grow(begin[d]) + grow(end[d]));
  const padded = frame.alloc(count(paddedDims) * elementBytes);
  run(inPointer, shape, begin.map(grow), end.map(grow), ORDERS.CROP_THEN_PAD, padded);
  run(padded, paddedDims, begin.map(shrink), end.map(shrink), ORDERS.CROP_THEN_PAD, outPointer);
}

/**
 * Writes the fill into the pixels of a result that lie outside the source
 * (3 channels with a fill that differs between channels, which one uint8
 * Pad element cannot hold).
 */
function fillOutside(m, pointer, src, region, bytes) {
  const { width, height } = region;
  const row = new Uint8Array(width * 3);
  for (let i = 0; i < row.length; i++) row[i] = bytes[i % 3];
  const firstRow = Math.max(0, region.top), endRow = Math.min(height, region.top + src.height);
  const firstColumn = Math.max(0, Math.min(width, region.left)), endColumn = Math.max(firstColumn, Math.min(width, region.left + src.width));
  for (let r = 0; r < height; r++) {
    const at = pointer + r * width * 3;
    if (r < firstRow || r >= endRow || endColumn === firstColumn) {
      m.HEAPU8.set(row, at);
    } else {
      m.HEAPU8.set(row.subarray(0, firstColumn * 3), at);
      m.HEAPU8.set(row.subarray(endColumn * 3), at + endColumn * 3);
    }
  }
}

/**
 * Writes `region` of the source (see padShape), border `borderCode` and fill
 * bytes, to the heap at `outPointer` (region.width × region.height pixels,
 * both non-zero). The source must not be empty unless the border is constant.
 */
export function padInto(op, frame, m, src, region, borderCode, fillBytes, outPointer) {
  const mode = PAD_MODES[BORDER_NAMES[borderCode]];
  const call = { ...padShape(src, region), mode };
  call.value = frame.copyIn(call.type === TYPES.uint8 ? fillBytes.subarray(0, 1) : fillBytes);
  runPad(op, frame, m, call, imagePointer(frame, src), outPointer);
  if (mode === PAD_MODES.constant && src.channels === 3 && !fillBytes.every((v) => v === fillBytes[0])) {
    fillOutside(m, outPointer, src, region, fillBytes);
  }
}

/** Throws unless a border can extend the source: every border but constant needs a pixel. */
export function checkExtensible(op, src, borderCode) {
  if ((src.width === 0 || src.height === 0) && borderCode !== BORDERS.constant) {
    throw new RangeError(`${op}: img is empty; border '${BORDER_NAMES[borderCode]}' needs at least one pixel`);
  }
}

/** The result of `region` over the source (see padShape) with a border and fill bytes. */
function extend(op, src, region, borderCode, fillBytes, out) {
  const target = resultImage(out, region.width, region.height, src.channels, op);
  if (region.width === 0 || region.height === 0) return target.source;
  checkExtensible(op, src, borderCode);
  moveRegion(op, src, target, region, borderCode, fillBytes);
  return target.source;
}

const PAD_OPTIONS = ['top', 'right', 'bottom', 'left', 'border', 'fill', 'out'];

/**
 * OpenCV's copyMakeBorder: `top`, `right`, `bottom`, `left` pixels (default 0)
 * added around the image, following `border` (default 'constant', with
 * `fill`, default 0). Exact data movement.
 */
export function pad(img, options) {
  const op = 'pad';
  const o = imageOptions(options, op, PAD_OPTIONS);
  const src = checkImage(img, `${op}: img`);
  const [top, right, bottom, left] = ['top', 'right', 'bottom', 'left']
    .map((side) => (o[side] === undefined ? 0 : size(o[side], `${op}: options.${side}`)));
  const borderCode = border(o.border, 'constant', op);
  const fillBytes = fill(o.fill, src.channels, op);
  const region = { top, left, width: src.width + left + right, height: src.height + top + bottom };
  for (const [name, length] of [['width', region.width], ['height', region.height]]) {
    if (length > 0x7fffffff) throw new RangeError(`${op}: the result's ${name} ${length} is too large`);
  }
  return extend(op, src, region, borderCode, fillBytes, o.out);
}

const CROP_OPTIONS = ['x', 'y', 'width', 'height', 'border', 'fill', 'out'];

/**
 * The `width` × `height` rectangle whose top-left pixel is (x, y) (default
 * 0, 0; the size defaults to the rest of the image). It may reach outside the
 * image: what lies outside follows `border` (default 'constant', with `fill`)
 * as in pad. Exact data movement.
 */
export function crop(img, options) {
  const op = 'crop';
  const o = imageOptions(options, op, CROP_OPTIONS);
  const src = checkImage(img, `${op}: img`);
  const x = o.x === undefined ? 0 : integer(o.x, `${op}: options.x`);
  const y = o.y === undefined ? 0 : integer(o.y, `${op}: options.y`);
  const width = o.width === undefined ? Math.max(0, src.width - x) : size(o.width, `${op}: options.width`);
  const height = o.height === undefined ? Math.max(0, src.height - y) : size(o.height, `${op}: options.height`);
  const borderCode = border(o.border, 'constant', op);
  const fillBytes = fill(o.fill, src.channels, op);
  return extend(op, src, { top: -y, left: -x, width, height }, borderCode, fillBytes, o.out);
}
