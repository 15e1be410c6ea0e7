// Compile-time checks of js/augment.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check.
import { compose, random } from '../../js/augment.js';
import { fromTensor } from '../../js/image.js';
import type { ImageResult } from '../../js/image.js';
import type { Result } from '../../js/augment.js';

export function augmentUsage(image: ImageData): void {
  const augment = compose([
    random.resizedCrop({ width: 224, height: 224, scale: [0.08, 1], ratio: [3 / 4, 4 / 3] }),
    random.flip({ horizontal: 0.5, vertical: 0 }),
    random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1], shear: 5, p: 0.8 }),
    random.perspective({ distortion: 0.2, p: 0.3 }),
    random.elastic({ alpha: 30, sigma: 5, p: 0.2 }),
    random.blur({ size: [3, 7], p: 0.2 }),
  ], { seed: 42, interpolation: 'linear', border: 'reflect', fill: 0 });
  const r: Result = augment({ image, boxes: [[1, 2, 3, 4, 'cat']], keypoints: [[5, 6]] }, 17);
  const t = augment({ image }, 3, { tensor: { layout: 'NCHW', mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] } }).tensor;
  // one sample's tensor reads back as one image
  const seen: ImageResult | undefined = t && fromTensor(t, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] });
  const back: [number, number][] = augment.inverse(r.params, [[1, 2]]);
  const again = augment.replay(r.params, { image });
  void [t?.data, seen, back, again.image, r.matrix, compose(augment.spec.transforms, augment.spec.options)];
  // @ts-expect-error width is required
  random.crop({ height: 3 });
  // @ts-expect-error unknown option
  random.flip({ horizonal: 0.5 });
  // @ts-expect-error unknown border
  compose([], { border: 'mirror' });
}
