/* float16 and bfloat16 <-> float32, bit-exact and branch-light.
 * Narrowing rounds to nearest even and keeps NaNs quiet NaNs, as IEEE 754 and
 * numpy's astype do. */
#ifndef TW_COMMON_HALF_H
#define TW_COMMON_HALF_H

#include <stdint.h>
#include <string.h>

static inline uint32_t tw_f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float tw_f32_from_bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static inline float tw_bf16_to_f32(uint16_t h) { return tw_f32_from_bits((uint32_t)h << 16); }

static inline uint16_t tw_f32_to_bf16(float f) {
  const uint32_t u = tw_f32_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x0040u); /* quiet NaN */
  const uint32_t rounding = 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)((u + rounding) >> 16);
}

static inline float tw_f16_to_f32(uint16_t h) {
  const uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu;
  const uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) return tw_f32_from_bits(sign | 0x7f800000u | (mantissa << 13));
  if (exponent != 0) return tw_f32_from_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  /* zero or subnormal: mantissa * 2^-24 is exact in float32 */
  const float magnitude = (float)mantissa * 0x1p-24f;
  return sign ? -magnitude : magnitude;
}

static inline uint16_t tw_f32_to_f16(float f) {
  const uint32_t u = tw_f32_bits(f);
  const uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
  const uint32_t abs_bits = u & 0x7fffffffu;
  if (abs_bits > 0x7f800000u) return sign | 0x7e00u | (uint16_t)((abs_bits >> 13) & 0x3ffu);
  if (abs_bits >= 0x477ff000u) return sign | 0x7c00u; /* rounds to >= 65520: infinity */
  if (abs_bits < 0x38800000u) {
    /* below the smallest normal half: round x * 2^24 to an integer, half to even.
     * Adding 0.5 (= 2^-1) in float32 performs exactly that rounding. */
    const float scaled = tw_f32_from_bits(abs_bits) + 0.5f;
    return sign | (uint16_t)(tw_f32_bits(scaled) - 0x3f000000u);
  }
  const uint32_t rounding = 0xfffu + ((abs_bits >> 13) & 1u);
  return sign | (uint16_t)((abs_bits - 0x38000000u + rounding) >> 13);
}

#endif
