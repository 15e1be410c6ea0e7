// The matrices OpenCV 4.6's warps compute for themselves, in its float64
// operation order, so the warps see the very numbers cv2 does (the
// fixed-point coordinates round them: one ulp can move a pixel at a tie).
// src/warp/warp.h states the rest of the arithmetic.
import { cosSinDegrees } from './trig.js';

/**
 * warpAffine's own inverse of a 2×3 (without WARP_INVERSE_MAP):
 * D = 1 / (a·e − b·d), then a' = e·D, e' = a·D, b' = −b·D, d' = −d·D,
 * c' = −a'·c − b'·f, f' = −d'·c − e'·f.
 */
export function cvInvertAffine([a, b, c, d, e, f]) {
  let D = a * e - b * d;
  D = D !== 0 ? 1 / D : 0;
  const a1 = e * D, e1 = a * D, b1 = b * -D, d1 = d * -D;
  return [a1, b1, -a1 * c - b1 * f, d1, e1, -d1 * c - e1 * f];
}

/** cv::invert (DECOMP_LU) of a 3×3: the adjugate times 1 / det, det expanded along the first row. */
export function cvInvertPerspective(s) {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = s;
  let d = m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20);
  if (d === 0) return [0, 0, 0, 0, 0, 0, 0, 0, 0];
  d = 1 / d;
  return [
    (m11 * m22 - m12 * m21) * d, (m02 * m21 - m01 * m22) * d, (m01 * m12 - m02 * m11) * d,
    (m12 * m20 - m10 * m22) * d, (m00 * m22 - m02 * m20) * d, (m02 * m10 - m00 * m12) * d,
    (m10 * m21 - m11 * m20) * d, (m01 * m20 - m00 * m21) * d, (m00 * m11 - m01 * m10) * d,
  ];
}

/**
 * cv2.getRotationMatrix2D(center, degrees, scale): the centre is a float32
 * point, the angle goes to radians as degrees·(π / 180), then cos and sin
 * (no exact quarter turns: cos 90° is 6.1e-17 there too), correctly rounded
 * (trig.js: glibc's values but for rare near-halfway cases, in every engine).
 */
export function cvRotationMatrix(degrees, center, scale) {
  const [cosA, sinA] = cosSinDegrees(degrees);
  return rotationMatrix(cosA, sinA, center, scale);
}

/** getRotationMatrix2D's matrix from its cos and sin, in its operation order (centre rounded to float32). */
export function rotationMatrix(cosA, sinA, [cx, cy], scale) {
  const x = Math.fround(cx), y = Math.fround(cy);
  const alpha = cosA * scale, beta = sinA * scale;
  return [alpha, beta, (1 - alpha) * x - beta * y, -beta, alpha, beta * x + (1 - alpha) * y];
}
