// Heap tensors are sound: their type, dims and address cannot change, only
// tensor() makes them, and a bool heap tensor reads as 0/1 whatever its bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, gridSample, averagePool, tensor, HeapTensor } from '../js/index.js';
import { TYPES } from '../js/dtypes.js';

await ready();

test('a heap tensor\'s type, dims and pointer cannot be changed (the issue\'s overwrite of a neighbour)', () => {
  const x4 = { type: 'float32', dims: [4], data: Float32Array.of(1, 2, 3, 4) };
  const a = tensor('float32', [4]);
  const b = tensor('float32', [64], new Float32Array(64).fill(1));
  try {
    assert.throws(() => { a.dims = [64]; }, TypeError);
    assert.throws(() => { a.type = 'float64'; }, TypeError);
    assert.throws(() => { a.byteLength = 256; }, TypeError);
    assert.throws(() => Object.defineProperty(a, 'dims', { value: [64] }), TypeError);
    assert.throws(() => Object.defineProperty(a, 'pointer', { value: b.pointer }), TypeError);
    assert.throws(() => { a.dims.push(60); }, TypeError);
    assert.deepEqual([...a.dims], [4]);
    assert.equal(a.type, 'float32');
    assert.throws(() => pad(x4, { pads: [0, 60], value: 9, out: a }), { name: 'RangeError', message: /options\.out must be a float32 tensor of dims \[64\]/ });
    assert.ok(b.data.every((v) => v === 1), 'b is untouched');
  } finally {
    a.dispose();
    b.dispose();
  }
});

test('HeapTensor cannot be constructed over an arbitrary pointer', () => {
  assert.throws(() => new HeapTensor(TYPES.float32, [4], 0xfffffff0), TypeError);
  assert.throws(() => new HeapTensor(Symbol('HeapTensor'), TYPES.float32, [4], 0xfffffff0, 16), TypeError);
  class Sub extends HeapTensor {}
  assert.throws(() => new Sub(TYPES.float32, [4], 64), TypeError);
  // An object that only looks like one is refused.
  const fake = Object.create(HeapTensor.prototype, { type: { value: 'float32' }, dims: { value: [4] } });
  assert.ok(fake instanceof HeapTensor);
  assert.throws(() => pad(fake, { pads: [1, 1] }), { name: 'TypeError', message: /^pad: x: not a heap tensor made by tensor\(\)/ });
  assert.throws(() => fake.pointer, TypeError);
});

test('bool heap tensors: any nonzero byte is true, as in JS tensors', () => {
  const raw = Uint8Array.of(7, 0);
  const js = pad({ type: 'bool', dims: [2], data: raw }, { pads: [1, 1], mode: 'edge' });
  assert.deepEqual([...js.data], [1, 1, 0, 0]);
  const fromData = tensor('bool', [2], raw);
  const written = tensor('bool', [2]);
  written.data.set(raw); // bytes written through the view after creation
  try {
    assert.deepEqual([...fromData.data], [1, 0], 'tensor() stores bool data as 0/1');
    for (const [label, x] of [['from data', fromData], ['written', written]]) {
      assert.deepEqual([...pad(x, { pads: [1, 1], mode: 'edge' }).data], [1, 1, 0, 0], `${label}: edge`);
      assert.deepEqual([...pad(x, { pads: [1, 1], mode: 'constant' }).data], [0, 1, 0, 0], `${label}: constant`);
      const x4 = { type: 'bool', dims: [1, 1, 1, 2], data: null };
      const grid = { type: 'float32', dims: [1, 1, 2, 2], data: Float32Array.of(-0.5, 0, 0.5, 0) };
      const sampled = gridSample(tensor('bool', [1, 1, 1, 2], x.data.slice()), grid, { mode: 'nearest', alignCorners: true });
      assert.deepEqual([...sampled.data], [1, 0], `${label}: gridSample nearest`);
      assert.equal(x4.type, 'bool');
    }
    const out = tensor('bool', [4]);
    out.data.fill(9);
    assert.equal(pad(written, { pads: [1, 1], mode: 'reflect', out }), out);
    assert.deepEqual([...out.data], [0, 1, 0, 1]);
    out.dispose();
  } finally {
    fromData.dispose();
    written.dispose();
  }
});

test('type names that are Object prototype keys are unknown types', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty']) {
    assert.throws(() => tensor(name, [1]), { name: 'TypeError', message: /^tensor: type: unknown element type/ }, name);
    const x = { type: name, dims: [1, 1, 2], data: new Float32Array(2) };
    assert.throws(() => pad(x, { pads: [1, 1, 1, 1, 1, 1] }), { name: 'TypeError', message: /^pad: x\.type: unknown element type/ }, name);
    assert.throws(() => averagePool(x, { kernelShape: [1] }), { name: 'TypeError', message: /^averagePool: x\.type/ }, name);
    const grid = { type: name, dims: [1, 1, 1], data: new Float32Array(1) };
    assert.throws(() => gridSample({ type: 'float32', dims: [1, 1, 2], data: new Float32Array(2) }, grid), { name: 'TypeError', message: /^gridSample: grid\.type/ }, name);
  }
});
