// Every Pad case in ../shared/conformance: the ONNX backend tests (Pad-2 and
// Pad-25), the spec's worked examples, and OpenVINO's Pad reference vectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, onnx } from '../js/index.js';
import { onnxCases, readJson, decodeTensor, conformanceSkipReason, conformanceFound } from './support/conformance.js';
import { assertSameTensor } from './support/compare.js';

await ready();
const skip = conformanceSkipReason();

test('ONNX backend Pad cases (bit-exact)', { skip }, () => {
  const cases = onnxCases('Pad');
  assert.equal(cases.length, 11, 'expected the 11 Pad cases');
  for (const c of cases) {
    const inputs = c.inputs.map(decodeTensor);
    const [y] = onnx.run('Pad', inputs, c.attributes, { opset: c.opset });
    assertSameTensor(y, decodeTensor(c.outputs[0]), c.name);
  }
});

const float32 = (rows) => ({ type: 'float32', dims: [rows.length, rows[0].length], data: Float32Array.from(rows.flat()) });

test('ONNX Pad spec examples (seed-examples.json)', { skip }, () => {
  const seeds = conformanceFound ? readJson('seed-examples.json') : { onnx_pad: [], onnx_pad_legacy_doc_examples: [] };
  assert.ok(seeds.onnx_pad.length >= 8);
  for (const ex of seeds.onnx_pad) {
    const x = float32(ex.data);
    const value = ex.constant_value === null ? null : { type: 'float32', dims: [], data: Float32Array.of(ex.constant_value) };
    const [y] = onnx.run('Pad', [x, ex.pads, value], { mode: ex.mode }, { opset: 19 });
    assertSameTensor(y, float32(ex.expected_output), ex.id);
    assertSameTensor(pad(x, { pads: ex.pads, mode: ex.mode, value: ex.constant_value ?? 0 }), y, `${ex.id} via pad()`);
  }
  // Pad-1/Pad-2 examples: the stated layout is normative (SEMANTICS.md §1.2).
  const [pad1, pad2] = seeds.onnx_pad_legacy_doc_examples;
  assertSameTensor(onnx.run('Pad', [float32(pad1.data)], pad1.attribute, { opset: 1 })[0],
    float32(pad1.expected_output_by_stated_layout), pad1.id);
  assertSameTensor(onnx.run('Pad', [float32(pad2.data)], pad2.attribute, { opset: 2 })[0],
    float32(pad2.expected_output), pad2.id);
});

test('OpenVINO Pad-12 spec examples (pad-then-crop)', { skip }, () => {
  const seeds = conformanceFound ? readJson('seed-examples.json') : { openvino_pad12: [] };
  assert.equal(seeds.openvino_pad12.length, 12);
  for (const ex of seeds.openvino_pad12) {
    const x = { type: 'int64', dims: [3, 4], data: BigInt64Array.from(ex.data.flat(), BigInt) };
    const y = pad(x, { padsBegin: ex.pads_begin, padsEnd: ex.pads_end, mode: ex.pad_mode, value: ex.pad_value });
    const rows = ex.printed_output;
    assertSameTensor(y, { type: 'int64', dims: [rows.length, rows[0].length], data: BigInt64Array.from(rows.flat(), BigInt) }, ex.id);
  }
});

// Every type OpenVINO instantiates these vectors for that we can hold exactly.
const OV_TYPES = ['float32', 'float64', 'float16', 'bfloat16', 'int16', 'int32', 'int64', 'uint16', 'uint32', 'uint64', 'int8', 'uint8'];

function ovTensor(type, dims, values) {
  switch (type) {
    case 'int64': return { type, dims, data: BigInt64Array.from(values, BigInt) };
    case 'uint64': return { type, dims, data: BigUint64Array.from(values, BigInt) };
    case 'float16': case 'bfloat16': {
      // Small integers: encode through pad() itself would be circular, so build the bits directly.
      const f32 = new Float32Array(values);
      const u32 = new Uint32Array(f32.buffer);
      const bits = type === 'bfloat16' ? Uint16Array.from(u32, (u) => u >>> 16) : Uint16Array.from(values, halfBits);
      return { type, dims, data: bits };
    }
    default: return { type, dims, data: new { float32: Float32Array, float64: Float64Array, int16: Int16Array, int32: Int32Array, uint16: Uint16Array, uint32: Uint32Array, int8: Int8Array, uint8: Uint8Array }[type](values) };
  }
}

function halfBits(v) { // exact for the small integers in these vectors
  if (v === 0) return 0;
  const sign = v < 0 ? 0x8000 : 0;
  const a = Math.abs(v);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}

test('OpenVINO Pad reference vectors (pad_reference_tests.json), every numeric type', { skip }, () => {
  const { cases } = conformanceFound ? readJson('openvino/pad_reference_tests.json') : { cases: [] };
  assert.equal(cases.length, 77);
  let checked = 0;
  for (const c of cases) {
    for (const type of OV_TYPES) {
      const values = c.data.data;
      const fits = type.startsWith('float') || type === 'bfloat16' || values.every((v) => v >= (type.startsWith('u') ? 0 : -128) && v <= 127);
      const valueFits = c.pad_value === null || type.startsWith('float') || type === 'bfloat16' || (c.pad_value >= (type.startsWith('u') ? 0 : -128) && c.pad_value <= 127);
      if (!fits || !valueFits) continue;
      const x = ovTensor(type, c.data.dims, values);
      const value = c.pad_value === null ? undefined : (type.endsWith('64') && type.includes('int') ? BigInt(c.pad_value) : c.pad_value);
      const run = () => pad(x, { padsBegin: c.pads_begin, padsEnd: c.pads_end, mode: c.pad_mode, value });
      if (c.expected === 'throws') {
        assert.throws(run, RangeError, `${c.name} ${type}`);
      } else {
        assertSameTensor(run(), ovTensor(type, c.expected.dims, c.expected.data), `${c.name} ${type}`);
      }
      checked++;
    }
  }
  assert.ok(checked > 77 * 6, `ran ${checked} case/type pairs`);
});
