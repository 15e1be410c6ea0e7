// Compile-time checks of js/image.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check.
import { matrix } from '../../js/image.js';
import type { AffineMatrix, ImageResult, ImageTensor, Matrix, PerspectiveMatrix, TensorLike } from '../../js/image.js';

export function imageUsage(width: number, height: number): void {
  const m: AffineMatrix = matrix.rotation(15, [width / 2, height / 2], 1.1);
  const sheared: AffineMatrix = matrix.affine({ rotate: 10, shear: [5, 0], translate: [1, 2], center: [3, 4] });
  const both: AffineMatrix = matrix.multiply(m, sheared);
  const h: PerspectiveMatrix = matrix.perspective([[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [2, 0], [2, 2], [0, 3]]);
  const mixed: Matrix = matrix.multiply(h, m);
  const back: PerspectiveMatrix = matrix.invert(h);
  const moved: [number, number][] = matrix.apply(back, [[1, 2]]);
  void [both, mixed, moved];
  // @ts-expect-error shear is a number or [x, y]
  matrix.affine({ shear: [1, 2, 3] });
  // @ts-expect-error unknown parameter
  matrix.affine({ rotation: 3 });
}

const height = (img: ImageData): number => img.height;

export async function imageFunctions(imageData: ImageData): Promise<void> {
  const { blur, crop, flip, fromTensor, pad, resize, rotate90, toTensor } = await import('../../js/image.js');
  const padded: ImageResult = pad(imageData, { top: 2, border: 'reflect', fill: [1, 2, 3, 4] });
  const into: ImageData = crop(imageData, { x: -3, y: 2, width: 4, height: 4, out: imageData });
  const mirrored: ImageResult = flip(padded, 'both');
  const turned: ImageResult = rotate90(mirrored, -1);
  const soft: ImageResult = blur(turned, { size: [5, 3], border: 'edge' });
  const input: ImageTensor<'float32'> = toTensor([imageData, imageData], { mean: [0.485, 0.456, 0.406], std: 0.5 });
  const half: Uint16Array = toTensor(imageData, { type: 'float16' }).data;
  const back = fromTensor(input, { channels: 4 });
  // one image in, one image out: toTensor of one image has N = 1 (it was ImageResult | ImageResult[])
  const one: ImageResult = fromTensor(toTensor(imageData));
  const chw: ImageResult = fromTensor({ type: 'uint8', dims: [3, 2, 2] as const, data: new Uint8Array(12) });
  const modelOutput: TensorLike = { type: 'float32', dims: [1, 3, height(imageData), 1], data: new Float32Array(3 * imageData.height) };
  const written: ImageData = fromTensor(modelOutput, { out: imageData }); // with one `out` image, one image
  // @ts-expect-error a batch of any N may give an array
  const notOne: ImageResult = fromTensor(input);
  void [into, soft, half, back, one, chw, written, notOne];
  // @ts-expect-error not a direction
  flip(imageData, 'diagonal');
  // @ts-expect-error blur needs a size
  blur(imageData, {});
  const small: ImageResult = resize(soft, { width: 224, height: 224, interpolation: 'area' });
  const pil: ImageResult = resize(soft, { width: 224, height: 224, interpolation: 'lanczos' });
  resize(pil, { width: 5, height: 5, interpolation: 'cubic', cubicA: -0.5 });
  resize(small, { width: 10, height: 10, antialias: false, cubicA: -0.75, out: small });
  // @ts-expect-error resize needs a height
  resize(imageData, { width: 5 });
  // @ts-expect-error unknown interpolation
  resize(imageData, { width: 5, height: 5, interpolation: 'bilinear' });
  // @ts-expect-error border names are Pad's
  pad(imageData, { border: 'reflect101' });
}

export async function colorFunctions(imageData: ImageData): Promise<void> {
  const image = await import('../../js/image.js');
  const bright: ImageResult = image.adjustBrightness(imageData, 1.2);
  const into: ImageData = image.adjustContrast(bright, 0.8, { out: imageData });
  const gamma: ImageResult = image.adjustGamma(imageData, 2.2, { gain: 1.1 });
  const gray: ImageResult = image.grayscale(gamma, { channels: 1 });
  const soft: ImageResult = image.gaussianBlur(imageData, { size: [5, 3], sigma: [1, 2] });
  const erased: ImageResult = image.erase(soft, { x: 1, y: 2, width: 3, height: 4, value: [1, 2, 3] });
  const rest = [image.adjustSaturation(imageData, 0), image.adjustHue(imageData, -0.5), image.adjustSharpness(imageData, 2),
    image.posterize(imageData, 3), image.solarize(imageData, 128), image.invert(imageData), image.autocontrast(imageData),
    image.equalize(imageData)];
  void [into, gray, erased, rest];
  // @ts-expect-error gaussianBlur needs a size
  image.gaussianBlur(imageData, { sigma: 2 });
  // @ts-expect-error grayscale makes 1, 3 or 4 channels
  image.grayscale(imageData, { channels: 2 });
  // @ts-expect-error erase needs a width and a height
  image.erase(imageData, { x: 1 });
  // @ts-expect-error value is a number or three
  image.erase(imageData, { width: 1, height: 1, value: [1, 2] });
}
