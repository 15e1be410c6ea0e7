// blur's kernels (src/image/blur-kernels.h) through tensorwarp/image: the SIMD kernels (u16 lanes) against the
// scalar reference kernels (u64 lanes) and tests/reference/image.js on widths around the vector widths (8 and
// 16 lanes, 32 a step), 1x1, 1xN and Nx1 images, channels 1-4, every border, even sizes and boxes larger than
// the image; boxes whose sums need 32 and 64 bits (the scalar kernels in both modes); banded against one band.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { blur } from '../js/image.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers, setBandBudget } from '../js/stream.js';
import { referenceBlur } from './reference/image.js';
import { assertSameImage, randomImage } from './support/image.js';
import { rng } from './support/random.js';

await ready();
poisonFreshBuffers(0x5a);

const BORDERS = ['constant', 'edge', 'reflect', 'symmetric', 'wrap'];
const WIDTHS = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17];
// Even and odd, boxes larger than the small images, N = w·h with and without a 16-bit reciprocal (186 = 6·31
// has none: the scalar kernels), 256 (the largest u16 box), w = 17 (wider than the SIMD taps: scalar).
const SIZES = [[1, 1], [2, 1], [1, 2], [2, 2], [3, 3], [4, 2], [5, 5], [3, 8], [16, 16], [6, 31], [17, 3], [9, 1]];

/** blur with the SIMD kernels and with the scalar ones; both must equal `expected`. */
function bothKernels(img, options, expected, label) {
  assertSameImage(blur(img, options), expected, `simd ${label}`);
  wasm()._tw_set_simd(0);
  try {
    assertSameImage(blur(img, options), expected, `scalar ${label}`);
  } finally {
    wasm()._tw_set_simd(1);
  }
}

test('SIMD equals scalar equals the reference: widths around the vectors, channels 1-4, every border and size', () => {
  const r = rng(1414);
  let cases = 0;
  for (const width of WIDTHS) {
    for (const channels of [1, 2, 3, 4]) {
      const height = r.pick([1, 2, 3, 6, 11]);
      const img = randomImage(r, width, height, channels);
      for (const border of BORDERS) {
        const size = r.pick(SIZES);
        const fill = Array.from({ length: channels }, () => r.int(0, 255));
        const options = { size, border, ...(border === 'constant' ? { fill } : {}) };
        const expected = referenceBlur(img, size[0], size[1], border, border === 'constant' ? fill : [0, 0, 0, 0]);
        bothKernels(img, options, expected, `${width}x${height}x${channels} ${JSON.stringify(size)} ${border}`);
        cases++;
      }
    }
  }
  assert.equal(cases, WIDTHS.length * 4 * BORDERS.length);
});

test('1x1, 1xN and Nx1 images, every size and border', () => {
  const r = rng(15);
  for (const [width, height] of [[1, 1], [1, 40], [40, 1], [33, 1], [1, 7]]) {
    for (const channels of [1, 3, 4]) {
      const img = randomImage(r, width, height, channels);
      for (const border of BORDERS) {
        for (const size of SIZES) {
          const expected = referenceBlur(img, size[0], size[1], border, [7, 8, 9, 10]);
          bothKernels(img, { size, border, fill: [7, 8, 9, 10].slice(0, channels) }, expected, `${width}x${height}x${channels} ${JSON.stringify(size)} ${border}`);
        }
      }
    }
  }
});

test('wide rows (several SIMD steps and an overlapping last one), every border, odd and even N', () => {
  const r = rng(16);
  for (const width of [32, 33, 47, 64, 100]) {
    const channels = r.int(1, 4);
    const img = randomImage(r, width, 9, channels);
    for (const border of BORDERS) {
      for (const size of [[3, 3], [4, 4], [5, 5], [16, 2], [2, 16], [7, 3]]) {
        bothKernels(img, { size, border }, referenceBlur(img, size[0], size[1], border, [0, 0, 0, 0]), `${width}x9x${channels} ${JSON.stringify(size)} ${border}`);
      }
    }
  }
});

test('large boxes: sums beyond 16 bits (N = 400, 1369) and beyond 32 bits (N = 20 004 000)', () => {
  const r = rng(17);
  const img = randomImage(r, 23, 19, 4);
  for (const border of BORDERS) {
    for (const size of [[20, 20], [37, 37]]) {
      bothKernels(img, { size, border, fill: 200 }, referenceBlur(img, size[0], size[1], border, [200, 200, 200, 200]), `${JSON.stringify(size)} ${border}`);
    }
  }
  // 255 · N > 2^32. With 'wrap', a box of whole periods (5001 = 3 · 1667 columns, 4000 = 2 · 2000 rows) holds
  // every pixel 1667 · 2000 times, so each mean is the channel's total / 6, rounded half to even.
  const small = randomImage(r, 3, 2, 3);
  const totals = [0, 0, 0];
  small.data.forEach((v, i) => { totals[i % 3] += v; });
  const mean = (t) => { const q = Math.floor(t / 6), rem = t - 6 * q; return q + (2 * rem > 6 || (2 * rem === 6 && q % 2 === 1) ? 1 : 0); };
  const expected = { width: 3, height: 2, channels: 3, data: Uint8ClampedArray.from({ length: 18 }, (_, i) => mean(totals[i % 3])) };
  bothKernels(small, { size: [5001, 4000], border: 'wrap' }, expected, 'wrap 5001x4000');
});

test('halves round to even in both kernels (even N = 2, 4, 16, 256)', () => {
  // One channel, 32 columns, so the SIMD kernels take the row; values chosen so that box sums hit k·N + N/2.
  for (const [kw, kh] of [[2, 1], [2, 2], [4, 4], [16, 16]]) {
    const data = Uint8ClampedArray.from({ length: 32 * 20 }, (_, i) => ((i * 7) % 5 === 0 ? 255 : (i * 13) % 4));
    const img = { width: 32, height: 20, channels: 1, data };
    bothKernels(img, { size: [kw, kh], border: 'reflect' }, referenceBlur(img, kw, kh, 'reflect', [0]), `${kw}x${kh}`);
  }
});

test('banded equals one band: tiny budgets, streamed and whole source copies, out overlapping img', () => {
  const r = rng(18);
  const img = randomImage(r, 37, 41, 4);
  for (const border of BORDERS) {
    for (const size of [[5, 5], [4, 6], [3, 50]]) {
      const expected = referenceBlur(img, size[0], size[1], border, [0, 0, 0, 0]);
      try {
        for (const budget of [1, 37 * 4 * 7, 37 * 4 * 13 + 5]) {
          setBandBudget(budget);
          assertSameImage(blur(img, { size, border }), expected, `budget ${budget} ${JSON.stringify(size)} ${border}`);
        }
        setBandBudget(1);
        const copy = { ...img, data: img.data.slice() };
        assert.equal(blur(copy, { size, border, out: copy }), copy);
        assertSameImage(copy, expected, `in place ${JSON.stringify(size)} ${border}`);
      } finally {
        setBandBudget();
      }
    }
  }
});

test('a box whose span (the image with every border tap) exceeds 2^32 values: RangeError, nothing leaked', () => {
  const img = randomImage(rng(19), 3, 2, 4);
  const before = wasm()._tw_heap_bytes_in_use();
  assert.throws(() => blur(img, { size: [70000, 70000] }), { name: 'RangeError', message: /^blur: options\.size: a 70000x70000 box around a 3x2 image of 4 channels spans more than 2\^32 values/ });
  // The largest span allowed: 2^32 values (the sums then exceed 2^32 and run in the scalar kernels).
  const one = { width: 1, height: 1, channels: 1, data: Uint8ClampedArray.of(77) };
  assertSameImage(blur(one, { size: [65536, 65536], border: 'edge' }), one, '65536x65536 around 1x1');
  assert.equal(wasm()._tw_heap_bytes_in_use(), before, 'heap in use');
});
