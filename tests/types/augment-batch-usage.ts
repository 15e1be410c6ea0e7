// Compile-time checks of augment.batch in js/augment.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check.
import { compose, random } from '../../js/augment.js';

export async function batchUsage(images: ImageData[]): Promise<void> {
  const augment = compose([random.resizedCrop({ width: 224, height: 224 }), random.flip({ horizontal: 0.5 })], { seed: 1 });
  const { tensor, results } = await augment.batch(images, { workers: 2, tensor: { layout: 'NCHW', mean: 0.5, std: 0.25 } });
  const dims: number[] = tensor.dims;
  const list = await augment.batch(images.map((image) => ({ image, keypoints: [[1, 2]] })), { indices: images.map((_, n) => n + 100) });
  void [dims, tensor.data, results[0].params, list[0].image, augment.batch.close()];
  // @ts-expect-error workers is a number
  await augment.batch(images, { workers: 'two' });
  // @ts-expect-error a batch makes its own tensor
  await augment.batch(images, { tensor: { out: tensor } });
}
