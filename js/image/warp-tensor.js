// The fused warp -> tensor (src/warp/warp-tensor.h states the arithmetic):
// sample n of the result is toTensor(warpPerspective(image, matrix, options),
// tensorOptions), bit for bit, written straight into its slice of the batch
// tensor with no intermediate image. Internal: tensorwarp/augment's final
// resample and its batches use it.
import { check, withFrame } from '../module.js';
import { outputTarget } from '../tensor.js';
import { checkImage, imageOptions, size } from './common.js';
import { flag } from '../args.js';
import { WARP_OPTIONS, backwardMatrix, packFill, sampling } from './warp.js';
import { TO_OPTIONS, tensorSpec, tensorShape } from './convert.js';
import { writeSourceRows } from './warp-rows.js';

const OP = 'warpToTensor';
const SAMPLE_OPTIONS = WARP_OPTIONS.filter((key) => key !== 'out');

/** One sample's warp, checked as warpAffine (6 numbers) or warpPerspective (9) checks it. */
function warpSample(sample, n) {
  const op = `${OP}: samples[${n}]`;
  if (sample === null || typeof sample !== 'object') throw new TypeError(`${op}: expected { image, matrix, options }`);
  const opts = imageOptions(sample.options, op, SAMPLE_OPTIONS);
  const src = checkImage(sample.image, `${op}.image`);
  const length = sample.matrix?.length === 6 ? 6 : 9;
  const backward = backwardMatrix(sample.matrix, length, flag(opts.inverse, false, `${op}.options.inverse`), op);
  const width = opts.width === undefined ? src.width : size(opts.width, `${op}.options.width`);
  const height = opts.height === undefined ? src.height : size(opts.height, `${op}.options.height`);
  return { src, backward, width, height, ...sampling(opts, src.channels, op) };
}

function checkSameShape(list) {
  const [first] = list;
  list.forEach((s, n) => {
    if (s.width !== first.width || s.height !== first.height || s.src.channels !== first.src.channels) {
      throw new RangeError(`${OP}: samples[${n}] gives a ${s.width}x${s.height} image of ${s.src.channels} channels, ` +
        `samples[0] ${first.width}x${first.height} of ${first.src.channels}: a batch needs one size`);
    }
  });
}

/**
 * A tensor [N, C, H, W] (or [N, H, W, C]) whose sample n is
 * toTensor(warpPerspective(samples[n].image, samples[n].matrix,
 * samples[n].options), tensorOptions) (warpAffine for a 6-number matrix).
 * Every sample gives the same output size and channels. tensorOptions are
 * toTensor's, `out` included. bandRows (tests): rows per band, 0 the default.
 * Errors about the tensor options name `op` and `argument`: the user's call
 * (augment: 'augment', 'augment: options.tensor'), not this internal name.
 */
export function warpToTensorBatch(samples, tensorOptions, bandRows = 0, op = OP, argument = `${op}: options`) {
  if (!Array.isArray(samples) || samples.length === 0) {
    throw new TypeError(`${OP}: samples: expected a non-empty array of { image, matrix, options }`);
  }
  const o = imageOptions(tensorOptions, op, TO_OPTIONS);
  const list = samples.map(warpSample);
  checkSameShape(list);
  const { width, height, src: { channels: imageChannels } } = list[0];
  const spec = tensorSpec(argument, o, imageChannels);
  const { layout, type, channels, params } = spec;
  const { dims, perImage } = tensorShape(spec, list.length, width, height);
  return withFrame(op, (frame, m) => {
    const paramsPointer = frame.copyIn(params);
    const matrixPointer = frame.alloc(8 * 9);
    const srcPointer = frame.alloc(Math.max(...list.map((s) => s.src.bytes.length)));
    const target = outputTarget(frame, op, type, dims, o.out, {});
    list.forEach((s, n) => {
      writeSourceRows(frame, srcPointer, s.src, s.backward, width, height, s.border); // the rows it reads
      frame.write(matrixPointer, Float64Array.from(s.backward));
      check(m._tw_image_warp_to_tensor(srcPointer, s.src.bytes.length, s.src.width, s.src.height, imageChannels,
        matrixPointer, s.backward.length === 9 ? 1 : 0, s.interpolation, s.border, packFill(s.fill), width, height,
        channels, layout, type.code, paramsPointer, target.pointer + n * perImage, perImage, bandRows), op);
    });
    return target.finish();
  });
}

/**
 * toTensor(warpPerspective(img, m, warpOptions), tensorOptions) (warpAffine for 6 numbers): dims [1, C, H, W].
 * op, argument: as warpToTensorBatch's.
 */
export function warpToTensor(img, m, warpOptions, tensorOptions, op = OP, argument = `${op}: options`) {
  return warpToTensorBatch([{ image: img, matrix: m, options: warpOptions }], tensorOptions, 0, op, argument);
}
