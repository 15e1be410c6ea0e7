// The bad-input matrix for gridSample() (issue #12 §4); see
// tests/support/badinput.js for what each case asserts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, gridSample, tensor } from '../js/index.js';
import {
  argumentCases, runCases, NOT_A_LIST, NOT_A_TENSOR, CHOICE, flagCases, detached, shared, offsetView,
} from './support/badinput.js';

await ready();

const X = () => ({ type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(1, 2, 3, 4) });
// Two output points: a corner and a point outside x (so fillValue shows).
const GRID = () => ({ type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(-1, -1, 3, 0.25) });
const valid = { x: X(), grid: GRID(), options: { alignCorners: true, fillValue: 0.5 } };
const X_INT = () => ({ type: 'int32', dims: [1, 1, 1, 2], data: Int32Array.of(5, 6) });
const X_BOOL = () => ({ type: 'bool', dims: [1, 1, 1, 2], data: Uint8Array.of(1, 0) });

const family = {
  invoke: ({ x, grid, options }) => gridSample(x, grid, options),
  addOut: ({ x, grid, options }, out) => {
    if (x?.type !== undefined && x.type !== 'float32') return null; // the outs are float32
    if (options === undefined) return { x, grid, options: { out } };
    return options !== null && typeof options === 'object' && !('out' in options) ? { x, grid, options: { ...options, out } } : null;
  },
  outs: () => {
    const heap = tensor('float32', [1, 1, 1, 2]);
    heap.data.fill(-7);
    return [heap, { type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(-7, -7) }];
  },
  valid,
};

const withOptions = (more) => ({ x: X(), grid: GRID(), options: { alignCorners: true, fillValue: 0.5, ...more } });
const ok = (args, label) => ({ label, args, expect: 'ok', same: valid });
const intFill = (v) => ({ x: X_INT(), grid: GRID(), options: { mode: 'nearest', alignCorners: true, fillValue: v } });
const boolFill = (v) => ({ x: X_BOOL(), grid: GRID(), options: { mode: 'nearest', alignCorners: true, fillValue: v } });

const cases = [
  ...argumentCases('x', /^gridSample: x/, (v) => ({ x: v, grid: GRID() }), NOT_A_TENSOR),
  ...argumentCases('grid', /^gridSample: grid/, (v) => ({ x: X(), grid: v }), NOT_A_TENSOR),
  ...argumentCases('options', /^gridSample: options/, (v) => ({ x: X(), grid: GRID(), options: v }), { ...NOT_A_LIST, undefined: 'default' }),
  ...argumentCases('options.mode', /^gridSample: options\.mode/, (v) => withOptions({ mode: v }), CHOICE),
  ...argumentCases('options.paddingMode', /^gridSample: options\.paddingMode/, (v) => withOptions({ paddingMode: v, fillValue: undefined }), CHOICE),
  ...flagCases('gridSample', 'alignCorners', withOptions),
  ...argumentCases('options.fillValue (float32)', /^gridSample: options\.fillValue/, (v) => withOptions({ fillValue: v }),
    { null: 'default', undefined: 'default', string: TypeError, '-0': 'ok', bigint: TypeError }),
  ...argumentCases('options.fillValue (int32)', /^gridSample: options\.fillValue/, intFill,
    { null: 'default', undefined: 'default', string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError,
      '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, bigint: TypeError }),
  ...argumentCases('options.fillValue (bool)', /^gridSample: options\.fillValue/, boolFill,
    { null: 'default', undefined: 'default', string: TypeError, NaN: TypeError, Infinity: TypeError, '-Infinity': TypeError,
      '-0': 'same as 0', '1.5': TypeError, '2^53': TypeError, negative: TypeError, bigint: TypeError }),
  ...argumentCases('options.out', /^gridSample: options\.out/, (v) => withOptions({ out: v }),
    { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
  ...argumentCases('x.dims', /^gridSample: x\.dims/, (v) => ({ x: { ...X(), dims: v }, grid: GRID() }), NOT_A_LIST),
  ...argumentCases('grid.dims[1]', /^gridSample: grid/, (v) => ({ x: X(), grid: { ...GRID(), dims: [1, v, 2, 2] } }),
    { null: TypeError, undefined: TypeError, string: TypeError, bigint: { x: X(), grid: GRID() } }, RangeError),
  { label: 'unknown option key', args: withOptions({ padding: 'border' }), expect: TypeError, name: /^gridSample: unknown option "padding"/ },
  { label: 'fillValue with paddingMode border', args: withOptions({ paddingMode: 'border' }), expect: TypeError, name: /^gridSample: options\.fillValue/ },
  { label: 'int32 fillValue out of range', args: intFill(2 ** 31), expect: RangeError, name: /^gridSample: options\.fillValue/ },
  { label: 'bool x with mode linear', args: { x: X_BOOL(), grid: GRID(), options: { mode: 'linear' } }, expect: TypeError, name: /^gridSample: (x|bool)/ },
  { label: 'x of rank 2', args: { x: { type: 'float32', dims: [2, 2], data: new Float32Array(4) }, grid: GRID() }, expect: RangeError, name: /^gridSample: x/ },
  { label: 'x of a type that cannot be sampled', args: { x: { type: 'int4', dims: [1, 1, 2, 2], data: new Uint8Array(2) }, grid: GRID() }, expect: TypeError, name: /^gridSample: x/ },
  { label: 'grid of an integer type', args: { x: X(), grid: { type: 'int32', dims: [1, 1, 2, 2], data: new Int32Array(4) } }, expect: TypeError, name: /^gridSample: grid/ },
  { label: 'grid last axis not the spatial rank', args: { x: X(), grid: { type: 'float32', dims: [1, 1, 1, 4], data: new Float32Array(4) } }, expect: RangeError, name: /^gridSample: grid/ },
  { label: 'grid batch differs from x', args: { x: X(), grid: { type: 'float32', dims: [2, 1, 1, 2], data: new Float32Array(4) } }, expect: RangeError, name: /^gridSample: grid/ },
  { label: 'x dims/data length mismatch', args: { x: { ...X(), data: new Float32Array(3) }, grid: GRID() }, expect: RangeError, name: /^gridSample: x: dims/ },
  { label: 'grid dims/data length mismatch', args: { x: X(), grid: { ...GRID(), data: new Float32Array(5) } }, expect: RangeError, name: /^gridSample: grid: dims/ },
  { label: 'huge x dims', args: { x: { type: 'float32', dims: [1, 2 ** 26, 2 ** 26, 2 ** 26], data: new Float32Array(4) }, grid: GRID() }, expect: RangeError, name: /^gridSample: x/ },
  {
    label: 'huge grid (result over 4 GiB)',
    args: { x: { type: 'float32', dims: [1, 2 ** 20, 1, 1], data: new Float32Array(2 ** 20) }, grid: { type: 'float32', dims: [1, 1, 2 ** 10, 2], data: new Float32Array(2 ** 11) } },
    expect: RangeError, name: /^gridSample: (the result|options\.out)/,
  },
  { label: 'out of the wrong type', args: withOptions({ out: { type: 'float64', dims: [1, 1, 1, 2], data: new Float64Array(2) } }), expect: TypeError, name: /^gridSample: options\.out/ },
  { label: 'out of the wrong dims', args: withOptions({ out: { type: 'float32', dims: [1, 1, 2, 1], data: new Float32Array(2) } }), expect: RangeError, name: /^gridSample: options\.out/ },
  { label: 'out of the wrong length', args: withOptions({ out: { type: 'float32', dims: [1, 1, 1, 2], data: new Float32Array(3) } }), expect: RangeError, name: /^gridSample: options\.out/ },
  { label: 'out detached', args: withOptions({ out: { type: 'float32', dims: [1, 1, 1, 2], data: detached(Float32Array, 2) } }), expect: RangeError, name: /^gridSample: options\.out/ },
  { label: 'x detached', args: { x: { ...X(), data: detached(Float32Array, 4) }, grid: GRID() }, expect: RangeError, name: /^gridSample: x/ },
  { label: 'grid detached', args: { x: X(), grid: { ...GRID(), data: detached(Float32Array, 4) } }, expect: RangeError, name: /^gridSample: grid/ },
  { label: 'grid data a Proxy', args: { x: X(), grid: { ...GRID(), data: new Proxy(GRID().data, {}) } }, expect: TypeError, name: /^gridSample: grid\.data/ },
  ok({ x: new Proxy(X(), {}), grid: new Proxy(GRID(), {}), options: new Proxy({ alignCorners: true, fillValue: 0.5 }, {}) }, 'Proxy tensors and options'),
  ok({ x: Object.freeze(X()), grid: Object.freeze(GRID()), options: Object.freeze({ alignCorners: true, fillValue: 0.5 }) }, 'frozen tensors and options'),
  ok({ x: { ...X(), data: shared(X().data) }, grid: { ...GRID(), data: shared(GRID().data) }, options: { alignCorners: true, fillValue: 0.5 } }, 'SharedArrayBuffer data'),
  ok({ x: { ...X(), data: offsetView(X().data, 12) }, grid: { ...GRID(), data: offsetView(GRID().data, 4) }, options: { alignCorners: true, fillValue: 0.5 } }, 'data at byte offsets 12 and 4'),
  {
    label: 'the valid result', expect: 'ok', args: valid,
    check: (y) => assert.deepEqual([...y.data], [1, 0.5]),
  },
  {
    label: 'uint8 x at an odd byte offset', expect: 'ok',
    args: { x: { type: 'uint8', dims: [1, 1, 1, 3], data: offsetView(Uint8Array.of(10, 20, 30), 3) }, grid: { type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(1, 0) }, options: { mode: 'nearest', alignCorners: true } },
    check: (y) => assert.deepEqual([...y.data], [30]),
  },
  {
    label: 'out in a SharedArrayBuffer', expect: 'ok',
    args: withOptions({ out: { type: 'float32', dims: [1, 1, 1, 2], data: shared(new Float32Array(2)) } }),
    check: (y) => assert.deepEqual([...y.data], [1, 0.5]),
  },
  {
    label: 'int32 fillValue', expect: 'ok', args: intFill(-3),
    check: (y) => assert.deepEqual([...y.data], [5, -3]),
  },
];

test('gridSample: bad-input matrix', () => {
  const count = runCases(family, cases);
  assert.ok(count >= 40, `${count} cases`);
});

test('gridSample: heap tensors that are disposed or overlap', () => {
  const x = tensor('float32', [1, 1, 2, 2], X().data);
  const grid = tensor('float32', [1, 1, 2, 2], GRID().data);
  const square = tensor('float32', [1, 2, 2, 2], new Float32Array(8)); // grid dims [1, Ho, Wo, 2] = out dims [1, C, Ho, Wo]
  const squareX = tensor('float32', [1, 2, 2, 2], new Float32Array(8));
  const gone = tensor('float32', [1, 1, 2, 2]);
  gone.dispose();
  const goneOut = tensor('float32', [1, 1, 1, 2]);
  goneOut.dispose();
  try {
    runCases({ ...family, valid: { x, grid, options: { alignCorners: true, fillValue: 0.5 } } }, [
      { label: 'disposed x', args: { x: gone, grid }, expect: TypeError, name: /^gridSample: x: .*disposed/ },
      { label: 'disposed grid', args: { x, grid: gone }, expect: TypeError, name: /^gridSample: grid: .*disposed/ },
      { label: 'disposed out', args: { x, grid, options: { out: goneOut } }, expect: TypeError, name: /^gridSample: options\.out: .*disposed/ },
      { label: 'out is grid', args: { x: squareX, grid: square, options: { out: square } }, expect: RangeError, name: /^gridSample: options\.out overlaps grid/ },
      { label: 'out is x', args: { x: squareX, grid: square, options: { out: squareX } }, expect: RangeError, name: /^gridSample: options\.out overlaps x/ },
      { label: 'heap x and grid', args: { x, grid, options: { alignCorners: true, fillValue: 0.5 } }, expect: 'ok', same: valid },
    ]);
  } finally {
    for (const t of [x, grid, square, squareX]) t.dispose();
  }
});
