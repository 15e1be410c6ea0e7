// gaussianBlur's SIMD kernels (src/color/color-blur-wasmsimd.c: 16 output values' chains side by side)
// give the scalar kernels' bytes (tw_set_simd(0)): every odd blur size 1..9 on each axis (the axes
// different too), widths around the 16-value step and 1..3-pixel images, 3 and 4 channels (alpha kept),
// sigmas whose weights are all >= 2^-20 (the direct kernels) and tiny ones (0.1: weights down to float32
// subnormals, the exact kernels), the same and different per axis. (The scalar kernels are torchvision's
// bytes: tests/image-color.test.mjs; both against C's fmaf, with crafted ties: tests/c/test_color_blur_kernels.c.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { gaussianBlur } from '../js/image.js';
import { wasm } from '../js/module.js';
import { rng } from './support/random.js';

await ready();

function blurBoth(img, options) {
  const simd = gaussianBlur(img, options);
  wasm()._tw_set_simd(0);
  try {
    return { simd, scalar: gaussianBlur(img, options) };
  } finally {
    wasm()._tw_set_simd(1);
  }
}

/** The index of the first byte where a and b differ, or -1. */
function firstDifference(a, b) {
  if (Buffer.from(a).equals(Buffer.from(b))) return -1;
  return a.findIndex((v, i) => v !== b[i]);
}

const SIZES = [1, 3, 5, 7, 9];
// direct: every weight >= 2^-20 for these sizes; exact: 0.1 (neighbours' weights about 2e-22, corners subnormal)
const SIGMAS = [[1.3, 1.3], [2, 0.7], [0.1, 0.1], [0.1, 1.5], [1.5, 0.1], [0.3, 0.45]];

test('SIMD = scalar: sizes 1..9 per axis, widths around 16 and 1..3-pixel images, 3 and 4 channels, direct and exact weights', () => {
  const r = rng(24_9);
  let cases = 0;
  const widths = [1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 47];
  const heights = [1, 2, 3, 5, 9, 12];
  for (const channels of [3, 4]) {
    for (const width of widths) {
      for (const height of heights) {
        const img = { width, height, channels, data: new Uint8ClampedArray(r.bytes(width * height * channels)) };
        const before = Buffer.from(img.data);
        for (const kx of SIZES.filter((k) => (k >> 1) < width)) {
          for (const ky of SIZES.filter((k) => (k >> 1) < height)) {
            // every size pair with one sigma pair each (all of them on a few images), drawn so both kernels' paths run
            const sigmas = width === 17 && height === 12 ? SIGMAS : [SIGMAS[(kx + 3 * ky + width + height) % SIGMAS.length]];
            for (const sigma of sigmas) {
              const label = `${width}x${height}x${channels} size [${kx}, ${ky}] sigma [${sigma}]`;
              const { simd, scalar } = blurBoth(img, { size: [kx, ky], sigma });
              const at = firstDifference(simd.data, scalar.data);
              assert.equal(at, -1, `${label}: SIMD ${simd.data[at]} and scalar ${scalar.data[at]} differ at byte ${at}`);
              if (channels === 4) {
                for (let i = 3; i < img.data.length; i += 4) assert.equal(simd.data[i], img.data[i], `${label}: alpha at ${i}`);
              }
              cases++;
            }
          }
        }
        assert.ok(before.equals(Buffer.from(img.data)), `${width}x${height}x${channels}: the input changed`);
      }
    }
  }
  console.log(`# ${cases} blurs, SIMD = scalar`);
  assert.ok(cases > 1000);
});

test('SIMD = scalar on a 3x3 and a 9x9 blur of a larger photo-like image, both kernels\' paths', () => {
  const width = 203, height = 61, channels = 4;
  const data = new Uint8ClampedArray(width * height * channels);
  const r = rng(77);
  for (let i = 0; i < data.length; i++) data[i] = ((i % (width * channels)) >> 2) + ((i / (width * channels)) | 0) * 3 + r.int(-3, 3);
  const img = { width, height, channels, data };
  for (const [size, sigma] of [[3, undefined], [9, undefined], [9, 0.5], [3, 0.1], [[9, 3], [1.9, 0.2]]]) {
    const { simd, scalar } = blurBoth(img, { size, ...(sigma === undefined ? {} : { sigma }) });
    assert.equal(firstDifference(simd.data, scalar.data), -1, `size ${size} sigma ${sigma}`);
  }
});
