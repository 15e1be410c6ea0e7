// blur: a box filter for channels-last uint8 images (src/image/blur.h, tw_image_blur).
import { blur_limit as LIMITS } from '../../wasm/enums.js';
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { bandRowsFor, bands } from '../stream.js';
import { positiveSize } from '../args.js';
import { BORDERS, checkImage, resultImage, imageFrom, imageOptions, border, fill, overlaps } from './common.js';
import { packFill } from './warp.js';

/** `size`: n (square) or [width, height], each a positive integer. */
function boxSize(value, op) {
  const argument = `${op}: options.size`;
  if (value === undefined) throw new TypeError(`${argument} is required: a positive integer or [width, height]`);
  const pair = typeof value === 'number' ? [value, value] : value;
  if (pair === null || typeof pair !== 'object' || typeof pair.length !== 'number') {
    throw new TypeError(`${argument}: expected a positive integer or [width, height]`);
  }
  if (pair.length !== 2) throw new RangeError(`${argument}: expected [width, height], got ${pair.length} numbers`);
  return Array.from(pair, (v, i) => positiveSize(v, typeof value === 'number' ? argument : `${argument}[${i}]`));
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
 * half to even: [1, 2] → 2, [2, 3] → 2. Computed by separable running sums
 * (src/image/blur.h), not by AveragePool; the result is the same exact value.
 */
export function blur(img, options) {
  const op = 'blur';
  const o = imageOptions(options, op, ['size', 'border', 'fill', 'out']);
  const src = checkImage(img, `${op}: img`);
  const [kw, kh] = boxSize(o.size, op);
  const borderCode = border(o.border, 'reflect', op);
  const fillWord = packFill(fill(o.fill, src.channels, op));
  const { width, height, channels } = src;
  const fresh = o.out === undefined || o.out === null;
  const target = fresh ? null : resultImage(o.out, width, height, channels, op);
  if (width === 0 || height === 0) return fresh ? imageFrom(new Uint8ClampedArray(0), width, height, channels) : target.source;
  // The C entry's limit (blur.h), checked here too so that nothing is allocated for a call C would refuse:
  // the image with every border tap around it, what a padded copy would hold; it bounds the work.
  if ((width + kw - 1) * (height + kh - 1) * channels > 2 ** LIMITS.SPAN_LOG2) {
    throw new RangeError(`${op}: options.size: a ${kw}x${kh} box around a ${width}x${height} image of ${channels} channels spans more than 2^${LIMITS.SPAN_LOG2} values`);
  }
  // Bands of rows, each written into a small heap block and copied to the result from cache, a fresh
  // result (stream.js freshData: not zero-filled in Node) as `out`: one pass over the result's memory.
  // (A fresh result written whole into the heap and handed out with one slice sent every byte through
  // main memory twice more: end to end 5.4 -> 4.8 ms median at 1920x1080 RGBA in Node, 15.1 -> 13.5 in
  // Chromium, one run on a loaded machine.) A band of at least kh rows keeps each band's fresh vertical
  // sum (kh source rows) below the rest of its work.
  // Windowed: each band's source is a window of whole rows, from its first box row to its last (clipped
  // to the image), copied into one small heap block and given to the C entry as an image of its own with
  // the band's rows inside it. Every box row of a row inside the window lies in the window, so the
  // window's top or bottom acts as a border only where it is the image's: the same sums, the same bytes.
  // That needs every border row to map near its edge, so not for 'wrap', nor a box taller than the
  // image; nor when the result overwrites the source (out is img). Those copy the whole image in first.
  const result = target ?? resultImage(undefined, width, height, channels, op);
  const rowBytes = width * channels;
  const bandRows = bandRowsFor(rowBytes, height, kh);
  const above = Math.floor(kh / 2), below = kh - 1 - above;
  const windowed = borderCode !== BORDERS.wrap && kh <= height && (fresh || !overlaps(src, target));
  withFrame(op, (frame, m) => {
    const inputRows = windowed ? Math.min(height, bandRows + kh - 1) : height;
    const input = frame.alloc(inputRows * rowBytes, 'a copy of img');
    const block = frame.alloc(bandRows * rowBytes, 'the result');
    if (!windowed) frame.write(input, src.bytes);
    for (const [row0, rows] of bands(height, bandRows)) {
      const first = windowed ? Math.max(0, row0 - above) : 0, last = windowed ? Math.min(height, row0 + rows + below) : height;
      if (windowed) frame.write(input, src.bytes.subarray(first * rowBytes, last * rowBytes));
      check(m._tw_image_blur(input, (last - first) * rowBytes, width, last - first, channels, kw, kh, borderCode,
        fillWord, block, rows * rowBytes, row0 - first, rows), op, { size: 'options.size' });
      copyOut(block, rows * rowBytes, result.bytes, row0 * rowBytes);
    }
  });
  return result.source;
}
