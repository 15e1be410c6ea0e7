/* AveragePool dtype adapters: the executors work in float (f32, f16, bf16)
 * or double (f64, u8); these convert one input plane in and one output row
 * out. Narrowing rounds to nearest even (half.h for f16/bf16; f64.nearest /
 * nearbyint for u8, whose mean of exact integer sums is in [0, 255]). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "avgpool-plan.h"
#include "common/half.h"

static inline double u8_to_f64(uint8_t v) { return v; }

/* The sum S and divisor D are exact integers and S/D is correctly rounded,
 * so rounding it again is exact: S/D lies at least 1/(2D) away from any
 * half-integer it is not equal to, far more than double's error at <= 255.
 * NaN (no data taps, count_include_pad = 0) has no uint8 value: 0. */
static inline uint8_t f64_to_u8(double v) {
  return v != v ? 0 : v <= 0.0 ? 0 : v >= 255.0 ? 255 : (uint8_t)nearbyint(v);
}

/* Every adapter is one element-wise conversion over n elements; the plan
 * calls them through the void* signature of widen / narrow. */
#define TW_AVGPOOL_CONVERT(name, from, to, convert)         \
  void name(size_t n, const void* src, void* dst) {         \
    const from* in = src;                                   \
    to* out = dst;                                          \
    for (size_t i = 0; i < n; i++) out[i] = convert(in[i]); \
  }
TW_AVGPOOL_CONVERT(tw_avgpool_widen_f16, uint16_t, float, tw_f16_to_f32)
TW_AVGPOOL_CONVERT(tw_avgpool_widen_bf16, uint16_t, float, tw_bf16_to_f32)
TW_AVGPOOL_CONVERT(tw_avgpool_widen_u8, uint8_t, double, u8_to_f64)
TW_AVGPOOL_CONVERT(tw_avgpool_narrow_f16, float, uint16_t, tw_f32_to_f16)
TW_AVGPOOL_CONVERT(tw_avgpool_narrow_bf16, float, uint16_t, tw_f32_to_bf16)
TW_AVGPOOL_CONVERT(tw_avgpool_narrow_u8, double, uint8_t, f64_to_u8)
