// compose(): a list of random transforms as one function of (targets, k).
// Sampling draws every transform's values first (generator.js, from
// (seed, k) alone); planning turns them into steps (transforms.js); running
// applies the steps: consecutive geometric steps are multiplied into one
// forward matrix, so the image is interpolated once per run of geometric
// transforms (resample.js), and a non-geometric transform (blur, downscale)
// acts on the image between two such runs, in list order. Colour steps
// (color-transforms.js) never end a run: they act on the pixels after the
// resample of the run they stand in, in list order. A policy (policies.js)
// ends the run and runs its ops at its place, its geometric ops as nearest
// resamples of their own (color-run.js).
import { checkImage, imageFrom, border as borderCode, interpolation as interpolationCode, fill as fillBytes } from '../image/common.js';
import { blur, resize, toTensor } from '../image.js';
import { TO_OPTIONS } from '../image/convert.js';
import { matrix as M } from '../image/matrix.js';
import { checkSeed, checkIndex, seedBase, sampleGenerator } from './generator.js';
import { TRANSFORMS, checkTransform, sampleTransform, transformStep, flatSteps, resolveEntries } from './transforms.js';
import { applyColor, applyPolicy, policyOnMask } from './color-run.js';
import { policyForward } from './policy-geometry.js';
import { GEOMETRIC_OPS } from './policy-tables.js';
import { checkOptions, probability, bounded, boolean, oneOf, describe, freeze } from './options.js';
import { warpSegment, resample } from './resample.js';
import { runInHeap } from './heap-run.js';
import { makeBatch } from './batch.js';
import { segmentForward, segmentBackward } from './elastic.js';
import { multiply3 } from './mat3.js';
import { BOX_FORMATS, checkMask, checkBoxes, checkKeypoints, moveBoxes, moveKeypoints, corners, byMatrix } from './targets.js';

const OPTIONS = ['seed', 'interpolation', 'border', 'fill', 'antialias', 'maskFill', 'boxFormat', 'normalized', 'minVisibility'];
const TARGETS = ['image', 'mask', 'boxes', 'keypoints'];
const CALL_OPTIONS = ['tensor'];
const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

function checkSettings(options) {
  const o = checkOptions(options, 'compose', OPTIONS);
  const settings = {
    seed: o.seed === undefined ? 0 : o.seed,
    interpolation: oneOf(o.interpolation, 'linear', ['nearest', 'linear', 'cubic'], 'compose: options.interpolation'),
    border: o.border === undefined ? 'constant' : o.border,
    fill: o.fill === undefined ? 0 : o.fill,
    antialias: boolean(o.antialias, true, 'compose: options.antialias'),
    maskFill: o.maskFill === undefined ? 0 : o.maskFill,
    boxFormat: oneOf(o.boxFormat, 'xyxy', BOX_FORMATS, 'compose: options.boxFormat'),
    normalized: boolean(o.normalized, false, 'compose: options.normalized'),
    minVisibility: probability(o.minVisibility, 0, 'compose: options.minVisibility'),
  };
  checkSeed(settings.seed, 'compose: options.seed');
  borderCode(settings.border, 'constant', 'compose');
  if (typeof settings.fill === 'number') fillBytes(settings.fill, 1, 'compose');
  else fillBytes(settings.fill, settings.fill?.length, 'compose');
  bounded(settings.maskFill, 0, 'compose: options.maskFill', 0, 255);
  if (!Number.isInteger(settings.maskFill)) throw new RangeError(`compose: options.maskFill: expected an integer 0..255, got ${settings.maskFill}`);
  return settings;
}

function checkList(transforms) {
  if (!Array.isArray(transforms)) throw new TypeError(`compose: transforms: expected an array of random.* transforms, got ${describe(transforms)}`);
  return transforms.map((t, i) => {
    if (t === null || typeof t !== 'object' || typeof t.transform !== 'string' || !Object.hasOwn(TRANSFORMS, t.transform)) {
      throw new TypeError(`compose: transforms[${i}]: expected a transform made by random.* (e.g. random.flip()), got ${describe(t)}`);
    }
    return { transform: t.transform, options: checkTransform(t.transform, t.options) };
  });
}

/** The size the targets share (image, else mask), each checked. */
function checkTargets(targets, settings) {
  const t = checkOptions(targets, 'augment: targets', TARGETS);
  if (t.image === undefined && t.mask === undefined) throw new TypeError('augment: targets: expected an image or a mask (they give the size)');
  const image = t.image === undefined ? null : checkImage(t.image, 'augment: targets.image');
  const mask = t.mask === undefined ? null : checkMask(t.mask, 'augment: targets.mask');
  if (image && mask && (image.width !== mask.width || image.height !== mask.height)) {
    throw new RangeError(`augment: targets.mask is ${mask.width}x${mask.height}, the image ${image.width}x${image.height}: they must match`);
  }
  const { width, height } = image ?? mask;
  if (image) fillBytes(settings.fill, image.channels, 'augment');
  return {
    width, height,
    image: image && image.source, mask,
    boxes: t.boxes === undefined ? null : checkBoxes(t.boxes, settings, width, height, 'augment: targets.boxes'),
    keypoints: t.keypoints === undefined ? null : checkKeypoints(t.keypoints, 'augment: targets.keypoints'),
  };
}

const newSegment = () => ({ before: IDENTITY, elastic: null, after: IDENTITY, colors: [] });

/** The forward matrix of a policy step's geometric ops (the identity for its colour ops). */
const policyMatrix = (step) => step.ops.reduce((m, { op, magnitude }) => (GEOMETRIC_OPS.includes(op)
  ? multiply3(policyForward(op, magnitude, step.width, step.height), m) : m), IDENTITY);

/**
 * The flat steps of sampled entries, in order, each with the size before it:
 * [{ step, size }], and the size at the end.
 */
function walkSteps(entries, list, width, height) {
  let size = { width, height };
  const out = [];
  entries.forEach((entry, i) => {
    for (const step of flatSteps(transformStep(entry, list[i].options, size))) {
      out.push({ step, size });
      if (step.kind === 'matrix') size = { width: step.width, height: step.height };
    }
  });
  return { steps: out, size };
}

/**
 * The sampled entries as segments for an input of width×height. A segment
 * is one resample: { before, elastic, after, width, height, colors, next }
 * with `before` the forward matrix of the geometric steps up to an elastic
 * step (all of them when elastic is null), `after` those after it, `colors`
 * the entries of the colour steps that run on its result (in list order), and
 * `next` the non-geometric step (blur, downscale, policy) that follows the
 * segment, or null.
 * total: the forward matrix of the whole pipeline, null when an elastic step
 * fired (the geometry is then not a matrix).
 */
function plan(entries, list, width, height) {
  const segments = [];
  let size = { width, height }, segment = newSegment(), total = IDENTITY, elastic = false;
  const close = (next) => {
    segments.push({ ...segment, width: size.width, height: size.height, next });
    segment = newSegment();
  };
  for (const { step } of walkSteps(entries, list, width, height).steps) {
    if (step.kind === 'matrix') {
      if (segment.elastic) segment.after = multiply3(step.matrix, segment.after);
      else segment.before = multiply3(step.matrix, segment.before);
      total = multiply3(step.matrix, total);
      size = { width: step.width, height: step.height };
    } else if (step.kind === 'elastic') {
      if (segment.elastic) close(null);
      segment.elastic = step;
      elastic = true;
    } else if (step.kind === 'color') {
      segment.colors.push(step.entry);
    } else {
      if (step.kind === 'policy') total = multiply3(policyMatrix(step), total);
      close(step);
    }
  }
  close(null);
  return { segments, total: elastic ? null : total, width: size.width, height: size.height };
}

/** The map of points (pixel-centre space) from the input to the output, or back with `backward`. */
function pointMap(p, backward) {
  if (p.total !== null) return byMatrix(backward ? M.invert(p.total) : p.total);
  const byMatrix3 = (m) => (x, y) => M.apply(m, [[x, y]])[0];
  const maps = p.segments.flatMap((s) => {
    const own = s.elastic ? (backward ? segmentBackward(s) : segmentForward(s)) : byMatrix3(backward ? M.invert(s.before) : s.before);
    if (s.next?.kind !== 'policy') return [own];
    const m = policyMatrix(s.next);
    const policy = byMatrix3(backward ? M.invert(m) : m);
    return backward ? [policy, own] : [own, policy];
  });
  if (backward) maps.reverse();
  return (points) => points.map(([x, y]) => maps.reduce(([u, v], f) => f(u, v), [x, y]));
}

/** A box outline dense enough for a field: points at most 1 px apart along the edges. */
function denseOutline(edges) {
  const corner = corners(edges), points = [];
  corner.forEach(([x, y], i) => {
    const [u, v] = corner[(i + 1) % 4];
    const n = Math.max(1, Math.ceil(Math.hypot(u - x, v - y)));
    for (let t = 0; t < n; t++) points.push([x + ((u - x) * t) / n, y + ((v - y) * t) / n]);
  });
  return points;
}

function nonGeometric(image, step) {
  if (step.kind === 'policy') return applyPolicy(image, step);
  if (step.kind === 'blur') return blur(image, { size: step.size, border: 'reflect' });
  // downscale: down, then back up, nearest both ways (albumentations Downscale's default)
  const small = resize(image, { width: step.width, height: step.height, interpolation: 'nearest' });
  return resize(small, { width: image.width, height: image.height, interpolation: 'nearest' });
}

function copyImage(img) {
  const c = checkImage(img, 'augment');
  return imageFrom(new Uint8ClampedArray(c.data), c.width, c.height, c.channels);
}

/**
 * The result image as every path gives it (an ImageData in browsers for 4
 * channels, image/common.js imageFrom): the JS-written steps (noise, random
 * erasing) and the policies build plain { width, height, channels, data }.
 */
function asResult(img) {
  const ImageDataType = globalThis.ImageData;
  if (typeof ImageDataType !== 'function' || img instanceof ImageDataType) return img;
  const c = checkImage(img, 'augment');
  const data = c.data instanceof Uint8ClampedArray ? c.data : new Uint8ClampedArray(c.bytes.buffer, c.bytes.byteOffset, c.bytes.length);
  return imageFrom(data, c.width, c.height, c.channels);
}

function runImage(image, p, settings, tensor, op) {
  const sampling = { interpolation: settings.interpolation, border: settings.border, fill: settings.fill, antialias: settings.antialias };
  const inHeap = runInHeap(image, p.segments, sampling, tensor, op); // colour and policy steps with the pixels in the heap
  if (inHeap !== null) return inHeap;
  const colored = (img, segment) => segment.colors.reduce(applyColor, img);
  let current = image;
  for (const segment of p.segments.slice(0, -1)) {
    current = colored(warpSegment(current, segment, sampling), segment);
    if (segment.next) current = nonGeometric(current, segment.next);
  }
  const last = p.segments.at(-1);
  if (last.colors.length > 0) {
    // warp to an image, colour it, then (if asked) the tensor: never the fused warp -> tensor
    let out = colored(warpSegment(current, last, sampling), last);
    if (out === image || out.data === image.data) out = copyImage(out); // a fresh result, never the input
    return tensor === undefined ? { image: asResult(out) } : { tensor: toTensor(out, tensor) };
  }
  // `current` is already the result when an earlier step made fresh pixels (a policy that ran only Identity did not)
  const fresh = current !== image && current.data !== image.data;
  const still = fresh && !last.elastic && last.width === current.width && last.height === current.height &&
    last.before.every((v, i) => v === IDENTITY[i]);
  const result = resample(current, { ...sampling, ...last, matrix: still ? null : last.before }, tensor === undefined ? {} : { tensor }, op);
  return result.image === undefined ? result : { image: asResult(result.image) };
}

function runMask(mask, p, settings) {
  const sampling = { interpolation: 'nearest', border: 'constant', fill: settings.maskFill, antialias: false };
  const policy = p.segments.some((s) => s.next?.kind === 'policy');
  const segments = p.total === null || policy ? p.segments : [{ ...newSegment(), before: p.total, width: p.width, height: p.height }];
  const out = segments.reduce((m, segment) => {
    const warped = warpSegment(m, segment, sampling);
    return segment.next?.kind === 'policy' ? policyOnMask(warped, segment.next, settings.maskFill) : warped;
  }, mask);
  return out === mask || out.data === mask.data ? { ...mask, data: mask.data.slice() } : out;
}

/** One call of the pipeline; `op` is the user's call ('augment' or 'augment.replay'), which errors name. */
function run(t, entries, list, settings, callOptions, params, op) {
  const o = checkOptions(callOptions, `${op}: options`, CALL_OPTIONS);
  if (o.tensor !== undefined) checkOptions(o.tensor, `${op}: options.tensor`, TO_OPTIONS);
  const p = plan(entries, list, t.width, t.height);
  const result = { params, matrix: p.total };
  if (t.image) Object.assign(result, runImage(t.image, p, settings, o.tensor, op));
  if (t.mask) result.mask = runMask(t.mask, p, settings);
  const mapPoints = pointMap(p, false);
  const outline = p.total === null ? denseOutline : corners;
  if (t.boxes) Object.assign(result, moveBoxes(t.boxes, mapPoints, outline, p.width, p.height, settings));
  if (t.keypoints) Object.assign(result, moveKeypoints(t.keypoints, mapPoints, p.width, p.height));
  return result;
}

function checkParams(params, list, argument) {
  if (params === null || typeof params !== 'object' || !Array.isArray(params.transforms)) {
    throw new TypeError(`${argument}: expected the params of a result of this pipeline (r.params), got ${describe(params)}`);
  }
  if (params.transforms.length !== list.length) {
    throw new RangeError(`${argument}.transforms: ${params.transforms.length} entries for a pipeline of ${list.length} transforms`);
  }
  params.transforms.forEach((entry, i) => {
    if (entry === null || typeof entry !== 'object' || entry.transform !== list[i].transform || typeof entry.fired !== 'boolean') {
      throw new TypeError(`${argument}.transforms[${i}]: expected { transform: '${list[i].transform}', fired, ... } from this pipeline`);
    }
  });
  return params;
}

/**
 * A pipeline: augment(targets, k, { tensor }) -> { image | tensor, mask,
 * boxes, boxIndices, keypoints, visible, params, matrix }. See
 * js/augment.d.ts and the README's "Augmentation" section.
 */
export function compose(transforms, options) {
  const list = checkList(transforms);
  const settings = checkSettings(options);
  const base = seedBase(settings.seed);
  // a deep copy: freezing must not reach into the caller's objects (a fill array, say)
  const spec = freeze({ transforms: list.map((t) => ({ ...t })), options: structuredClone(options ?? {}) });

  function augment(targets, k, callOptions) {
    const index = checkIndex(k, 'augment: k');
    const t = checkTargets(targets, settings);
    const g = sampleGenerator(base, index);
    let size = { width: t.width, height: t.height };
    const entries = [], pending = [];
    for (const { transform, options: o } of list) {
      const entry = sampleTransform(g, transform, o, size);
      for (const step of flatSteps(transformStep(entry, o, size))) {
        if (step.kind === 'matrix') size = { width: step.width, height: step.height };
        else if (step.kind === 'color') pending.push([step.entry, step.options]);
        else if (step.kind !== 'elastic') resolveEntries(pending, size); // a run ends: its colour steps see this size
      }
      entries.push(entry);
    }
    resolveEntries(pending, size);
    const params = { index, width: t.width, height: t.height, transforms: entries };
    return run(t, entries, list, settings, callOptions, params, 'augment');
  }

  augment.replay = function replay(params, targets, callOptions) {
    checkParams(params, list, 'augment.replay: params');
    const t = checkTargets(targets, settings);
    if (t.width !== params.width || t.height !== params.height) {
      throw new RangeError(`augment.replay: targets are ${t.width}x${t.height}; the params were drawn for ${params.width}x${params.height}`);
    }
    return run(t, params.transforms, list, settings, callOptions, params, 'augment.replay');
  };

  augment.inverse = function inverse(params, points) {
    checkParams(params, list, 'augment.inverse: params');
    const p = plan(params.transforms, list, params.width, params.height);
    return pointMap(p, true)(checkKeypoints(points, 'augment.inverse: points').map(([x, y]) => [x, y]));
  };

  augment.spec = spec;
  augment.batch = makeBatch(augment);
  return augment;
}
