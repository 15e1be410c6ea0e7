// What every tensorwarp/image function shares: the image argument, the result
// image, `out`, the option vocabulary (borders, interpolations, fill) and the
// copies between an image and the wasm heap. See src/image/image.h for the
// layout and the border rules.
import { image_border as BORDER_CODES, image_interpolation as INTERPOLATION_CODES } from '../../wasm/enums.js';
import { TYPES, elementBytes } from '../dtypes.js';
import { checkOptions, describe, choice, size } from '../args.js';
import { inputPointer, copyOut } from '../tensor.js';
import { freshData } from '../stream.js';
import { readSource, isCanvasSource, isBlob } from './source.js';

const lowerCase = (codes) => Object.freeze(Object.fromEntries(Object.entries(codes).map(([k, v]) => [k.toLowerCase(), v])));

/** Border names -> src/image/image.h codes: constant, edge, reflect, symmetric, wrap. */
export const BORDERS = lowerCase(BORDER_CODES);

/** Interpolation names -> src/image/image.h codes: nearest, linear, cubic, area, lanczos. */
export const INTERPOLATIONS = lowerCase(INTERPOLATION_CODES);

// The number checks are the one set of js/args.js; they are re-exported here for the image functions.
export { size, integer, finite } from '../args.js';

/**
 * Validates an image argument ({ width, height, data, channels? }; an
 * ImageData is one; a CanvasImageSource is read into one) and returns { width, height, channels, bytes, data,
 * source }: `bytes` a Uint8Array over the caller's data, `source` the caller's
 * object.
 */
export function checkImage(image, argument) {
  if (image === null || typeof image !== 'object') {
    throw new TypeError(`${argument}: expected an image { width, height, data, channels? }, got ${describe(image)}`);
  }
  if (!('data' in image) && (isCanvasSource(image) || isBlob(image))) image = readSource(image, argument);
  const width = size(image.width, `${argument}.width`);
  const height = size(image.height, `${argument}.height`);
  const channels = image.channels === undefined ? 4 : image.channels;
  if (typeof channels !== 'number') throw new TypeError(`${argument}.channels: expected 1, 2, 3 or 4, got ${describe(channels)}`);
  if (!(channels >= 1 && channels <= 4 && Number.isInteger(channels))) {
    throw new RangeError(`${argument}.channels: expected 1, 2, 3 or 4, got ${channels}`);
  }
  const { data } = image;
  // isView: a Proxy of a typed array passes instanceof but not the engine's own checks
  if (!ArrayBuffer.isView(data) || !(data instanceof Uint8ClampedArray || data instanceof Uint8Array)) {
    const hint = data === undefined ? ' (an image is { width, height, data }, an ImageData, or in a browser any CanvasImageSource)' : '';
    throw new TypeError(`${argument}.data: expected a Uint8ClampedArray or Uint8Array, got ${describe(data)}${hint}`);
  }
  const length = width * height * channels;
  if (data.length !== length) {
    throw new RangeError(`${argument}.data: a ${width}x${height} image of ${channels} channels needs ${length} bytes, got ${data.length}`);
  }
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.length);
  return { width, height, channels, bytes, data, source: image };
}

/**
 * A result image over `data` (a Uint8ClampedArray of width·height·channels
 * bytes): an ImageData where the runtime has one, channels is 4 and the image
 * is not empty (ImageData cannot be); otherwise { width, height, channels, data }.
 */
export function imageFrom(data, width, height, channels) {
  if (channels === 4 && width > 0 && height > 0 && typeof globalThis.ImageData === 'function') {
    return new globalThis.ImageData(data, width, height);
  }
  return { width, height, channels, data };
}

/**
 * A new result image whose bytes are unspecified: the caller writes all of
 * them. Over the limit of any fresh result (stream.js freshData), a RangeError
 * naming `op` and the result.
 */
function freshImage(width, height, channels, op) {
  const data = freshData(TYPES.uint8, width * height * channels, Uint8ClampedArray, op);
  return imageFrom(data, width, height, channels);
}

/**
 * The image a function writes its result into: `out` (checked: the result's
 * size and channels, RangeError naming options.out otherwise) or a fresh one.
 * Returns a checked image (see checkImage).
 */
export function resultImage(out, width, height, channels, op) {
  if (out === undefined || out === null) return checkImage(freshImage(width, height, channels, op), op);
  const target = checkImage(out, `${op}: options.out`);
  if (target.width !== width || target.height !== height || target.channels !== channels) {
    throw new RangeError(`${op}: options.out must be a ${width}x${height} image of ${channels} channels, got ` +
      `${target.width}x${target.height} of ${target.channels}`);
  }
  return target;
}

/** Whether two checked images share memory (then a result cannot be written while the input is read). */
export function overlaps(a, b) {
  if (a.bytes.buffer !== b.bytes.buffer) return false;
  const a0 = a.bytes.byteOffset, b0 = b.bytes.byteOffset;
  return a0 < b0 + b.bytes.length && b0 < a0 + a.bytes.length;
}

/** The input as read by a function writing `target`: a copy if they share memory (the one rule for an overlapping `out`). */
export function readable(src, target) {
  return overlaps(src, target) ? { ...src, bytes: src.bytes.slice() } : src;
}

/** Options: an object whose keys are all in `allowed` (TypeError naming the unknown key). */
export function imageOptions(options, op, allowed) {
  return checkOptions(options, op, allowed);
}

/** A border name -> its code (TypeError listing the names). */
export function border(value, fallback, op) {
  return choice(value === undefined ? fallback : value, BORDERS, `${op}: options.border`);
}

/** An interpolation name among `allowed` -> its code. */
export function interpolation(value, fallback, allowed, op) {
  const choices = Object.fromEntries(allowed.map((n) => [n, INTERPOLATIONS[n]]));
  return choice(value === undefined ? fallback : value, choices, `${op}: options.interpolation`);
}

/**
 * The constant border value, one byte per channel: `fill` is an integer
 * 0..255 for every channel or an array of one per channel (default 0).
 */
export function fill(value, channels, op) {
  const argument = `${op}: options.fill`;
  if (value === undefined) return new Uint8Array(channels);
  // The one value -> element rule (Pad's constant, GridSample's fillValue): uint8 takes integers 0..255.
  const byte = (v, what) => {
    // the common case without elementBytes' two new views per call (1% of an augment call, bench/profile-augment)
    if (Number.isInteger(v) && v >= 0 && v <= 255) return v;
    if (v === null || v === undefined) throw new TypeError(`${what}: expected an integer 0..255, got ${v}`);
    return elementBytes(TYPES.uint8, v, what)[0];
  };
  if (typeof value === 'number') return new Uint8Array(channels).fill(byte(value, argument));
  if (value === null || typeof value !== 'object' || typeof value.length !== 'number') {
    throw new TypeError(`${argument}: expected a number or an array of ${channels} (one per channel), got ${describe(value)}`);
  }
  if (value.length !== channels) {
    throw new RangeError(`${argument}: expected one value per channel (${channels}), got ${value.length}`);
  }
  return Uint8Array.from(value, (v, c) => byte(v, `${argument}[${c}]`));
}

/** A checked image as the tensor form the heap helpers take (uint8, [height, width, channels]). */
function asTensor(image) {
  const count = image.width * image.height * image.channels;
  return { info: TYPES.uint8, dims: [image.height, image.width, image.channels], count, data: image.bytes, heap: null, pointer: 0 };
}

/** Copies a checked image into the frame; returns its heap address. */
export function imagePointer(frame, image) {
  return inputPointer(frame, asTensor(image));
}

/**
 * A heap block for a result written into `target` (a checked image):
 * { pointer, bytes, finish } where finish() copies the block into the target
 * and returns the caller's image. Nothing reaches the target before finish().
 */
export function heapResult(frame, target) {
  const bytes = target.bytes.length;
  const pointer = frame.alloc(bytes);
  return {
    pointer,
    bytes,
    finish() {
      copyOut(pointer, bytes, target.bytes);
      return target.source;
    },
  };
}
