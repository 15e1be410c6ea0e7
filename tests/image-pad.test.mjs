// crop and pad (tensorwarp/image): against the plain-JS reference (tests/reference/image.js) bit for bit,
// against OpenCV's copyMakeBorder (tests/fixtures/image/data-movement.json), `out`, empty images and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { crop, pad } from '../js/image.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { referenceCrop, referencePad, makeImage } from './reference/image.js';
import { assertSameImage, fixtureImage, randomImage, assertRejects } from './support/image.js';
import { rng } from './support/random.js';

await ready();
poisonFreshBuffers(0xa5);

const BORDERS = ['constant', 'edge', 'reflect', 'symmetric', 'wrap'];
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/image/data-movement.json', import.meta.url), 'utf8'));
const sources = fixtures.sources.map(fixtureImage);

test('pad and crop equal OpenCV copyMakeBorder on the fixtures', () => {
  let count = 0;
  for (const c of fixtures.cases.filter((k) => k.op === 'pad' || k.op === 'crop')) {
    const run = c.op === 'pad' ? pad : crop;
    assertSameImage(run(sources[c.source], c.options), fixtureImage(c.expected), `${c.op} ${JSON.stringify(c.options)}`);
    count++;
  }
  assert.equal(count, 4 * 5 * 5);
});

test('random pads and crops match the reference: channels 1-4, every border, rectangles anywhere', () => {
  const r = rng(1401);
  for (let trial = 0; trial < 600; trial++) {
    const channels = 1 + (trial % 4);
    const border = BORDERS[Math.floor(trial / 4) % 5];
    const width = r.int(border === 'constant' ? 0 : 1, 9), height = r.int(border === 'constant' ? 0 : 1, 9);
    const img = randomImage(r, width, height, channels);
    const fill = Array.from({ length: channels }, () => r.int(0, 255));
    if (trial % 2 === 0) {
      const [top, right, bottom, left] = [0, 0, 0, 0].map(() => (r.next() < 0.3 ? 0 : r.int(0, 3 * Math.max(width, height) + 2)));
      const got = pad(img, { top, right, bottom, left, border, fill });
      assertSameImage(got, referencePad(img, top, right, bottom, left, border, fill), `pad ${trial}`);
    } else {
      const x = r.int(-3 * width - 3, 3 * width + 3), y = r.int(-3 * height - 3, 3 * height + 3);
      const w = r.int(0, 2 * width + 4), h = r.int(0, 2 * height + 4);
      const got = crop(img, { x, y, width: w, height: h, border, fill });
      assertSameImage(got, referenceCrop(img, x, y, w, h, border, fill), `crop ${trial} (${x}, ${y}, ${w}, ${h})`);
    }
  }
});

test('a uniform fill is a number; defaults: constant border, fill 0, crop to the end of the image', () => {
  const img = randomImage(rng(3), 5, 4, 3);
  assertSameImage(pad(img, { top: 1, left: 2, fill: 9 }), referencePad(img, 1, 0, 0, 2, 'constant', [9, 9, 9]), 'fill 9');
  assertSameImage(pad(img, { right: 2, bottom: 3 }), referencePad(img, 0, 2, 3, 0, 'constant', [0, 0, 0]), 'fill 0');
  assertSameImage(crop(img, { x: 2, y: 1 }), referenceCrop(img, 2, 1, 3, 3, 'constant', [0, 0, 0]), 'crop to the end');
  assertSameImage(pad(img), img, 'no pads: a copy');
});

test('the SIMD and scalar Pad kernels give the same images (widths around the vector width)', () => {
  const m = wasm();
  const r = rng(77);
  for (const width of [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17]) {
    for (const [w, h] of [[width, 1], [1, width], [width, 3]]) {
      for (const channels of [1, 2, 3, 4]) {
        const img = randomImage(r, w, h, channels);
        for (const border of BORDERS) {
          const options = { top: 2, right: 5, bottom: 1, left: 3, border, fill: channels === 3 ? [1, 2, 3] : 7 };
          const simd = pad(img, options);
          m._tw_set_simd(0);
          try {
            assertSameImage(pad(img, options), simd, `${w}x${h}x${channels} ${border}`);
          } finally {
            m._tw_set_simd(1);
          }
        }
      }
    }
  }
});

test('out: written and returned; the result of the right size only', () => {
  const img = randomImage(rng(5), 6, 4, 4);
  const out = { width: 8, height: 5, data: new Uint8ClampedArray(8 * 5 * 4) };
  assert.equal(pad(img, { top: 1, left: 1, right: 1, border: 'wrap', out }), out);
  assertSameImage(out, referencePad(img, 1, 1, 0, 1, 'wrap', [0, 0, 0, 0]), 'out');
  const small = { width: 3, height: 3, channels: 4, data: new Uint8Array(36).fill(42) };
  assert.equal(crop(img, { x: 1, y: 1, width: 3, height: 3, out: small }), small);
  assertSameImage(small, referenceCrop(img, 1, 1, 3, 3, 'constant', [0, 0, 0, 0]), 'crop out');
  const wrong = { width: 8, height: 4, data: new Uint8ClampedArray(8 * 4 * 4).fill(7) };
  assert.throws(() => pad(img, { top: 1, left: 1, right: 1, out: wrong }), { name: 'RangeError', message: /pad: options\.out must be a 8x5 image of 4 channels, got 8x4 of 4/ });
  assert.ok(wrong.data.every((v) => v === 7), 'nothing written');
  const channels = { width: 3, height: 3, channels: 3, data: new Uint8Array(27) };
  assert.throws(() => crop(img, { width: 3, height: 3, out: channels }), { name: 'RangeError', message: /options\.out/ });
});

test('empty images: a width or height of 0 gives an empty image', () => {
  const empty = makeImage(0, 3, 4, () => 0);
  const got = pad(empty, { left: 2, fill: [1, 2, 3, 4] });
  assertSameImage(got, makeImage(2, 3, 4, (r, c, k) => k + 1), 'constant pad of an empty image');
  assertSameImage(crop(randomImage(rng(1), 4, 4, 2), { width: 0, height: 3 }), makeImage(0, 3, 2, () => 0), 'empty crop');
  assertSameImage(pad(empty, { border: 'edge' }), empty, 'empty stays empty');
  assert.throws(() => pad(empty, { left: 1, border: 'reflect' }), { name: 'RangeError', message: /pad: img is empty; border 'reflect' needs at least one pixel/ });
});

test('bad input: TypeError or RangeError naming the argument, nothing leaked', () => {
  const img = randomImage(rng(9), 4, 3, 4);
  const before = wasm()._tw_heap_bytes_in_use();
  assertRejects((bad) => pad(bad), 'pad: img');
  assertRejects((bad) => crop(bad), 'crop: img');
  assert.throws(() => pad(img, { top: -1 }), { name: 'RangeError', message: /pad: options\.top: expected a non-negative integer, got -1/ });
  assert.throws(() => pad(img, { left: 1.5 }), { name: 'RangeError', message: /pad: options\.left/ });
  assert.throws(() => pad(img, { right: '2' }), { name: 'TypeError', message: /pad: options\.right/ });
  assert.throws(() => pad(img, { border: 'mirror' }), { name: 'TypeError', message: /pad: options\.border: expected one of 'constant', 'edge', 'reflect', 'symmetric', 'wrap', got "mirror"/ });
  assert.throws(() => pad(img, { fill: [1, 2, 3] }), { name: 'RangeError', message: /pad: options\.fill: expected one value per channel \(4\), got 3/ });
  assert.throws(() => pad(img, { fill: 256 }), { name: 'RangeError', message: /pad: options\.fill: expected an integer in \[0, 255\] for uint8, got 256/ });
  assert.throws(() => pad(img, { fill: [1, 2, 'x', 4] }), { name: 'TypeError', message: /pad: options\.fill\[2\]/ });
  assert.throws(() => pad(img, { padding: 3 }), { name: 'TypeError', message: /pad: unknown option "padding"/ });
  assert.throws(() => crop(img, { x: 0.5 }), { name: 'RangeError', message: /crop: options\.x: expected an integer/ });
  assert.throws(() => crop(img, { width: -2 }), { name: 'RangeError', message: /crop: options\.width/ });
  assert.throws(() => crop(img, { height: NaN }), { name: 'RangeError', message: /crop: options\.height/ });
  assert.throws(() => crop(img, 'x'), { name: 'TypeError', message: /crop: options must be an object/ });
  assert.equal(wasm()._tw_heap_bytes_in_use(), before, 'heap in use');
  assertSameImage(pad(img, { top: 1 }), referencePad(img, 1, 0, 0, 0, 'constant', [0, 0, 0, 0]), 'the next call works');
});
