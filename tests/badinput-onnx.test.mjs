// The bad-input matrix for onnx.run() (issue #12 §4); see
// tests/support/badinput.js for what each case asserts. onnx.run has no
// `out`, so no case has one to leave unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, onnx, tensor } from '../js/index.js';
import {
  argumentCases, runCases, INTEGER_ENTRY, NOT_A_LIST, NOT_A_TENSOR, CHOICE, detached, shared, offsetView,
} from './support/badinput.js';

await ready();

const X = () => ({ type: 'float32', dims: [2, 3], data: Float32Array.of(1, 2, 3, 4, 5, 6) });
const PADS = () => ({ type: 'int64', dims: [4], data: BigInt64Array.of(1n, 0n, 1n, 2n) });
const valid = { opType: 'Pad', inputs: [X(), PADS()], attributes: { mode: 'edge' }, options: { opset: 19 } };
const X3 = () => ({ type: 'float32', dims: [1, 1, 4], data: Float32Array.of(1, 2, 3, 4) });
const X4 = () => ({ type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(1, 2, 3, 4) });
const GRID = () => ({ type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(-1, -1, 3, 0.25) });

const family = {
  invoke: ({ opType, inputs, attributes, options }) => onnx.run(opType, inputs, attributes, options)[0],
  addOut: () => null,
  outs: () => [],
  valid,
};

const padCall = (more) => ({ ...valid, ...more });
const pool = (attributes) => ({ opType: 'AveragePool', inputs: [X3()], attributes: { kernel_shape: [2], ...attributes }, options: { opset: 22 } });
const sample = (attributes) => ({ opType: 'GridSample', inputs: [X4(), GRID()], attributes, options: { opset: 20 } });
const ok = (args, label) => ({ label, args, expect: 'ok', same: valid });
const BINARY = { null: TypeError, undefined: 'default', string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError,
  '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, negative: RangeError, bigint: TypeError };

const cases = [
  ...argumentCases('opType', /^onnx\.run: unsupported op type/, (v) => padCall({ opType: v }), NOT_A_LIST),
  ...argumentCases('inputs', /^onnx\.run: inputs/, (v) => padCall({ inputs: v }), NOT_A_LIST),
  ...argumentCases('attributes', /^onnx\.run: attributes/, (v) => padCall({ attributes: v }), { ...NOT_A_LIST, undefined: 'default' }),
  ...argumentCases('options', /^onnx\.run: options/, (v) => padCall({ options: v }), { ...NOT_A_LIST, undefined: 'default' }),
  ...argumentCases('options.opset', /^onnx\.run: options\.opset/, (v) => padCall({ options: { opset: v } }),
    { null: TypeError, undefined: 'default', string: TypeError, bigint: TypeError }, RangeError),
  ...argumentCases('input 0 (data)', /^onnx\.run\(Pad-19\): input 0 \(data\)/, (v) => padCall({ inputs: [v, PADS()] }), NOT_A_TENSOR),
  ...argumentCases('input 1 (pads)', /^onnx\.run\(Pad-19\): input 1 \(pads\)/, (v) => padCall({ inputs: [X(), v] }), NOT_A_LIST),
  ...argumentCases('input 1 (pads) entry', /^onnx\.run\(Pad-19\): input 1 \(pads\)/, (v) => padCall({ inputs: [X(), [v, 0, 1, 2]] }),
    { ...INTEGER_ENTRY, '-0': 'same as 0', bigint: valid }),
  ...argumentCases('input 2 (constant_value)', /^onnx\.run\(Pad-19\): input 2 \(constant_value\)/,
    (v) => padCall({ inputs: [X(), PADS(), v], attributes: {} }), { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
  ...argumentCases('input 3 (axes)', /^onnx\.run\(Pad-19\): input 3 \(axes\)/, (v) => padCall({ inputs: [X(), PADS(), null, v] }),
    { ...NOT_A_LIST, null: 'default', undefined: 'default' }),
  ...argumentCases('attribute mode', /^onnx\.run\(Pad-19\): attribute mode/, (v) => padCall({ attributes: { mode: v } }), { ...CHOICE, null: 'default' }),
  ...argumentCases('Pad-2 attribute value', /^onnx\.run\(Pad-2\): attribute value/,
    (v) => ({ opType: 'Pad', inputs: [X()], attributes: { pads: [1, 0, 1, 2], value: v }, options: { opset: 2 } }),
    { null: 'default', undefined: 'default', string: TypeError, bigint: TypeError }),
  ...argumentCases('AveragePool attribute kernel_shape entry', /^onnx\.run\(AveragePool-22\): attribute kernel_shape/,
    (v) => pool({ kernel_shape: [v] }), { ...INTEGER_ENTRY, '-0': RangeError, negative: RangeError, bigint: pool({ kernel_shape: [1] }) }),
  ...argumentCases('AveragePool attribute ceil_mode', /^onnx\.run\(AveragePool-22\): attribute ceil_mode/, (v) => pool({ ceil_mode: v }), BINARY),
  ...argumentCases('AveragePool attribute auto_pad', /^onnx\.run\(AveragePool-22\): attribute auto_pad/, (v) => pool({ auto_pad: v }), { ...CHOICE, null: 'default' }),
  ...argumentCases('GridSample attribute align_corners', /^onnx\.run\(GridSample-20\): attribute align_corners/, (v) => sample({ align_corners: v }), BINARY),
  ...argumentCases('GridSample input 1 (grid)', /^onnx\.run\(GridSample-20\): input 1 \(grid\)/, (v) => ({ ...sample({}), inputs: [X4(), v] }), NOT_A_TENSOR),
  { label: 'unknown option key', args: padCall({ options: { opSet: 11 } }), expect: TypeError, name: /^onnx\.run: unknown option "opSet"/ },
  { label: 'attribute of another version', args: padCall({ attributes: { pads: [1, 1] } }), expect: TypeError, name: /^onnx\.run\(Pad-19\): no attribute "pads"/ },
  { label: 'opset before the operator existed', args: padCall({ opType: 'GridSample', inputs: [X4(), GRID()], attributes: {}, options: { opset: 15 } }), expect: RangeError, name: /^onnx\.run: GridSample does not exist before opset 16/ },
  { label: 'op type a prototype key', args: padCall({ opType: 'constructor' }), expect: TypeError, name: /^onnx\.run: unsupported op type/ },
  { label: 'too many inputs', args: padCall({ inputs: [X(), PADS(), null, null, X()] }), expect: RangeError, name: /^onnx\.run\(Pad-19\): expected 2 to 4 inputs/ },
  { label: 'pads of the wrong length', args: padCall({ inputs: [X(), [1, 1]] }), expect: RangeError, name: /^onnx\.run\(Pad-19\): input 1 \(pads\)|pads/ },
  { label: 'pads a float tensor', args: padCall({ inputs: [X(), { type: 'float32', dims: [4], data: new Float32Array(4) }] }), expect: TypeError, name: /input 1 \(pads\)/ },
  { label: 'pads { length: 2^40 }', args: padCall({ inputs: [X(), { length: 2 ** 40 }] }), expect: TypeError, name: /input 1 \(pads\)/ },
  { label: 'constant_value of another type', args: padCall({ inputs: [X(), PADS(), { type: 'float64', dims: [], data: new Float64Array(1) }], attributes: {} }), expect: TypeError, name: /input 2 \(constant_value\)/ },
  { label: 'data of a type Pad-19 does not take', args: padCall({ inputs: [{ type: 'int4', dims: [2], data: new Uint8Array(1) }, [1, 1]] }), expect: TypeError, name: /^onnx\.run\(Pad-19\): Pad-19 does not take int4/ },
  { label: 'data dims/data mismatch', args: padCall({ inputs: [{ ...X(), data: new Float32Array(5) }, PADS()] }), expect: RangeError, name: /input 0 \(data\): dims/ },
  { label: 'data detached', args: padCall({ inputs: [{ ...X(), data: detached(Float32Array, 6) }, PADS()] }), expect: RangeError, name: /input 0 \(data\)/ },
  { label: 'pads detached', args: padCall({ inputs: [X(), { ...PADS(), data: detached(BigInt64Array, 4) }] }), expect: RangeError, name: /input 1 \(pads\)/ },
  { label: 'GridSample-16 with 5-D X', args: { opType: 'GridSample', inputs: [{ type: 'float32', dims: [1, 1, 1, 1, 1], data: new Float32Array(1) }, { type: 'float32', dims: [1, 1, 1, 1, 3], data: new Float32Array(3) }], attributes: {}, options: { opset: 16 } }, expect: RangeError, name: /GridSample-16 supports 4-D X only/ },
  ok({ ...valid, inputs: new Proxy([new Proxy(X(), {}), new Proxy(PADS(), {})], {}), attributes: new Proxy({ mode: 'edge' }, {}) }, 'Proxy inputs and attributes'),
  ok(Object.freeze({ ...valid, inputs: Object.freeze([Object.freeze(X()), Object.freeze(PADS())]), attributes: Object.freeze({ mode: 'edge' }) }), 'frozen inputs and attributes'),
  ok({ ...valid, inputs: [{ ...X(), data: shared(X().data) }, { ...PADS(), data: shared(PADS().data) }] }, 'SharedArrayBuffer data and pads'),
  ok({ ...valid, inputs: [{ ...X(), data: offsetView(X().data, 4) }, { ...PADS(), data: offsetView(PADS().data, 8) }] }, 'data and pads at byte offsets'),
  ok({ ...valid, inputs: [X(), { type: 'int64', dims: [4], data: BigInt64Array.of(1n, 0n, 1n, 2n) }], options: { opset: 2 ** 31 } }, 'an opset beyond the newest resolves to the newest'),
  {
    label: 'the valid result', expect: 'ok', args: valid,
    check: (y) => assert.deepEqual([...y.data], [1, 2, 3, 3, 3, 1, 2, 3, 3, 3, 4, 5, 6, 6, 6, 4, 5, 6, 6, 6]),
  },
];

test('onnx.run: bad-input matrix', () => {
  const count = runCases(family, cases);
  assert.ok(count >= 40, `${count} cases`);
});

test('onnx.run: heap tensors that are disposed', () => {
  const x = tensor('float32', [2, 3], X().data);
  const gone = tensor('float32', [2, 3]);
  gone.dispose();
  const gonePads = tensor('int64', [4]);
  gonePads.dispose();
  try {
    runCases({ ...family, valid: { ...valid, inputs: [x, PADS()] } }, [
      { label: 'disposed data', args: padCall({ inputs: [gone, PADS()] }), expect: TypeError, name: /input 0 \(data\): .*disposed/ },
      { label: 'disposed pads', args: padCall({ inputs: [x, gonePads] }), expect: TypeError, name: /input 1 \(pads\): .*disposed/ },
      { label: 'heap data', args: padCall({ inputs: [x, PADS()] }), expect: 'ok', same: valid },
    ]);
  } finally {
    x.dispose();
  }
});
