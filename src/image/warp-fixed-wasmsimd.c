/* wasm SIMD kernels of the fixed-point warps (warp-fixed.h), bit-identical
 * to warp-fixed-scalar.c and warp-fixed-coords.c: the same integers, with
 * the int16 weight-times-value products summed in pairs by
 * wasm_i32x4_dot_i16x8 (exact in int32, so the order does not matter).
 *
 * A pixel's taps on one source row are loaded as the row's bytes (exactly
 * the taps' bytes, never past them), spread to int16 pairs (tap k, tap k+1)
 * per channel, one lane of 4 per channel, and multiplied by that pair of
 * weights splatted. Groups of 4 pixels with every tap inside are packed to
 * bytes together; other pixels are done one at a time, through
 * tw_warp_fixed_bordered when a tap is outside. */
#include <string.h>

#include "common/simd.h"
#include "warp-fixed.h"

#define TW_INLINE static inline __attribute__((always_inline))

/* ---- coordinates ------------------------------------------------------------ */

static int32_t sat16(int32_t v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }
static int32_t add_wrap(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }

TW_INLINE v128_t sat16x4(v128_t v) {
  return wasm_i32x4_min(wasm_i32x4_max(v, wasm_i32x4_splat(-32768)), wasm_i32x4_splat(32767));
}

void tw_image_warp_affine_coords__wasmsimd(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                           const tw_warp_coords* out) {
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  const int32_t rd = nearest ? 1 << (TW_WARP_AB_BITS - 1) : 1 << (TW_WARP_AB_BITS - TW_WARP_INTER_BITS - 1);
  const double y = (double)row, scale = (double)(1 << TW_WARP_AB_BITS);
  const int32_t X0 = add_wrap(tw_warp_round((w->m[1] * y + w->m[2]) * scale), rd);
  const int32_t Y0 = add_wrap(tw_warp_round((w->m[4] * y + w->m[5]) * scale), rd);
  const v128_t x0 = wasm_i32x4_splat(X0), y0 = wasm_i32x4_splat(Y0), mask = wasm_i32x4_splat(TW_WARP_TAB - 1);
  int32_t k = 0;
  for (; k + 4 <= n; k += 4) {
    const v128_t X = wasm_i32x4_add(x0, wasm_v128_load(w->adelta + col + k));
    const v128_t Y = wasm_i32x4_add(y0, wasm_v128_load(w->bdelta + col + k));
    if (nearest) {
      wasm_v128_store(out->x + k, sat16x4(wasm_i32x4_shr(X, TW_WARP_AB_BITS)));
      wasm_v128_store(out->y + k, sat16x4(wasm_i32x4_shr(Y, TW_WARP_AB_BITS)));
      wasm_v128_store(out->a + k, wasm_i32x4_splat(0));
      continue;
    }
    const v128_t x = wasm_i32x4_shr(X, TW_WARP_AB_BITS - TW_WARP_INTER_BITS);
    const v128_t yv = wasm_i32x4_shr(Y, TW_WARP_AB_BITS - TW_WARP_INTER_BITS);
    wasm_v128_store(out->x + k, sat16x4(wasm_i32x4_shr(x, TW_WARP_INTER_BITS)));
    wasm_v128_store(out->y + k, sat16x4(wasm_i32x4_shr(yv, TW_WARP_INTER_BITS)));
    wasm_v128_store(out->a + k, wasm_v128_or(wasm_i32x4_shl(wasm_v128_and(yv, mask), TW_WARP_INTER_BITS),
                                             wasm_v128_and(x, mask)));
  }
  for (; k < n; k++) { /* the scalar kernel's steps */
    const int32_t X = add_wrap(X0, w->adelta[col + k]), Y = add_wrap(Y0, w->bdelta[col + k]);
    if (nearest) {
      out->x[k] = sat16(X >> TW_WARP_AB_BITS);
      out->y[k] = sat16(Y >> TW_WARP_AB_BITS);
      out->a[k] = 0;
      continue;
    }
    const int32_t x = X >> (TW_WARP_AB_BITS - TW_WARP_INTER_BITS), yv = Y >> (TW_WARP_AB_BITS - TW_WARP_INTER_BITS);
    out->x[k] = sat16(x >> TW_WARP_INTER_BITS);
    out->y[k] = sat16(yv >> TW_WARP_INTER_BITS);
    out->a[k] = (yv & (TW_WARP_TAB - 1)) * TW_WARP_TAB + (x & (TW_WARP_TAB - 1));
  }
}

/* ---- nearest ------------------------------------------------------------------ */

TW_INLINE void nearest_run(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst, const int C) {
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  for (int32_t k = 0; k < n; k++) {
    const int32_t sx = c->x[k], sy = c->y[k];
    if (tw_warp_fixed_inside(w, sx, sy, 1, 0)) {
      memcpy(dst + (size_t)k * (size_t)C, w->src + (size_t)sy * row_bytes + (size_t)sx * (size_t)C, (size_t)C);
    } else {
      tw_warp_fixed_bordered(w, sx, sy, 0, dst + (size_t)k * (size_t)C);
    }
  }
}

void tw_image_warp_nearest__wasmsimd(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  switch (w->channels) {
    case 1: nearest_run(w, c, n, dst, 1); break;
    case 2: nearest_run(w, c, n, dst, 2); break;
    case 3: nearest_run(w, c, n, dst, 3); break;
    default: nearest_run(w, c, n, dst, 4); break;
  }
}

/* ---- shared pieces ----------------------------------------------------------- */

/* Bytes [0, 2C) of p into bytes [8h, 8h + 2C) of v (a linear tap row: 2 pixels). */
TW_INLINE v128_t load_pair_row(v128_t v, const uint8_t* p, const int C, const int h) {
  switch (C) {
    case 1: return h ? wasm_v128_load16_lane(p, v, 4) : wasm_v128_load16_lane(p, v, 0);
    case 2: return h ? wasm_v128_load32_lane(p, v, 2) : wasm_v128_load32_lane(p, v, 0);
    case 3:
      return h ? wasm_v128_load16_lane(p + 4, wasm_v128_load32_lane(p, v, 2), 6)
               : wasm_v128_load16_lane(p + 4, wasm_v128_load32_lane(p, v, 0), 2);
    default: return h ? wasm_v128_load64_lane(p, v, 1) : wasm_v128_load64_lane(p, v, 0);
  }
}

/* Bytes [0, 4C) of p (a cubic tap row: 4 pixels), zeros above. */
TW_INLINE v128_t load_quad_row(const uint8_t* p, const int C) {
  switch (C) {
    case 1: return wasm_v128_load32_zero(p);
    case 2: return wasm_v128_load64_zero(p);
    case 3: return wasm_v128_load32_lane(p + 8, wasm_v128_load64_zero(p), 2);
    default: return wasm_v128_load(p);
  }
}

/* int16 pairs (byte o + ch, byte o + C + ch) for ch = 0..3: pixels (k, k+1) of a tap row. */
#define TW_PAIRS(v, z, C, o)                                                                                      \
  wasm_i8x16_shuffle(v, z, (o), 16, (o) + (C), 16, (o) + 1, 16, (o) + (C) + 1, 16, (o) + 2, 16, (o) + (C) + 2, 16, \
                     (o) + 3, 16, (o) + (C) + 3, 16)

TW_INLINE v128_t pairs(v128_t v, const int C, const int o) {
  const v128_t z = wasm_i32x4_splat(0);
#define TW_PAIRS_AT(C)                      \
  switch (o) {                              \
    case 0: return TW_PAIRS(v, z, C, 0);    \
    case 8: return TW_PAIRS(v, z, C, 8);    \
    default: return TW_PAIRS(v, z, C, 2 * C); \
  }
  switch (C) {
    case 1: TW_PAIRS_AT(1)
    case 2: TW_PAIRS_AT(2)
    case 3: TW_PAIRS_AT(3)
    default: TW_PAIRS_AT(4)
  }
#undef TW_PAIRS_AT
}
#undef TW_PAIRS

/* The weight pair at w (2 int16) in every int32 lane. */
TW_INLINE v128_t weight_pair(const int16_t* w) {
  int32_t pair;
  memcpy(&pair, w, sizeof pair);
  return wasm_i32x4_splat(pair);
}

TW_INLINE v128_t round_shift(v128_t sum) {
  return wasm_i32x4_shr(wasm_i32x4_add(sum, wasm_i32x4_splat(1 << (TW_WARP_COEF_BITS - 1))), TW_WARP_COEF_BITS);
}

/* Channel sums (lane ch) of an inside pixel. */
TW_INLINE v128_t linear_pixel(const tw_warp_fixed* w, int32_t sx, int32_t sy, int32_t a, const int C) {
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  const uint8_t* p = w->src + (size_t)sy * row_bytes + (size_t)sx * (size_t)C;
  v128_t v = wasm_i32x4_splat(0);
  v = load_pair_row(v, p, C, 0);
  v = load_pair_row(v, p + row_bytes, C, 1);
  const int16_t* wt = w->table + (size_t)a * 4;
  const v128_t s = wasm_i32x4_add(wasm_i32x4_dot_i16x8(pairs(v, C, 0), weight_pair(wt)),
                                  wasm_i32x4_dot_i16x8(pairs(v, C, 8), weight_pair(wt + 2)));
  return round_shift(s);
}

TW_INLINE v128_t cubic_pixel(const tw_warp_fixed* w, int32_t sx, int32_t sy, int32_t a, const int C) {
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  const uint8_t* p = w->src + (size_t)(sy - 1) * row_bytes + (size_t)(sx - 1) * (size_t)C;
  const int16_t* wt = w->table + (size_t)a * 16;
  v128_t s = wasm_i32x4_splat(0);
  for (int r = 0; r < 4; r++) {
    const v128_t v = load_quad_row(p + (size_t)r * row_bytes, C);
    s = wasm_i32x4_add(s, wasm_i32x4_dot_i16x8(pairs(v, C, 0), weight_pair(wt + 4 * r)));
    s = wasm_i32x4_add(s, wasm_i32x4_dot_i16x8(pairs(v, C, 2 * C), weight_pair(wt + 4 * r + 2)));
  }
  return round_shift(s);
}

/* Pixel k's values (lane ch of r, already shifted) -> C bytes at out. */
TW_INLINE void store_pixel(v128_t r, uint8_t* out, const int C) {
  const v128_t b = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(r, r), wasm_i16x8_narrow_i32x4(r, r));
  if (C == 4) {
    wasm_v128_store32_lane(out, b, 0);
  } else {
    uint8_t bytes[16];
    wasm_v128_store(bytes, b);
    memcpy(out, bytes, (size_t)C);
  }
}

/* 4 pixels' values -> 4C bytes at out. */
TW_INLINE void store_group(const v128_t* r, uint8_t* out, const int C) {
  const v128_t b = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(r[0], r[1]), wasm_i16x8_narrow_i32x4(r[2], r[3]));
  switch (C) {
    case 1: wasm_v128_store32_lane(out, wasm_i8x16_shuffle(b, b, 0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
      break;
    case 2:
      wasm_v128_store64_lane(out, wasm_i8x16_shuffle(b, b, 0, 1, 4, 5, 8, 9, 12, 13, 0, 0, 0, 0, 0, 0, 0, 0), 0);
      break;
    case 3: {
      const v128_t t = wasm_i8x16_shuffle(b, b, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0, 0, 0, 0);
      wasm_v128_store64_lane(out, t, 0);
      wasm_v128_store32_lane(out + 8, t, 2);
      break;
    }
    default: wasm_v128_store(out, b); break;
  }
}

/* ---- linear and cubic ----------------------------------------------------------- */

/* One pixel: inside -> the vector sums, else the border path. */
TW_INLINE void filter_one(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t k, uint8_t* dst, const int C,
                          const int cubic) {
  const int32_t sx = c->x[k], sy = c->y[k];
  uint8_t* out = dst + (size_t)k * (size_t)C;
  if (!tw_warp_fixed_inside(w, sx, sy, cubic ? 4 : 2, cubic ? -1 : 0)) {
    tw_warp_fixed_bordered(w, sx, sy, c->a[k], out);
  } else {
    store_pixel(cubic ? cubic_pixel(w, sx, sy, c->a[k], C) : linear_pixel(w, sx, sy, c->a[k], C), out, C);
  }
}

/* Groups of 4 pixels with every tap inside are packed together; the others
 * (and the last n % 4) go one at a time. */
TW_INLINE void filter(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst, const int C,
                      const int cubic) {
  const int K = cubic ? 4 : 2, first = cubic ? -1 : 0;
  int32_t k = 0;
  for (; k + 4 <= n; k += 4) {
    int inside = 1;
    for (int q = 0; q < 4; q++) inside &= tw_warp_fixed_inside(w, c->x[k + q], c->y[k + q], K, first);
    if (!inside) {
      for (int q = 0; q < 4; q++) filter_one(w, c, k + q, dst, C, cubic);
      continue;
    }
    v128_t r[4];
    for (int q = 0; q < 4; q++) {
      r[q] = cubic ? cubic_pixel(w, c->x[k + q], c->y[k + q], c->a[k + q], C)
                   : linear_pixel(w, c->x[k + q], c->y[k + q], c->a[k + q], C);
    }
    store_group(r, dst + (size_t)k * (size_t)C, C);
  }
  for (; k < n; k++) filter_one(w, c, k, dst, C, cubic);
}

void tw_image_warp_linear__wasmsimd(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  switch (w->channels) {
    case 1: filter(w, c, n, dst, 1, 0); break;
    case 2: filter(w, c, n, dst, 2, 0); break;
    case 3: filter(w, c, n, dst, 3, 0); break;
    default: filter(w, c, n, dst, 4, 0); break;
  }
}

void tw_image_warp_cubic__wasmsimd(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  switch (w->channels) {
    case 1: filter(w, c, n, dst, 1, 1); break;
    case 2: filter(w, c, n, dst, 2, 1); break;
    case 3: filter(w, c, n, dst, 3, 1); break;
    default: filter(w, c, n, dst, 4, 1); break;
  }
}
