// The bad-input matrix for tensor() (issue #12 §4); see
// tests/support/badinput.js for what each case asserts. tensor() has no
// `out`; each call's heap tensor is disposed again, so the heap must be as
// it was after valid calls too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, tensor } from '../js/index.js';
import {
  argumentCases, runCases, INTEGER_ENTRY, NOT_A_LIST, detached, shared, offsetView,
} from './support/badinput.js';

await ready();

const encoder = new TextEncoder();
const family = {
  // The result as bytes that hold its type, dims and (when data was given) its data.
  invoke: ({ type, dims, data }) => {
    const t = tensor(type, dims, data);
    try {
      const bytes = data === undefined ? null : [...new Uint8Array(t.data.buffer, t.data.byteOffset, t.byteLength)];
      return { data: encoder.encode(JSON.stringify({ type: t.type, dims: t.dims, bytes })) };
    } finally {
      t.dispose();
    }
  },
  addOut: () => null,
  outs: () => [],
  valid: { type: 'float32', dims: [2, 2], data: Float32Array.of(1, 2, 3, 4) },
};
const { valid } = family;
const ok = (args, label) => ({ label, args, expect: 'ok', same: valid });

const cases = [
  ...argumentCases('type', /^tensor: type/, (v) => ({ ...valid, type: v }), NOT_A_LIST),
  ...argumentCases('dims', /^tensor: dims/, (v) => ({ ...valid, dims: v }), NOT_A_LIST),
  ...argumentCases('dims[0]', /^tensor: dims/, (v) => ({ type: 'float32', dims: [v, 2] }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', negative: RangeError, bigint: { type: 'float32', dims: [1, 2] } }),
  ...argumentCases('data', /^tensor: data/, (v) => ({ ...valid, data: v }), { ...NOT_A_LIST, undefined: 'ok' }),
  ...argumentCases('data (int64)', /^tensor: data/, (v) => ({ type: 'int64', dims: [1], data: v }), { ...NOT_A_LIST, undefined: 'ok' }),
  { label: 'type string', args: { type: 'string', dims: [1], data: ['a'] }, expect: TypeError, name: /^tensor: type/ },
  { label: 'type a prototype key', args: { ...valid, type: 'hasOwnProperty' }, expect: TypeError, name: /^tensor: type/ },
  { label: 'type in upper case', args: { ...valid, type: 'FLOAT32' }, expect: TypeError, name: /^tensor: type/ },
  { label: 'dims/data length mismatch', args: { ...valid, data: new Float32Array(3) }, expect: RangeError, name: /^tensor: data: dims \[2, 2\] need 4/ },
  { label: 'data of the wrong class', args: { ...valid, data: new Float64Array(4) }, expect: TypeError, name: /^tensor: data: expected a Float32Array/ },
  { label: 'number data for int64', args: { type: 'int64', dims: [2], data: Float64Array.of(1, 2) }, expect: TypeError, name: /^tensor: data: expected a BigInt64Array/ },
  { label: 'plain array data', args: { ...valid, data: [1, 2, 3, 4] }, expect: TypeError, name: /^tensor: data/ },
  { label: 'data detached', args: { ...valid, data: detached(Float32Array, 4) }, expect: RangeError, name: /^tensor: data/ },
  { label: 'data a Proxy', args: { ...valid, data: new Proxy(Float32Array.of(1, 2, 3, 4), {}) }, expect: TypeError, name: /^tensor: data/ },
  { label: 'dims a string', args: { ...valid, dims: '2,2' }, expect: TypeError, name: /^tensor: dims/ },
  { label: 'dims { length: 2^40 }', args: { type: 'float32', dims: { length: 2 ** 40 } }, expect: TypeError, name: /^tensor: dims/ },
  { label: 'dims over 4 GiB', args: { type: 'float32', dims: [2 ** 20, 2 ** 20] }, expect: RangeError, name: /^tensor: dims/ },
  { label: 'dims whose product overflows', args: { type: 'float32', dims: [2 ** 30, 2 ** 30, 2 ** 30] }, expect: RangeError, name: /^tensor: dims/ },
  { label: 'dims whose product overflows, with data', args: { type: 'uint8', dims: [2 ** 30, 2 ** 30, 2 ** 30], data: new Uint8Array(8) }, expect: RangeError, name: /^tensor: data: dims/ },
  { label: 'dims entry 2^53 + 2', args: { type: 'float32', dims: [2 ** 53 + 2] }, expect: RangeError, name: /^tensor: dims/ },
  { label: 'dims entry a huge bigint', args: { type: 'float32', dims: [2n ** 64n] }, expect: RangeError, name: /^tensor: dims/ },
  ok({ ...valid, data: shared(valid.data) }, 'data in a SharedArrayBuffer'),
  ok({ ...valid, data: offsetView(valid.data, 4) }, 'data at byte offset 4'),
  ok({ ...valid, dims: Object.freeze([2, 2]), data: valid.data }, 'frozen dims'),
  ok({ ...valid, dims: new Proxy([2, 2], {}) }, 'dims a Proxy'),
  ok({ ...valid, dims: BigInt64Array.of(2n, 2n) }, 'dims a BigInt64Array'),
  ok({ ...valid, dims: Int32Array.of(2, 2) }, 'dims an Int32Array'),
  {
    label: 'uint8 data at an odd byte offset', expect: 'ok',
    args: { type: 'uint8', dims: [3], data: offsetView(Uint8Array.of(1, 2, 3), 1) },
    same: { type: 'uint8', dims: [3], data: Uint8Array.of(1, 2, 3) },
  },
  {
    label: 'bool data is stored as 0/1', expect: 'ok',
    args: { type: 'bool', dims: [3], data: Uint8Array.of(7, 0, 255) },
    same: { type: 'bool', dims: [3], data: Uint8Array.of(1, 0, 1) },
  },
  {
    label: 'uint8 in a Uint8ClampedArray', expect: 'ok',
    args: { type: 'uint8', dims: [2], data: Uint8ClampedArray.of(9, 250) },
    same: { type: 'uint8', dims: [2], data: Uint8Array.of(9, 250) },
  },
];

test('tensor: bad-input matrix', () => {
  const count = runCases(family, cases);
  assert.ok(count >= 40, `${count} cases`);
});

test('tensor: the data a heap tensor holds', () => {
  const t = tensor('float32', [2, 2], shared(valid.data));
  try {
    assert.deepEqual([...t.data], [1, 2, 3, 4]);
    assert.deepEqual(t.dims, [2, 2]);
    assert.equal(t.byteLength, 16);
  } finally {
    t.dispose();
  }
  assert.throws(() => t.data, { name: 'TypeError', message: /disposed/ });
  assert.throws(() => t.pointer, { name: 'TypeError', message: /disposed/ });
  t.dispose(); // idempotent
});
