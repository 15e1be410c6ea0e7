// The colour functionals (src/color/color.h): torchvision 0.14's
// torchvision.transforms.functional ops of the same names on uint8 RGB(A)
// images, byte for byte (see the README for the two ops that are not).
// Each copies the image into the heap, runs one C entry and copies the
// result out; erase is plain data movement and stays in JS. Each op is a plan
// (its arguments checked, the C call bound) and its execution: augment runs
// the plans of a chain of colour steps on pixels that stay in the heap
// (colorInHeap), with the same checks and errors as the public functions.
import { color_adjust_op as ADJUST, color_point_op as POINT, color_limit as LIMITS } from '../../wasm/enums.js';
import { check, withFrame } from '../module.js';
import { describe } from '../args.js';
import { copyTouching } from '../stream.js';
import { checkImage, resultImage, imageOptions, imagePointer, heapResult, finite, size, overlaps } from './common.js';

/** The image argument of a colour op: 3 (RGB) or 4 (RGBA) channels. */
function colorImage(img, op) {
  const src = checkImage(img, `${op}: img`);
  if (src.channels !== 3 && src.channels !== 4) {
    throw new RangeError(`${op}: img.channels: expected 3 (RGB) or 4 (RGBA), got ${src.channels}`);
  }
  return src;
}

/** A number finite in float32, where the C side meets it with the image (|x| < 3.4e38). */
function float32(value, argument) {
  finite(value, argument);
  if (!Number.isFinite(Math.fround(value))) throw new RangeError(`${argument}: expected a number within float32's range, got ${value}`);
  return value;
}

/** A number >= 0 finite in float32 (the blend factors, gamma). */
function nonNegative(value, argument) {
  float32(value, argument);
  if (value < 0) throw new RangeError(`${argument}: expected a number >= 0, got ${value}`);
  return value;
}

/**
 * The one call site of the colour entries: `call(m, in, inBytes, out, outBytes)` runs one, whose result goes to
 * `target` (options.out or a fresh image). An empty image has nothing to compute.
 */
function run(op, src, target, call, names = {}) {
  if (src.width === 0 || src.height === 0) return target.source;
  return withFrame(op, (frame, m) => {
    const input = imagePointer(frame, src);
    const result = heapResult(frame, target);
    check(call(m, input, src.bytes.length, result.pointer, result.bytes), op, names);
    return result.finish();
  });
}

/**
 * A checked call: { op, src, channels (the result's), out (options.out, checked, or undefined), call, names }.
 * options.out is checked where the op checked it before plans existed, so errors come in the same order.
 */
function plan(op, src, channels, out, call, names) {
  if (out !== undefined && out !== null) resultImage(out, src.width, src.height, channels, op);
  return { op, src, channels, out, call, names };
}

/** A plan's result: into options.out or a fresh image. */
function execute(p) {
  return run(p.op, p.src, resultImage(p.out, p.src.width, p.src.height, p.channels, p.op), p.call, p.names);
}

function adjust(op, code, img, factor, options, checkFactor, name = 'factor') {
  const { out } = imageOptions(options, op, ['out']);
  const src = colorImage(img, op);
  const f = checkFactor(factor, `${op}: ${name}`);
  return { ...plan(op, src, src.channels, out, (m, i, ib, o, ob) => m._tw_color_adjust(i, ib, o, ob, src.width, src.height,
    src.channels, code, f), { factor: name }), code, factor: f };
}

/** F.adjust_brightness: blend with black, factor >= 0 (0 black, 1 the image). Options: `out`. */
export function adjustBrightness(img, factor, options) {
  return execute(adjust('adjustBrightness', ADJUST.BRIGHTNESS, img, factor, options, nonNegative));
}

/** F.adjust_contrast: blend with the mean gray level, factor >= 0. Options: `out`. */
export function adjustContrast(img, factor, options) {
  return execute(adjust('adjustContrast', ADJUST.CONTRAST, img, factor, options, nonNegative));
}

/** F.adjust_saturation: blend with each pixel's gray, factor >= 0. Options: `out`. */
export function adjustSaturation(img, factor, options) {
  return execute(adjust('adjustSaturation', ADJUST.SATURATION, img, factor, options, nonNegative));
}

/** F.adjust_sharpness: blend with a 3x3 smoothed copy, factor >= 0. Options: `out`. */
export function adjustSharpness(img, factor, options) {
  return execute(adjust('adjustSharpness', ADJUST.SHARPNESS, img, factor, options, nonNegative));
}

const huePlan = (img, shift, options) => adjust('adjustHue', ADJUST.HUE, img, shift, options, (value, argument) => {
  finite(value, argument);
  if (!(value >= -0.5 && value <= 0.5)) throw new RangeError(`${argument}: expected a number in [-0.5, 0.5], got ${value}`);
  return value;
}, 'shift');

/** F.adjust_hue: shift in [-0.5, 0.5] (a fraction of the colour wheel). Options: `out`. */
export function adjustHue(img, shift, options) {
  return execute(huePlan(img, shift, options));
}

/** F.adjust_gamma: 255·clamp(gain·(v/255)^gamma, 0, 1). gamma >= 0; options: `gain` (default 1), `out`. */
export function adjustGamma(img, gamma, options) {
  return execute(gammaPlan(img, gamma, options));
}

function gammaPlan(img, gamma, options) {
  const op = 'adjustGamma';
  const o = imageOptions(options, op, ['gain', 'out']);
  const src = colorImage(img, op);
  const g = nonNegative(gamma, `${op}: gamma`);
  const gain = o.gain === undefined ? 1 : float32(o.gain, `${op}: options.gain`);
  return plan(op, src, src.channels, o.out, (m, i, ib, po, ob) => m._tw_color_gamma(i, ib, po, ob, src.width, src.height,
    src.channels, g, gain), { gain: 'options.gain' });
}

function point(op, code, img, value, options) {
  const { out } = imageOptions(options, op, ['out']);
  const src = colorImage(img, op);
  return plan(op, src, src.channels, out, (m, i, ib, o, ob) => m._tw_color_point(i, ib, o, ob, src.width, src.height,
    src.channels, code, value), {});
}

/** F.posterize: keeps the top `bits` (an integer 0..8) bits of each colour byte. Options: `out`. */
export function posterize(img, bits, options) {
  return execute(posterizePlan(img, bits, options));
}

function posterizePlan(img, bits, options) {
  const argument = 'posterize: bits';
  if (typeof bits !== 'number') throw new TypeError(`${argument}: expected an integer 0..8, got ${describe(bits)}`);
  if (!Number.isInteger(bits) || bits < 0 || bits > 8) throw new RangeError(`${argument}: expected an integer 0..8, got ${bits}`);
  return point('posterize', POINT.POSTERIZE, img, bits, options);
}

/** F.solarize: inverts the colour bytes >= threshold (a number <= 255, compared in float32). Options: `out`. */
export function solarize(img, threshold, options) {
  return execute(solarizePlan(img, threshold, options));
}

function solarizePlan(img, threshold, options) {
  const argument = 'solarize: threshold';
  finite(threshold, argument);
  // torchvision refuses a threshold above the largest byte
  if (threshold > 255) throw new RangeError(`${argument}: expected a number <= 255, got ${threshold}`);
  return point('solarize', POINT.SOLARIZE, img, threshold, options);
}

/** F.invert: 255 − v for each colour byte. Options: `out`. */
export function invert(img, options) {
  return execute(point('invert', POINT.INVERT, img, 0, options));
}

/** F.autocontrast: stretches each colour channel to 0..255 (a flat channel is kept). Options: `out`. */
export function autocontrast(img, options) {
  return execute(point('autocontrast', POINT.AUTOCONTRAST, img, 0, options));
}

/** F.equalize: equalises each colour channel's histogram (PIL's ImageOps.equalize rule). Options: `out`. */
export function equalize(img, options) {
  return execute(point('equalize', POINT.EQUALIZE, img, 0, options));
}

/**
 * F.rgb_to_grayscale: trunc(0.2989·R + 0.587·G + 0.114·B) in float32. Options: `channels` 1 (a one-channel
 * image), 3, or the input's (default: gray in R, G and B, alpha kept); `out`.
 */
export function grayscale(img, options) {
  return execute(grayscalePlan(img, options));
}

function grayscalePlan(img, options) {
  const op = 'grayscale';
  const o = imageOptions(options, op, ['channels', 'out']);
  const src = colorImage(img, op);
  let channels = src.channels;
  if (o.channels !== undefined) {
    if (typeof o.channels !== 'number') throw new TypeError(`${op}: options.channels: expected 1, 3 or 4, got ${describe(o.channels)}`);
    if (!(o.channels === 1 || o.channels === 3 || o.channels === src.channels)) {
      throw new RangeError(`${op}: options.channels: expected 1, 3${src.channels === 4 ? ' or 4' : ''}, got ${o.channels}`);
    }
    channels = o.channels;
  }
  return plan(op, src, channels, o.out, (m, i, ib, po, ob) => m._tw_color_grayscale(i, ib, po, ob, src.width, src.height,
    src.channels, channels), {});
}

/** A [x, y] pair option from a number or an array of two (each checked by `one`). */
function pairOption(value, argument, one, expected) {
  if (typeof value === 'number') {
    const v = one(value, argument);
    return [v, v];
  }
  if (value === null || typeof value !== 'object' || typeof value.length !== 'number') {
    throw new TypeError(`${argument}: expected ${expected}, got ${describe(value)}`);
  }
  if (value.length !== 2) throw new RangeError(`${argument}: expected [x, y], got ${value.length} values`);
  return [one(value[0], `${argument}[0]`), one(value[1], `${argument}[1]`)];
}

function kernelSize(value, argument) {
  const n = size(value, argument);
  if (n % 2 !== 1 || n > LIMITS.MAX_BLUR_SIZE) throw new RangeError(`${argument}: expected an odd size 1..${LIMITS.MAX_BLUR_SIZE}, got ${n}`);
  return n;
}

function positive(value, argument) {
  finite(value, argument);
  if (!(value > 0) || !(Math.fround(value) > 0)) throw new RangeError(`${argument}: expected a number > 0, got ${value}`);
  return value;
}

/**
 * F.gaussian_blur with a `size` (n or [width, height], odd) kernel and `sigma` (a number or [x, y], > 0; default
 * 0.15·k + 0.35 per axis, as torchvision); reflect border (edge not repeated; the kernel's half must be smaller
 * than the image, as in torchvision). Options: `size` (required), `sigma`, `out`.
 */
export function gaussianBlur(img, options) {
  return execute(blurPlan(img, options));
}

function blurPlan(img, options) {
  const op = 'gaussianBlur';
  const o = imageOptions(options, op, ['size', 'sigma', 'out']);
  const src = colorImage(img, op);
  if (o.size === undefined) throw new TypeError(`${op}: options.size is required: an odd positive integer or [width, height]`);
  const [kx, ky] = pairOption(o.size, `${op}: options.size`, kernelSize, 'an odd positive integer or [width, height]');
  const [sx, sy] = o.sigma === undefined ? [kx * 0.15 + 0.35, ky * 0.15 + 0.35]
    : pairOption(o.sigma, `${op}: options.sigma`, positive, 'a number or [x, y]');
  if (o.out !== undefined && o.out !== null) resultImage(o.out, src.width, src.height, src.channels, op);
  if (src.width > 0 && src.height > 0 && (kx >> 1 >= src.width || ky >> 1 >= src.height)) {
    throw new RangeError(`${op}: options.size: a ${kx}x${ky} kernel reaches past the reflection of a ${src.width}x${src.height} image (torchvision needs size / 2 < the side)`);
  }
  return plan(op, src, src.channels, o.out, (m, i, ib, po, ob) => m._tw_color_gaussian_blur(i, ib, po, ob, src.width,
    src.height, src.channels, kx, ky, sx, sy), { kx: 'options.size', ky: 'options.size', sigma_x: 'options.sigma', sigma_y: 'options.sigma' });
}

/** The plan of each op but erase, by its public name (colorInHeap's `name`). */
const PLANS = {
  adjustBrightness: (img, f) => adjust('adjustBrightness', ADJUST.BRIGHTNESS, img, f, undefined, nonNegative),
  adjustContrast: (img, f) => adjust('adjustContrast', ADJUST.CONTRAST, img, f, undefined, nonNegative),
  adjustSaturation: (img, f) => adjust('adjustSaturation', ADJUST.SATURATION, img, f, undefined, nonNegative),
  adjustSharpness: (img, f) => adjust('adjustSharpness', ADJUST.SHARPNESS, img, f, undefined, nonNegative),
  adjustHue: (img, shift) => huePlan(img, shift),
  adjustGamma: (img, gamma, options) => gammaPlan(img, gamma, options),
  posterize: (img, bits) => posterizePlan(img, bits),
  solarize: (img, threshold) => solarizePlan(img, threshold),
  invert: (img) => point('invert', POINT.INVERT, img, 0),
  autocontrast: (img) => point('autocontrast', POINT.AUTOCONTRAST, img, 0),
  equalize: (img) => point('equalize', POINT.EQUALIZE, img, 0),
  grayscale: (img, options) => grayscalePlan(img, options),
  gaussianBlur: (img, options) => blurPlan(img, options),
};

/** Whether colorInHeap runs op `name`. */
export const runsInHeap = (name) => Object.hasOwn(PLANS, name);

/**
 * Colour op `name` (not erase; no options.out) of `args` on the image of width x height x channels at heap
 * address `input`, into the block at `output` (the same size, not overlapping; grayscale keeps the channel
 * count here). Checks and errors as the public function's; `view` is a Uint8Array of the input bytes for
 * those checks (read only, made after the caller's last allocation). Assumes a non-empty image.
 */
export function colorInHeap(m, name, args, { width, height, channels, view }, input, output) {
  const p = PLANS[name]({ width, height, channels, data: view }, ...args);
  if (p.channels !== channels) throw new Error(`colorInHeap: ${name} changes the channel count`);
  check(p.call(m, input, view.length, output, view.length), p.op, p.names);
}

/** The ops colorChainInHeap runs in one C call (tw_color_chain), at most LIMITS.MAX_CHAIN in a row. */
const CHAINABLE = new Set(['adjustBrightness', 'adjustContrast', 'adjustSaturation', 'adjustHue']);

/** Whether colorChainInHeap takes op `name`. */
export const chainsInHeap = (name) => CHAINABLE.has(name);

/** The most ops one colorChainInHeap call takes. */
export const MAX_CHAIN = LIMITS.MAX_CHAIN;

/**
 * colorInHeap of the ops `calls` ([[name, args], ...], 1..MAX_CHAIN ops that chainsInHeap takes) one after
 * another, from `input` into `output`, in one C call (tw_color_chain: the same bytes, each op's result
 * truncated to uint8 as its own call's). Each op's arguments are checked as colorInHeap checks them, in order.
 */
export function colorChainInHeap(m, calls, { width, height, channels, view }, input, output) {
  const img = { width, height, channels, data: view };
  const plans = calls.map(([name, args]) => {
    if (!CHAINABLE.has(name)) throw new Error(`colorChainInHeap: ${name} does not chain`);
    return PLANS[name](img, ...args);
  });
  if (plans.length < 1 || plans.length > LIMITS.MAX_CHAIN) throw new Error(`colorChainInHeap: ${plans.length} ops`);
  let ops = 0;
  const factors = [0, 0, 0, 0];
  plans.forEach((p, k) => {
    ops |= p.code << (4 * k);
    factors[k] = p.factor;
  });
  check(m._tw_color_chain(input, view.length, output, view.length, width, height, channels, plans.length, ops,
    factors[0], factors[1], factors[2], factors[3]), plans[0].op, plans[0].names);
}

/** An erase value as torch stores it in uint8: truncated toward zero, the low byte kept (-1.7 -> 255, 300.2 -> 44). */
function eraseByte(value, argument) {
  finite(value, argument);
  const t = Math.trunc(value) % 256;
  return t < 0 ? t + 256 : t;
}

/**
 * F.erase: the rectangle at (x, y) of width × height (clipped to the image) set to `value` (a number for R, G
 * and B, or one per colour channel; default 0; alpha kept). Options: `x`, `y` (default 0), `width`, `height`
 * (required), `value`, `out`.
 */
export function erase(img, options) {
  const op = 'erase';
  const o = imageOptions(options, op, ['x', 'y', 'width', 'height', 'value', 'out']);
  const src = colorImage(img, op);
  const x = o.x === undefined ? 0 : size(o.x, `${op}: options.x`);
  const y = o.y === undefined ? 0 : size(o.y, `${op}: options.y`);
  for (const key of ['width', 'height']) {
    if (o[key] === undefined) throw new TypeError(`${op}: options.${key} is required: a non-negative integer`);
  }
  const width = size(o.width, `${op}: options.width`), height = size(o.height, `${op}: options.height`);
  let values;
  if (o.value === undefined || typeof o.value === 'number') {
    const v = o.value === undefined ? 0 : eraseByte(o.value, `${op}: options.value`);
    values = [v, v, v];
  } else if (o.value !== null && typeof o.value === 'object' && typeof o.value.length === 'number') {
    if (o.value.length !== 3) throw new RangeError(`${op}: options.value: expected one value per colour channel (3), got ${o.value.length}`);
    values = Array.from({ length: 3 }, (_, c) => eraseByte(o.value[c], `${op}: options.value[${c}]`));
  } else {
    throw new TypeError(`${op}: options.value: expected a number or 3 numbers, got ${describe(o.value)}`);
  }
  const target = resultImage(o.out, src.width, src.height, src.channels, op);
  const { channels } = src;
  if (target.bytes !== src.bytes) {
    copyTouching(target.bytes, overlaps(src, target) ? src.bytes.slice() : src.bytes);
  }
  const x1 = Math.min(src.width, x + width), y1 = Math.min(src.height, y + height);
  const bytes = target.bytes, row = src.width * channels;
  for (let r = y; r < y1; r++) {
    for (let at = r * row + x * channels, end = r * row + x1 * channels; at < end; at += channels) {
      bytes[at] = values[0];
      bytes[at + 1] = values[1];
      bytes[at + 2] = values[2];
    }
  }
  return target.source;
}
