// CanvasImageSources in a real browser (Debian's Chromium via playwright-core, pages from
// demo/serve.mjs): an <img> from a data URL, a canvas, an ImageBitmap, an OffscreenCanvas and a
// VideoFrame, each passed straight to flip, toTensor, an augment pipeline and augment.batch on a
// worker, give the bytes the same pixels give as an ImageData; fromSource gives that ImageData.
// Sources that cannot be read are TypeErrors that say why: a tainted canvas (an image from another
// origin), a closed ImageBitmap, an <img> not loaded yet, a Blob.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { noBrowser, demoPage } from '../support/browser.js';


let demo;
let other; // another origin, for a tainted canvas

/**
 * A second origin serving one SVG without CORS (so drawing it taints a canvas) but with
 * Cross-Origin-Resource-Policy: cross-origin (so the demo's COEP require-corp page may load it).
 */
async function otherOrigin() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3a7"/></svg>';
  const http = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cross-Origin-Resource-Policy': 'cross-origin' });
    response.end(svg);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${http.address().port}/`, close: () => new Promise((resolve) => http.close(resolve)) };
}
let page;

before(async () => {
  demo = await demoPage();
  ({ page } = demo);
  other = await otherOrigin();
});

after(async () => {
  await demo?.close();
  await other?.close();
});

/** In the page: an opaque 29x17 drawing in every source type, and what the library makes of each. */
async function sourcesInPage() {
  const { ready } = await import('/js/index.js');
  const { flip, toTensor, fromSource } = await import('/js/image.js');
  const { compose, random } = await import('/js/augment.js');
  await ready();
  const html = (name) => document.createElementNS('http://www.w3.org/1999/xhtml', name);
  const draw = (ctx) => {
    const g = ctx.createLinearGradient(0, 0, 29, 17);
    g.addColorStop(0, '#13a0f7');
    g.addColorStop(1, '#f7d013');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 29, 17);
    ctx.fillStyle = '#c81e5a';
    ctx.fillRect(3, 4, 9, 6);
  };
  const canvas = html('canvas');
  canvas.width = 29;
  canvas.height = 17;
  draw(canvas.getContext('2d'));
  const reference = canvas.getContext('2d').getImageData(0, 0, 29, 17);
  const offscreen = new OffscreenCanvas(29, 17);
  draw(offscreen.getContext('2d'));
  const img = html('img');
  img.src = canvas.toDataURL('image/png');
  await img.decode();
  const sources = {
    HTMLCanvasElement: canvas,
    OffscreenCanvas: offscreen,
    ImageBitmap: await createImageBitmap(canvas),
    HTMLImageElement: img,
    VideoFrame: new VideoFrame(canvas, { timestamp: 0 }),
  };
  const bytes = (view) => Array.from(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  const pipeline = compose([random.resizedCrop({ width: 12, height: 10 }), random.flip({ horizontal: 0.5 })], { seed: 3 });
  const expected = {
    pixels: bytes(reference.data),
    flip: bytes(flip(reference, 'horizontal').data),
    tensor: bytes(toTensor(reference).data),
    augment: bytes(pipeline({ image: reference }, 4).image.data),
  };
  const batchExpected = (await pipeline.batch([reference, reference])).map((r) => bytes(r.image.data));
  const got = {};
  for (const [kind, source] of Object.entries(sources)) {
    const image = fromSource(source);
    const batch = await pipeline.batch([source, source], { workers: 1 });
    got[kind] = {
      isImageData: image instanceof ImageData,
      pixels: JSON.stringify(bytes(image.data)) === JSON.stringify(expected.pixels),
      flip: JSON.stringify(bytes(flip(source, 'horizontal').data)) === JSON.stringify(expected.flip),
      tensor: JSON.stringify(bytes(toTensor(source).data)) === JSON.stringify(expected.tensor),
      augment: JSON.stringify(bytes(pipeline({ image: source }, 4).image.data)) === JSON.stringify(expected.augment),
      batch: JSON.stringify(batch.map((r) => bytes(r.image.data))) === JSON.stringify(batchExpected),
    };
  }
  await pipeline.batch.close();
  sources.VideoFrame.close();
  return got;
}

/** In the page: the sources that cannot be read, and the errors they give. */
async function refusalsInPage(otherOrigin) {
  const { ready } = await import('/js/index.js');
  const { flip, fromSource } = await import('/js/image.js');
  await ready();
  const html = (name) => document.createElementNS('http://www.w3.org/1999/xhtml', name);
  const errorOf = (f) => {
    try {
      f();
      return null;
    } catch (e) {
      return { name: e.name, message: e.message };
    }
  };
  const foreign = html('img');
  foreign.src = `${otherOrigin}square.svg`;
  await foreign.decode();
  const tainted = html('canvas');
  tainted.width = 8;
  tainted.height = 8;
  tainted.getContext('2d').drawImage(foreign, 0, 0, 8, 8);
  const closed = await createImageBitmap(new ImageData(4, 4));
  closed.close();
  const pending = html('img');
  return {
    tainted: errorOf(() => flip(tainted, 'horizontal')),
    closed: errorOf(() => fromSource(closed)),
    pending: errorOf(() => flip(pending, 'vertical')),
    blob: errorOf(() => flip(new Blob([new Uint8Array(8)], { type: 'image/png' }), 'vertical')),
    plain: errorOf(() => fromSource({ width: 1, height: 1, data: new Uint8ClampedArray(4) })),
  };
}

for (const kind of ['HTMLCanvasElement', 'OffscreenCanvas', 'ImageBitmap', 'HTMLImageElement', 'VideoFrame']) {
  test(`a ${kind} gives the bytes of the same pixels as an ImageData (fromSource, flip, toTensor, augment, batch on a worker)`, { skip: noBrowser }, async () => {
    const got = (await page.evaluate(sourcesInPage))[kind];
    assert.deepEqual(got, { isImageData: true, pixels: true, flip: true, tensor: true, augment: true, batch: true });
  });
}

test('sources that cannot be read are TypeErrors saying why and what to do', { skip: noBrowser }, async () => {
  const r = await page.evaluate(refusalsInPage, other.url);
  assert.equal(r.tainted?.name, 'TypeError');
  assert.match(r.tainted.message, /^flip: img: this HTMLCanvasElement holds cross-origin pixels .* crossOrigin/);
  assert.equal(r.closed?.name, 'TypeError');
  assert.match(r.closed.message, /^fromSource: source: this ImageBitmap has no pixels .*closed ImageBitmap/);
  assert.equal(r.pending?.name, 'TypeError');
  assert.match(r.pending.message, /^flip: img: this HTMLImageElement has not loaded .*decode/);
  assert.equal(r.blob?.name, 'TypeError');
  assert.match(r.blob.message, /^flip: img: a Blob is encoded bytes: decode it first .*createImageBitmap/);
  assert.equal(r.plain, null, 'an image object is returned as it is');
});
