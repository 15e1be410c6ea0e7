// The transforms of tensorwarp/augment. Each has three parts:
//   check(options)            -> the validated, normalised options (at creation)
//   sample(g, size, options)  -> the drawn values, plain JSON (at the call)
//   step(values, size, opts)  -> what it does to an image of `size`:
//     { kind: 'matrix', matrix, width, height }   (forward 3×3, pixel centres)
//     { kind: 'blur', size } | { kind: 'downscale', width, height }
//     | { kind: 'elastic', ... }                   (see elastic.js)
// A transform that does not fire is the identity. Sampling follows
// torchvision (RandomResizedCrop, RandomCrop, RandomAffine,
// RandomPerspective) and albumentations (Blur, Downscale, PadIfNeeded,
// RandomRotate90), with this package's generator (generator.js) in place of
// torch's: the same distributions, not the same numbers.
import { roundHalfEven } from '../dtypes.js'; // Python's round(), as torchvision's int(round(x))
import { matrix } from '../image/matrix.js';
import { expandedSize } from '../image/warp.js';
import {
  checkOptions, probability, bounded, positiveInteger, count, boolean, oneOf, range, pairOf, describe,
} from './options.js';
import { ELASTIC } from './elastic.js';
import { COLOR_TRANSFORMS } from './color-transforms.js';
import { POLICIES } from './policies.js';
import { makeGrammar } from './grammar.js';

const IDENTITY = Object.freeze([1, 0, 0, 0, 1, 0, 0, 0, 1]);
const square = (m) => (m.length === 9 ? m : [...m, 0, 0, 1]);


/** torch.randint(lo, hi): an integer in [lo, hi). */
const randint = (g, lo, hi) => lo + g.int(hi - lo);

/** Whether an event of probability q happens: no draw when q is 0 or 1, else one float < q. */
export const chance = (g, q) => (q >= 1 ? true : q <= 0 ? false : g.float() < q);

const matrixStep = (m, width, height) => ({ kind: 'matrix', matrix: square(m), width, height });
const identity = ({ width, height }) => matrixStep(IDENTITY, width, height);

/** The forward map of cropping the w×h rectangle at (x, y) and resizing it to width×height (centres to centres). */
function cropResize(x, y, w, h, width, height) {
  const sx = width / w, sy = height / h;
  return [sx, 0, (0.5 - x) * sx - 0.5, 0, sy, (0.5 - y) * sy - 0.5, 0, 0, 1];
}

/** torchvision RandomResizedCrop.get_params, drawing from g. */
function resizedCropBox(g, W, H, scale, ratio) {
  const area = W * H;
  const logRatio = [Math.log(ratio[0]), Math.log(ratio[1])];
  for (let attempt = 0; attempt < 10; attempt++) {
    const targetArea = area * g.uniform(scale[0], scale[1]);
    const aspect = Math.exp(g.uniform(logRatio[0], logRatio[1]));
    const w = roundHalfEven(Math.sqrt(targetArea * aspect));
    const h = roundHalfEven(Math.sqrt(targetArea / aspect));
    if (w > 0 && w <= W && h > 0 && h <= H) {
      const y = randint(g, 0, H - h + 1);
      const x = randint(g, 0, W - w + 1);
      return { x, y, width: w, height: h };
    }
  }
  // Fallback: the centre crop of the whole image clamped to the ratio range
  const inRatio = W / H;
  let w = W, h = H;
  if (inRatio < ratio[0]) h = roundHalfEven(w / ratio[0]);
  else if (inRatio > ratio[1]) w = roundHalfEven(h * ratio[1]);
  return { x: Math.floor((W - w) / 2), y: Math.floor((H - h) / 2), width: w, height: h };
}

function needsPixels(size, name) {
  if (size.width === 0 || size.height === 0) {
    throw new RangeError(`random.${name}: the image is empty (${size.width}x${size.height}) at this point of the pipeline`);
  }
}

const resizedCrop = {
  options: ['width', 'height', 'scale', 'ratio', 'p'],
  check: (o, a) => ({
    width: positiveInteger(o.width, undefined, `${a}.width`),
    height: positiveInteger(o.height, undefined, `${a}.height`),
    scale: range(o.scale, [0.08, 1], `${a}.scale`, { min: Number.MIN_VALUE }),
    ratio: range(o.ratio, [3 / 4, 4 / 3], `${a}.ratio`, { min: Number.MIN_VALUE }),
  }),
  sample: (g, size, o) => {
    needsPixels(size, 'resizedCrop');
    return { crop: resizedCropBox(g, size.width, size.height, o.scale, o.ratio) };
  },
  step: ({ crop: c }, size, o) => matrixStep(cropResize(c.x, c.y, c.width, c.height, o.width, o.height), o.width, o.height),
};

/** The offset of a crop of `c` pixels along an axis of `n` (torchvision RandomCrop / CenterCrop; PadIfNeeded centring). */
function cropOffset(g, n, c, position) {
  if (c > n) return -Math.floor((c - n) / 2);
  return position === 'center' ? roundHalfEven((n - c) / 2) : randint(g, 0, n - c + 1);
}

const crop = {
  options: ['width', 'height', 'position', 'padIfNeeded', 'p'],
  check: (o, a) => ({
    width: positiveInteger(o.width, undefined, `${a}.width`),
    height: positiveInteger(o.height, undefined, `${a}.height`),
    position: oneOf(o.position, 'random', ['random', 'center'], `${a}.position`),
    padIfNeeded: boolean(o.padIfNeeded, false, `${a}.padIfNeeded`),
  }),
  sample: (g, size, o) => {
    for (const [axis, side] of [['width', 'wide'], ['height', 'high']]) {
      if (o[axis] > size[axis] && !o.padIfNeeded) {
        throw new RangeError(`random.crop: options.${axis} (${o[axis]}) is larger than the image (${size[axis]} px ${side} ` +
          'at this point of the pipeline) and options.padIfNeeded is false');
      }
    }
    const y = cropOffset(g, size.height, o.height, o.position);
    const x = cropOffset(g, size.width, o.width, o.position);
    return { x, y };
  },
  step: ({ x, y }, size, o) => matrixStep([1, 0, -x, 0, 1, -y, 0, 0, 1], o.width, o.height),
};

const flip = {
  options: ['horizontal', 'vertical', 'p'],
  check: (o, a) => ({
    horizontal: probability(o.horizontal, 0.5, `${a}.horizontal`),
    vertical: probability(o.vertical, 0, `${a}.vertical`),
  }),
  sample: (g, size, o) => ({ horizontal: chance(g, o.horizontal), vertical: chance(g, o.vertical) }),
  step: ({ horizontal, vertical }, { width, height }) => matrixStep([
    horizontal ? -1 : 1, 0, horizontal ? width - 1 : 0,
    0, vertical ? -1 : 1, vertical ? height - 1 : 0, 0, 0, 1], width, height),
};

/** Counter-clockwise quarter turns of a width×height image (rotate90's pixel moves). */
function quarterTurns(turns, width, height) {
  switch (((turns % 4) + 4) % 4) {
    case 1: return matrixStep([0, 1, 0, -1, 0, width - 1, 0, 0, 1], height, width);
    case 2: return matrixStep([-1, 0, width - 1, 0, -1, height - 1, 0, 0, 1], width, height);
    case 3: return matrixStep([0, -1, height - 1, 1, 0, 0, 0, 0, 1], height, width);
    default: return matrixStep(IDENTITY, width, height);
  }
}

const rotate90 = {
  options: ['turns', 'p'],
  check: (o, a) => {
    if (o.turns === undefined) return { turns: [0, 1, 2, 3] };
    const list = o.turns;
    if (!Array.isArray(list) || list.length === 0) throw new TypeError(`${a}.turns: expected a non-empty array of integers, got ${describe(list)}`);
    return { turns: list.map((t, i) => { if (!Number.isSafeInteger(t)) throw new TypeError(`${a}.turns[${i}]: expected an integer, got ${describe(t)}`); return t; }) };
  },
  sample: (g, size, o) => ({ turns: o.turns.length === 1 ? o.turns[0] : o.turns[g.int(o.turns.length)] }),
  step: ({ turns }, { width, height }) => quarterTurns(turns, width, height),
};

const center = ({ width, height }) => [(width - 1) / 2, (height - 1) / 2];

const rotate = {
  options: ['degrees', 'expand', 'p'],
  check: (o, a) => {
    if (o.degrees === undefined) throw new TypeError(`${a}.degrees is required: a number d (for [-d, d]) or [lo, hi]`);
    return { degrees: range(o.degrees, undefined, `${a}.degrees`, { signed: true }), expand: boolean(o.expand, false, `${a}.expand`) };
  },
  sample: (g, size, o) => ({ degrees: g.uniform(o.degrees[0], o.degrees[1]) }),
  step: ({ degrees }, size, o) => {
    const [cx, cy] = center(size);
    let forward = matrix.rotation(degrees, [cx, cy]);
    let { width, height } = size;
    if (o.expand) {
      [width, height] = expandedSize(size.width, size.height, degrees, 1, cx, cy, true);
      forward = matrix.multiply([1, 0, (width - size.width) / 2, 0, 1, (height - size.height) / 2], forward);
    }
    return matrixStep(forward, width, height);
  },
};

/**
 * RandomAffine's shear: d -> x in [-d, d]; [a, b] -> x in [a, b];
 * [a, b, c, d] -> x in [a, b], y in [c, d]. Normalised to [a, b, c, d]
 * (null: none), so that checking a normalised option again gives it back.
 */
function shearRanges(value, argument) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || (value && value.length === 2)) return [...range(value, undefined, argument, { signed: true }), 0, 0];
  const four = pairOf(value, argument, 4);
  return [...range(four.slice(0, 2), undefined, argument), ...range(four.slice(2), undefined, argument)];
}

const absent = (v) => v === undefined || v === null;

const affine = {
  options: ['degrees', 'translate', 'scale', 'shear', 'p'],
  check: (o, a) => ({
    degrees: range(o.degrees, [0, 0], `${a}.degrees`, { signed: true }),
    translate: absent(o.translate) ? null : pairOf(o.translate, `${a}.translate`).map((t, i) => {
      if (t < 0 || t > 1) throw new RangeError(`${a}.translate[${i}]: a fraction of the size must lie in [0, 1], got ${t}`);
      return t;
    }),
    scale: absent(o.scale) ? null : range(o.scale, undefined, `${a}.scale`, { min: Number.MIN_VALUE }),
    shear: shearRanges(o.shear, `${a}.shear`),
  }),
  // torchvision RandomAffine.get_params: angle, then translations (rounded), scale, shear x, shear y
  sample: (g, { width, height }, o) => {
    const degrees = g.uniform(o.degrees[0], o.degrees[1]);
    let translate = [0, 0];
    if (o.translate) {
      const dx = o.translate[0] * width, dy = o.translate[1] * height;
      translate = [roundHalfEven(g.uniform(-dx, dx)), roundHalfEven(g.uniform(-dy, dy))];
    }
    const scale = o.scale ? g.uniform(o.scale[0], o.scale[1]) : 1;
    const shear = o.shear ? [g.uniform(o.shear[0], o.shear[1]), g.uniform(o.shear[2], o.shear[3])] : [0, 0];
    return { degrees, translate, scale, shear };
  },
  step: ({ degrees, translate, scale, shear }, size) => matrixStep(
    matrix.affine({ rotate: degrees, translate, scale, shear, center: center(size) }), size.width, size.height),
};

const CORNERS = (W, H) => [[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]];

const perspective = {
  options: ['distortion', 'p'],
  check: (o, a) => ({ distortion: bounded(o.distortion, 0.5, `${a}.distortion`, 0, 1) }),
  // torchvision RandomPerspective.get_params: top-left, top-right, bottom-right, bottom-left, x before y
  sample: (g, { width: W, height: H }, o) => {
    const dx = Math.floor(o.distortion * Math.floor(W / 2)), dy = Math.floor(o.distortion * Math.floor(H / 2));
    const to = [
      [randint(g, 0, dx + 1), randint(g, 0, dy + 1)],
      [randint(g, W - dx - 1, W), randint(g, 0, dy + 1)],
      [randint(g, W - dx - 1, W), randint(g, H - dy - 1, H)],
      [randint(g, 0, dx + 1), randint(g, H - dy - 1, H)],
    ];
    return { from: CORNERS(W, H), to };
  },
  // A 1-pixel-wide or -high image has no quadrilateral to distort: the identity.
  step: ({ from, to }, size) => (size.width < 2 || size.height < 2 ? identity(size)
    : matrixStep(matrix.perspective(from, to), size.width, size.height)),
};

const blur = {
  options: ['size', 'p'],
  check: (o, a) => {
    const [lo, hi] = range(o.size, [3, 7], `${a}.size`, { min: 1 });
    const sizes = [];
    for (let n = Math.ceil(lo); n <= hi; n++) if (n % 2 === 1) sizes.push(n);
    if (sizes.length === 0) throw new RangeError(`${a}.size: [${lo}, ${hi}] holds no odd box size`);
    return { size: [lo, hi] };
  },
  // albumentations Blur: an odd size drawn uniformly from the range
  sample: (g, size, o) => {
    const first = Math.ceil(o.size[0]) | 1, count = Math.floor((Math.floor(o.size[1]) - first) / 2) + 1;
    return { size: first + 2 * (count === 1 ? 0 : g.int(count)) };
  },
  step: ({ size }) => ({ kind: 'blur', size }),
};

const downscale = {
  options: ['scale', 'p'],
  check: (o, a) => ({ scale: range(o.scale, [0.25, 0.25], `${a}.scale`, { min: Number.MIN_VALUE, max: 1 }) }),
  sample: (g, size, o) => ({ scale: o.scale[0] === o.scale[1] ? o.scale[0] : g.uniform(o.scale[0], o.scale[1]) }),
  step: ({ scale }, { width, height }) => ({
    kind: 'downscale', scale,
    width: Math.max(1, roundHalfEven(width * scale)), height: Math.max(1, roundHalfEven(height * scale)),
  }),
};

const SIDES = ['top', 'right', 'bottom', 'left'];

const pad = {
  options: [...SIDES, 'minWidth', 'minHeight', 'p'],
  check: (o, a) => {
    const fixed = SIDES.some((s) => o[s] !== undefined), minimum = o.minWidth !== undefined || o.minHeight !== undefined;
    if (fixed && minimum) throw new TypeError(`${a}: give top/right/bottom/left or minWidth/minHeight, not both`);
    if (minimum) return { minWidth: count(o.minWidth, 0, `${a}.minWidth`), minHeight: count(o.minHeight, 0, `${a}.minHeight`) };
    return Object.fromEntries(SIDES.map((s) => [s, count(o[s], 0, `${a}.${s}`)]));
  },
  // minWidth/minHeight: albumentations PadIfNeeded centring (the odd pixel goes right / bottom)
  sample: (g, { width, height }, o) => {
    if (o.minWidth === undefined) return { top: o.top, right: o.right, bottom: o.bottom, left: o.left };
    const w = Math.max(0, o.minWidth - width), h = Math.max(0, o.minHeight - height);
    return { top: Math.floor(h / 2), right: w - Math.floor(w / 2), bottom: h - Math.floor(h / 2), left: Math.floor(w / 2) };
  },
  step: ({ top, right, bottom, left }, { width, height }) => matrixStep([1, 0, left, 0, 1, top, 0, 0, 1],
    width + left + right, height + top + bottom),
};

/**
 * torchvision Resize / albumentations LongestMaxSize, deterministic:
 * { width, height }, or { shorter: s } (torchvision Resize(s): the shorter
 * side becomes s, the longer int(s · long / short), truncated), or
 * { longer: s } (LongestMaxSize(s): both sides round(side · s / longer), half to even).
 */
const resize = {
  options: ['width', 'height', 'shorter', 'longer', 'p'],
  check: (o, a) => {
    const given = ['width', 'height', 'shorter', 'longer'].filter((k) => o[k] !== undefined);
    const modes = [['width', 'height'], ['shorter'], ['longer']];
    if (!modes.some((m) => m.length === given.length && m.every((k) => given.includes(k)))) {
      throw new TypeError(`${a}: expected { width, height }, { shorter } or { longer }, got ${given.length ? given.join(', ') : 'none of them'}`);
    }
    return Object.fromEntries(given.map((k) => [k, positiveInteger(o[k], undefined, `${a}.${k}`)]));
  },
  sample: () => ({}),
  step: (entry, size, o) => {
    const { width: W, height: H } = size;
    let width = o.width, height = o.height;
    if (o.shorter !== undefined) {
      const s = o.shorter;
      if (W <= H) [width, height] = W === s ? [W, H] : [s, Math.trunc((s * H) / W)];
      else [width, height] = H === s ? [W, H] : [Math.trunc((s * W) / H), s];
    } else if (o.longer !== undefined) {
      const scale = o.longer / Math.max(W, H);
      [width, height] = scale === 1 ? [W, H] : [roundHalfEven(W * scale), roundHalfEven(H * scale)];
    }
    if (W === 0 || H === 0) needsPixels(size, 'resize');
    // { longer } on a long thin image: the short side can round to 0 (albumentations' cv2.resize fails there too)
    if (width === 0 || height === 0) {
      throw new RangeError(`random.resize: options.longer: ${o.longer} makes a ${W}x${H} image ${width}x${height} (a side rounds to 0)`);
    }
    return matrixStep(cropResize(0, 0, W, H, width, height), width, height);
  },
};

const GEOMETRIC = { resizedCrop, crop, flip, rotate90, rotate, affine, perspective, elastic: ELASTIC, blur, downscale, pad, resize };

/** The size after a step (matrix steps change it; a list of steps, each in turn). */
export function sizeAfter(step, size) {
  if (step.kind === 'matrix') return { width: step.width, height: step.height };
  if (step.kind === 'steps') return step.steps.reduce((s, child) => sizeAfter(child, s), size);
  return size;
}

/** The steps of a step, nested lists (oneOf, someOf) flattened, in order. */
export function flatSteps(step) {
  return step.kind === 'steps' ? step.steps.flatMap(flatSteps) : [step];
}

const grammar = makeGrammar({
  checkChild: (t, argument) => {
    if (typeof t === 'function') {
      // mixUp() / cutMix() are batch transforms: a random.oneOf of them alone, or randomChoice, chooses among them
      throw new TypeError(`${argument}: expected a transform made by random.*, got a function (batch transforms such as mixUp() and cutMix() go in a random.oneOf of their own, or randomChoice([...], { p }))`);
    }
    if (t === null || typeof t !== 'object' || typeof t.transform !== 'string' || !Object.hasOwn(TRANSFORMS, t.transform)) {
      throw new TypeError(`${argument}: expected a transform made by random.* (e.g. random.flip()), got ${describe(t)}`);
    }
    return { transform: t.transform, options: checkTransform(t.transform, t.options) };
  },
  sampleChild: (g, child, size) => sampleTransform(g, child.transform, child.options, size),
  stepOf: (entry, options, size) => transformStep(entry, options, size),
  sizeAfter,
});

export const TRANSFORMS = Object.freeze({ ...GEOMETRIC, ...COLOR_TRANSFORMS, ...POLICIES, ...grammar });

/** Validates `options` of transform `name` -> the normalised options (with p). */
export function checkTransform(name, options) {
  const definition = TRANSFORMS[name];
  const op = `random.${name}`;
  const o = checkOptions(options === undefined ? {} : options, op, definition.options);
  const fallbackP = definition.defaultP === undefined ? 1 : definition.defaultP;
  return { ...definition.check(o, `${op}: options`), p: probability(o.p, fallbackP, `${op}: options.p`) };
}

/** Draws transform `name`'s values for an image of `size`: { transform, fired, ...values }. */
export function sampleTransform(g, name, options, size) {
  const fired = chance(g, options.p);
  return fired ? { transform: name, fired, ...TRANSFORMS[name].sample(g, size, options) } : { transform: name, fired };
}

/** The step of a sampled transform (the identity when it did not fire). */
export function transformStep(entry, options, size) {
  return entry.fired ? TRANSFORMS[entry.transform].step(entry, size, options) : identity(size);
}

/**
 * Finishes the entries whose values depend on the size of the image their
 * colour step runs on (erasing's box): `resolve(entry, size, options)` of
 * each, in place, with that size (the size at the end of the geometric run
 * the step stands in). `pending` lists [entry, options] of colour steps.
 */
export function resolveEntries(pending, size) {
  for (const [entry, options] of pending) {
    const definition = TRANSFORMS[entry.transform];
    if (entry.fired && definition.resolve) {
      const done = definition.resolve(entry, size, options);
      for (const key of Object.keys(entry)) delete entry[key];
      Object.assign(entry, done);
    }
  }
  pending.length = 0;
}
