// Compile-time checks of augment.batch in js/augment.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check.
import { compose, random, mixUp, cutMix, randomChoice, loader } from '../../js/augment.js';

export async function batchUsage(images: ImageData[]): Promise<void> {
  const augment = compose([random.resizedCrop({ width: 224, height: 224 }), random.flip({ horizontal: 0.5 })], { seed: 1 });
  const { tensor, results } = await augment.batch(images, { workers: 2, tensor: { layout: 'NCHW', mean: 0.5, std: 0.25 } });
  const dims: number[] = tensor.dims;
  const list = await augment.batch(images.map((image) => ({ image, keypoints: [[1, 2]] })), { indices: images.map((_, n) => n + 100) });
  void [dims, tensor.data, results[0].params, list[0].image, augment.batch.close()];
  // @ts-expect-error workers is a number
  await augment.batch(images, { workers: 'two' });
  const again = await augment.batch(images, { workers: 2, shared: true, tensor: { mean: 0.5, std: 0.25, out: tensor } });
  void again.tensor.data;
  // @ts-expect-error shared is a boolean
  await augment.batch(images, { shared: 'yes' });
}

export function mixUsage(tensor: { dims: number[]; data: Float32Array }, classes: number[]): number {
  const mix = randomChoice([mixUp({ alpha: 0.2, numClasses: 10 }), cutMix({ alpha: 1, numClasses: 10, layout: 'NCHW' })], { p: [0.5, 0.5], seed: 7 });
  const { tensor: mixed, labels, params } = mix({ tensor, labels: classes }, 3);
  void [mixed.data, labels.dims, params.box?.width];
  // @ts-expect-error layout is NCHW or NHWC
  cutMix({ layout: 'CHW' });
  const either = random.oneOf([mixUp({ numClasses: 10 }), cutMix({ numClasses: 10 })], { weights: [1, 2], p: 0.8, seed: 1 });
  const fired: boolean | undefined = either({ tensor, labels: classes }, 4).params.fired;
  void fired;
  return params.lambda;
}


export async function loaderUsage(files: File[], labels: number[]): Promise<void> {
  const augment = compose([random.resizedCrop({ width: 224, height: 224 })], { seed: 1 });
  const data = loader(files.map((image, i) => ({ image, label: labels[i] })), { batchSize: 32, shuffle: true, epoch: 3, workers: 2, tensor: { mean: 0.5, std: 0.25 }, augment });
  for await (const batch of data) void [batch.tensor?.dims, batch.indices, batch.params.samples[0].index];
  void data.batches;
  void loader(files, { batchSize: 8, tensor: { mean: 0.5, std: 0.25 }, recycle: true, shared: false });
  // @ts-expect-error batchSize is a number
  loader(files, { batchSize: '32' });
}
