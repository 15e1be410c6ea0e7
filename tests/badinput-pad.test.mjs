// The bad-input matrix for pad() (issue #12 §4): every argument and option
// with every bad value, and the tensor-shaped failures; see
// tests/support/badinput.js for what each case asserts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, tensor } from '../js/index.js';
import {
  argumentCases, runCases, INTEGER_ENTRY, NOT_A_LIST, NOT_A_TENSOR, CHOICE, detached, shared, offsetView,
} from './support/badinput.js';

await ready();

const X = () => ({ type: 'float32', dims: [2, 3], data: Float32Array.of(1, 2, 3, 4, 5, 6) });
const PADS = [1, 0, 1, 2]; // result dims [4, 5]
const valid = { x: X(), options: { pads: PADS, value: 0.5 } };

const family = {
  invoke: ({ x, options }) => pad(x, options),
  addOut: ({ x, options }, out) => (options !== null && typeof options === 'object' && !('out' in options) &&
    (x?.type === undefined || x.type === 'float32') // the outs are float32
    ? { x, options: { ...options, out } } : null),
  outs: () => {
    const heap = tensor('float32', [4, 5]);
    heap.data.fill(-7);
    return [heap, { type: 'float32', dims: [4, 5], data: new Float32Array(20).fill(-7) }];
  },
  valid,
};

const withOptions = (more) => ({ x: X(), options: { pads: PADS, ...more } });
const ok = (args, label) => ({ label, args, expect: 'ok', same: valid });

const cases = [
  ...argumentCases('x', /^pad: x/, (v) => ({ x: v, options: { pads: PADS } }), NOT_A_TENSOR),
  ...argumentCases('options', /^pad: options/, (v) => ({ x: X(), options: v }), NOT_A_LIST),
  ...argumentCases('options.pads', /^pad: options\.pads/, (v) => ({ x: X(), options: { pads: v } }), NOT_A_LIST),
  ...argumentCases('options.pads[0]', /^pad: options\.pads/, (v) => ({ x: X(), options: { pads: [v, 0, 1, 2], value: 0.5 } }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', bigint: valid }),
  ...argumentCases('options.axes', /^pad: options\.axes/, (v) => withOptions({ axes: v, value: 0.5 }),
    { ...NOT_A_LIST, null: 'default', undefined: 'default' }),
  ...argumentCases('options.axes[0]', /^pad: options\.axes/, (v) => ({ x: X(), options: { pads: [1, 1], axes: [v] } }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', bigint: { x: X(), options: { pads: [1, 1], axes: [1] } } }),
  ...argumentCases('options.mode', /^pad: options\.mode/, (v) => withOptions({ mode: v }), CHOICE),
  ...argumentCases('options.value (float32)', /^pad: options\.value/, (v) => withOptions({ value: v }),
    { null: 'default', undefined: 'default', string: TypeError, bigint: TypeError }),
  ...argumentCases('options.value (int32)', /^pad: options\.value/,
    (v) => ({ x: { type: 'int32', dims: [2], data: Int32Array.of(1, 2) }, options: { pads: [1, 1], value: v } }),
    { null: 'default', undefined: 'default', string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError,
      '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, bigint: TypeError }),
  ...argumentCases('options.value (int64)', /^pad: options\.value/,
    (v) => ({ x: { type: 'int64', dims: [2], data: BigInt64Array.of(1n, 2n) }, options: { pads: [1, 1], value: v } }),
    { null: 'default', undefined: 'default', string: TypeError, NaN: TypeError, Infinity: TypeError, '-Infinity': TypeError,
      '-0': 'same as 0', '1.5': TypeError, '2^53': TypeError }),
  ...argumentCases('options.padsBegin[0]', /^pad: options\.padsBegin/,
    (v) => ({ x: X(), options: { padsBegin: [v, 0], padsEnd: [1, 2], value: 0.5 } }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', bigint: valid }),
  ...argumentCases('options.padsEnd', /^pad: .*options\.padsEnd/,
    (v) => ({ x: X(), options: { padsBegin: [1, 0], padsEnd: v } }), NOT_A_LIST),
  ...argumentCases('options.out', /^pad: options\.out/, (v) => withOptions({ out: v, value: 0.5 }),
    { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
  { label: 'unknown option key', args: withOptions({ opSet: 11 }), expect: TypeError, name: /^pad: unknown option "opSet"/ },
  { label: 'dims/data length mismatch', args: { x: { ...X(), data: new Float32Array(5) }, options: { pads: PADS } }, expect: RangeError, name: /^pad: x: dims \[2, 3\] need 6/ },
  { label: 'huge dims', args: { x: { type: 'float32', dims: [2 ** 30, 2 ** 30, 2 ** 30], data: new Float32Array(1) }, options: { pads: [0, 0, 0, 0, 0, 0] } }, expect: RangeError, name: /^pad: x/ },
  { label: 'dims entry 2^53', args: { x: { type: 'float32', dims: [2 ** 53], data: new Float32Array(1) }, options: { pads: [0, 0] } }, expect: RangeError, name: /^pad: x\.dims/ },
  { label: 'dims entry a string', args: { x: { type: 'float32', dims: ['2', 3], data: new Float32Array(6) }, options: { pads: PADS } }, expect: TypeError, name: /^pad: x\.dims/ },
  { label: 'dims not an array', args: { x: { type: 'float32', dims: 6, data: new Float32Array(6) }, options: { pads: PADS } }, expect: TypeError, name: /^pad: x\.dims/ },
  { label: 'type unknown', args: { x: { ...X(), type: 'float' }, options: { pads: PADS } }, expect: TypeError, name: /^pad: x\.type/ },
  { label: 'type a prototype key', args: { x: { ...X(), type: '__proto__' }, options: { pads: PADS } }, expect: TypeError, name: /^pad: x\.type/ },
  { label: 'pads { length: 2^40 }', args: { x: X(), options: { pads: { length: 2 ** 40 } } }, expect: RangeError, name: /^pad: options\.pads/ },
  { label: 'pads far too large', args: { x: X(), options: { pads: [0, 0, 2 ** 40, 2 ** 40] } }, expect: RangeError, name: /^pad: (options\.out|the result)/ },
  { label: 'pads crop more than the axis', args: { x: X(), options: { pads: [-3, 0, 0, 0] } }, expect: RangeError, name: /^pad: (options\.)?pads/ },
  { label: 'out of the wrong type', args: withOptions({ out: { type: 'float64', dims: [4, 5], data: new Float64Array(20) } }), expect: TypeError, name: /^pad: options\.out/ },
  { label: 'out of the wrong dims', args: withOptions({ out: { type: 'float32', dims: [5, 4], data: new Float32Array(20) } }), expect: RangeError, name: /^pad: options\.out/ },
  { label: 'out of the wrong length', args: withOptions({ out: { type: 'float32', dims: [4, 5], data: new Float32Array(19) } }), expect: RangeError, name: /^pad: options\.out/ },
  { label: 'out detached', args: withOptions({ out: { type: 'float32', dims: [4, 5], data: detached(Float32Array, 20) } }), expect: RangeError, name: /^pad: options\.out/ },
  { label: 'x detached', args: { x: { ...X(), data: detached(Float32Array, 6) }, options: { pads: PADS } }, expect: RangeError, name: /^pad: x/ },
  { label: 'x data a Proxy of a typed array', args: { x: { ...X(), data: new Proxy(Float32Array.of(1, 2, 3, 4, 5, 6), {}) }, options: { pads: PADS } }, expect: TypeError, name: /^pad: x\.data/ },
  ok({ x: new Proxy(X(), {}), options: new Proxy({ pads: new Proxy(PADS, {}), value: 0.5 }, {}) }, 'Proxy tensor, options and pads'),
  ok({ x: Object.freeze({ ...X(), dims: Object.freeze([2, 3]) }), options: Object.freeze({ pads: Object.freeze([...PADS]), value: 0.5 }) }, 'frozen tensor and options'),
  ok({ x: { ...X(), data: shared(X().data) }, options: { pads: PADS, value: 0.5 } }, 'x data in a SharedArrayBuffer'),
  ok({ x: { ...X(), data: offsetView(X().data, 4) }, options: { pads: PADS, value: 0.5 } }, 'x data at byte offset 4'),
  ok({ x: X(), options: { pads: BigInt64Array.of(1n, 0n, 1n, 2n), value: 0.5 } }, 'pads as a BigInt64Array'),
  {
    label: 'uint8 data at an odd byte offset', expect: 'ok',
    args: { x: { type: 'uint8', dims: [3], data: offsetView(Uint8Array.of(1, 2, 3), 1) }, options: { pads: [1, 1], mode: 'reflect' } },
    check: (y) => assert.deepEqual([...y.data], [2, 1, 2, 3, 2]),
  },
  {
    label: 'out in a SharedArrayBuffer', expect: 'ok',
    args: withOptions({ value: 0.5, out: { type: 'float32', dims: [4, 5], data: shared(new Float32Array(20)) } }),
    check: (y) => assert.deepEqual([...y.data], [...pad(X(), { pads: PADS, value: 0.5 }).data]),
  },
];

test('pad: bad-input matrix', () => {
  const count = runCases(family, cases);
  assert.ok(count >= 40, `${count} cases`);
});

test('pad: heap tensors that are disposed or overlap', () => {
  const x = tensor('float32', [2, 3], X().data);
  const square = tensor('float32', [2, 3], X().data);
  const gone = tensor('float32', [2, 3]);
  gone.dispose();
  const goneOut = tensor('float32', [4, 5]);
  goneOut.dispose();
  try {
    runCases({ ...family, valid: { x, options: { pads: PADS, value: 0.5 } } }, [
      { label: 'disposed x', args: { x: gone, options: { pads: PADS } }, expect: TypeError, name: /^pad: x: .*disposed/ },
      { label: 'disposed out', args: { x, options: { pads: PADS, out: goneOut } }, expect: TypeError, name: /^pad: options\.out: .*disposed/ },
      { label: 'out is x', args: { x: square, options: { pads: [0, 0, 0, 0], out: square } }, expect: RangeError, name: /^pad: options\.out overlaps x/ },
      { label: 'heap x', args: { x, options: { pads: PADS, value: 0.5 } }, expect: 'ok', same: valid },
    ]);
  } finally {
    x.dispose();
    square.dispose();
  }
});
