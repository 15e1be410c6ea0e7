// tensorwarp/image in a real browser (Debian's Chromium via playwright-core, pages from demo/serve.mjs):
// pixels drawn on a canvas and read back with getImageData go through toTensor, flip and fromTensor in the
// page, and warpAffine/warpPerspective; Node checks the results against the plain-JS references on the same pixels, bit for bit. Results
// with 4 channels must be real ImageData objects that putImageData takes; drawing them and reading them
// back gives the same bytes (the canvases are opaque, so no premultiplication rounding is involved).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { noBrowser, launchChromium } from '../support/browser.js';
import { startServer } from '../../demo/serve.mjs';
import { referenceToTensor, referenceFlip } from '../reference/image.js';
import { referenceWarp } from '../reference/image-warp.js';
import { cvInvertAffine, cvInvertPerspective } from '../../js/image/warp-matrix.js';
import { matrix } from '../../js/image/matrix.js';


let server;
let browser;

before(async () => {
  server = await startServer({ port: 0 });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs `body(page)` on a page of the demo server; fails on page errors and console errors. */
async function onPage(body) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`uncaught page error: ${e.message}`));
  page.on('console', (m) => {
    // Chromium asks for /favicon.ico by itself; the demo server has none (a 404 logged as a console error)
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(`console error: ${m.text()} (${m.location().url})`);
  });
  try {
    await page.goto(`${server.url}favicon.svg`);
    const result = await body(page);
    assert.deepEqual(problems, []);
    return result;
  } finally {
    await context.close();
  }
}

/** In the page: an opaque 37x23 canvas with a gradient, shapes and text, and what the library makes of it. */
async function runInPage() {
  const { ready } = await import('/js/index.js');
  const { toTensor, fromTensor, flip, warpAffine, warpPerspective, matrix } = await import('/js/image.js');
  await ready();
  // the page is an SVG document (a small same-origin file): make an HTML canvas explicitly
  const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
  canvas.width = 37;
  canvas.height = 23;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const gradient = ctx.createLinearGradient(0, 0, 37, 23);
  gradient.addColorStop(0, '#13a0f7');
  gradient.addColorStop(1, '#f7d013');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 37, 23);
  ctx.fillStyle = 'rgba(200, 30, 90, 0.6)';
  ctx.beginPath();
  ctx.arc(14, 9, 7, 0, 2 * Math.PI);
  ctx.fill();
  ctx.fillStyle = '#222';
  ctx.font = '10px sans-serif';
  ctx.fillText('tw', 20, 20);
  const image = ctx.getImageData(0, 0, 37, 23);
  const mean = [0.485, 0.456, 0.406], std = [0.229, 0.224, 0.225];
  const tensor = toTensor(image, { mean, std });
  const luma = toTensor(image, { channels: 1, layout: 'NHWC', type: 'float16' });
  const flipped = flip(image, 'horizontal');
  ctx.putImageData(flipped, 0, 0);
  const readBack = ctx.getImageData(0, 0, 37, 23);
  const restored = fromTensor(tensor, { mean, std });
  const turned = warpAffine(image, matrix.rotation(20, [18, 11], 1.1), { border: 'reflect', interpolation: 'cubic' });
  const tilt = matrix.perspective([[0, 0], [36, 0], [36, 22], [0, 22]], [[4, 2], [33, 0], [36, 22], [1, 19]]);
  const tilted = warpPerspective(image, tilt, { border: 'constant', fill: [9, 200, 30, 255], width: 41, height: 19 });
  return {
    turned: Array.from(turned.data),
    turnedIsImageData: turned instanceof ImageData,
    tilted: Array.from(tilted.data),
    pixels: Array.from(image.data),
    tensor: { type: tensor.type, dims: tensor.dims, data: Array.from(tensor.data) },
    luma: { type: luma.type, dims: luma.dims, data: Array.from(luma.data) },
    flippedIsImageData: flipped instanceof ImageData,
    restoredIsImageData: restored instanceof ImageData,
    readBack: Array.from(readBack.data),
    restored: Array.from(restored.data),
  };
}

test('toTensor, flip, fromTensor, warpAffine and warpPerspective on pixels read back from a real canvas', { skip: noBrowser }, async () => {
  const r = await onPage((page) => page.evaluate(runInPage));
  const image = { width: 37, height: 23, channels: 4, data: Uint8ClampedArray.from(r.pixels) };
  assert.ok(image.data.some((v, i) => i % 4 === 0 && v !== image.data[0]), 'the canvas has content');
  const expected = referenceToTensor([image], { layout: 'NCHW', channels: 3, type: 'float32',
    mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] });
  assert.deepEqual(r.tensor.dims, [1, 3, 23, 37]);
  assert.deepEqual(r.tensor.data, Array.from(expected.data), 'toTensor in Chromium equals the reference');
  const luma = referenceToTensor([image], { layout: 'NHWC', channels: 1, type: 'float16', mean: [0], std: [1] });
  assert.deepEqual(r.luma.dims, [1, 23, 37, 1]);
  assert.deepEqual(r.luma.data, Array.from(luma.data), 'luma float16 in Chromium equals the reference');
  assert.ok(r.flippedIsImageData && r.restoredIsImageData, 'results with 4 channels are ImageData');
  assert.deepEqual(r.readBack, Array.from(referenceFlip(image, 'horizontal').data), 'putImageData(flip(...)) shows the flipped pixels');
  assert.deepEqual(r.restored, r.pixels, 'fromTensor(toTensor(img)) gives the pixels back (opaque image)');
  const turned = referenceWarp(image, cvInvertAffine(matrix.rotation(20, [18, 11], 1.1)), { width: 37, height: 23, interpolation: 'cubic', border: 'reflect' });
  assert.ok(r.turnedIsImageData, 'warpAffine of an ImageData gives an ImageData');
  assert.deepEqual(r.turned, Array.from(turned), 'warpAffine in Chromium equals the reference');
  const tilt = matrix.perspective([[0, 0], [36, 0], [36, 22], [0, 22]], [[4, 2], [33, 0], [36, 22], [1, 19]]);
  const tilted = referenceWarp(image, cvInvertPerspective(tilt), { width: 41, height: 19, interpolation: 'linear', border: 'constant', fill: [9, 200, 30, 255] });
  assert.deepEqual(r.tilted, Array.from(tilted), 'warpPerspective in Chromium equals the reference');
});

/** In the page: pipelines whose last step is written in JS (noise, random erasing) or is a policy. */
async function augmentResultsInPage() {
  const { ready } = await import('/js/index.js');
  const { compose, random } = await import('/js/augment.js');
  await ready();
  const data = new Uint8ClampedArray(19 * 13 * 4).map((_, i) => (i * 37 + (i >> 2) * 11) & 255);
  const image = new ImageData(data, 19, 13);
  const pipelines = {
    noise: [random.noise({ std: 12, p: 1 })],
    erasing: [random.flip({ p: 1 }), random.erasing({ value: 'random', p: 1, scale: [0.2, 0.3] })],
    randAugment: [random.randAugment({ numOps: 2, magnitude: 9 })],
    trivialAugment: [random.trivialAugment()],
  };
  return Object.fromEntries(Object.entries(pipelines).map(([name, list]) => {
    const r = compose(list, { seed: 7 })({ image }, 3);
    return [name, { isImageData: r.image instanceof ImageData, width: r.image.width, data: Array.from(r.image.data) }];
  }));
}

test('augment results are ImageData whatever the last step (noise, erasing, a policy), with the bytes Node gives', { skip: noBrowser }, async () => {
  const r = await onPage((page) => page.evaluate(augmentResultsInPage));
  const { ready } = await import('../../js/index.js');
  const { compose, random } = await import('../../js/augment.js');
  await ready();
  const data = new Uint8ClampedArray(19 * 13 * 4).map((_, i) => (i * 37 + (i >> 2) * 11) & 255);
  const image = { width: 19, height: 13, channels: 4, data };
  const pipelines = {
    noise: [random.noise({ std: 12, p: 1 })],
    erasing: [random.flip({ p: 1 }), random.erasing({ value: 'random', p: 1, scale: [0.2, 0.3] })],
    randAugment: [random.randAugment({ numOps: 2, magnitude: 9 })],
    trivialAugment: [random.trivialAugment()],
  };
  for (const [name, list] of Object.entries(pipelines)) {
    const node = compose(list, { seed: 7 })({ image }, 3).image;
    assert.ok(r[name].isImageData, `${name}: the result is an ImageData`);
    assert.equal(r[name].width, 19, name);
    assert.deepEqual(r[name].data, Array.from(node.data), `${name}: the same bytes as in Node`);
  }
});
