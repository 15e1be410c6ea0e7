// The one band rule of the banded calls (js/stream.js bandRowsFor, bands):
// the size of a band from the budget, and the bands that cover the rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bandRowsFor, bands, setBandBudget } from '../js/stream.js';

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
