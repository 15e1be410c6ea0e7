// crop and pad (tensorwarp/image): against the plain-JS reference (tests/reference/image.js) bit for bit,
// against OpenCV's copyMakeBorder (tests/fixtures/image/data-movement.json), `out`, empty images and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { crop, pad } from '../js/image.js';
import { wasm, lastError } from '../js/module.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { BORDERS } from '../js/image/common.js';
import { status as STATUS } from '../wasm/enums.js';
import { referenceCrop, referencePad, makeImage, borderIndex } from './reference/image.js';
import { assertSameImage, fixtureImage, randomImage, assertRejects } from './support/image.js';
import { rng } from './support/random.js';

await ready();
poisonFreshBuffers(0xa5);

const BORDER_NAMES = Object.keys(BORDERS);
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
    const border = BORDER_NAMES[Math.floor(trial / 4) % 5];
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

test('the row path (pad, crop) equals the reference on widths 1-17, 1x1, 1xN, Nx1, every border, channels 1-4', () => {
  const r = rng(77);
  for (const width of [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17]) {
    for (const [w, h] of [[width, 1], [1, width], [width, 3]]) {
      for (const channels of [1, 2, 3, 4]) {
        const img = randomImage(r, w, h, channels);
        const fill = channels === 3 ? [1, 2, 3] : Array(channels).fill(7);
        for (const border of BORDER_NAMES) {
          const x = r.int(-2 * w - 2, 2 * w + 2), y = r.int(-2 * h - 2, 2 * h + 2);
          const cw = r.int(1, 3 * w + 20), ch = r.int(1, 2 * h + 2);
          const label = `${w}x${h}x${channels} ${border}`;
          assertSameImage(pad(img, { top: 2, right: 5, bottom: 1, left: 3, border, fill }),
            referencePad(img, 2, 5, 1, 3, border, fill), `pad ${label}`);
          assertSameImage(crop(img, { x, y, width: cw, height: ch, border, fill }),
            referenceCrop(img, x, y, cw, ch, border, fill), `crop (${x}, ${y}) ${cw}x${ch} ${label}`);
        }
      }
    }
  }
});

test('the row path: runs around one set or pixel by pixel (512 bytes or 128 pixels), 4 channels aligned or not, out or fresh', () => {
  const r = rng(16);
  for (const run of [1, 2, 16, 33, 127, 128, 129, 171]) {
    for (const channels of [1, 3, 4]) {
      const img = randomImage(r, run, 4, channels);
      // wrap: the columns are runs of `run` pixels; reflect: mirrored runs; edge: repeats
      for (const border of ['wrap', 'reflect', 'edge', 'constant']) {
        const expected = referenceCrop(img, -3, -2, 3 * run + 5, 9, border, Array(channels).fill(9));
        const options = { x: -3, y: -2, width: 3 * run + 5, height: 9, border, fill: 9 };
        assertSameImage(crop(img, options), expected, `fresh ${run} ${channels} ${border}`);
        // data at byte offset 1 (4 channels: not on a 32-bit boundary, so bytes move one by one), the result too
        const shifted = new Uint8Array(img.data.length + 1);
        shifted.set(img.data, 1);
        const odd = { ...img, data: shifted.subarray(1) };
        const out = { width: expected.width, height: expected.height, channels, data: new Uint8Array(expected.data.length + 1).fill(1).subarray(1) };
        assert.equal(crop(odd, { ...options, out }), out);
        assertSameImage(out, expected, `unaligned out ${run} ${channels} ${border}`);
        const aligned = { width: expected.width, height: expected.height, channels, data: new Uint8ClampedArray(expected.data.length).fill(1) };
        crop(img, { ...options, out: aligned });
        assertSameImage(aligned, expected, `aligned out ${run} ${channels} ${border}`);
      }
    }
  }
});

test('the row path reads a copy when out is the input (a crop over itself)', () => {
  const img = randomImage(rng(21), 9, 7, 4);
  for (const border of BORDER_NAMES) {
    const copy = { ...img, data: img.data.slice() };
    assert.equal(crop(copy, { x: 2, y: -1, width: 9, height: 7, border, fill: 5, out: copy }), copy);
    assertSameImage(copy, referenceCrop(img, 2, -1, 9, 7, border, [5, 5, 5, 5]), border);
  }
});

test('tw_image_region_map: Pad\'s rule for any offset; bad arguments rejected, nothing written', () => {
  const m = wasm();
  const pointer = m._malloc(4 * 40) >>> 0;
  const map = () => Array.from(new Int32Array(m.HEAPU8.buffer, pointer, 40));
  try {
    for (const [name, border] of Object.entries(BORDERS)) {
      for (const length of [1, 2, 5]) {
        for (const before of [-1e12, -7, 0, 3, 25, 1e12]) {
          assert.equal(m._tw_image_region_map(length, BigInt(before), 40, border, pointer, 160), STATUS.OK);
          const expected = Array.from({ length: 40 }, (_, o) => borderIndex(o - before, length, name));
          assert.deepEqual(map(), expected, `${name} length ${length} before ${before}`);
        }
      }
    }
    new Int32Array(m.HEAPU8.buffer, pointer, 40).fill(-9);
    const rejected = [
      [-1, 0n, 4, BORDERS.edge, pointer, 16, /^length/],
      [3, 0n, -1, BORDERS.edge, pointer, 0, /^length/],
      [0, 0n, 4, BORDERS.reflect, pointer, 16, /^border: the source is empty/],
      [3, 0n, 4, 5, pointer, 16, /^border/],
      [3, 0n, 4, -1, pointer, 16, /^border/],
      [3, (1n << 62n) + 1n, 4, BORDERS.wrap, pointer, 16, /^before/],
      [3, -(1n << 62n) - 1n, 4, BORDERS.wrap, pointer, 16, /^before/],
      [3, 0n, 4, BORDERS.wrap, pointer, 12, /^map/],
      [3, 0n, 4, BORDERS.wrap, 8, 16, /^map/],
    ];
    for (const [length, before, count, border, at, bytes, message] of rejected) {
      assert.equal(m._tw_image_region_map(length, before, count, border, at, bytes), STATUS.INVALID_ARGUMENT, `${length} ${before} ${count} ${border} ${at} ${bytes}`);
      assert.match(lastError(m), message);
    }
    assert.ok(map().every((v) => v === -9), 'nothing written');
    assert.equal(m._tw_image_region_map(0, 5n, 3, BORDERS.constant, pointer, 12), STATUS.OK, 'an empty axis with the constant border');
    assert.deepEqual(map().slice(0, 4), [-1, -1, -1, -9]);
  } finally {
    m._free(pointer);
  }
});

test('the empty-source rule is one C rule: region maps and warps refuse a non-constant border with one message', () => {
  const m = wasm();
  const block = m._malloc(64) >>> 0, matrix = m._malloc(72) >>> 0;
  try {
    new Float64Array(m.HEAPU8.buffer, matrix, 9).set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    for (const border of ['edge', 'reflect', 'symmetric', 'wrap']) {
      assert.equal(m._tw_image_region_map(0, 0n, 4, BORDERS[border], block, 16), STATUS.INVALID_ARGUMENT);
      const region = lastError(m);
      // a 0x3 source warped into 2x2, one channel
      assert.equal(m._tw_image_warp(block, 0, 0, 3, 1, matrix, 0, 1, BORDERS[border], 0, block, 4, 2, 2, 0, 2), STATUS.INVALID_ARGUMENT);
      const warp = lastError(m);
      assert.equal(warp, region, border);
      assert.equal(warp, `border: the source is empty; only the constant border (0) can fill around it, got ${BORDERS[border]}`);
    }
    assert.equal(m._tw_image_warp(block, 0, 0, 3, 1, matrix, 0, 1, BORDERS.constant, 7, block, 4, 2, 2, 0, 2), STATUS.OK);
    assert.deepEqual(Array.from(m.HEAPU8.subarray(block, block + 4)), [7, 7, 7, 7]);
  } finally {
    m._free(block);
    m._free(matrix);
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
