// The C entries never trust a (pointer, byte count) pair (src/common/heap.h):
// called straight through the wasm exports, bypassing the wrapper's checks,
// a buffer outside the heap gives INVALID_ARGUMENT naming it, and nothing is
// written. Before the check, an out pointer of 0xfffffff0 trapped and an out
// pointer into the static data below the heap was written to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, lastError } from '../js/module.js';
import {
  dtype as DTYPE, status as STATUS, avgpool_auto_pad as AUTO_PAD, gridsample_mode as MODE, gridsample_padding as PADDING,
  pad_mode as PAD_MODE, pad_order as PAD_ORDER, image_flip_direction as FLIP, image_layout as LAYOUT,
  image_interpolation as INTERPOLATION, image_border as BORDER,
} from '../wasm/enums.js';

await ready();
const m = wasm();

function int64s(values) {
  const pointer = m._malloc(8 * values.length) >>> 0;
  new BigInt64Array(m.HEAPU8.buffer, pointer, values.length).set(values.map(BigInt));
  return pointer;
}

// AveragePool 1-D, x [1, 1, 4] float32, kernel 2, stride 2 -> y [1, 1, 2] (8 bytes).
function avgpool(x, xBytes, y, yBytes) {
  const shape = int64s([1, 1, 4]), kernel = int64s([2]), strides = int64s([2]);
  try {
    return m._tw_avgpool(DTYPE.FLOAT32, x, xBytes, 1, shape, kernel, strides, 0, 0, 0, 0, AUTO_PAD.NOTSET, y, yBytes);
  } finally {
    for (const pointer of [shape, kernel, strides]) m._free(pointer);
  }
}

// Address 16 lies below the heap (the first page of static data): writable
// wasm memory that no caller owns.
const BELOW_HEAP = 16;
const PAST_MEMORY = 0xfffffff0;

// Runs each [argument name, call] case with the 2-float y at `y` poisoned:
// every call must fail naming its argument and write neither y nor the
// static data below the heap.
function expectRejected(cases, y) {
  for (const [name, call] of cases) {
    const low = m.HEAPU8.slice(0, 64);
    new Float32Array(m.HEAPU8.buffer, y, 2).fill(-7);
    assert.equal(call(), STATUS.INVALID_ARGUMENT, `${name}: ${lastError()}`);
    assert.match(lastError(), new RegExp(`^${name}: \\d+ bytes at address 0x[0-9a-f]+ are not inside the wasm heap`));
    assert.deepEqual(m.HEAPU8.slice(0, 64), low, 'the static data below the heap is unchanged');
    assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, y, 2)), [-7, -7], 'y is unchanged');
  }
}

test('tw_avgpool: x or y outside the heap is INVALID_ARGUMENT naming it, nothing written', () => {
  const x = m._malloc(16) >>> 0, y = m._malloc(8) >>> 0;
  try {
    new Float32Array(m.HEAPU8.buffer, x, 4).set([1, 2, 3, 4]);
    const cases = [
      ['y', () => avgpool(x, 16, PAST_MEMORY, 8)],
      ['y', () => avgpool(x, 16, BELOW_HEAP, 8)],
      ['x', () => avgpool(PAST_MEMORY, 16, y, 8)],
      ['x', () => avgpool(BELOW_HEAP, 16, y, 8)],
    ];
    expectRejected(cases, y);
    assert.equal(avgpool(x, 16, y, 8), STATUS.OK, lastError());
    assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, y, 2)), [1.5, 3.5]);
  } finally {
    m._free(x);
    m._free(y);
  }
});

test('tw_avgpool_band_plan: a band table outside the heap is INVALID_ARGUMENT naming it, nothing written', () => {
  // x [1, 1, 8, 1], kernel 1: one-row bands give 8 bands of 6 int64 each
  const shape = int64s([1, 1, 8, 1]), kernel = int64s([1, 1]), count = m._malloc(8) >>> 0;
  const bands = m._malloc(8 * 6 * 8) >>> 0;
  const plan = (table, capacity) => m._tw_avgpool_band_plan(2, shape, kernel, 0, 0, 0, 0, AUTO_PAD.NOTSET, 1n, table,
    BigInt(capacity), count);
  try {
    for (const table of [BELOW_HEAP, PAST_MEMORY]) {
      const low = m.HEAPU8.slice(0, 512);
      assert.equal(plan(table, 8), STATUS.INVALID_ARGUMENT, lastError());
      assert.match(lastError(), /^bands: 384 bytes at address 0x[0-9a-f]+ are not inside the wasm heap/);
      assert.deepEqual(m.HEAPU8.slice(0, 512), low, 'the static data below the heap is unchanged');
    }
    assert.equal(plan(bands, 8), STATUS.OK, lastError());
    const starts = Array.from({ length: 8 }, (_, i) => Number(new BigInt64Array(m.HEAPU8.buffer, bands, 48)[6 * i]));
    assert.deepEqual(starts, [0, 1, 2, 3, 4, 5, 6, 7]);
  } finally {
    for (const pointer of [shape, kernel, count, bands]) m._free(pointer);
  }
});

// GridSample 1-D, x [1, 1, 4] float32, grid [1, 2, 1] float32 -> y [1, 1, 2] (8 bytes).
function gridsample(x, grid, y) {
  const xShape = int64s([1, 1, 4]), gridShape = int64s([1, 2, 1]);
  try {
    return m._tw_gridsample(DTYPE.FLOAT32, x, 16, 1, xShape, DTYPE.FLOAT32, grid, 8, gridShape, MODE.LINEAR,
      PADDING.BORDER, 1, 0, y, 8);
  } finally {
    m._free(xShape);
    m._free(gridShape);
  }
}

test('tw_gridsample: x, grid or y outside the heap is INVALID_ARGUMENT naming it, nothing written', () => {
  const x = m._malloc(16) >>> 0, grid = m._malloc(8) >>> 0, y = m._malloc(8) >>> 0;
  try {
    new Float32Array(m.HEAPU8.buffer, x, 4).set([1, 2, 3, 4]);
    new Float32Array(m.HEAPU8.buffer, grid, 2).set([-1, 1]);
    const cases = [
      ['y', () => gridsample(x, grid, PAST_MEMORY)],
      ['y', () => gridsample(x, grid, BELOW_HEAP)],
      ['x', () => gridsample(PAST_MEMORY, grid, y)],
      ['grid', () => gridsample(x, BELOW_HEAP, y)],
    ];
    expectRejected(cases, y);
    assert.equal(gridsample(x, grid, y), STATUS.OK, lastError());
    assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, y, 2)), [1, 4]);
  } finally {
    for (const pointer of [x, grid, y]) m._free(pointer);
  }
});

// Every other entry (Pad, the image functions) on 8-byte buffers: in/src at
// `x` (8 bytes), out/dst at `y` (8 bytes). Each row: the entry's names for
// its input and output, and the call with (input, output) pointers.
const params = () => {
  const p = m._malloc(40) >>> 0;
  new Float32Array(m.HEAPU8.buffer, p, 10).set([1, 0, 0, 0, 0, 1, 1, 1, 1, 1]); // scale, mean[4], std[4], divisor
  return p;
};
const ENTRIES = [
  ['tw_pad', 'x', 'out', (input, output) => {
    const shape = int64s([2]), begin = int64s([0]), end = int64s([0]);
    try {
      return m._tw_pad(DTYPE.FLOAT32, input, 8, 1, shape, begin, end, PAD_MODE.CONSTANT, PAD_ORDER.CROP_THEN_PAD, 0, output, 8);
    } finally {
      for (const pointer of [shape, begin, end]) m._free(pointer);
    }
  }],
  ['tw_image_flip', 'img', 'out', (input, output) => m._tw_image_flip(input, 8, output, 8, 2, 1, 4, FLIP.HORIZONTAL)],
  ['tw_image_rotate90', 'img', 'out', (input, output) => m._tw_image_rotate90(input, 8, output, 8, 2, 1, 4, 2, 0, 1)],
  ['tw_image_to_tensor', 'img', 'out', (input, output) => {
    const p = params();
    try {
      return m._tw_image_to_tensor(input, 8, 2, 1, 4, 1, LAYOUT.NCHW, DTYPE.FLOAT32, p, output, 8);
    } finally {
      m._free(p);
    }
  }],
  ['tw_image_from_tensor', 'img', 'out', (input, output) => {
    const p = params();
    try {
      return m._tw_image_from_tensor(input, 8, DTYPE.UINT8, LAYOUT.NHWC, 2, 1, 4, p, 4, output, 8);
    } finally {
      m._free(p);
    }
  }],
  ['tw_image_resize', 'src', 'dst', (input, output) =>
    m._tw_image_resize(input, 8, 2, 1, 0, output, 8, 2, 1, 0, 4, INTERPOLATION.LINEAR, 0, -0.75)],
  ['tw_image_resize_pil', 'src', 'dst', (input, output) =>
    m._tw_image_resize_pil(input, 8, 2, 1, 0, output, 8, 1, 2, 0, 4, INTERPOLATION.LANCZOS, -0.5)],
  ['tw_image_warp', 'src', 'dst', (input, output) => {
    const matrix = m._malloc(48) >>> 0;
    new Float64Array(m.HEAPU8.buffer, matrix, 6).set([1, 0, 0, 0, 1, 0]);
    try {
      return m._tw_image_warp(input, 8, 2, 1, 4, matrix, 0, INTERPOLATION.NEAREST, BORDER.CONSTANT, 0, output, 8, 2, 1, 0, 1);
    } finally {
      m._free(matrix);
    }
  }],
];

for (const [entry, inputName, outputName, call] of ENTRIES) {
  test(`${entry}: ${inputName} or ${outputName} outside the heap is INVALID_ARGUMENT naming it, nothing written`, () => {
    const x = m._malloc(8) >>> 0, y = m._malloc(8) >>> 0;
    try {
      m.HEAPU8.set([1, 2, 3, 4, 5, 6, 7, 8], x);
      expectRejected([
        [outputName, () => call(x, PAST_MEMORY)],
        [outputName, () => call(x, BELOW_HEAP)],
        [inputName, () => call(PAST_MEMORY, y)],
        [inputName, () => call(BELOW_HEAP, y)],
      ], y);
      assert.equal(call(x, y), STATUS.OK, lastError());
    } finally {
      m._free(x);
      m._free(y);
    }
  });
}

test('by-pointer parameters (Pad value, GridSample fill_value) may be stack locals, not past memory in use', () => {
  const x = m._malloc(16) >>> 0, grid = m._malloc(8) >>> 0, y = m._malloc(8) >>> 0;
  const top = m.stackSave();
  try {
    new Float32Array(m.HEAPU8.buffer, x, 4).set([1, 2, 3, 4]);
    new Float32Array(m.HEAPU8.buffer, grid, 2).set([-3, 3]); // both outside: y is the fill
    const local = m.stackAlloc(16) >>> 0;
    assert.ok(local < x, 'the stack lies below the heap');
    new Float32Array(m.HEAPU8.buffer, local, 1)[0] = 9;
    const xShape = int64s([1, 1, 4]), gridShape = int64s([1, 2, 1]);
    const sample = (fill) => m._tw_gridsample(DTYPE.FLOAT32, x, 16, 1, xShape, DTYPE.FLOAT32, grid, 8, gridShape,
      MODE.NEAREST, PADDING.ZEROS, 1, fill, y, 8);
    try {
      assert.equal(sample(local), STATUS.OK, lastError());
      assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, y, 2)), [9, 9]);
      new Float32Array(m.HEAPU8.buffer, y, 2).fill(-7);
      assert.equal(sample(PAST_MEMORY), STATUS.INVALID_ARGUMENT);
      assert.match(lastError(), /^fill_value: 4 bytes at address 0x[0-9a-f]+ are not inside wasm memory in use/);
      assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, y, 2)), [-7, -7]);
    } finally {
      m._free(xShape);
      m._free(gridShape);
    }
    // Pad [1, 2] with one constant element in front: out [value, 1, 2]
    const shape = int64s([2]), begin = int64s([1]), end = int64s([0]), out = m._malloc(12) >>> 0;
    const padded = (value) => m._tw_pad(DTYPE.FLOAT32, x, 8, 1, shape, begin, end, PAD_MODE.CONSTANT,
      PAD_ORDER.CROP_THEN_PAD, value, out, 12);
    try {
      assert.equal(padded(local), STATUS.OK, lastError());
      assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, out, 3)), [9, 1, 2]);
      new Float32Array(m.HEAPU8.buffer, out, 3).fill(-7);
      assert.equal(padded(PAST_MEMORY), STATUS.INVALID_ARGUMENT);
      assert.match(lastError(), /^value: 4 bytes at address 0x[0-9a-f]+ are not inside wasm memory in use/);
      assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, out, 3)), [-7, -7, -7]);
    } finally {
      for (const pointer of [shape, begin, end, out]) m._free(pointer);
    }
  } finally {
    m.stackRestore(top);
    for (const pointer of [x, grid, y]) m._free(pointer);
  }
});
