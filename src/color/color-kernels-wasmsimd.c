/* Colour micro-kernels, wasm SIMD (color-kernels.h): the same float32
 * operations in the same order as the scalar kernels, four lanes at a time,
 * so the bytes are the same. Byte-wise kernels take 16 bytes a step (with 4
 * channels a step starts on a pixel, so the alpha bytes are lanes 3, 7, 11,
 * 15); per-pixel kernels take 4 pixels a step, split into R, G and B lanes
 * by swizzles. Leftovers go through the scalar steps; nothing is read or
 * written outside the arrays. */
#include "color-kernels.h"

#include <string.h>

#include "color-wasmsimd.h"
void tw_color_blend__wasmsimd(const uint8_t* in, const uint8_t* other, uint8_t* out, size_t bytes, size_t channels,
                              float a, float b) {
  const v128_t keep = alpha_lanes(channels), va = wasm_f32x4_splat(a), vb = wasm_f32x4_splat(b);
  size_t i = 0;
  for (; i + 16 <= bytes; i += 16) {
    const v128_t v = wasm_v128_load(in + i);
    v128_t f[4], g[4];
    widen(v, f);
    widen(wasm_v128_load(other + i), g);
    for (int k = 0; k < 4; k++) f[k] = clamp_trunc_low(wasm_f32x4_add(wasm_f32x4_mul(va, f[k]), wasm_f32x4_mul(vb, g[k])));
    wasm_v128_store(out + i, wasm_v128_bitselect(v, narrow_low(f), keep));
  }
  /* the last < 16 bytes one by one (not from the last whole pixel: `other` may be `out`, sharpness blends in
   * place, so no byte may be computed twice) */
  TW_COLOR_PLAIN_LOOP
  for (; i < bytes; i++)
    out[i] = channels == 4 && i % 4 == 3 ? in[i] : tw_color_clamp_trunc(a * (float)in[i] + b * (float)other[i]);
}

void tw_color_bytes__wasmsimd(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, uint32_t threshold,
                              uint8_t mask) {
  const size_t bytes = pixels * channels;
  const v128_t keep = alpha_lanes(channels), vmask = wasm_i8x16_splat((int8_t)mask), ones = wasm_i8x16_splat(-1);
  const v128_t vthreshold = wasm_i8x16_splat((int8_t)(uint8_t)(threshold > 255 ? 255 : threshold));
  const int never = threshold > 255;
  size_t i = 0;
  for (; i + 16 <= bytes; i += 16) {
    const v128_t v = wasm_v128_load(in + i);
    const v128_t invert = never ? wasm_i32x4_splat(0) : wasm_u8x16_ge(v, vthreshold);
    const v128_t r = wasm_v128_bitselect(wasm_v128_xor(v, ones), wasm_v128_and(v, vmask), invert);
    wasm_v128_store(out + i, wasm_v128_bitselect(v, r, keep));
  }
  const size_t done = i / channels;
  tw_color_bytes__scalar(in + done * channels, out + done * channels, pixels - done, channels, threshold, mask);
}

TW_COLOR_INLINE size_t gray_steps(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,
                                  size_t out_channels) {
  const v128_t pick[3] = {gather_index(0, channels), gather_index(1, channels), gather_index(2, channels)};
  const v128_t place = out_channels == 1 ? scatter_index(0, 1, 1) : scatter_index(0, 3, out_channels);
  const v128_t keep = alpha_lanes(out_channels), magic = wasm_f32x4_splat(TW_COLOR_MAGIC);
  const size_t bytes = pixels * channels;
  size_t p = 0;
  for (; p + 4 <= pixels && p * channels + 16 <= bytes; p += 4, in += 4 * channels, out += 4 * out_channels) {
    const v128_t v = wasm_v128_load(in);
    const v128_t gray = wasm_i8x16_swizzle(wasm_f32x4_add(gray4(v, pick), magic), place);
    if (out_channels == 1) {
      wasm_v128_store32_lane(out, gray, 0);
    } else {
      store_pixels(out, wasm_v128_or(gray, wasm_v128_and(v, keep)), out_channels);
    }
  }
  return p;
}

void tw_color_gray__wasmsimd(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, size_t out_channels) {
  size_t p;
  if (channels == 4) {
    p = out_channels == 1 ? gray_steps(in, out, pixels, 4, 1) : out_channels == 3 ? gray_steps(in, out, pixels, 4, 3)
                                                                                : gray_steps(in, out, pixels, 4, 4);
  } else {
    p = out_channels == 1 ? gray_steps(in, out, pixels, 3, 1) : gray_steps(in, out, pixels, 3, 3);
  }
  tw_color_gray__scalar(in + p * channels, out + p * out_channels, pixels - p, channels, out_channels);
}

/* The sum of the gray bytes of `pixels` pixels (the mean of adjust_contrast). Per lane, blocks of at most
 * 65536 pixels (sums below 2^24: exact in float32), then into an integer. */
uint64_t tw_color_gray_sum__wasmsimd(const uint8_t* in, size_t pixels, size_t channels) {
  const v128_t pick[3] = {gather_index(0, channels), gather_index(1, channels), gather_index(2, channels)};
  const size_t bytes = pixels * channels;
  uint64_t total = 0;
  size_t p = 0;
  while (p + 4 <= pixels && p * channels + 16 <= bytes) {
    v128_t acc = wasm_f32x4_splat(0.0f);
    for (size_t n = 0; n < 65536 && p + 4 <= pixels && p * channels + 16 <= bytes; n++, p += 4)
      acc = wasm_f32x4_add(acc, gray4(wasm_v128_load(in + p * channels), pick));
    total += (uint64_t)wasm_f32x4_extract_lane(acc, 0) + (uint64_t)wasm_f32x4_extract_lane(acc, 1) +
             (uint64_t)wasm_f32x4_extract_lane(acc, 2) + (uint64_t)wasm_f32x4_extract_lane(acc, 3);
  }
  return total + tw_color_gray_sum__scalar(in + p * channels, pixels - p, channels);
}

/* (2·S + 13) / 26 for 8 u16 lanes n = 2·S + 13 <= 6643: n·10083 >> 18 is exact below 18724. */
static inline v128_t divide26(v128_t n) {
  const v128_t magic = wasm_i16x8_splat((int16_t)10083);
  const v128_t lo = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(n, magic), 18);
  const v128_t hi = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(n, magic), 18);
  return wasm_u16x8_narrow_i32x4(lo, hi);
}

/* The 3x3 sum (plus 4 times the centre) of 8 bytes, widened: `half` 0 takes the low 8 of each 16. */
static inline v128_t window_sum(const uint8_t* above, const uint8_t* row, const uint8_t* below, size_t ch, int half) {
  const uint8_t* rows[3] = {above, row, below};
  v128_t sum = wasm_i16x8_shl(half ? wasm_u16x8_extend_high_u8x16(wasm_v128_load(row)) : wasm_u16x8_extend_low_u8x16(wasm_v128_load(row)), 2);
  for (int r = 0; r < 3; r++) {
    for (int d = -1; d <= 1; d++) {
      const v128_t v = wasm_v128_load(rows[r] + d * (ptrdiff_t)ch);
      sum = wasm_i16x8_add(sum, half ? wasm_u16x8_extend_high_u8x16(v) : wasm_u16x8_extend_low_u8x16(v));
    }
  }
  return sum;
}

void tw_color_sharpen_row__wasmsimd(const uint8_t* above, const uint8_t* row, const uint8_t* below, uint8_t* out,
                                    size_t width, size_t channels) {
  const v128_t keep = alpha_lanes(channels), thirteen = wasm_i16x8_splat(13);
  const size_t end = (width - 1) * channels; /* bytes [channels, end) are written; a load reaches i + 16 + channels */
  size_t i = channels;
  for (; i + 16 + channels <= width * channels && i + 16 <= end; i += 16) {
    const v128_t lo = window_sum(above + i, row + i, below + i, channels, 0);
    const v128_t hi = window_sum(above + i, row + i, below + i, channels, 1);
    const v128_t q_lo = divide26(wasm_i16x8_add(wasm_i16x8_add(lo, lo), thirteen));
    const v128_t q_hi = divide26(wasm_i16x8_add(wasm_i16x8_add(hi, hi), thirteen));
    const v128_t q = wasm_u8x16_narrow_i16x8(q_lo, q_hi);
    wasm_v128_store(out + i, wasm_v128_bitselect(wasm_v128_load(row + i), q, keep));
  }
  TW_COLOR_PLAIN_LOOP
  for (; i < end; i++)
    out[i] = channels == 4 && i % 4 == 3 ? row[i] : tw_color_sharpen_byte(above, row, below, i, channels);
}

/* Blocks of 16·channels bytes (a whole number of pixels) in `channels` vectors; lane j of vector k holds
 * channel (16k + j) % channels in every block, so lane-wise minima and maxima reduce to the channels at
 * the end. Then the leftover pixels. */
void tw_color_minmax__wasmsimd(const uint8_t* in, size_t pixels, size_t channels, uint8_t lo[3], uint8_t hi[3]) {
  v128_t vmin[4], vmax[4];
  for (size_t k = 0; k < channels; k++) vmin[k] = wasm_i8x16_splat(-1), vmax[k] = wasm_i8x16_splat(0);
  const size_t block = 16 * channels, blocks = pixels / 16;
  for (size_t b = 0; b < blocks; b++, in += block) {
    for (size_t k = 0; k < channels; k++) {
      const v128_t v = wasm_v128_load(in + 16 * k);
      vmin[k] = wasm_u8x16_min(vmin[k], v);
      vmax[k] = wasm_u8x16_max(vmax[k], v);
    }
  }
  uint8_t rest_lo[3], rest_hi[3];
  tw_color_minmax__scalar(in, pixels - blocks * 16, channels, rest_lo, rest_hi);
  for (int c = 0; c < 3; c++) lo[c] = rest_lo[c], hi[c] = rest_hi[c];
  uint8_t mins[64], maxs[64];
  for (size_t k = 0; k < channels; k++) {
    wasm_v128_store(mins + 16 * k, vmin[k]);
    wasm_v128_store(maxs + 16 * k, vmax[k]);
  }
  for (size_t i = 0; i < block; i++) {
    const size_t c = i % channels;
    if (c == 3) continue;
    lo[c] = mins[i] < lo[c] ? mins[i] : lo[c];
    hi[c] = maxs[i] > hi[c] ? maxs[i] : hi[c];
  }
}

/* The source index lanes of 4 grid values g (nearest_index of the scalar kernel, lane-wise: the same float32
 * operations, f32x4.nearest for nearbyintf) and whether each lies inside [0, size). */
static inline v128_t nearest_index4(v128_t g, v128_t half, float size, v128_t* inside) {
  const v128_t r = wasm_f32x4_nearest(wasm_f32x4_sub(wasm_f32x4_mul(wasm_f32x4_add(g, wasm_f32x4_splat(1.0f)), half),
                                                     wasm_f32x4_splat(0.5f)));
  *inside = wasm_v128_and(wasm_f32x4_ge(r, wasm_f32x4_splat(0.0f)), wasm_f32x4_lt(r, wasm_f32x4_splat(size)));
  return wasm_i32x4_trunc_sat_f32x4(r);
}

/* 4 RGBA pixels: each lane's 4 bytes read from in at its index (0 outside: pixel 0, always there), then the
 * fill where the lane is outside; no branch per pixel. */
static inline v128_t gather_rgba(const uint8_t* in, v128_t at, v128_t inside, v128_t fill) {
  v128_t px = wasm_v128_load32_zero(in + 4 * (size_t)(uint32_t)wasm_i32x4_extract_lane(at, 0));
  px = wasm_v128_load32_lane(in + 4 * (size_t)(uint32_t)wasm_i32x4_extract_lane(at, 1), px, 1);
  px = wasm_v128_load32_lane(in + 4 * (size_t)(uint32_t)wasm_i32x4_extract_lane(at, 2), px, 2);
  px = wasm_v128_load32_lane(in + 4 * (size_t)(uint32_t)wasm_i32x4_extract_lane(at, 3), px, 3);
  return wasm_v128_bitselect(px, fill, inside);
}

/* 4 pixels a step: their coordinates in SIMD, then the 4 reads (a gather): lane loads and a select for 4
 * channels, one by one otherwise; the rest scalar. */
void tw_color_nearest_row__wasmsimd(const uint8_t* in, uint8_t* out, const tw_color_nearest_row* r) {
  const size_t ch = r->channels;
  const v128_t gyu = wasm_f32x4_splat(r->gyu), gyv = wasm_f32x4_splat(r->gyv);
  const v128_t t2 = wasm_f32x4_splat(r->theta2), t5 = wasm_f32x4_splat(r->theta5);
  const v128_t half_w = wasm_f32x4_splat(r->half_w), half_h = wasm_f32x4_splat(r->half_h);
  const v128_t width = wasm_i32x4_splat(r->width);
  uint32_t fill4;
  memcpy(&fill4, r->fill, 4);
  const v128_t fill = wasm_i32x4_splat((int32_t)fill4);
  int32_t k = 0;
  for (; k + 4 <= r->n; k += 4, out += 4 * ch) {
    v128_t in_u, in_v;
    const v128_t u = nearest_index4(wasm_f32x4_add(wasm_f32x4_add(wasm_v128_load(r->gxu + k), gyu), t2), half_w,
                                    (float)r->width, &in_u);
    const v128_t v = nearest_index4(wasm_f32x4_add(wasm_f32x4_add(wasm_v128_load(r->gxv + k), gyv), t5), half_h,
                                    (float)r->height, &in_v);
    /* v·width + u < width·height <= 2^32: exact in u32 lanes where both are inside */
    const v128_t inside = wasm_v128_and(in_u, in_v);
    const v128_t at = wasm_v128_and(wasm_i32x4_add(wasm_i32x4_mul(v, width), u), inside);
    if (ch == 4) {
      wasm_v128_store(out, gather_rgba(in, at, inside, fill));
      continue;
    }
    uint32_t index[4], ok[4];
    wasm_v128_store(index, at);
    wasm_v128_store(ok, inside);
    for (int j = 0; j < 4; j++) {
      const uint8_t* from = ok[j] ? in + (size_t)index[j] * ch : r->fill;
      for (size_t c = 0; c < ch; c++) out[j * ch + c] = from[c];
    }
  }
  tw_color_nearest_row rest = *r;
  rest.gxu += k;
  rest.gxv += k;
  rest.n -= k;
  tw_color_nearest_row__scalar(in, out, &rest);
}
