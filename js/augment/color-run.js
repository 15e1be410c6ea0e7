// Runs colour steps and policies on pixels (compose.js decides where): each
// step is one functional op of tensorwarp/image with the values of its
// params entry, each op's result truncated to uint8 as torchvision's is.
// Policies run their ops in order; their geometric ops resample with nearest
// (policy-geometry.js).
import * as image from '../image.js';
import { checkImage } from '../image/common.js';
import { sampleGenerator, seedBase } from './generator.js';
import { GEOMETRIC_OPS } from './policy-tables.js';
import { sampleNearest } from './policy-geometry.js';
import { roundHalfEven } from '../dtypes.js';

/** tensorwarp/image's functional colour op `name` (js/image/color.js). */
const colorOp = (name) => image[name];

/** An { width, height, channels, data } view of an image (an ImageData has no channels: 4). */
function plain(img) {
  const c = checkImage(img, 'augment');
  return { width: c.width, height: c.height, channels: c.channels, data: c.data };
}

/**
 * Standard normal values from the generator of `seed` (seeded as sample 0 of
 * seed `seed`, as elastic's field): Box–Muller on two 53-bit uniforms, cos
 * then sin. Math.log / cos / sin are the engine's (fdlibm in V8 and
 * SpiderMonkey), so a value can differ in its last bit between engines.
 */
function normals(seed, count) {
  const g = sampleGenerator(seedBase(seed), 0);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - g.float())), angle = 2 * Math.PI * g.float();
    out[i] = radius * Math.cos(angle);
    if (i + 1 < count) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}

/** random.noise: v + mean + std·z per value, truncated to [0, 255]; alpha (the 2nd of 2, the 4th of 4 channels) kept. */
function addNoise(img, { mean, std, seed }) {
  const z = normals(seed, img.data.length);
  const data = new Uint8ClampedArray(img.data);
  const C = img.channels, alpha = C === 2 || C === 4 ? C - 1 : -1;
  img.data.forEach((v, i) => {
    if (i % C === alpha) return;
    const x = v + mean + std * z[i];
    data[i] = x <= 0 ? 0 : x >= 255 ? 255 : Math.trunc(x);
  });
  return { width: img.width, height: img.height, channels: img.channels, data };
}

/**
 * random.erasing with value 'random': torchvision's N(0, 1) patch of the
 * colour channels written into uint8 (truncated toward 0, its low byte:
 * mostly 0, 255, 1, 254), channel-planar draws; alpha kept, as erase keeps it.
 */
function eraseRandom(img, { x, y, width, height, seed }) {
  const C = img.channels, z = normals(seed, 3 * width * height);
  const data = new Uint8ClampedArray(img.data);
  for (let k = 0; k < 3; k++) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) data[((y + r) * img.width + x + c) * C + k] = Math.trunc(z[(k * height + r) * width + c]) & 0xff;
    }
  }
  return { width: img.width, height: img.height, channels: C, data };
}

const JITTER_OPS = { brightness: 'adjustBrightness', contrast: 'adjustContrast', saturation: 'adjustSaturation', hue: 'adjustHue' };

/** tensorwarp/image's colour ops take RGB or RGBA: a RangeError naming the transform otherwise. */
function needsColour(img, transform) {
  if (img.channels < 3) {
    throw new RangeError(`random.${transform}: the colour ops need an image of 3 or 4 channels (RGB, RGBA), got ${img.channels}`);
  }
}

/** random.gaussianBlur's kernel must fit the image at its place in the pipeline (torchvision's rule). */
function checkBlurFits(entry, { width, height }) {
  const [kx, ky] = entry.size;
  if (Math.floor(kx / 2) >= width || Math.floor(ky / 2) >= height) {
    throw new RangeError(`random.gaussianBlur: options.size: a ${kx}x${ky} kernel needs an image larger than half of it ` +
      `(torchvision's rule), got ${width}x${height} at this point of the pipeline`);
  }
}

/**
 * A colour step's functional ops of tensorwarp/image, in order: [[name, args], ...] ([] when it changes
 * nothing), or null for the steps written here in JS (noise, erasing with a box). `img`: the image's
 * { width, height, channels } (checked by checkColourStep first).
 */
export function colorCalls(entry, img) {
  switch (entry.transform) {
    case 'colorJitter': return entry.order.map((k) => [JITTER_OPS[k], [entry[k]]]);
    case 'grayscale': return [['grayscale', [{ channels: img.channels }]]];
    case 'gaussianBlur':
      checkBlurFits(entry, img);
      return [['gaussianBlur', [{ size: entry.size, sigma: entry.sigma }]]];
    case 'erasing': return entry.width === undefined ? [] : null; // all 10 tries failed: torchvision leaves the image alone
    case 'posterize': return [['posterize', [entry.bits]]];
    case 'solarize': return [['solarize', [entry.threshold]]];
    case 'sharpness': return [['adjustSharpness', [entry.factor]]];
    case 'autocontrast': return [['autocontrast', []]];
    case 'equalize': return [['equalize', []]];
    case 'invert': return [['invert', []]];
    case 'gamma': return [['adjustGamma', [entry.gamma, { gain: entry.gain }]]];
    default: return null;
  }
}

/** What every colour step checks first: the colour ops need 3 or 4 channels (noise takes any). */
export function checkColourStep(img, entry) {
  if (entry.transform !== 'noise') needsColour(img, entry.transform);
}

/** One colour step (its params entry) on `img`. */
export function applyColor(source, entry) {
  const img = plain(source);
  checkColourStep(img, entry);
  const calls = colorCalls(entry, img);
  if (calls !== null) return calls.reduce((im, [name, args]) => colorOp(name)(im, ...args), img);
  switch (entry.transform) {
    case 'erasing':
      if (entry.value === 'random') return eraseRandom(img, entry);
      return colorOp('erase')(img, { x: entry.x, y: entry.y, width: entry.width, height: entry.height, value: entry.value });
    case 'noise': return addNoise(img, entry);
    default: throw new Error(`applyColor: ${entry.transform} is not a colour transform`);
  }
}

/** A policy's fill as one byte per channel: 0, a number (every channel) or one per channel, rounded half to even. */
export function policyFillBytes(fill, channels, transform) {
  if (fill === null) return new Uint8Array(channels);
  const list = typeof fill === 'number' ? [fill] : fill;
  if (list.length !== 1 && list.length !== channels) {
    throw new RangeError(`random.${transform}: options.fill has ${list.length} values for an image of ${channels} channels`);
  }
  return Uint8Array.from({ length: channels }, (_, k) => roundHalfEven(list.length === 1 ? list[0] : list[k]));
}

/** One photometric op of a policy (torchvision's _apply_op) with its signed magnitude: [name, args] of the functional op. */
export function policyCall(op, m) {
  switch (op) {
    case 'Brightness': return ['adjustBrightness', [1 + m]];
    case 'Color': return ['adjustSaturation', [1 + m]];
    case 'Contrast': return ['adjustContrast', [1 + m]];
    case 'Sharpness': return ['adjustSharpness', [1 + m]];
    case 'Posterize': return ['posterize', [Math.trunc(m)]];
    case 'Solarize': return ['solarize', [m]];
    case 'AutoContrast': return ['autocontrast', []];
    case 'Equalize': return ['equalize', []];
    case 'Invert': return ['invert', []];
    default: throw new Error(`policy op ${op} is unknown`);
  }
}

function policyColor(img, op, m) {
  const [name, args] = policyCall(op, m);
  return colorOp(name)(img, ...args);
}

/**
 * A policy step ({ ops, fill, transform }) on an image: its ops in order,
 * the geometric ones by nearest with the fill on every channel (alpha too).
 */
export function applyPolicy(source, step) {
  let img = plain(source);
  for (const { op, magnitude } of step.ops) {
    if (GEOMETRIC_OPS.includes(op)) {
      const fill = policyFillBytes(step.fill, img.channels, step.transform);
      img = sampleNearest(img, op, magnitude, fill);
    } else if (op !== 'Identity') {
      needsColour(img, step.transform);
      img = plain(policyColor(img, op, magnitude));
    }
  }
  return img;
}

/** A policy step's geometric ops on a mask (nearest, `maskFill` outside). */
export function policyOnMask(mask, step, maskFill) {
  let m = { width: mask.width, height: mask.height, channels: 1, data: mask.data };
  for (const { op, magnitude } of step.ops) {
    if (GEOMETRIC_OPS.includes(op)) m = sampleNearest(m, op, magnitude, [maskFill]);
  }
  return m;
}
