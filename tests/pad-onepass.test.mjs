// Pad's one-pass fresh result (a JS x copied straight into its place in the
// result, C writing only the borders: src/pad/pad.h, js/pad.js) against the
// full kernel, which a heap-tensor x still takes: random shapes, pads (negative,
// larger than the axis), modes, orders and element types, bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { setPadPaths } from '../js/pad.js';
import { rng } from './support/random.js';
import { SIZES, randomCase, checkAgainstKernel, bytesOf } from './support/pad-cases.js';

await ready();

// Counts the calls of the border-only entry, to know the one-pass path ran.
function countBorders() {
  const m = wasm();
  // Emscripten's export stub replaces itself on its first call: resolve it
  // first (dtype 99 is refused at once), or the wrapper would be overwritten.
  assert.notEqual(m._tw_pad_borders(99, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
  const original = m._tw_pad_borders;
  const counter = { calls: 0, restore: () => { m._tw_pad_borders = original; } };
  m._tw_pad_borders = (...args) => { counter.calls++; return original(...args); };
  return counter;
}

// Leaves `bytes` bytes of 0xa5 where the next heap blocks are likely to go,
// so a byte the border entry fails to write shows in the result.
function poisonHeap(bytes) {
  const t = tensor('uint8', [bytes]);
  t.data.fill(0xa5);
  t.dispose();
}

test('the one-pass fresh result equals the full kernel, bit for bit', () => {
  const r = rng(0x0ba55);
  const counter = countBorders();
  setPadPaths({ minResultBytes: 0, maps: false, slices: false }); // small results too, and not through the maps
  let compared = 0;
  try {
    for (let trial = 0; trial < 1200; trial++) {
      const type = Object.keys(SIZES)[trial % Object.keys(SIZES).length];
      // rows long enough for the one-pass path (>= 1 KiB) most of the time
      const c = randomCase(r, type, { minRowBytes: 1024 });
      const done = checkAgainstKernel(c, (x, options, expected) => {
        if (expected) poisonHeap(bytesOf(expected.data).length + 4096);
        return pad(x, options);
      });
      if (done) compared++;
    }
  } finally {
    counter.restore();
    setPadPaths();
  }
  // With the maps off, most cases with long enough rows take the one-pass path
  // (by default the maps, pad-maps.test.mjs, take them first), the rest
  // (short rows, packed types, OpenVINO crops the mode reads from) the full kernel.
  assert.ok(counter.calls > 250 && compared - counter.calls > 250, `${counter.calls} of ${compared} one-pass`);
});

test('the border entry refuses what it cannot complete, and both entries refuse buffers outside the heap, writing nothing', () => {
  const m = wasm();
  // OpenVINO wrap with a negative begin: the end border reads x[0], which the result crops.
  const x = tensor('float32', [4], Float32Array.of(1, 2, 3, 4));
  const out = tensor('float32', [4]);
  out.data.fill(9);
  const sp = m.stackSave();
  try {
    const int64s = (values) => {
      const p = m.stackAlloc(8 * values.length);
      new BigInt64Array(m.HEAPU8.buffer, p, values.length).set(values.map(BigInt));
      return p;
    };
    const shape = int64s([4]);
    const begin = int64s([-1]);
    const end = int64s([1]);
    const box = m.stackAlloc(24);
    const flag = m.stackAlloc(4);
    assert.equal(m._tw_pad_interior(1, 1, shape, begin, end, 3, 1, box, flag), 0);
    assert.equal(m.HEAP32[flag >>> 2], 0);
    assert.notEqual(m._tw_pad_borders(1, 1, shape, begin, end, 3, 1, 0, out.pointer, 16), 0);
    assert.deepEqual([...out.data], [9, 9, 9, 9]);
    // an out outside the heap, and a byte count that is not the result's
    const ok = int64s([1]);
    assert.notEqual(m._tw_pad_borders(1, 1, shape, ok, ok, 2, 0, 0, 0xfffffff0, 24), 0);
    assert.notEqual(m._tw_pad_borders(1, 1, shape, ok, ok, 2, 0, 0, out.pointer, 20), 0);
    // tw_pad checks its buffers against the heap too (it wrote wherever `out` pointed)
    const y = tensor('float32', [6]);
    y.data.fill(9);
    assert.notEqual(m._tw_pad(1, 0xfffffff0, 16, 1, shape, ok, ok, 2, 0, 0, y.pointer, 24), 0);
    assert.deepEqual([...y.data], [9, 9, 9, 9, 9, 9]);
    assert.notEqual(m._tw_pad(1, x.pointer, 16, 1, shape, ok, ok, 2, 0, 0, 16, 24), 0);
    assert.match(new TextDecoder().decode(m.HEAPU8.subarray(m._tw_last_error(), m._tw_last_error() + 60)), /^out: 24 bytes/);
    y.dispose();
  } finally {
    m.stackRestore(sp);
    x.dispose();
    out.dispose();
  }
});
