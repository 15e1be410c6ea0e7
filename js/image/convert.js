// toTensor and fromTensor: images to model tensors and back (src/image/convert.h
// states the arithmetic; the doc comments below repeat it for users).
import { image_layout as LAYOUT_CODES, image_tensor_types as C_TENSOR_TYPES, image_tensor_param as PARAM } from '../../wasm/enums.js';
import { TYPES } from '../dtypes.js';
import { check, withFrame } from '../module.js';
import { checkTensor, inputPointer, outputTarget } from '../tensor.js';
import { describe, choice } from '../args.js';
import { checkImage, resultImage, imageOptions, finite, heapResult } from './common.js';
import { MAX_INT32 } from '../limits.js';

const LAYOUTS = Object.freeze({ NCHW: LAYOUT_CODES.NCHW, NHWC: LAYOUT_CODES.NHWC });
/** The tensor types (src/image/convert.h's list), by JS name. */
const TENSOR_TYPES = Object.freeze(Object.fromEntries(C_TENSOR_TYPES.map((name) => [name.toLowerCase(), TYPES[name.toLowerCase()]])));
const TENSOR_TYPE_LIST = Object.keys(TENSOR_TYPES).join(', ').replace(/, (?=[^,]*$)/, ' or ');

/** A channel count among `allowed` (toTensor: 1, 3, 4; fromTensor's images: 1-4). */
function channelCount(value, fallback, allowed, argument) {
  if (value === undefined) return fallback;
  const expected = `expected ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  if (typeof value !== 'number') throw new TypeError(`${argument}: ${expected}, got ${describe(value)}`);
  if (!allowed.includes(value)) throw new RangeError(`${argument}: ${expected}, got ${value}`);
  return value;
}

/** mean or std: a number for every channel or one per channel, as float32. */
function perChannel(value, fallback, channels, argument, nonZero) {
  const list = value === undefined ? Array(channels).fill(fallback)
    : typeof value === 'number' ? Array(channels).fill(value) : value;
  if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
    throw new TypeError(`${argument}: expected a number or an array of ${channels} (one per channel)`);
  }
  if (list.length !== channels) throw new RangeError(`${argument}: expected one value per channel (${channels}), got ${list.length}`);
  return Array.from(list, (v, c) => {
    const what = typeof value === 'number' ? argument : `${argument}[${c}]`;
    const f = Math.fround(finite(v, what));
    if (nonZero && f === 0) throw new RangeError(`${what}: must be non-zero (as float32), got ${v}`);
    if (!Number.isFinite(f)) throw new RangeError(`${what}: ${v} overflows float32`);
    return f;
  });
}

/**
 * The float32 parameters of the C entries (convert.h's tw_image_tensor_param
 * layout): scale, mean[4], std[4], divisor. Without a `scale`, toTensor
 * divides by 255 as torchvision's ToTensor does (scale 1, divisor 255) for
 * float types, and leaves uint8 bytes as they are (scale 1); fromTensor's
 * default scale is float32(1/255), as before. With a `scale` the divisor is 1.
 * `options` names the options in errors.
 */
function parameters(options, o, channels, type, direction) {
  const divides = o.scale === undefined && direction === 'to' && type !== TYPES.uint8;
  const fallback = type === TYPES.uint8 || divides ? 1 : 1 / 255;
  const scale = Math.fround(finite(o.scale === undefined ? fallback : o.scale, `${options}.scale`));
  if (!Number.isFinite(scale)) throw new RangeError(`${options}.scale: ${o.scale} overflows float32`);
  const mean = perChannel(o.mean, 0, channels, `${options}.mean`, false);
  const std = perChannel(o.std, 1, channels, `${options}.std`, true);
  const params = new Float32Array(PARAM.COUNT);
  params[PARAM.SCALE] = scale;
  params.set(mean, PARAM.MEAN);
  params.set(std, PARAM.STD);
  params[PARAM.DIVISOR] = divides ? 255 : 1;
  return params;
}

export const TO_OPTIONS = ['layout', 'channels', 'type', 'scale', 'mean', 'std', 'out'];

/**
 * toTensor's options (checked `o`) for images of `imageChannels`: the layout
 * and type codes, the channel count and the 9 float32 parameters of the C
 * entries. `options` names them in errors ("toTensor: options", or
 * "augment: options.tensor" for the user's call that passed them). Shared
 * with the fused warp (warp-tensor.js).
 */
export function tensorSpec(options, o, imageChannels) {
  const layout = choice(o.layout === undefined ? 'NCHW' : o.layout, LAYOUTS, `${options}.layout`);
  const type = TENSOR_TYPES[choice(o.type === undefined ? 'float32' : o.type, Object.fromEntries(Object.keys(TENSOR_TYPES).map((k) => [k, k])), `${options}.type`)];
  const channels = channelCount(o.channels, imageChannels >= 3 ? 3 : 1, [1, 3, 4], `${options}.channels`);
  if (channels > imageChannels && !(channels === 3 && imageChannels <= 2)) {
    throw new RangeError(`${options}.channels: ${channels} channels cannot be made from images of ${imageChannels}`);
  }
  return { layout, type, channels, params: parameters(options, o, channels, type, 'to') };
}

/** A batch of n images of width x height as tensorSpec's `spec` lays it out: its dims and the bytes of one image. */
export function tensorShape({ layout, type, channels }, n, width, height) {
  const dims = layout === LAYOUTS.NCHW ? [n, channels, height, width] : [n, height, width, channels];
  return { dims, perImage: width * height * channels * (type.bits / 8) };
}

/**
 * A model input tensor { type, dims, data } from an image or an array of
 * same-size images (a batch): dims [N, C, H, W] ('NCHW', default) or
 * [N, H, W, C] ('NHWC'); a single image is a batch of 1. onnxruntime-web's
 * `new ort.Tensor(t.type, t.data, t.dims)` takes it.
 *
 * channels: 3 (RGB; alpha dropped; the default for 3- and 4-channel images),
 * 4 (RGBA), or 1 (the default for 1- and 2-channel images): from RGB(A) the
 * luma L = (0.299·R + 0.587·G) + 0.114·B, each product and sum rounded to
 * float32, not rounded to an integer. A 1- or 2-channel image gives 3 channels
 * as grey repeated.
 *
 * Each value is, with x the byte (or L), computed in float32 in this order:
 * v = ((x / 255) − mean[c]) / std[c] by default, bit for bit torchvision's
 * ToTensor() then Normalize(mean, std) (a true float32 division by 255);
 * v = ((x · scale) − mean[c]) / std[c] when `scale` is given (type 'uint8'
 * defaults to scale 1). scale, mean and std are rounded to float32 first;
 * mean defaults to 0, std to 1; each is a number or one per channel. type: 'float32' (default);
 * 'float16' (v rounded to nearest even, data a Uint16Array of the bits);
 * 'uint8' (v rounded half to even, clamped to 0..255). Options also: `out`,
 * a tensor of the result's type and dims.
 */
export function toTensor(images, options) {
  return tensorFrom(images, imageOptions(options, 'toTensor', TO_OPTIONS), 'toTensor', 'toTensor: options');
}

/**
 * toTensor with options `o` already checked against TO_OPTIONS, for a caller
 * named `op` that took them as `argument` (augment: 'augment',
 * 'augment: options.tensor'): errors name those.
 */
export function tensorFrom(images, o, op, argument) {
  const list = Array.isArray(images) ? images.map((img, i) => checkImage(img, `${op}: img[${i}]`)) : [checkImage(images, `${op}: img`)];
  if (list.length === 0) throw new RangeError(`${op}: img: expected an image or a non-empty array of images`);
  const [first] = list;
  list.forEach((img, i) => {
    if (img.width !== first.width || img.height !== first.height || img.channels !== first.channels) {
      throw new RangeError(`${op}: img[${i}] is ${img.width}x${img.height} of ${img.channels} channels, img[0] ` +
        `${first.width}x${first.height} of ${first.channels}: a batch needs images of one size`);
    }
  });
  const spec = tensorSpec(argument, o, first.channels);
  const { layout, type, channels, params } = spec;
  const { width, height } = first;
  const { dims, perImage } = tensorShape(spec, list.length, width, height);
  return withFrame(op, (frame, m) => {
    const paramsPointer = frame.copyIn(params);
    const target = outputTarget(frame, op, type, dims, o.out, {});
    const imageBlock = frame.alloc(first.bytes.length);
    list.forEach((img, n) => {
      frame.write(imageBlock, img.bytes);
      check(m._tw_image_to_tensor(imageBlock, img.bytes.length, width, height, img.channels, channels, layout, type.code,
        paramsPointer, target.pointer + n * perImage, perImage), op);
    });
    return target.finish();
  });
}

/**
 * tensorFrom of one image that already sits in the heap (`pointer`, an image of width x height x channels in a
 * block of frame): the same checks and bytes, without copying the image in. For augment's heap path.
 */
export function tensorFromHeap(frame, m, pointer, { width, height, channels }, o, op, argument) {
  const spec = tensorSpec(argument, o, channels);
  const { layout, type, params } = spec;
  const { dims, perImage } = tensorShape(spec, 1, width, height);
  const paramsPointer = frame.copyIn(params);
  const target = outputTarget(frame, op, type, dims, o.out, {});
  check(m._tw_image_to_tensor(pointer, width * height * channels, width, height, channels, spec.channels, layout,
    type.code, paramsPointer, target.pointer, perImage), op);
  return target.finish();
}

const FROM_OPTIONS = ['layout', 'channels', 'scale', 'mean', 'std', 'out'];

/**
 * The images of a tensor made by toTensor (or a model): dims [N, C, H, W]
 * ('NCHW', default) or [N, H, W, C] ('NHWC'), or the same without N; types
 * float32, float16 (bits in a Uint16Array) or uint8. Returns one image, or an
 * array of N images when N > 1.
 *
 * Each pixel byte is p = ((v · std[c]) + mean[c]) / scale in float32, in
 * that order, rounded half to even and clamped to 0..255 (NaN gives 0); scale
 * defaults to float32(1/255) (1 for uint8), mean and std as in toTensor. channels: the images' channel count, default
 * 4 for a 3- or 4-channel tensor (alpha 255 where the tensor has none) and the
 * tensor's own for 1 or 2; a 1-channel tensor makes grey RGB(A). `out`: an
 * image (an array of N images for a batch) to write into.
 */
export function fromTensor(t, options) {
  const op = 'fromTensor';
  const o = imageOptions(options, op, FROM_OPTIONS);
  const x = checkTensor(t, `${op}: t`);
  if (!Object.values(TENSOR_TYPES).includes(x.info)) {
    throw new TypeError(`${op}: t.type: expected ${TENSOR_TYPE_LIST}, got ${x.info.name}`);
  }
  const layout = choice(o.layout === undefined ? 'NCHW' : o.layout, LAYOUTS, `${op}: options.layout`);
  if (x.dims.length !== 3 && x.dims.length !== 4) {
    throw new RangeError(`${op}: t.dims: expected [N, C, H, W] or [C, H, W] (NHWC: [N, H, W, C] or [H, W, C]), got [${x.dims.join(', ')}]`);
  }
  const batched = x.dims.length === 4;
  const [count, ...inner] = batched ? x.dims : [1, ...x.dims];
  const [channels, height, width] = layout === LAYOUTS.NCHW ? inner : [inner[2], inner[0], inner[1]];
  if (channels < 1 || channels > 4) throw new RangeError(`${op}: t.dims: the channel axis must be 1-4, got ${channels} in [${x.dims.join(', ')}]`);
  if (width > MAX_INT32 || height > MAX_INT32) throw new RangeError(`${op}: t.dims: [${x.dims.join(', ')}] is too large`);
  const imageChannels = channelCount(o.channels, channels >= 3 ? 4 : channels, [1, 2, 3, 4], `${op}: options.channels`);
  const params = parameters(`${op}: options`, o, channels, x.info, 'from');
  if (params[PARAM.SCALE] === 0) throw new RangeError(`${op}: options.scale: must be non-zero to invert`);
  const outs = o.out === undefined || o.out === null ? Array(count).fill(undefined)
    : count === 1 && !Array.isArray(o.out) ? [o.out] : o.out;
  if (!Array.isArray(outs) || outs.length !== count) throw new RangeError(`${op}: options.out: expected an array of ${count} images for a batch of ${count}`);
  const targets = outs.map((out, n) => resultImage(out, width, height, imageChannels, count === 1 ? op : `${op}[${n}]`));
  const perImage = width * height * channels * (x.info.bits / 8);
  const results = withFrame(op, (frame, m) => {
    const paramsPointer = frame.copyIn(params);
    const input = inputPointer(frame, x);
    const blocks = targets.map((target) => heapResult(frame, target));
    blocks.forEach((block, n) => {
      check(m._tw_image_from_tensor(input + n * perImage, perImage, x.info.code, layout, width, height, channels,
        paramsPointer, imageChannels, block.pointer, block.bytes), op);
    });
    return blocks.map((block) => block.finish());
  });
  return batched && count !== 1 ? results : results[0];
}
