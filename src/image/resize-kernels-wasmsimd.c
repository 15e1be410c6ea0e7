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
                         const float* weights, int32_t taps) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * (size_t)channels;
    const float* w = weights + (size_t)x * (size_t)taps;
    v128_t sum = wasm_f32x4_splat(0.0f);
    for (int32_t k = 0; k < taps; k++) {
      const v128_t value = widen(load_pixel(pixel + (size_t)k * (size_t)channels, channels));
      sum = wasm_f32x4_add(sum, wasm_f32x4_mul(wasm_v128_load32_splat(w + k), value));
    }
    store_pixel(dst + (size_t)x * (size_t)channels, sum, channels);
  }
}

void tw_resize_hpass__wasmsimd(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                               const int32_t* first, const float* weights, int32_t taps) {
  switch (channels) {
    case 1: hpass(src, dst, width, 1, first, weights, taps); break;
    case 2: hpass(src, dst, width, 2, first, weights, taps); break;
    case 3: hpass(src, dst, width, 3, first, weights, taps); break;
    default: hpass(src, dst, width, 4, first, weights, taps); break;
  }
}

static inline v128_t finish(v128_t sum) { return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(sum)); }

void tw_resize_vpass__wasmsimd(const float* rows, size_t stride, const float* weights, int32_t taps,
                               size_t count, uint8_t* dst) {
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
    const v128_t lo = wasm_i16x8_narrow_i32x4(finish(s0), finish(s1));
    const v128_t hi = wasm_i16x8_narrow_i32x4(finish(s2), finish(s3));
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  for (; i + 4 <= count; i += 4) {
    v128_t s = wasm_f32x4_splat(0.0f);
    const float* row = rows + i;
    for (int32_t k = 0; k < taps; k++, row += stride) {
      s = wasm_f32x4_add(s, wasm_f32x4_mul(wasm_v128_load32_splat(weights + k), wasm_v128_load(row)));
    }
    const v128_t words = wasm_i16x8_narrow_i32x4(finish(s), wasm_i32x4_splat(0));
    wasm_v128_store32_lane(dst + i, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
  if (i < count) tw_resize_vpass__scalar(rows + i, stride, weights, taps, count - i, dst + i);
}

void tw_resize_box_rows__wasmsimd(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint32_t* sums) {
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    v128_t s0 = wasm_i32x4_splat(0), s1 = s0, s2 = s0, s3 = s0;
    const uint8_t* p = src + i;
    for (int32_t r = 0; r < ky; r++, p += stride) {
      const v128_t v = wasm_v128_load(p);
      const v128_t lo = wasm_u16x8_extend_low_u8x16(v), hi = wasm_u16x8_extend_high_u8x16(v);
      s0 = wasm_i32x4_add(s0, wasm_u32x4_extend_low_u16x8(lo));
      s1 = wasm_i32x4_add(s1, wasm_u32x4_extend_high_u16x8(lo));
      s2 = wasm_i32x4_add(s2, wasm_u32x4_extend_low_u16x8(hi));
      s3 = wasm_i32x4_add(s3, wasm_u32x4_extend_high_u16x8(hi));
    }
    wasm_v128_store(sums + i, s0);
    wasm_v128_store(sums + i + 4, s1);
    wasm_v128_store(sums + i + 8, s2);
    wasm_v128_store(sums + i + 12, s3);
  }
  if (i < count) tw_resize_box_rows__scalar(src + i, stride, ky, count - i, sums + i);
}

/* 4 channels: one pixel's sums per vector (S < 2^32, so u32 lanes hold it
 * and f32x4.convert_u rounds it as the scalar 64-bit conversion does). */
static inline v128_t box_pixel(const uint32_t* sums, int32_t kx, v128_t scale) {
  v128_t sum = wasm_i32x4_splat(0);
  for (int32_t t = 0; t < kx; t++) sum = wasm_i32x4_add(sum, wasm_v128_load(sums + 4 * t));
  return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_f32x4_mul(wasm_f32x4_convert_u32x4(sum), scale)));
}

void tw_resize_box_cols__wasmsimd(const uint32_t* sums, int32_t width, int32_t channels, int32_t kx, float scale,
                                  uint8_t* dst) {
  if (channels != 4) {
    tw_resize_box_cols__scalar(sums, width, channels, kx, scale, dst);
    return;
  }
  const v128_t k = wasm_f32x4_splat(scale);
  const size_t step = 4 * (size_t)kx;
  int32_t x = 0;
  for (; x + 4 <= width; x += 4) {
    const uint32_t* s = sums + (size_t)x * step;
    const v128_t lo = wasm_i16x8_narrow_i32x4(box_pixel(s, kx, k), box_pixel(s + step, kx, k));
    const v128_t hi = wasm_i16x8_narrow_i32x4(box_pixel(s + 2 * step, kx, k), box_pixel(s + 3 * step, kx, k));
    wasm_v128_store(dst + 4 * (size_t)x, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  for (; x < width; x++) {
    const v128_t words = wasm_i16x8_narrow_i32x4(box_pixel(sums + (size_t)x * step, kx, k), wasm_i32x4_splat(0));
    wasm_v128_store32_lane(dst + 4 * (size_t)x, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
}

/* (sum + 2) >> 2 of u16 lanes, narrowed to bytes (sums <= 1020: no saturation). */
static inline v128_t quarter(v128_t a, v128_t b) {
  const v128_t two = wasm_i16x8_splat(2);
  return wasm_u8x16_narrow_i16x8(wasm_u16x8_shr(wasm_i16x8_add(a, two), 2), wasm_u16x8_shr(wasm_i16x8_add(b, two), 2));
}

/* 1 channel: 32 source bytes of each row give 16 results (pairwise adds). */
static int32_t box2_gray(const uint8_t* r0, const uint8_t* r1, int32_t width, uint8_t* dst) {
  int32_t x = 0;
  for (; x + 16 <= width; x += 16) {
    const uint8_t *a = r0 + 2 * (size_t)x, *b = r1 + 2 * (size_t)x;
    const v128_t lo = wasm_i16x8_add(wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(a)),
                                     wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(b)));
    const v128_t hi = wasm_i16x8_add(wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(a + 16)),
                                     wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(b + 16)));
    wasm_v128_store(dst + x, quarter(lo, hi));
  }
  return x;
}

/* Two rows' sums of 16 bytes (4 RGBA pixels) -> the sums of pixel pairs (0,1), (2,3): 8 u16 lanes. */
static inline v128_t rgba_pairs(v128_t a, v128_t b) {
  const v128_t lo = wasm_i16x8_add(wasm_u16x8_extend_low_u8x16(a), wasm_u16x8_extend_low_u8x16(b));
  const v128_t hi = wasm_i16x8_add(wasm_u16x8_extend_high_u8x16(a), wasm_u16x8_extend_high_u8x16(b));
  return wasm_i16x8_add(wasm_i16x8_shuffle(lo, hi, 0, 1, 2, 3, 8, 9, 10, 11),
                        wasm_i16x8_shuffle(lo, hi, 4, 5, 6, 7, 12, 13, 14, 15));
}

/* 4 channels: 32 source bytes of each row give 4 pixels. */
static int32_t box2_rgba(const uint8_t* r0, const uint8_t* r1, int32_t width, uint8_t* dst) {
  int32_t x = 0;
  for (; x + 4 <= width; x += 4) {
    const uint8_t *a = r0 + 8 * (size_t)x, *b = r1 + 8 * (size_t)x;
    const v128_t p01 = rgba_pairs(wasm_v128_load(a), wasm_v128_load(b));
    const v128_t p23 = rgba_pairs(wasm_v128_load(a + 16), wasm_v128_load(b + 16));
    wasm_v128_store(dst + 4 * (size_t)x, quarter(p01, p23));
  }
  return x;
}

/* 3 channels: 24 source bytes of one row (8 pixels) -> the sums of pixel
 * pairs, channel by channel: values 0..7 in *lo, 8..11 in *hi. The first
 * and second pixel of each pair are gathered by one shuffle each from bytes
 * 0..15 and 16..23 (shuffle lanes 16.. are the second vector's). */
static inline void rgb_pairs(const uint8_t* p, v128_t* lo, v128_t* hi) {
  const v128_t a = wasm_v128_load(p), b = wasm_v128_load64_zero(p + 16);
  const v128_t first = wasm_i8x16_shuffle(a, b, 0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 19, 20, 0, 0, 0, 0);
  const v128_t second = wasm_i8x16_shuffle(a, b, 3, 4, 5, 9, 10, 11, 15, 16, 17, 21, 22, 23, 0, 0, 0, 0);
  *lo = wasm_i16x8_add(wasm_u16x8_extend_low_u8x16(first), wasm_u16x8_extend_low_u8x16(second));
  *hi = wasm_i16x8_add(wasm_u16x8_extend_high_u8x16(first), wasm_u16x8_extend_high_u8x16(second));
}

/* 3 channels: 24 source bytes of each row give 4 pixels (12 bytes). */
static int32_t box2_rgb(const uint8_t* r0, const uint8_t* r1, int32_t width, uint8_t* dst) {
  int32_t x = 0;
  for (; x + 4 <= width; x += 4) {
    v128_t lo0, hi0, lo1, hi1;
    rgb_pairs(r0 + 6 * (size_t)x, &lo0, &hi0);
    rgb_pairs(r1 + 6 * (size_t)x, &lo1, &hi1);
    const v128_t out = quarter(wasm_i16x8_add(lo0, lo1), wasm_i16x8_add(hi0, hi1));
    wasm_v128_store64_lane(dst + 3 * (size_t)x, out, 0);
    wasm_v128_store32_lane(dst + 3 * (size_t)x + 8, out, 2);
  }
  return x;
}

void tw_resize_box2__wasmsimd(const uint8_t* row0, const uint8_t* row1, int32_t width, int32_t channels,
                              uint8_t* dst) {
  int32_t x = 0;
  if (channels == 1) x = box2_gray(row0, row1, width, dst);
  if (channels == 3) x = box2_rgb(row0, row1, width, dst);
  if (channels == 4) x = box2_rgba(row0, row1, width, dst);
  const size_t at = (size_t)x * (size_t)channels;
  if (x < width) tw_resize_box2__scalar(row0 + 2 * at, row1 + 2 * at, width - x, channels, dst + at);
}

/* ---- OpenCV fixed point ---- */

/* Bytes 0..3 of a vector -> four int32 lanes. */
static inline v128_t widen_i32(v128_t bytes) { return wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(bytes)); }

static inline void store_i32_pixel(int32_t* d, v128_t v, int32_t channels) { store_pixel((float*)d, v, channels); }

/* 4 channels, 2 or 4 taps: two neighbouring pixels' 8 bytes, channel by
 * channel interleaved, against (w_k, w_k+1) pairs: one i32x4.dot_i16x8_s. */
static inline v128_t rgba_two_taps(const uint8_t* p, const int16_t* w) {
  const v128_t px = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(p));
  const v128_t mixed = wasm_i16x8_shuffle(px, px, 0, 4, 1, 5, 2, 6, 3, 7);
  return wasm_i32x4_dot_i16x8(mixed, wasm_v128_load32_splat(w));
}

static inline void hfixed(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                          const int64_t* first, const int16_t* weights, int32_t taps) {
  for (int32_t x = x0; x < x1; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * (size_t)channels;
    const int16_t* w = weights + (size_t)x * (size_t)taps;
    v128_t sum;
    if (channels == 4) {
      sum = rgba_two_taps(pixel, w);
      if (taps == 4) sum = wasm_i32x4_add(sum, rgba_two_taps(pixel + 8, w + 2));
    } else {
      sum = wasm_i32x4_splat(0);
      for (int32_t k = 0; k < taps; k++) {
        const v128_t value = widen_i32(load_pixel(pixel + (size_t)k * (size_t)channels, channels));
        sum = wasm_i32x4_add(sum, wasm_i32x4_mul(value, wasm_i32x4_splat(w[k])));
      }
    }
    store_i32_pixel(dst + (size_t)x * (size_t)channels, sum, channels);
  }
}

void tw_resize_hfixed__wasmsimd(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                                const int64_t* first, const int16_t* weights, int32_t taps) {
  switch (channels) {
    case 1: hfixed(src, dst, x0, x1, 1, first, weights, taps); break;
    case 2: hfixed(src, dst, x0, x1, 2, first, weights, taps); break;
    case 3: hfixed(src, dst, x0, x1, 3, first, weights, taps); break;
    default: hfixed(src, dst, x0, x1, 4, first, weights, taps); break;
  }
}

static inline v128_t vlinear4(const int32_t* r0, const int32_t* r1, v128_t b0, v128_t b1) {
  const v128_t t0 = wasm_i32x4_shr(wasm_i32x4_mul(wasm_i32x4_shr(wasm_v128_load(r0), 4), b0), 16);
  const v128_t t1 = wasm_i32x4_shr(wasm_i32x4_mul(wasm_i32x4_shr(wasm_v128_load(r1), 4), b1), 16);
  return wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(t0, t1), wasm_i32x4_splat(2)), 2);
}

void tw_resize_vlinear__wasmsimd(const int32_t* r0, const int32_t* r1, int16_t b0, int16_t b1, size_t count,
                                 uint8_t* dst) {
  const v128_t w0 = wasm_i32x4_splat(b0), w1 = wasm_i32x4_splat(b1);
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const v128_t lo = wasm_i16x8_narrow_i32x4(vlinear4(r0 + i, r1 + i, w0, w1), vlinear4(r0 + i + 4, r1 + i + 4, w0, w1));
    const v128_t hi = wasm_i16x8_narrow_i32x4(vlinear4(r0 + i + 8, r1 + i + 8, w0, w1), vlinear4(r0 + i + 12, r1 + i + 12, w0, w1));
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  if (i < count) tw_resize_vlinear__scalar(r0 + i, r1 + i, b0, b1, count - i, dst + i);
}

/* rne(h0·s0 + (h1·s1 + (h2·s2 + h3·s3))) on 4 lanes, as tw_resize_cubic_float. */
static inline v128_t vcubic4(const int32_t* const* rows, size_t i, const v128_t* s) {
  v128_t t = wasm_f32x4_mul(wasm_f32x4_convert_i32x4(wasm_v128_load(rows[3] + i)), s[3]);
  t = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(wasm_v128_load(rows[2] + i)), s[2]), t);
  t = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(wasm_v128_load(rows[1] + i)), s[1]), t);
  t = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(wasm_v128_load(rows[0] + i)), s[0]), t);
  return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(t));
}

void tw_resize_vcubic__wasmsimd(const int32_t* const* rows, const int16_t* b, size_t count, uint8_t* dst) {
  const size_t lanes = count & ~(size_t)7;
  const float unit = 1.0f / 4194304.0f;
  const v128_t s[4] = {wasm_f32x4_splat((float)b[0] * unit), wasm_f32x4_splat((float)b[1] * unit),
                       wasm_f32x4_splat((float)b[2] * unit), wasm_f32x4_splat((float)b[3] * unit)};
  size_t i = 0;
  for (; i + 16 <= lanes; i += 16) {
    const v128_t lo = wasm_i16x8_narrow_i32x4(vcubic4(rows, i, s), vcubic4(rows, i + 4, s));
    const v128_t hi = wasm_i16x8_narrow_i32x4(vcubic4(rows, i + 8, s), vcubic4(rows, i + 12, s));
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(lo, hi));
  }
  for (; i < lanes; i += 8) {
    const v128_t words = wasm_i16x8_narrow_i32x4(vcubic4(rows, i, s), vcubic4(rows, i + 4, s));
    wasm_v128_store64_lane(dst + i, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
  for (; i < count; i++) dst[i] = tw_resize_cubic_int(rows[0][i], rows[1][i], rows[2][i], rows[3][i], b);
}
