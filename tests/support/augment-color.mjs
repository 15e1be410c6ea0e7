// Shared by the colour tests of tensorwarp/augment and
// tools/fixtures/augment-color-cases.mjs: the pipelines whose params
// tools/fixtures/torchvision_replay.py replays with torchvision, and the
// deterministic test images (the Python script computes the same bytes).
import { random } from '../../js/augment.js';

/** Pipelines of colour transforms and policies only (no geometry before them, so the input is what they see). */
export const COLOR_PIPELINES = {
  colorJitter: [random.colorJitter({ brightness: 0.4, contrast: 0.4, saturation: 0.4, hue: 0.1 })],
  colorJitterWide: [random.colorJitter({ brightness: [0, 2], saturation: 0.8, hue: [-0.5, 0.5] })],
  grayscale: [random.grayscale({ p: 0.7 })],
  gaussianBlur: [random.gaussianBlur({ size: 3 })],
  gaussianBlurWide: [random.gaussianBlur({ size: [5, 3], sigma: [0.5, 3] })],
  erasing: [random.erasing({ p: 0.9, scale: [0.02, 0.5] })],
  erasingValues: [random.erasing({ p: 1, value: [17, 80, 250] })],
  posterize: [random.posterize({ bits: 3, p: 0.8 })],
  solarize: [random.solarize({ threshold: 100.5, p: 0.8 })],
  sharpness: [random.sharpness({ factor: 2, p: 0.8 })],
  autocontrast: [random.autocontrast({ p: 0.8 })],
  equalize: [random.equalize({ p: 0.8 })],
  invert: [random.invert({ p: 0.8 })],
  gamma: [random.gamma({ gamma: [0.5, 2], gain: 1.1, p: 0.8 })],
  chain: [random.colorJitter({ brightness: 0.3, hue: 0.2 }), random.sharpness({ factor: 0.3, p: 0.5 }),
    random.oneOf([random.equalize({ p: 1 }), random.autocontrast({ p: 1 })])],
  randAugment: [random.randAugment()],
  randAugment3: [random.randAugment({ numOps: 3, magnitude: 20, fill: [10, 20, 30] })],
  trivialAugment: [random.trivialAugment({ fill: 128 })],
  autoAugment: [random.autoAugment()],
};

/** Pipelines whose params are written by hand (GEOMETRY_CASES): the policies' geometric ops on RGBA and RGB. */
export const GEOMETRY_PIPELINES = {
  rgbaPolicy: [random.randAugment({ fill: [10, 20, 30, 40] })],
  rgbPolicy: [random.trivialAugment()],
};

/** [pipeline, width, height, channels, ops]: every geometric op, both signs, fractional translations (int() truncates). */
export const GEOMETRY_CASES = [
  ['rgbaPolicy', 16, 12, 4, [{ op: 'ShearX', magnitude: 0.30000001192092896 }]],
  ['rgbaPolicy', 16, 12, 4, [{ op: 'ShearX', magnitude: -0.09000000357627869 }]],
  ['rgbaPolicy', 9, 7, 4, [{ op: 'ShearY', magnitude: 0.19800000011920929 }]],
  ['rgbaPolicy', 9, 7, 4, [{ op: 'ShearY', magnitude: -0.98999994993209839 }]],
  ['rgbaPolicy', 16, 12, 4, [{ op: 'TranslateX', magnitude: 3.6259 }]],
  ['rgbaPolicy', 16, 12, 4, [{ op: 'TranslateY', magnitude: -2.9 }]],
  ['rgbaPolicy', 16, 12, 4, [{ op: 'Rotate', magnitude: 9 }]],
  ['rgbaPolicy', 13, 11, 4, [{ op: 'Rotate', magnitude: -117 }]],
  ['rgbPolicy', 13, 11, 3, [{ op: 'Rotate', magnitude: 40.5 }]],
  ['rgbPolicy', 16, 12, 3, [{ op: 'Rotate', magnitude: 90 }]],
  ['rgbPolicy', 16, 12, 3, [{ op: 'Rotate', magnitude: -135 }]],
  ['rgbPolicy', 16, 12, 3, [{ op: 'ShearX', magnitude: 0.6600000262260437 }]],
  ['rgbPolicy', 5, 3, 3, [{ op: 'ShearY', magnitude: -0.33000001311302185 }]],
  ['rgbPolicy', 16, 12, 3, [{ op: 'TranslateX', magnitude: -31.99 }]],
];

/**
 * A deterministic width×height image of `channels` channels, varied by
 * `seed`: gradients with a repeating texture, and for odd seeds few distinct
 * values (what equalize and autocontrast treat specially). Integer
 * arithmetic only (torchvision_replay.py has the same function).
 */
export function testImage(width, height, channels, seed) {
  const data = new Uint8ClampedArray(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        let v = (x * 37 + y * 59 + c * 83 + seed * 11 + ((x * y + seed * 3 + c) % 7) * 9) % 256;
        if (seed % 2 === 1) v = 60 + (v % 5) * 30;
        data[(y * width + x) * channels + c] = v;
      }
    }
  }
  return { width, height, channels, data };
}
