// Compile-time checks of js/index.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check: tsc reports an unused marker as an error.
import type { Tensor as OrtTensor, TypedTensor as OrtTypedTensor } from 'onnxruntime-web';
import { averagePool, gridSample, onnx, pad, ready, tensor, types } from '../../js/index.js';
import type { HeapTensor, Tensor, TensorLike, TensorType } from '../../js/index.js';

export async function usage(ortTensor: OrtTensor, loose: TensorLike): Promise<void> {
  await ready();
  const x: Tensor<'float32'> = { type: 'float32', dims: [1, 1, 2, 3], data: new Float32Array(6) };
  const grid: Tensor<'float32'> = { type: 'float32', dims: [1, 1, 1, 2], data: new Float32Array(2) };

  // Results keep the input's element type, so data needs no cast.
  const padded: Float32Array = pad(x, { pads: [0, 0, 1, 1, 0, 0, 1, 1], mode: 'reflect' }).data;
  const cropped: Float32Array = pad(x, { padsBegin: [0, 0, 1, -1], padsEnd: [0, 0, 1, 3], mode: 'symmetric' }).data;
  const sampled: Float32Array = gridSample(x, grid, { mode: 'bicubic', alignCorners: true }).data;
  // @ts-expect-error boolean options take true or false only
  gridSample(x, grid, { alignCorners: 1 });
  const pooled: Float32Array = averagePool(x, { kernelShape: [2, 2], ceilMode: true }).data;
  const wide: BigInt64Array = pad({ type: 'int64', dims: [2], data: new BigInt64Array(2) }, { pads: [1, 1], value: 3n }).data;
  const half: Uint16Array = averagePool({ type: 'float16', dims: [1, 1, 2], data: new Uint16Array(2) }, { kernelShape: [2] }).data;
  const words: string[] = pad({ type: 'string', dims: [1], data: ['a'] }, { pads: [1, 0], value: 'z' }).data;

  // `out` is returned as given: a heap tensor stays a heap tensor.
  const target: HeapTensor<'float32'> = tensor('float32', [1, 1, 4, 5]);
  const same: HeapTensor<'float32'> = pad(x, { pads: [0, 0, 1, 1, 0, 0, 1, 1], out: target });
  const view: Float32Array = same.data;
  target.dispose();

  // Loosely typed tensors (type: string) and onnxruntime-web tensors are accepted.
  const fromLoose: Tensor = pad(loose, { pads: [1, 1] });
  const fromOrt: Tensor = gridSample(ortTensor, grid, { mode: 'nearest' });
  const padOrt: Tensor = pad(ortTensor, { pads: [1, 1] });
  const poolOrt: Tensor = averagePool(ortTensor as OrtTypedTensor<'float32'>, { kernelShape: [2] });
  const [first]: Tensor[] = onnx.run('Pad', [x, [0, 0, 1, 1, 0, 0, 1, 1], null, null], { mode: 'edge' }, { opset: 19 });
  const names: readonly TensorType[] = types;

  // @ts-expect-error: the data class must match the type
  const mismatched: Tensor<'float32'> = { type: 'float32', dims: [2], data: new Float64Array(2) };
  // @ts-expect-error: unknown mode
  pad(x, { pads: [1, 1], mode: 'mirror' });
  // @ts-expect-error: alignCorners is a flag
  gridSample(x, grid, { alignCorners: 'yes' });
  // @ts-expect-error: kernelShape is required
  averagePool(x, { strides: [1, 1] });
  // @ts-expect-error: string tensors cannot live in the wasm heap
  tensor('string', [1]);
  // @ts-expect-error: the data must match the heap tensor's type
  tensor('int32', [2], new Float32Array(2));
  // @ts-expect-error: an onnxruntime Tensor of unknown element type may be int32: narrow it to use it as a grid
  gridSample(x, ortTensor);
  // @ts-expect-error: ... or to average-pool it
  averagePool(ortTensor, { kernelShape: [2] });

  console.log(mismatched, padded, cropped, sampled, pooled, wide, half, words, view, fromLoose, fromOrt, padOrt, poolOrt, first, names);
}
