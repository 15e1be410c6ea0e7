// augment.batch in a real browser (Debian's Chromium via playwright-core, pages from demo/serve.mjs) on
// real ImageData, whose width and height are prototype getters: a copy made with a spread, or a
// structured clone of such a copy, has neither (issue 22: workers: 1 and 2 threw
// "targets.image.width: expected a non-negative integer, got undefined"). Every run with workers is
// compared in the page with the calling thread's (workers: 0) bytes, result by result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { noBrowser, demoPage } from '../support/browser.js';


let demo;
let page;

before(async () => {
  demo = await demoPage();
  ({ page } = demo);
});

after(() => demo?.close());

/**
 * In the page: ImageData of the given sizes (drawn noise, so every pixel differs), a pipeline, and the
 * batch run with `options` (workers 1 or 2, ...) and with workers: 0 on copies. Returns a summary the
 * test compares: whether every result is identical, and what the inputs were.
 */
async function runBatchInPage({ sizes, options, masks = false }) {
  const { ready } = await import('/js/index.js');
  const { compose, random } = await import('/js/augment.js');
  await ready();
  let state = 0x2545f491;
  const noise = (n) => Uint8ClampedArray.from({ length: n }, () => {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    return state & 255;
  });
  const make = () => sizes.map(([w, h]) => {
    const image = new ImageData(noise(w * h * 4), w, h);
    if (!masks) return image;
    return { image, mask: { width: w, height: h, channels: 1, data: new Uint8Array(w * h).fill(7) } };
  });
  const inputs = make();
  state = 0x2545f491;
  const copies = make(); // the same pixels again: `transfer: true` detaches the inputs' buffers
  const allImageData = inputs.every((x) => (x.image ?? x) instanceof ImageData);
  const augment = compose([
    random.resizedCrop({ width: 24, height: 16 }),
    random.flip({ horizontal: 0.5 }),
    random.affine({ degrees: 10, scale: [0.9, 1.1] }),
  ], { seed: 11, border: 'reflect' });
  const { workers, ...common } = options;
  const here = await augment.batch(copies, common);
  const there = await augment.batch(inputs, options);
  await augment.batch.close();
  const bytesOf = (view) => Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  const hereResults = common.tensor ? here.results : here;
  const thereResults = options.tensor ? there.results : there;
  const imagesSame = hereResults.every((r, i) => !r.image || same(bytesOf(r.image.data), bytesOf(thereResults[i].image.data)));
  const masksSame = hereResults.every((r, i) => !r.mask || same(bytesOf(r.mask.data), bytesOf(thereResults[i].mask.data)));
  const tensorSame = !common.tensor || (same(here.tensor.dims, there.tensor.dims) && same(bytesOf(here.tensor.data), bytesOf(there.tensor.data)));
  return {
    allImageData,
    count: thereResults.length,
    dims: common.tensor ? there.tensor.dims : null,
    imagesSame,
    masksSame,
    tensorSame,
    paramsSame: JSON.stringify(hereResults.map((r) => r.params)) === JSON.stringify(thereResults.map((r) => r.params)),
    resultIsImageData: !common.tensor ? thereResults.every((r) => r.image instanceof ImageData) : null,
    inputsDetached: inputs.every((x) => (x.image ?? x).data.length === 0),
  };
}

const SAME = [[40, 30], [40, 30], [40, 30], [40, 30], [40, 30]];
const MIXED = [[40, 30], [33, 27], [52, 18], [40, 30], [17, 19]]; // ends in a crop to 24x16: one tensor size
const TENSOR = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };

const cases = [];
for (const workers of [0, 1, 2]) {
  cases.push([`workers: ${workers}, ImageData in, results out`, { sizes: SAME, options: { workers } }]);
  cases.push([`workers: ${workers}, with tensor`, { sizes: SAME, options: { workers, tensor: TENSOR } }]);
}
cases.push(['workers: 2, mixed sizes ending in a crop, with tensor', { sizes: MIXED, options: { workers: 2, tensor: TENSOR } }]);
cases.push(['workers: 2, transfer: true', { sizes: SAME, options: { workers: 2, transfer: true } }]);
cases.push(['workers: 1, transfer: true, with tensor', { sizes: MIXED, options: { workers: 1, transfer: true, tensor: TENSOR } }]);
cases.push(['workers: 2, { image: ImageData, mask } targets', { sizes: MIXED, options: { workers: 2 }, masks: true }]);

for (const [name, spec] of cases) {
  test(`augment.batch in Chromium on real ImageData: ${name}`, { skip: noBrowser }, async () => {
    const r = await page.evaluate(runBatchInPage, spec);
    assert.equal(r.allImageData, true, 'the inputs are real ImageData objects');
    assert.equal(r.count, spec.sizes.length);
    assert.equal(r.paramsSame, true, 'params equal the calling thread\'s');
    assert.equal(r.imagesSame, true, 'images equal the calling thread\'s, byte for byte');
    assert.equal(r.masksSame, true, 'masks equal the calling thread\'s, byte for byte');
    assert.equal(r.tensorSame, true, 'the tensor equals the calling thread\'s, byte for byte');
    if (spec.options.tensor) assert.deepEqual(r.dims, [spec.sizes.length, 3, 16, 24]);
    else assert.equal(r.resultIsImageData, true, 'results are ImageData');
    assert.equal(r.inputsDetached, spec.options.transfer === true && spec.options.workers > 0);
  });
}
