// loader in a real browser (Debian's Chromium via playwright-core, pages from demo/serve.mjs): a dataset
// of PNG Blobs, Files and blob: URL strings, fetched and decoded in the workers (or on this thread with
// workers: 0), gives the bytes the same pixels give as ImageData, for 0, 1 and 2 workers; a corrupt PNG
// rejects the iteration naming its index after the batch before it arrived.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { noBrowser, demoPage } from '../support/browser.js';


let demo;
let page;
let plainDemo; // a page without COOP/COEP: the transfer path

before(async () => {
  [demo, plainDemo] = await Promise.all([demoPage(), demoPage({ isolated: false })]);
  ({ page } = demo);
});

after(() => Promise.all([demo?.close(), plainDemo?.close()]));

/** In the page: 12 opaque noise images as ImageData and as PNG Blob / File / blob: URL, and the loader over both. */
async function loaderInPage({ workers, corrupt }) {
  const { ready } = await import('/js/index.js');
  const { compose, random, loader } = await import('/js/augment.js');
  await ready();
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    return state >>> 0;
  };
  const images = [];
  const encoded = [];
  for (let i = 0; i < 12; i++) {
    const w = 20 + (i % 5), h = 14 + (i % 3);
    const pixels = new Uint8ClampedArray(w * h * 4);
    for (let p = 0; p < pixels.length; p++) pixels[p] = (p & 3) === 3 ? 255 : next() & 255; // opaque: PNG is lossless
    const image = new ImageData(pixels, w, h);
    const canvas = new OffscreenCanvas(w, h);
    canvas.getContext('2d').putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    images.push({ image, label: i });
    const kind = i % 3;
    encoded.push({ image: kind === 0 ? blob : kind === 1 ? new File([blob], `${i}.png`, { type: 'image/png' }) : URL.createObjectURL(blob), label: i });
  }
  if (corrupt !== undefined) encoded[corrupt] = { image: new Blob([new Uint8Array(64).fill(7)], { type: 'image/png' }), label: corrupt };
  const augment = compose([random.resizedCrop({ width: 16, height: 12 }), random.flip({ horizontal: 0.5 })], { seed: 4 });
  const options = { batchSize: 5, shuffle: corrupt === undefined, seed: 6, epoch: 1, tensor: { mean: 0.5, std: 0.25 }, augment };
  const bySample = async (dataset, extra) => {
    const out = {};
    const arrived = [];
    let error = null;
    try {
      for await (const b of loader(dataset, { ...options, ...extra })) {
        arrived.push(b.indices);
        const per = b.tensor.data.length / b.indices.length;
        b.indices.forEach((i, n) => { out[i] = Array.from(b.tensor.data.subarray(n * per, (n + 1) * per)); });
      }
    } catch (e) {
      error = { name: e.name, message: e.message };
    }
    return { out, arrived, error };
  };
  const reference = await bySample(images, { workers: 0 });
  const got = await bySample(encoded, { workers });
  const same = Object.keys(got.out).every((i) => JSON.stringify(got.out[i]) === JSON.stringify(reference.out[i]));
  return { same, count: Object.keys(got.out).length, arrived: got.arrived, error: got.error, crossOriginIsolated: globalThis.crossOriginIsolated };
}

for (const workers of [0, 1, 2]) {
  test(`loader in Chromium: PNG Blobs, Files and blob: URLs decoded with workers: ${workers} give the ImageData bytes`, { skip: noBrowser }, async () => {
    const r = await page.evaluate(loaderInPage, { workers });
    assert.equal(r.error, null);
    assert.equal(r.count, 12);
    assert.equal(r.arrived.length, 3);
    assert.equal(r.same, true, 'every sample equals the ImageData path, byte for byte');
  });
}

test('loader in Chromium on a page without COOP/COEP (transfer path): PNGs decoded on 2 workers give the ImageData bytes', { skip: noBrowser }, async () => {
  const r = await plainDemo.page.evaluate(loaderInPage, { workers: 2 });
  assert.equal(r.crossOriginIsolated, false);
  assert.equal(r.error, null);
  assert.equal(r.count, 12);
  assert.equal(r.same, true, 'every sample equals the ImageData path, byte for byte');
});

for (const workers of [0, 2]) {
  test(`loader in Chromium: a corrupt PNG names its index after the batch before it arrived (workers: ${workers})`, { skip: noBrowser }, async () => {
    const r = await page.evaluate(loaderInPage, { workers, corrupt: 7 });
    assert.deepEqual(r.arrived, [[0, 1, 2, 3, 4]]);
    assert.equal(r.error?.name, 'TypeError');
    assert.match(r.error.message, /^loader: dataset\[7\]\.image: the image\/png bytes could not be decoded/);
    assert.equal(r.same, true);
  });
}
