/* PIL resize micro-kernels, wasm SIMD. Each weight is split into int16
 * halves, k = kh·2^15 + kl (tw_resize_pil_table), so two taps take one
 * i32x4.dot_i16x8_s per half: no 32-bit multiply (i32x4.mul is slow on x86,
 * and its SIMDe emulation overflows a signed int). Products and pair sums
 * fit in int32 (|kh|, kl <= 2^15, values <= 255); the two sums wrap like the
 * scalar kernel's uint32 and are joined as 2^15·Σkh·v + Σkl·v, which is
 * Σ k·v modulo 2^32: the bits of resize-pil-kernels-scalar.c.
 *
 * hpass, 2-4 channels: one destination pixel per vector; two source pixels
 * are interleaved channel by channel into int16 lanes (a0 b0 a1 b1 ...) and
 * dotted with the splatted pair of weights. 1 channel: eight taps per step
 * (widened bytes dotted with four pairs of weights), lanes summed at the
 * end, the last count % 8 taps scalar.
 * vpass: 16 values per step, two rows at a time (their bytes interleaved,
 * then widened), then a scalar tail.
 * clip8 is the arithmetic shift then the saturating narrows (i32 -> i16 ->
 * u8): a shifted sum lies in [-512, 511], so the narrows clamp to [0, 255]
 * exactly as min/max would. */
#include <string.h>

#include "common/simd.h"
#include "image/resize-pil-internal.h"

/* 2^15·hi + lo + HALF, lane by lane (wrapping) */
static inline v128_t join(v128_t hi, v128_t lo) {
  return wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_shl(hi, 15), lo), wasm_i32x4_splat((int32_t)TW_RESIZE_PIL_HALF));
}

/* four sums -> four bytes in lanes 0..3 of the result (clip8 on each) */
static inline v128_t clip8x4(v128_t acc) {
  const v128_t shifted = wasm_i32x4_shr(acc, TW_RESIZE_PIL_BITS);
  const v128_t halves = wasm_i16x8_narrow_i32x4(shifted, shifted);
  return wasm_u8x16_narrow_i16x8(halves, halves);
}

/* `n` bytes (<= 8) at p into the low bytes of a vector, the rest 0 */
static inline v128_t load_bytes(const uint8_t* p, size_t n) {
  uint64_t bits = 0;
  memcpy(&bits, p, n); /* little-endian, as wasm is */
  return wasm_i64x2_make((int64_t)bits, 0);
}

/* Pixels a (bytes 0..C-1) and b (bytes C..2C-1) -> int16 lanes a0 b0 a1 b1 ... */
static inline v128_t interleave(v128_t v, int32_t channels) {
  const v128_t z = wasm_i32x4_splat(0);
  switch (channels) {
    case 4: return wasm_i8x16_shuffle(v, z, 0, 16, 4, 16, 1, 16, 5, 16, 2, 16, 6, 16, 3, 16, 7, 16);
    case 3: return wasm_i8x16_shuffle(v, z, 0, 16, 3, 16, 1, 16, 4, 16, 2, 16, 5, 16, 16, 16, 16, 16);
    default: return wasm_i8x16_shuffle(v, z, 0, 16, 2, 16, 1, 16, 3, 16, 16, 16, 16, 16, 16, 16, 16, 16);
  }
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
                                const int32_t* bounds, const tw_resize_pil_table* weights) {
  const size_t pair_bytes = 2 * (size_t)channels;
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)bounds[2 * x] * (size_t)channels;
    const int32_t count = bounds[2 * x + 1];
    const uint32_t* hi = weights->halves + (size_t)x * 2 * weights->pairs;
    const uint32_t* lo = hi + weights->pairs;
    v128_t sum_hi = wasm_i32x4_splat(0), sum_lo = wasm_i32x4_splat(0);
    int32_t t = 0;
    for (; t + 2 <= count; t += 2) {
      const v128_t v = interleave(channels == 4 ? wasm_v128_load64_zero(pixel) : load_bytes(pixel, pair_bytes), channels);
      sum_hi = wasm_i32x4_add(sum_hi, wasm_i32x4_dot_i16x8(v, wasm_v128_load32_splat(hi + t / 2)));
      sum_lo = wasm_i32x4_add(sum_lo, wasm_i32x4_dot_i16x8(v, wasm_v128_load32_splat(lo + t / 2)));
      pixel += pair_bytes;
    }
    if (t < count) { /* the odd last tap: its pair's second weight is 0, and b is read as 0 */
      const v128_t v = interleave(load_bytes(pixel, (size_t)channels), channels);
      sum_hi = wasm_i32x4_add(sum_hi, wasm_i32x4_dot_i16x8(v, wasm_v128_load32_splat(hi + t / 2)));
      sum_lo = wasm_i32x4_add(sum_lo, wasm_i32x4_dot_i16x8(v, wasm_v128_load32_splat(lo + t / 2)));
    }
    store_pixel(dst + (size_t)x * (size_t)channels, clip8x4(join(sum_hi, sum_lo)), channels);
  }
}

static uint32_t lane_sum(v128_t v) {
  return (uint32_t)wasm_i32x4_extract_lane(v, 0) + (uint32_t)wasm_i32x4_extract_lane(v, 1) +
         (uint32_t)wasm_i32x4_extract_lane(v, 2) + (uint32_t)wasm_i32x4_extract_lane(v, 3);
}

static void hpass_gray(const uint8_t* src, uint8_t* dst, int32_t width, const int32_t* bounds,
                       const tw_resize_pil_table* weights) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + bounds[2 * x];
    const int32_t count = bounds[2 * x + 1];
    const int32_t* k = weights->k + (size_t)x * weights->ksize;
    const uint32_t* hi = weights->halves + (size_t)x * 2 * weights->pairs;
    const uint32_t* lo = hi + weights->pairs;
    v128_t sum_hi = wasm_i32x4_splat(0), sum_lo = wasm_i32x4_splat(0);
    int32_t t = 0;
    for (; t + 8 <= count; t += 8) {
      const v128_t v = wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(pixel + t));
      sum_hi = wasm_i32x4_add(sum_hi, wasm_i32x4_dot_i16x8(v, wasm_v128_load(hi + t / 2)));
      sum_lo = wasm_i32x4_add(sum_lo, wasm_i32x4_dot_i16x8(v, wasm_v128_load(lo + t / 2)));
    }
    uint32_t sum = TW_RESIZE_PIL_HALF + (lane_sum(sum_hi) << 15) + lane_sum(sum_lo);
    for (; t < count; t++) sum += (uint32_t)k[t] * pixel[t];
    dst[x] = tw_resize_pil_clip8(sum);
  }
}

void tw_resize_pil_hpass__wasmsimd(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                                   const int32_t* bounds, const tw_resize_pil_table* weights) {
  switch (channels) {
    case 4: hpass_pixels(src, dst, width, 4, bounds, weights); break;
    case 3: hpass_pixels(src, dst, width, 3, bounds, weights); break;
    case 2: hpass_pixels(src, dst, width, 2, bounds, weights); break;
    default: hpass_gray(src, dst, width, bounds, weights); break;
  }
}

/* Rows r0, r1 (16 values each) into four vectors of int16 pairs
 * (r0[i], r1[i]), dotted with the weight pair and added to the sums. */
static inline void add_rows(v128_t r0, v128_t r1, v128_t w_hi, v128_t w_lo, v128_t* hi, v128_t* lo) {
  const v128_t a = wasm_i8x16_shuffle(r0, r1, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const v128_t b = wasm_i8x16_shuffle(r0, r1, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const v128_t v[4] = {wasm_u16x8_extend_low_u8x16(a), wasm_u16x8_extend_high_u8x16(a),
                       wasm_u16x8_extend_low_u8x16(b), wasm_u16x8_extend_high_u8x16(b)};
  for (int j = 0; j < 4; j++) {
    hi[j] = wasm_i32x4_add(hi[j], wasm_i32x4_dot_i16x8(v[j], w_hi));
    lo[j] = wasm_i32x4_add(lo[j], wasm_i32x4_dot_i16x8(v[j], w_lo));
  }
}

void tw_resize_pil_vpass__wasmsimd(const uint8_t* rows, size_t stride, const tw_resize_pil_table* weights, size_t row,
                                   int32_t count, size_t bytes, uint8_t* dst) {
  const uint32_t* w_hi = weights->halves + row * 2 * weights->pairs;
  const uint32_t* w_lo = w_hi + weights->pairs;
  size_t i = 0;
  for (; i + 16 <= bytes; i += 16) {
    v128_t hi[4], lo[4];
    for (int j = 0; j < 4; j++) hi[j] = lo[j] = wasm_i32x4_splat(0);
    const uint8_t* r = rows + i;
    int32_t t = 0;
    for (; t + 2 <= count; t += 2, r += 2 * stride) {
      add_rows(wasm_v128_load(r), wasm_v128_load(r + stride), wasm_v128_load32_splat(w_hi + t / 2),
               wasm_v128_load32_splat(w_lo + t / 2), hi, lo);
    }
    if (t < count) { /* the odd last row: its pair's second weight is 0 */
      add_rows(wasm_v128_load(r), wasm_i32x4_splat(0), wasm_v128_load32_splat(w_hi + t / 2),
               wasm_v128_load32_splat(w_lo + t / 2), hi, lo);
    }
    v128_t s[4];
    for (int j = 0; j < 4; j++) s[j] = wasm_i32x4_shr(join(hi[j], lo[j]), TW_RESIZE_PIL_BITS);
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(s[0], s[1]), wasm_i16x8_narrow_i32x4(s[2], s[3])));
  }
  if (i < bytes) tw_resize_pil_vpass__scalar(rows + i, stride, weights, row, count, bytes - i, dst + i);
}
