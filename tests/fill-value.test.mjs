// One value -> element rule (js/dtypes.js elementBytes) for Pad's constant,
// GridSample's fillValue and the image functions' fill: the wrapper encodes
// the value once and C receives the element's bytes (tw_gridsample's
// fill_value is one x element, copied as it is). Before, GridSample passed a
// double that C converted again, so an int64/uint64 fill beyond 2^53 could
// not be carried and was refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, tensor, pad, gridSample } from '../js/index.js';
import { TYPES } from '../js/dtypes.js';
import { GRIDSAMPLE_X_TYPES } from '../js/gridsample.js';
import { pad as padImage } from '../js/image.js';

await ready();

// One element sampled far outside a [1, 1, 1] x: y is exactly the fill.
const far = tensor('float32', [1, 1, 1], Float32Array.of(5));
const sampledFill = (type, value) => gridSample(tensor(type, [1, 1, 1]), far, { mode: 'nearest', fillValue: value }).data;
// Pad's constant for the same type and value: the padded element.
const paddedConstant = (type, value) => pad(tensor(type, [1]), { pads: [0, 1], value }).data.slice(-1);

const bytesOf = (data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
const outcome = (run) => {
  try {
    return { bytes: Array.from(bytesOf(run())) };
  } catch (error) {
    return { error: error.constructor.name, message: error.message.replace(/^\w+: options\.\w+: /, '') };
  }
};

test('GridSample fillValue and Pad value: same bytes or the same error, for every sampled type', () => {
  const values = [0, 1, -1, 1.5, -0, 255, 256, -129, 65535, 2 ** 31, 2 ** 32 - 1, 2 ** 53, NaN, Infinity, -Infinity,
    1 + 2 ** -11 + 2 ** -40, 1e6, 0.1, 3n, 2n ** 62n + 1n, true, 'a'];
  for (const type of GRIDSAMPLE_X_TYPES.filter((t) => TYPES[t].kind !== 'complex')) {
    for (const value of values) {
      assert.deepEqual(outcome(() => sampledFill(type, value)), outcome(() => paddedConstant(type, value)),
        `${type} ${String(value)}`);
    }
  }
});

test('GridSample: int64 and uint64 fills keep every bit (C takes the element, not a double)', () => {
  assert.deepEqual(Array.from(sampledFill('int64', 2n ** 62n + 1n)), [2n ** 62n + 1n]);
  assert.deepEqual(Array.from(sampledFill('int64', -(2n ** 63n))), [-(2n ** 63n)]);
  assert.deepEqual(Array.from(sampledFill('uint64', 2n ** 64n - 1n)), [2n ** 64n - 1n]);
  assert.throws(() => sampledFill('uint64', 2n ** 64n), { name: 'RangeError', message: /gridSample: options\.fillValue/ });
});

test('GridSample: float16/bfloat16 fills round once, from the double (no double rounding)', () => {
  // 1 + 2^-11 + 2^-40 is just above a float16 tie: 0x3C01 (through float32 it would be the tie, 0x3C00)
  assert.deepEqual(Array.from(sampledFill('float16', 1 + 2 ** -11 + 2 ** -40)), [0x3c01]);
  assert.deepEqual(Array.from(sampledFill('bfloat16', 1 + 2 ** -8 + 2 ** -40)), [0x3f81]);
  assert.deepEqual(Array.from(sampledFill('float16', 1e6)), [0x7c00]);
});

test('GridSample: a complex x takes a real fill as (value, 0)', () => {
  const y = gridSample(tensor('complex64', [1, 1, 1]), far, { fillValue: 2.5 });
  assert.deepEqual(Array.from(y.data), [2.5, 0]);
});

test('image fill: the same rule as Pad\'s uint8 constant', () => {
  const image = { width: 1, height: 1, channels: 1, data: Uint8Array.of(9) };
  for (const value of [1.5, -1, 256, NaN, Infinity, 2 ** 53, 255]) {
    const viaImage = outcome(() => padImage(image, { right: 1, fill: value }).data.slice(-1));
    const viaPad = outcome(() => paddedConstant('uint8', value));
    assert.deepEqual(viaImage, viaPad, String(value));
  }
  assert.deepEqual(Array.from(padImage(image, { right: 1, fill: 200 }).data), [9, 200]);
});
