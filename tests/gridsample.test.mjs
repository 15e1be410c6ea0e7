// gridSample() and onnx.run('GridSample') against the ONNX cases and the
// plain-JS reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, gridSample, onnx, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers, setBandBudget } from '../js/stream.js';
import { referenceGridSample } from './reference/gridsample.js';
import { onnxCases, decodeTensor, conformanceSkipReason, toleranceFor } from './support/conformance.js';
import { assertClose, assertSameTensor } from './support/compare.js';
import { rng } from './support/random.js';
import { countingCalls } from './support/spy.js';

await ready();
// Results live in uninitialised buffers (js/stream.js): poison them, so a
// byte an operator leaves unwritten fails the exact comparisons below.
poisonFreshBuffers(0xa5);
const skip = conformanceSkipReason();
const MODES = ['linear', 'nearest', 'cubic'];
const PADDINGS = ['zeros', 'border', 'reflection', 'wrap'];

test('ONNX backend GridSample cases (18)', { skip }, () => {
  const cases = onnxCases('GridSample');
  assert.equal(cases.length, 18);
  for (const c of cases) {
    const [y] = onnx.run('GridSample', c.inputs.map(decodeTensor), c.attributes, { opset: c.opset });
    const { atol, rtol } = toleranceFor(c.name); // the expected values are PyTorch literals rounded to 4 decimals
    assertClose(y, decodeTensor(c.outputs[0]), atol, c.name, rtol);
  }
});

/** A grid with values beyond ±1, exact edges, ties, and (optionally) non-finite entries. */
function randomGrid(r, n, outDims, rank, D, special) {
  const count = n * outDims.reduce((a, b) => a * b, 1) * rank;
  return Float32Array.from({ length: count }, (_, i) => {
    const roll = r.next();
    if (special && roll < 0.03) return r.pick([NaN, Infinity, -Infinity]);
    if (roll < 0.15) return r.pick([-1, 1, 0, -1.3, 1.3]);
    if (roll < 0.35) { // a tie: x = k + 0.5 in pixel space (align_corners 0) for this axis
      const L = D[rank - 1 - (i % rank)];
      return Math.fround((2 * r.int(-1, L) + 2) / L - 1);
    }
    return Math.fround((r.next() * 2 - 1) * 1.3);
  });
}

/**
 * gridSample with the scalar kernels, then with the SIMD kernels; asserts
 * the two agree bit for bit and returns the SIMD result.
 */
function sameWithAndWithoutSimd(x, grid, options, label) {
  const m = wasm();
  let scalar;
  try {
    m._tw_set_simd(0);
    scalar = gridSample(x, grid, options);
  } finally {
    m._tw_set_simd(1);
  }
  const simd = gridSample(x, grid, options);
  assertSameTensor(simd, scalar, `SIMD vs scalar ${label}`);
  return simd;
}

/**
 * A float32 grid over output dims [Ho, Wo] (r = 2) or [Do, Ho, Wo] (r = 3):
 * the centred output positions scaled by `scale`, rotated by `angle` degrees
 * in the (x, y) plane (depth is only scaled).
 */
function rotationGrid(outDims, angle, scale) {
  const rank = outDims.length;
  const th = (angle * Math.PI) / 180;
  const centred = (k, n) => ((2 * k + 1) / n - 1) * scale;
  const [Wo, Ho] = [outDims[rank - 1], outDims[rank - 2]];
  const points = outDims.reduce((a, b) => a * b, 1);
  const data = new Float32Array(points * rank);
  for (let p = 0; p < points; p++) {
    const u = centred(p % Wo, Wo);
    const v = centred(Math.floor(p / Wo) % Ho, Ho);
    data[p * rank] = Math.cos(th) * u - Math.sin(th) * v;
    data[p * rank + 1] = Math.sin(th) * u + Math.cos(th) * v;
    if (rank === 3) data[p * rank + 2] = centred(Math.floor(p / (Wo * Ho)), outDims[0]);
  }
  return { type: 'float32', dims: [1, ...outDims, rank], data };
}

test('random cases match the reference: r = 1..4, every mode x padding x align_corners, NaN/Inf grids', () => {
  const r = rng(2024);
  for (let trial = 0; trial < 400; trial++) {
    const rank = (trial % 4) + 1;
    const D = Array.from({ length: rank }, () => r.int(1, rank > 2 ? 4 : 7));
    const O = Array.from({ length: rank }, () => r.int(1, rank > 2 ? 3 : 9));
    const N = r.int(1, 2);
    const C = r.int(1, 3);
    const mode = MODES[trial % 3];
    const padding = PADDINGS[Math.floor(trial / 3) % 4];
    const align = r.next() < 0.5;
    const xData = Float32Array.from({ length: N * C * D.reduce((a, b) => a * b, 1) }, () => Math.fround(r.next() * 4 - 2));
    const gridData = randomGrid(r, N, O, rank, D, true);
    const x = { type: 'float32', dims: [N, C, ...D], data: xData };
    const grid = { type: 'float32', dims: [N, ...O, rank], data: gridData };
    const options = { mode, paddingMode: padding, alignCorners: align };
    const expected = referenceGridSample(x, grid, { mode, padding, align, f32coords: true });
    const label = `${mode}/${padding}/align ${align} D ${D} O ${O}`;
    const simd = sameWithAndWithoutSimd(x, grid, options, label);
    // float32 weights and sums against a float64 sum of at most 4^r terms of size <= 2 * 1.5^r
    assertClose(simd, expected, 2e-5 * 4 ** rank, label);
    const x64 = { type: 'float64', dims: x.dims, data: Float64Array.from(xData) };
    const g64 = { type: 'float64', dims: grid.dims, data: Float64Array.from(gridData) };
    assertClose(gridSample(x64, g64, options), referenceGridSample(x64, g64, { mode, padding, align }), 1e-10, `float64 ${label}`);
  }
});

// A fresh result is computed in bands of output rows (js/stream.js); a tiny
// band budget forces many bands on small tensors. The resident call (output
// into a heap tensor) is one whole call.
test('streamed results are bit-identical to one whole call: r = 1..3, every mode x padding, batches, types', () => {
  const r = rng(5150);
  const m = wasm();
  const before = m._tw_heap_bytes_in_use();
  let banded = 0;
  for (let trial = 0; trial < 300; trial++) {
    const rank = (trial % 3) + 1;
    const D = Array.from({ length: rank }, () => r.int(1, rank > 2 ? 5 : 9));
    const O = Array.from({ length: rank }, () => r.int(1, rank > 2 ? 5 : 12));
    const N = r.int(1, 3);
    const C = r.int(1, 3);
    const options = { mode: MODES[trial % 3], paddingMode: PADDINGS[Math.floor(trial / 3) % 4], alignCorners: r.next() < 0.5 };
    const type = r.pick(['float32', 'float64', 'uint8', 'int16', 'float16', ...(options.mode === 'nearest' ? ['bool'] : [])]);
    const count = N * C * D.reduce((a, b) => a * b, 1);
    const data = type === 'float16' ? Uint16Array.from({ length: count }, () => r.int(0, 0x4500))
      : type === 'bool' ? Uint8Array.from({ length: count }, () => r.pick([0, 1, 7])) // 7: bool bytes are normalised to 1
        : { float32: Float32Array, float64: Float64Array, uint8: Uint8Array, int16: Int16Array }[type].from({ length: count }, () => r.int(0, 250));
    const x = { type, dims: [N, C, ...D], data };
    const grid = { type: 'float32', dims: [N, ...O, rank], data: randomGrid(r, N, O, rank, D, true) };
    const out = tensor(type, [N, C, ...O]);
    // a heap tensor's bytes are taken as they are: give it normalised bool data
    const hx = tensor(type, x.dims, type === 'bool' ? data.map((v) => (v ? 1 : 0)) : data);
    const hgrid = tensor('float32', grid.dims, grid.data);
    try {
      gridSample(x, grid, { ...options, out });
      const whole = { type, dims: out.dims, data: out.data };
      assertSameTensor(gridSample(x, grid, options), whole, 'default budget vs resident');
      setBandBudget(r.int(1, 300));
      const label = `${JSON.stringify(options)} ${type} D ${D} O ${O} N ${N}`;
      const streamed = countingCalls(m, '_tw_gridsample', () => gridSample(x, grid, options));
      assertSameTensor(streamed.value, whole, `streamed ${label}`);
      if (streamed.calls > N) banded++;
      assertSameTensor(gridSample(hx, hgrid, options), whole, `streamed from heap tensors ${label}`);
    } finally {
      setBandBudget();
      out.dispose();
      hx.dispose();
      hgrid.dispose();
    }
  }
  assert.ok(banded > 100, `${banded} cases were cut into bands of rows`);
  assert.equal(m._tw_heap_bytes_in_use(), before, 'heap in use');
});

// Random grids rarely put 4 neighbouring points on the same side of x, so the
// SIMD kernels' group routes (interior, rows clamped to an edge or mirrored, all fill)
// are exercised here with zoomed-out rotations: regions inside x and beyond
// each of its sides, odd sizes for partial groups and tiles.
test('zoomed-out rotations: SIMD and scalar kernels agree bit for bit, every mode x padding', () => {
  const r = rng(77);
  const [C, H, W] = [2, 37, 53];
  const x = { type: 'float32', dims: [1, C, H, W], data: Float32Array.from({ length: C * H * W }, () => r.next() * 4 - 2) };
  for (const [angle, scale] of [[0, 1.7], [20, 1.8], [-35, 2.5]]) {
    const grid = rotationGrid([45, 70], angle, scale);
    for (const mode of MODES) {
      for (const paddingMode of PADDINGS) {
        for (const alignCorners of [false, true]) {
          const options = { mode, paddingMode, alignCorners, fillValue: paddingMode === 'zeros' ? 0.25 : undefined };
          sameWithAndWithoutSimd(x, grid, options, `${mode}/${paddingMode}/align ${alignCorners} angle ${angle} scale ${scale}`);
        }
      }
    }
  }
});

// The opposite case: zoomed-in rotations put most groups of 4 points inside x,
// where the SIMD plan kernels take their interior route (taps straight from
// the bases). float32 linear/cubic store the compact ROWS layout there;
// float16 x and nearest store every tap: both layouts, r = 2 and 3.
test('zoomed-in rotations (interior groups): SIMD and scalar kernels agree bit for bit, r = 2 and 3', () => {
  const r = rng(4242);
  const D = [7, 19, 23]; // x's spatial dims for r = 3; the last two for r = 2
  const O = [5, 21, 26];
  for (const rank of [2, 3]) {
    const xDims = [1, 2, ...D.slice(3 - rank)];
    const count = xDims.reduce((a, b) => a * b, 1);
    const xs = [
      { type: 'float32', dims: xDims, data: Float32Array.from({ length: count }, () => r.next() * 4 - 2) },
      { type: 'float16', dims: xDims, data: Uint16Array.from({ length: count }, () => r.int(0, 0x4500)) }, // finite halves up to 5
    ];
    for (const [angle, scale] of [[0, 0.8], [15, 0.7], [-40, 0.55]]) {
      const grid = rotationGrid(O.slice(3 - rank), angle, scale);
      for (const x of xs) {
        for (const mode of MODES) {
          for (const paddingMode of PADDINGS) {
            for (const alignCorners of [false, true]) {
              sameWithAndWithoutSimd(x, grid, { mode, paddingMode, alignCorners },
                `${x.type} r ${rank} ${mode}/${paddingMode}/align ${alignCorners} angle ${angle} scale ${scale}`);
            }
          }
        }
      }
    }
  }
});

test('integer, float16, bfloat16, bool, complex and string X', () => {
  const r = rng(77);
  const D = [5, 6];
  const grid = { type: 'float32', dims: [1, 4, 4, 2], data: randomGrid(r, 1, [4, 4], 2, D, false) };
  const values = Array.from({ length: 30 }, () => r.int(-120, 120));
  for (const mode of MODES) {
    for (const padding of ['zeros', 'border', 'reflection']) {
      const expected = referenceGridSample({ dims: [1, 1, ...D], data: values }, grid, { mode, padding, align: false, f32coords: true });
      // integers: computed in float64, truncated toward zero and saturated
      const y8 = gridSample({ type: 'int8', dims: [1, 1, ...D], data: Int8Array.from(values) }, grid, { mode, paddingMode: padding });
      const truncated = Array.from(expected.data, (v) => Math.max(-128, Math.min(127, Math.trunc(v))) + 0);
      assert.deepEqual(Array.from(y8.data), truncated, `int8 ${mode} ${padding}`);
      const yu8 = gridSample({ type: 'uint8', dims: [1, 1, ...D], data: Uint8Array.from(values, (v) => v + 120) }, grid, { mode, paddingMode: padding });
      const expectedU8 = referenceGridSample({ dims: [1, 1, ...D], data: values.map((v) => v + 120) }, grid, { mode, padding, align: false, f32coords: true });
      assert.deepEqual(Array.from(yu8.data), Array.from(expectedU8.data, (v) => Math.max(0, Math.min(255, Math.trunc(v))) + 0), `uint8 ${mode} ${padding}`);
      // float16 X: computed in float32, rounded to nearest even; compare decoded within 1 half ulp of the float32 result
      const half = { type: 'float16', dims: [1, 1, ...D], data: Uint16Array.from(values, (v) => toHalf(v / 16)) };
      const yh = gridSample(half, grid, { mode, paddingMode: padding });
      const yf = gridSample({ type: 'float32', dims: half.dims, data: Float32Array.from(values, (v) => v / 16) }, grid, { mode, paddingMode: padding });
      for (let i = 0; i < yh.data.length; i++) {
        assert.ok(Math.abs(fromHalf(yh.data[i]) - yf.data[i]) <= Math.abs(yf.data[i]) * 2 ** -11 + 2 ** -24, `float16 ${mode} ${padding} ${i}`);
      }
    }
  }
  // saturation: cubic overshoots a uint8 step edge both ways (the reference gives -23.90625 and 302.8125);
  // the result is the reference truncated and saturated, value for value (a range check could not fail:
  // every uint8 lies in [0, 255])
  const step = { type: 'uint8', dims: [1, 1, 1, 4], data: Uint8Array.of(0, 0, 255, 255) };
  const g = { type: 'float32', dims: [1, 1, 8, 2], data: Float32Array.from({ length: 16 }, (_, i) => (i % 2 ? 0 : -1 + i / 8)) };
  const ys = gridSample(step, g, { mode: 'cubic' });
  const overshoot = referenceGridSample({ dims: step.dims, data: Array.from(step.data) }, g, { mode: 'cubic', padding: 'zeros', align: false, f32coords: true });
  assert.ok(overshoot.data.some((v) => v < 0) && overshoot.data.some((v) => v > 255), 'the case overshoots both ways');
  assert.deepEqual(Array.from(ys.data), [0, 0, 0, 0, 127, 255, 255, 255]);
  assert.deepEqual(Array.from(ys.data), Array.from(overshoot.data, (v) => Math.max(0, Math.min(255, Math.trunc(v))) + 0));
  // bool and string: nearest only
  const bool = { type: 'bool', dims: [1, 1, 1, 2], data: Uint8Array.of(0, 1) };
  const g3 = { type: 'float32', dims: [1, 1, 3, 2], data: Float32Array.of(-0.5, 0, 0.5, 0, 3, 0) };
  assert.deepEqual(Array.from(gridSample(bool, g3, { mode: 'nearest' }).data), [0, 1, 0]);
  assert.deepEqual(Array.from(gridSample(bool, g3, { mode: 'nearest', fillValue: true }).data), [0, 1, 1]);
  assert.throws(() => gridSample(bool, g3, { mode: 'linear' }), /only be sampled with mode "nearest"/);
  const str = { type: 'string', dims: [1, 1, 1, 2], data: ['a', 'b'] };
  assert.deepEqual(gridSample(str, g3, { mode: 'nearest' }).data, ['a', 'b', '']);
  assert.deepEqual(gridSample(str, g3, { mode: 'nearest', paddingMode: 'border' }).data, ['a', 'b', 'b']);
  assert.deepEqual(gridSample(str, g3, { mode: 'nearest', fillValue: '?' }).data, ['a', 'b', '?']);
  assert.throws(() => gridSample(str, g3, { mode: 'cubic' }), TypeError);
  // complex: real and imaginary parts independently
  const cx = { type: 'complex64', dims: [1, 1, 1, 2], data: Float32Array.of(1, -1, 3, 5) };
  assert.deepEqual(Array.from(gridSample(cx, { type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(0, 0) }, { alignCorners: true }).data), [2, 2]);
  // float64 and bfloat16 grids
  const x = { type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(1, 2, 3, 4) };
  const gbf = { type: 'bfloat16', dims: [1, 1, 1, 2], data: Uint16Array.of(0x0000, 0x0000) }; // (0, 0)
  assert.deepEqual(Array.from(gridSample(x, gbf).data), [2.5]);
});

function toHalf(v) { // exact for the multiples of 1/16 used here
  if (v === 0) return 0;
  const sign = v < 0 ? 0x8000 : 0;
  const a = Math.abs(v);
  const e = Math.floor(Math.log2(a));
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024);
}
function fromHalf(h) {
  const e = (h >> 10) & 31;
  const f = h & 1023;
  const s = h & 0x8000 ? -1 : 1;
  return e === 0 ? s * f * 2 ** -24 : s * (1 + f / 1024) * 2 ** (e - 15);
}

test('decisions pinned: PyTorch order for cubic+border and nearest+reflection ties, NaN, length-1 axes', () => {
  const x = { type: 'float32', dims: [1, 1, 4, 4], data: Float32Array.from({ length: 16 }, (_, i) => i) };
  const g = (gx, gy) => ({ type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(gx, gy) });
  // §2.8.1: x = -0.9 -> PyTorch 5.99325 (= 6 + W(1.9)); the ONNX reference gives 6.0
  assertClose(gridSample(x, g(-1.2, 0), { mode: 'cubic', paddingMode: 'border' }), { dims: [1, 1, 1, 1], data: [5.99325] }, 1e-5);
  // §2.8.2: W = 4, X = [10,20,30,40], nearest + reflection: g -1.5 -> 10, 1.5 -> 30, 2.0 -> 30
  const row = { type: 'float32', dims: [1, 1, 1, 4], data: Float32Array.of(10, 20, 30, 40) };
  for (const [gx, want] of [[-1.5, 10], [1.5, 30], [2.0, 30]]) {
    assert.equal(gridSample(row, g(gx, 0), { mode: 'nearest', paddingMode: 'reflection' }).data[0], want, `g ${gx}`);
  }
  // §2.5 ties: W = 4, align 0, zeros: g = 0 -> x 1.5 -> index 2; g = -1 -> -0.5 -> index 0; g = +1 -> 3.5 -> 4 -> out
  assert.deepEqual([0, -1, 1].map((gx) => gridSample(row, g(gx, 0), { mode: 'nearest' }).data[0]), [30, 10, 0]);
  // §2.7: non-finite coordinates are out of bounds (zeros) or index 0 (border/reflection)
  assert.equal(gridSample(row, g(NaN, 0), { mode: 'linear' }).data[0], 0);
  assert.equal(gridSample(row, g(Infinity, 0), { mode: 'cubic', paddingMode: 'border' }).data[0], 10);
  assert.equal(gridSample(row, g(NaN, 0), { mode: 'nearest', paddingMode: 'reflection' }).data[0], 10);
  // align_corners 1 + reflection on a length-1 axis: index 0 (the reference divides by zero)
  const one = { type: 'float32', dims: [1, 1, 1, 1], data: Float32Array.of(5) };
  assert.equal(gridSample(one, g(0.7, -3), { paddingMode: 'reflection', alignCorners: true }).data[0], 5);
});

test('extensions: wrap is periodic, fillValue fills zeros mode', () => {
  const r = rng(3);
  const x = { type: 'float32', dims: [1, 2, 5, 7], data: Float32Array.from({ length: 70 }, () => r.next()) };
  const base = Float32Array.from({ length: 2 * 36 }, () => Math.fround(r.next() * 2 - 1));
  const shifted = base.map((v) => v + 2); // one full period in normalised coordinates (align_corners 0)
  for (const mode of MODES) {
    const a = gridSample(x, { type: 'float32', dims: [1, 6, 6, 2], data: base }, { mode, paddingMode: 'wrap' });
    const b = gridSample(x, { type: 'float32', dims: [1, 6, 6, 2], data: shifted }, { mode, paddingMode: 'wrap' });
    assertClose(a, b, 1e-5, `wrap ${mode}`);
  }
  const far = { type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(5, 5) };
  assert.equal(gridSample(x, far, { fillValue: 0.25 }).data[0], 0.25);
  assert.throws(() => gridSample(x, far, { paddingMode: 'border', fillValue: 1 }), /fillValue applies to paddingMode "zeros"/);
});

test('precision: 1024x1024 rotation (the bench workload), float32 within 1e-4 and float64 within 1e-10 of a float64 computation, every mode x padding', () => {
  const H = 1024;
  const W = 1024;
  const r = rng(11);
  const xData = Float32Array.from({ length: H * W }, () => r.next());
  const grid = new Float32Array(H * W * 2);
  const angle = (15 * Math.PI) / 180;
  for (let i = 0; i < H; i++) {
    for (let j = 0; j < W; j++) {
      const u = ((2 * j + 1) / W - 1) * 1.1;
      const v = ((2 * i + 1) / H - 1) * 1.1;
      grid[2 * (i * W + j)] = Math.cos(angle) * u - Math.sin(angle) * v;
      grid[2 * (i * W + j) + 1] = Math.sin(angle) * u + Math.cos(angle) * v;
    }
  }
  const x = { type: 'float32', dims: [1, 1, H, W], data: xData };
  const g = { type: 'float32', dims: [1, H, W, 2], data: grid };
  const x64 = { type: 'float64', dims: x.dims, data: Float64Array.from(xData) };
  const g64 = { type: 'float64', dims: g.dims, data: Float64Array.from(grid) };
  for (const mode of ['linear', 'nearest', 'cubic']) {
    for (const padding of ['zeros', 'border', 'reflection']) {
      const y = gridSample(x, g, { mode, paddingMode: padding });
      // nearest is a selection: compared against the same float32 coordinates (a float64 coordinate can fall on the
      // other side of a rounding boundary); linear and cubic are continuous, so float64 coordinates are fine.
      const expected = referenceGridSample(x, g, { mode, padding, align: false, f32coords: mode === 'nearest' });
      assertClose(y, expected, 1e-4, `float32 ${mode}/${padding}`);
      const y64 = gridSample(x64, g64, { mode, paddingMode: padding });
      assertClose(y64, referenceGridSample(x64, g64, { mode, padding, align: false }), 1e-10, `float64 ${mode}/${padding}`);
    }
  }
});

test('onnx.run: version-specific modes, ranks and types', () => {
  const x = { type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(1, 2, 3, 4) };
  const g = { type: 'float32', dims: [1, 1, 1, 2], data: Float32Array.of(0, 0) };
  assert.deepEqual(Array.from(onnx.run('GridSample', [x, g], {}, { opset: 16 })[0].data), [2.5]);
  assert.deepEqual(Array.from(onnx.run('GridSample', [x, g], {}, { opset: 20 })[0].data), [2.5]);
  assert.throws(() => onnx.run('GridSample', [x, g], { mode: 'linear' }, { opset: 16 }), /expected one of 'bilinear', 'nearest', 'bicubic'/);
  assert.throws(() => onnx.run('GridSample', [x, g], { mode: 'bilinear' }, { opset: 20 }), /expected one of 'linear', 'nearest', 'cubic'/);
  assert.throws(() => onnx.run('GridSample', [x, g], { padding_mode: 'wrap' }, { opset: 22 }), /padding_mode/);
  assert.throws(() => onnx.run('GridSample', [x, g], {}, { opset: 15 }), /does not exist before opset 16/);
  const x3 = { type: 'float32', dims: [1, 1, 2], data: Float32Array.of(1, 2) };
  const g3 = { type: 'float32', dims: [1, 1, 1], data: Float32Array.of(0) };
  assert.throws(() => onnx.run('GridSample', [x3, g3], {}, { opset: 16 }), /4-D X only/);
  assert.deepEqual(Array.from(onnx.run('GridSample', [x3, g3], {}, { opset: 20 })[0].data), [1.5]);
  const bf = { type: 'bfloat16', dims: [1, 1, 2], data: Uint16Array.of(0x3f80, 0x4000) };
  assert.throws(() => onnx.run('GridSample', [bf, g3], {}, { opset: 20 }), /does not take bfloat16/);
  assert.deepEqual(Array.from(onnx.run('GridSample', [bf, g3], {}, { opset: 22 })[0].data), [0x3fc0]);
  assert.throws(() => onnx.run('GridSample', [x, g], { align_corners: 2 }, { opset: 22 }), /align_corners/);
});

test('bad input throws TypeError/RangeError naming the argument; heap unchanged; heap tensors work', () => {
  const x = { type: 'float32', dims: [1, 2, 3, 3], data: new Float32Array(18) };
  const g = { type: 'float32', dims: [1, 2, 2, 2], data: new Float32Array(8) };
  const before = wasm()._tw_heap_bytes_in_use();
  const cases = [
    [() => gridSample(x, { ...g, dims: [1, 2, 2, 3], data: new Float32Array(12) }), RangeError, /grid must have dims \[N, O1, O2, 2\]/],
    [() => gridSample(x, { ...g, dims: [1, 4, 2], data: new Float32Array(8) }), RangeError, /grid must have dims/],
    [() => gridSample(x, { ...g, dims: [2, 1, 2, 2] }), RangeError, /grid batch 2 does not match x batch 1/],
    [() => gridSample(x, g, { mode: 'bilinearx' }), TypeError, /options.mode/],
    [() => gridSample(x, g, { paddingMode: 'mirror' }), TypeError, /options.paddingMode/],
    [() => gridSample(x, g, { alignCorners: 'yes' }), TypeError, /options.alignCorners/],
    [() => gridSample(x, { type: 'int32', dims: g.dims, data: new Int32Array(8) }), TypeError, /grid must be float32, float64, float16, bfloat16/],
    [() => gridSample({ type: 'float32', dims: [2, 2], data: new Float32Array(4) }, g), RangeError, /x must have rank >= 3/],
    [() => gridSample({ type: 'int4', dims: [1, 1, 2, 2], data: new Uint8Array(2) }, g), TypeError, /cannot be sampled/],
    [() => gridSample(x, g, { fillValue: 'a' }), TypeError, /fillValue/],
    [() => gridSample({ type: 'float32', dims: [1, 1, 0, 3], data: new Float32Array(0) }, { type: 'float32', dims: [1, 1, 1, 2], data: new Float32Array(2) }, { paddingMode: 'border' }), RangeError, /./],
  ];
  for (const [run, ErrorClass, message] of cases) {
    assert.throws(run, (e) => e instanceof ErrorClass && message.test(e.message), String(message));
    assert.equal(wasm()._tw_heap_bytes_in_use(), before);
  }
  const hx = tensor('float32', [1, 1, 2, 2], Float32Array.of(1, 2, 3, 4));
  const hg = tensor('float32', [1, 1, 1, 2], Float32Array.of(0, 0));
  const hy = tensor('float32', [1, 1, 1, 1]);
  try {
    assert.equal(gridSample(hx, hg, { out: hy }), hy);
    assert.equal(hy.data[0], 2.5);
  } finally {
    hx.dispose(); hg.dispose(); hy.dispose();
  }
});
