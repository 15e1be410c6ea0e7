// The bad-input matrix for averagePool() (issue #12 §4); see
// tests/support/badinput.js for what each case asserts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, averagePool, tensor } from '../js/index.js';
import {
  argumentCases, runCases, INTEGER_ENTRY, NOT_A_LIST, NOT_A_TENSOR, CHOICE, flagCases, detached, shared, offsetView,
} from './support/badinput.js';

await ready();

const X = () => ({ type: 'float32', dims: [1, 1, 4], data: Float32Array.of(1, 2, 3, 4) });
const valid = { x: X(), options: { kernelShape: [2] } }; // [1.5, 2.5, 3.5]

const family = {
  invoke: ({ x, options }) => averagePool(x, options),
  addOut: ({ x, options }, out) => (options !== null && typeof options === 'object' && !('out' in options) &&
    (x?.type === undefined || x.type === 'float32') ? { x, options: { ...options, out } } : null),
  outs: () => {
    const heap = tensor('float32', [1, 1, 3]);
    heap.data.fill(-7);
    return [heap, { type: 'float32', dims: [1, 1, 3], data: Float32Array.of(-7, -7, -7) }];
  },
  valid,
};

const withOptions = (more) => ({ x: X(), options: { kernelShape: [2], ...more } });
const ok = (args, label) => ({ label, args, expect: 'ok', same: valid });
// An entry of a list of positive integers (kernel, strides, dilations).
const POSITIVE_ENTRY = { ...INTEGER_ENTRY, '-0': RangeError, negative: RangeError };

const cases = [
  ...argumentCases('x', /^averagePool: x/, (v) => ({ x: v, options: { kernelShape: [2] } }), NOT_A_TENSOR),
  ...argumentCases('options', /^averagePool: options/, (v) => ({ x: X(), options: v }), NOT_A_LIST),
  ...argumentCases('options.kernelShape', /^averagePool: options\.kernelShape/, (v) => ({ x: X(), options: { kernelShape: v } }), NOT_A_LIST),
  ...argumentCases('options.kernelShape[0]', /^averagePool: options\.kernelShape/, (v) => ({ x: X(), options: { kernelShape: [v] } }),
    { ...POSITIVE_ENTRY, bigint: { x: X(), options: { kernelShape: [1] } } }),
  ...argumentCases('options.strides', /^averagePool: options\.strides/, (v) => withOptions({ strides: v }), { ...NOT_A_LIST, undefined: 'default' }),
  ...argumentCases('options.strides[0]', /^averagePool: options\.strides/, (v) => withOptions({ strides: [v] }), { ...POSITIVE_ENTRY, bigint: valid }),
  ...argumentCases('options.dilations[0]', /^averagePool: options\.dilations/, (v) => withOptions({ dilations: [v] }), { ...POSITIVE_ENTRY, bigint: valid }),
  ...argumentCases('options.pads[0]', /^averagePool: options\.pads/, (v) => withOptions({ pads: [v, 0] }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', negative: RangeError }),
  ...argumentCases('options.pads', /^averagePool: options\.pads/, (v) => withOptions({ pads: v }), { ...NOT_A_LIST, undefined: 'default' }),
  ...flagCases('averagePool', 'ceilMode', withOptions),
  ...flagCases('averagePool', 'countIncludePad', withOptions),
  ...argumentCases('options.autoPad', /^averagePool: options\.autoPad/, (v) => withOptions({ autoPad: v }), CHOICE),
  ...argumentCases('options.out', /^averagePool: options\.out/, (v) => withOptions({ out: v }), { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
  ...argumentCases('x.dims[2]', /^averagePool: x/, (v) => ({ x: { ...X(), dims: [1, 1, v] }, options: { kernelShape: [2] } }),
    { null: TypeError, undefined: TypeError, string: TypeError }, RangeError),
  { label: 'unknown option key', args: withOptions({ kernel: [2] }), expect: TypeError, name: /^averagePool: unknown option "kernel"/ },
  { label: 'kernelShape of the wrong length', args: { x: X(), options: { kernelShape: [2, 2] } }, expect: RangeError, name: /^averagePool: options\.kernelShape/ },
  { label: 'kernelShape entry over 2^31', args: { x: X(), options: { kernelShape: [2 ** 31] } }, expect: RangeError, name: /^averagePool: options\.kernelShape/ },
  { label: 'kernel larger than the padded input', args: { x: X(), options: { kernelShape: [6] } }, expect: RangeError, name: /^averagePool: options\.kernelShape/ },
  { label: 'pads with autoPad SAME_UPPER', args: withOptions({ pads: [1, 0], autoPad: 'SAME_UPPER' }), expect: TypeError, name: /^averagePool: options\.pads/ },
  { label: 'x of rank 2', args: { x: { type: 'float32', dims: [1, 4], data: new Float32Array(4) }, options: { kernelShape: [2] } }, expect: RangeError, name: /^averagePool: x/ },
  { label: 'x of an integer type', args: { x: { type: 'int32', dims: [1, 1, 4], data: new Int32Array(4) }, options: { kernelShape: [2] } }, expect: TypeError, name: /^averagePool: x/ },
  { label: 'x dims/data length mismatch', args: { x: { ...X(), data: new Float32Array(5) }, options: { kernelShape: [2] } }, expect: RangeError, name: /^averagePool: x: dims/ },
  { label: 'huge x dims', args: { x: { type: 'float32', dims: [2 ** 20, 2 ** 20, 2 ** 20], data: new Float32Array(4) }, options: { kernelShape: [2] } }, expect: RangeError, name: /^averagePool: x/ },
  {
    label: 'result over 4 GiB', args: { x: { type: 'float32', dims: [1, 1, 1], data: Float32Array.of(1) }, options: { kernelShape: [1], pads: [0, 2 ** 31 - 1] } },
    expect: RangeError, name: /^averagePool: (the result|options\.out)/,
  },
  { label: 'out of the wrong type', args: withOptions({ out: { type: 'float64', dims: [1, 1, 3], data: new Float64Array(3) } }), expect: TypeError, name: /^averagePool: options\.out/ },
  { label: 'out of the wrong dims', args: withOptions({ out: { type: 'float32', dims: [1, 3, 1], data: new Float32Array(3) } }), expect: RangeError, name: /^averagePool: options\.out/ },
  { label: 'out of the wrong length', args: withOptions({ out: { type: 'float32', dims: [1, 1, 3], data: new Float32Array(4) } }), expect: RangeError, name: /^averagePool: options\.out/ },
  { label: 'out detached', args: withOptions({ out: { type: 'float32', dims: [1, 1, 3], data: detached(Float32Array, 3) } }), expect: RangeError, name: /^averagePool: options\.out/ },
  { label: 'x detached', args: { x: { ...X(), data: detached(Float32Array, 4) }, options: { kernelShape: [2] } }, expect: RangeError, name: /^averagePool: x/ },
  { label: 'x data a Proxy', args: { x: { ...X(), data: new Proxy(X().data, {}) }, options: { kernelShape: [2] } }, expect: TypeError, name: /^averagePool: x\.data/ },
  ok({ x: new Proxy(X(), {}), options: new Proxy({ kernelShape: new Proxy([2], {}) }, {}) }, 'Proxy tensor, options and kernelShape'),
  ok({ x: Object.freeze(X()), options: Object.freeze({ kernelShape: Object.freeze([2]) }) }, 'frozen tensor and options'),
  ok({ x: { ...X(), data: shared(X().data) }, options: { kernelShape: [2] } }, 'x data in a SharedArrayBuffer'),
  ok({ x: { ...X(), data: offsetView(X().data, 4) }, options: { kernelShape: [2] } }, 'x data at byte offset 4'),
  ok({ x: X(), options: { kernelShape: BigInt64Array.of(2n), autoPad: 'notset' } }, 'kernelShape as a BigInt64Array, autoPad in lower case'),
  { label: 'the valid result', expect: 'ok', args: valid, check: (y) => assert.deepEqual([...y.data], [1.5, 2.5, 3.5]) },
  {
    label: 'uint8 x at an odd byte offset', expect: 'ok',
    args: { x: { type: 'uint8', dims: [1, 1, 3], data: offsetView(Uint8Array.of(10, 20, 31), 1) }, options: { kernelShape: [2] } },
    check: (y) => assert.deepEqual([...y.data], [15, 26]), // round half to even: 25.5 -> 26
  },
  {
    label: 'out in a SharedArrayBuffer', expect: 'ok',
    args: withOptions({ out: { type: 'float32', dims: [1, 1, 3], data: shared(new Float32Array(3)) } }),
    check: (y) => assert.deepEqual([...y.data], [1.5, 2.5, 3.5]),
  },
];

test('averagePool: bad-input matrix', () => {
  const count = runCases(family, cases);
  assert.ok(count >= 40, `${count} cases`);
});

test('averagePool: heap tensors that are disposed or overlap', () => {
  const x = tensor('float32', [1, 1, 4], X().data);
  const gone = tensor('float32', [1, 1, 4]);
  gone.dispose();
  const goneOut = tensor('float32', [1, 1, 3]);
  goneOut.dispose();
  try {
    runCases({ ...family, valid: { x, options: { kernelShape: [2] } } }, [
      { label: 'disposed x', args: { x: gone, options: { kernelShape: [2] } }, expect: TypeError, name: /^averagePool: x: .*disposed/ },
      { label: 'disposed out', args: { x, options: { kernelShape: [2], out: goneOut } }, expect: TypeError, name: /^averagePool: options\.out: .*disposed/ },
      { label: 'out is x', args: { x, options: { kernelShape: [1], out: x } }, expect: RangeError, name: /^averagePool: options\.out overlaps x/ },
      { label: 'heap x', args: { x, options: { kernelShape: [2] } }, expect: 'ok', same: valid },
    ]);
  } finally {
    x.dispose();
  }
});
