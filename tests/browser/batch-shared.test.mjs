// augment.batch's shared-memory and transfer paths in a real browser (Debian's Chromium via
// playwright-core, pages from demo/serve.mjs): on a page served with COOP/COEP (crossOriginIsolated) the
// batch tensor comes in a SharedArrayBuffer the workers wrote, on a page without them the transfer path
// runs (shared: true is refused there); both give the bytes of the calling thread, for 0, 1 and 2
// workers, and the bytes Node gives for the same inputs and seed. A loader interrupted half-way
// terminates every Web Worker it started.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { noBrowser, demoPage } from '../support/browser.js';
import { ready } from '../../js/index.js';
import { compose, random } from '../../js/augment.js';

let isolatedDemo;
let plainDemo;

before(async () => {
  [isolatedDemo, plainDemo] = await Promise.all([demoPage({ isolated: true }), demoPage({ isolated: false })]);
});

after(() => Promise.all([isolatedDemo?.close(), plainDemo?.close()]));

const SPEC = { count: 9, width: 41, height: 29, seed: 0x51ab, crop: [24, 16], composeSeed: 13 };
const TENSOR = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };

/** The same noise images in Node and in the page (an xorshift32 from SPEC.seed; the function runs in both). */
function noiseImages({ count, width, height, seed }) {
  let state = seed;
  return Array.from({ length: count }, () => {
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i++) {
      state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
      data[i] = state & 255;
    }
    return { width, height, data };
  });
}

/** In the page: the batch for each (workers, shared) of `runs`, as hex bytes and buffer kinds, or the error. */
async function batchesInPage({ spec, tensor, runs, makeImages }) {
  const { ready } = await import('/js/index.js');
  const { compose, random } = await import('/js/augment.js');
  await ready();
  const images = new Function(`return (${makeImages})`)()(spec); // eslint-disable-line no-new-func
  const augment = compose([random.resizedCrop({ width: spec.crop[0], height: spec.crop[1] }), random.flip({ horizontal: 0.5 }),
    random.affine({ degrees: 12, scale: [0.9, 1.1] })], { seed: spec.composeSeed, border: 'reflect' });
  const hex = (view) => Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), (b) => b.toString(16).padStart(2, '0')).join('');
  const out = [];
  for (const { workers, shared } of runs) {
    try {
      const r = await augment.batch(images, { workers, shared, tensor, indices: images.map((_, n) => 3 * n + 1) });
      out.push({ workers, shared, dims: r.tensor.dims, bytes: hex(r.tensor.data), buffer: r.tensor.data.buffer.constructor.name });
    } catch (error) {
      out.push({ workers, shared, error: { name: error.name, message: error.message } });
    }
  }
  await augment.batch.close();
  return { crossOriginIsolated: globalThis.crossOriginIsolated, out };
}

async function nodeBytes() {
  await ready();
  const images = noiseImages(SPEC);
  const augment = compose([random.resizedCrop({ width: SPEC.crop[0], height: SPEC.crop[1] }), random.flip({ horizontal: 0.5 }),
    random.affine({ degrees: 12, scale: [0.9, 1.1] })], { seed: SPEC.composeSeed, border: 'reflect' });
  const r = await augment.batch(images, { tensor: TENSOR, indices: images.map((_, n) => 3 * n + 1) });
  return Buffer.from(r.tensor.data.buffer, r.tensor.data.byteOffset, r.tensor.data.byteLength).toString('hex');
}

const RUNS = [{ workers: 0 }, { workers: 1 }, { workers: 2 }, { workers: 1, shared: true }, { workers: 2, shared: true },
  { workers: 2, shared: false }, { workers: 2 }, { workers: 2, shared: false }];

test('Chromium, crossOriginIsolated page: shared memory by default, transfer on request; bytes of workers: 0 and of Node', { skip: noBrowser }, async () => {
  const r = await isolatedDemo.page.evaluate(batchesInPage, { spec: SPEC, tensor: TENSOR, runs: RUNS, makeImages: noiseImages.toString() });
  assert.equal(r.crossOriginIsolated, true);
  const node = await nodeBytes();
  assert.equal(node.length, 2 * SPEC.count * 3 * 16 * 24 * 4);
  for (const run of r.out) {
    assert.equal(run.error, undefined, JSON.stringify(run.error));
    assert.deepEqual(run.dims, [SPEC.count, 3, 16, 24]);
    assert.ok(run.bytes === node, `workers ${run.workers}, shared ${run.shared}: the bytes Node gives`);
    const expected = run.workers > 0 && run.shared !== false ? 'SharedArrayBuffer' : 'ArrayBuffer';
    assert.equal(run.buffer, expected, `workers ${run.workers}, shared ${run.shared}`);
  }
});

test('Chromium, page without COOP/COEP: the transfer path, shared: true refused; bytes of workers: 0 and of Node', { skip: noBrowser }, async () => {
  const r = await plainDemo.page.evaluate(batchesInPage, { spec: SPEC, tensor: TENSOR, runs: RUNS, makeImages: noiseImages.toString() });
  assert.equal(r.crossOriginIsolated, false);
  const node = await nodeBytes();
  for (const run of r.out) {
    if (run.shared === true) {
      assert.equal(run.error?.name, 'TypeError');
      assert.match(run.error.message, /^batch: options\.shared: SharedArrayBuffer is not usable here .*Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/);
      continue;
    }
    assert.equal(run.error, undefined, JSON.stringify(run.error));
    assert.ok(run.bytes === node, `workers ${run.workers}, shared ${run.shared}: the bytes Node gives`);
    assert.equal(run.buffer, 'ArrayBuffer');
  }
});

/** In the page: a loader over 40 ImageData items on 2 workers, left at batch 5 of 10; every Worker started and terminated, counted. */
async function interruptedLoader() {
  const { ready } = await import('/js/index.js');
  const { compose, random, loader } = await import('/js/augment.js');
  await ready();
  const Original = globalThis.Worker;
  const started = [];
  globalThis.Worker = class CountedWorker extends Original {
    constructor(...args) {
      super(...args);
      const record = { terminated: false };
      started.push(record);
      const terminate = this.terminate.bind(this);
      this.terminate = () => {
        record.terminated = true;
        terminate();
      };
    }
  };
  try {
    const dataset = Array.from({ length: 40 }, (_, i) => ({ image: new ImageData(new Uint8ClampedArray(30 * 20 * 4).fill(i), 30, 20), label: i }));
    const augment = compose([random.resizedCrop({ width: 16, height: 12 })], { seed: 3 });
    const seen = [];
    for await (const b of loader(dataset, { batchSize: 4, workers: 2, prefetch: 3, tensor: { mean: 0.5, std: 0.25 }, augment })) {
      seen.push(b.indices[0]);
      if (seen.length === 5) break;
    }
    return { seen, started: started.map((w) => w.terminated) };
  } finally {
    globalThis.Worker = Original;
  }
}

for (const [name, which] of [['crossOriginIsolated', () => isolatedDemo], ['not isolated', () => plainDemo]]) {
  test(`Chromium (${name}): a loader interrupted half-way terminates every worker it started`, { skip: noBrowser }, async () => {
    const r = await which().page.evaluate(interruptedLoader);
    assert.deepEqual(r.seen, [0, 4, 8, 12, 16]);
    assert.deepEqual(r.started, [true, true]);
  });
}
