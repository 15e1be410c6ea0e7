// Compile-time checks of js/augment.d.ts's colour transforms, policies, oneOf/someOf
// and resize (tests/types.test.mjs runs tsc on this file). Lines marked with
// the expect-error directive must fail to type-check.
import { compose, random } from '../../js/augment.js';
import type { PolicyOp } from '../../js/augment.js';

export function augmentColorUsage(image: ImageData): void {
  const train = compose([
    random.resizedCrop({ width: 224, height: 224 }),
    random.flip(),
    random.colorJitter({ brightness: 0.4, contrast: [0.6, 1.4], saturation: 0.4, hue: 0.1 }),
    random.grayscale({ p: 0.1 }),
    random.gaussianBlur({ size: [5, 3], sigma: [0.1, 2] }),
    random.oneOf([random.posterize({ bits: 4 }), random.solarize({ threshold: 128 }), random.sharpness({ factor: 2 })], { weights: [1, 1, 2], p: 0.8 }),
    random.someOf([random.autocontrast(), random.equalize(), random.invert(), random.gamma({ gamma: [0.8, 1.2], gain: 1 })], { n: 2 }),
    random.noise({ mean: 0, std: [2, 5] }),
    random.randAugment({ numOps: 2, magnitude: 9, bins: 31, fill: [124, 116, 104] }),
    random.trivialAugment({ fill: 0 }),
    random.autoAugment({ policy: 'imagenet' }),
    random.erasing({ scale: [0.02, 0.33], ratio: [0.3, 3.3], value: 'random' }),
  ], { seed: 1 });
  const evaluation = compose([random.resize({ shorter: 256 }), random.crop({ width: 224, height: 224, position: 'center' })]);
  const op: PolicyOp = { op: 'ShearX', magnitude: -0.09000000357627869 };
  void [train({ image }, 0).params.transforms, evaluation({ image }, 0).image, op];
  // @ts-expect-error size is required
  random.gaussianBlur({ sigma: 1 });
  // @ts-expect-error only the imagenet policy
  random.autoAugment({ policy: 'cifar10' });
  // @ts-expect-error oneOf takes the list first
  random.oneOf({ transforms: [random.flip()] });
  // @ts-expect-error unknown option
  random.colorJitter({ lightness: 0.2 });
}
