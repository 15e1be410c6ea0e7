// compose(): a list of random transforms as one function of (targets, k).
// Sampling draws every transform's values first (generator.js, from
// (seed, k) alone); planning turns them into steps (transforms.js); running
// applies the steps: consecutive geometric steps are multiplied into one
// forward matrix, so the image is interpolated once per run of geometric
// transforms (resample.js), and a non-geometric transform (blur, downscale)
// acts on the image between two such runs, in list order.
import { checkImage, border as borderCode, interpolation as interpolationCode, fill as fillBytes } from '../image/common.js';
import { blur, resize } from '../image.js';
import { matrix as M } from '../image/matrix.js';
import { checkSeed, checkIndex, seedBase, sampleGenerator } from './generator.js';
import { TRANSFORMS, checkTransform, sampleTransform, transformStep } from './transforms.js';
import { checkOptions, probability, bounded, boolean, oneOf, describe, freeze } from './options.js';
import { warpSegment, resample } from './resample.js';
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

/**
 * The steps of sampled entries for an input of width×height: segments
 * [{ matrix, width, height, after }] (after: the non-geometric step that
 * follows the segment, or null for the last) and the total forward matrix.
 */
function plan(entries, list, width, height) {
  const segments = [];
  let size = { width, height }, current = IDENTITY, total = IDENTITY;
  entries.forEach((entry, i) => {
    const step = transformStep(entry, list[i].options, size);
    if (step.kind === 'matrix') {
      current = M.multiply(step.matrix, current);
      total = M.multiply(step.matrix, total);
    } else {
      segments.push({ matrix: current, width: size.width, height: size.height, after: step });
      current = IDENTITY;
    }
    size = { width: step.width ?? size.width, height: step.height ?? size.height };
    if (step.kind === 'downscale') size = segments.at(-1);
  });
  segments.push({ matrix: current, width: size.width, height: size.height, after: null });
  return { segments, total, width: size.width, height: size.height };
}

function nonGeometric(image, step) {
  if (step.kind === 'blur') return blur(image, { size: step.size, border: 'reflect' });
  // downscale: down, then back up, nearest both ways (albumentations Downscale's default)
  const small = resize(image, { width: step.width, height: step.height, interpolation: 'nearest' });
  return resize(small, { width: image.width, height: image.height, interpolation: 'nearest' });
}

function runImage(image, p, settings, tensor) {
  const sampling = { interpolation: settings.interpolation, border: settings.border, fill: settings.fill, antialias: settings.antialias };
  let current = image;
  for (const segment of p.segments.slice(0, -1)) {
    current = nonGeometric(warpSegment(current, segment.matrix, segment.width, segment.height, sampling), segment.after);
  }
  const last = p.segments.at(-1);
  const fresh = current !== image;
  const skip = fresh && last.width === current.width && last.height === current.height && last.matrix.every((v, i) => v === IDENTITY[i]);
  return resample(current, { ...sampling, matrix: skip ? null : last.matrix, width: last.width, height: last.height },
    tensor === undefined ? {} : { tensor });
}

function run(t, entries, list, settings, callOptions, params) {
  const o = checkOptions(callOptions, 'augment: options', CALL_OPTIONS);
  const p = plan(entries, list, t.width, t.height);
  const result = { params, matrix: p.total };
  if (t.image) Object.assign(result, runImage(t.image, p, settings, o.tensor));
  if (t.mask) {
    result.mask = warpSegment(t.mask, p.total, p.width, p.height,
      { interpolation: 'nearest', border: 'constant', fill: settings.maskFill, antialias: false });
    if (result.mask === t.mask) result.mask = { ...t.mask, data: t.mask.data.slice() };
  }
  const mapPoints = byMatrix(p.total);
  if (t.boxes) Object.assign(result, moveBoxes(t.boxes, mapPoints, corners, p.width, p.height, settings));
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
  const spec = freeze({ transforms: list.map((t) => ({ ...t })), options: { ...(options ?? {}) } });

  function augment(targets, k, callOptions) {
    const index = checkIndex(k, 'augment: k');
    const t = checkTargets(targets, settings);
    const g = sampleGenerator(base, index);
    let size = { width: t.width, height: t.height };
    const entries = list.map(({ transform, options: o }) => {
      const entry = sampleTransform(g, transform, o, size);
      const step = transformStep(entry, o, size);
      if (step.kind === 'matrix') size = { width: step.width, height: step.height };
      return entry;
    });
    const params = { index, width: t.width, height: t.height, transforms: entries };
    return run(t, entries, list, settings, callOptions, params);
  }

  augment.replay = function replay(params, targets, callOptions) {
    checkParams(params, list, 'augment.replay: params');
    const t = checkTargets(targets, settings);
    if (t.width !== params.width || t.height !== params.height) {
      throw new RangeError(`augment.replay: targets are ${t.width}x${t.height}; the params were drawn for ${params.width}x${params.height}`);
    }
    return run(t, params.transforms, list, settings, callOptions, params);
  };

  augment.inverse = function inverse(params, points) {
    checkParams(params, list, 'augment.inverse: params');
    const p = plan(params.transforms, list, params.width, params.height);
    const backward = M.invert(p.total);
    return checkKeypoints(points, 'augment.inverse: points').map(([x, y]) => M.apply(backward, [[x, y]])[0]);
  };

  augment.spec = spec;
  return augment;
}
