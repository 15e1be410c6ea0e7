// The boundary protocol: no write outside the output, no leaked heap bytes,
// and a module that keeps working after every error.
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import assert from 'node:assert/strict';
import { ready, pad, onnx, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { heapTensorView } from '../js/tensor.js';
import { TYPES } from '../js/dtypes.js';
import { rng } from './support/random.js';

await ready();
const inUse = () => wasm()._tw_heap_bytes_in_use() >>> 0;
const CANARY = 64;

/** A heap tensor with CANARY guard bytes on both sides; check() verifies them. */
function guarded(type, dims) {
  const info = TYPES[type];
  const bytes = Math.ceil((dims.reduce((a, b) => a * b, 1) * info.bits) / 8);
  const block = tensor('uint8', [bytes + 2 * CANARY]);
  const base = block.pointer;
  const heap = () => wasm().HEAPU8;
  heap().fill(0xa5, base, base + bytes + 2 * CANARY);
  const t = heapTensorView(block, CANARY, type, dims);
  return {
    t,
    check(label) {
      const h = heap();
      for (let i = 0; i < CANARY; i++) {
        assert.equal(h[base + i], 0xa5, `${label}: byte ${CANARY - i} before the output`);
        assert.equal(h[base + CANARY + bytes + i], 0xa5, `${label}: byte ${i} after the output`);
      }
    },
    free: () => block.dispose(),
  };
}

test('canary bytes around every output survive random pads', () => {
  const r = rng(7);
  for (let trial = 0; trial < 300; trial++) {
    const type = r.pick(['uint8', 'float16', 'float32', 'float64', 'complex128', 'int4', 'uint2']);
    const rank = r.int(1, 4);
    const dims = Array.from({ length: rank }, () => r.int(1, 9));
    const pads = [...dims.map((n) => r.int(-Math.floor(n / 2), 6)), ...dims.map((n) => r.int(-Math.floor(n / 2), 6))];
    const mode = r.pick(['constant', 'reflect', 'edge', 'wrap', 'symmetric']);
    const info = TYPES[type];
    const count = dims.reduce((a, b) => a * b, 1);
    const x = { type, dims, data: new info.arrays[0](Math.ceil((count * info.bits) / 8) / info.arrays[0].BYTES_PER_ELEMENT) };
    const outDims = dims.map((n, d) => n + pads[d] + pads[rank + d]);
    const g = guarded(type, outDims);
    try {
      pad(x, { pads, mode, value: type === 'complex128' ? [1, 2] : 1, out: g.t });
      g.check(`${type} ${mode} dims ${dims} pads ${pads}`);
    } finally {
      g.free();
    }
  }
});

test('heap usage is unchanged after 10,000 calls', () => {
  const x = { type: 'float32', dims: [3, 5], data: Float32Array.from({ length: 15 }, (_, i) => i) };
  pad(x, { pads: [1, 2, 1, 2], mode: 'reflect' }); // warm up lazily allocated state
  const before = inUse();
  for (let i = 0; i < 10000; i++) {
    pad(x, { pads: [1, 2, 1, 2], mode: ['constant', 'reflect', 'edge', 'wrap', 'symmetric'][i % 5] });
  }
  onnx.run('Pad', [x, [0, 1, 0, 1]], {}, { opset: 19 });
  assert.equal(inUse(), before);
});

test('every error case leaves the heap as it was and the module working', () => {
  const x = { type: 'float32', dims: [2, 3], data: Float32Array.of(1, 2, 3, 4, 5, 6) };
  const expected = Array.from(pad(x, { pads: [1, 1, 1, 1], mode: 'reflect' }).data);
  const out = tensor('float32', [4, 5]);
  out.data.fill(42);
  const before = inUse();
  const failing = [
    () => pad(x, { pads: [-3, 0, 0, 0] }),
    () => pad(x, { pads: [0, 0, 0, 2 ** 40] }),
    () => pad(x, { pads: [0, 2 ** 31, 0, 2 ** 31] }),
    () => pad(x, { padsBegin: [0, 3], padsEnd: [0, 0], mode: 'reflect' }),
    () => pad({ type: 'float32', dims: [2, 0], data: new Float32Array(0) }, { pads: [0, 1, 0, 0], mode: 'wrap' }),
    () => pad(x, { pads: [1, 1, 1, 1], mode: 'nope' }),
    () => pad(x, { pads: [1, 1, 1, 1], out: { type: 'float32', dims: [1], data: new Float32Array(1) } }),
    () => pad(x, { pads: [1, 1, 1], out }),
    () => pad(x, { pads: [0, 0, 1, 1], out }), // result dims differ from out's
    () => onnx.run('Pad', [x, [1, 1, 1, 1], null, [0, 0]], {}, { opset: 18 }),
    () => onnx.run('Pad', [x, [1, 1, 1, 1], { type: 'float32', dims: [2], data: new Float32Array(2) }], {}, { opset: 18 }),
  ];
  for (const run of failing) {
    assert.throws(run, (e) => e instanceof TypeError || e instanceof RangeError);
    assert.equal(inUse(), before, `heap after ${run}`);
    assert.ok(out.data.every((v) => v === 42), `out untouched after ${run}`);
    assert.deepEqual(Array.from(pad(x, { pads: [1, 1, 1, 1], mode: 'reflect' }).data), expected);
  }
  out.dispose();
});

test('heap tensors: data views follow memory growth; dispose frees', () => {
  const before = inUse();
  const t = tensor('float64', [4], Float64Array.of(1, 2, 3, 4));
  const big = tensor('uint8', [64 << 20]); // forces the memory to grow
  try {
    assert.deepEqual(Array.from(t.data), [1, 2, 3, 4]);
    assert.equal(t.data.buffer, wasm().HEAPU8.buffer);
  } finally {
    big.dispose();
    t.dispose();
  }
  assert.equal(inUse(), before);
  assert.throws(() => t.data, /disposed/);
  assert.throws(() => tensor('string', [1]), TypeError);
  assert.throws(() => tensor('float32', [2], Float32Array.of(1)), RangeError);
  assert.equal(inUse(), before);
});

test('heap tensors dropped without dispose() are freed when collected', async () => {
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc');
  const before = inUse();
  (() => {
    for (let i = 0; i < 8; i++) tensor('float32', [1024]);
  })();
  assert.ok(inUse() >= before + 8 * 4096, 'the tensors were allocated');
  // Finalizers run in a later task after the collection that found the objects dead.
  for (let round = 0; round < 50 && inUse() !== before; round++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(inUse(), before);

  // dispose() unregisters: once a disposed tensor is collected (the WeakRef
  // says so) and finalizers have had their turn, its block was freed once.
  const m = wasm();
  const free = m._free;
  const frees = new Map();
  m._free = (pointer) => {
    frees.set(pointer, (frees.get(pointer) ?? 0) + 1);
    return free(pointer);
  };
  try {
    const { ref, pointer } = (() => {
      const t = tensor('uint8', [100]);
      const address = t.pointer;
      t.dispose();
      return { ref: new WeakRef(t), pointer: address };
    })();
    // deref() keeps its target alive until the current job ends, so each
    // round collects in a fresh job before asking.
    let collected = false;
    for (let round = 0; round < 50 && !collected; round++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      collect();
      collected = ref.deref() === undefined;
    }
    assert.ok(collected, 'the disposed tensor was collected');
    collect();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(frees.get(pointer), 1, 'freed by dispose() and never again');
  } finally {
    m._free = free;
  }
  assert.equal(inUse(), before);
});
