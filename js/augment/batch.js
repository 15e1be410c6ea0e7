// augment.batch(images, { workers, tensor, indices, transfer }): a pipeline
// over many images, in the calling thread (workers: 0) or on a pool of
// workers (pool.js, worker.js), with the same bytes either way: sample n
// always uses index indices[n] (default n), whatever thread runs it, and
// every thread runs the same runChunk.
import { checkOptions, flag } from '../args.js';
import { compiledModule } from '../module.js';
import { TYPES } from '../dtypes.js';
import { freshData, uninitialisedBuffer } from '../stream.js';
import { refusedOut } from '../tensor.js';
import { Pool } from './pool.js';
import { isCanvasSource, readSource } from '../image/source.js';
import { isEncoded, decodeTargets } from '../image/decode.js';

const OP = 'batch';
const OPTIONS = ['workers', 'tensor', 'indices', 'transfer'];
const MAX_WORKERS = 64;

/** An element of `images`: an image, or targets { image, mask, boxes, keypoints }. */
const asTargets = (entry) => (entry !== null && typeof entry === 'object' && 'image' in entry ? entry : { image: entry });

/**
 * A chunk's targets with their encoded images (Blob, File, URL) decoded, on
 * whichever thread runs the chunk; errors name images[n] of the batch.
 */
export function decodedTargets({ targets, start }) {
  if (!targets.some((t) => isEncoded(t.image))) return targets;
  return decodeTargets(targets, targets.map((_, i) => `${OP}: images[${start + i}]`));
}

/** A result without its tensor (the batch's tensor holds it). */
const withoutTensor = ({ tensor, ...rest }) => rest;

const sameDims = (a, b) => a.length === b.length && a.every((d, i) => d === b[i]);

function differentSizes(k, dims, k0, dims0) {
  return new RangeError(`${OP}: images: sample ${k} gives a tensor of dims [${dims.join(', ')}], sample ${k0} ` +
    `[${dims0.join(', ')}]; images of different sizes make one tensor only when the pipeline's output size is ` +
    'fixed (end it with a random.resizedCrop, random.crop or random.resize to one size)');
}

/**
 * Runs samples `indices[i]` on `targets[i]`. With `tensor` (toTensor's
 * options) each sample's tensor goes into one tensor [n, ...] of the chunk,
 * and the results keep everything else. The calling thread (workers: 0)
 * and every worker run this.
 */
export function runChunk(augment, { indices, targets, tensor, into }) {
  if (!tensor) return { results: targets.map((t, i) => augment(t, indices[i])) };
  const recycled = into ? intoRecycled(augment, indices, targets, tensor, into) : null;
  if (recycled) return recycled;
  const results = [];
  let batch = null;
  targets.forEach((t, i) => {
    if (batch === null) {
      const { tensor: sample, ...rest } = augment(t, indices[i], { tensor });
      const data = new sample.data.constructor(sample.data.length * targets.length);
      batch = { type: sample.type, dims: [targets.length, ...sample.dims.slice(1)], data, per: sample.data.length };
      data.set(sample.data);
      results.push(rest);
      return;
    }
    results.push(intoSlice(augment, t, indices[i], tensor, batch, i, indices[0]));
  });
  const { per, ...joined } = batch;
  return { results, tensor: joined };
}

/**
 * The chunk's tensor written into a buffer an earlier chunk's tensor came in
 * (into: { buffer, type, sample }, handed back by the calling thread), so a
 * worker writes into memory already touched instead of a new tensor (whose
 * first writes cost as much again in page faults). Null when the buffer does
 * not fit a sample (other dims, or another tensor type: toTensor refuses the
 * `out` with a RangeError or a TypeError): the chunk then runs as usual,
 * which reports the sizes.
 */
function intoRecycled(augment, indices, targets, tensor, { buffer, type, sample }) {
  const per = sample.reduce((a, b) => a * b, 1);
  const data = new TYPES[type].arrays[0](buffer, 0, per * targets.length);
  const results = [];
  for (let i = 0; i < targets.length; i++) {
    const out = { type, dims: [1, ...sample], data: data.subarray(i * per, (i + 1) * per) };
    try {
      results.push(withoutTensor(augment(targets[i], indices[i], { tensor: { ...tensor, out } })));
    } catch (error) {
      if (refusedOut(error)) return null;
      throw error;
    }
  }
  return { results, tensor: { type, dims: [targets.length, ...sample], data } };
}

/**
 * Sample i written straight into its slice of the chunk's tensor (toTensor's
 * `out`); a sample of other dims is the RangeError naming images.
 */
function intoSlice(augment, targets, k, tensor, batch, i, k0) {
  const out = { type: batch.type, dims: [1, ...batch.dims.slice(1)], data: batch.data.subarray(i * batch.per, (i + 1) * batch.per) };
  try {
    return withoutTensor(augment(targets, k, { tensor: { ...tensor, out } }));
  } catch (error) {
    if (!refusedOut(error)) throw error;
    const { tensor: sample } = augment(targets, k, { tensor });
    throw differentSizes(k, sample.dims.slice(1), k0, batch.dims.slice(1));
  }
}

/** The ArrayBuffers under a chunk's images, masks and tensors (each once), to transfer. */
export function transferables({ results = [], targets = [], tensor } = {}) {
  const buffers = new Set();
  const add = (view) => {
    if (ArrayBuffer.isView(view) && view.buffer instanceof ArrayBuffer) buffers.add(view.buffer);
  };
  for (const entry of [...results, ...targets]) {
    for (const value of Object.values(entry ?? {})) add(value?.data);
  }
  add(tensor?.data);
  return [...buffers];
}

function checkWorkers(value) {
  if (value === undefined) return 0;
  if (typeof value !== 'number') throw new TypeError(`${OP}: options.workers: expected an integer 0..${MAX_WORKERS}`);
  if (!Number.isInteger(value) || value < 0 || value > MAX_WORKERS) {
    throw new RangeError(`${OP}: options.workers: expected an integer 0..${MAX_WORKERS}, got ${value}`);
  }
  return value;
}

function checkIndices(value, count) {
  if (value === undefined) return Array.from({ length: count }, (_, n) => n);
  if (!Array.isArray(value)) throw new TypeError(`${OP}: options.indices: expected an array of ${count} sample indices`);
  if (value.length !== count) throw new RangeError(`${OP}: options.indices: expected ${count} (one per image), got ${value.length}`);
  value.forEach((k, n) => {
    if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`${OP}: options.indices[${n}]: expected a non-negative integer, got ${k}`);
  });
  return value;
}

function checkTensor(value) {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object') throw new TypeError(`${OP}: options.tensor: expected toTensor's options { layout, channels, type, mean, std }`);
  if ('out' in value) throw new TypeError(`${OP}: options.tensor.out: a batch makes its own tensor`);
  return value;
}

/** The chunks of samples handed to the workers: a few per worker, so a slow one does not hold the others up. */
function chunks(targets, indices, tensor, workers) {
  const size = Math.max(1, Math.min(16, Math.ceil(targets.length / (workers * 4))));
  const list = [];
  for (let at = 0; at < targets.length; at += size) {
    list.push({ indices: indices.slice(at, at + size), targets: targets.slice(at, at + size), tensor, start: at });
  }
  return list;
}

/**
 * The chunks' tensors in one [N, ...] tensor, copied in as the replies arrive
 * (while the workers compute the rest) rather than after the last one.
 * add(at, reply) takes chunk `at`'s reply; result() checks every chunk's
 * sample dims in chunk order (so a mismatch names the same samples whatever
 * order the replies came in) and gives the tensor.
 */
function tensorJoiner(list, indices) {
  let joined = null;
  const starts = [];
  for (let at = 0, n = 0; at < list.length; n += list[at].indices.length, at++) starts.push(n);
  return {
    add(at, { tensor }) {
      const sample = tensor.dims.slice(1);
      if (joined === null) {
        const per = tensor.data.length / tensor.dims[0];
        // Unzeroed (stream.js): result() returns it only when every chunk was copied in, every byte written.
        const data = freshData(TYPES[tensor.type], per * indices.length, tensor.data.constructor, OP);
        joined = { type: tensor.type, sample, per, data, dims: [] };
      }
      joined.dims[at] = sample;
      if (sameDims(sample, joined.sample)) joined.data.set(tensor.data, starts[at] * joined.per);
    },
    result() {
      const first = joined.dims[0];
      joined.dims.forEach((dims, at) => {
        if (!sameDims(dims, first)) throw differentSizes(indices[starts[at]], dims, indices[0], first);
      });
      return { type: joined.type, dims: [indices.length, ...first], data: joined.data };
    },
  };
}

/**
 * Buffers the workers have finished reading (the copies of the images and
 * masks they were sent), kept for the next copies: a copy into memory
 * already touched is a memcpy, while a fresh buffer of 750 KB costs as much
 * again in page faults as postMessage's own clone (measured in Chromium:
 * 0.7 ms per 500x375 RGBA image either way). At most SPARE_BYTES are kept.
 */
const SPARE_BYTES = 64 << 20;

function spareBuffers() {
  const free = new Map(); // byteLength -> [ArrayBuffer]
  let held = 0;
  return {
    /** A kept buffer of `bytes` bytes, or undefined. */
    take(bytes) {
      const buffer = free.get(bytes)?.pop();
      if (buffer) held -= bytes;
      return buffer;
    },
    keep(buffers = []) {
      for (const buffer of buffers) {
        if (!(buffer instanceof ArrayBuffer) || held + buffer.byteLength > SPARE_BYTES) continue;
        if (!free.has(buffer.byteLength)) free.set(buffer.byteLength, []);
        free.get(buffer.byteLength).push(buffer);
        held += buffer.byteLength;
      }
    },
  };
}

/**
 * An image or mask as a worker gets it: { width, height, channels?, data }
 * read through the object. An ImageData's width and height are prototype
 * getters, which neither a spread nor the structured clone of a plain
 * object keeps.
 */
function plainImage(item, data) {
  const plain = { width: item.width, height: item.height, data };
  if (item.channels !== undefined) plain.channels = item.channels;
  return plain;
}

/** Targets with their image and mask (where they are objects with data) passed through `convert`. */
function withImages(targets, convert) {
  const image = (item) => {
    if (isCanvasSource(item)) return convert(readSource(item, 'batch: images')); // a worker cannot be sent an <img> or canvas
    return item !== null && typeof item === 'object' && 'data' in item ? convert(item) : item;
  };
  const copy = { ...targets, image: image(targets.image) };
  if ('mask' in targets) copy.mask = image(targets.mask);
  return copy;
}

/**
 * A chunk as a worker message: images and masks go as copies (in spare
 * buffers) whose buffers are transferred, or (transfer: true) as the
 * caller's own buffers, transferred and detached here. Either way nothing
 * is left for postMessage to serialise byte by byte.
 */
function chunkTask(chunk, transfer, spare, into) {
  const recycled = into ? [into.buffer] : [];
  if (transfer) {
    const targets = chunk.targets.map((t) => withImages(t, (item) => plainImage(item, item.data)));
    return { message: { type: 'run', chunk: { ...chunk, targets, into } }, transfer: [...transferables({ targets }), ...recycled] };
  }
  const copies = new Map(); // an array given for several targets is copied once
  const copy = (view) => {
    if (!ArrayBuffer.isView(view) || !(view.buffer instanceof ArrayBuffer)) return view;
    if (!copies.has(view)) {
      const copied = new view.constructor(spare.take(view.byteLength) ?? uninitialisedBuffer(view.byteLength), 0, view.length);
      copied.set(view);
      copies.set(view, copied);
    }
    return copies.get(view);
  };
  const targets = chunk.targets.map((t) => withImages(t, (item) => plainImage(item, copy(item.data))));
  return { message: { type: 'run', chunk: { ...chunk, targets, into } }, transfer: [...[...copies.values()].map((c) => c.buffer), ...recycled] };
}

/**
 * What a worker sends back for a chunk: the results, with their buffers
 * transferred, and the buffers of the chunk's inputs (and a tensor buffer it
 * was handed and did not use) that no result holds (`spent`), also
 * transferred, for the calling thread to reuse.
 */
export function chunkReply(augment, chunk) {
  const done = runChunk(augment, chunk);
  const kept = new Set(transferables(done));
  const inputs = [...transferables({ targets: chunk.targets }), ...(chunk.into ? [chunk.into.buffer] : [])];
  const spent = inputs.filter((buffer) => !kept.has(buffer));
  return { message: { type: 'done', ...done, spent }, transfer: [...kept, ...spent] };
}

/**
 * The batch function of a pipeline: batch(images, options) resolves with an
 * array of results, or with { tensor, results } when options.tensor is given
 * (tensor [N, C, H, W] or [N, H, W, C]; the results without their own
 * tensor). Options: workers (default 0: this thread), tensor, indices
 * (sample indices, default 0..N-1), transfer (true: the images' buffers are
 * moved to the workers, and detached here; default false: copied). The
 * workers stay up between batches (a Node process can still exit while they
 * idle); batch.close() ends them.
 */
export function makeBatch(augment) {
  const pools = new Map(); // worker count -> Pool
  const spare = spareBuffers();
  let lastSample = null; // { type, sample, bytes } of the last tensor chunk's samples: what a recycled buffer holds

  // A chunk tensor's buffer, handed back for the next chunk of as many samples of the same dims.
  function recycledTensor(chunk) {
    if (!chunk.tensor || !lastSample) return undefined;
    const buffer = spare.take(lastSample.bytes * chunk.indices.length);
    return buffer && { buffer, type: lastSample.type, sample: lastSample.sample };
  }

  function poolOf(workers) {
    let pool = pools.get(workers);
    if (!pool || pool.broken) {
      pool?.terminate();
      pool = new Pool(workers, { message: { wasm: compiledModule(), spec: augment.spec }, transfer: [] });
      pools.set(workers, pool);
    }
    return pool;
  }

  async function batch(images, options) {
    const o = checkOptions(options, OP, OPTIONS);
    if (!Array.isArray(images)) throw new TypeError(`${OP}: images: expected an array of images (or of { image, mask, boxes, keypoints })`);
    const workers = checkWorkers(o.workers);
    const indices = checkIndices(o.indices, images.length);
    const tensor = checkTensor(o.tensor);
    const transfer = flag(o.transfer, false, `${OP}: options.transfer`);
    if (tensor && images.length === 0) throw new RangeError(`${OP}: images: a tensor batch needs at least one image`);
    const targets = images.map(asTargets);
    if (images.length === 0) return [];
    if (workers === 0) {
      const done = runChunk(augment, { indices, targets: await decodedTargets({ targets, start: 0 }), tensor });
      return tensor ? done : done.results;
    }
    const list = chunks(targets, indices, tensor, workers);
    const joiner = tensor ? tensorJoiner(list, indices) : null;
    const onReply = (at, reply) => {
      spare.keep(reply.spent);
      if (!joiner) return;
      joiner.add(at, reply);
      const { type, dims, data } = reply.tensor;
      lastSample = { type, sample: dims.slice(1), bytes: data.byteLength / dims[0] };
      spare.keep([data.buffer]); // copied into the batch's tensor: free for a later chunk
    };
    const task = (at) => chunkTask(list[at], transfer, spare, recycledTensor(list[at]));
    const done = await poolOf(workers).run(list.length, task, onReply);
    const results = done.flatMap((reply) => reply.results);
    return tensor ? { tensor: joiner.result(), results } : results;
  }

  batch.close = async () => {
    const list = [...pools.values()];
    pools.clear();
    await Promise.all(list.map((pool) => pool.terminate()));
  };
  return batch;
}
