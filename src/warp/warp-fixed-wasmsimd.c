/* wasm SIMD kernels of the fixed-point warps (warp-fixed.h), bit-identical
 * to warp-fixed-scalar.c and warp-fixed-coords.c: the same integers, with
 * the int16 weight-times-value products summed in pairs by
 * wasm_i32x4_dot_i16x8 (exact in int32, so the order does not matter).
 *
 * A pixel's taps on one source row are loaded as the row's bytes (exactly
 * the taps' bytes, never past them), spread to int16 pairs (tap k, tap k+1)
 * per channel, one lane of 4 per channel, and multiplied by that pair of
 * weights splatted (4 channels: each tap with the one below it instead, the
 * weights in column pairs). Groups of 4 pixels with every
 * tap inside are packed to bytes together; other pixels are done one at a
 * time, through tw_warp_fixed_bordered when a tap is outside. */
#include <math.h>
#include <string.h>

#include "common/simd.h"
#include "warp-fixed.h"

#define TW_INLINE static inline __attribute__((always_inline))
#if defined(__clang__)
#define TW_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define TW_NO_UNROLL
#endif

/* ---- coordinates ------------------------------------------------------------ */

TW_INLINE v128_t sat16x4(v128_t v) {
  return wasm_i32x4_min(wasm_i32x4_max(v, wasm_i32x4_splat(-32768)), wasm_i32x4_splat(32767));
}

void tw_image_warp_affine_coords__wasmsimd(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                           const tw_warp_coords* out) {
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  int32_t X0, Y0;
  tw_warp_affine_row(w, row, &X0, &Y0);
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
  if (k < n) { /* the last n % 4 pixels: the scalar kernel */
    const tw_warp_coords rest = {out->x + k, out->y + k, out->a + k};
    tw_image_warp_affine_coords__scalar(w, row, col + k, n - k, &rest);
  }
}

/* The matrix entries a block's columns step by, splatted, in locals: the
 * stores through out may alias w, so values read through w would be read
 * again after every store. */
typedef struct tw_perspective_steps {
  v128_t m0, m3, m6;
} tw_perspective_steps;

/* 2 pixels' rne(v) in int32 lanes 0 and 2, v within int32 (the caller has
 * checked, so the scalar kernel's clamp is v itself): adding 1.5 * 2^52
 * rounds v to an integer, half to even (wasm's only rounding mode), and
 * leaves that integer, two's complement, in the low 32 bits of the sum: one
 * add for nearest + trunc_sat (which engines expand into several
 * instructions). */
TW_INLINE v128_t round2(v128_t v) { return wasm_f64x2_add(v, wasm_f64x2_splat(6755399441055744.0)); }

/* X, Y of 2 pixels at block columns x1 (f64x2), the block's X0, Y0, W0
 * splatted: the scalar kernel's double operations in its order. The caller
 * has made sure that no W is 0 (the scalar kernel's w ? K / w : 0 is K / w
 * then) and that X and Y lie within int32. */
TW_INLINE void perspective_pair(const tw_perspective_steps* s, v128_t K, v128_t X0, v128_t Y0, v128_t W0, v128_t x1,
                                v128_t* X, v128_t* Y) {
  const v128_t W = wasm_f64x2_div(K, wasm_f64x2_add(W0, wasm_f64x2_mul(s->m6, x1)));
  *X = round2(wasm_f64x2_mul(wasm_f64x2_add(X0, wasm_f64x2_mul(s->m0, x1)), W));
  *Y = round2(wasm_f64x2_mul(wasm_f64x2_add(Y0, wasm_f64x2_mul(s->m3, x1)), W));
}

/* Whether, for every block column x1 in [first, last] (first >= 0), the
 * scalar kernel's w = W0 + m6 * x1 is nonzero and its X = (X0 + m0 * x1) *
 * (K / w), and Y, lie within +-limit (< 2^31), all in double. w is
 * monotone in x1 (a rounded product, then a rounded sum, each monotone), so
 * it is nonzero when w at both ends has the same strict sign, and its
 * smallest magnitude is at an end; rounding is monotone, so |X0 + m0 * x1|
 * <= |X0| + |m0| * last and |K / w| <= K / min|w| in double too, and so is
 * their product. Then X and Y are no NaN, the int32 clamp is X itself, and
 * with limit 2^(15 + s) - 1 so is the int16 saturation of X >> s. NaN or
 * infinity anywhere fails the test. */
static int perspective_block_fits(double X0, double Y0, double W0, const double* m, double K, double first,
                                  double last, double limit) {
  const double a = W0 + m[6] * first, b = W0 + m[6] * last;
  if (!((a > 0 && b > 0) || (a < 0 && b < 0))) return 0;
  const double W = K / (fabs(a) < fabs(b) ? fabs(a) : fabs(b));
  return (fabs(X0) + fabs(m[0]) * last) * W <= limit && (fabs(Y0) + fabs(m[3]) * last) * W <= limit;
}

/* The row is cut at OpenCV's block starts; within a block, 4 pixels at a
 * time with the block columns counted in doubles (exact), without a clamp
 * or saturation (perspective_block_fits: source positions within 32767
 * pixels of the origin); the last n % 4 pixels of a block by the scalar
 * kernel, and so is a block that does not fit (a horizon crossing or
 * nearing the block: rare). `nearest` is a constant. */
TW_INLINE void perspective_coords(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                  const tw_warp_coords* out, const int nearest) {
  const double m[9] = {w->m[0], w->m[1], w->m[2], w->m[3], w->m[4], w->m[5], w->m[6], w->m[7], w->m[8]};
  const tw_perspective_steps steps = {wasm_f64x2_splat(m[0]), wasm_f64x2_splat(m[3]), wasm_f64x2_splat(m[6])};
  int32_t *ox = out->x, *oy = out->y, *oa = out->a;
  const double y = (double)row, k_scale = nearest ? 1.0 : (double)TW_WARP_TAB;
  /* int16 after the shift: |X| <= 32767 (nearest) or 2^20 - 1 (X >> 5) */
  const double limit = nearest ? 32767.0 : 1048575.0;
  const v128_t K = wasm_f64x2_splat(k_scale), mask = wasm_i32x4_splat(TW_WARP_TAB - 1);
  const v128_t four = wasm_f64x2_splat(4.0);
  const int32_t bw = w->block_width;
  int32_t k = 0;
  while (k < n) {
    const int32_t start = (col + k) / bw * bw, end = start + bw - col < n ? start + bw - col : n; /* [k, end) in this block */
    const double xs = (double)start;
    const double x0 = m[0] * xs + m[1] * y + m[2], y0 = m[3] * xs + m[4] * y + m[5], w0 = m[6] * xs + m[7] * y + m[8];
    const v128_t X0 = wasm_f64x2_splat(x0), Y0 = wasm_f64x2_splat(y0), W0 = wasm_f64x2_splat(w0);
    const double first = (double)(col + k - start);
    v128_t xa = wasm_f64x2_make(first, first + 1.0), xb = wasm_f64x2_make(first + 2.0, first + 3.0);
    const int32_t groups_end = k + (end - k) / 4 * 4; /* the 4-pixel groups: [k, groups_end) */
    if (groups_end > k &&
        !perspective_block_fits(x0, y0, w0, m, k_scale, first, first + (double)(groups_end - 1 - k), limit)) {
      const tw_warp_coords rest = {ox + k, oy + k, oa + k};
      tw_image_warp_perspective_coords__scalar(w, row, col + k, end - k, &rest);
      k = end;
      continue;
    }
    for (; k + 4 <= end; k += 4) {
      v128_t Xa, Ya, Xb, Yb;
      perspective_pair(&steps, K, X0, Y0, W0, xa, &Xa, &Ya);
      perspective_pair(&steps, K, X0, Y0, W0, xb, &Xb, &Yb);
      xa = wasm_f64x2_add(xa, four);
      xb = wasm_f64x2_add(xb, four);
      const v128_t X = wasm_i32x4_shuffle(Xa, Xb, 0, 2, 4, 6), Y = wasm_i32x4_shuffle(Ya, Yb, 0, 2, 4, 6);
      if (nearest) {
        wasm_v128_store(ox + k, X);
        wasm_v128_store(oy + k, Y);
        wasm_v128_store(oa + k, wasm_i32x4_splat(0));
        continue;
      }
      wasm_v128_store(ox + k, wasm_i32x4_shr(X, TW_WARP_INTER_BITS));
      wasm_v128_store(oy + k, wasm_i32x4_shr(Y, TW_WARP_INTER_BITS));
      wasm_v128_store(oa + k, wasm_v128_or(wasm_i32x4_shl(wasm_v128_and(Y, mask), TW_WARP_INTER_BITS),
                                           wasm_v128_and(X, mask)));
    }
    if (k < end) { /* the block's last (end - k) % 4 pixels: the scalar kernel */
      const tw_warp_coords rest = {ox + k, oy + k, oa + k};
      tw_image_warp_perspective_coords__scalar(w, row, col + k, end - k, &rest);
      k = end;
    }
  }
}

void tw_image_warp_perspective_coords__wasmsimd(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                                const tw_warp_coords* out) {
  if (w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    perspective_coords(w, row, col, n, out, 1);
  } else {
    perspective_coords(w, row, col, n, out, 0);
  }
}

/* cvRound of 4 floats as x86's cvtps2dq: half to even, INT32_MIN outside int32 and for NaN. */
TW_INLINE v128_t round_f32x4(v128_t v) {
  const v128_t r = wasm_f32x4_nearest(v);
  const v128_t ok = wasm_v128_and(wasm_f32x4_ge(r, wasm_f32x4_splat(-2147483648.0f)),
                                  wasm_f32x4_lt(r, wasm_f32x4_splat(2147483648.0f)));
  return wasm_v128_bitselect(wasm_i32x4_trunc_sat_f32x4(r), wasm_i32x4_splat(INT32_MIN), ok);
}

void tw_image_warp_remap_coords__wasmsimd(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                          const tw_warp_coords* out) {
  const size_t at = (size_t)row * w->map_stride + (size_t)col;
  const float *mx = w->map_x + at, *my = w->map_y + at;
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  const v128_t scale = wasm_f32x4_splat(nearest ? 1.0f : (float)TW_WARP_TAB), mask = wasm_i32x4_splat(TW_WARP_TAB - 1);
  const int shift = nearest ? 0 : TW_WARP_INTER_BITS;
  int32_t k = 0;
  for (; k + 4 <= n; k += 4) {
    const v128_t X = round_f32x4(wasm_f32x4_mul(wasm_v128_load(mx + k), scale));
    const v128_t Y = round_f32x4(wasm_f32x4_mul(wasm_v128_load(my + k), scale));
    wasm_v128_store(out->x + k, sat16x4(wasm_i32x4_shr(X, shift)));
    wasm_v128_store(out->y + k, sat16x4(wasm_i32x4_shr(Y, shift)));
    const v128_t a = wasm_v128_or(wasm_i32x4_shl(wasm_v128_and(Y, mask), TW_WARP_INTER_BITS), wasm_v128_and(X, mask));
    wasm_v128_store(out->a + k, nearest ? wasm_i32x4_splat(0) : a);
  }
  if (k < n) { /* the last n % 4 pixels: the scalar kernel */
    const tw_warp_coords rest = {out->x + k, out->y + k, out->a + k};
    tw_image_warp_remap_coords__scalar(w, row, col + k, n - k, &rest);
  }
}

/* 4 pixels in 4-byte slots (channel c of pixel k at byte 4k + c) -> 4C bytes at out. */
TW_INLINE void store_compact(v128_t b, uint8_t* out, const int C) {
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

/* The fill's channel bytes in every 4-byte slot (store_compact keeps the first C). */
TW_INLINE v128_t fill_slots(const tw_warp_fixed* w) {
  uint32_t word;
  memcpy(&word, w->fill, 4);
  return wasm_i32x4_splat((int32_t)word);
}

/* Source indices of 4 tap positions p (int16-saturated) on an axis of n
 * pixels under a border other than CONSTANT, by one reflection or wrap
 * (tw_warp_border_index's "near" forms, exact wherever they land inside;
 * EDGE always lands inside). Lanes outside [0, n) need the general rule. */
TW_INLINE v128_t border_near4(v128_t p, int32_t n, int32_t border) {
  const v128_t N = wasm_i32x4_splat(n), zero = wasm_i32x4_splat(0);
  if (border == TW_IMAGE_BORDER_EDGE) return wasm_i32x4_min(wasm_i32x4_max(p, zero), wasm_i32x4_splat(n - 1));
  v128_t low, high;
  if (border == TW_IMAGE_BORDER_REFLECT) {
    low = wasm_i32x4_neg(p);
    high = wasm_i32x4_sub(wasm_i32x4_splat(2 * n - 2), p);
  } else if (border == TW_IMAGE_BORDER_SYMMETRIC) {
    low = wasm_i32x4_sub(wasm_i32x4_splat(-1), p);
    high = wasm_i32x4_sub(wasm_i32x4_splat(2 * n - 1), p);
  } else { /* WRAP */
    low = wasm_i32x4_add(p, N);
    high = wasm_i32x4_sub(p, N);
  }
  return wasm_v128_bitselect(low, wasm_v128_bitselect(high, p, wasm_i32x4_ge(p, N)), wasm_i32x4_lt(p, zero));
}

/* The source indices of taps p0 .. p0 + 3 on an axis of n pixels (-1:
 * CONSTANT's fill), tw_warp_border_index's values: vector forms, the
 * general rule for lanes they do not settle. */
TW_INLINE void tap_indices(int32_t p0, int32_t n, int32_t border, int32_t* out) {
  const v128_t p = wasm_i32x4_add(wasm_i32x4_splat(p0), wasm_i32x4_make(0, 1, 2, 3));
  const v128_t last = wasm_i32x4_splat(n - 1);
  if (border == TW_IMAGE_BORDER_CONSTANT) {
    wasm_v128_store(out, wasm_v128_bitselect(p, wasm_i32x4_splat(-1), wasm_u32x4_le(p, last)));
    return;
  }
  const v128_t index = border_near4(p, n, border);
  wasm_v128_store(out, index);
  if (!wasm_i32x4_all_true(wasm_u32x4_le(index, last))) {
    for (int k = 0; k < 4; k++) out[k] = tw_warp_border_index(p0 + k, n, border);
  }
}

/* ---- nearest ------------------------------------------------------------------ */

/* Whether every tap of the first n - n % 4 pixels lies inside: their first
 * taps (x + first, y + first) at most (xmax, ymax) as unsigned (so a
 * negative one is outside too). One pass of maxima; then the groups need no
 * test of their own. */
TW_INLINE int groups_inside(const tw_warp_coords* c, int32_t n, v128_t vfirst, v128_t xmax, v128_t ymax) {
  v128_t hx = wasm_i32x4_splat(0), hy = wasm_i32x4_splat(0);
  for (int32_t k = 0; k + 4 <= n; k += 4) {
    hx = wasm_u32x4_max(hx, wasm_i32x4_add(wasm_v128_load(c->x + k), vfirst));
    hy = wasm_u32x4_max(hy, wasm_i32x4_add(wasm_v128_load(c->y + k), vfirst));
  }
  return wasm_i32x4_all_true(wasm_v128_and(wasm_u32x4_le(hx, xmax), wasm_u32x4_le(hy, ymax)));
}


/* One pixel of C bytes at p into the 4-byte slot `lane` (a constant) of v. */
#define TW_LOAD_PIXEL_LANE(v, p, lane, C)                                                            \
  ((C) == 1   ? wasm_v128_load8_lane((p), (v), 4 * (lane))                                           \
   : (C) == 2 ? wasm_v128_load16_lane((p), (v), 2 * (lane))                                          \
   : (C) == 3 ? wasm_v128_load8_lane((p) + 2, wasm_v128_load16_lane((p), (v), 2 * (lane)), 4 * (lane) + 2) \
              : wasm_v128_load32_lane((p), (v), (lane)))

/* The pixels at the 4 byte offsets, each in its own 4-byte slot. */
TW_INLINE v128_t gather4(const uint8_t* src, v128_t offset, const int C) {
  v128_t v = wasm_i32x4_splat(0);
  v = TW_LOAD_PIXEL_LANE(v, src + (uint32_t)wasm_i32x4_extract_lane(offset, 0), 0, C);
  v = TW_LOAD_PIXEL_LANE(v, src + (uint32_t)wasm_i32x4_extract_lane(offset, 1), 1, C);
  v = TW_LOAD_PIXEL_LANE(v, src + (uint32_t)wasm_i32x4_extract_lane(offset, 2), 2, C);
  return TW_LOAD_PIXEL_LANE(v, src + (uint32_t)wasm_i32x4_extract_lane(offset, 3), 3, C);
}

/* Pixels [k, k + count) one at a time: the scalar kernel's per-pixel rule. */
static void nearest_tail(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t k, int32_t count, uint8_t* dst) {
  const tw_warp_coords at = {c->x + k, c->y + k, c->a + k};
  tw_image_warp_nearest__scalar(w, &at, count, dst + (size_t)k * (size_t)w->channels);
}

/* 4 pixels at (x, y) (int16-saturated indices), not all inside (`inside`
 * per lane), into out: CONSTANT gives the fill where a pixel is outside;
 * the other borders gather when one reflection or wrap brings every index
 * inside, else the scalar kernel's per-pixel rule. */
TW_INLINE void nearest_outside(const tw_warp_fixed* w, v128_t x, v128_t y, v128_t inside, uint8_t* out, const int C) {
  const v128_t xmax = wasm_i32x4_splat(w->width - 1), ymax = wasm_i32x4_splat(w->height - 1);
  const v128_t rb = wasm_i32x4_splat(w->width * C), ch = wasm_i32x4_splat(C);
  if (w->border == TW_IMAGE_BORDER_CONSTANT) {
    /* the inside ones are gathered (outside lanes read byte 0) */
    const v128_t offset = wasm_v128_and(wasm_i32x4_add(wasm_i32x4_mul(y, rb), wasm_i32x4_mul(x, ch)), inside);
    store_compact(wasm_v128_bitselect(gather4(w->src, offset, C), fill_slots(w), inside), out, C);
    return;
  }
  const v128_t xi = border_near4(x, w->width, w->border), yi = border_near4(y, w->height, w->border);
  if (wasm_i32x4_all_true(wasm_v128_and(wasm_u32x4_le(xi, xmax), wasm_u32x4_le(yi, ymax)))) {
    const v128_t offset = wasm_i32x4_add(wasm_i32x4_mul(yi, rb), wasm_i32x4_mul(xi, ch));
    store_compact(gather4(w->src, offset, C), out, C);
    return;
  }
  int32_t xs[4], ys[4], as[4] = {0, 0, 0, 0};
  wasm_v128_store(xs, x);
  wasm_v128_store(ys, y);
  const tw_warp_coords at = {xs, ys, as};
  tw_image_warp_nearest__scalar(w, &at, 4, out);
}

/* Groups of 4 pixels all inside: their offsets, the pixels gathered into
 * 4-byte slots and stored compacted; other pixels one at a time (a copy, or
 * the border path). */
TW_INLINE void nearest_run(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst, const int C) {
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  const uint8_t* src = w->src;
  const v128_t xmax = wasm_i32x4_splat(w->width - 1), ymax = wasm_i32x4_splat(w->height - 1);
  const v128_t rb = wasm_i32x4_splat((int32_t)row_bytes), ch = wasm_i32x4_splat(C);
  /* the common run, every pixel inside: no vector test per group (one loop, so one copy of its body) */
  const int all_inside = groups_inside(c, n, wasm_i32x4_splat(0), xmax, ymax);
  int32_t k = 0;
  for (; k + 4 <= n; k += 4) {
    const v128_t x = wasm_v128_load(c->x + k), y = wasm_v128_load(c->y + k);
    const v128_t inside = wasm_v128_and(wasm_u32x4_le(x, xmax), wasm_u32x4_le(y, ymax));
    if (all_inside || wasm_i32x4_all_true(inside)) {
      const v128_t offset = wasm_i32x4_add(wasm_i32x4_mul(y, rb), wasm_i32x4_mul(x, ch));
      store_compact(gather4(src, offset, C), dst + (size_t)k * (size_t)C, C);
    } else {
      nearest_outside(w, x, y, inside, dst + (size_t)k * (size_t)C, C);
    }
  }
  nearest_tail(w, c, k, n - k, dst);
}

void tw_image_warp_nearest__wasmsimd(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  switch (w->channels) {
    case 1: nearest_run(w, c, n, dst, 1); break;
    case 2: nearest_run(w, c, n, dst, 2); break;
    case 3: nearest_run(w, c, n, dst, 3); break;
    default: nearest_run(w, c, n, dst, 4); break;
  }
}

/* ---- affine nearest in one pass ------------------------------------------------ */

/* Whether the nearest source index of every destination pixel k < count
 * of the run, sat16((X0 + adelta[k]) >> 10) and likewise y, lies inside
 * the source with the saturation and the int32 wrap doing nothing; then
 * checking both ends checks every pixel. adelta[k] = rne(m0 * x * 1024)
 * runs monotonically from the run's first column to its last, away from 0
 * (x >= 0), unless tw_warp_round gave INT32_MIN for being out of int32 on
 * the way, and then the last is INT32_MIN too. The ends' sums with X0 are
 * taken in int64: an index in [0, 32767] means the sum lies within int32
 * (no wrap anywhere between, and no INT32_MIN end: X0 + INT32_MIN < 0), and
 * the indices between lie between the ends'. */
static int affine_run_inside(const tw_warp_fixed* w, int32_t X0, int32_t Y0, const int32_t* adelta,
                             const int32_t* bdelta, int32_t count) {
  if (count <= 0) return 0;
  const int64_t xmax = (w->width < 32768 ? w->width : 32768) - 1, ymax = (w->height < 32768 ? w->height : 32768) - 1;
  const int64_t ends[4] = {(int64_t)X0 + adelta[0], (int64_t)X0 + adelta[count - 1], (int64_t)Y0 + bdelta[0],
                           (int64_t)Y0 + bdelta[count - 1]};
  for (int e = 0; e < 4; e++) {
    const int64_t index = ends[e] >> TW_WARP_AB_BITS; /* arithmetic: the kernel's shift */
    if (index < 0 || index > (e < 2 ? xmax : ymax)) return 0;
  }
  return 1;
}

/* tw_image_warp_affine_coords__wasmsimd and nearest_run fused: each group's
 * indices stay in registers (the same integers: X = X0 + adelta, sat16(X >>
 * 10)), the group is gathered when inside, else nearest_outside; the last n
 * % 4 pixels go through the scalar kernels. */
TW_INLINE void affine_nearest_run(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n, uint8_t* dst,
                                  const int C) {
  int32_t X0, Y0;
  tw_warp_affine_row(w, row, &X0, &Y0); /* w is nearest: the fused kernel is registered for nearest only */
  const v128_t x0 = wasm_i32x4_splat(X0), y0 = wasm_i32x4_splat(Y0);
  const int32_t *adelta = w->adelta + col, *bdelta = w->bdelta + col;
  const uint8_t* src = w->src;
  const v128_t xmax = wasm_i32x4_splat(w->width - 1), ymax = wasm_i32x4_splat(w->height - 1);
  const v128_t rb = wasm_i32x4_splat(w->width * C), ch = wasm_i32x4_splat(C);
  int32_t k = 0;
  if (affine_run_inside(w, X0, Y0, adelta, bdelta, n - n % 4)) { /* every pixel inside: no test, no saturation */
    for (; k + 4 <= n; k += 4) {
      const v128_t x = wasm_i32x4_shr(wasm_i32x4_add(x0, wasm_v128_load(adelta + k)), TW_WARP_AB_BITS);
      const v128_t yv = wasm_i32x4_shr(wasm_i32x4_add(y0, wasm_v128_load(bdelta + k)), TW_WARP_AB_BITS);
      store_compact(gather4(src, wasm_i32x4_add(wasm_i32x4_mul(yv, rb), wasm_i32x4_mul(x, ch)), C),
                    dst + (size_t)k * (size_t)C, C);
    }
  }
  for (; k + 4 <= n; k += 4) {
    const v128_t x = sat16x4(wasm_i32x4_shr(wasm_i32x4_add(x0, wasm_v128_load(adelta + k)), TW_WARP_AB_BITS));
    const v128_t yv = sat16x4(wasm_i32x4_shr(wasm_i32x4_add(y0, wasm_v128_load(bdelta + k)), TW_WARP_AB_BITS));
    const v128_t inside = wasm_v128_and(wasm_u32x4_le(x, xmax), wasm_u32x4_le(yv, ymax));
    uint8_t* out = dst + (size_t)k * (size_t)C;
    if (wasm_i32x4_all_true(inside)) {
      store_compact(gather4(src, wasm_i32x4_add(wasm_i32x4_mul(yv, rb), wasm_i32x4_mul(x, ch)), C), out, C);
    } else {
      nearest_outside(w, x, yv, inside, out, C);
    }
  }
  if (k < n) { /* the last n % 4 pixels: the scalar kernels */
    int32_t xs[4], ys[4], as[4];
    const tw_warp_coords rest = {xs, ys, as};
    tw_image_warp_affine_coords__scalar(w, row, col + k, n - k, &rest);
    tw_image_warp_nearest__scalar(w, &rest, n - k, dst + (size_t)k * (size_t)C);
  }
}

/* 4 channels only (the plan takes the fused kernels for 4 channels: RGBA is
 * the common case, and a copy per channel count would not fit the module's
 * size budget). */
void tw_image_warp_affine_nearest__wasmsimd(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                            uint8_t* dst) {
  affine_nearest_run(w, row, col, n, dst, 4);
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

/* The int16 pairs of two tap rows: for ch = 0..3, (byte lo + ch, byte lo +
 * C + ch) (pixels k, k + 1 of one row) into the low vector and the same from
 * byte hi into the high one. One single-source byte shuffle and two
 * zero-extensions (a two-source shuffle with a zero vector costs engines
 * several instructions); the values are the bytes themselves either way. */
#define TW_PAIR_BYTES(C, o) (o), (o) + (C), (o) + 1, (o) + (C) + 1, (o) + 2, (o) + (C) + 2, (o) + 3, (o) + (C) + 3

typedef struct tw_pairs {
  v128_t lo, hi;
} tw_pairs;

TW_INLINE tw_pairs pairs_of(v128_t p) {
  return (tw_pairs){wasm_u16x8_extend_low_u8x16(p), wasm_u16x8_extend_high_u8x16(p)};
}

/* The int16 pairs of 4-channel taps: v holds two tap rows of 2 pixels each
 * (bytes 0-7 and 8-15, or a cubic row's taps 0-1 and 2-3); (pixel 0,
 * pixel 1) per channel of the first row into lo, of the second into hi. The
 * second pixel of each half is shifted under the first and the bytes
 * interleaved (punpcklbw / punpckhbw): engines build a general byte
 * shuffle's mask anew each time (four instructions), and not these. */
TW_INLINE tw_pairs pairs_rgba(v128_t v) {
  const v128_t next = wasm_u64x2_shr(v, 32);
  const v128_t first = wasm_i8x16_shuffle(v, next, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const v128_t second = wasm_i8x16_shuffle(v, next, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  return (tw_pairs){wasm_u16x8_extend_low_u8x16(first), wasm_u16x8_extend_low_u8x16(second)};
}

/* lo, hi: 0 or 8 (linear: the two rows of a pixel's taps), or 0 and 2C (cubic: taps 0-1 and 2-3 of a row). */
TW_INLINE tw_pairs pairs2(v128_t v, const int C, const int lo, const int hi) {
  if (C == 4) return pairs_rgba(v); /* lo, hi are 0, 8 then */
#define TW_SHUFFLE(v, ...) wasm_i8x16_shuffle(v, v, __VA_ARGS__) /* expands the index lists first */
#define TW_PAIRS_CASE(C, LO, HI) return pairs_of(TW_SHUFFLE(v, TW_PAIR_BYTES(C, LO), TW_PAIR_BYTES(C, HI)))
#define TW_PAIRS_FOR(C)                                     \
  if (lo == 0 && hi == 8) TW_PAIRS_CASE(C, 0, 8);           \
  TW_PAIRS_CASE(C, 0, 2 * C)
  switch (C) {
    case 1: TW_PAIRS_FOR(1);
    case 2: TW_PAIRS_FOR(2);
    case 3: TW_PAIRS_FOR(3);
    default: TW_PAIRS_FOR(4);
  }
#undef TW_PAIRS_FOR
#undef TW_PAIRS_CASE
#undef TW_SHUFFLE
}
#undef TW_PAIR_BYTES

TW_INLINE v128_t round_shift(v128_t sum) {
  return wasm_i32x4_shr(wasm_i32x4_add(sum, wasm_i32x4_splat(1 << (TW_WARP_COEF_BITS - 1))), TW_WARP_COEF_BITS);
}

/* Channel sums (lane ch) of an inside pixel whose first tap is at p, weights at wt. */
TW_INLINE v128_t linear_pixel(const uint8_t* p, size_t row_bytes, const int16_t* wt, const int C) {
  v128_t v = wasm_i32x4_splat(0);
  v = load_pair_row(v, p, C, 0);
  v = load_pair_row(v, p + row_bytes, C, 1);
  const tw_pairs q = pairs2(v, C, 0, 8);
  const v128_t s = wasm_i32x4_add(wasm_i32x4_dot_i16x8(q.lo, wasm_v128_load32_splat(wt)),
                                  wasm_i32x4_dot_i16x8(q.hi, wasm_v128_load32_splat(wt + 2)));
  return round_shift(s);
}

/* The sums of two taps of 4 channels over two tap rows (upper at p, lower
 * at p + row_bytes) with their column-pair weights (tw_warp_fixed_columns):
 * each row's 8 bytes zero-extended to int16 as they load, each tap paired
 * with the one below it per channel (two int16 unpacks), so one dot product
 * takes a column of two taps. */
TW_INLINE v128_t column_pairs_rgba(const uint8_t* p, size_t row_bytes, const int16_t* columns) {
  const v128_t upper = wasm_u16x8_load8x8(p), lower = wasm_u16x8_load8x8(p + row_bytes);
  const v128_t left = wasm_i16x8_shuffle(upper, lower, 0, 8, 1, 9, 2, 10, 3, 11);
  const v128_t right = wasm_i16x8_shuffle(upper, lower, 4, 12, 5, 13, 6, 14, 7, 15);
  return wasm_i32x4_add(wasm_i32x4_dot_i16x8(left, wasm_v128_load32_splat(columns)),
                        wasm_i32x4_dot_i16x8(right, wasm_v128_load32_splat(columns + 2)));
}

/* linear_pixel and cubic_pixel for 4 channels, by column pairs (columns:
 * the pixel's row of tw_warp_fixed_columns). */
TW_INLINE v128_t linear_pixel_rgba(const uint8_t* p, size_t row_bytes, const int16_t* columns) {
  return round_shift(column_pairs_rgba(p, row_bytes, columns));
}

TW_INLINE v128_t cubic_pixel_rgba(const uint8_t* p, size_t row_bytes, const int16_t* columns) {
  v128_t s = wasm_i32x4_splat(0);
  for (int h = 0; h < 2; h++) { /* tap rows 2h, 2h + 1: taps 0-1, then 2-3 */
    const uint8_t* row = p + (size_t)(2 * h) * row_bytes;
    s = wasm_i32x4_add(s, column_pairs_rgba(row, row_bytes, columns + 8 * h));
    s = wasm_i32x4_add(s, column_pairs_rgba(row + 8, row_bytes, columns + 8 * h + 4));
  }
  return round_shift(s);
}

TW_INLINE v128_t cubic_pixel(const uint8_t* p, size_t row_bytes, const int16_t* wt, const int C) {
  v128_t s = wasm_i32x4_splat(0);
  for (int r = 0; r < 4; r++) {
    const tw_pairs q = pairs2(load_quad_row(p + (size_t)r * row_bytes, C), C, 0, 2 * C);
    s = wasm_i32x4_add(s, wasm_i32x4_dot_i16x8(q.lo, wasm_v128_load32_splat(wt + 4 * r)));
    s = wasm_i32x4_add(s, wasm_i32x4_dot_i16x8(q.hi, wasm_v128_load32_splat(wt + 4 * r + 2)));
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
  store_compact(wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(r[0], r[1]), wasm_i16x8_narrow_i32x4(r[2], r[3])), out,
                C);
}

/* ---- linear and cubic ----------------------------------------------------------- */

/* What the inner loop reads, in locals (stores through dst may alias the call's fields). */
typedef struct tw_filter_view {
  const uint8_t* src;
  size_t row_bytes;
  const int16_t* table;
  const int16_t* columns; /* 4 channels: tw_warp_fixed_columns() */
  int32_t xmax, ymax; /* the largest first tap (sx + first, sy + first) with every tap inside; < 0: none */
} tw_filter_view;

/* The sums of the pixel whose first tap is at byte `offset`, table row a. */
TW_INLINE v128_t filter_sums(const tw_filter_view* v, uint32_t offset, int32_t a, const int C, const int cubic) {
  if (C == 4) {
    return cubic ? cubic_pixel_rgba(v->src + offset, v->row_bytes, v->columns + (size_t)a * 16)
                 : linear_pixel_rgba(v->src + offset, v->row_bytes, v->columns + (size_t)a * 4);
  }
  return cubic ? cubic_pixel(v->src + offset, v->row_bytes, v->table + (size_t)a * 16, C)
               : linear_pixel(v->src + offset, v->row_bytes, v->table + (size_t)a * 4, C);
}

/* The taps of source row index yi (-1: outside), columns xs[0..3]: each
 * pixel's C bytes in its 4-byte slot; a tap outside (CONSTANT) reads the fill. */
TW_INLINE v128_t gather_row(const tw_warp_fixed* w, size_t row_bytes, int32_t yi, const int32_t* xs, const int taps,
                            const int C) {
  const uint8_t* p[4];
  for (int k = 0; k < taps; k++) {
    p[k] = yi < 0 || xs[k] < 0 ? w->fill : w->src + (size_t)yi * row_bytes + (size_t)xs[k] * (size_t)C;
  }
  v128_t v = wasm_i32x4_splat(0);
  v = TW_LOAD_PIXEL_LANE(v, p[0], 0, C);
  v = TW_LOAD_PIXEL_LANE(v, p[1], 1, C);
  if (taps == 4) {
    v = TW_LOAD_PIXEL_LANE(v, p[2], 2, C);
    v = TW_LOAD_PIXEL_LANE(v, p[3], 3, C);
  }
  return v;
}

/* 4 taps of 4 channels (slots 0..3 of `taps`) times their weights wt[0..3],
 * per channel: taps 0-1 by wt[0..1] and taps 2-3 by wt[2..3] in int16 pairs. */
TW_INLINE v128_t tap_sums(v128_t taps, const int16_t* wt) {
  const tw_pairs p = pairs_rgba(taps);
  return wasm_i32x4_add(wasm_i32x4_dot_i16x8(p.lo, wasm_v128_load32_splat(wt)),
                        wasm_i32x4_dot_i16x8(p.hi, wasm_v128_load32_splat(wt + 2)));
}

/* The sums of a pixel with some tap outside (warp-fixed-border.c's taps and
 * fill, the vector arithmetic of the inside pixels). */
TW_INLINE v128_t bordered_sums(const tw_warp_fixed* w, int32_t sx, int32_t sy, int32_t a, const int C,
                               const int cubic) {
  const int first = cubic ? -1 : 0;
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  int32_t xs[4], ys[4];
  tap_indices(sx + first, w->width, w->border, xs);
  tap_indices(sy + first, w->height, w->border, ys);
  if (!cubic) {
    const int16_t* wt = w->table + (size_t)a * 4;
    v128_t v = gather_row(w, row_bytes, ys[0], xs, 2, C);
    const v128_t lower = gather_row(w, row_bytes, ys[1], xs, 2, C);
    v = wasm_i64x2_shuffle(v, lower, 0, 2); /* row 1's two taps in slots 2, 3 */
    return round_shift(tap_sums(v, wt));
  }
  const int16_t* wt = w->table + (size_t)a * 16;
  v128_t s = wasm_i32x4_splat(0);
  for (int r = 0; r < 4; r++) s = wasm_i32x4_add(s, tap_sums(gather_row(w, row_bytes, ys[r], xs, 4, C), wt + 4 * r));
  return round_shift(s);
}

/* One pixel: inside -> the vector sums; every tap the fill -> the fill; else the gathered taps. */
TW_INLINE void filter_one(const tw_warp_fixed* w, const tw_filter_view* v, const tw_warp_coords* c, int32_t k,
                          uint8_t* dst, const int C, const int cubic) {
  const int first = cubic ? -1 : 0;
  const int32_t sx = c->x[k], sy = c->y[k];
  uint8_t* out = dst + (size_t)k * (size_t)C;
  if (sx + first >= 0 && sx + first <= v->xmax && sy + first >= 0 && sy + first <= v->ymax) {
    const uint32_t offset = (uint32_t)(sy + first) * (uint32_t)v->row_bytes + (uint32_t)(sx + first) * (uint32_t)C;
    store_pixel(filter_sums(v, offset, c->a[k], C, cubic), out, C);
  } else if (tw_warp_fixed_all_fill(w, sx, sy, cubic ? 4 : 2, first)) {
    memcpy(out, w->fill, (size_t)C);
  } else {
    store_pixel(bordered_sums(w, sx, sy, c->a[k], C, cubic), out, C);
  }
}

/* filter_one for any C and kernel, out of line: the one-at-a-time pixels
 * (border, tails) are the minority, and one copy of them keeps the module
 * small. */
static __attribute__((noinline)) void filter_one_any(const tw_warp_fixed* w, const tw_filter_view* v,
                                                     const tw_warp_coords* c, int32_t k, uint8_t* dst, int C,
                                                     int cubic) {
#define TW_ONE(C) cubic ? filter_one(w, v, c, k, dst, C, 1) : filter_one(w, v, c, k, dst, C, 0)
  switch (C) {
    case 1: TW_ONE(1); break;
    case 2: TW_ONE(2); break;
    case 3: TW_ONE(3); break;
    default: TW_ONE(4); break;
  }
#undef TW_ONE
}

/* The sums of 4 pixels whose first taps are at the byte offsets o (all
 * inside), table rows a[0..3], packed to bytes at out. */
TW_INLINE void filter_group(const tw_filter_view* v, v128_t o, const int32_t* a, uint8_t* out, const int C,
                            const int cubic) {
  uint32_t offset[4];
  wasm_v128_store(offset, o);
  v128_t r[4];
  if (cubic) {
    /* not unrolled: 4 pixels of 4 unrolled tap rows is code the module's size budget cannot afford */
    TW_NO_UNROLL
    for (int q = 0; q < 4; q++) r[q] = filter_sums(v, offset[q], a[q], C, cubic);
  } else {
    for (int q = 0; q < 4; q++) r[q] = filter_sums(v, offset[q], a[q], C, cubic);
  }
  store_group(r, out, C);
}

/* The sums of 4-channel pixel q of a group from its taps' byte offsets
 * (tap (r, c) at rows[r][q] + cols[c][q]), bordered_sums's arithmetic
 * (tap_sums): one vector of 4 taps per step, linear's 2 x 2 in one step,
 * cubic's 4 x 4 a tap row per step. */
TW_INLINE v128_t border_pixel_rgba(const uint8_t* src, const uint32_t (*rows)[4], const uint32_t (*cols)[4], int q,
                                   const int16_t* wt, const int cubic) {
  v128_t s = wasm_i32x4_splat(0);
  for (int step = 0; step < (cubic ? 4 : 1); step++) {
    const uint32_t first = rows[step][q], second = rows[cubic ? step : 1][q]; /* slots 0-1, slots 2-3 */
    const uint32_t c0 = cols[0][q], c1 = cols[1][q], c2 = cols[cubic ? 2 : 0][q], c3 = cols[cubic ? 3 : 1][q];
    v128_t v = wasm_v128_load32_zero(src + first + c0);
    v = wasm_v128_load32_lane(src + first + c1, v, 1);
    v = wasm_v128_load32_lane(src + second + c2, v, 2);
    v = wasm_v128_load32_lane(src + second + c3, v, 3);
    s = wasm_i32x4_add(s, tap_sums(v, wt + 4 * step));
  }
  return round_shift(s);
}

/* 4 pixels of 4 channels with some tap outside, under a border other than
 * CONSTANT (first taps x, y): every tap's index by one reflection or wrap
 * (border_near4), then bordered_sums's arithmetic, 4 pixels packed together.
 * A frame at 15 degrees has a fifth of its pixels here; one at a time they
 * cost several times an inside pixel. Returns 0, having written nothing,
 * when a tap needs the general rule (more than one reflection away). */
static __attribute__((noinline)) int border_group_rgba(const tw_warp_fixed* w, v128_t x, v128_t y,
                                                      const int32_t* a, uint8_t* out, const int cubic) {
  const int K = cubic ? 4 : 2;
  const v128_t rb = wasm_i32x4_splat(w->width * 4);
  const v128_t xlast = wasm_i32x4_splat(w->width - 1), ylast = wasm_i32x4_splat(w->height - 1);
  uint32_t rows[4][4], cols[4][4];
  v128_t inside = wasm_i32x4_splat(-1);
  TW_NO_UNROLL /* the module's size budget */
  for (int t = 0; t < K; t++) {
    const v128_t xi = border_near4(wasm_i32x4_add(x, wasm_i32x4_splat(t)), w->width, w->border);
    const v128_t yi = border_near4(wasm_i32x4_add(y, wasm_i32x4_splat(t)), w->height, w->border);
    inside = wasm_v128_and(inside, wasm_v128_and(wasm_u32x4_le(xi, xlast), wasm_u32x4_le(yi, ylast)));
    wasm_v128_store(cols[t], wasm_i32x4_shl(xi, 2));
    wasm_v128_store(rows[t], wasm_i32x4_mul(yi, rb));
  }
  if (!wasm_i32x4_all_true(inside)) return 0;
  const int16_t* table = w->table;
  const size_t row = cubic ? 16 : 4;
  v128_t r[4];
  TW_NO_UNROLL /* the module's size budget */
  for (int q = 0; q < 4; q++) r[q] = border_pixel_rgba(w->src, rows, cols, q, table + (size_t)a[q] * row, cubic);
  store_group(r, out, 4);
  return 1;
}

/* Pixels [k, k + 4) of c, not all with every tap inside (first taps x, y):
 * under CONSTANT with every tap of the 4 outside (tw_warp_fixed_all_fill),
 * 4 fills; else one at a time. */
TW_INLINE void filter_outside(const tw_warp_fixed* w, const tw_filter_view* v, const tw_warp_coords* c, int32_t k,
                              v128_t x, v128_t y, uint8_t* dst, const int C, const int cubic) {
  const int K = cubic ? 4 : 2;
  const v128_t width = wasm_i32x4_splat(w->width), height = wasm_i32x4_splat(w->height);
  const v128_t away = wasm_v128_or(wasm_v128_or(wasm_i32x4_le(x, wasm_i32x4_splat(-K)), wasm_i32x4_ge(x, width)),
                                   wasm_v128_or(wasm_i32x4_le(y, wasm_i32x4_splat(-K)), wasm_i32x4_ge(y, height)));
  if (w->border == TW_IMAGE_BORDER_CONSTANT && wasm_i32x4_all_true(away)) {
    store_compact(fill_slots(w), dst + (size_t)k * (size_t)C, C);
    return;
  }
  if (C == 4 && w->border != TW_IMAGE_BORDER_CONSTANT && border_group_rgba(w, x, y, c->a + k, dst + (size_t)k * 4, cubic))
    return;
  for (int q = 0; q < 4; q++) filter_one_any(w, v, c, k + q, dst, C, cubic);
}

/* Groups of 4 pixels with every tap inside are packed together; the others
 * (and the last n % 4) go one at a time. Offsets fit in 32 bits: the entry
 * keeps sources below 2^31 bytes. */
TW_INLINE void filter(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst, const int C,
                      const int cubic) {
  const int K = cubic ? 4 : 2, first = cubic ? -1 : 0;
  const tw_filter_view v = {w->src, (size_t)w->width * (size_t)C, w->table,
                            C == 4 ? tw_warp_fixed_columns(w->interpolation) : NULL, w->width - K, w->height - K};
  const v128_t vfirst = wasm_i32x4_splat(first), xmax = wasm_i32x4_splat(v.xmax), ymax = wasm_i32x4_splat(v.ymax);
  const v128_t rb = wasm_i32x4_splat((int32_t)v.row_bytes), ch = wasm_i32x4_splat(C);
  const int any_inside = v.xmax >= 0 && v.ymax >= 0;
  /* the common run, every group inside: no vector test per group (one loop, so one copy of its body) */
  const int all_inside = any_inside && groups_inside(c, n, vfirst, xmax, ymax);
  int32_t k = 0;
  for (; any_inside && k + 4 <= n; k += 4) {
    const v128_t x = wasm_i32x4_add(wasm_v128_load(c->x + k), vfirst);
    const v128_t y = wasm_i32x4_add(wasm_v128_load(c->y + k), vfirst);
    if (!all_inside && !wasm_i32x4_all_true(wasm_v128_and(wasm_u32x4_le(x, xmax), wasm_u32x4_le(y, ymax)))) {
      filter_outside(w, &v, c, k, x, y, dst, C, cubic);
      continue;
    }
    filter_group(&v, wasm_i32x4_add(wasm_i32x4_mul(y, rb), wasm_i32x4_mul(x, ch)), c->a + k,
                 dst + (size_t)k * (size_t)C, C, cubic);
  }
  for (; k < n; k++) filter_one_any(w, &v, c, k, dst, C, cubic);
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
