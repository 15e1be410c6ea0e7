// The resize C entry (tw_image_resize, called directly) against the plain-JS
// reference, bit for bit, with the SIMD and the scalar kernels: widths around
// the vector width, 1x1, 1xN, Nx1, enlarging and shrinking, every
// interpolation (antialias on and off for nearest and area, which ignore it;
// off for linear and cubic, whose antialiased bytes are Pillow's entry,
// tw_image_resize_pil: this one refuses them), channels 1-4, several cubicA.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, withFrame, check } from '../js/module.js';
import { image_interpolation as INTERPOLATIONS } from '../wasm/enums.js';
import { referenceResize } from './reference/image-resize.js';
import { rng } from './support/random.js';

await ready();
const m = wasm();
const WIDTHS = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17];
const KINDS = ['nearest', 'linear', 'cubic', 'area'];
// the antialias values tw_image_resize accepts for an interpolation
const antialiasFor = (interpolation) => (interpolation === 'nearest' || interpolation === 'area' ? [true, false] : [false]);

function kernelResize(img, { width, height, interpolation, antialias, cubicA }) {
  const bytes = width * height * img.channels;
  return withFrame('resize', (frame) => {
    const src = frame.copyIn(img.data);
    const dst = frame.alloc(bytes);
    check(m._tw_image_resize(src, img.data.length, img.width, img.height, 0, dst, bytes, width, height, 0,
      img.channels, INTERPOLATIONS[interpolation.toUpperCase()], antialias ? 1 : 0, cubicA), 'resize');
    return m.HEAPU8.slice(dst, dst + bytes);
  });
}

function compare(img, options, label) {
  const cubicA = options.cubicA ?? -0.75;
  const expected = referenceResize(img, { ...options, cubicA }).data;
  try {
    for (const simd of [1, 0]) {
      m._tw_set_simd(simd);
      const got = kernelResize(img, { ...options, cubicA });
      if (Buffer.compare(Buffer.from(got), Buffer.from(expected)) !== 0) {
        const i = got.findIndex((v, k) => v !== expected[k]);
        assert.fail(`${label} (${simd ? 'SIMD' : 'scalar'}): byte ${i} is ${got[i]}, reference ${expected[i]}`);
      }
    }
  } finally {
    m._tw_set_simd(1);
  }
}

function randomImage(r, width, height, channels) {
  return { width, height, channels, data: r.bytes(width * height * channels) };
}

test('resize kernels match the reference on widths around the vector width', () => {
  const r = rng(11);
  for (const interpolation of KINDS) {
    for (const antialias of antialiasFor(interpolation)) {
      for (const channels of [1, 2, 3, 4]) {
        for (const w of WIDTHS) {
          const img = randomImage(r, r.int(1, 24), r.int(1, 6), channels);
          const options = { width: w, height: r.int(1, 9), interpolation, antialias };
          compare(img, options, `${img.width}x${img.height}x${channels} -> ${w}x${options.height} ${interpolation} aa=${antialias}`);
          const down = randomImage(r, w, r.int(1, 5), channels);
          compare(down, { ...options, width: r.int(1, w) }, `from width ${w} ${interpolation} aa=${antialias}`);
        }
      }
    }
  }
});

test('resize kernels match the reference on 1x1, 1xN, Nx1 and large factors', () => {
  const r = rng(12);
  const shapes = [[1, 1, 1, 1], [1, 1, 7, 5], [1, 9, 1, 4], [9, 1, 3, 1], [1, 17, 1, 3], [17, 1, 5, 1],
    [40, 30, 3, 2], [3, 2, 40, 30], [64, 64, 16, 16], [60, 36, 10, 6], [37, 23, 5, 29],
    [34, 18, 17, 9], [16, 9, 8, 9], [7, 10, 7, 5], [45, 30, 9, 10], [1, 8, 1, 4]]; // integer factors: block averages
  for (const [sw, sh, dw, dh] of shapes) {
    for (const interpolation of KINDS) {
      for (const antialias of antialiasFor(interpolation)) {
        const channels = r.int(1, 4);
        compare(randomImage(r, sw, sh, channels), { width: dw, height: dh, interpolation, antialias },
          `${sw}x${sh} -> ${dw}x${dh} c=${channels} ${interpolation} aa=${antialias}`);
      }
    }
  }
});

test('cubic with other cubicA values matches the reference', () => {
  const r = rng(13);
  for (const cubicA of [-0.5, -0.75, -1, 0, 0.3, -40, 1e6, -1e300]) { // the last ones saturate the int16 weights, or make them NaN (0)
    compare(randomImage(r, 19, 11, 4), { width: 7, height: 23, interpolation: 'cubic', antialias: false, cubicA },
      `cubicA ${cubicA}`);
  }
});

test('antialiased linear and cubic are refused: they are tw_image_resize_pil\'s', () => {
  const img = randomImage(rng(14), 8, 6, 3);
  for (const interpolation of ['linear', 'cubic']) {
    assert.throws(() => kernelResize(img, { width: 4, height: 3, interpolation, antialias: true, cubicA: -0.5 }),
      /antialias: 1 with LINEAR or CUBIC is tw_image_resize_pil's/, interpolation);
  }
});

test('area with integer factors is the exact block mean rounded half to even', () => {
  // 2x3 blocks (divisor 6): sums 3 (0.5 -> 0), 9 (1.5 -> 2), 15 (2.5 -> 2), 21 (3.5 -> 4)
  const blocks = [3, 9, 15, 21];
  const data = new Uint8Array(8 * 3);
  blocks.forEach((sum, b) => { for (let k = 0; k < sum; k++) data[(k % 3) * 8 + 2 * b + ((k / 3) | 0) % 2]++; });
  const img = { width: 8, height: 3, channels: 1, data };
  assert.deepEqual([...kernelResize(img, { width: 4, height: 1, interpolation: 'area', antialias: true, cubicA: 0 })], [0, 2, 2, 4]);
  compare(img, { width: 4, height: 1, interpolation: 'area', antialias: true }, 'ties');
});
