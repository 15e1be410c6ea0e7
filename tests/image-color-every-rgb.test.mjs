// SIMD = scalar on every RGB triple: the per-pixel colour kernels (hue, saturation, brightness/contrast's
// affine map, grayscale and contrast's gray mean) on a 4096x4096 image holding each of the 2^24 colours once,
// in 3 and 4 channels, for several parameters each. The SIMD kernels compute the scalar ones' float32
// operations with fewer instructions where that provably gives the same bytes (color-wasmsimd.h,
// the 2^23 truncation, the hue kernel's dropped clamps and divisor selects); this checks it on every input
// those kernels can see, and a saturation factor of 3e38 whose blend is inf − inf = NaN (0 in both). (The scalar kernels are torchvision's bytes: tests/image-color.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { adjustBrightness, adjustContrast, adjustSaturation, adjustHue, grayscale } from '../js/image.js';
import { wasm } from '../js/module.js';
import { color_adjust_op as ADJUST } from '../wasm/enums.js';

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

/** tw_color_chain (augment's heap path for colorJitter) of `ops` ([code, factor] pairs) on img, SIMD or scalar. */
function chain(img, ops, simd) {
  const m = wasm(), bytes = img.data.length;
  const input = m._malloc(bytes), output = m._malloc(bytes);
  try {
    m.HEAPU8.set(img.data, input);
    m._tw_set_simd(simd ? 1 : 0);
    const packed = ops.reduce((word, [code], k) => word | (code << (4 * k)), 0);
    const f = [0, 1, 2, 3].map((k) => ops[k]?.[1] ?? 0);
    assert.equal(m._tw_color_chain(input, bytes, output, bytes, img.width, img.height, img.channels, ops.length, packed, ...f), 0);
    return { data: m.HEAPU8.slice(output, output + bytes) };
  } finally {
    m._tw_set_simd(1);
    m._free(input);
    m._free(output);
  }
}

// The chain kernel's lanes stay floats from op to op (hue's come back as bytes: stored as they are when hue
// ends the chain, read back into lanes when a step or contrast's gray sum follows); its SIMD and scalar
// steps must agree on every colour too.
test('tw_color_chain: SIMD = scalar on all 2^24 colours, jitter orders with contrast first, inside and last', () => {
  const { BRIGHTNESS: B, CONTRAST: C, SATURATION: S, HUE: H } = ADJUST;
  const chains = [[[B, 1.3], [C, 0.7], [S, 1.4], [H, -0.08]], [[H, 0.37], [S, 0.6], [B, 0.8], [C, 1.3]], [[C, 1.2], [H, 0.5], [B, 1.1]],
    [[S, 1.1], [H, -0.21], [C, 0.9], [B, 1.2]]];
  for (const channels of [3, 4]) {
    const img = everyColour(channels);
    for (const ops of chains) {
      const label = `chain ${ops.map(([c, f]) => `${c}:${f}`).join(',')} ${channels} channels`;
      const at = firstDifference(chain(img, ops, true).data, chain(img, ops, false).data);
      assert.equal(at, -1, `${label}: SIMD and scalar differ at byte ${at}`);
      // In bands of 4096x16 (at most TW_COLOR_EXACT_SUM_PIXELS each, as a 224x224 crop), a contrast after
      // the first step takes its mean from the stage before it (its gray sum, not a pass of its own).
      for (let y = 0; y < SIDE; y += 16) {
        const band = { width: SIDE, height: 16, channels, data: img.data.subarray(y * SIDE * channels, (y + 16) * SIDE * channels) };
        const where = firstDifference(chain(band, ops, true).data, chain(band, ops, false).data);
        assert.equal(where, -1, `${label}, rows ${y}..${y + 15}: SIMD and scalar differ at byte ${where}`);
      }
    }
  }
});
