// tensorwarp/image: images in, images out. An image is { width, height, data,
// channels? } (an ImageData is one); see js/image.d.ts for the contract and
// js/image/common.js for what every function shares. Call ready() from
// 'tensorwarp' before the first function that computes pixels.
export { matrix } from './image/matrix.js';
export { crop, pad } from './image/pad.js';
export { flip, rotate90 } from './image/flip.js';
export { blur } from './image/blur.js';
export { resize } from './image/resize.js';
export { toTensor, fromTensor } from './image/convert.js';
export { warpAffine, warpPerspective, rotate } from './image/warp.js';
export {
  adjustBrightness, adjustContrast, adjustSaturation, adjustHue, adjustGamma, adjustSharpness, posterize, solarize,
  invert, autocontrast, equalize, grayscale, gaussianBlur, erase,
} from './image/color.js';
