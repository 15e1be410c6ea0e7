// augment.batch(images, { workers, tensor, indices, transfer, shared }): a
// pipeline over many images, in the calling thread (workers: 0) or on a pool
// of workers (pool.js, worker.js), with the same bytes either way: sample n
// always uses index indices[n] (default n), whatever thread runs it, and
// every thread runs the same runChunk.
//
// Two ways to and from the workers. Shared (where SharedArrayBuffer is
// usable: Node, crossOriginIsolated pages): the batch tensor lives in shared
// memory and each worker copies its samples from its own wasm heap straight
// to their place in it; images go in a pool of shared buffers the workers
// read in place. Transfer (elsewhere, or shared: false): each chunk's
// tensor comes back in a transferred buffer and this thread copies it in.
import { checkOptions, describe, flag } from '../args.js';
import { compiledModule } from '../module.js';
import { TYPES, dataLength, typeInfo } from '../dtypes.js';
import { refusedOut } from '../tensor.js';
import { Pool } from './pool.js';
import { isCanvasSource, readSource } from '../image/source.js';
import { isEncoded, decodeTargets } from '../image/decode.js';
import { sharedMemoryUsable, isShared, spareBuffers } from './batch-memory.js';
import { tensorJoiner, differentSizes, guessOf } from './batch-join.js';

const OP = 'batch';
const OPTIONS = ['workers', 'tensor', 'indices', 'transfer', 'shared'];
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
 * The chunk's tensor written into `into`: { buffer, byteOffset, type, sample }.
 * That is a buffer an earlier chunk's tensor came in (handed back by the
 * calling thread), so a worker writes into memory already touched instead of
 * a new tensor (whose first writes cost as much again in page faults); or
 * the chunk's place in the batch tensor in shared memory; or the caller's
 * options.tensor.out (workers: 0). Null when the buffer does not fit a
 * sample (other dims, or another tensor type: toTensor refuses the `out`
 * with a RangeError or a TypeError): the chunk then runs as usual, which
 * reports the sizes.
 */
function intoRecycled(augment, indices, targets, tensor, { buffer, byteOffset = 0, type, sample }) {
  const per = sample.reduce((a, b) => a * b, 1);
  const data = new TYPES[type].arrays[0](buffer, byteOffset, per * targets.length);
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
    throw differentSizes(OP, k, sample.dims.slice(1), k0, batch.dims.slice(1));
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

/** options.tensor as { tensor: toTensor's options without out, out: the tensor to write into or null }. */
function checkTensor(value, count) {
  if (value === undefined) return { tensor: undefined, out: null };
  if (value === null || typeof value !== 'object') throw new TypeError(`${OP}: options.tensor: expected toTensor's options { layout, channels, type, mean, std }`);
  const { out, ...tensor } = value;
  return { tensor, out: out === undefined ? null : checkOut(out, count) };
}

/**
 * options.tensor.out: a tensor { type, dims: [N, ...], data } to write the
 * batch into (an earlier batch's, say: memory already touched, where a new
 * tensor of 150 MB costs a page fault per 4 KB). Whether its sample dims fit
 * is the samples' to say (a RangeError when they come).
 */
function checkOut(out, count) {
  const argument = `${OP}: options.tensor.out`;
  if (out === null || typeof out !== 'object') throw new TypeError(`${argument}: expected a tensor { type, dims, data } of ${count} samples, got ${describe(out)}`);
  const info = typeInfo(out.type, `${argument}.type`);
  const dims = out.dims;
  if (!Array.isArray(dims) || dims.length < 2 || !dims.every((d) => Number.isSafeInteger(d) && d >= 0)) {
    throw new TypeError(`${argument}.dims: expected [N, ...sample dims] of non-negative integers, got ${describe(dims)}`);
  }
  if (dims[0] !== count) throw new RangeError(`${argument}.dims[0]: expected ${count} (one per image), got ${dims[0]}`);
  if (!info.arrays.some((A) => out.data instanceof A)) {
    throw new TypeError(`${argument}.data: expected a ${info.arrays.map((A) => A.name).join(' or ')} for type ${info.name}, got ${describe(out.data)}`);
  }
  const length = dataLength(info, dims.reduce((a, b) => a * b, 1));
  if (out.data.length !== length) throw new RangeError(`${argument}.data: expected ${length} elements for dims [${dims.join(', ')}], got ${out.data.length}`);
  return out;
}

/** options.shared: true where shared memory is usable (the default there), false for the transfer path. */
function checkShared(value) {
  const usable = sharedMemoryUsable();
  const shared = flag(value, usable, `${OP}: options.shared`);
  if (shared && !usable) {
    throw new TypeError(`${OP}: options.shared: SharedArrayBuffer is not usable here (a browser page needs the headers ` +
      'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp); leave it out for the transfer path');
  }
  return shared;
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
 * A chunk as a worker message: images and masks go as copies in spare
 * buffers (`spare`: shared ones the worker reads in place, or plain ones
 * transferred), or (transfer: true) as the caller's own buffers, transferred
 * and detached here; an image already in shared memory goes as it is.
 * Nothing is left for postMessage to serialise byte by byte. `copies` lists
 * the spare buffers used (to keep again once the worker has replied).
 */
function chunkTask(chunk, transfer, spare, into) {
  const recycled = into && !isShared(into.buffer) ? [into.buffer] : [];
  if (transfer) {
    const targets = chunk.targets.map((t) => withImages(t, (item) => plainImage(item, item.data)));
    return { message: { type: 'run', chunk: { ...chunk, targets, into } }, transfer: [...transferables({ targets }), ...recycled], copies: [] };
  }
  const copies = new Map(); // an array given for several targets is copied once
  const copy = (view) => {
    if (!ArrayBuffer.isView(view) || !(view.buffer instanceof ArrayBuffer)) return view;
    if (!copies.has(view)) {
      const copied = new view.constructor(spare.get(view.byteLength), 0, view.length);
      copied.set(view);
      copies.set(view, copied);
    }
    return copies.get(view);
  };
  const targets = chunk.targets.map((t) => withImages(t, (item) => plainImage(item, copy(item.data))));
  const buffers = [...copies.values()].map((c) => c.buffer);
  const moved = buffers.filter((buffer) => !isShared(buffer));
  return { message: { type: 'run', chunk: { ...chunk, targets, into } }, transfer: [...moved, ...recycled], copies: buffers };
}

/**
 * What a worker sends back for a chunk: the results, with their buffers
 * transferred, and the buffers of the chunk's inputs (and a tensor buffer it
 * was handed and did not use) that no result holds (`spent`), also
 * transferred, for the calling thread to reuse.
 */
export function chunkReply(augment, chunk) {
  const done = runChunk(augment, chunk);
  const shared = isShared(chunk.into?.buffer);
  const written = shared && done.tensor?.data.buffer === chunk.into.buffer;
  const reply = written ? { results: done.results, written: true } : done;
  const kept = new Set(transferables(reply));
  const inputs = [...transferables({ targets: chunk.targets }), ...(chunk.into && !shared ? [chunk.into.buffer] : [])];
  const spent = inputs.filter((buffer) => !kept.has(buffer));
  return { message: { type: 'done', ...reply, spent }, transfer: [...kept, ...spent] };
}

/**
 * The batch function of a pipeline: batch(images, options) resolves with an
 * array of results, or with { tensor, results } when options.tensor is given
 * (tensor [N, C, H, W] or [N, H, W, C]; the results without their own
 * tensor). Options: workers (default 0: this thread), tensor (with `out`: a
 * tensor to write into), indices (sample indices, default 0..N-1), transfer
 * (true: the images' buffers are moved to the workers, and detached here;
 * default false: copied), shared (default: true where SharedArrayBuffer is
 * usable; false: the transfer path). The workers stay up between batches (a
 * Node process can still exit while they idle); batch.close() ends them.
 */
export function makeBatch(augment) {
  const pools = new Map(); // worker count -> Pool
  const spare = spareBuffers(false);
  const sharedSpare = sharedMemoryUsable() ? spareBuffers(true) : null;
  let guess = null; // { type, sample, like } of the last tensor batch's samples: the dims a shared target is made with

  // A chunk tensor's buffer, handed back for the next chunk of as many samples of the same dims (the transfer path).
  function recycledTensor(chunk) {
    if (!chunk.tensor || !guess) return undefined;
    const bytes = TYPES[guess.type].arrays[0].BYTES_PER_ELEMENT * guess.sample.reduce((a, b) => a * b, 1);
    const buffer = spare.take(bytes * chunk.indices.length);
    return buffer && { buffer, type: guess.type, sample: guess.sample };
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

  function onThisThread(targets, indices, tensor, out) {
    const into = out ? { buffer: out.data.buffer, byteOffset: out.data.byteOffset, type: out.type, sample: out.dims.slice(1) } : undefined;
    const done = runChunk(augment, { indices, targets, tensor, into });
    if (!tensor) return done.results;
    if (out && done.tensor.data.buffer !== out.data.buffer) {
      const { type, dims } = done.tensor;
      throw new RangeError(`${OP}: options.tensor.out: expected a ${type} tensor of dims [${dims.join(', ')}], got ${out.type} [${out.dims.join(', ')}]`);
    }
    return { results: done.results, tensor: out ? { type: out.type, dims: [...out.dims], data: out.data } : done.tensor };
  }

  async function onWorkers(targets, { workers, indices, tensor, out, transfer, shared }) {
    const list = chunks(targets, indices, tensor, workers);
    const joiner = tensor ? tensorJoiner(list, indices, { op: OP, shared, out, guess: out ? null : guess }) : null;
    const images = shared ? sharedSpare : spare;
    const copies = []; // chunk -> the spare buffers its images were copied to
    const onReply = (at, reply) => {
      spare.keep(reply.spent);
      if (shared) sharedSpare.keep(copies[at]);
      if (!joiner) return;
      joiner.add(at, reply);
      // a chunk tensor copied into the batch's tensor: free for a later chunk
      if (reply.tensor && joiner.copied(at)) spare.keep([reply.tensor.data.buffer]);
    };
    const task = (at) => {
      const into = joiner?.into(at) ?? recycledTensor(list[at]);
      const made = chunkTask(list[at], transfer, images, into);
      copies[at] = made.copies;
      return made;
    };
    const done = await poolOf(workers).run(list.length, task, onReply);
    const results = done.flatMap((reply) => reply.results);
    if (!joiner) return results;
    const joined = joiner.result();
    guess = guessOf(joined);
    return { tensor: joined, results };
  }

  async function batch(images, options) {
    const o = checkOptions(options, OP, OPTIONS);
    if (!Array.isArray(images)) throw new TypeError(`${OP}: images: expected an array of images (or of { image, mask, boxes, keypoints })`);
    const workers = checkWorkers(o.workers);
    const indices = checkIndices(o.indices, images.length);
    const { tensor, out } = checkTensor(o.tensor, images.length);
    const transfer = flag(o.transfer, false, `${OP}: options.transfer`);
    const shared = checkShared(o.shared);
    if (tensor && images.length === 0) throw new RangeError(`${OP}: images: a tensor batch needs at least one image`);
    const targets = images.map(asTargets);
    if (images.length === 0) return [];
    if (workers === 0) return onThisThread(await decodedTargets({ targets, start: 0 }), indices, tensor, out);
    return onWorkers(targets, { workers, indices, tensor, out, transfer, shared });
  }

  batch.close = async () => {
    const list = [...pools.values()];
    pools.clear();
    await Promise.all(list.map((pool) => pool.terminate()));
  };
  return batch;
}
