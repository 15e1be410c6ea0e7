// pad() and onnx.run('Pad') against the plain-JS reference, bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, onnx, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { referencePad } from './reference/pad.js';
import { assertSameTensor } from './support/compare.js';
import { rng } from './support/random.js';

await ready();
// Results live in uninitialised buffers (js/stream.js): poison them, so a
// byte the wrapper leaves unwritten fails the exact comparisons below.
poisonFreshBuffers(0xa5);

// Element views: every element as a string of its bytes (packed types: its bits).
const BYTES = { uint8: 1, bool: 1, float16: 2, float32: 4, float64: 8, complex64: 8, complex128: 16, int64: 8 };
const PACKED = { int4: 4, uint4: 4, uint2: 2, int2: 2 };
const ARRAY = { uint8: Uint8Array, bool: Uint8Array, float16: Uint16Array, float32: Float32Array, float64: Float64Array, complex64: Float32Array, complex128: Float64Array, int64: BigInt64Array };

function elementsOf(type, data, count) {
  if (type === 'string') return [...data];
  if (PACKED[type]) {
    const bits = PACKED[type];
    const per = 8 / bits;
    return Array.from({ length: count }, (_, i) => (data[Math.floor(i / per)] >> (bits * (i % per))) & ((1 << bits) - 1));
  }
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const size = BYTES[type];
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size).join(','));
}

function randomTensor(r, type, dims) {
  const count = dims.reduce((a, b) => a * b, 1);
  if (type === 'string') return { type, dims, data: Array.from({ length: count }, (_, i) => `s${i}`) };
  if (PACKED[type]) return { type, dims, data: r.bytes(Math.ceil((count * PACKED[type]) / 8)) };
  if (type === 'bool') return { type, dims, data: Uint8Array.from({ length: count }, () => r.int(0, 1)) };
  const bytes = r.bytes(count * BYTES[type]);
  return { type, dims, data: new ARRAY[type](bytes.buffer) };
}

const CONSTANTS = { uint8: 200, bool: true, float16: -1.5, float32: -0, float64: NaN, complex64: [1.5, -2], complex128: [NaN, 3], int64: -5n, string: 'pad', int4: -3, uint4: 9, uint2: 2, int2: -2 };

test('random pads match the reference, both orders, every mode and element size', () => {
  const r = rng(12345);
  const types = [...Object.keys(BYTES), ...Object.keys(PACKED), 'string'];
  let ran = 0;
  for (let trial = 0; trial < 2500; trial++) {
    const type = types[trial % types.length];
    const rank = r.int(1, 6);
    const order = r.next() < 0.5 ? 'onnx' : 'openvino';
    const mode = r.pick(order === 'onnx' ? ['constant', 'reflect', 'edge', 'wrap', 'symmetric'] : ['constant', 'reflect', 'edge', 'symmetric', 'wrap']);
    const dims = Array.from({ length: rank }, () => r.int(rank > 3 ? 1 : 0, rank > 3 ? 3 : 7));
    const begin = dims.map((n) => (r.next() < 0.3 ? 0 : r.int(-n, 2 * n + 2)));
    const end = dims.map((n) => (r.next() < 0.3 ? 0 : r.int(-n, 2 * n + 2)));
    const x = randomTensor(r, type, dims);
    const count = dims.reduce((a, b) => a * b, 1);
    // Constant as the reference sees it: the element form of the value. Encoding values is tested on its own
    // (bit-exact constants below); this test is about where every element goes.
    const constantTensor = pad({ type: x.type, dims: [0], data: type === 'string' ? [] : new x.data.constructor(0) },
      { pads: [1, 0], value: CONSTANTS[type] });
    const constantElement = elementsOf(type, constantTensor.data, 1)[0];
    const expected = referencePad(elementsOf(type, x.data, count), dims, begin, end, mode, order, constantElement);
    let options = order === 'onnx' ? { pads: [...begin, ...end], mode, value: CONSTANTS[type] }
      : { padsBegin: begin, padsEnd: end, mode, value: CONSTANTS[type] };
    if (order === 'onnx' && r.next() < 0.4) {
      // the same pads through `axes`: only the padded axes, shuffled, some negative
      const listed = dims.map((_, d) => d).filter((d) => begin[d] !== 0 || end[d] !== 0 || r.next() < 0.3);
      listed.sort(() => r.next() - 0.5);
      const axes = listed.map((d) => (r.next() < 0.5 ? d - rank : d));
      options = { pads: [...listed.map((d) => begin[d]), ...listed.map((d) => end[d])], axes, mode, value: CONSTANTS[type] };
    }
    if (!expected) {
      assert.throws(() => pad(x, options), RangeError, `${type} ${mode} ${order} dims ${dims} pads ${begin}/${end}`);
      continue;
    }
    const y = pad(x, options);
    assert.deepEqual(y.dims, expected.dims);
    const outCount = expected.dims.reduce((a, b) => a * b, 1);
    assert.deepEqual(elementsOf(type, y.data, outCount), expected.elements, `${type} ${mode} ${order} dims ${dims} pads ${begin}/${end}`);
    ran++;
  }
  assert.ok(ran > 1200, `${ran} valid cases`);
});

test('axes (negative too) place the pads on the listed axes only', () => {
  const x = { type: 'int32', dims: [2, 3, 4], data: Int32Array.from({ length: 24 }, (_, i) => i) };
  const viaAxes = pad(x, { pads: [1, -1, 2, 0], axes: [-1, 0], mode: 'reflect' });
  const full = pad(x, { pads: [-1, 0, 1, 0, 0, 2], mode: 'reflect' });
  assertSameTensor(viaAxes, full);
  const [fromOnnx] = onnx.run('Pad', [x, [1, -1, 2, 0], null, [-1, 0]], { mode: 'reflect' }, { opset: 18 });
  assertSameTensor(fromOnnx, full);
  assert.throws(() => pad(x, { pads: [1, 1, 1, 1], axes: [0, 3] }), /axes: axis 3 is outside \[-3, 2\]/);
  assert.throws(() => pad(x, { pads: [1, 1, 1, 1], axes: [2, -1] }), /axes: repeated axis/);
  assert.throws(() => pad(x, { pads: [1, 1, 1], axes: [2, 1] }), /expected 4 entries/);
});

test('SIMD and scalar kernels agree around the vector width', () => {
  const m = wasm();
  const r = rng(99);
  try {
    for (const type of ['uint8', 'float16', 'float32', 'float64', 'complex128']) {
      for (const width of [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 65]) {
        for (const mode of ['constant', 'reflect', 'edge', 'wrap', 'symmetric']) {
          const x = randomTensor(r, type, [2, Math.max(width, 1)]);
          const p = Math.min(width, 20);
          const options = { pads: [1, p, 1, p + 1], mode, value: CONSTANTS[type] };
          if (mode !== 'constant' && width === 0) continue;
          m._tw_set_simd(0);
          const scalar = pad(x, options);
          m._tw_set_simd(1);
          const simd = pad(x, options);
          assertSameTensor(simd, scalar, `${type} width ${width} ${mode}`);
        }
      }
    }
  } finally {
    m._tw_set_simd(1);
  }
});

test('edge cases: rank 0, empty and length-1 axes, oversized pads', () => {
  const scalar = { type: 'float32', dims: [], data: Float32Array.of(7) };
  assertSameTensor(pad(scalar, { pads: [] }), scalar);
  // an empty axis can be padded with a constant only
  const empty = { type: 'float32', dims: [2, 0], data: new Float32Array(0) };
  assert.deepEqual(Array.from(pad(empty, { pads: [0, 1, 0, 1], value: 3 }).data), [3, 3, 3, 3]);
  assert.throws(() => pad(empty, { pads: [0, 1, 0, 0], mode: 'reflect' }), /axis 1 is empty; reflect/);
  assert.throws(() => pad(empty, { pads: [0, 0, 0, 1], mode: 'edge' }), /axis 1 is empty; edge/);
  assert.throws(() => pad(empty, { pads: [0, 0, 0, 1], mode: 'wrap' }), /axis 1 is empty; wrap/);
  // other empty axes just give an empty result, even in reflect mode
  assert.deepEqual(pad(empty, { pads: [1, 0, 1, 0], mode: 'reflect' }).dims, [4, 0]);
  // reflect on a length-1 axis replicates (SEMANTICS.md §1.7)
  const one = { type: 'int32', dims: [1], data: Int32Array.of(5) };
  assert.deepEqual(Array.from(pad(one, { pads: [2, 3], mode: 'reflect' }).data), [5, 5, 5, 5, 5, 5]);
  // pads larger than the axis: reflect continues periodically (§1.5), wrap is i mod n (§1.6)
  const x = { type: 'int32', dims: [3], data: Int32Array.of(0, 1, 2) };
  assert.deepEqual(Array.from(pad(x, { pads: [1, 8], mode: 'reflect' }).data), [1, 0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2]);
  assert.deepEqual(Array.from(pad({ type: 'int32', dims: [2], data: Int32Array.of(1, 2) }, { pads: [1, 3], mode: 'wrap' }).data), [2, 1, 2, 1, 2, 1]);
  // negative pads crop first (§1.4): [1,2,3,4] with [-1, 2] wrap -> [2,3,4,2,3]; reflect [-1, 3] -> [2,3,4,3,2,3]
  const four = { type: 'int32', dims: [4], data: Int32Array.of(1, 2, 3, 4) };
  assert.deepEqual(Array.from(pad(four, { pads: [-1, 2], mode: 'wrap' }).data), [2, 3, 4, 2, 3]);
  assert.deepEqual(Array.from(pad(four, { pads: [-1, 3], mode: 'reflect' }).data), [2, 3, 4, 3, 2, 3]);
  // the OpenVINO form maps against the original axis instead: [2,3,4,1,2] and [2,3,4,3,2,1] (symmetric for reflect's bound)
  assert.deepEqual(Array.from(pad(four, { padsBegin: [-1], padsEnd: [2], mode: 'wrap' }).data), [2, 3, 4, 1, 2]);
  assert.deepEqual(Array.from(pad(four, { padsBegin: [-1], padsEnd: [3], mode: 'reflect' }).data), [2, 3, 4, 3, 2, 1]);
  // OpenVINO: a crop bigger than the axis is fine while the total stays >= 0
  const six = { type: 'int32', dims: [6], data: Int32Array.of(1, 2, 3, 4, 5, 6) };
  assert.deepEqual(Array.from(pad(six, { padsBegin: [-7], padsEnd: [3], mode: 'reflect' }).data), [4, 3]);
  // ... and a negative total leaves the axis empty, max(n + pb + pe, 0) (SEMANTICS.md §4), in every mode
  const x23 = { type: 'float32', dims: [2, 3], data: Float32Array.of(1, 2, 3, 4, 5, 6) };
  for (const mode of ['constant', 'edge', 'reflect', 'symmetric', 'wrap']) {
    const y = pad(x23, { padsBegin: [-2, 0], padsEnd: [-1, 0], mode });
    assert.deepEqual([y.dims, y.data.length], [[0, 3], 0], mode);
    assert.deepEqual(pad(x23, { padsBegin: [0, -9], padsEnd: [0, 1], mode }).dims, [2, 0], mode);
  }
  // cropping everything leaves an empty tensor; cropping more is an error
  assert.deepEqual(pad(four, { pads: [-2, -2] }).dims, [0]);
  assert.throws(() => pad(four, { pads: [-3, -2] }), RangeError);
});

test('bit-exact constants: -0, NaN payloads, float16/bfloat16 values, 64-bit ints, bool, complex', () => {
  const f32 = { type: 'float32', dims: [1], data: Float32Array.of(1) };
  assert.ok(Object.is(pad(f32, { pads: [1, 0], value: -0 }).data[0], -0));
  const payload = new Float32Array(new Uint32Array([0x7fc01234]).buffer)[0];
  const withPayload = { type: 'float32', dims: [], data: new Float32Array(new Uint32Array([0x7fa00001]).buffer) };
  const [y] = onnx.run('Pad', [f32, [2, 0], withPayload], {}, { opset: 13 });
  assert.deepEqual(Array.from(new Uint32Array(y.data.buffer)), [0x7fa00001, 0x7fa00001, 0x3f800000]);
  const data = { type: 'float32', dims: [2], data: Float32Array.of(payload, -0) };
  assert.deepEqual(Array.from(new Uint32Array(pad(data, { pads: [2, 2], mode: 'reflect' }).data.buffer)),
    [0x7fc01234, 0x80000000, 0x7fc01234, 0x80000000, 0x7fc01234, 0x80000000]);
  const half = { type: 'float16', dims: [1], data: Uint16Array.of(0x3c00) };
  assert.deepEqual(Array.from(pad(half, { pads: [1, 1], value: 0.1 }).data), [0x2e66, 0x3c00, 0x2e66]);
  const bf = { type: 'bfloat16', dims: [1], data: Uint16Array.of(0x3f80) };
  assert.deepEqual(Array.from(pad(bf, { pads: [1, 0], value: -2.5 }).data), [0xc020, 0x3f80]);
  const i64 = { type: 'int64', dims: [1], data: BigInt64Array.of(1n) };
  assert.deepEqual(Array.from(pad(i64, { pads: [1, 1], value: -(2n ** 63n) }).data), [-(2n ** 63n), 1n, -(2n ** 63n)]);
  assert.deepEqual(Array.from(pad(i64, { pads: [1, 0], value: 7 }).data), [7n, 1n]);
  const u64 = { type: 'uint64', dims: [1], data: BigUint64Array.of(1n) };
  assert.deepEqual(Array.from(pad(u64, { pads: [0, 1], value: 2n ** 64n - 1n }).data), [1n, 2n ** 64n - 1n]);
  const bool = { type: 'bool', dims: [2], data: Uint8Array.of(0, 7) }; // any non-zero byte is true
  assert.deepEqual(Array.from(pad(bool, { pads: [1, 1], value: true }).data), [1, 0, 1, 1]);
  assert.deepEqual(Array.from(pad(bool, { pads: [0, 2], mode: 'edge' }).data), [0, 1, 1, 1]);
  const c64 = { type: 'complex64', dims: [1], data: Float32Array.of(1, 2) };
  assert.deepEqual(Array.from(pad(c64, { pads: [1, 0], value: [3, -4] }).data), [3, -4, 1, 2]);
  assert.deepEqual(Array.from(pad(c64, { pads: [1, 0] }).data), [0, 0, 1, 2]);
  const i4 = { type: 'int4', dims: [3], data: Uint8Array.of(0x21, 0x03) }; // [1, 2, 3]
  assert.deepEqual(Array.from(pad(i4, { pads: [1, 0], value: -1 }).data), [0x1f, 0x32]); // [-1, 1, 2, 3]
  const f8 = { type: 'float8e4m3fn', dims: [1], data: Uint8Array.of(0x38) };
  assert.deepEqual(Array.from(pad(f8, { pads: [1, 0], value: 448 }).data), [0x7e, 0x38]);
  const str = { type: 'string', dims: [2], data: ['a', 'b'] };
  assert.deepEqual(pad(str, { pads: [1, 1] }).data, ['', 'a', 'b', '']);
  assert.deepEqual(onnx.run('Pad', [str, [1, 0]], {}, { opset: 13 })[0].data, ['', 'a', 'b']);
});

test('results are JS-owned, keep the input array class, and `out` writes in place', () => {
  const x = { type: 'uint8', dims: [2, 2], data: Uint8ClampedArray.of(1, 2, 3, 4) };
  const y = pad(x, { pads: [0, 1, 0, 1] });
  assert.ok(y.data instanceof Uint8ClampedArray);
  assert.notEqual(y.data.buffer, wasm().HEAPU8.buffer);
  const out = { type: 'uint8', dims: [2, 4], data: new Uint8ClampedArray(8) };
  assert.equal(pad(x, { pads: [0, 1, 0, 1], out }), out);
  assert.deepEqual(Array.from(out.data), [0, 1, 2, 0, 0, 3, 4, 0]);
  assert.throws(() => pad(x, { pads: [0, 1, 0, 1], out: { type: 'uint8', dims: [2, 3], data: new Uint8Array(6) } }), /options.out must be a uint8 tensor of dims \[2, 4\]/);
});

test('heap tensors chain without copies and can be written into', () => {
  const x = tensor('float32', [1, 4], Float32Array.of(1, 2, 3, 4));
  const mid = tensor('float32', [1, 6]);
  const out = tensor('float32', [3, 6]);
  try {
    assert.equal(pad(x, { pads: [0, 1, 0, 1], mode: 'edge', out: mid }), mid);
    assert.deepEqual(Array.from(mid.data), [1, 1, 2, 3, 4, 4]);
    pad(mid, { pads: [1, 0, 1, 0], mode: 'reflect', out });
    assert.deepEqual(Array.from(out.data.subarray(0, 6)), [1, 1, 2, 3, 4, 4]);
    const copy = pad(mid, { pads: [0, 0, 0, 0] });
    assert.ok(copy.data instanceof Float32Array && copy.data.buffer !== wasm().HEAPU8.buffer);
    assert.throws(() => pad(x, { pads: [0, 0, 0, 0], out: x }), /overlaps/);
  } finally {
    x.dispose();
    mid.dispose();
    out.dispose();
  }
  assert.throws(() => pad(x, { pads: [0, 0, 0, 0] }), /disposed/);
  x.dispose(); // idempotent
});

test('onnx.run checks versions, attributes and types', () => {
  const x = { type: 'float32', dims: [2], data: Float32Array.of(1, 2) };
  assert.deepEqual(Array.from(onnx.run('Pad', [x], { paddings: [1, 0], value: 0.1 }, { opset: 1 })[0].data), [Math.fround(0.1), 1, 2]);
  assert.deepEqual(Array.from(onnx.run('Pad', [x], { pads: [0, 1], mode: 'edge' }, { opset: 2 })[0].data), [1, 2, 2]);
  const xh = { type: 'float16', dims: [1], data: Uint16Array.of(0x3c00) };
  // the FLOAT attribute is a float32 value converted to float16: 0.1f -> 0x2e66
  assert.deepEqual(Array.from(onnx.run('Pad', [xh], { pads: [1, 0], value: 0.1 }, { opset: 2 })[0].data), [0x2e66, 0x3c00]);
  assert.throws(() => onnx.run('Pad', [x], { paddings: [1, 0] }, { opset: 2 }), /no attribute "paddings"/);
  assert.throws(() => onnx.run('Pad', [x], { pads: [1, 0] }, { opset: 11 }), /no attribute "pads"/);
  assert.throws(() => onnx.run('Pad', [x, [1, 0]], { mode: 'wrap' }, { opset: 18 }), /mode/);
  assert.deepEqual(Array.from(onnx.run('Pad', [x, [1, 0]], { mode: 'wrap' }, { opset: 19 })[0].data), [2, 1, 2]);
  assert.throws(() => onnx.run('Pad', [x, [1, 0], null, [0]], {}, { opset: 13 }), /expected 2 to 3 inputs/);
  const i32 = { type: 'int32', dims: [1], data: Int32Array.of(1) };
  assert.throws(() => onnx.run('Pad', [i32], { pads: [1, 0] }, { opset: 2 }), /Pad-2 does not take int32/);
  assert.throws(() => onnx.run('Pad', [{ type: 'bool', dims: [1], data: Uint8Array.of(1) }, [1, 0]], {}, { opset: 11 }), /Pad-11 does not take bool/);
  assert.throws(() => onnx.run('Pad', [{ type: 'int4', dims: [1], data: Uint8Array.of(1) }, [1, 0]], {}, { opset: 19 }), /Pad-19 does not take int4/);
  assert.throws(() => onnx.run('Pad', [x, { type: 'int32', dims: [2], data: Int32Array.of(1, 0) }], {}, { opset: 13 }), /expected an int64 tensor/);
  assert.throws(() => onnx.run('Pad', [x, [1, 0], { type: 'float64', dims: [], data: Float64Array.of(1) }], {}, { opset: 13 }), /expected type float32/);
  assert.throws(() => onnx.run('Pad', [x, [1, 0]], {}, { opset: 0 }), /opset must be a positive integer/);
  assert.throws(() => onnx.run('Unknown', [x], {}, { opset: 13 }), TypeError);
});

test('bad input throws TypeError/RangeError naming the argument', () => {
  const x = { type: 'float32', dims: [2, 2], data: new Float32Array(4) };
  const cases = [
    [() => pad(x), TypeError, /options.pads is required/],
    [() => pad(x, { pads: 'abc' }), TypeError, /options.pads: expected an array of integers/],
    [() => pad(x, { pads: [0, 0, 0, NaN] }), RangeError, /options.pads: expected integers, got NaN/],
    [() => pad(x, { pads: [0, 0, 0, Infinity] }), RangeError, /options.pads/],
    [() => pad(x, { pads: [0, 0, 0, 1.5] }), RangeError, /options.pads/],
    [() => pad(x, { pads: [0, 0, 0] }), RangeError, /options.pads: expected 4 entries/],
    [() => pad(x, { pads: [0, 0, 0, 0], mode: 'mirror' }), TypeError, /options.mode/],
    [() => pad(x, { pads: [0, 0, 0, 0], padsBegin: [0, 0], padsEnd: [0, 0] }), TypeError, /not both/],
    [() => pad(x, { padsBegin: [0, 0] }), TypeError, /go together/],
    [() => pad(x, { padsBegin: [0], padsEnd: [0] }), RangeError, /padsBegin needs 2 entries/],
    [() => pad(x, { pads: [0, 0, 0, 0], value: 'a' }), TypeError, /options.value/],
    [() => pad(x, { pads: [0, 0, 0, 0], colour: 1 }), TypeError, /unknown option "colour"/],
    [() => pad({ type: 'float32', dims: [2, 2], data: new Float32Array(3) }, { pads: [0, 0, 0, 0] }), RangeError, /x: dims \[2, 2\] need 4 data entries, got 3/],
    [() => pad({ type: 'float32', dims: [2, 2], data: new Float64Array(4) }, { pads: [0, 0, 0, 0] }), TypeError, /x.data: expected a Float32Array/],
    [() => pad({ type: 'float33', dims: [1], data: new Float32Array(1) }, { pads: [0, 0] }), TypeError, /x.type: unknown element type/],
    [() => pad({ type: 'float32', dims: [-1], data: new Float32Array(0) }, { pads: [0, 0] }), RangeError, /x.dims/],
    [() => pad({ type: 'float32', dims: [1.5], data: new Float32Array(1) }, { pads: [0, 0] }), RangeError, /x.dims/],
    [() => pad({ type: 'uint8', dims: [1], data: new Uint8Array(1) }, { pads: [0, 0], value: 256 }), RangeError, /options.value/],
    [() => pad(x, { pads: [0, 0, 2 ** 40, 2 ** 40] }), RangeError, /the result needs .* bytes, more than wasm memory can hold/],
    [() => pad(x, { pads: [-3, 0, 0, 0] }), RangeError, /negative pads remove 3 elements/],
  ];
  for (const [run, ErrorClass, message] of cases) assert.throws(run, (e) => e instanceof ErrorClass && message.test(e.message), String(message));
});
