// loader (js/augment/loader.js) in Node: every item once per epoch in an order drawn from (seed, epoch)
// only; sample bytes equal augment(item, epoch·length + i) whatever the worker count, batch size or
// prefetch; dropLast; batch transforms; errors naming the item after the batches before it arrive;
// closing the iterator ends the workers; bad options. The browser side (Blobs, URLs, decoding in the
// workers) is tests/browser/loader.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random, loader, mixUp } from '../js/augment.js';
import { epochOrder } from '../js/augment/loader.js';
import { rng } from './support/random.js';

await ready();

const r = rng(0x10ad);
const image = (width, height) => ({ width, height, data: r.bytes(width * height * 4) });
const dataset = Array.from({ length: 11 }, (_, i) => ({ image: image(20 + i, 16), label: i % 4 }));
const tensor = { mean: [0.5, 0.5, 0.5], std: [0.25, 0.25, 0.25] };
const pipeline = () => compose([random.resizedCrop({ width: 12, height: 10 }), random.flip({ horizontal: 0.5 })], { seed: 21 });

async function collect(iterable) {
  const out = [];
  for await (const batch of iterable) out.push(batch);
  return out;
}

/** Per dataset index, the bytes of its sample in the batches. */
function samplesOf(batches) {
  const bySample = new Map();
  for (const b of batches) {
    const per = b.tensor.data.length / b.indices.length;
    b.indices.forEach((i, n) => bySample.set(i, Array.from(b.tensor.data.subarray(n * per, (n + 1) * per))));
  }
  return bySample;
}

test('every item once per epoch, shuffled by (seed, epoch) only; the order is a permutation', () => {
  const a = epochOrder(11, true, 5, 0), b = epochOrder(11, true, 5, 1);
  assert.deepEqual([...a].sort((x, y) => x - y), Array.from({ length: 11 }, (_, i) => i));
  assert.notDeepEqual(a, b);
  assert.deepEqual(a, epochOrder(11, true, 5, 0));
  assert.deepEqual(epochOrder(11, false, 5, 3), Array.from({ length: 11 }, (_, i) => i));
});

test('sample bytes equal augment(item, epoch·length + i) for any workers, batch size and prefetch', async () => {
  const aug = pipeline();
  const configs = [{ workers: 0, batchSize: 4, prefetch: 1 }, { workers: 2, batchSize: 3, prefetch: 3 }, { workers: 1, batchSize: 11, prefetch: 2 }];
  let first = null;
  for (const c of configs) {
    const batches = await collect(loader(dataset, { ...c, shuffle: true, seed: 8, epoch: 2, tensor, augment: aug }));
    assert.deepEqual(batches.flatMap((b) => b.indices), epochOrder(11, true, 8, 2));
    assert.deepEqual(batches.map((b) => b.tensor.dims[0]), Array.from({ length: Math.ceil(11 / c.batchSize) }, (_, k) => Math.min(c.batchSize, 11 - k * c.batchSize)));
    const samples = samplesOf(batches);
    if (first === null) {
      first = samples;
      for (const [i, bytes] of samples) {
        const { tensor: t } = aug({ image: dataset[i].image }, 2 * 11 + i, { tensor: { ...tensor } });
        assert.deepEqual(bytes, Array.from(t.data), `item ${i}`);
      }
    } else {
      assert.deepEqual(samples, first, `workers ${c.workers}, batchSize ${c.batchSize}`);
    }
    for (const b of batches) {
      assert.deepEqual(b.labels, b.indices.map((i) => i % 4));
      assert.equal(b.params.samples.length, b.indices.length);
      assert.deepEqual(b.params.samples.map((p) => p.index), b.indices.map((i) => 22 + i));
    }
  }
  await aug.batch.close();
});

test('recycle: the tensors of batches moved past are written again (at most prefetch + 2 in use), with the same bytes', async () => {
  const many = Array.from({ length: 30 }, (_, i) => dataset[i % dataset.length]);
  for (const [workers, shared, batchTransform] of [[0, undefined, undefined], [2, true, undefined], [2, false, undefined], [2, true, mixUp({ alpha: 0.4, numClasses: 4, seed: 2 })]]) {
    const aug = pipeline();
    const options = { batchSize: 4, shuffle: true, seed: 3, workers, shared, prefetch: 2, tensor, augment: aug, batchTransform };
    const fresh = [];
    for await (const b of loader(many, options)) fresh.push(Array.from(b.tensor.data));
    const recycled = [];
    const buffers = new Set();
    for await (const b of loader(many, { ...options, recycle: true })) {
      await new Promise((resolve) => setTimeout(resolve, 5)); // the model's time: the producer runs meanwhile
      recycled.push(Array.from(b.tensor.data)); // copied before the next batch is asked for, after which the tensor is written again
      buffers.add(b.tensor.data.buffer);
    }
    assert.deepEqual(recycled, fresh, `workers ${workers}, shared ${shared}, mix ${Boolean(batchTransform)}`);
    assert.equal(recycled.length, 8);
    // prefetch 2 + the one handed out + the one in the making, and the short last batch's own; a batch transform's
    // tensors are its own (the pipeline's go back to be written again as soon as they are mixed)
    if (!batchTransform) assert.ok(buffers.size <= 5, `${buffers.size} tensors for 8 batches (workers ${workers})`);
    await aug.batch.close();
  }
  assert.throws(() => loader(dataset, { recycle: 1 }), { name: 'TypeError', message: /^loader: options\.recycle: expected true or false/ });
});

test('dropLast drops the short batch; batches says how many; a { length, get } dataset with async get', async () => {
  const aug = pipeline();
  const lazy = { length: 11, get: async (i) => dataset[i] };
  const l = loader(lazy, { batchSize: 4, dropLast: true, tensor, augment: aug });
  assert.equal(l.batches, 2);
  const batches = await collect(l);
  assert.deepEqual(batches.map((b) => b.indices), [[0, 1, 2, 3], [4, 5, 6, 7]]);
  assert.equal(loader(lazy, { batchSize: 4 }).batches, 3);
  const plain = await collect(loader(dataset.map((d) => d.image), { batchSize: 5 })); // bare images, no pipeline, no tensor
  assert.equal(plain.length, 3);
  assert.deepEqual(new Uint8Array(plain[0].targets[1].image.data), dataset[1].image.data);
  assert.deepEqual(plain[0].labels, [undefined, undefined, undefined, undefined, undefined]);
});

test('a batch transform mixes each batch as batch k = epoch·batches + b', async () => {
  const aug = pipeline();
  const mix = mixUp({ alpha: 0.5, seed: 3, numClasses: 4 });
  const batches = await collect(loader(dataset, { batchSize: 4, epoch: 1, tensor, augment: aug, batchTransform: mix }));
  const plain = await collect(loader(dataset, { batchSize: 4, epoch: 1, tensor, augment: aug }));
  batches.forEach((b, n) => {
    const expected = mix({ tensor: plain[n].tensor, labels: plain[n].labels }, 3 + n);
    assert.deepEqual(b.tensor.data, expected.tensor.data);
    assert.deepEqual(b.labels, expected.labels);
    assert.deepEqual(b.params.batch, expected.params);
  });
});

test('an item that fails: the batches before it arrive, then the error names the item', async () => {
  for (const workers of [0, 2]) {
    const aug = pipeline();
    const broken = dataset.map((d, i) => (i === 6 ? { image: { width: 3, height: 3, data: new Uint8Array(5) }, label: 0 } : d));
    const seen = [];
    await assert.rejects(async () => {
      for await (const b of loader(broken, { batchSize: 4, workers, tensor, augment: aug })) seen.push(b.indices);
    }, { name: 'RangeError', message: /^loader: dataset\[6\]: augment: targets\.image\.data/ });
    assert.deepEqual(seen, [[0, 1, 2, 3]], `workers ${workers}`);
    await aug.batch.close();
  }
  await assert.rejects(async () => {
    for await (const b of loader([dataset[0], { image: new Blob([new Uint8Array(4)]) }], { batchSize: 1 })) void b;
  }, { name: 'TypeError', message: /^loader: dataset\[1\]\.image: decoding a Blob needs createImageBitmap .* in Node pass decoded images/ });
});

test('closing the iterator (break) ends the workers', async () => {
  const aug = pipeline();
  const close = aug.batch.close;
  let closed = 0;
  aug.batch.close = async () => {
    closed++;
    return close();
  };
  for await (const b of loader(dataset, { batchSize: 2, workers: 2, prefetch: 3, tensor, augment: aug })) {
    assert.deepEqual(b.indices, [0, 1]);
    break;
  }
  assert.equal(closed, 1);
});

test('a loader run interrupted half-way leaves no worker alive (each worker thread started has exited)', async () => {
  // Every worker_threads.Worker the pool starts is counted, and its 'exit' event too: a thread that has
  // not emitted 'exit' is still running.
  const threads = process.getBuiltinModule('node:worker_threads');
  const Original = threads.Worker;
  const started = [];
  threads.Worker = class CountedWorker extends Original {
    constructor(...args) {
      super(...args);
      const record = { exited: false };
      started.push(record);
      this.on('exit', () => { record.exited = true; });
    }
  };
  try {
    const many = Array.from({ length: 40 }, (_, i) => dataset[i % dataset.length]);
    for (const shared of [true, false]) {
      started.length = 0;
      const aug = pipeline();
      const seen = [];
      // batches of 4 on 2 workers with 3 prefetched: when the loop breaks at batch 5 of 10, later batches are in flight
      for await (const b of loader(many, { batchSize: 4, workers: 2, prefetch: 3, tensor, augment: aug, shared })) {
        seen.push(b.indices[0]);
        if (seen.length === 5) break;
      }
      assert.deepEqual(seen, [0, 4, 8, 12, 16]);
      assert.equal(started.length, 2, 'two workers were started');
      await new Promise((resolve) => setTimeout(resolve, 50)); // 'exit' is emitted on a later turn
      assert.deepEqual(started.map((w) => w.exited), [true, true], `shared ${shared}: no worker left running`);
    }
  } finally {
    threads.Worker = Original;
  }
});

test('bad options: TypeError/RangeError naming them', () => {
  assert.throws(() => loader(5), { name: 'TypeError', message: /^loader: dataset/ });
  assert.throws(() => loader(dataset, { batchSize: 0 }), { name: 'RangeError', message: /^loader: options\.batchSize/ });
  assert.throws(() => loader(dataset, { prefetch: 1.5 }), { name: 'RangeError', message: /^loader: options\.prefetch/ });
  assert.throws(() => loader(dataset, { shuffle: 'yes' }), { name: 'TypeError', message: /^loader: options\.shuffle/ });
  assert.throws(() => loader(dataset, { seed: -2 }), { name: 'RangeError', message: /^loader: options\.seed/ });
  assert.throws(() => loader(dataset, { augment: {} }), { name: 'TypeError', message: /^loader: options\.augment/ });
  assert.throws(() => loader(dataset, { batchTransform: mixUp() }), { name: 'TypeError', message: /^loader: options\.batchTransform/ });
  assert.throws(() => loader(dataset, { tensor: { out: { type: 'float32', dims: [1, 1], data: new Float32Array(1) } } }), { name: 'TypeError', message: /^loader: options\.tensor\.out: each batch gets its own tensor/ });
  assert.throws(() => loader(dataset, { batch: 2 }), { name: 'TypeError', message: /^loader: unknown option "batch"/ });
});
