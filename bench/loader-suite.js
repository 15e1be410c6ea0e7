// The loader over in-memory PNG Blobs, decoding included (bench/augment.mjs
// runs it in headless Chromium): `count` Blobs of 500x375 opaque images
// (16 distinct pictures: smooth gradients with noise, encoded by the
// browser), one epoch of loader(...) with the bench's pipeline into
// normalised NCHW float32 batches, per worker count. Decoding alone is
// timed on this thread too (createImageBitmap + one canvas read per Blob,
// what the loader's decode does), for its share of the 0-worker epoch.
import { loader } from '../js/augment.js';
import { decodeImage } from '../js/image/decode.js';
import { pipelines, WIDTH, HEIGHT, MEAN, STD } from './augment-suite.js';

async function pngBlobs(count) {
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
    context.putImageData(new ImageData(pixels, WIDTH, HEIGHT), 0, 0);
    distinct.push(new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer()));
  }
  // one Blob per item, each over its own bytes
  return Array.from({ length: count }, (_, i) => new Blob([distinct[i % distinct.length].slice()], { type: 'image/png' }));
}

/** { 'loader, N workers': images/s, ..., decode: ms per image on this thread, pngBytes: mean Blob size }. */
export async function loaderRun({ count = 1000, batchSize = 128, workerCounts = [0, 1, 2] } = {}) {
  const blobs = await pngBlobs(count);
  const dataset = blobs.map((image, label) => ({ image, label }));
  const result = { pngBytes: Math.round(blobs.reduce((a, b) => a + b.size, 0) / count) };
  let start = performance.now();
  for (const blob of blobs.slice(0, 200)) await decodeImage(blob, 'bench');
  result.decodeMs = (performance.now() - start) / 200;
  for (const workers of workerCounts) {
    const { three } = pipelines();
    start = performance.now();
    let seen = 0;
    for await (const batch of loader(dataset, { batchSize, shuffle: true, seed: 1, workers, prefetch: 2, tensor: { mean: MEAN, std: STD }, augment: three })) {
      seen += batch.indices.length;
    }
    await three.batch.close();
    const ms = performance.now() - start;
    result[`loader, ${workers} worker${workers === 1 ? '' : 's'}`] = { imagesPerSecond: (1000 * seen) / ms, msPerImage: ms / seen };
  }
  return result;
}
