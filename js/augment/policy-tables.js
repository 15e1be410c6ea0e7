// torchvision 0.14's augmentation policies as data: the op spaces of
// RandAugment, TrivialAugmentWide and AutoAugment(IMAGENET), their magnitude
// tables as the float32 values torch.linspace gives, and AutoAugment's 25
// sub-policies. tests/augment-policy.test.mjs compares the tables against
// torch's own (tests/fixtures/augment/policy-magnitudes.json.gz, written by
// tools/fixtures/torchvision_replay.py).

const f32 = Math.fround;

/** fma(a, b, c) on float32 values, rounded once to float32 (a·b is exact in float64 for these operands). */
const fma32 = (a, b, c) => f32(a * b + c);

/**
 * torch.linspace(start, end, n) in float32 as torch 1.13's CPU kernel
 * computes it: step = f32(f32(end − start) / (n − 1)); element i is
 * fma(step, i, start) below n/2, fma(−step, n − 1 − i, end) from there; but
 * inside whole 16-element blocks each 8-lane vector is its first element
 * (that rule) plus f32(j·step), unfused.
 */
export function linspace32(start, end, n) {
  const a = f32(start), b = f32(end);
  if (n === 1) return [a];
  const step = f32(f32(b - a) / f32(n - 1));
  const half = Math.floor(n / 2);
  const scalar = (i) => (i < half ? fma32(step, i, a) : fma32(-step, n - 1 - i, b));
  const out = new Array(n);
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    for (const first of [i, i + 8]) {
      const base = scalar(first);
      for (let j = 0; j < 8; j++) out[first + j] = f32(base + f32(j * step));
    }
  }
  for (; i < n; i++) out[i] = scalar(i);
  return out;
}

/** 8 − round(arange(n) / ((n − 1) / levels)), float32 division, round half to even. */
export function posterizeBits(n, levels) {
  const d = f32((n - 1) / levels);
  return Array.from({ length: n }, (_, k) => {
    const q = f32(k / d);
    const r = Math.round(q);
    return 8 - (Math.abs(q % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r);
  });
}

/** An op of a space: { op, magnitudes (null: none), signed }. */
const op = (name, magnitudes = null, signed = false) => ({ op: name, magnitudes, signed });

/**
 * torchvision's _augmentation_space: RandAugment's (wide = false; also
 * AutoAugment's with 10 bins, plus Invert) or TrivialAugmentWide's
 * (wide = true), for an image of width × height, in torchvision's order.
 */
export function opSpace(bins, width, height, wide) {
  const shear = wide ? 0.99 : 0.3, rotate = wide ? 135 : 30, color = wide ? 0.99 : 0.9;
  const tx = wide ? 32 : (150 / 331) * width, ty = wide ? 32 : (150 / 331) * height;
  return [
    op('Identity'),
    op('ShearX', linspace32(0, shear, bins), true),
    op('ShearY', linspace32(0, shear, bins), true),
    op('TranslateX', linspace32(0, tx, bins), true),
    op('TranslateY', linspace32(0, ty, bins), true),
    op('Rotate', linspace32(0, rotate, bins), true),
    op('Brightness', linspace32(0, color, bins), true),
    op('Color', linspace32(0, color, bins), true),
    op('Contrast', linspace32(0, color, bins), true),
    op('Sharpness', linspace32(0, color, bins), true),
    op('Posterize', posterizeBits(bins, wide ? 6 : 4)),
    op('Solarize', linspace32(255, 0, bins)),
    op('AutoContrast'),
    op('Equalize'),
  ];
}

/** AutoAugment's space (10 bins): RandAugment's without Identity, plus Invert, by name. */
export function autoAugmentSpace(width, height) {
  const space = Object.fromEntries(opSpace(10, width, height, false).slice(1).map((o) => [o.op, o]));
  space.Invert = op('Invert');
  return space;
}

/** AutoAugmentPolicy.IMAGENET: 25 sub-policies of two (op, probability, bin) each. */
export const IMAGENET_POLICIES = Object.freeze([
  [['Posterize', 0.4, 8], ['Rotate', 0.6, 9]],
  [['Solarize', 0.6, 5], ['AutoContrast', 0.6, null]],
  [['Equalize', 0.8, null], ['Equalize', 0.6, null]],
  [['Posterize', 0.6, 7], ['Posterize', 0.6, 6]],
  [['Equalize', 0.4, null], ['Solarize', 0.2, 4]],
  [['Equalize', 0.4, null], ['Rotate', 0.8, 8]],
  [['Solarize', 0.6, 3], ['Equalize', 0.6, null]],
  [['Posterize', 0.8, 5], ['Equalize', 1.0, null]],
  [['Rotate', 0.2, 3], ['Solarize', 0.6, 8]],
  [['Equalize', 0.6, null], ['Posterize', 0.4, 6]],
  [['Rotate', 0.8, 8], ['Color', 0.4, 0]],
  [['Rotate', 0.4, 9], ['Equalize', 0.6, null]],
  [['Equalize', 0.0, null], ['Equalize', 0.8, null]],
  [['Invert', 0.6, null], ['Equalize', 1.0, null]],
  [['Color', 0.6, 4], ['Contrast', 1.0, 8]],
  [['Rotate', 0.8, 8], ['Color', 1.0, 2]],
  [['Color', 0.8, 8], ['Solarize', 0.8, 7]],
  [['Sharpness', 0.4, 7], ['Invert', 0.6, null]],
  [['ShearX', 0.6, 5], ['Equalize', 1.0, null]],
  [['Color', 0.4, 0], ['Equalize', 0.6, null]],
  [['Equalize', 0.4, null], ['Solarize', 0.2, 4]],
  [['Solarize', 0.6, 5], ['AutoContrast', 0.6, null]],
  [['Invert', 0.6, null], ['Equalize', 1.0, null]],
  [['Color', 0.6, 4], ['Contrast', 1.0, 8]],
  [['Equalize', 0.8, null], ['Equalize', 0.6, null]],
].map((pair) => Object.freeze(pair.map((o) => Object.freeze(o)))));

export const GEOMETRIC_OPS = Object.freeze(['ShearX', 'ShearY', 'TranslateX', 'TranslateY', 'Rotate']);
