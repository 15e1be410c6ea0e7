// augment.batch (js/augment/batch.js, pool.js, worker.js): the same bytes on
// the calling thread and on workers, tensors [N, C, H, W], errors from a
// worker with their class and message, and no worker left holding the
// process.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { chunkReply } from '../js/augment/batch.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { rng } from './support/random.js';

await ready();

const r = rng(0xba7c4);
const image = (width, height) => ({ width, height, data: r.bytes(width * height * 4) });
const images = Array.from({ length: 11 }, () => image(50, 40));
const tensor = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
const augment = compose([
  random.resizedCrop({ width: 32, height: 24 }),
  random.flip({ horizontal: 0.5 }),
  random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1] }),
], { seed: 5, border: 'reflect' });
const { batch } = augment;
after(() => batch.close());

const bytes = (view) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

test('workers: 2 gives the bytes of workers: 0 (tensor and results), sample n from index n', async () => {
  const here = await batch(images, { tensor });
  poisonFreshBuffers(0xa5); // the batch's tensor is not zeroed: a chunk not copied in would show
  let there;
  try {
    there = await batch(images, { workers: 2, tensor });
  } finally {
    poisonFreshBuffers(null);
  }
  assert.deepEqual(here.tensor.dims, [11, 3, 24, 32]);
  assert.deepEqual(there.tensor.dims, here.tensor.dims);
  assert.equal(there.tensor.type, 'float32');
  assert.deepEqual(bytes(there.tensor.data), bytes(here.tensor.data));
  assert.deepEqual(there.results.map((x) => x.params), here.results.map((x) => x.params));
  const one = augment({ image: images[7] }, 7, { tensor });
  const per = one.tensor.data.length;
  assert.deepEqual(bytes(here.tensor.data.subarray(7 * per, 8 * per)), bytes(one.tensor.data), 'sample 7 is augment(images[7], 7)');
  assert.ok(here.results.every((x) => !('tensor' in x)), 'the results leave the tensor to the batch');
});

test('without tensor: the results of augment(images[n], indices[n]), the same on workers', async () => {
  const indices = images.map((_, n) => 1000 + 3 * n);
  const here = await batch(images, { indices });
  const there = await batch(images, { workers: 2, indices });
  assert.equal(there.length, images.length);
  there.forEach((x, n) => {
    const want = augment({ image: images[n] }, indices[n]);
    assert.deepEqual(bytes(x.image.data), bytes(want.image.data), `sample ${n}`);
    assert.deepEqual(x.params, want.params);
    assert.deepEqual(bytes(here[n].image.data), bytes(want.image.data));
  });
  assert.notDeepEqual(here[0].params, here[1].params, 'different indices, different params');
});

test('the input copies the workers send back are reused, and never one under a result', async () => {
  // A worker's reply hands back the buffers of its chunk's inputs for reuse, except one a result holds
  // (here a pipeline stand-in that returns its input image as the result).
  const [a, b] = [image(4, 3), image(4, 3)];
  const chunk = { indices: [0, 1], targets: [{ image: a }, { image: b, mask: { ...image(4, 3), channels: 1 } }] };
  const reply = chunkReply((t, k) => (k === 0 ? { image: t.image } : { image: { ...t.image, data: t.image.data.slice() } }), chunk);
  assert.ok(!reply.message.spent.includes(a.data.buffer), 'the buffer under result 0 is not handed back');
  assert.ok(reply.message.spent.includes(b.data.buffer) && reply.message.spent.includes(chunk.targets[1].mask.data.buffer));
  assert.equal(new Set(reply.transfer).size, reply.transfer.length, 'each buffer transferred once');
  // Successive batches of other images on the same workers: each batch's copies land in buffers that
  // an earlier batch's copies used, and the results are still those of the calling thread.
  for (const set of [0, 1, 2].map(() => Array.from({ length: 9 }, () => image(50, 40)))) {
    const here = await batch(set, { tensor });
    const there = await batch(set, { workers: 2, tensor });
    assert.deepEqual(bytes(there.tensor.data), bytes(here.tensor.data));
  }
});

test('a chunk tensor handed back is written into, or returned unused when the sample dims changed', async () => {
  const chunk = (into) => ({ indices: [3, 4], targets: [{ image: images[3] }, { image: images[4] }], tensor, into });
  const fresh = chunkReply(augment, chunk()).message;
  const per = fresh.tensor.data.length / 2;
  // into a handed-back buffer of the right dims: the same bytes, in that buffer, nothing spent
  const buffer = new ArrayBuffer(fresh.tensor.data.byteLength);
  const used = chunkReply(augment, chunk({ buffer, type: 'float32', sample: [3, 24, 32] })).message;
  assert.equal(used.tensor.data.buffer, buffer);
  assert.deepEqual(bytes(used.tensor.data), bytes(fresh.tensor.data));
  assert.ok(!used.spent.includes(buffer));
  // dims that are not the samples': the chunk runs as usual and the buffer goes back unused
  const other = new ArrayBuffer(2 * per * 4);
  const refused = chunkReply(augment, chunk({ buffer: other, type: 'float32', sample: [3, 32, 24] })).message;
  assert.notEqual(refused.tensor.data.buffer, other);
  assert.deepEqual(bytes(refused.tensor.data), bytes(fresh.tensor.data));
  assert.ok(refused.spent.includes(other));
  // a buffer of the right size holding another tensor type: refused too, handed back unused
  const other8 = new ArrayBuffer(fresh.tensor.data.byteLength);
  const asBytes = chunkReply(augment, { ...chunk({ buffer: other8, type: 'float32', sample: [3, 24, 32] }), tensor: { ...tensor, type: 'uint8' } }).message;
  assert.equal(asBytes.tensor.type, 'uint8');
  assert.ok(asBytes.spent.includes(other8));
  // batches whose sample dims or tensor type change between them, on the same workers: each as the calling thread gives it
  const free = compose([random.flip({ horizontal: 0.5 })], { seed: 9 });
  try {
    for (const size of [[50, 40], [50, 40], [40, 50], [40, 50], [20, 10]]) {
      const set = Array.from({ length: 12 }, () => image(...size));
      const here = await free.batch(set, { tensor });
      const there = await free.batch(set, { workers: 2, tensor });
      assert.deepEqual(there.tensor.dims, [12, 3, size[1], size[0]]);
      assert.deepEqual(bytes(there.tensor.data), bytes(here.tensor.data), `images ${size}`);
    }
    const set = Array.from({ length: 12 }, () => image(20, 10));
    for (const type of ['uint8', 'float16', 'float32', 'uint8']) {
      const here = await free.batch(set, { tensor: { ...tensor, type } });
      const there = await free.batch(set, { workers: 2, tensor: { ...tensor, type } });
      assert.equal(there.tensor.type, type);
      assert.deepEqual(bytes(there.tensor.data), bytes(here.tensor.data), type);
    }
  } finally {
    await free.batch.close();
  }
});

test('transfer: true moves the images to the workers (detached here), with the same result', async () => {
  const copies = images.map((img) => ({ ...img, data: img.data.slice() }));
  const moved = await batch(copies, { workers: 2, tensor, transfer: true });
  const here = await batch(images, { tensor });
  assert.deepEqual(bytes(moved.tensor.data), bytes(here.tensor.data));
  assert.ok(copies.every((img) => img.data.byteLength === 0), 'the inputs were transferred, not copied');
});

/** An image whose width, height and channels are prototype getters, as an ImageData's are (Node has no ImageData). */
class GetterImage {
  #width; #height; #data;
  constructor({ width, height, data }) { this.#width = width; this.#height = height; this.#data = data; }
  get width() { return this.#width; }
  get height() { return this.#height; }
  get data() { return this.#data; }
  get channels() { return 4; }
}

test('images whose width and height are prototype getters (as ImageData) reach the workers whole, copied or transferred', async () => {
  const here = await batch(images, { tensor });
  for (const transfer of [false, true]) {
    const getters = images.map((im) => new GetterImage({ ...im, data: im.data.slice() }));
    const targets = getters.map((image, n) => (n % 2 ? { image, mask: new GetterImage({ width: 50, height: 40, data: new Uint8Array(2000) }) } : image));
    for (const t of targets) if (t.mask) Object.defineProperty(t.mask, 'channels', { value: 1 });
    const there = await batch(targets, { workers: 2, tensor, transfer });
    assert.deepEqual(bytes(there.tensor.data), bytes(here.tensor.data), `transfer: ${transfer}`);
    assert.deepEqual(there.results.map((x) => x.params), here.results.map((x) => x.params));
    assert.equal(there.results[1].mask.width, 32, 'the mask followed the image');
  }
});

test('errors in a worker reject the batch with the original class and message', async () => {
  const bad = [...images.slice(0, 5), { width: 50, height: 40, data: new Uint8Array(7) }];
  const expected = await batch(bad, { tensor }).then(() => null, (error) => error);
  assert.ok(expected instanceof RangeError || expected instanceof TypeError, String(expected));
  await assert.rejects(batch(bad, { workers: 2, tensor }), (error) => {
    assert.equal(error.constructor, expected.constructor);
    assert.equal(error.message, expected.message);
    return true;
  });
  const after = await batch(images.slice(0, 3), { workers: 2, tensor }); // the pool still works
  assert.deepEqual(after.tensor.dims, [3, 3, 24, 32]);
});

test('images of different sizes: one tensor when the output size is fixed, else RangeError naming images', async () => {
  const mixed = [image(50, 40), image(31, 57), image(64, 64)];
  for (const workers of [0, 2]) {
    const fixed = await batch(mixed, { workers, tensor });
    assert.deepEqual(fixed.tensor.dims, [3, 3, 24, 32]);
    const flips = compose([random.flip({ horizontal: 0.5 })], { seed: 1 }).batch;
    await assert.rejects(flips(mixed, { workers, tensor }), (e) => {
      assert.equal(e.name, 'RangeError');
      assert.match(e.message, /^batch: images: .*fixed \(end it with (.*)\)$/);
      // the advice names transforms by their random.* names, each one that exists (it advised a 'resize')
      const advised = e.message.match(/random\.\w+/g) ?? [];
      assert.deepEqual(advised, ['random.resizedCrop', 'random.crop', 'random.resize']);
      for (const name of advised) assert.ok(Object.hasOwn(random, name.slice('random.'.length)), `${name} exists`);
      return true;
    });
    await flips.close();
  }
});

test('bad options: TypeError/RangeError naming them', async () => {
  await assert.rejects(batch(images[0], {}), { name: 'TypeError', message: /images/ });
  await assert.rejects(batch(images, { workers: -1 }), { name: 'RangeError', message: /options\.workers/ });
  await assert.rejects(batch(images, { workers: 1.5 }), { name: 'RangeError', message: /options\.workers/ });
  await assert.rejects(batch(images, { worker: 2 }), { name: 'TypeError', message: /worker/ });
  await assert.rejects(batch(images, { indices: [1, 2] }), { name: 'RangeError', message: /options\.indices/ });
  await assert.rejects(batch(images, { tensor: 'NCHW' }), { name: 'TypeError', message: /options\.tensor/ });
  await assert.rejects(batch(images, { transfer: 'yes' }), { name: 'TypeError', message: /options\.transfer/ });
  await assert.rejects(batch([], { tensor }), { name: 'RangeError', message: /images/ });
  assert.deepEqual(await batch([], {}), []);
});

const runBatchScript = (flags) => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const script = `
    import { ready } from './js/index.js';
    import { compose, random } from './js/augment.js';
    await ready();
    const { batch } = compose([random.flip({ horizontal: 0.5 })], { seed: 2 });
    const out = await batch([{ width: 4, height: 4, data: new Uint8Array(64) }], { workers: 2 });
    console.log('done', out.length);`;
  return spawnSync(process.execPath, [...flags, '--input-type=module', '--eval', script], { cwd: root, timeout: 30000, encoding: 'utf8' });
};

test('a Node process that ran a batch on workers exits without close()', () => {
  const child = runBatchScript([]);
  assert.equal(child.error, undefined, 'the process exited by itself');
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.trim(), 'done 1');
});

test('workers start under V8 flags, which a worker refuses in its execArgv (node --max-old-space-size=...)', () => {
  const child = runBatchScript(['--max-old-space-size=4096', '--stack-size=984', '--enable-source-maps', '--trace-gc']);
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout.split('\n').filter((line) => !line.startsWith('[')).join('\n').trim(), 'done 1', 'no ERR_WORKER_INVALID_EXEC_ARGV');
});
