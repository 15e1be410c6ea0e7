// blur: a box filter, built from Pad (the border) and AveragePool (the mean).
import { avgpool_auto_pad as AUTO_PADS } from '../../wasm/enums.js';
import { TYPES } from '../dtypes.js';
import { withFrame } from '../module.js';
import { runAveragePool } from '../averagepool.js';
import { frameTensor } from '../tensor.js';
import { checkImage, resultImage, imageFrom, imageOptions, border, fill, size } from './common.js';
import { padInto, checkExtensible } from './pad.js';

/** `size`: n (square) or [width, height], each a positive integer. */
function boxSize(value, op) {
  const argument = `${op}: options.size`;
  if (value === undefined) throw new TypeError(`${argument} is required: a positive integer or [width, height]`);
  const pair = typeof value === 'number' ? [value, value] : value;
  if (pair === null || typeof pair !== 'object' || typeof pair.length !== 'number') {
    throw new TypeError(`${argument}: expected a positive integer or [width, height]`);
  }
  if (pair.length !== 2) throw new RangeError(`${argument}: expected [width, height], got ${pair.length} numbers`);
  return Array.from(pair, (v, i) => {
    const n = size(v, typeof value === 'number' ? argument : `${argument}[${i}]`);
    if (n < 1) throw new RangeError(`${argument}: expected positive sizes, got ${n}`);
    return n;
  });
}

/**
 * The mean of the `size` box ([width, height], or n for n × n) around each
 * pixel, every channel on its own (OpenCV blur, normalised boxFilter). The box
 * around column x spans x − floor(w / 2) .. x + w − 1 − floor(w / 2) (an even
 * size takes one more tap before the pixel than after: OpenCV's default
 * anchor), and likewise for rows. Taps outside the image follow `border`
 * (default 'reflect', OpenCV's default BORDER_REFLECT_101; with 'constant'
 * they read `fill`, default 0, and count in the mean).
 * Arithmetic: the exact integer sum of the w·h taps divided by w·h, rounded
 * half to even (AveragePool's uint8 rule): [1, 2] → 2, [2, 3] → 2.
 */
export function blur(img, options) {
  const op = 'blur';
  const o = imageOptions(options, op, ['size', 'border', 'fill', 'out']);
  const src = checkImage(img, `${op}: img`);
  const [kw, kh] = boxSize(o.size, op);
  const borderCode = border(o.border, 'reflect', op);
  const fillBytes = fill(o.fill, src.channels, op);
  const { width, height, channels } = src;
  const fresh = o.out === undefined || o.out === null;
  const target = fresh ? null : resultImage(o.out, width, height, channels, op);
  if (width === 0 || height === 0) return fresh ? resultImage(undefined, width, height, channels, op).source : target.source;
  checkExtensible(op, src, borderCode);
  const region = { top: Math.floor(kh / 2), left: Math.floor(kw / 2), width: width + kw - 1, height: height + kh - 1 };
  // Rows of width·channels values; a pixel's horizontal neighbours are `channels` values apart, so the
  // box is a [kh, kw] window dilated by [1, channels] (measured twice as fast as a [kh, kw, 1] window
  // over [H, W, C]; the same windows, sums and rounding).
  const dims = [1, 1, region.height, region.width * channels];
  const attrs = { kernel: [kh, kw], dilations: [1, channels], ceilMode: false, countIncludePad: false, autoPad: AUTO_PADS.NOTSET };
  const pooled = withFrame(op, (frame, m) => {
    const pointer = frame.alloc(region.width * region.height * channels, 'the image padded for options.size');
    padInto(op, frame, m, src, region, borderCode, fillBytes, pointer);
    // The padded image as a checked heap tensor (js/tensor.js): AveragePool reads it in place.
    const padded = frameTensor(frame, TYPES.uint8, dims, pointer);
    const out = fresh ? undefined : { type: 'uint8', dims: [1, 1, height, width * channels], data: target.data };
    return runAveragePool(op, padded, attrs, out, { kernel: 'options.size', dilations: 'channels' });
  });
  if (!fresh) return target.source;
  // The pooled array is new and ours: the result image takes it over without a copy.
  return imageFrom(new Uint8ClampedArray(pooled.data.buffer, pooled.data.byteOffset, pooled.data.length), width, height, channels);
}
