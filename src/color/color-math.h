/* The float32 arithmetic torch 1.13 does underneath torchvision's colour
 * ops, reproduced bit for bit (see /work/shared/parity/TORCHVISION.md for
 * the facts; every function here was checked against torch through the
 * fixtures of tools/fixtures/torchvision_color.py).
 *
 *   tw_color_expf(x):      SLEEF 3.5's expf_u10 as its FMA builds compute
 *                          it (torch's AVX2 exp of float32).
 *   tw_color_powf(x, y):   SLEEF 3.5's powf_u10 (FMA), for x in [0, 1] and
 *                          finite y > 0, the only arguments gamma gives it.
 *   tw_color_fmaf(a, b, c): round(a·b + c) once, exactly (a fused
 *                          multiply-add; core wasm has none): a·b is exact
 *                          in double, the sum's double rounding is undone
 *                          with its TwoSum error where it lands on a tie.
 *   tw_color_torch_sum_*:  torch's one-thread float32 sum of a contiguous
 *                          vector (SumKernel's cascade over rows of 8 lanes,
 *                          4 accumulators; a scalar tail first, then the
 *                          lanes), of float32 values or of bytes. */
#ifndef TW_COLOR_COLOR_MATH_H
#define TW_COLOR_COLOR_MATH_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

float tw_color_expf(float x);
float tw_color_powf(float x, float y);
float tw_color_torch_sum_f32(const float* x, size_t n);
float tw_color_torch_sum_u8(const uint8_t* x, size_t n);

static inline float tw_color_fmaf(float a, float b, float c) {
  const double p = (double)a * (double)b; /* exact: 24 + 24 bits */
  const double s = p + (double)c;
  const float r = (float)s;
  const double bb = s - p; /* TwoSum: s + e is p + c exactly */
  const double e = (p - (s - bb)) + ((double)c - bb);
  if (e == 0.0 || (double)r == s) return r; /* s exact, or a float: no double rounding */
  /* s fell between two floats; only a tie can have been rounded the wrong way. */
  const float other = nextafterf(r, s > (double)r ? INFINITY : -INFINITY);
  if (((double)r + (double)other) * 0.5 != s) return r;
  return e > 0 ? fmaxf(r, other) : fminf(r, other);
}

#endif
