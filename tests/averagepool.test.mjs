// averagePool() and onnx.run('AveragePool') against the ONNX cases and the
// plain-JS reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, averagePool, onnx, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers, setBandBudget } from '../js/stream.js';
import { referenceAveragePool } from './reference/averagepool.js';
import { onnxCases, decodeTensor, conformanceSkipReason, toleranceFor } from './support/conformance.js';
import { assertClose, assertSameTensor } from './support/compare.js';
import { rng } from './support/random.js';
import { countingCalls } from './support/spy.js';

await ready();
// Results live in uninitialised buffers (js/stream.js): poison them, so a
// byte an operator leaves unwritten fails the exact comparisons below.
poisonFreshBuffers(0xa5);
const skip = conformanceSkipReason();

test('ONNX backend AveragePool cases (25)', { skip }, () => {
  const cases = onnxCases('AveragePool');
  assert.equal(cases.length, 25);
  for (const c of cases) {
    const [y] = onnx.run('AveragePool', c.inputs.map(decodeTensor), c.attributes, { opset: c.opset });
    const expected = decodeTensor(c.outputs[0]);
    // index.json's hint: float32 from numpy/PyTorch (summation order differs: rtol 1e-5, atol 1e-6)
    // or literals rounded to 4 decimals (atol 1e-4).
    const { atol, rtol } = toleranceFor(c.name);
    assertClose(y, expected, atol, c.name, rtol);
  }
});

const f32 = (values, dims) => ({ type: 'float32', dims, data: Float32Array.from(values) });

test('pinned corners of SEMANTICS.md §3.2-3.4', () => {
  const x8 = f32([1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 8]);
  // ceil overhang >= 2: the reference shifts windows; the formulas give {1},{2,3,4},{5,6,7},{8}
  assert.deepEqual(Array.from(averagePool(x8, { kernelShape: [3], strides: [3], pads: [2, 0], ceilMode: true }).data), [1, 3, 6, 8]);
  assert.deepEqual(Array.from(averagePool(x8, { kernelShape: [3], strides: [3], pads: [2, 0], ceilMode: true, countIncludePad: true }).data),
    [Math.fround(1 / 3), 3, 6, 8]);
  const x5 = f32([1, 2, 3, 4, 5], [1, 1, 5]);
  // SAME/VALID with dilations use the effective kernel
  assert.deepEqual(Array.from(averagePool(x5, { kernelShape: [2], dilations: [2], autoPad: 'SAME_UPPER' }).data), [2, 2, 3, 4, 4]);
  assert.deepEqual(Array.from(averagePool(x5, { kernelShape: [2], dilations: [2], autoPad: 'VALID' }).data), [2, 3, 4]);
  // SAME with a negative pad total: P = 0
  assert.deepEqual(Array.from(averagePool(f32([1, 2, 3, 4], [1, 1, 4]), { kernelShape: [1], strides: [2], autoPad: 'SAME_LOWER' }).data), [1, 3]);
  // ceil_mode is ignored with auto_pad (VALID L=5 K=2 s=2 -> 2 outputs, not 3)
  assert.deepEqual(averagePool(x5, { kernelShape: [2], strides: [2], autoPad: 'VALID', ceilMode: true }).dims, [1, 1, 2]);
  // floor mode keeps a window made of end padding: 0 with count_include_pad, NaN without
  const x4 = f32([1, 2, 3, 4], [1, 1, 4]);
  assert.deepEqual(Array.from(averagePool(x4, { kernelShape: [2], strides: [2], pads: [0, 3], countIncludePad: true }).data), [1.5, 3.5, 0]);
  const nan = averagePool(x4, { kernelShape: [2], strides: [2], pads: [0, 3] }).data;
  assert.deepEqual(Array.from(nan.subarray(0, 2)), [1.5, 3.5]);
  assert.ok(Number.isNaN(nan[2]));
  // ceil: the last window starting on the pad is dropped; divisor 9 with count_include_pad (4 data taps)
  const x22 = f32([1, 2, 3, 4], [1, 1, 2, 2]);
  const y = averagePool(x22, { kernelShape: [3, 3], strides: [3, 3], pads: [1, 1, 1, 1], ceilMode: true, countIncludePad: true });
  assert.deepEqual(y.dims, [1, 1, 1, 1]);
  assert.equal(y.data[0], Math.fround(10 / 9));
  // AveragePool-1 never counts the padding
  assert.deepEqual(Array.from(onnx.run('AveragePool', [x4], { kernel_shape: [3], pads: [1, 1] }, { opset: 1 })[0].data), [1.5, 2, 3, 3.5]);
});

test('random configurations match the reference, 1-D to 4-D, every attribute', () => {
  const r = rng(4242);
  const m = wasm();
  let ran = 0;
  for (let trial = 0; trial < 700; trial++) {
    const rank = r.int(1, 4);
    const dims = [r.int(1, 2), r.int(1, 3), ...Array.from({ length: rank }, () => r.int(1, rank > 2 ? 6 : 17))];
    const kernel = Array.from({ length: rank }, () => r.int(1, 4));
    const strides = Array.from({ length: rank }, () => r.int(1, 3));
    const dilations = Array.from({ length: rank }, () => r.int(1, 2));
    const pads = Array.from({ length: 2 * rank }, () => r.int(0, 3));
    const autoPad = r.pick(['NOTSET', 'NOTSET', 'SAME_UPPER', 'SAME_LOWER', 'VALID']);
    const ceil = r.next() < 0.5;
    const cip = r.next() < 0.5;
    const count = dims.reduce((a, b) => a * b, 1);
    const values = Float32Array.from({ length: count }, () => r.next());
    const options = { kernelShape: kernel, strides, dilations, ceilMode: ceil, countIncludePad: cip, autoPad,
      ...(autoPad === 'NOTSET' ? { pads } : {}) };
    const expected = referenceAveragePool(values, dims, { kernel, strides, dilations, ceil, cip, autoPad, pads: autoPad === 'NOTSET' ? pads : undefined });
    const x = { type: 'float32', dims, data: values };
    if (!expected) {
      assert.throws(() => averagePool(x, options), RangeError, JSON.stringify(options));
      continue;
    }
    m._tw_set_simd(0);
    const scalar = averagePool(x, options);
    m._tw_set_simd(1);
    const simd = averagePool(x, options);
    assertSameTensor(simd, scalar, `simd vs scalar ${JSON.stringify(options)}`);
    assertClose(simd, expected, 1e-5, JSON.stringify({ dims, ...options })); // float32 sums of [0,1) data
    const x64 = { type: 'float64', dims, data: Float64Array.from(values) };
    assertClose(averagePool(x64, options), expected, 1e-12, 'float64');
    ran++;
  }
  assert.ok(ran > 400, `${ran} valid configurations`);
});

// A fresh result is computed in bands of output rows (js/stream.js), each an
// ordinary call with shifted pads; a tiny band budget forces many bands on
// small tensors. The resident call (output into a heap tensor) is one whole call.
test('streamed results are bit-identical to one whole call, every attribute and type', () => {
  const r = rng(9191);
  const m = wasm();
  const before = m._tw_heap_bytes_in_use();
  let banded = 0;
  for (let trial = 0; trial < 1500; trial++) {
    const rank = r.int(1, 4);
    // an empty axis now and then: windows of padding only
    const dims = [r.int(1, 2), r.int(1, 3), ...Array.from({ length: rank }, () => (r.next() < 0.04 ? 0 : r.int(1, rank > 2 ? 7 : 14)))];
    const kernel = Array.from({ length: rank }, () => r.int(1, 5));
    const strides = Array.from({ length: rank }, () => r.int(1, 3));
    const dilations = Array.from({ length: rank }, () => (r.next() < 0.7 ? 1 : r.int(1, 3)));
    const pads = Array.from({ length: 2 * rank }, () => r.int(0, 4));
    const autoPad = r.pick(['NOTSET', 'NOTSET', 'NOTSET', 'SAME_UPPER', 'SAME_LOWER', 'VALID']);
    const options = { kernelShape: kernel, strides, dilations, ceilMode: r.next() < 0.5, countIncludePad: r.next() < 0.5,
      autoPad, ...(autoPad === 'NOTSET' ? { pads } : {}) };
    const type = r.pick(['float32', 'float64', 'float16', 'uint8']);
    const count = dims.reduce((a, b) => a * b, 1);
    const data = type === 'float16' ? Uint16Array.from({ length: count }, () => r.int(0, 0x4500))
      : type === 'uint8' ? Uint8Array.from({ length: count }, () => r.int(0, 255))
        : (type === 'float32' ? Float32Array : Float64Array).from({ length: count }, () => (r.next() < 0.01 ? Infinity : r.next() * 8 - 2));
    const x = { type, dims, data };
    let whole;
    try {
      whole = averagePool(x, options);
    } catch (error) {
      assert.ok(error instanceof RangeError, error.message);
      continue;
    }
    const out = tensor(type, whole.dims);
    const hx = tensor(type, dims, data);
    try {
      averagePool(x, { ...options, out });
      assertSameTensor({ type, dims: out.dims, data: out.data }, whole, 'resident vs default budget');
      setBandBudget(r.int(1, 400));
      const streamed = countingCalls(m, '_tw_avgpool', () => averagePool(x, options));
      assertSameTensor(streamed.value, whole, `streamed ${JSON.stringify({ dims, type, ...options })}`);
      assertSameTensor(averagePool(hx, options), whole, 'streamed from a heap tensor');
      if (streamed.calls > dims[0] * dims[1]) banded++;
    } finally {
      setBandBudget();
      out.dispose();
      hx.dispose();
    }
  }
  assert.ok(banded > 200, `${banded} configurations were cut into bands of rows`);
  assert.equal(m._tw_heap_bytes_in_use(), before, 'heap in use');
});

test('streamed with the default budget: a [1, 3, 512, 512] result matches the resident call', () => {
  const r = rng(31);
  const dims = [1, 3, 512, 512];
  const x = { type: 'float32', dims, data: Float32Array.from({ length: 3 * 512 * 512 }, () => r.next()) };
  for (const options of [{ kernelShape: [3, 3], pads: [1, 1, 1, 1] }, { kernelShape: [7, 7], pads: [3, 3, 3, 3], countIncludePad: true },
    { kernelShape: [3, 3], strides: [2, 2], ceilMode: true }, { kernelShape: [5, 5], autoPad: 'SAME_LOWER', dilations: [2, 1] }]) {
    const { value: y, calls } = countingCalls(wasm(), '_tw_avgpool', () => averagePool(x, options));
    assert.ok(calls > 3, `${calls} calls: the result was streamed`);
    const out = tensor('float32', y.dims);
    try {
      averagePool(x, { ...options, out });
      assertSameTensor(y, { type: 'float32', dims: out.dims, data: out.data }, JSON.stringify(options));
    } finally {
      out.dispose();
    }
  }
});

test('float32 stays within 1e-5 of float64 on a large tensor (7x7 and 63-wide windows)', () => {
  const H = 1024;
  const W = 1024;
  const r = rng(5);
  const values = Float32Array.from({ length: H * W }, () => r.next());
  for (const [kh, kw] of [[7, 7], [3, 63]]) {
    const y = averagePool({ type: 'float32', dims: [1, 1, H, W], data: values }, { kernelShape: [kh, kw], pads: [kh >> 1, kw >> 1, kh >> 1, kw >> 1] });
    // exact reference through float64 2-D prefix sums
    const P = new Float64Array((H + 1) * (W + 1));
    for (let i = 0; i < H; i++) for (let j = 0; j < W; j++) P[(i + 1) * (W + 1) + j + 1] = values[i * W + j] + P[i * (W + 1) + j + 1] + P[(i + 1) * (W + 1) + j] - P[i * (W + 1) + j];
    let worst = 0;
    for (let i = 0; i < H; i++) {
      const i0 = Math.max(0, i - (kh >> 1)); const i1 = Math.min(H, i + (kh >> 1) + 1);
      for (let j = 0; j < W; j++) {
        const j0 = Math.max(0, j - (kw >> 1)); const j1 = Math.min(W, j + (kw >> 1) + 1);
        const sum = P[i1 * (W + 1) + j1] - P[i0 * (W + 1) + j1] - P[i1 * (W + 1) + j0] + P[i0 * (W + 1) + j0];
        worst = Math.max(worst, Math.abs(y.data[i * W + j] - sum / ((i1 - i0) * (j1 - j0))));
      }
    }
    assert.ok(worst < 1e-5, `${kh}x${kw}: max error ${worst}`);
  }
});

test('float16, bfloat16 and uint8 (exact sums, half to even)', () => {
  const u8 = { type: 'uint8', dims: [1, 1, 6], data: Uint8Array.of(1, 2, 2, 3, 0, 1) };
  assert.deepEqual(Array.from(averagePool(u8, { kernelShape: [2], strides: [2] }).data), [2, 2, 0]);
  const clamped = { type: 'uint8', dims: [1, 1, 2, 2], data: Uint8ClampedArray.of(255, 255, 255, 254) };
  const yc = averagePool(clamped, { kernelShape: [2, 2] });
  assert.ok(yc.data instanceof Uint8ClampedArray);
  assert.deepEqual(Array.from(yc.data), [255]); // 254.75 -> 255
  const half = { type: 'float16', dims: [1, 1, 2], data: Uint16Array.of(0x3c00, 0x4000) }; // [1, 2]
  assert.deepEqual(Array.from(averagePool(half, { kernelShape: [2] }).data), [0x3e00]); // 1.5
  const bf = { type: 'bfloat16', dims: [1, 1, 3], data: Uint16Array.of(0x3f80, 0x4000, 0x4040) }; // [1, 2, 3]
  assert.deepEqual(Array.from(averagePool(bf, { kernelShape: [3] }).data), [0x4000]);
  assert.throws(() => onnx.run('AveragePool', [bf], { kernel_shape: [3] }, { opset: 19 }), /does not take bfloat16/);
  assert.deepEqual(Array.from(onnx.run('AveragePool', [bf], { kernel_shape: [3] }, { opset: 22 })[0].data), [0x4000]);
  assert.throws(() => onnx.run('AveragePool', [u8], { kernel_shape: [2] }, { opset: 22 }), /does not take uint8/);
  assert.throws(() => averagePool({ type: 'int32', dims: [1, 1, 2], data: Int32Array.of(1, 2) }, { kernelShape: [2] }), TypeError);
});

test('heap tensors in and out', () => {
  const x = tensor('float32', [1, 1, 4, 4], Float32Array.from({ length: 16 }, (_, i) => i));
  const y = tensor('float32', [1, 1, 2, 2]);
  try {
    assert.equal(averagePool(x, { kernelShape: [2, 2], strides: [2, 2], out: y }), y);
    assert.deepEqual(Array.from(y.data), [2.5, 4.5, 10.5, 12.5]);
  } finally {
    x.dispose();
    y.dispose();
  }
});

test('bad input throws TypeError/RangeError naming the argument; the heap is unchanged', () => {
  const x = f32(new Array(16).fill(1), [1, 1, 4, 4]);
  const before = wasm()._tw_heap_bytes_in_use();
  const cases = [
    [() => averagePool(x, {}), TypeError, /kernelShape is required/],
    [() => averagePool(x, { kernelShape: [0, 2] }), RangeError, /kernelShape entries must be >= 1/],
    [() => averagePool(x, { kernelShape: [2] }), RangeError, /kernelShape needs 2 entries/],
    [() => averagePool(x, { kernelShape: [2, 2], strides: [0, 1] }), RangeError, /strides entries must be >= 1/],
    [() => averagePool(x, { kernelShape: [2, 2], dilations: [1, -1] }), RangeError, /dilations/],
    [() => averagePool(x, { kernelShape: [2, 2], pads: [1, 1] }), RangeError, /pads needs 4 entries/],
    [() => averagePool(x, { kernelShape: [2, 2], pads: [0, 0, -1, 0] }), RangeError, /pads entries must be >= 0/],
    [() => averagePool(x, { kernelShape: [6, 2] }), RangeError, /options\.kernelShape\[0\] = 6: the effective kernel .* = 6 is larger than the padded input \(length 4 \+ pads 0 \+ 0\)/],
    // ceil_mode would give this axis one window (SEMANTICS §3.2), but a kernel larger than the padded input is an error
    [() => averagePool(f32([1, 2, 3], [1, 1, 3]), { kernelShape: [3], strides: [2], dilations: [2], pads: [1, 0], ceilMode: true }), RangeError, /effective kernel .* = 5 is larger than the padded input \(length 3 \+ pads 1 \+ 0\)/],
    // an empty axis without begin padding: ceil_mode drops the only window
    [() => averagePool(f32([], [1, 1, 0]), { kernelShape: [2], pads: [0, 2], ceilMode: true }), RangeError, /spatial axis 0: its only window would start in the end padding/],
    [() => averagePool(x, { kernelShape: [2, 2], autoPad: 'SAME' }), TypeError, /autoPad/],
    [() => averagePool(x, { kernelShape: [2, 2], pads: [1, 1, 1, 1], autoPad: 'VALID' }), TypeError, /cannot be combined/],
    [() => averagePool(x, { kernelShape: [2, 2], ceilMode: 'yes' }), TypeError, /ceilMode/],
    [() => averagePool(f32([1, 2], [2]), { kernelShape: [1] }), RangeError, /rank >= 3/],
    [() => onnx.run('AveragePool', [x], { kernel_shape: [2, 2], dilations: [1, 1] }, { opset: 18 }), TypeError, /no attribute "dilations"/],
    [() => onnx.run('AveragePool', [x], { kernel_shape: [2, 2], ceil_mode: 1 }, { opset: 7 }), TypeError, /no attribute "ceil_mode"/],
    [() => onnx.run('AveragePool', [x], { kernel_shape: [2, 2], count_include_pad: 1 }, { opset: 1 }), TypeError, /count_include_pad/],
  ];
  for (const [run, ErrorClass, message] of cases) {
    assert.throws(run, (e) => e instanceof ErrorClass && message.test(e.message), String(message));
    assert.equal(wasm()._tw_heap_bytes_in_use(), before);
  }
  assert.deepEqual(Array.from(averagePool(x, { kernelShape: [4, 4] }).data), [1]);
});
