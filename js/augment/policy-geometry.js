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
// or the fill when that pixel lies outside. Points (boxes, keypoints) use
// that map in float64. The pixels use torchvision's own float32 arithmetic,
// which decides the near-ties (a shear of 0.2 at y + ½ = 2.5, a 30° turn):
// the inverse matrix of _get_inverse_affine_matrix (float64, then float32),
// divided by half the size (affine_grid's rescaled theta), applied to the
// base grid unfused, then grid_sample's unnormalize ((g + 1)·size/2 − ½).
// A float64 model of the same map missed 3 of 16 such pixels in the
// torchvision fixtures; this one misses none (tests/augment-color-torchvision.test.mjs,
// and 0 of 20,159 pixels over 150 random shears and turns when it was written).
import { matrix as M } from '../image/matrix.js';
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';

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

const RAD_TO_DEG = 180 / Math.PI, DEG_TO_RAD = Math.PI / 180; // CPython's math.degrees / math.radians

/**
 * torchvision's _get_inverse_affine_matrix(center, angle, translate, scale 1,
 * shear) in its float64 order: [a, b, c, d, e, f], output -> input, both in
 * coordinates centred on the image centre.
 */
function torchvisionInverse([cx, cy], angle, [tx, ty], [shearX, shearY]) {
  const rot = angle * DEG_TO_RAD, sx = shearX * DEG_TO_RAD, sy = shearY * DEG_TO_RAD;
  const a = Math.cos(rot - sy) / Math.cos(sy);
  const b = (-Math.cos(rot - sy) * Math.tan(sx)) / Math.cos(sy) - Math.sin(rot);
  const c = Math.sin(rot - sy) / Math.cos(sy);
  const d = (-Math.sin(rot - sy) * Math.tan(sx)) / Math.cos(sy) + Math.cos(rot);
  const m = [d, -b, 0, -c, a, 0];
  m[2] += m[0] * (-cx - tx) + m[1] * (-cy - ty);
  m[5] += m[3] * (-cx - tx) + m[4] * (-cy - ty);
  m[2] += cx;
  m[5] += cy;
  return m;
}

/** The matrix torchvision's _apply_op hands F.affine / F.rotate for a policy op on a width×height image. */
export function torchvisionMatrix(op, magnitude, width, height) {
  const m = magnitude, corner = [-width * 0.5, -height * 0.5];
  switch (op) {
    case 'ShearX': return torchvisionInverse(corner, 0, [0, 0], [Math.atan(m) * RAD_TO_DEG, 0]);
    case 'ShearY': return torchvisionInverse(corner, 0, [0, 0], [0, Math.atan(m) * RAD_TO_DEG]);
    case 'TranslateX': return torchvisionInverse([0, 0], 0, [Math.trunc(m), 0], [0, 0]);
    case 'TranslateY': return torchvisionInverse([0, 0], 0, [0, Math.trunc(m)], [0, 0]);
    case 'Rotate': return torchvisionInverse([0, 0], -m, [0, 0], [0, 0]);
    default: throw new Error(`torchvisionMatrix: ${op} is not a geometric op`);
  }
}

const f = Math.fround;

/**
 * The six float32 values of affine_grid's rescaled theta (theta^T / [w / 2,
 * h / 2]) for a policy op: [r00, r10, r20, r01, r11, r21], output base-grid
 * position (gx, gy) -> normalised input position (gx·r00 + gy·r10 + r20,
 * gx·r01 + gy·r11 + r21), each product and sum rounded to float32.
 */
export function policyTheta(op, magnitude, W, H) {
  const t = torchvisionMatrix(op, magnitude, W, H).map(f);
  const hw = f(0.5 * W), hh = f(0.5 * H);
  return [f(t[0] / hw), f(t[1] / hw), f(t[2] / hw), f(t[3] / hh), f(t[4] / hh), f(t[5] / hh)];
}

/** Packs one fill byte per channel into the uint32 the C entry takes (channel c in byte c). */
export const packPolicyFill = (fill) => fill.reduce((word, b, c) => word + b * 2 ** (8 * c), 0);

/**
 * Runs tw_color_policy_nearest (src/color/color-policy.c: the map above in
 * float32, nearbyint, the fill outside) from heap block `input` to `output`,
 * an image of width x height x channels. Internal: no user value reaches it
 * unchecked (theta from the params' magnitude, fill from policyFillBytes).
 */
export function policyNearestInHeap(m, op, magnitude, fill, { width, height, channels }, input, output) {
  const [r00, r10, r20, r01, r11, r21] = policyTheta(op, magnitude, width, height);
  const bytes = width * height * channels;
  check(m._tw_color_policy_nearest(input, bytes, output, bytes, width, height, channels, r00, r10, r20, r01, r11, r21,
    packPolicyFill(fill)), 'augment');
}

/**
 * `image` ({ width, height, channels, data }) under policy op `op` of
 * `magnitude` (F.affine / F.rotate, nearest), `fill` (one byte per channel)
 * outside. A new image of the same size, channels and data type.
 */
export function sampleNearest(image, op, magnitude, fill) {
  const { width: W, height: H, channels: C, data } = image;
  const out = new data.constructor(data.length);
  if (out.length === 0) return { width: W, height: H, channels: C, data: out };
  withFrame('augment', (frame, m) => {
    const input = frame.copyIn(data);
    const output = frame.alloc(data.length);
    policyNearestInHeap(m, op, magnitude, fill, image, input, output);
    copyOut(output, data.length, out);
  });
  return { width: W, height: H, channels: C, data: out };
}
