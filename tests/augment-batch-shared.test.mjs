// augment.batch's two ways to the workers (js/augment/batch.js, batch-join.js): shared memory (the
// default in Node: the batch tensor in a SharedArrayBuffer the workers write their samples into) and the
// transfer path (shared: false: each chunk's tensor transferred back and copied in), byte for byte the
// calling thread's for any worker count; and options.tensor.out (a tensor written into, by either path).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { rng } from './support/random.js';

await ready();

const r = rng(0x5ba4ed);
const image = (width, height) => ({ width, height, data: r.bytes(width * height * 4) });
const images = Array.from({ length: 37 }, () => image(45, 33));
const tensor = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
const augment = compose([
  random.resizedCrop({ width: 20, height: 16 }),
  random.flip({ horizontal: 0.5 }),
  random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1] }),
], { seed: 23, border: 'reflect' });
const { batch } = augment;
after(() => batch.close());

const bytes = (view) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
const indices = images.map((_, n) => 500 + 7 * n);

test('shared memory is the default in Node: the tensor comes in a SharedArrayBuffer; shared: false gives an ArrayBuffer', async () => {
  assert.ok((await batch(images, { workers: 2, tensor, indices })).tensor.data.buffer instanceof SharedArrayBuffer);
  assert.ok((await batch(images, { workers: 2, tensor, indices })).tensor.data.buffer instanceof SharedArrayBuffer, 'and again with the dims known');
  assert.ok((await batch(images, { workers: 2, tensor, indices, shared: false })).tensor.data.buffer instanceof ArrayBuffer);
  assert.ok((await batch(images, { tensor, indices })).tensor.data.buffer instanceof ArrayBuffer, 'workers: 0 shares nothing');
});

test('the same bytes for workers 0..3, shared and transfer, first and later batches, copied or transferred images', async () => {
  const here = await batch(images, { tensor, indices });
  assert.deepEqual(here.tensor.dims, [37, 3, 16, 20]);
  for (const workers of [1, 2, 3]) {
    const pool = compose(augment.spec.transforms, augment.spec.options); // a fresh pipeline: its first batch has no dims to go on
    try {
      for (const shared of [true, false, true]) {
        for (const transfer of [false, true]) {
          const input = transfer ? images.map((x) => ({ ...x, data: x.data.slice() })) : images;
          const there = await pool.batch(input, { workers, tensor, indices, shared, transfer });
          assert.deepEqual(there.tensor.dims, here.tensor.dims);
          assert.ok(bytes(there.tensor.data).equals(bytes(here.tensor.data)), `workers ${workers}, shared ${shared}, transfer ${transfer}`);
          assert.deepEqual(there.results.map((x) => x.params), here.results.map((x) => x.params));
        }
      }
    } finally {
      await pool.batch.close();
    }
  }
});

test('images already in shared memory go to the workers as they are, with the same bytes', async () => {
  const inShared = images.map((x) => {
    const data = new Uint8Array(new SharedArrayBuffer(x.data.length));
    data.set(x.data);
    return { ...x, data };
  });
  const here = await batch(images, { tensor, indices });
  const there = await batch(inShared, { workers: 2, tensor, indices });
  assert.ok(bytes(there.tensor.data).equals(bytes(here.tensor.data)));
});

test('tensor.out: the batch is written into the given tensor (same data) by every path, with the same bytes', async () => {
  const here = await batch(images, { tensor, indices });
  const cases = [[0, undefined, ArrayBuffer], [2, true, SharedArrayBuffer], [2, false, SharedArrayBuffer], [2, true, ArrayBuffer], [1, false, ArrayBuffer]];
  for (const [workers, shared, Kind] of cases) {
    const data = new Float32Array(new Kind(here.tensor.data.byteLength)).fill(-7);
    const out = { type: 'float32', dims: [...here.tensor.dims], data };
    const there = await batch(images, { workers, shared, tensor: { ...tensor, out }, indices });
    assert.equal(there.tensor.data, data, `workers ${workers}, shared ${shared}, ${Kind.name}`);
    assert.deepEqual(there.tensor.dims, here.tensor.dims);
    assert.ok(bytes(data).equals(bytes(here.tensor.data)), `workers ${workers}, shared ${shared}, ${Kind.name}`);
  }
  // a view at an offset in a larger buffer: written there and nowhere else
  const big = new Float32Array(here.tensor.data.length + 8).fill(-7);
  const view = big.subarray(4, 4 + here.tensor.data.length);
  await batch(images, { workers: 2, tensor: { ...tensor, out: { type: 'float32', dims: here.tensor.dims, data: view } }, indices });
  assert.ok(bytes(view).equals(bytes(here.tensor.data)));
  assert.deepEqual([...big.subarray(0, 4), ...big.subarray(-4)], Array(8).fill(-7));
});

test('tensor.out that does not fit: TypeError/RangeError naming it, for each path', async () => {
  const per = 3 * 16 * 20;
  const out = (dims, data = new Float32Array(dims.reduce((a, b) => a * b, 1))) => ({ ...tensor, out: { type: 'float32', dims, data } });
  for (const [workers, shared] of [[0, undefined], [2, true], [2, false]]) {
    await assert.rejects(batch(images, { workers, shared, tensor: out([37, 3, 20, 16]), indices }),
      { name: 'RangeError', message: /^batch: options\.tensor\.out: expected a float32 tensor of dims \[37, 3, 16, 20\], got float32 \[37, 3, 20, 16\]/ }, `workers ${workers}`);
  }
  await assert.rejects(batch(images, { tensor: out([36, 3, 16, 20]) }), { name: 'RangeError', message: /^batch: options\.tensor\.out\.dims\[0\]: expected 37/ });
  await assert.rejects(batch(images, { tensor: out([37, 3, 16, 20], new Float32Array(37 * per - 1)) }), { name: 'RangeError', message: /^batch: options\.tensor\.out\.data: expected 35520 elements/ });
  await assert.rejects(batch(images, { tensor: out([37, 3, 16, 20], new Uint8Array(37 * per)) }), { name: 'TypeError', message: /^batch: options\.tensor\.out\.data: expected a Float32Array/ });
  await assert.rejects(batch(images, { tensor: { ...tensor, out: { type: 'float99', dims: [37, 1], data: new Float32Array(37) } } }), { name: 'TypeError', message: /^batch: options\.tensor\.out\.type/ });
  await assert.rejects(batch(images, { tensor: { ...tensor, out: 5 } }), { name: 'TypeError', message: /^batch: options\.tensor\.out: expected a tensor/ });
  await assert.rejects(batch(images, { shared: 1 }), { name: 'TypeError', message: /^batch: options\.shared: expected true or false/ });
  // and the next call works
  const ok = await batch(images, { workers: 2, tensor, indices });
  assert.deepEqual(ok.tensor.dims, [37, 3, 16, 20]);
});
