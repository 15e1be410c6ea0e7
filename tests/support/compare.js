// Assertions on tensors: exact (bit-for-bit, NaN payloads and -0 included) or
// within a stated absolute tolerance.
import assert from 'node:assert/strict';

function bytesOf(data) {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export function assertSameTensor(actual, expected, label = '') {
  assert.equal(actual.type, expected.type, `${label} type`);
  assert.deepEqual([...actual.dims], [...expected.dims], `${label} dims`);
  if (Array.isArray(expected.data)) {
    assert.deepEqual(actual.data, expected.data, `${label} data`);
    return;
  }
  const a = bytesOf(actual.data);
  const e = bytesOf(expected.data);
  assert.equal(a.length, e.length, `${label} byte length`);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== e[i]) {
      const size = expected.data.BYTES_PER_ELEMENT;
      const index = Math.floor(i / size);
      assert.fail(`${label}: element ${index} differs: got ${actual.data[index]}, expected ${expected.data[index]}`);
    }
  }
}

/**
 * |actual - expected| <= atol + rtol * |expected| elementwise. NaN matches
 * NaN only, and an infinity only the same infinity: a NaN or infinite
 * element on one side alone fails however small the other differences are.
 */
export function assertClose(actual, expected, tolerance, label = '', rtol = 0) {
  assert.deepEqual([...actual.dims], [...expected.dims], `${label} dims`);
  assert.equal(actual.data.length, expected.data.length, `${label} length`);
  let worst = 0;
  let where = -1;
  for (let i = 0; i < expected.data.length; i++) {
    const a = Number(actual.data[i]);
    const e = Number(expected.data[i]);
    if (a === e || (Number.isNaN(a) && Number.isNaN(e))) continue;
    const diff = Number.isFinite(a) && Number.isFinite(e) ? Math.abs(a - e) - rtol * Math.abs(e) : Infinity;
    if (diff > worst) {
      worst = diff;
      where = i;
    }
  }
  assert.ok(worst <= tolerance, `${label}: max |diff| ${worst} at ${where} (got ${actual.data[where]}, expected ${expected.data[where]}) exceeds ${tolerance}`);
}
