/* AveragePool dtype adapters: the executors work in float (f32, f16, bf16)
 * or double (f64, u8); these convert one input plane in and one output row
 * out. Narrowing rounds to nearest even (half.h for f16/bf16; f64.nearest /
 * nearbyint for u8, whose mean of exact integer sums is in [0, 255]). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "avgpool-plan.h"
#include "common/half.h"

void tw_avgpool_widen_f16(size_t n, const void* x, void* acc) {
  const uint16_t* in = x;
  float* out = acc;
  for (size_t i = 0; i < n; i++) out[i] = tw_f16_to_f32(in[i]);
}

void tw_avgpool_widen_bf16(size_t n, const void* x, void* acc) {
  const uint16_t* in = x;
  float* out = acc;
  for (size_t i = 0; i < n; i++) out[i] = tw_bf16_to_f32(in[i]);
}

void tw_avgpool_widen_u8(size_t n, const void* x, void* acc) {
  const uint8_t* in = x;
  double* out = acc;
  for (size_t i = 0; i < n; i++) out[i] = in[i];
}

void tw_avgpool_narrow_f16(size_t n, const void* acc, void* y) {
  const float* in = acc;
  uint16_t* out = y;
  for (size_t i = 0; i < n; i++) out[i] = tw_f32_to_f16(in[i]);
}

void tw_avgpool_narrow_bf16(size_t n, const void* acc, void* y) {
  const float* in = acc;
  uint16_t* out = y;
  for (size_t i = 0; i < n; i++) out[i] = tw_f32_to_bf16(in[i]);
}

/* The sum S and divisor D are exact integers and S/D is correctly rounded,
 * so rounding it again is exact: S/D lies at least 1/(2D) away from any
 * half-integer it is not equal to, far more than double's error at <= 255.
 * NaN (no data taps, count_include_pad = 0) has no uint8 value: 0. */
void tw_avgpool_narrow_u8(size_t n, const void* acc, void* y) {
  const double* in = acc;
  uint8_t* out = y;
  for (size_t i = 0; i < n; i++) {
    const double v = in[i];
    out[i] = v != v ? 0 : v <= 0.0 ? 0 : v >= 255.0 ? 255 : (uint8_t)nearbyint(v);
  }
}
