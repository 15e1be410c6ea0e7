// The one band rule of the banded calls (js/stream.js bandRowsFor, bands):
// the size of a band from the budget, and the bands that cover the rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bandRowsFor, bands, copyTouching, setBandBudget, touchAhead } from '../js/stream.js';

test('bands: [row0, rows] pairs that cover the rows in order, the last one short', () => {
  assert.deepEqual([...bands(10, 4)], [[0, 4], [4, 4], [8, 2]]);
  assert.deepEqual([...bands(8, 4)], [[0, 4], [4, 4]]);
  assert.deepEqual([...bands(3, 5)], [[0, 3]]);
  assert.deepEqual([...bands(0, 1)], []);
});

test('bandRowsFor: the rows the budget holds, at least `least` and 1, at most the total', () => {
  setBandBudget(1000);
  try {
    assert.equal(bandRowsFor(100, 50), 10);
    assert.equal(bandRowsFor(300, 50), 3); // floor(1000 / 300)
    assert.equal(bandRowsFor(100, 4), 4); // at most the total
    assert.equal(bandRowsFor(5000, 50), 1); // at least 1 when a row is over the budget
    assert.equal(bandRowsFor(100, 50, 17), 17); // at least `least` (blur: the box height)
    assert.equal(bandRowsFor(100, 12, 17), 12);
    assert.equal(bandRowsFor(100, 0), 1);
  } finally {
    setBandBudget();
  }
});

// copyTouching (the copy out of the heap: every destination page first written
// by one store) writes exactly target.set's bytes and nothing outside them,
// for copies above and below its 64 KiB threshold, at odd offsets and lengths.
test('copyTouching: the bytes of target.set, and no byte outside [offset, offset + length)', () => {
  for (const [length, offset] of [[100, 3], [65535, 0], [65536, 0], [65536 + 4095, 7], [3 * 65536 + 1, 4093], [200000, 0]]) {
    const source = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) & 255);
    const target = new Uint8Array(offset + length + 4096 + 5).fill(0xa5);
    copyTouching(target, source, offset);
    assert.deepEqual(target.subarray(offset, offset + length), source, `length ${length}, offset ${offset}`);
    assert.ok(target.subarray(0, offset).every((b) => b === 0xa5), `before the range (length ${length}, offset ${offset})`);
    assert.ok(target.subarray(offset + length).every((b) => b === 0xa5), `after the range (length ${length}, offset ${offset})`);
  }
});

test('copyTouching: a range past the target throws as target.set does, with nothing written', () => {
  const source = new Uint8Array(70000).fill(9);
  const target = new Uint8Array(100000).fill(1);
  assert.throws(() => copyTouching(target, source, 40000), RangeError);
  assert.ok(target.every((b) => b === 1));
});

// touchAhead (writers that fill a fresh result front to back, rows.js moveRows
// and flip's row copies): ahead(end) has written one byte in every page up to
// `end` and at most one chunk past it, and never outside the array.
test('touchAhead: touches whole chunks up to the write, never past the array', () => {
  const length = 256 * 1024 * 2 + 5000;
  const bytes = new Uint8Array(length).fill(7);
  const ahead = touchAhead(bytes);
  const touchedUpTo = () => bytes.findLastIndex((b) => b === 0) + 1;
  ahead(1);
  assert.equal(touchedUpTo(), 256 * 1024);
  for (let page = 0; page < 256 * 1024; page += 4096) assert.equal(bytes[page], 0, `page at ${page}`);
  assert.equal(bytes[1], 7);
  ahead(256 * 1024); // already touched: nothing more
  assert.equal(touchedUpTo(), 256 * 1024);
  ahead(256 * 1024 + 1);
  assert.equal(touchedUpTo(), 2 * 256 * 1024);
  ahead(length);
  assert.equal(touchedUpTo(), length); // the last chunk is short and ends at the array's last byte
  const small = new Uint8Array(1000).fill(7);
  touchAhead(small)(1000);
  assert.ok(small.every((b) => b === 7), 'arrays under 64 KiB are left alone');
});
