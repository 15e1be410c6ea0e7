// The colour transforms of tensorwarp/augment (torchvision's photometric
// Random* transforms, albumentations' RandomGamma and GaussNoise). Each has
// the three parts of transforms.js; step() gives { kind: 'color', entry }:
// compose.js runs colour steps on the pixels after the resample of the
// geometric run they stand in (color-run.js), never as a resample of their
// own, and they are the identity for masks, boxes and keypoints.
//
// Draws follow torchvision's order and distributions, from this package's
// generator; torch draws its uniforms in float32, so the drawn factors and
// sigmas are rounded to float32 (Math.fround) as torchvision's are.
import {
  bounded, positiveInteger, range, pairOf, describe, count,
} from './options.js';
import { roundHalfEven } from '../dtypes.js';

const f32 = Math.fround;

/** torch.empty(1).uniform_(a, b).item(): a float32 value in [a, b]. */
const uniform32 = (g, a, b) => f32(g.uniform(f32(a), f32(b)));

/** Every colour step: the drawn entry, applied by color-run.js. */
const colorStepOf = (entry, size, options) => ({ kind: 'color', entry, options });

/**
 * A ColorJitter factor: d >= 0 means [max(0, 1 - d), 1 + d]; [lo, hi] with
 * 0 <= lo <= hi. null when it is the identity ([1, 1]) or not given.
 */
function jitterFactor(value, argument) {
  if (value === undefined || value === null) return null;
  let pair;
  if (typeof value === 'number') {
    const d = bounded(value, 0, argument, 0);
    pair = [Math.max(0, 1 - d), 1 + d];
  } else {
    pair = range(value, undefined, argument, { min: 0 });
  }
  return pair[0] === 1 && pair[1] === 1 ? null : pair;
}

/** ColorJitter's hue: h in [0, 0.5] means [-h, h]; [lo, hi] within [-0.5, 0.5]. null for [0, 0]. */
function jitterHue(value, argument) {
  if (value === undefined || value === null) return null;
  let pair;
  if (typeof value === 'number') {
    const h = bounded(value, 0, argument, 0, 0.5);
    pair = [-h, h];
  } else {
    pair = range(value, undefined, argument, { min: -0.5, max: 0.5 });
  }
  return pair[0] === 0 && pair[1] === 0 ? null : pair;
}

const JITTER = ['brightness', 'contrast', 'saturation', 'hue'];

/** A uniformly random permutation of 0..n-1 (Fisher–Yates from the top, one int per swap). */
function permutation(g, n) {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = g.int(i + 1);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

const colorJitter = {
  options: [...JITTER, 'p'],
  check: (o, a) => ({
    brightness: jitterFactor(o.brightness, `${a}.brightness`),
    contrast: jitterFactor(o.contrast, `${a}.contrast`),
    saturation: jitterFactor(o.saturation, `${a}.saturation`),
    hue: jitterHue(o.hue, `${a}.hue`),
  }),
  // torchvision ColorJitter.get_params: randperm(4), then one uniform per enabled factor in the order b, c, s, h
  sample: (g, size, o) => {
    const perm = permutation(g, 4);
    const values = Object.fromEntries(JITTER.map((k) => [k, o[k] === null ? null : uniform32(g, o[k][0], o[k][1])]));
    return { order: perm.map((i) => JITTER[i]).filter((k) => values[k] !== null), ...values };
  },
  step: colorStepOf,
};

const simple = (fallbackP) => ({ options: ['p'], defaultP: fallbackP, check: () => ({}), sample: () => ({}), step: colorStepOf });

/** An odd positive kernel size, or [width, height] of odd sizes -> [width, height]. */
function blurSize(value, argument) {
  if (value === undefined) throw new TypeError(`${argument} is required: an odd positive integer or [width, height]`);
  const pair = typeof value === 'number' ? [value, value] : pairOf(value, argument);
  pair.forEach((k, i) => {
    const where = typeof value === 'number' ? argument : `${argument}[${i}]`;
    positiveInteger(k, undefined, where);
    if (k % 2 !== 1) throw new RangeError(`${where}: a blur size must be odd, got ${k}`);
  });
  return pair;
}

const gaussianBlur = {
  options: ['size', 'sigma', 'p'],
  check: (o, a) => ({
    size: blurSize(o.size, `${a}.size`),
    sigma: range(o.sigma, [0.1, 2], `${a}.sigma`, { min: Number.MIN_VALUE }),
  }),
  // torchvision GaussianBlur.get_params: one float32 sigma for both axes
  sample: (g, size, o) => ({ size: [...o.size], sigma: uniform32(g, o.sigma[0], o.sigma[1]) }),
  step: colorStepOf,
};

/** Erasing's value: a number, one number per colour channel (R, G, B), or 'random'. */
function erasingValue(value, argument) {
  if (value === undefined) return 0;
  if (value === 'random' || typeof value === 'number') return typeof value === 'number' ? bounded(value, 0, argument) : value;
  if (Array.isArray(value)) {
    if (value.length !== 3) throw new RangeError(`${argument}: expected one value per colour channel (3), got ${value.length}`);
    return value.map((v, i) => bounded(v, 0, `${argument}[${i}]`));
  }
  throw new TypeError(`${argument}: expected a number, one number per colour channel or 'random', got ${describe(value)}`);
}

/**
 * torchvision RandomErasing.get_params for an h×w image, from draws made in
 * advance (see erasing.sample): up to 10 tries of (area fraction, log
 * aspect); the first box with h < H and w < W wins, placed by two more
 * uniforms. null when all 10 fail (torchvision then leaves the image alone).
 */
export function erasingBox(draws, W, H) {
  const area = W * H;
  for (const [fraction, logAspect] of draws.tries) {
    const aspect = f32(Math.exp(logAspect));
    const h = roundHalfEven(Math.sqrt(area * fraction * aspect));
    const w = roundHalfEven(Math.sqrt((area * fraction) / aspect));
    if (!(h < H && w < W)) continue;
    return { y: Math.floor(draws.place[0] * (H - h + 1)), x: Math.floor(draws.place[1] * (W - w + 1)), width: w, height: h };
  }
  return null;
}

const erasing = {
  options: ['scale', 'ratio', 'value', 'p'],
  defaultP: 0.5,
  check: (o, a) => ({
    scale: range(o.scale, [0.02, 0.33], `${a}.scale`, { min: 0, max: 1 }),
    ratio: range(o.ratio, [0.3, 3.3], `${a}.ratio`, { min: Number.MIN_VALUE }),
    value: erasingValue(o.value, `${a}.value`),
  }),
  // All draws are made here (10 tries, the place, a noise seed), so their
  // number does not depend on the size; the box is resolved (resolve below)
  // for the size of the image the step runs on, which is known only once the
  // geometric run the step stands in has been drawn.
  sample: (g, size, o) => {
    const logRatio = [f32(Math.log(o.ratio[0])), f32(Math.log(o.ratio[1]))];
    const tries = Array.from({ length: 10 }, () => [uniform32(g, o.scale[0], o.scale[1]), uniform32(g, logRatio[0], logRatio[1])]);
    const place = [g.float(), g.float()];
    return { draws: { tries, place, seed: o.value === 'random' ? g.u32() : undefined } };
  },
  resolve: (entry, size, o) => {
    const { draws, ...rest } = entry;
    const box = size.width > 0 && size.height > 0 ? erasingBox(draws, size.width, size.height) : null;
    if (box === null) return { ...rest, value: o.value };
    return { ...rest, ...box, value: o.value, ...(o.value === 'random' ? { seed: draws.seed } : {}) };
  },
  step: colorStepOf,
};

const posterize = {
  options: ['bits', 'p'],
  defaultP: 0.5,
  check: (o, a) => {
    if (o.bits === undefined) throw new TypeError(`${a}.bits is required: an integer 0..8`);
    const bits = count(o.bits, undefined, `${a}.bits`);
    if (bits > 8) throw new RangeError(`${a}.bits: expected an integer 0..8, got ${bits}`);
    return { bits };
  },
  sample: (g, size, o) => ({ bits: o.bits }),
  step: colorStepOf,
};

const solarize = {
  options: ['threshold', 'p'],
  defaultP: 0.5,
  check: (o, a) => {
    if (o.threshold === undefined) throw new TypeError(`${a}.threshold is required: a number in [0, 255]`);
    return { threshold: bounded(o.threshold, undefined, `${a}.threshold`, 0, 255) };
  },
  sample: (g, size, o) => ({ threshold: o.threshold }),
  step: colorStepOf,
};

const sharpness = {
  options: ['factor', 'p'],
  defaultP: 0.5,
  check: (o, a) => {
    if (o.factor === undefined) throw new TypeError(`${a}.factor is required: a number >= 0`);
    return { factor: bounded(o.factor, undefined, `${a}.factor`, 0) };
  },
  sample: (g, size, o) => ({ factor: o.factor }),
  step: colorStepOf,
};

// albumentations RandomGamma: gamma uniform in gamma_limit / 100 = [0.8, 1.2]
const gamma = {
  options: ['gamma', 'gain', 'p'],
  defaultP: 0.5,
  check: (o, a) => ({
    gamma: range(o.gamma, [0.8, 1.2], `${a}.gamma`, { min: 0 }),
    gain: bounded(o.gain, 1, `${a}.gain`, 0),
  }),
  sample: (g, size, o) => ({ gamma: o.gamma[0] === o.gamma[1] ? o.gamma[0] : g.uniform(o.gamma[0], o.gamma[1]), gain: o.gain }),
  step: colorStepOf,
};

// Gaussian noise per value: std uniform in its range (a number: that std),
// the values from a generator seeded by the drawn `seed` (as elastic's field).
const noise = {
  options: ['mean', 'std', 'p'],
  defaultP: 0.5,
  check: (o, a) => ({
    mean: bounded(o.mean, 0, `${a}.mean`),
    std: range(o.std, [Math.sqrt(10), Math.sqrt(50)], `${a}.std`, { min: 0 }),
  }),
  sample: (g, size, o) => ({
    mean: o.mean, std: o.std[0] === o.std[1] ? o.std[0] : g.uniform(o.std[0], o.std[1]), seed: g.u32(),
  }),
  step: colorStepOf,
};

export const COLOR_TRANSFORMS = Object.freeze({
  colorJitter: { ...colorJitter, defaultP: 1 },
  grayscale: simple(0.1),
  gaussianBlur: { ...gaussianBlur, defaultP: 1 },
  erasing,
  posterize,
  solarize,
  sharpness,
  autocontrast: simple(0.5),
  equalize: simple(0.5),
  invert: simple(0.5),
  gamma,
  noise,
});
