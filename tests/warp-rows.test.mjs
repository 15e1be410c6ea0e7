// Only the source rows a warp reads go into the heap (js/image/warp-rows.js, augment's warpIntoHeap and
// the fused warp -> tensor): sourceRows' bounds and when it copies everything, and warpIntoHeap equal to
// warpAffine / warpPerspective (which copy the whole source) on random cases, each with a fresh random
// image so that rows left from an earlier call cannot stand in for rows not copied. (The fused path is
// pinned the same way by tests/image-warp-tensor.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { withFrame } from '../js/module.js';
import { warpAffine, warpPerspective } from '../js/image.js';
import { warpIntoHeap } from '../js/image/warp.js';
import { sourceRows } from '../js/image/warp-rows.js';
import { image_border as BORDER } from '../wasm/enums.js';
import { rng } from './support/random.js';

await ready();

test('sourceRows: the corners\' source rows with 4 rows of room, clamped; null where a border reads elsewhere', () => {
  // a crop of rows 100..199 (backward: y_src = y + 100) into 50 x 100
  assert.deepEqual(sourceRows([1, 0, 30, 0, 1, 100], 50, 100, 375, BORDER.CONSTANT), [96, 204]);
  assert.deepEqual(sourceRows([1, 0, 30, 0, 1, 100], 50, 100, 375, BORDER.REFLECT), [96, 204]);
  // scaled by 2 and flipped vertically: y_src = 300 - 2y over y in 0..99 -> 102..300
  assert.deepEqual(sourceRows([2, 0, 0, 0, -2, 300], 50, 100, 375, BORDER.CONSTANT), [98, 305]);
  // reaching above the image: clamped with a constant border, everything with any other
  assert.deepEqual(sourceRows([1, 0, 0, 0, 1, -10], 50, 100, 375, BORDER.CONSTANT), [0, 94]);
  for (const border of [BORDER.EDGE, BORDER.REFLECT, BORDER.SYMMETRIC, BORDER.WRAP]) {
    assert.equal(sourceRows([1, 0, 0, 0, 1, -10], 50, 100, 375, border), null);
    assert.equal(sourceRows([1, 0, 0, 0, 1, 300], 50, 100, 375, border), null);
  }
  // wholly below the image: no row (an empty range)
  assert.deepEqual(sourceRows([1, 0, 0, 0, 1, 1000], 50, 100, 375, BORDER.CONSTANT), [375, 375]);
  // perspective: w <= 0 at a corner -> everything; w > 0 -> the corners' rows
  assert.equal(sourceRows([1, 0, 0, 0, 1, 0, 0, -0.02, 1], 50, 100, 375, BORDER.CONSTANT), null);
  assert.deepEqual(sourceRows([1, 0, 0, 0, 1, 0, 0, 0, 2], 50, 100, 375, BORDER.CONSTANT), [0, 55]);
});

function randomCase(r) {
  const channels = r.int(1, 4);
  const sw = r.int(1, 60), sh = r.int(1, 80);
  const image = { width: sw, height: sh, channels, data: r.bytes(sw * sh * channels) };
  const angle = r.next() < 0.3 ? 0 : r.next() * 2 * Math.PI, scale = 0.3 + r.next() * 2;
  const c = Math.cos(angle) * scale, s = Math.sin(angle) * scale;
  const m6 = [c, -s, (r.next() - 0.3) * sw, s, c, (r.next() - 0.5) * sh];
  const matrix = r.next() < 0.3 ? [...m6, (r.next() - 0.5) * 0.01, (r.next() - 0.5) * 0.01, 1] : m6;
  const options = {
    width: r.int(1, 40), height: r.int(1, 30),
    interpolation: r.pick(['nearest', 'linear', 'cubic']),
    border: r.pick(['constant', 'constant', 'edge', 'reflect', 'symmetric', 'wrap']),
    fill: Array.from({ length: channels }, () => r.int(0, 255)),
  };
  return { image, matrix, options };
}

test('warpIntoHeap equals warpAffine / warpPerspective bit for bit (only the rows it reads copied)', () => {
  const r = rng(0x70475);
  let partial = 0;
  for (let k = 0; k < 600; k++) {
    const { image, matrix, options } = randomCase(r);
    const want = (matrix.length === 6 ? warpAffine : warpPerspective)(image, matrix, options);
    const got = withFrame('test', (frame, m) => {
      const { pointer, width, height, channels } = warpIntoHeap(frame, m, image, matrix, options);
      return m.HEAPU8.slice(pointer, pointer + width * height * channels);
    });
    assert.deepEqual(got, new Uint8Array(want.data.buffer, want.data.byteOffset, want.data.byteLength), `case ${k}: ${JSON.stringify({ matrix, options, size: [image.width, image.height, image.channels] })}`);
    if (options.border === 'constant') partial++;
  }
  assert.ok(partial > 100, `${partial} constant-border cases`);
});
