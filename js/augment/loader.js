// loader(dataset, options): batches of a dataset, the way PyTorch's
// DataLoader gives them, for `for await`: a seeded shuffle per epoch, items
// fetched and decoded (in the workers, in browsers), augmented by a pipeline
// into one tensor per batch, an optional batch transform (mixUp, cutMix),
// and `prefetch` batches prepared ahead of the consumer.
//
// Determinism: the order depends only on (seed, epoch); sample i of the
// dataset in epoch e is augmented as pipeline sample k = e·length + i. So the
// bytes do not depend on the worker count, the batch size or the prefetch
// depth, and batch b's transform runs as batch k = e·batches + b.
import { checkOptions, describe, flag } from '../args.js';
import { checkSeed, seedBase, sampleGenerator } from './generator.js';
import { compose } from './compose.js';
import { decodeTargets } from '../image/decode.js';

const OP = 'loader';
const OPTIONS = ['batchSize', 'shuffle', 'seed', 'epoch', 'workers', 'prefetch', 'dropLast', 'tensor', 'augment', 'batchTransform', 'shared', 'recycle'];
const TARGET_KEYS = ['image', 'mask', 'boxes', 'keypoints'];

function count(value, fallback, argument, min) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`${argument}: expected an integer ≥ ${min}, got ${describe(value)}`);
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${argument}: expected an integer ≥ ${min}, got ${value}`);
  return value;
}

/** The dataset as { length, get(i) }: an array, or an object with length and get. */
function checkDataset(dataset) {
  if (Array.isArray(dataset)) return { length: dataset.length, get: (i) => dataset[i] };
  if (dataset !== null && typeof dataset === 'object' && typeof dataset.get === 'function') {
    count(dataset.length, undefined, `${OP}: dataset.length`, 0);
    return { length: dataset.length, get: (i) => dataset.get(i) };
  }
  throw new TypeError(`${OP}: dataset: expected an array of items or { length, get(i) }, got ${describe(dataset)}`);
}

function checkSettings(options) {
  const o = checkOptions(options, OP, OPTIONS);
  const augment = o.augment ?? compose([]);
  if (typeof augment !== 'function' || typeof augment.batch !== 'function') {
    throw new TypeError(`${OP}: options.augment: expected a pipeline made by compose(), got ${describe(o.augment)}`);
  }
  if (o.batchTransform !== undefined && typeof o.batchTransform !== 'function') {
    throw new TypeError(`${OP}: options.batchTransform: expected a batch transform (mixUp(), cutMix(), randomChoice(), random.oneOf() of them), got ${describe(o.batchTransform)}`);
  }
  if (o.tensor !== null && typeof o.tensor === 'object' && 'out' in o.tensor) {
    throw new TypeError(`${OP}: options.tensor.out: each batch gets its own tensor (the loader hands them out ahead of use)`);
  }
  if (o.batchTransform !== undefined && o.tensor === undefined) {
    throw new TypeError(`${OP}: options.batchTransform: mixes tensors; give options.tensor as well`);
  }
  return {
    batchSize: count(o.batchSize, 1, `${OP}: options.batchSize`, 1),
    shuffle: flag(o.shuffle, false, `${OP}: options.shuffle`),
    seed: checkSeed(o.seed ?? 0, `${OP}: options.seed`),
    epoch: count(o.epoch, 0, `${OP}: options.epoch`, 0),
    workers: count(o.workers, 0, `${OP}: options.workers`, 0),
    shared: o.shared === undefined ? undefined : flag(o.shared, false, `${OP}: options.shared`), // batch's own default: where usable
    prefetch: count(o.prefetch, 2, `${OP}: options.prefetch`, 1),
    dropLast: flag(o.dropLast, false, `${OP}: options.dropLast`),
    recycle: flag(o.recycle, false, `${OP}: options.recycle`),
    tensor: o.tensor,
    augment,
    batchTransform: o.batchTransform,
  };
}

/** The dataset order of an epoch: 0..n−1, or a Fisher–Yates shuffle drawn from (seed, epoch). */
export function epochOrder(n, shuffle, seed, epoch) {
  const order = Array.from({ length: n }, (_, i) => i);
  if (!shuffle) return order;
  const g = sampleGenerator(seedBase(seed), epoch);
  for (let i = n - 1; i > 0; i--) {
    const j = g.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** An item as targets and its label: { image, label, mask, boxes, keypoints }, or a bare image (no label). */
function splitItem(item, i) {
  const bare = item === null || typeof item !== 'object' || !('image' in item);
  if (bare) return { targets: { image: item }, label: undefined };
  const targets = {};
  for (const key of TARGET_KEYS) if (item[key] !== undefined) targets[key] = item[key];
  for (const key of Object.keys(item)) {
    if (key !== 'label' && !TARGET_KEYS.includes(key)) throw new TypeError(`${OP}: dataset[${i}]: unknown key "${key}"; expected image, label, mask, boxes, keypoints`);
  }
  return { targets, label: item.label };
}

/** An error of a batch as the same class with a new message. */
function withMessage(error, message) {
  const Class = error instanceof RangeError ? RangeError : error instanceof TypeError ? TypeError : Error;
  return new Class(message);
}

/**
 * The error of a failed batch, naming the dataset item: a decoding error
 * names the batch's images[n] (renamed to dataset[i]); for another error the
 * samples are run again one by one on this thread, only now, to find the
 * first that fails.
 */
async function itemError(s, error, items, indices, sampleIndices) {
  const message = String(error?.message ?? error);
  const decoding = /^batch: images\[(\d+)\](.*)$/s.exec(message);
  if (decoding) return withMessage(error, `${OP}: dataset[${indices[Number(decoding[1])]}]${decoding[2]}`);
  for (let j = 0; j < items.length; j++) {
    try {
      const [targets] = await decodeTargets([items[j].targets], [`${OP}: dataset[${indices[j]}]`]);
      s.augment(targets, sampleIndices[j], s.tensor ? { tensor: s.tensor } : undefined);
    } catch (e) {
      return withMessage(e, `${OP}: dataset[${indices[j]}]: ${e?.message ?? e}`);
    }
  }
  return withMessage(error, `${OP}: dataset[${indices.join(', ')}] (one batch): ${message}`);
}

/**
 * The tensors of batches handed out and moved past (options.recycle), to
 * write later batches into: a new tensor of 256 images (154 MB) costs a page
 * fault per 4 KB on its first write, more than a tenth of the batch's time.
 */
function tensorSpare(limit) {
  const free = [];
  return {
    /** A kept tensor of n samples, or undefined. */
    take(n) {
      const at = free.findIndex((t) => t.dims[0] === n);
      return at < 0 ? undefined : free.splice(at, 1)[0];
    },
    give(tensor) {
      if (tensor && free.length < limit) free.push(tensor);
    },
  };
}

/** The pipeline batch of the items, into a recycled tensor where one of their count is kept (and fits). */
async function pipelineBatch(s, items, sampleIndices, spare) {
  const options = { workers: s.workers, tensor: s.tensor, indices: sampleIndices, shared: s.shared };
  const targets = items.map((x) => x.targets);
  const out = s.tensor ? spare?.take(items.length) : undefined;
  if (!out) return s.augment.batch(targets, options);
  try {
    return await s.augment.batch(targets, { ...options, tensor: { ...s.tensor, out } });
  } catch (error) {
    // samples of other dims than the kept tensor's (images of another size): this batch gets a new one
    if (!String(error?.message).includes('options.tensor.out')) throw error;
    return s.augment.batch(targets, options);
  }
}

/**
 * The items at `indices`, split into targets and labels; with workers: 0 their
 * encoded images decoded here (errors name dataset[i]), since no worker will.
 */
async function loadItems(s, dataset, indices) {
  const items = await Promise.all(indices.map(async (i) => splitItem(await dataset.get(i), i)));
  if (s.workers > 0) return items;
  const targets = await decodeTargets(items.map((x) => x.targets), indices.map((i) => `${OP}: dataset[${i}]`));
  return items.map((x, j) => ({ ...x, targets: targets[j] }));
}

/** Batch b of an epoch: { tensor, labels, targets, indices, params }; `loading` its items (loadItems). */
async function makeBatch(s, dataset, indices, epoch, b, batchesPerEpoch, spare, loading) {
  const items = await loading;
  const sampleIndices = indices.map((i) => epoch * dataset.length + i);
  let done;
  try {
    done = await pipelineBatch(s, items, sampleIndices, spare);
  } catch (error) {
    throw await itemError(s, error, items, indices, sampleIndices);
  }
  const results = s.tensor ? done.results : done;
  const batch = {
    tensor: s.tensor ? done.tensor : undefined,
    labels: items.map((x) => x.label),
    targets: results.map(({ params, ...rest }) => rest),
    indices,
    params: { samples: results.map((r) => r.params), batch: null },
  };
  if (!s.batchTransform) return batch;
  const mixed = s.batchTransform({ tensor: batch.tensor, labels: batch.labels }, epoch * batchesPerEpoch + b);
  if (mixed.tensor.data.buffer !== batch.tensor.data.buffer) spare?.give(batch.tensor); // the unmixed tensor: nobody else holds it
  return { ...batch, tensor: mixed.tensor, labels: mixed.labels, params: { ...batch.params, batch: mixed.params } };
}

/**
 * loader(dataset, options): an async iterable of the epoch's batches (and
 * `batches`, their count). See js/augment.d.ts and the README's "Training in
 * the browser".
 */
export function loader(dataset, options) {
  const data = checkDataset(dataset);
  const s = checkSettings(options);
  const order = epochOrder(data.length, s.shuffle, s.seed, s.epoch);
  const full = Math.floor(order.length / s.batchSize);
  const batches = s.dropLast || order.length % s.batchSize === 0 ? full : full + 1;
  const slice = (b) => order.slice(b * s.batchSize, (b + 1) * s.batchSize);
  return {
    batches,
    [Symbol.asyncIterator]() {
      return iterate(s, data, slice, batches);
    },
  };
}

/**
 * The iterator: a producer runs the batches in order (one pipeline batch at a
 * time on the workers, each batch's items fetched as it starts), keeping at
 * most `prefetch` finished batches ahead; next() hands them out in order, a
 * failed batch as its error, once the batches before it were taken.
 */
function iterate(s, data, slice, batches) {
  const ready = []; // settled batches in order: { value } or { error }
  const spare = s.recycle && s.tensor ? tensorSpare(s.prefetch + 2) : null;
  let handed = null; // the tensor of the batch handed out last: recycled when the next one is asked for
  let produced = 0;
  let closed = false;
  let wake = null; // resolves the producer's wait for room
  let notify = null; // resolves a consumer's wait for a batch
  const signal = () => {
    notify?.();
    notify = null;
  };
  // Batch b's items start loading when batch b - 1 starts: with workers: 0 the browser decodes them on
  // threads of its own while this thread augments the batch before.
  const loading = new Map();
  const load = (b) => {
    if (b >= batches || loading.has(b)) return;
    const promise = loadItems(s, data, slice(b));
    promise.catch(() => {}); // reported when batch b is made
    loading.set(b, promise);
  };
  const itemsOf = (b) => {
    load(b);
    load(b + 1);
    const promise = loading.get(b);
    loading.delete(b);
    return promise;
  };
  const producer = (async () => {
    while (!closed && produced < batches) {
      if (ready.length >= s.prefetch) {
        await new Promise((resolve) => { wake = resolve; });
        continue;
      }
      const b = produced++;
      try {
        ready.push({ value: await makeBatch(s, data, slice(b), s.epoch, b, batches, spare, itemsOf(b)) });
      } catch (error) {
        ready.push({ error });
      }
      signal();
    }
  })();
  let taken = 0;
  let failed = false;
  const close = async () => {
    closed = true;
    wake?.();
    await producer;
    if (s.workers > 0) await s.augment.batch.close();
  };
  return {
    async next() {
      spare?.give(handed);
      handed = null;
      if (failed || closed || taken >= batches) return { done: true, value: undefined };
      while (ready.length === 0) await new Promise((resolve) => { notify = resolve; });
      const settled = ready.shift();
      taken++;
      wake?.();
      wake = null;
      if (settled.error) {
        failed = true;
        await close();
        throw settled.error;
      }
      handed = settled.value.tensor ?? null;
      return { done: false, value: settled.value };
    },
    async return() {
      await close();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
