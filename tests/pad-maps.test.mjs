// Pad's fresh result from a JS x, assembled in JS memory from C's index maps
// (tw_pad_maps in src/pad/pad.h; js/pad.js, js/rows.js) against the full
// kernel, which a heap-tensor x takes: random shapes, pads (negative, larger
// than the axis), modes, orders and element types, bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad } from '../js/index.js';
import { setPadPaths } from '../js/pad.js';
import { wasm } from '../js/module.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { pad_mode as MODES, pad_order as ORDERS, status as STATUS } from '../wasm/enums.js';
import { rng } from './support/random.js';
import { SIZES, MODES as MODE_NAMES, randomCase, checkAgainstKernel } from './support/pad-cases.js';

await ready();

// Counts the calls of the heap entries: a result with none came from the maps.
function countHeapCalls() {
  const m = wasm();
  // Emscripten's export stubs replace themselves on their first call: resolve
  // them first (dtype 99 is refused at once), or the wrappers would be overwritten.
  const names = ['_tw_pad', '_tw_pad_borders'];
  for (const name of names) assert.notEqual(m[name](99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
  const originals = names.map((name) => m[name]);
  const counter = { calls: 0, restore: () => names.forEach((name, i) => { m[name] = originals[i]; }) };
  names.forEach((name, i) => { m[name] = (...args) => { counter.calls++; return originals[i](...args); }; });
  return counter;
}

test('the fresh result from the maps equals the full kernel, bit for bit', () => {
  const r = rng(0x0ba55);
  poisonFreshBuffers(0xa5); // a byte the maps path fails to write shows in the result
  setPadPaths({ minResultBytes: 0, slices: false }); // small results too (by default they take the plain kernel)
  let compared = 0, fromMaps = 0, steppedFromMaps = 0;
  try {
    for (let trial = 0; trial < 1200; trial++) {
      const type = Object.keys(SIZES)[trial % Object.keys(SIZES).length];
      // every mode: mirrored, repeated and wrapped borders along the row are
      // moved unit by unit right after the row's runs (js/rows.js moveSteps)
      const c = randomCase(r, type, { minRowBytes: 512, cropOnlyRow: true });
      let heapCalls;
      const done = checkAgainstKernel(c, (x, options) => {
        const counter = countHeapCalls();
        try {
          return pad(x, options);
        } finally {
          heapCalls = counter.calls;
          counter.restore();
        }
      });
      if (!done) continue;
      compared++;
      if (heapCalls === 0) {
        fromMaps++;
        if (c.options.mode !== 'constant') steppedFromMaps++;
      }
    }
  } finally {
    poisonFreshBuffers(null);
    setPadPaths();
  }
  // Most cases take the maps path, every mode; the rest (short rows, packed types) the heap's.
  assert.ok(fromMaps > 500 && steppedFromMaps > 300 && compared - fromMaps > 100,
    `${fromMaps} of ${compared} from the maps (${steppedFromMaps} not constant)`);
});

test('by default a small fresh result takes the plain kernel, a large one the maps, unless in bands of slices', () => {
  const counter = countHeapCalls();
  try {
    const small = { type: 'float32', dims: [3, 224, 224], data: new Float32Array(3 * 224 * 224) };
    pad(small, { pads: [1, 16, 16, 1, 16, 16], mode: 'reflect' });
    assert.equal(counter.calls, 1);
    const large = { type: 'float32', dims: [3, 1024, 1024], data: new Float32Array(3 * 1024 * 1024) };
    pad(large, { pads: [1, 64, 64, 1, 64, 64], mode: 'reflect' });
    assert.equal(counter.calls, 1); // none more
    const planes = { type: 'float32', dims: [1, 3, 1024, 1024], data: new Float32Array(3 * 1024 * 1024) };
    pad(planes, { pads: [0, 0, 64, 64, 0, 0, 64, 64], mode: 'reflect' });
    assert.equal(counter.calls, 4); // one band of one plane each (tests/pad-slices.test.mjs)
  } finally {
    counter.restore();
  }
});

test('tw_pad_maps: Pad\'s rule per axis; bad arguments refused, nothing written', () => {
  const m = wasm();
  const sp = m.stackSave();
  const maps = m._malloc(64); // the maps must lie in the heap
  try {
    const int64s = (values) => {
      const p = m.stackAlloc(8 * values.length);
      new BigInt64Array(m.HEAPU8.buffer, p, values.length).set(values.map(BigInt));
      return p;
    };
    const entries = () => [...new Int32Array(m.HEAPU8.buffer, maps, 16)];
    new Int32Array(m.HEAPU8.buffer, maps, 16).fill(77);
    // [3, 2] reflect-padded by (2, 1) on axis 0 and cropped by 1 at the start of axis 1 (ONNX order)
    const shape = int64s([3, 2]), begin = int64s([2, -1]), end = int64s([1, 0]);
    assert.equal(m._tw_pad_maps(2, shape, begin, end, MODES.REFLECT, ORDERS.CROP_THEN_PAD, maps, 4 * 7), 0);
    assert.deepEqual(entries().slice(0, 8), [2, 1, 0, 1, 2, 1, 1, 77]);
    // constant: -1 outside; OpenVINO order maps against the whole axis
    assert.equal(m._tw_pad_maps(1, int64s([2]), int64s([-1]), int64s([2]), MODES.CONSTANT, ORDERS.PAD_THEN_CROP, maps, 12), 0);
    assert.deepEqual(entries().slice(0, 4), [1, -1, -1, 1]);
    new Int32Array(m.HEAPU8.buffer, maps, 16).fill(77);
    const untouched = () => assert.deepEqual(entries(), new Array(16).fill(77));
    // the byte count must be the sum of the output lengths, 4 bytes each
    assert.equal(m._tw_pad_maps(2, shape, begin, end, MODES.REFLECT, ORDERS.CROP_THEN_PAD, maps, 4 * 8), STATUS.INVALID_ARGUMENT);
    untouched();
    // outside the heap
    assert.equal(m._tw_pad_maps(2, shape, begin, end, MODES.REFLECT, ORDERS.CROP_THEN_PAD, 0xfffffff0, 28), STATUS.INVALID_ARGUMENT);
    // an axis too long for int32 indices
    assert.equal(m._tw_pad_maps(1, int64s([2 ** 31]), int64s([0]), int64s([0]), MODES.EDGE, 0, maps, 4 * 2 ** 31 % 2 ** 32), STATUS.UNSUPPORTED);
    // what tw_pad_output_shape refuses
    assert.equal(m._tw_pad_maps(1, int64s([2]), int64s([-3]), int64s([0]), MODES.CONSTANT, 0, maps, 0), STATUS.INVALID_ARGUMENT);
    untouched();
  } finally {
    m._free(maps);
    m.stackRestore(sp);
  }
});
