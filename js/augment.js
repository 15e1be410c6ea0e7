// tensorwarp/augment: seeded random augmentation pipelines whose masks, boxes
// and keypoints follow the image. See js/augment.d.ts and the README's
// "Augmentation" section. Call ready() from 'tensorwarp' first.
import { TRANSFORMS, checkTransform } from './augment/transforms.js';
import { freeze } from './augment/options.js';

export { compose } from './augment/compose.js';

/**
 * random.<name>(options): a frozen plain descriptor { transform, options }
 * with the options checked and normalised (structured-cloneable, so a worker
 * can rebuild the pipeline from augment.spec).
 */
export const random = Object.freeze(Object.fromEntries(Object.keys(TRANSFORMS).map((name) => [
  name,
  (options) => freeze({ transform: name, options: checkTransform(name, options) }),
])));

export { mixUp, cutMix, randomChoice } from './augment/mix.js';
export { loader } from './augment/loader.js';
