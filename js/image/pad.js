// crop and pad: pure data movement with Pad's border rule (src/pad). crop and
// pad move the rows straight from the image to the result (rows.js), asking
// C for the source row and column of each result row and column.
import { BORDERS, checkImage, resultImage, imageOptions, border, fill, integer, size } from './common.js';
import { moveRegion } from './rows.js';
import { MAX_INT32 } from '../limits.js';

const BORDER_NAMES = Object.fromEntries(Object.entries(BORDERS).map(([name, code]) => [code, name]));

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
    if (length > MAX_INT32) throw new RangeError(`${op}: the result's ${name} ${length} is too large`);
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
