// The geometric ops of torchvision's policies (ShearX/Y, TranslateX/Y,
// Rotate) as torchvision's F.affine / F.rotate compute them on a tensor:
// NEAREST, no expand, the output the input's size, what falls outside filled.
// In this package's pixel-centre coordinates (TORCHVISION.md › Policies), an
// output pixel p reads the input at backward(p):
//   ShearX m:      (x + m·(y + ½), y)        (F.affine's center=[0, 0] is the top-left corner)
//   ShearY m:      (x, y + m·(x + ½))
//   TranslateX m:  (x − trunc(m), y)          (int(m))
//   TranslateY m:  (x, y − trunc(m))
//   Rotate m°:     c + R(m)·(p − c), c the image centre; counter-clockwise on screen for m > 0
// and takes the nearest pixel, round half to even (grid_sample's nearbyint),
// or the fill when that pixel lies outside. The map is computed in float64:
// TORCHVISION.md reports a float64 nearest model matching torchvision's
// float32 grid on 75k of 75k pixels; tests/augment-policy.test.mjs compares
// against torchvision's bytes.
import { matrix as M } from '../image/matrix.js';

/** The backward 3×3 (output pixel centre -> input) of a policy's geometric op on a width×height image. */
export function policyBackward(op, magnitude, width, height) {
  const m = magnitude;
  switch (op) {
    case 'ShearX': return [1, m, m / 2, 0, 1, 0, 0, 0, 1];
    case 'ShearY': return [1, 0, 0, m, 1, m / 2, 0, 0, 1];
    case 'TranslateX': return [1, 0, -Math.trunc(m), 0, 1, 0, 0, 0, 1];
    case 'TranslateY': return [1, 0, 0, 0, 1, -Math.trunc(m), 0, 0, 1];
    case 'Rotate': {
      const t = (m * Math.PI) / 180, c = Math.cos(t), s = Math.sin(t);
      const cx = (width - 1) / 2, cy = (height - 1) / 2;
      return [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy, 0, 0, 1];
    }
    default: throw new Error(`policyBackward: ${op} is not a geometric op`);
  }
}

/** The forward 3×3 (input -> output pixel centres) of a policy's geometric op: for boxes and keypoints. */
export const policyForward = (op, magnitude, width, height) => M.invert(policyBackward(op, magnitude, width, height));

/** nearbyint: round half to even. */
function nearest(v) {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * `image` ({ width, height, channels, data }) resampled by `backward` with
 * nearest, `fill` (one byte per channel) outside. A new image of the same
 * size, channels and data type.
 */
export function sampleNearest(image, backward, fill) {
  const { width: W, height: H, channels: C, data } = image;
  const out = new data.constructor(data.length);
  const [a, b, c, d, e, f] = backward;
  let o = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++, o += C) {
      const u = nearest(a * x + b * y + c), v = nearest(d * x + e * y + f);
      if (u >= 0 && u < W && v >= 0 && v < H) {
        const i = (v * W + u) * C;
        for (let k = 0; k < C; k++) out[o + k] = data[i + k];
      } else {
        for (let k = 0; k < C; k++) out[o + k] = fill[k];
      }
    }
  }
  return { width: W, height: H, channels: C, data: out };
}
