// The augmentation workloads of issues 15 and 24, run the same way in Node
// and in Chromium (bench/augment.mjs loads it in both): 500x375 RGBA images ->
// resizedCrop(224) + flip(0.5) + affine(15, 0.1, [0.9, 1.1]) -> normalised
// NCHW float32 [1, 3, 224, 224], seeds varying (issue 15); and on 500x375
// photo-like images, "ImageNet train" (resizedCrop + flip + colorJitter(0.4,
// 0.4, 0.4, 0.1)) and "RandAugment" (resizedCrop + flip + randAugment(2, 9)),
// to the same tensor (issue 24). Every case runs in interleaved rounds; the
// result is each case's median ms per image.
import { compose, random } from '../js/augment.js';

export const WIDTH = 500, HEIGHT = 375, SIZE = 224;
export const MEAN = [0.485, 0.456, 0.406], STD = [0.229, 0.224, 0.225];

/** Deterministic test images (a fixed hash of the position: no Math.random). */
export function makeImages(count) {
  return Array.from({ length: count }, (_, n) => {
    const data = new Uint8Array(WIDTH * HEIGHT * 4);
    for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i + n * 7919, 2654435761) >>> 24) & 255;
    return { width: WIDTH, height: HEIGHT, data };
  });
}

/**
 * Deterministic JPEG-like images: smooth diagonal ramps per channel (a
 * different slope each) with a little noise, opaque alpha. Colour ops see
 * what photos give them (neighbouring pixels alike, every hue), not white
 * noise. peers/augment_torchvision.py builds the same bytes.
 */
export function makePhotos(count) {
  return Array.from({ length: count }, (_, n) => {
    const data = new Uint8Array(WIDTH * HEIGHT * 4);
    for (let y = 0, i = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++, i += 4) {
        for (let c = 0; c < 3; c++) {
          const t = (((x + 37 * n) * (3 + c) + y * (2 + c)) >> 3) + c * 85;
          const ramp = t % 512 < 256 ? t % 512 : 511 - (t % 512);
          const noise = (Math.imul(i + c + n * 7919, 2654435761) >>> 24) % 9 - 4;
          data[i + c] = Math.min(255, Math.max(0, ramp + noise));
        }
        data[i + 3] = 255;
      }
    }
    return { width: WIDTH, height: HEIGHT, data };
  });
}

const THREE = () => [
  random.resizedCrop({ width: SIZE, height: SIZE }),
  random.flip({ horizontal: 0.5 }),
  random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1] }),
];

/**
 * Six geometric transforms that still compose into one affine warp. The
 * three added ones do not scale, so the antialias reduction (a composite
 * shrinking by more than 2x, see the README) fires as often as with three:
 * the difference is the length of the list alone.
 */
const SIX = () => [
  ...THREE(),
  random.rotate({ degrees: 10 }),
  random.flip({ horizontal: 0.5, vertical: 0.2 }),
  random.rotate90({ turns: [0, 1, 2, 3] }),
];

/** Issue 24's "ImageNet train": torchvision's usual training transforms with ColorJitter(0.4, 0.4, 0.4, 0.1). */
const IMAGENET = () => [
  random.resizedCrop({ width: SIZE, height: SIZE }),
  random.flip({ horizontal: 0.5 }),
  random.colorJitter({ brightness: 0.4, contrast: 0.4, saturation: 0.4, hue: 0.1 }),
];

/** Issue 24's "RandAugment": RandAugment(num_ops=2, magnitude=9) after the crop and flip. */
const RANDAUGMENT = () => [
  random.resizedCrop({ width: SIZE, height: SIZE }),
  random.flip({ horizontal: 0.5 }),
  random.randAugment({ numOps: 2, magnitude: 9 }),
];

export function pipelines() {
  return {
    three: compose(THREE(), { seed: 42 }), six: compose(SIX(), { seed: 42 }),
    imagenet: compose(IMAGENET(), { seed: 42 }), randAugment: compose(RANDAUGMENT(), { seed: 42 }),
  };
}

/** The OpenCV.js pipeline: crop (ROI) + resize + flip + warpAffine + a normalising loop to NCHW float32. */
export function openCvPipeline(cv) {
  let state = 0x9e3779b9;
  const rand = () => {
    state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
    return state / 2 ** 32;
  };
  const uniform = (a, b) => a + (b - a) * rand();
  const plane = SIZE * SIZE;
  return (img) => {
    const src = cv.matFromImageData(img);
    const area = WIDTH * HEIGHT * uniform(0.08, 1), ratio = Math.exp(uniform(Math.log(3 / 4), Math.log(4 / 3)));
    const w = Math.min(WIDTH, Math.round(Math.sqrt(area * ratio))), h = Math.min(HEIGHT, Math.round(Math.sqrt(area / ratio)));
    const x = Math.floor(rand() * (WIDTH - w + 1)), y = Math.floor(rand() * (HEIGHT - h + 1));
    const roi = src.roi(new cv.Rect(x, y, w, h));
    const resized = new cv.Mat();
    cv.resize(roi, resized, new cv.Size(SIZE, SIZE), 0, 0, cv.INTER_LINEAR);
    if (rand() < 0.5) cv.flip(resized, resized, 1);
    const m = cv.getRotationMatrix2D(new cv.Point(SIZE / 2, SIZE / 2), uniform(-15, 15), uniform(0.9, 1.1));
    m.data64F[2] += uniform(-0.1, 0.1) * SIZE;
    m.data64F[5] += uniform(-0.1, 0.1) * SIZE;
    const warped = new cv.Mat();
    cv.warpAffine(resized, warped, m, new cv.Size(SIZE, SIZE), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar());
    const bytes = warped.data, out = new Float32Array(3 * plane);
    for (let c = 0; c < 3; c++) {
      const mean = MEAN[c], std = STD[c];
      for (let i = 0; i < plane; i++) out[c * plane + i] = (bytes[4 * i + c] / 255 - mean) / std;
    }
    for (const mat of [src, roi, resized, m, warped]) mat.delete();
    return out;
  };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * cases: { name: { perImage: k => ..., images } | { batch: async () => ..., images } }.
 * Runs `rounds` interleaved rounds of `perRound` images per case (after one
 * warm-up round) and returns { name: median ms per image }.
 */
export async function measure(cases, { rounds = 7, perRound = 40, now = () => performance.now() } = {}) {
  const times = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  let k = 0;
  for (let round = -1; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const start = now();
      const count = await run(k, perRound);
      if (round >= 0) times[name].push((now() - start) / count);
      k += perRound;
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

/** A plain thread running bench/plain-thread.js: run(k, count) resolves when it has done `count` images. */
function plainThread() {
  const url = new URL('./plain-thread.js', import.meta.url);
  const threads = globalThis.process?.getBuiltinModule?.('node:worker_threads');
  const worker = threads ? new threads.Worker(url) : new Worker(url, { type: 'module' });
  let settle = null;
  const onDone = () => settle?.();
  if (threads) worker.on('message', onDone); else worker.onmessage = onDone;
  return {
    run: (k, count, into) => new Promise((resolve) => {
      settle = resolve;
      worker.postMessage({ k, count, into });
    }),
    close: () => worker.terminate(),
  };
}

/**
 * { cases, close }: the tensorwarp cases (and OpenCV.js's when `cv` is
 * given); unless `batches` is false, augment.batch of `batchSize` images on
 * 0, 1 and 2 workers, by the shared-memory path where it is usable and by
 * the transfer path, with a fresh tensor per batch or writing into the last
 * one (tensor.out), and the ceiling: two plain threads each running the
 * per-call loop on half as many images (and, where shared memory is usable,
 * writing into one fresh shared batch tensor instead of a tensor per call). close() ends the workers.
 */
export function augmentCases({ cv = null, batches = true, batchSize = 256 } = {}) {
  const images = makeImages(8), photos = makePhotos(8);
  const { three, six, imagenet, randAugment } = pipelines();
  const tensor = { mean: MEAN, std: STD };
  const single = (augment, from = images) => (k, count) => {
    for (let i = 0; i < count; i++) augment({ image: from[(k + i) % from.length] }, k + i, { tensor });
    return count;
  };
  const cases = {
    'tensorwarp 3 transforms': single(three), 'tensorwarp 6 transforms': single(six),
    'ImageNet train (colorJitter)': single(imagenet, photos), 'RandAugment': single(randAugment, photos),
  };
  if (cv) {
    const run = openCvPipeline(cv);
    cases['OpenCV.js 3 transforms'] = (k, count) => {
      for (let i = 0; i < count; i++) run(images[(k + i) % images.length]);
      return count;
    };
  }
  // The colour pipelines as a training loop runs them on one thread: augment.batch with no workers,
  // writing into the previous batch's tensor (tensor.out), so no fresh output array is touched per call.
  const photoList = Array.from({ length: batchSize }, (_, i) => photos[i % photos.length]);
  for (const [name, augment] of [['ImageNet train (colorJitter)', imagenet], ['RandAugment', randAugment]]) {
    let last;
    cases[`${name}, batch, 0 workers, out`] = async (k) => {
      const r = await augment.batch(photoList, { workers: 0, tensor: last ? { ...tensor, out: last } : tensor, indices: photoList.map((_, i) => k + i) });
      last = r.tensor;
      return photoList.length;
    };
  }
  if (!batches) return { cases, close: async () => { await imagenet.batch.close(); await randAugment.batch.close(); } };
  const { batch } = three;
  const list = Array.from({ length: batchSize }, (_, i) => images[i % images.length]);
  const shared = typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated !== false;
  const paths = shared ? [['shared', true], ['transfer', false]] : [['transfer', false]];
  const kept = new Map(); // case -> its last tensor, for tensor.out
  const batchCase = (name, workers, options) => {
    cases[name] = async (k) => {
      const out = options.reuse ? kept.get(name) : undefined;
      const r = await batch(list, { workers, shared: options.shared, tensor: out ? { ...tensor, out } : tensor, indices: list.map((_, i) => k + i) });
      if (options.reuse) kept.set(name, r.tensor);
      return list.length;
    };
  };
  // The like-for-like of a batch without workers: the same per-call loop,
  // each sample's tensor copied into one fresh [N, C, H, W] tensor per batch,
  // so it pays the same first touch of a fresh batch-sized array as batch does.
  cases['per-call loop into one batch tensor'] = (k) => {
    let data = null;
    list.forEach((img, i) => {
      const sample = three({ image: img }, k + i, { tensor }).tensor.data;
      data ??= new Float32Array(sample.length * list.length);
      data.set(sample, i * sample.length);
    });
    return list.length;
  };
  batchCase('batch, 0 workers', 0, {});
  batchCase('batch, 0 workers, out', 0, { reuse: true });
  for (const [path, on] of paths) {
    for (const workers of [1, 2]) batchCase(`batch, ${workers} worker${workers > 1 ? 's' : ''}, ${path}`, workers, { shared: on });
    batchCase(`batch, 2 workers, ${path}, out`, 2, { shared: on, reuse: true });
  }
  const plain = [plainThread(), plainThread()];
  cases['two plain threads'] = async (k) => {
    const half = Math.floor(list.length / 2);
    await Promise.all([plain[0].run(k, half), plain[1].run(k + half, list.length - half)]);
    return list.length;
  };
  if (shared) {
    // the like-for-like of a shared batch: the same two threads, each writing its half of one fresh shared [N, 3, 224, 224] tensor
    cases['two plain threads into one fresh shared tensor'] = async (k) => {
      const half = Math.floor(list.length / 2), sample = 3 * SIZE * SIZE * 4;
      const buffer = new SharedArrayBuffer(sample * list.length);
      await Promise.all([plain[0].run(k, half, { buffer, byteOffset: 0 }), plain[1].run(k + half, list.length - half, { buffer, byteOffset: half * sample })]);
      return list.length;
    };
  }
  return { cases, close: async () => {
    await Promise.all([batch.close(), imagenet.batch.close(), randAugment.batch.close(), ...plain.map((p) => p.close())]);
  } };
}
