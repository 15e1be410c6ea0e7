/* Resize micro-kernels, wasm SIMD: the same IEEE operations in the same order
 * as resize-kernels-scalar.c, so the results are bit-identical.
 *
 * hpass: one output pixel per vector, its channels in lanes 0..C-1 (a
 * 4-channel pixel is one 32-bit load); each tap is widened u8 -> f32,
 * multiplied by the splatted weight and added.
 * vpass: channel-blind, 16 values per step (4 vectors), then 4, then a
 * scalar tail; rounding is f32x4.nearest (half to even), the clamp is the
 * saturating narrows (i32 -> i16 -> u8). */
#include <string.h>

#include "common/simd.h"
#include "image/resize-internal.h"

static inline v128_t load_pixel(const uint8_t* p, int32_t channels) {
  uint32_t bits = 0;
  switch (channels) {
    case 4: return wasm_v128_load32_zero(p);
    case 3: bits = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16; break;
    case 2: bits = (uint32_t)p[0] | (uint32_t)p[1] << 8; break;
    default: bits = p[0]; break;
  }
  return wasm_i32x4_splat((int32_t)bits);
}

static inline void store_pixel(float* d, v128_t v, int32_t channels) {
  switch (channels) {
    case 4: wasm_v128_store(d, v); break;
    case 3: wasm_v128_store64_lane(d, v, 0); wasm_v128_store32_lane(d + 2, v, 2); break;
    case 2: wasm_v128_store64_lane(d, v, 0); break;
    default: wasm_v128_store32_lane(d, v, 0); break;
  }
}

/* Bytes 0..3 -> four floats, exactly: each byte becomes the low bits of the
 * float 2^23 (one shuffle, one or), then 2^23 is subtracted. Written with
 * extends and f32x4.convert, LLVM 14 turns this into four extract_lane /
 * convert / replace_lane sequences per tap. */
static inline v128_t widen(v128_t bytes) {
  const v128_t spread = wasm_i8x16_shuffle(bytes, wasm_i32x4_splat(0), 0, 16, 16, 16, 1, 16, 16, 16, 2, 16, 16, 16, 3, 16, 16, 16);
  const v128_t two23 = wasm_f32x4_splat(8388608.0f);
  return wasm_f32x4_sub(wasm_v128_or(spread, two23), two23);
}

/* `channels` is a constant in each call below, so the switches fold away. */
static inline void hpass(const uint8_t* src, float* dst, int32_t width, int32_t channels, const int32_t* first,
                         const float* weights, int32_t taps, int32_t clamp) {
  const v128_t zero = wasm_f32x4_splat(0.0f), top = wasm_f32x4_splat(255.0f);
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * (size_t)channels;
    const float* w = weights + (size_t)x * (size_t)taps;
    v128_t sum = wasm_f32x4_splat(0.0f);
    for (int32_t k = 0; k < taps; k++) {
      const v128_t value = widen(load_pixel(pixel + (size_t)k * (size_t)channels, channels));
      sum = wasm_f32x4_add(sum, wasm_f32x4_mul(wasm_v128_load32_splat(w + k), value));
    }
    if (clamp) sum = wasm_f32x4_pmin(top, wasm_f32x4_pmax(zero, sum));
    store_pixel(dst + (size_t)x * (size_t)channels, sum, channels);
  }
}

void tw_resize_hpass__wasmsimd(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                               const int32_t* first, const float* weights, int32_t taps, int32_t clamp) {
  switch (channels) {
    case 1: hpass(src, dst, width, 1, first, weights, taps, clamp); break;
    case 2: hpass(src, dst, width, 2, first, weights, taps, clamp); break;
    case 3: hpass(src, dst, width, 3, first, weights, taps, clamp); break;
    default: hpass(src, dst, width, 4, first, weights, taps, clamp); break;
  }
}

static inline v128_t finish(v128_t sum, float divisor) {
  if (divisor != 1.0f) sum = wasm_f32x4_div(sum, wasm_f32x4_splat(divisor));
  return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(sum));
}

void tw_resize_vpass__wasmsimd(const float* rows, size_t stride, const float* weights, int32_t taps,
                               size_t count, float divisor, uint8_t* dst) {
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    v128_t s0 = wasm_f32x4_splat(0.0f), s1 = s0, s2 = s0, s3 = s0;
    const float* row = rows + i;
    for (int32_t k = 0; k < taps; k++, row += stride) {
      const v128_t w = wasm_v128_load32_splat(weights + k);
      s0 = wasm_f32x4_add(s0, wasm_f32x4_mul(w, wasm_v128_load(row)));
      s1 = wasm_f32x4_add(s1, wasm_f32x4_mul(w, wasm_v128_load(row + 4)));
      s2 = wasm_f32x4_add(s2, wasm_f32x4_mul(w, wasm_v128_load(row + 8)));
      s3 = wasm_f32x4_add(s3, wasm_f32x4_mul(w, wasm_v128_load(row + 12)));
    }
    const v128_t lo = wasm_i16x8_narrow_i32x4(finish(s0, divisor), finish(s1, divisor));
    const v128_t hi = wasm_i16x8_narrow_i32x4(finish(s2, divisor), finish(s3, divisor));
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  for (; i + 4 <= count; i += 4) {
    v128_t s = wasm_f32x4_splat(0.0f);
    const float* row = rows + i;
    for (int32_t k = 0; k < taps; k++, row += stride) {
      s = wasm_f32x4_add(s, wasm_f32x4_mul(wasm_v128_load32_splat(weights + k), wasm_v128_load(row)));
    }
    const v128_t words = wasm_i16x8_narrow_i32x4(finish(s, divisor), wasm_i32x4_splat(0));
    wasm_v128_store32_lane(dst + i, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
  if (i < count) tw_resize_vpass__scalar(rows + i, stride, weights, taps, count - i, divisor, dst + i);
}

void tw_resize_box_rows__wasmsimd(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint16_t* sums) {
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    v128_t lo = wasm_i16x8_splat(0), hi = lo;
    const uint8_t* p = src + i;
    for (int32_t r = 0; r < ky; r++, p += stride) {
      const v128_t v = wasm_v128_load(p);
      lo = wasm_i16x8_add(lo, wasm_u16x8_extend_low_u8x16(v));
      hi = wasm_i16x8_add(hi, wasm_u16x8_extend_high_u8x16(v));
    }
    wasm_v128_store(sums + i, lo);
    wasm_v128_store(sums + i + 8, hi);
  }
  if (i < count) tw_resize_box_rows__scalar(src + i, stride, ky, count - i, sums + i);
}

/* 4 channels: one pixel's sums per vector, 4 pixels narrowed and stored together. */
static inline v128_t box_pixel(const uint16_t* sums, int32_t kx, v128_t divisor) {
  v128_t sum = wasm_i32x4_splat(0);
  for (int32_t t = 0; t < kx; t++) sum = wasm_i32x4_add(sum, wasm_u32x4_extend_low_u16x8(wasm_v128_load64_zero(sums + 4 * t)));
  return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_f32x4_div(wasm_f32x4_convert_i32x4(sum), divisor)));
}

void tw_resize_box_cols__wasmsimd(const uint16_t* sums, int32_t width, int32_t channels, int32_t kx, float divisor,
                                  uint8_t* dst) {
  if (channels != 4) {
    tw_resize_box_cols__scalar(sums, width, channels, kx, divisor, dst);
    return;
  }
  const v128_t d = wasm_f32x4_splat(divisor);
  const size_t step = 4 * (size_t)kx;
  int32_t x = 0;
  for (; x + 4 <= width; x += 4) {
    const uint16_t* s = sums + (size_t)x * step;
    const v128_t lo = wasm_i16x8_narrow_i32x4(box_pixel(s, kx, d), box_pixel(s + step, kx, d));
    const v128_t hi = wasm_i16x8_narrow_i32x4(box_pixel(s + 2 * step, kx, d), box_pixel(s + 3 * step, kx, d));
    wasm_v128_store(dst + 4 * (size_t)x, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  for (; x < width; x++) {
    const v128_t words = wasm_i16x8_narrow_i32x4(box_pixel(sums + (size_t)x * step, kx, d), wasm_i32x4_splat(0));
    wasm_v128_store32_lane(dst + 4 * (size_t)x, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
}
