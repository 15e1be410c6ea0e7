// tensorwarp/augment: seeded random augmentation pipelines whose masks, boxes
// and keypoints follow the image. See js/augment.d.ts and the README's
// "Augmentation" section. Call ready() from 'tensorwarp' first.
import { TRANSFORMS, checkTransform } from './augment/transforms.js';
import { freeze, describe } from './augment/options.js';
import { batchOneOf } from './augment/mix.js';

export { compose } from './augment/compose.js';

const GRAMMAR = ['oneOf', 'someOf'];

/** random.oneOf / random.someOf(transforms, options): the list joins the options as options.transforms. */
function grammarOptions(name, transforms, options) {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError(`random.${name}: options: expected an object, got ${describe(options)}`);
  }
  if (options !== undefined && Object.hasOwn(options, 'transforms')) {
    throw new TypeError(`random.${name}: options: unknown option "transforms" (the list is the first argument)`);
  }
  return { ...options, transforms };
}

/** A list whose items are all functions: batch transforms (a descriptor list has none). */
const isBatchTransformList = (list) => Array.isArray(list) && list.length > 0 && list.every((t) => typeof t === 'function');

/**
 * random.<name>(options): a frozen plain descriptor { transform, options }
 * with the options checked and normalised (structured-cloneable, so a worker
 * can rebuild the pipeline from augment.spec). random.oneOf and
 * random.someOf take (transforms, options); random.oneOf of batch
 * transforms (mixUp(), cutMix()) is a batch transform itself (mix.js).
 */
export const random = Object.freeze(Object.fromEntries(Object.keys(TRANSFORMS).map((name) => [
  name,
  GRAMMAR.includes(name)
    ? (transforms, options) => (name === 'oneOf' && isBatchTransformList(transforms)
      ? batchOneOf(transforms, options)
      : freeze({ transform: name, options: checkTransform(name, grammarOptions(name, transforms, options)) }))
    : (options) => freeze({ transform: name, options: checkTransform(name, options) }),
])));

export { mixUp, cutMix, randomChoice } from './augment/mix.js';
export { loader } from './augment/loader.js';
