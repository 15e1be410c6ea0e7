/* PIL resize micro-kernels, wasm SIMD. The sums are 32-bit integers that
 * wrap (i32x4.add/mul), so any order of the additions gives the bits of
 * resize-pil-kernels-scalar.c.
 *
 * hpass, 2-4 channels: one destination pixel per vector, its channels in
 * lanes 0..C-1; each tap is widened u8 -> i32, multiplied by the splatted
 * weight and added. 1 channel: four taps per vector (widened bytes times
 * four weights), lanes summed at the end, the last count % 4 taps scalar.
 * vpass: channel-blind, 16 values per step (4 vectors of sums), then a
 * scalar tail.
 * clip8 is the arithmetic shift then the saturating narrows (i32 -> i16 ->
 * u8): a shifted sum lies in [-512, 511], so the narrows clamp to [0, 255]
 * exactly as min/max would. */
#include <string.h>

#include "common/simd.h"
#include "image/resize-pil-internal.h"

static inline v128_t widen4(v128_t bytes) { return wasm_u32x4_extend_low_u16x8(wasm_u16x8_extend_low_u8x16(bytes)); }

static inline v128_t load_pixel(const uint8_t* p, int32_t channels) {
  uint32_t bits = 0;
  switch (channels) {
    case 4: return wasm_v128_load32_zero(p);
    case 3: bits = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16; break;
    default: bits = (uint32_t)p[0] | (uint32_t)p[1] << 8; break;
  }
  return wasm_i32x4_splat((int32_t)bits);
}

/* four sums -> four bytes in lanes 0..3 of the result (clip8 on each) */
static inline v128_t clip8x4(v128_t acc) {
  const v128_t shifted = wasm_i32x4_shr(acc, TW_RESIZE_PIL_BITS);
  const v128_t halves = wasm_i16x8_narrow_i32x4(shifted, shifted);
  return wasm_u8x16_narrow_i16x8(halves, halves);
}

static inline void store_pixel(uint8_t* d, v128_t bytes, int32_t channels) {
  switch (channels) {
    case 4: wasm_v128_store32_lane(d, bytes, 0); break;
    case 3: wasm_v128_store16_lane(d, bytes, 0); wasm_v128_store8_lane(d + 2, bytes, 2); break;
    default: wasm_v128_store16_lane(d, bytes, 0); break;
  }
}

/* `channels` is a constant in each call below, so the switches fold away. */
static inline void hpass_pixels(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                                const int32_t* bounds, const int32_t* weights, size_t ksize) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)bounds[2 * x] * (size_t)channels;
    const int32_t count = bounds[2 * x + 1];
    const int32_t* k = weights + (size_t)x * (size_t)ksize;
    v128_t acc = wasm_i32x4_splat((int32_t)TW_RESIZE_PIL_HALF);
    for (int32_t t = 0; t < count; t++) {
      const v128_t value = widen4(load_pixel(pixel + (size_t)t * (size_t)channels, channels));
      acc = wasm_i32x4_add(acc, wasm_i32x4_mul(value, wasm_i32x4_splat(k[t])));
    }
    store_pixel(dst + (size_t)x * (size_t)channels, clip8x4(acc), channels);
  }
}

static void hpass_gray(const uint8_t* src, uint8_t* dst, int32_t width, const int32_t* bounds,
                       const int32_t* weights, size_t ksize) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + bounds[2 * x];
    const int32_t count = bounds[2 * x + 1];
    const int32_t* k = weights + (size_t)x * (size_t)ksize;
    v128_t acc = wasm_i32x4_splat(0);
    int32_t t = 0;
    for (; t + 4 <= count; t += 4) {
      const v128_t value = widen4(wasm_v128_load32_zero(pixel + t));
      acc = wasm_i32x4_add(acc, wasm_i32x4_mul(value, wasm_v128_load(k + t)));
    }
    uint32_t sum = TW_RESIZE_PIL_HALF + (uint32_t)wasm_i32x4_extract_lane(acc, 0) +
                   (uint32_t)wasm_i32x4_extract_lane(acc, 1) + (uint32_t)wasm_i32x4_extract_lane(acc, 2) +
                   (uint32_t)wasm_i32x4_extract_lane(acc, 3);
    for (; t < count; t++) sum += (uint32_t)k[t] * pixel[t];
    dst[x] = tw_resize_pil_clip8(sum);
  }
}

void tw_resize_pil_hpass__wasmsimd(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                                   const int32_t* bounds, const int32_t* weights, size_t ksize) {
  switch (channels) {
    case 4: hpass_pixels(src, dst, width, 4, bounds, weights, ksize); break;
    case 3: hpass_pixels(src, dst, width, 3, bounds, weights, ksize); break;
    case 2: hpass_pixels(src, dst, width, 2, bounds, weights, ksize); break;
    default: hpass_gray(src, dst, width, bounds, weights, ksize); break;
  }
}

void tw_resize_pil_vpass__wasmsimd(const uint8_t* rows, size_t stride, const int32_t* k, int32_t count, size_t bytes,
                                   uint8_t* dst) {
  const v128_t half = wasm_i32x4_splat((int32_t)TW_RESIZE_PIL_HALF);
  size_t i = 0;
  for (; i + 16 <= bytes; i += 16) {
    v128_t a0 = half, a1 = half, a2 = half, a3 = half;
    for (int32_t t = 0; t < count; t++) {
      const v128_t v = wasm_v128_load(rows + (size_t)t * stride + i);
      const v128_t w = wasm_i32x4_splat(k[t]);
      const v128_t lo = wasm_u16x8_extend_low_u8x16(v), hi = wasm_u16x8_extend_high_u8x16(v);
      a0 = wasm_i32x4_add(a0, wasm_i32x4_mul(wasm_u32x4_extend_low_u16x8(lo), w));
      a1 = wasm_i32x4_add(a1, wasm_i32x4_mul(wasm_u32x4_extend_high_u16x8(lo), w));
      a2 = wasm_i32x4_add(a2, wasm_i32x4_mul(wasm_u32x4_extend_low_u16x8(hi), w));
      a3 = wasm_i32x4_add(a3, wasm_i32x4_mul(wasm_u32x4_extend_high_u16x8(hi), w));
    }
    const v128_t h0 = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(a0, TW_RESIZE_PIL_BITS), wasm_i32x4_shr(a1, TW_RESIZE_PIL_BITS));
    const v128_t h1 = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(a2, TW_RESIZE_PIL_BITS), wasm_i32x4_shr(a3, TW_RESIZE_PIL_BITS));
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(h0, h1));
  }
  if (i < bytes) tw_resize_pil_vpass__scalar(rows + i, stride, k, count, bytes - i, dst + i);
}
