// SIMD = scalar on every RGB triple: the per-pixel colour kernels (hue, saturation, brightness/contrast's
// affine map, grayscale and contrast's gray mean) on a 4096x4096 image holding each of the 2^24 colours once,
// in 3 and 4 channels, for several parameters each. The SIMD kernels compute the scalar ones' float32
// operations with fewer instructions where that provably gives the same bytes (color-kernels-wasmsimd.c:
// the 2^23 truncation, the hue kernel's dropped clamps and divisor selects); this checks it on every input
// those kernels can see, and a saturation factor of 3e38 whose blend is inf − inf = NaN (0 in both). (The scalar kernels are torchvision's bytes: tests/image-color.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { adjustBrightness, adjustContrast, adjustSaturation, adjustHue, grayscale } from '../js/image.js';
import { wasm } from '../js/module.js';

await ready();

const SIDE = 4096;

/** Every RGB triple once (pixel i is R = i >> 16, G = (i >> 8) & 255, B = i & 255), alpha i's low byte reversed. */
function everyColour(channels) {
  const data = new Uint8ClampedArray(SIDE * SIDE * channels);
  for (let i = 0, at = 0; i < SIDE * SIDE; i++, at += channels) {
    data[at] = i >>> 16;
    data[at + 1] = (i >>> 8) & 255;
    data[at + 2] = i & 255;
    if (channels === 4) data[at + 3] = 255 - (i & 255);
  }
  return { width: SIDE, height: SIDE, channels, data };
}

/** The index of the first byte where a and b differ, or -1. */
function firstDifference(a, b) {
  const A = Buffer.from(a.buffer, a.byteOffset, a.length), B = Buffer.from(b.buffer, b.byteOffset, b.length);
  if (A.equals(B)) return -1;
  for (let i = 0; i < A.length; i++) if (A[i] !== B[i]) return i;
  return -1;
}

function simdEqualsScalar(call, label) {
  const simd = call();
  wasm()._tw_set_simd(0);
  let scalar;
  try {
    scalar = call();
  } finally {
    wasm()._tw_set_simd(1);
  }
  const at = firstDifference(simd.data, scalar.data);
  assert.equal(at, -1, `${label}: SIMD ${simd.data[at]} and scalar ${scalar.data[at]} differ at byte ${at}`);
}

const OPS = [
  ['adjustHue', [0, 0.1, -0.1, 0.5, -0.5, 0.3721, -0.2513], (img, v) => adjustHue(img, v)],
  ['adjustSaturation', [0, 0.6, 1.4, 2.5, 3e38], (img, v) => adjustSaturation(img, v)],
  ['adjustBrightness', [0, 0.6, 1.4], (img, v) => adjustBrightness(img, v)],
  ['adjustContrast', [0.6, 1.4], (img, v) => adjustContrast(img, v)],
  ['grayscale', [1, 3, 4], (img, v) => grayscale(img, { channels: v === 4 ? img.channels : v })],
];

for (const channels of [3, 4]) {
  test(`SIMD = scalar on all 2^24 colours, ${channels} channels`, () => {
    const img = everyColour(channels);
    let runs = 0;
    for (const [name, values, call] of OPS) {
      for (const v of values) {
        simdEqualsScalar(() => call(img, v), `${name}(${v}), ${channels} channels`);
        runs++;
      }
    }
    assert.equal(runs, 20);
  });
}
