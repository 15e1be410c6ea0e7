// flip and rotate90 (tensorwarp/image): against the plain-JS reference bit for bit, OpenCV (cv2.flip,
// cv2.rotate on tests/fixtures/image/data-movement.json), SIMD against scalar, banded against one band,
// `out` (also in place), empty images and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { flip, rotate90 } from '../js/image.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers, setBandBudget } from '../js/stream.js';
import { referenceFlip, referenceRotate90, makeImage } from './reference/image.js';
import { assertSameImage, fixtureImage, randomImage, assertRejects } from './support/image.js';
import { rng } from './support/random.js';

await ready();
poisonFreshBuffers(0xa5);

const DIRECTIONS = ['horizontal', 'vertical', 'both'];
const SIDES = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17];
const fixtures = JSON.parse(readFileSync(new URL('./fixtures/image/data-movement.json', import.meta.url), 'utf8'));
const sources = fixtures.sources.map(fixtureImage);

test('flip and rotate90 equal OpenCV cv2.flip and cv2.rotate on the fixtures', () => {
  let count = 0;
  for (const c of fixtures.cases) {
    if (c.op === 'flip') assertSameImage(flip(sources[c.source], c.direction), fixtureImage(c.expected), `flip ${c.direction}`);
    else if (c.op === 'rotate90') assertSameImage(rotate90(sources[c.source], c.turns), fixtureImage(c.expected), `rotate90 ${c.turns}`);
    else continue;
    count++;
  }
  assert.equal(count, 4 * 6);
});

/** Runs `body` once with the SIMD kernels and once with the scalar ones; both must give `expected`. */
function bothKernels(body, expected, label) {
  const m = wasm();
  assertSameImage(body(), expected, `${label} simd`);
  m._tw_set_simd(0);
  try {
    assertSameImage(body(), expected, `${label} scalar`);
  } finally {
    m._tw_set_simd(1);
  }
}

test('every size around the vector widths, channels 1-4, SIMD and scalar: equal to the reference', () => {
  const r = rng(2024);
  for (const w of SIDES) {
    for (const h of [1, 2, 3, 5, 8, 17]) {
      for (const channels of [1, 2, 3, 4]) {
        for (const [iw, ih] of [[w, h], [h, w]]) {
          const img = randomImage(r, iw, ih, channels);
          for (const direction of DIRECTIONS) bothKernels(() => flip(img, direction), referenceFlip(img, direction), `flip ${direction} ${iw}x${ih}x${channels}`);
          for (const turns of [-5, -1, 0, 1, 2, 3, 6]) bothKernels(() => rotate90(img, turns), referenceRotate90(img, turns), `rotate90 ${turns} ${iw}x${ih}x${channels}`);
        }
      }
    }
  }
});

test('banded flips (tiny band budgets) equal one band', () => {
  const r = rng(8);
  const img = randomImage(r, 37, 23, 3);
  try {
    for (const budget of [1, 37 * 3 * 2, 37 * 3 * 2 * 5, 1e6]) {
      setBandBudget(budget);
      for (const direction of DIRECTIONS) assertSameImage(flip(img, direction), referenceFlip(img, direction), `budget ${budget} ${direction}`);
    }
  } finally {
    setBandBudget();
  }
});

test('rotate90 in bands of output rows (tiny band budgets) equals the reference, fresh and into out, channels 1-4', () => {
  const r = rng(9);
  try {
    for (const channels of [1, 2, 3, 4]) {
      for (const [w, h] of [[37, 23], [100, 23], [1, 9], [9, 1], [1, 1]]) {
        const img = randomImage(r, w, h, channels);
        for (const budget of [1, h * channels * 2, h * channels * 2 * 5 + 1, 1e6]) {
          setBandBudget(budget);
          for (const turns of [1, 3, 2, 0]) {
            const expected = referenceRotate90(img, turns);
            const label = `${w}x${h}x${channels} budget ${budget} turns ${turns}`;
            assertSameImage(rotate90(img, turns), expected, `fresh ${label}`);
            const out = { width: expected.width, height: expected.height, channels, data: new Uint8Array(expected.data.length).fill(3) };
            assert.equal(rotate90(img, turns, { out }), out);
            assertSameImage(out, expected, `out ${label}`);
          }
        }
      }
    }
  } finally {
    setBandBudget();
  }
});

test('out: written and returned, also in place', () => {
  const img = randomImage(rng(11), 6, 4, 4);
  const expected = referenceFlip(img, 'both');
  const out = { width: 6, height: 4, data: new Uint8ClampedArray(96) };
  assert.equal(flip(img, 'both', { out }), out);
  assertSameImage(out, expected, 'out');
  const turned = { width: 4, height: 6, channels: 4, data: new Uint8Array(96) };
  assert.equal(rotate90(img, 1, { out: turned }), turned);
  assertSameImage(turned, referenceRotate90(img, 1), 'rotate90 out');
  for (const direction of DIRECTIONS) {
    const copy = { ...img, data: img.data.slice() };
    assert.equal(flip(copy, direction, { out: copy }), copy);
    assertSameImage(copy, referenceFlip(img, direction), `in place ${direction}`);
  }
  const square = randomImage(rng(12), 5, 5, 2);
  const inPlace = { ...square, data: square.data.slice() };
  rotate90(inPlace, 3, { out: inPlace });
  assertSameImage(inPlace, referenceRotate90(square, 3), 'rotate90 in place');
  const wrong = { width: 6, height: 4, data: new Uint8ClampedArray(96).fill(3) };
  assert.throws(() => rotate90(img, 1, { out: wrong }), { name: 'RangeError', message: /rotate90: options\.out must be a 4x6 image of 4 channels, got 6x4 of 4/ });
  assert.ok(wrong.data.every((v) => v === 3), 'nothing written');
});

test('empty images stay empty; a turn swaps the sizes', () => {
  const empty = makeImage(0, 3, 2, () => 0);
  assertSameImage(flip(empty, 'both'), empty, 'flip');
  assertSameImage(rotate90(empty, 1), makeImage(3, 0, 2, () => 0), 'rotate90');
});

test('bad input: TypeError or RangeError naming the argument, nothing leaked', () => {
  const img = randomImage(rng(9), 4, 3, 4);
  const before = wasm()._tw_heap_bytes_in_use();
  assertRejects((bad) => flip(bad, 'horizontal'), 'flip: img');
  assertRejects((bad) => rotate90(bad, 1), 'rotate90: img');
  assert.throws(() => flip(img, 'diagonal'), { name: 'TypeError', message: /flip: direction: expected one of 'horizontal', 'vertical', 'both', got "diagonal"/ });
  assert.throws(() => flip(img), { name: 'TypeError', message: /flip: direction/ });
  assert.throws(() => flip(img, 'both', { mode: 1 }), { name: 'TypeError', message: /flip: unknown option "mode"/ });
  assert.throws(() => rotate90(img, 1.5), { name: 'RangeError', message: /rotate90: turns: expected an integer, got 1\.5/ });
  assert.throws(() => rotate90(img, '1'), { name: 'TypeError', message: /rotate90: turns/ });
  assert.equal(wasm()._tw_heap_bytes_in_use(), before, 'heap in use');
});
