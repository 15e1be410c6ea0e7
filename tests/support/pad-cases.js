// Random Pad cases for the tests that compare a fresh result from a JS x
// (the maps path, the one-pass path) with the full kernel a heap x takes.
import assert from 'node:assert/strict';
import { pad, tensor } from '../../js/index.js';

export const SIZES = { uint8: 1, bool: 1, float16: 2, float32: 4, float64: 8, complex128: 16, int64: 8, int4: 0.5 };
const ARRAYS = { uint8: Uint8Array, bool: Uint8Array, float16: Uint16Array, float32: Float32Array, float64: Float64Array, complex128: Float64Array, int64: BigInt64Array, int4: Uint8Array };
const VALUES = { uint8: 200, bool: true, float16: -1.5, float32: -0, float64: NaN, complex128: [NaN, 3], int64: -5n, int4: -3 };
export const MODES = ['constant', 'reflect', 'edge', 'wrap', 'symmetric'];

export function bytesOf(data) {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * A random case of `type`: rank 1-4, the last axis mostly at least
 * `minRowBytes` long (else 0-9), crops of up to 8 and pads up to 2n + 2 or
 * 40 per end (beyond the axis: periodic), `mode` from pickMode(r); with
 * `cropOnlyRow`, the last axis of a non-constant case is sometimes only cropped.
 */
export function randomCase(r, type, { pickMode = (g) => g.pick(MODES), minRowBytes, cropOnlyRow = false }) {
  const rank = r.int(1, 4);
  const order = r.next() < 0.6 ? 'onnx' : 'openvino';
  const mode = pickMode(r);
  const size = SIZES[type];
  const rowLength = r.next() < 0.8 ? r.int(Math.ceil(minRowBytes / size), Math.ceil(1024 / size) + 37) : r.int(0, 9);
  const dims = Array.from({ length: rank }, (_, d) => (d === rank - 1 ? rowLength : r.int(0, 3)));
  const pad1 = (n) => (r.next() < 0.3 ? 0 : r.int(-Math.min(n, 8), Math.min(2 * n + 2, 40)));
  const cropOnly = cropOnlyRow && mode !== 'constant' && r.next() < 0.3;
  const begin = dims.map((n, d) => (d === rank - 1 && cropOnly ? -r.int(0, Math.min(n, 8)) : pad1(n)));
  const end = dims.map((n, d) => (d === rank - 1 && cropOnly ? 0 : pad1(n)));
  const count = dims.reduce((a, b) => a * b, 1);
  const raw = r.bytes(Math.ceil(count * size));
  let data = new ARRAYS[type](raw.buffer, 0, type === 'int4' ? raw.length : count * (type === 'complex128' ? 2 : 1));
  let normalised = data;
  if (type === 'bool') {
    data = Uint8Array.from(raw, (b) => (b % 3 === 0 ? 0 : b % 3 === 1 ? 1 : 7)); // any nonzero byte is true
    normalised = Uint8Array.from(data, (b) => (b ? 1 : 0));
  }
  const options = order === 'onnx' ? { pads: [...begin, ...end], mode } : { padsBegin: begin, padsEnd: end, mode };
  if (mode === 'constant') options.value = VALUES[type];
  return { type, dims, data, normalised, options, label: `${type} ${mode} ${order} dims [${dims}] pads [${begin}]/[${end}]` };
}

/**
 * Pads the case's JS x with `run(x, options, expected)` and checks the result against
 * the full kernel on a heap x, bit for bit. Returns false when both refuse
 * the case (a RangeError each), true when compared.
 */
export function checkAgainstKernel(c, run) {
  const heapX = tensor(c.type, c.dims, c.normalised);
  let expected;
  try {
    expected = pad(heapX, c.options); // a heap x: the full kernel (tw_pad)
  } catch (error) {
    assert.ok(error instanceof RangeError, c.label);
    assert.throws(() => run({ type: c.type, dims: c.dims, data: c.data }, c.options), RangeError, c.label);
    return false;
  } finally {
    heapX.dispose();
  }
  const y = run({ type: c.type, dims: c.dims, data: c.data }, c.options, expected);
  assert.deepEqual(y.dims, expected.dims, c.label);
  assert.deepEqual(bytesOf(y.data), bytesOf(expected.data), c.label);
  return true;
}
