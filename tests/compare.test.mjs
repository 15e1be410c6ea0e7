// The comparator the NaN- and infinity-pinning tests rely on must itself
// tell NaN, infinities and finite values apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertClose } from './support/compare.js';

const t = (data) => ({ dims: [data.length], data });

test('assertClose: a NaN or infinity on one side fails, whatever follows it', () => {
  const mismatches = [
    [[NaN, 2, 3], [1, 2, 3]],
    [[1, 2, 3], [NaN, 2, 3]],
    [[NaN, 2.05], [1, 2]],
    [[Infinity], [1]],
    [[1], [-Infinity]],
    [[Infinity], [-Infinity]],
    [[NaN], [Infinity]],
  ];
  for (const [a, e] of mismatches) {
    assert.throws(() => assertClose(t(a), t(e), 0.1), { name: 'AssertionError' }, `${a} against ${e}`);
  }
});

test('assertClose: equal non-finite values and differences within tolerance pass', () => {
  assertClose(t([NaN, Infinity, -Infinity, 1.05]), t([NaN, Infinity, -Infinity, 1]), 0.1);
  assertClose(t(Float32Array.of(NaN, 2)), t([NaN, 2]), 0);
  assertClose(t([110]), t([100]), 0, '', 0.1); // rtol
  assert.throws(() => assertClose(t([1.2]), t([1]), 0.1), { name: 'AssertionError' });
});
