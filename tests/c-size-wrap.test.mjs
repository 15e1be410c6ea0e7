// The C entries compute byte counts so that they cannot wrap in wasm32's
// 32-bit size_t (common/checked.h): called straight through the wasm
// exports, a geometry whose bytes exceed the address space is refused, even
// when the wrapped count would match the small buffers passed, and nothing
// is written. These are the cases the native fuzzers cannot reach (their
// size_t has 64 bits). Before the fix, toTensor and fromTensor accepted a
// 65536 x 65537 image as 65,536 pixels, and a region map of 2^30 entries
// passed with map_bytes 0 and then wrote 4 GiB from the map pointer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, lastError } from '../js/module.js';
import { dtype as DTYPE, status as STATUS, image_layout as LAYOUT, image_border as BORDER } from '../wasm/enums.js';

await ready();
const m = wasm();

/** `bytes` heap bytes set to `value`, and a check that they still are. */
function poisoned(bytes, value) {
  const pointer = m._malloc(bytes) >>> 0;
  m.HEAPU8.fill(value, pointer, pointer + bytes);
  return { pointer, unchanged: () => m.HEAPU8.subarray(pointer, pointer + bytes).every((b) => b === value) };
}

/** scale 1, means 0, stds 1, divisor 1: the params block of the conversions. */
function params() {
  const pointer = m._malloc(40) >>> 0;
  new Float32Array(m.HEAPU8.buffer, pointer, 10).set([1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
  return pointer;
}

// 65536 x 65537 pixels are 2^32 + 65536: 65536 once wrapped to 32 bits.
const WIDE = 65536, TALL = 65537, WRAPPED = 65536;

test('tw_image_to_tensor and tw_image_from_tensor refuse an image whose pixel count wraps 32 bits', () => {
  const input = poisoned(WRAPPED, 3), output = poisoned(WRAPPED, 0xa5), p = params();
  try {
    const to = m._tw_image_to_tensor(input.pointer, WRAPPED, WIDE, TALL, 1, 1, LAYOUT.NHWC, DTYPE.UINT8, p, output.pointer, WRAPPED);
    assert.equal(to, STATUS.OUT_OF_MEMORY, `toTensor: ${lastError()}`);
    assert.match(lastError(), /^img: 65536 x 65537 pixels do not fit in memory/);
    assert.ok(output.unchanged(), 'toTensor wrote its output');
    const from = m._tw_image_from_tensor(input.pointer, WRAPPED, DTYPE.UINT8, LAYOUT.NHWC, WIDE, TALL, 1, p, 1, output.pointer, WRAPPED);
    assert.equal(from, STATUS.OUT_OF_MEMORY, `fromTensor: ${lastError()}`);
    assert.ok(output.unchanged(), 'fromTensor wrote its output');
  } finally {
    for (const pointer of [input.pointer, output.pointer, p]) m._free(pointer);
  }
});

test('tw_image_to_tensor refuses an output whose bytes wrap 32 bits (2^30 pixels of 3 float32)', () => {
  // 32768 x 32768 gray pixels: 1 GiB in, 12 GiB out = 3 * 2^32, which wraps to 0
  const output = poisoned(16, 0xa5), p = params();
  const input = m._malloc(16) >>> 0; // never read: the sizes are refused first
  try {
    const status = m._tw_image_to_tensor(input, 2 ** 30, 32768, 32768, 1, 3, LAYOUT.NCHW, DTYPE.FLOAT32, p, output.pointer, 0);
    assert.equal(status, STATUS.OUT_OF_MEMORY, lastError());
    assert.match(lastError(), /^out: 1073741824 pixels of 12 bytes do not fit in memory/);
    assert.ok(output.unchanged());
  } finally {
    for (const pointer of [input, output.pointer, p]) m._free(pointer);
  }
});

test('tw_image_region_map refuses 2^30 entries given 0 bytes (their 2^32 bytes wrap to 0)', () => {
  const map = poisoned(64, 0xa5);
  try {
    const status = m._tw_image_region_map(10, 0n, 2 ** 30, BORDER.REFLECT, map.pointer, 0);
    assert.equal(status, STATUS.INVALID_ARGUMENT, lastError());
    assert.match(lastError(), /^map: 1073741824 entries need 4294967296 bytes, got 0/);
    assert.ok(map.unchanged(), 'the map was written');
  } finally {
    m._free(map.pointer);
  }
});
