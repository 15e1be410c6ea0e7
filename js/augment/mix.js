// Batch transforms that mix samples and their labels: mixUp, cutMix and
// randomChoice among them, with torchvision v2's rules (v2.MixUp, v2.CutMix,
// v2.RandomChoice): λ from Beta(α, α); sample i is mixed with sample i − 1
// (the batch rolled by one, as `roll(1, 0)`); CutMix pastes a box of the
// rolled batch whose area follows 1 − λ, then corrects λ to the box's share.
// Seeded: batch k of a transform always draws the same λ and box.
//
// Arithmetic, as torch does it on float32 tensors with a Python-float λ:
// MixUp x' = f(f(x[i−1]·f(1 − λ)) + f(x[i]·f(λ))), labels the same with λ;
// CutMix copies the box and mixes labels with the corrected λ; f() rounds to
// float32.
import { checkOptions, describe } from '../args.js';
import { seedBase, sampleGenerator, checkIndex, checkSeed } from './generator.js';

const f32 = Math.fround;
const LAYOUTS = ['NCHW', 'NHWC'];

/**
 * A Gamma(a, 1) draw as { value, log } (Marsaglia and Tsang; a < 1 through
 * Gamma(a + 1)·U^(1/a)). `log` is the draw's logarithm, finite even where
 * `value` underflows to 0 (a small a: U^(1/a) is 0 for U < 0.49 when a = 0.001).
 */
function gamma(g, a) {
  if (a < 1) {
    const base = gamma(g, a + 1).value;
    const u = 1 - g.float(); // (0, 1]
    return { value: base * Math.pow(u, 1 / a), log: Math.log(base) + Math.log(u) / a };
  }
  const d = a - 1 / 3, c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x, v;
    do {
      x = normal(g);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - g.float(); // (0, 1]
    if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return { value: d * v, log: Math.log(d * v) };
  }
}

/** A standard normal draw (Box–Muller, one of the pair). */
function normal(g) {
  const u = 1 - g.float(), v = g.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A Beta(α, α) draw, as X / (X + Y) with X, Y ~ Gamma(α). When both underflow
 * to 0 (α ≲ 0.01), 0/0 would be NaN: the ratio is then taken from their
 * logarithms, 1 / (1 + e^(ln Y − ln X)), which is 0 or 1 but for a near tie.
 */
export function betaDraw(g, alpha) {
  const x = gamma(g, alpha), y = gamma(g, alpha);
  if (x.value + y.value > 0) return x.value / (x.value + y.value);
  return 1 / (1 + Math.exp(y.log - x.log));
}

function checkAlpha(value, op) {
  if (value === undefined) return 1;
  if (typeof value !== 'number') throw new TypeError(`${op}: options.alpha: expected a positive number, got ${describe(value)}`);
  if (!(value > 0 && Number.isFinite(value))) throw new RangeError(`${op}: options.alpha: expected a positive number, got ${value}`);
  return value;
}

function checkSettings(options, op, keys) {
  const o = checkOptions(options, op, keys);
  const layout = o.layout ?? 'NCHW';
  if (!LAYOUTS.includes(layout)) throw new RangeError(`${op}: options.layout: expected 'NCHW' or 'NHWC', got ${describe(layout)}`);
  return { alpha: checkAlpha(o.alpha, op), base: seedBase(checkSeed(o.seed ?? 0, `${op}: options.seed`)), layout, numClasses: checkClasses(o.numClasses, op) };
}

/** options.numClasses: undefined (labels come one-hot) or a positive integer, checked when the transform is made. */
function checkClasses(value, op) {
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new TypeError(`${op}: options.numClasses: expected a positive integer, got ${describe(value)}`);
  if (!(Number.isSafeInteger(value) && value >= 1)) throw new RangeError(`${op}: options.numClasses: expected a positive integer, got ${value}`);
  return value;
}

/**
 * The batch { tensor, labels } checked: a float32 tensor [N, ...] and labels
 * as float32 [N, classes] (given so, or as N class indices one-hot encoded
 * with numClasses).
 */
function checkBatch(batch, numClasses, op) {
  if (batch === null || typeof batch !== 'object') throw new TypeError(`${op}: batch: expected { tensor, labels }, got ${describe(batch)}`);
  const { tensor, labels } = batch;
  if (tensor === null || typeof tensor !== 'object' || !(tensor.data instanceof Float32Array) || !Array.isArray(tensor.dims)) {
    throw new TypeError(`${op}: batch.tensor: expected a float32 tensor { type, dims, data: Float32Array }, got ${describe(tensor)}`);
  }
  const n = tensor.dims[0];
  const count = tensor.dims.reduce((a, b) => a * b, 1);
  if (!(tensor.dims.length >= 2 && Number.isInteger(n) && n >= 1 && count === tensor.data.length)) {
    throw new RangeError(`${op}: batch.tensor: expected dims [N ≥ 1, ...] matching its ${tensor.data.length} values, got [${tensor.dims.join(', ')}]`);
  }
  return { tensor, labels: checkLabels(labels, n, numClasses, op), n };
}

function checkLabels(labels, n, numClasses, op) {
  if (labels !== null && typeof labels === 'object' && labels.data instanceof Float32Array) {
    const { dims } = labels;
    if (!Array.isArray(dims) || dims.length !== 2 || dims[0] !== n || dims[0] * dims[1] !== labels.data.length) {
      throw new RangeError(`${op}: batch.labels: expected float32 dims [${n}, classes] matching its data, got [${dims}]`);
    }
    return labels;
  }
  if (Array.isArray(labels) || ArrayBuffer.isView(labels)) {
    if (!Number.isInteger(numClasses) || numClasses < 1) {
      throw new TypeError(`${op}: batch.labels: class indices need options.numClasses (or pass one-hot float32 labels [N, classes])`);
    }
    if (labels.length !== n) throw new RangeError(`${op}: batch.labels: expected ${n} class indices, got ${labels.length}`);
    const data = new Float32Array(n * numClasses);
    for (let i = 0; i < n; i++) {
      const c = Number(labels[i]);
      if (!(Number.isInteger(c) && c >= 0 && c < numClasses)) throw new RangeError(`${op}: batch.labels[${i}]: expected a class 0..${numClasses - 1}, got ${labels[i]}`);
      data[i * numClasses + c] = 1;
    }
    return { type: 'float32', dims: [n, numClasses], data };
  }
  throw new TypeError(`${op}: batch.labels: expected float32 labels { dims: [N, classes], data: Float32Array } or N class indices, got ${describe(labels)}`);
}

/** out[i] = f(f(a[i−1]·f(1 − λ)) + f(a[i]·f(λ))) per sample of `per` values (sample 0 pairs with sample n − 1). */
export function mixRolled(data, n, per, lambda) {
  const out = new Float32Array(data.length);
  const keep = f32(lambda), take = f32(1 - lambda);
  for (let i = 0; i < n; i++) {
    const at = i * per, from = ((i + n - 1) % n) * per;
    for (let j = 0; j < per; j++) out[at + j] = f32(f32(data[from + j] * take) + f32(data[at + j] * keep));
  }
  return out;
}

function mixedLabels(labels, n, lambda) {
  return { type: 'float32', dims: [n, labels.dims[1]], data: mixRolled(labels.data, n, labels.dims[1], lambda) };
}

/**
 * mixUp({ alpha = 1, seed = 0, numClasses }): t({ tensor, labels }, k) →
 * { tensor, labels, params: { transform: 'mixUp', lambda } }, new arrays.
 */
export function mixUp(options) {
  const op = 'mixUp';
  const s = checkSettings(options, op, ['alpha', 'seed', 'numClasses']);
  return Object.assign(function mix(batch, k) {
    const { tensor, labels, n } = checkBatch(batch, s.numClasses, op);
    const lambda = betaDraw(sampleGenerator(s.base, checkIndex(k, `${op}: k`)), s.alpha);
    return {
      tensor: { type: 'float32', dims: [...tensor.dims], data: mixRolled(tensor.data, n, tensor.data.length / n, lambda) },
      labels: mixedLabels(labels, n, lambda),
      params: { transform: op, lambda },
    };
  }, { numClasses: s.numClasses }); // numClasses: for random.oneOf's unfired batches
}

/** The CutMix box for λ on an h × w image about (rx, ry): half sides ⌊½√(1 − λ)·side⌋, clipped to the image. */
export function cutBox(rx, ry, lambda, h, w) {
  const r = 0.5 * Math.sqrt(1 - lambda);
  const halfW = Math.trunc(r * w), halfH = Math.trunc(r * h);
  const x1 = Math.max(rx - halfW, 0), y1 = Math.max(ry - halfH, 0);
  const x2 = Math.min(rx + halfW, w), y2 = Math.min(ry + halfH, h);
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/** The rolled batch's box pasted into a copy of `data` (layout NCHW: [N, C, H, W]; NHWC: [N, H, W, C]). */
export function pasteRolled(data, dims, layout, box) {
  const [n] = dims;
  const [h, w, planes, unit] = layout === 'NCHW' ? [dims[2], dims[3], dims[1], 1] : [dims[1], dims[2], 1, dims[3]];
  const out = data.slice();
  const per = data.length / n, plane = h * w * unit;
  for (let i = 0; i < n; i++) {
    const from = ((i + n - 1) % n) * per;
    for (let c = 0; c < planes; c++) {
      for (let y = box.y; y < box.y + box.height; y++) {
        const row = c * plane + (y * w + box.x) * unit;
        out.set(data.subarray(from + row, from + row + box.width * unit), i * per + row);
      }
    }
  }
  return out;
}

/**
 * cutMix({ alpha = 1, seed = 0, layout = 'NCHW', numClasses }): t({ tensor,
 * labels }, k) → { tensor, labels, params: { transform: 'cutMix', lambda
 * (corrected to the box's share), drawn (λ as drawn), box } }, new arrays.
 */
export function cutMix(options) {
  const op = 'cutMix';
  const s = checkSettings(options, op, ['alpha', 'seed', 'layout', 'numClasses']);
  return Object.assign(function cut(batch, k) {
    const { tensor, labels, n } = checkBatch(batch, s.numClasses, op);
    if (tensor.dims.length !== 4) throw new RangeError(`${op}: batch.tensor: expected dims [N, C, H, W] or [N, H, W, C] (options.layout), got [${tensor.dims.join(', ')}]`);
    const [h, w] = s.layout === 'NCHW' ? tensor.dims.slice(2) : tensor.dims.slice(1, 3);
    const g = sampleGenerator(s.base, checkIndex(k, `${op}: k`));
    const drawn = betaDraw(g, s.alpha);
    const rx = g.int(w), ry = g.int(h); // torch.randint(W), randint(H)
    const box = cutBox(rx, ry, drawn, h, w);
    const lambda = 1 - (box.width * box.height) / (w * h);
    return {
      tensor: { type: 'float32', dims: [...tensor.dims], data: pasteRolled(tensor.data, tensor.dims, s.layout, box) },
      labels: mixedLabels(labels, n, lambda),
      params: { transform: op, lambda, drawn, box },
    };
  }, { numClasses: s.numClasses }); // numClasses: for random.oneOf's unfired batches
}

function checkBatchTransforms(transforms, op) {
  if (!Array.isArray(transforms) || transforms.length === 0 || !transforms.every((t) => typeof t === 'function')) {
    throw new TypeError(`${op}: transforms: expected a non-empty array of batch transforms (mixUp(), cutMix()), got ${describe(transforms)}`);
  }
}

function checkWeights(value, n, argument) {
  const w = value ?? Array(n).fill(1);
  if (!Array.isArray(w) || w.length !== n || !w.every((x) => typeof x === 'number' && x >= 0 && Number.isFinite(x)) || !(w.reduce((a, b) => a + b, 0) > 0)) {
    throw new RangeError(`${argument}: expected ${n} non-negative numbers with a positive sum, got ${describe(value)}`);
  }
  return w;
}

/** An index in [0, weights.length) by the weights: one float of g against the running sum. */
function pickWeighted(g, weights) {
  let u = g.float() * weights.reduce((a, b) => a + b, 0);
  let choice = 0;
  while (choice < weights.length - 1 && u >= weights[choice]) u -= weights[choice++];
  return choice;
}

/**
 * randomChoice([t, ...], { p, seed = 0 }): for batch k, one of the batch
 * transforms (by the probabilities p, default equal), as v2.RandomChoice;
 * params gain { choice } (its index).
 */
export function randomChoice(transforms, options) {
  const op = 'randomChoice';
  checkBatchTransforms(transforms, op);
  const o = checkOptions(options, op, ['p', 'seed']);
  const p = checkWeights(o.p, transforms.length, `${op}: options.p`);
  const base = seedBase(checkSeed(o.seed ?? 0, `${op}: options.seed`));
  return function choose(batch, k) {
    const choice = pickWeighted(sampleGenerator(base, checkIndex(k, `${op}: k`)), p);
    const result = transforms[choice](batch, k);
    return { ...result, params: { ...result.params, choice } };
  };
}

/**
 * random.oneOf([t, ...], { weights, p = 1, seed = 0 }) of batch transforms
 * (albumentations' OneOf grammar for mixUp and cutMix): for batch k, with
 * probability p, one of them by `weights` (default equal), whose params gain
 * { fired: true, choice }; otherwise copies of the tensor and of the labels
 * as float32 [N, classes] (class indices one-hot by the children's
 * numClasses), params { transform: 'oneOf', fired: false, lambda: 1 }. One draw decides
 * p, the next the choice.
 */
export function batchOneOf(transforms, options) {
  const op = 'random.oneOf';
  checkBatchTransforms(transforms, op);
  const o = checkOptions(options, op, ['weights', 'p', 'seed']);
  const weights = checkWeights(o.weights, transforms.length, `${op}: options.weights`);
  const p = o.p ?? 1;
  if (typeof p !== 'number') throw new TypeError(`${op}: options.p: expected a probability in [0, 1], got ${describe(p)}`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${op}: options.p: expected a probability in [0, 1], got ${p}`);
  const base = seedBase(checkSeed(o.seed ?? 0, `${op}: options.seed`));
  const numClasses = transforms.map((t) => t.numClasses).find((c) => c !== undefined);
  return function oneOf(batch, k) {
    const g = sampleGenerator(base, checkIndex(k, `${op}: k`));
    if (p < 1 && !(g.float() < p)) {
      const { tensor, labels } = checkBatch(batch, numClasses, op);
      return {
        tensor: { type: 'float32', dims: [...tensor.dims], data: tensor.data.slice() },
        labels: { type: 'float32', dims: [...labels.dims], data: labels === batch.labels ? labels.data.slice() : labels.data },
        params: { transform: 'oneOf', fired: false, lambda: 1 },
      };
    }
    const choice = pickWeighted(g, weights);
    const result = transforms[choice](batch, k);
    return { ...result, params: { ...result.params, fired: true, choice } };
  };
}
