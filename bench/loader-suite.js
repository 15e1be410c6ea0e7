// The loader over in-memory PNG Blobs, decoding included (bench/augment.mjs
// runs it in headless Chromium): `count` Blobs of 500x375 opaque images
// (16 distinct pictures: gradients with noise, encoded by the browser), one
// epoch of loader(...) with the bench's pipeline into normalised NCHW
// float32 batches, per worker count; and the same epoch over the 16
// pictures as ImageData (no decoding), whose time against the Blobs' gives
// the share of decoding. Decoding alone, one Blob after the other on this
// thread, is timed too (createImageBitmap + one canvas read, the loader's
// decode); the loader decodes a batch's Blobs concurrently, and Chromium
// decodes them on threads of its own, so that figure is not the loader's.
import { loader } from '../js/augment.js';
import { decodeImage } from '../js/image/decode.js';
import { pipelines, WIDTH, HEIGHT, MEAN, STD } from './augment-suite.js';

async function pictures() {
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  const distinct = [];
  for (let n = 0; n < 16; n++) {
    const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
    for (let y = 0, i = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++, i += 4) {
        const noise = Math.imul(i + n * 7919, 2654435761) >>> 28;
        pixels[i] = (x + n * 13 + noise) & 255;
        pixels[i + 1] = (y * 2 + n * 29 + noise) & 255;
        pixels[i + 2] = ((x + y) * (n + 1) + noise) & 255;
        pixels[i + 3] = 255;
      }
    }
    const image = new ImageData(pixels, WIDTH, HEIGHT);
    context.putImageData(image, 0, 0);
    distinct.push({ image, png: new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer()) });
  }
  return distinct;
}

/** One epoch's images/s, after a short one that starts the workers (the steady state of a training run). */
async function epoch(dataset, workers, batchSize) {
  const { three } = pipelines();
  const run = async (items, e) => {
    let seen = 0;
    for await (const batch of loader(items, { batchSize, shuffle: true, seed: 1, epoch: e, workers, prefetch: 2, tensor: { mean: MEAN, std: STD }, augment: three })) {
      seen += batch.indices.length;
    }
    return seen;
  };
  await run(dataset.slice(0, 2 * batchSize), 0);
  const start = performance.now();
  const seen = await run(dataset, 1);
  const ms = performance.now() - start;
  await three.batch.close();
  return { imagesPerSecond: (1000 * seen) / ms, msPerImage: ms / seen };
}

/**
 * { 'loader, N workers': { imagesPerSecond, msPerImage }, 'ImageData, N workers': ..., decodeMs: ms per
 * image decoded one after the other on this thread, pngBytes: mean Blob size }.
 */
export async function loaderRun({ count = 1000, batchSize = 128, workerCounts = [0, 1, 2] } = {}) {
  const distinct = await pictures();
  // one Blob per item, each over its own bytes
  const blobs = Array.from({ length: count }, (_, i) => new Blob([distinct[i % distinct.length].png.slice()], { type: 'image/png' }));
  const result = { pngBytes: Math.round(blobs.reduce((a, b) => a + b.size, 0) / count) };
  const start = performance.now();
  for (const blob of blobs.slice(0, 100)) await decodeImage(blob, 'bench');
  result.decodeMs = (performance.now() - start) / 100;
  const encoded = blobs.map((image, label) => ({ image, label }));
  const decoded = blobs.map((_, label) => ({ image: distinct[label % distinct.length].image, label }));
  for (const workers of workerCounts) {
    const name = `${workers} worker${workers === 1 ? '' : 's'}`;
    result[`loader, ${name}`] = await epoch(encoded, workers, batchSize);
    result[`ImageData, ${name}`] = await epoch(decoded, workers, batchSize);
  }
  return result;
}
