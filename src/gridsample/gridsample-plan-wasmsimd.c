/* SIMD plan kernels for r = 2 and r = 3 with float32 coordinates and float32
 * weights (or nearest): 4 output locations per step, one lane each.
 *
 * They compute exactly what tw_gridsample_plan_f32__scalar computes, with the
 * same float operations in the same order, so the plans are bit-identical:
 *  - fmod is replaced by floor(d * (1/m)) with a correction step each way,
 *    which is exact while every integer involved stays below 2^24
 *    (guaranteed by |x| < 2^22 and L <= 2^20, TW_GRIDSAMPLE_SIMD_MAX_*);
 *  - after the reflection fold of linear/nearest the base lies in [-1, L],
 *    so those taps need no modulo at all (the scalar kernel's general route
 *    gives the same integers);
 *  - the scalar kernel clamps integer bases to [-8, L + 8] before converting;
 *    here bases are small enough to convert directly, and the clamp does not
 *    change any tap's index or mask.
 *  - a group whose taps all lie inside x on every axis (interior, most
 *    groups for every padding) skips the padding rules, the masks and the
 *    tap comparisons behind its flags: they leave such taps unchanged and
 *    always give it ROWS;
 * A group of 4 with any lane outside that range (or NaN/Inf) is planned by
 * the scalar kernel instead. Each (mode, padding) pair gets its own loop
 * (the helpers are inlined with constant arguments), so no lane-level code
 * tests a mode. */
#include "common/simd.h"
#include "gridsample-internal.h"

#define TW_GS_INLINE static inline __attribute__((always_inline))

typedef struct tw_gs_axis_v {
  v128_t s1, s2, s3, lo, hi, range, range2, last, period; /* f32 */
  v128_t range2_inv, period_inv;                          /* f32 reciprocals (approximate) */
  v128_t length_i, last_i, period_i, mirror_i, stride_i;  /* i32 */
} tw_gs_axis_v;

typedef struct tw_gs_taps_v {
  v128_t index[4], mask[4], w[4];
} tw_gs_taps_v;

static void tw_gs_load_axis(tw_gs_axis_v* v, const tw_gridsample_axis* a) {
  v->s1 = wasm_f32x4_splat(a->f.s1);
  v->s2 = wasm_f32x4_splat(a->f.s2);
  v->s3 = wasm_f32x4_splat(a->f.s3);
  v->lo = wasm_f32x4_splat(a->f.lo);
  v->hi = wasm_f32x4_splat(a->f.hi);
  v->range = wasm_f32x4_splat(a->f.range);
  v->range2 = wasm_f32x4_splat(a->f.range2);
  v->last = wasm_f32x4_splat(a->f.last);
  v->period = wasm_f32x4_splat(a->f.period);
  v->range2_inv = wasm_f32x4_splat(1.0f / a->f.range2);
  v->period_inv = wasm_f32x4_splat(1.0f / a->f.period);
  v->length_i = wasm_i32x4_splat((int32_t)a->length);
  v->last_i = wasm_i32x4_splat((int32_t)(a->length - 1));
  v->period_i = wasm_i32x4_splat((int32_t)a->period);
  v->mirror_i = wasm_i32x4_splat((int32_t)a->mirror);
  v->stride_i = wasm_i32x4_splat((int32_t)a->stride);
}

TW_GS_INLINE v128_t tw_gs_unnormalise(v128_t g, const tw_gs_axis_v* a) {
  return wasm_f32x4_mul(wasm_f32x4_sub(wasm_f32x4_mul(wasm_f32x4_add(g, wasm_f32x4_splat(1.0f)), a->s1), a->s2),
                        a->s3);
}

/* Lanes the SIMD pipeline handles exactly (false for NaN too). */
TW_GS_INLINE v128_t tw_gs_in_range(v128_t x) {
  return wasm_f32x4_lt(wasm_f32x4_abs(x), wasm_f32x4_splat(TW_GRIDSAMPLE_SIMD_MAX_COORD));
}

/* d mod m in [0, m) for integer-valued m, exactly (= fmodf plus m for a
 * negative result). q = floor(d * (1/m)) is the true quotient's floor or off
 * by one either way (|d| < 2^23, so the product's error is below 1); q * m
 * and d - q * m are exact below 2^24, and one correction each way lands in
 * [0, m). A multiply instead of a divide keeps the dependency chain short. */
TW_GS_INLINE v128_t tw_gs_mod(v128_t d, v128_t m, v128_t m_inv) {
  const v128_t q = wasm_f32x4_floor(wasm_f32x4_mul(d, m_inv));
  v128_t r = wasm_f32x4_sub(d, wasm_f32x4_mul(q, m));
  r = wasm_v128_bitselect(wasm_f32x4_add(r, m), r, wasm_f32x4_lt(r, wasm_f32x4_splat(0.0f)));
  return wasm_v128_bitselect(wasm_f32x4_sub(r, m), r, wasm_f32x4_ge(r, m));
}

/* SEMANTICS 2.3 reflection of the continuous coordinate (scalar: fold_f32). */
TW_GS_INLINE v128_t tw_gs_fold(v128_t x, const tw_gs_axis_v* a) {
  const v128_t below = wasm_f32x4_lt(x, a->lo);
  const v128_t above = wasm_f32x4_gt(x, a->hi);
  if (!wasm_v128_any_true(wasm_v128_or(below, above))) return x; /* the common case: all inside */
  const v128_t d = wasm_v128_bitselect(wasm_f32x4_sub(a->lo, x), wasm_f32x4_sub(x, a->hi), below);
  const v128_t r2 = tw_gs_mod(d, a->range2, a->range2_inv);
  const v128_t odd = wasm_f32x4_ge(r2, a->range);
  const v128_t rho = wasm_v128_bitselect(wasm_f32x4_sub(r2, a->range), r2, odd);
  const v128_t folded =
      wasm_v128_bitselect(wasm_f32x4_add(a->lo, rho), wasm_f32x4_sub(a->hi, rho), wasm_v128_xor(below, odd));
  return wasm_v128_bitselect(folded, x, wasm_v128_or(below, above));
}

/* SEMANTICS 2.3 for linear and nearest: clamp (pmax/pmin are the selects
 * x < 0 ? 0 : x and last < x ? last : x of the scalar code) or fold. */
TW_GS_INLINE v128_t tw_gs_preadjust(v128_t x, const tw_gs_axis_v* a, const int padding) {
  if (padding == TW_GRIDSAMPLE_PADDING_BORDER) return wasm_f32x4_pmin(wasm_f32x4_pmax(x, wasm_f32x4_splat(0.0f)), a->last);
  if (padding == TW_GRIDSAMPLE_PADDING_REFLECTION) return tw_gs_fold(x, a);
  return x;
}

/* SEMANTICS 2.4: taps base + first .. base + first + count - 1 of one axis.
 * folded: the coordinate was clamped/folded into [lo, hi] first (linear and
 * nearest), so base is in [-1, L]. */
TW_GS_INLINE void tw_gs_taps(v128_t base, const tw_gs_axis_v* a, const int padding, const int first, const int count,
                             const int folded, tw_gs_taps_v* out) {
  if (padding == TW_GRIDSAMPLE_PADDING_ZEROS || padding == TW_GRIDSAMPLE_PADDING_BORDER) {
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(base);
    for (int k = 0; k < count; k++) {
      const v128_t i = wasm_i32x4_add(b, wasm_i32x4_splat(first + k));
      if (padding == TW_GRIDSAMPLE_PADDING_ZEROS) {
        const v128_t oob = wasm_u32x4_ge(i, a->length_i); /* negative i is huge unsigned */
        out->index[k] = wasm_v128_andnot(i, oob);
        out->mask[k] = oob;
      } else {
        out->index[k] = wasm_i32x4_min(wasm_i32x4_max(i, wasm_i32x4_splat(0)), a->last_i);
        out->mask[k] = wasm_i32x4_splat(0);
      }
    }
  } else if (padding == TW_GRIDSAMPLE_PADDING_REFLECTION && folded) {
    /* linear/nearest after the fold: base is in [-1, L], so i < 0 only
     * needs + period and i <= L needs no reduction before mirroring */
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(base);
    for (int k = 0; k < count; k++) {
      v128_t i = wasm_i32x4_add(b, wasm_i32x4_splat(k));
      i = wasm_v128_bitselect(wasm_i32x4_add(i, a->period_i), i, wasm_i32x4_lt(i, wasm_i32x4_splat(0)));
      i = wasm_v128_bitselect(i, wasm_i32x4_sub(a->mirror_i, i), wasm_i32x4_lt(i, a->length_i));
      out->index[k] = wasm_u32x4_min(i, a->last_i);
      out->mask[k] = wasm_i32x4_splat(0);
    }
  } else {
    /* Periodic padding. When every lane's taps are already inside [0, L)
     * (the common case) they are their own reduction and mirror image. */
    const v128_t first_i = wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(base), wasm_i32x4_splat(first));
    const v128_t inside = wasm_v128_and(wasm_i32x4_ge(first_i, wasm_i32x4_splat(0)),
                                        wasm_i32x4_le(wasm_i32x4_add(first_i, wasm_i32x4_splat(count - 1)), a->last_i));
    if (wasm_i32x4_all_true(inside)) {
      for (int k = 0; k < count; k++) {
        out->index[k] = wasm_i32x4_add(first_i, wasm_i32x4_splat(k));
        out->mask[k] = wasm_i32x4_splat(0);
      }
      return;
    }
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(tw_gs_mod(base, a->period, a->period_inv));
    for (int k = 0; k < count; k++) {
      v128_t i = wasm_i32x4_add(b, wasm_i32x4_splat(first + k));
      i = wasm_v128_bitselect(wasm_i32x4_add(i, a->period_i), i, wasm_i32x4_lt(i, wasm_i32x4_splat(0)));
      i = wasm_v128_bitselect(wasm_i32x4_sub(i, a->period_i), i, wasm_i32x4_ge(i, a->period_i));
      if (padding == TW_GRIDSAMPLE_PADDING_REFLECTION) {
        i = wasm_v128_bitselect(i, wasm_i32x4_sub(a->mirror_i, i), wasm_i32x4_lt(i, a->length_i));
      }
      out->index[k] = wasm_u32x4_min(i, a->last_i);
      out->mask[k] = wasm_i32x4_splat(0);
    }
  }
}

/* One axis, 4 lanes: the coordinate the taps count from (after SEMANTICS
 * 2.3 for linear and nearest; cubic pads each tap instead, 2.8). */
TW_GS_INLINE v128_t tw_gs_adjusted(v128_t x, const tw_gs_axis_v* a, const int mode, const int padding) {
  return mode == TW_GRIDSAMPLE_MODE_CUBIC ? x : tw_gs_preadjust(x, a, padding);
}

/* The base of an axis's taps: the nearest integer (ties to even) or the floor. */
TW_GS_INLINE v128_t tw_gs_base(v128_t x, const int mode) {
  return mode == TW_GRIDSAMPLE_MODE_NEAREST ? wasm_f32x4_nearest(x) : wasm_f32x4_floor(x);
}

/* The fraction t = x - base and its complement u = base + 1 - x, each
 * rounded once (see the scalar kernel). */
TW_GS_INLINE v128_t tw_gs_fraction(v128_t x, v128_t base) { return wasm_f32x4_sub(x, base); }
TW_GS_INLINE v128_t tw_gs_cofraction(v128_t x, v128_t base) {
  return wasm_f32x4_sub(wasm_f32x4_add(base, wasm_f32x4_splat(1.0f)), x);
}

/* Weight k of an axis's K taps: linear u, t; cubic the factored polynomials
 * of gridsample-internal.h. A function of k rather than an array: LLVM 14
 * leaves small arrays of vectors on the stack when the loops indexing them
 * are unrolled late, and the interior path must stay in registers. */
TW_GS_INLINE v128_t tw_gs_weight(const int mode, const int k, v128_t t, v128_t u) {
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) return k == 0 ? u : t;
  const v128_t one = wasm_f32x4_splat(1.0f);
  const v128_t A = wasm_f32x4_splat((float)TW_GS_CUBIC_A), A2 = wasm_f32x4_splat((float)TW_GS_CUBIC_A2);
  switch (k) {
    case 0: return wasm_f32x4_mul(wasm_f32x4_mul(A, t), wasm_f32x4_mul(u, u));
    case 1: return wasm_f32x4_mul(u, wasm_f32x4_sub(wasm_f32x4_add(one, t), wasm_f32x4_mul(wasm_f32x4_mul(A2, t), t)));
    case 2: return wasm_f32x4_mul(t, wasm_f32x4_sub(wasm_f32x4_add(one, u), wasm_f32x4_mul(wasm_f32x4_mul(A2, u), u)));
    default: return wasm_f32x4_mul(wasm_f32x4_mul(A, u), wasm_f32x4_mul(t, t));
  }
}

/* One axis, 4 lanes: the weights (out->w) from the adjusted coordinate and its base. */
TW_GS_INLINE void tw_gs_axis_weights(v128_t x, v128_t base, const int mode, tw_gs_taps_v* out) {
  if (mode == TW_GRIDSAMPLE_MODE_NEAREST) {
    out->w[0] = wasm_f32x4_splat(1.0f); /* unused; keeps the combine step uniform */
    return;
  }
  const v128_t t = tw_gs_fraction(x, base), u = tw_gs_cofraction(x, base);
  for (int k = 0; k < tw_gridsample_taps_per_axis(mode); k++) out->w[k] = tw_gs_weight(mode, k, t, u);
}

/* One axis, 4 lanes: taps and masks from the base (SEMANTICS 2.4). */
TW_GS_INLINE void tw_gs_axis_taps(v128_t base, const tw_gs_axis_v* a, const int mode, const int padding,
                                  tw_gs_taps_v* out) {
  if (mode == TW_GRIDSAMPLE_MODE_CUBIC) {
    tw_gs_taps(base, a, padding, -1, 4, 0, out);
  } else {
    tw_gs_taps(base, a, padding, 0, tw_gridsample_taps_per_axis(mode), 1, out);
  }
}

/* Lanes whose K taps all lie in [0, L), from the base as a float (false for
 * NaN and infinities): every padding rule maps such taps to themselves,
 * without masks (the common case for every padding). */
TW_GS_INLINE v128_t tw_gs_interior(v128_t base, const tw_gs_axis_v* a, const int mode) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  const int first = mode == TW_GRIDSAMPLE_MODE_CUBIC ? -1 : 0;
  return wasm_v128_and(wasm_f32x4_ge(base, wasm_f32x4_splat((float)-first)),
                       wasm_f32x4_le(base, wasm_f32x4_sub(a->last, wasm_f32x4_splat((float)(k_taps - 1 + first)))));
}

/* The first tap of interior lanes, as tw_gs_axis_taps gives it, read from
 * the bits of base + 1.5 * 2^23, which hold the integer base exactly
 * (0 <= base < 2^20 here): cheaper than a saturating conversion. */
TW_GS_INLINE v128_t tw_gs_interior_first_tap(v128_t base, const int mode) {
  const v128_t magic = wasm_f32x4_splat(12582912.0f);
  return wasm_i32x4_sub(wasm_f32x4_add(base, magic),
                        wasm_i32x4_splat((mode == TW_GRIDSAMPLE_MODE_CUBIC ? 1 : 0) + 0x4B400000));
}

/* The scalar plan kernel on a copy of the plan descriptor: the caller's
 * descriptor never has its address taken by a call, so the compiler keeps
 * its pointers in registers instead of reloading them after every store. */
TW_GS_INLINE void tw_gs_plan_scalar(const tw_gridsample_problem* problem, const float* grid, size_t first,
                                    size_t count, const tw_gridsample_plan* plan) {
  const tw_gridsample_plan copy = *plan;
  tw_gridsample_plan_f32__scalar(problem, grid, first, count, &copy);
}

/* Stores one combined tap of a group (every array, or for a group flagged
 * ROWS/EDGE/MIRRORED/FILL only what the compact layout keeps). */
TW_GS_INLINE void tw_gs_store_tap(const tw_gridsample_plan* plan, size_t group_at, size_t tap, size_t k_taps,
                                  uint8_t flags, const int mode, const int padding, v128_t index, v128_t mask,
                                  v128_t w) {
  const size_t at = group_at + tap * 4;
  if (flags == 0) {
    wasm_v128_store(plan->index + at, index);
    if (padding == TW_GRIDSAMPLE_PADDING_ZEROS) wasm_v128_store(plan->mask + at, mask);
  } else if ((flags == TW_GS_GROUP_ROWS || flags == TW_GS_GROUP_EDGE) && tap % k_taps == 0) {
    wasm_v128_store(plan->index + group_at + tap / k_taps * 4, index);
  } else if (flags == TW_GS_GROUP_MIRRORED && tap % k_taps == k_taps - 1) {
    wasm_v128_store(plan->index + group_at + tap / k_taps * 4, index);
  }
  if (mode != TW_GRIDSAMPLE_MODE_NEAREST) wasm_v128_store(plan->w32 + at, w);
}

/* OR and AND of an axis's tap masks. */
TW_GS_INLINE void tw_gs_mask_summary(const tw_gs_taps_v* taps, const int mode, v128_t* any, v128_t* all) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  *any = *all = taps->mask[0];
  for (int k = 1; k < k_taps; k++) {
    *any = wasm_v128_or(*any, taps->mask[k]);
    *all = wasm_v128_and(*all, taps->mask[k]);
  }
}

/* The group's TW_GS_GROUP_* flags from its innermost axis's taps and the
 * masks of all its axes (outer_any = OR of the other axes' tap masks, for
 * ROWS; outer_all = OR over the other axes of the AND of their tap masks,
 * for FILL: a point is all fill when every tap of some axis is outside). */
TW_GS_INLINE uint8_t tw_gs_group_flags(const tw_gs_taps_v* inner, v128_t outer_any, v128_t outer_all, const int mode,
                                       const int padding) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  if (k_taps == 1) return 0;
  v128_t rows = wasm_i32x4_splat(-1);
  for (int k = 1; k < k_taps; k++) {
    rows = wasm_v128_and(rows, wasm_i32x4_eq(inner->index[k], wasm_i32x4_add(inner->index[0], wasm_i32x4_splat(k))));
  }
  if (padding != TW_GRIDSAMPLE_PADDING_ZEROS) {
    if (wasm_i32x4_all_true(rows)) return TW_GS_GROUP_ROWS;
    v128_t edge = wasm_i32x4_splat(-1), mirrored = wasm_i32x4_splat(-1);
    for (int k = 1; k < k_taps; k++) {
      edge = wasm_v128_and(edge, wasm_i32x4_eq(inner->index[k], inner->index[0]));
      mirrored = wasm_v128_and(mirrored,
                               wasm_i32x4_eq(inner->index[k], wasm_i32x4_sub(inner->index[0], wasm_i32x4_splat(k))));
    }
    if (wasm_i32x4_all_true(edge)) return TW_GS_GROUP_EDGE;
    return wasm_i32x4_all_true(mirrored) ? TW_GS_GROUP_MIRRORED : 0;
  }
  v128_t inner_any, inner_all;
  tw_gs_mask_summary(inner, mode, &inner_any, &inner_all);
  rows = wasm_v128_andnot(rows, wasm_v128_or(inner_any, outer_any));
  if (wasm_i32x4_all_true(rows)) return TW_GS_GROUP_ROWS;
  return wasm_i32x4_all_true(wasm_v128_or(inner_all, outer_all)) ? TW_GS_GROUP_FILL : 0;
}

/* Stores group g's flags and its combined taps (rows of the y axis's taps
 * times the x axis's). */
TW_GS_INLINE void tw_gs_store_group2d(const tw_gridsample_plan* plan, size_t g, const tw_gs_axis_v* ay,
                                      const tw_gs_taps_v* ty, const tw_gs_taps_v* tx, const uint8_t flags,
                                      const int mode, const int padding) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  plan->flags[g] = flags;
  const size_t group_at = g * (size_t)(k_taps * k_taps) * 4;
  for (int ky = 0; ky < k_taps; ky++) {
    const v128_t row = wasm_i32x4_mul(ty->index[ky], ay->stride_i);
    for (int kx = 0; kx < k_taps; kx++) {
      tw_gs_store_tap(plan, group_at, (size_t)(ky * k_taps + kx), (size_t)k_taps, flags, mode, padding,
                      wasm_i32x4_add(row, tx->index[kx]), wasm_v128_or(ty->mask[ky], tx->mask[kx]),
                      wasm_f32x4_mul(ty->w[ky], tx->w[kx]));
    }
  }
}

/* ---- interior groups ------------------------------------------------------
 * A group whose taps all lie inside x on every axis (most groups, for every
 * padding): the padding rules map such taps to themselves, so there are no
 * masks to form and no taps to compare, and the group is ROWS. Its taps come
 * straight from the bases, with everything in registers (no tw_gs_taps_v). */

/* The K taps of row `row_number` of an interior group: index row + kx,
 * no mask, weight w_outer * w_x(kx) (nearest: no weights). rows_layout:
 * the compact ROWS layout (else every tap, flags 0). */
TW_GS_INLINE void tw_gs_store_interior_row(const tw_gridsample_plan* plan, size_t group_at, int row_number,
                                           v128_t row, v128_t w_outer, v128_t tx, v128_t ux, const int mode,
                                           const int padding, const int rows_layout) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  for (int kx = 0; kx < k_taps; kx++) {
    const v128_t w = mode == TW_GRIDSAMPLE_MODE_NEAREST ? w_outer
                                                         : wasm_f32x4_mul(w_outer, tw_gs_weight(mode, kx, tx, ux));
    tw_gs_store_tap(plan, group_at, (size_t)(row_number * k_taps + kx), (size_t)k_taps,
                    rows_layout ? TW_GS_GROUP_ROWS : 0, mode, padding, wasm_i32x4_add(row, wasm_i32x4_splat(kx)),
                    wasm_i32x4_splat(0), w);
  }
}

/* An interior 2-D group: (xy, by) and (xx, bx) are the adjusted coordinates
 * and bases of the outer and inner axis. */
TW_GS_INLINE void tw_gs_interior2d(const tw_gridsample_plan* plan, size_t g, v128_t stride_y, v128_t xy, v128_t by,
                                   v128_t xx, v128_t bx, const int mode, const int padding, const int rows_layout) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  plan->flags[g] = rows_layout ? TW_GS_GROUP_ROWS : 0;
  const size_t group_at = g * (size_t)(k_taps * k_taps) * 4;
  const v128_t ty = tw_gs_fraction(xy, by), uy = tw_gs_cofraction(xy, by);
  const v128_t tx = tw_gs_fraction(xx, bx), ux = tw_gs_cofraction(xx, bx);
  v128_t row = wasm_i32x4_add(wasm_i32x4_mul(tw_gs_interior_first_tap(by, mode), stride_y),
                              tw_gs_interior_first_tap(bx, mode));
  for (int ky = 0; ky < k_taps; ky++, row = wasm_i32x4_add(row, stride_y)) {
    tw_gs_store_interior_row(plan, group_at, ky, row, tw_gs_weight(mode, ky, ty, uy), tx, ux, mode, padding,
                             rows_layout);
  }
}

/* An interior 3-D group, axes z (outermost), y, x. */
TW_GS_INLINE void tw_gs_interior3d(const tw_gridsample_plan* plan, size_t g, v128_t stride_z, v128_t stride_y,
                                   v128_t xz, v128_t bz, v128_t xy, v128_t by, v128_t xx, v128_t bx, const int mode,
                                   const int padding, const int rows_layout) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  plan->flags[g] = rows_layout ? TW_GS_GROUP_ROWS : 0;
  const size_t group_at = g * (size_t)(k_taps * k_taps * k_taps) * 4;
  const v128_t tz = tw_gs_fraction(xz, bz), uz = tw_gs_cofraction(xz, bz);
  const v128_t ty = tw_gs_fraction(xy, by), uy = tw_gs_cofraction(xy, by);
  const v128_t tx = tw_gs_fraction(xx, bx), ux = tw_gs_cofraction(xx, bx);
  v128_t slab = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(tw_gs_interior_first_tap(bz, mode), stride_z),
                                              wasm_i32x4_mul(tw_gs_interior_first_tap(by, mode), stride_y)),
                               tw_gs_interior_first_tap(bx, mode));
  for (int kz = 0; kz < k_taps; kz++, slab = wasm_i32x4_add(slab, stride_z)) {
    const v128_t wz = tw_gs_weight(mode, kz, tz, uz);
    v128_t row = slab;
    for (int ky = 0; ky < k_taps; ky++, row = wasm_i32x4_add(row, stride_y)) {
      const v128_t wzy = mode == TW_GRIDSAMPLE_MODE_NEAREST ? wz : wasm_f32x4_mul(wz, tw_gs_weight(mode, ky, ty, uy));
      tw_gs_store_interior_row(plan, group_at, kz * k_taps + ky, row, wzy, tx, ux, mode, padding, rows_layout);
    }
  }
}

/* ---- groups ----------------------------------------------------------------- */

/* Group g (points 4g .. 4g + 3) of a run whose coordinates start at grid. */
TW_GS_INLINE void tw_gs_group2d(const tw_gridsample_problem* problem, const tw_gs_axis_v* ay, const tw_gs_axis_v* ax,
                                const float* grid, size_t g, const tw_gridsample_plan* plan, const int mode,
                                const int padding) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  /* (x, y) pairs of 4 points: x addresses axis 1 (width), y axis 0. */
  const v128_t v0 = wasm_v128_load(grid + g * 8);
  const v128_t v1 = wasm_v128_load(grid + g * 8 + 4);
  const v128_t xx = tw_gs_unnormalise(wasm_i32x4_shuffle(v0, v1, 0, 2, 4, 6), ax);
  const v128_t xy = tw_gs_unnormalise(wasm_i32x4_shuffle(v0, v1, 1, 3, 5, 7), ay);
  /* With zeros or wrap padding an interior lane's coordinate is small and
   * finite, so interior groups need no range check. Border and reflection
   * check first: the border clamp moves +inf inside (the scalar kernel maps
   * it to 0), and the fold is only exact in range. */
  const int check_range_first = padding == TW_GRIDSAMPLE_PADDING_BORDER || padding == TW_GRIDSAMPLE_PADDING_REFLECTION;
  const v128_t in_range = wasm_v128_and(tw_gs_in_range(xx), tw_gs_in_range(xy));
  if (check_range_first && !wasm_i32x4_all_true(in_range)) {
    tw_gs_plan_scalar(problem, grid, g * 4, 4, plan);
    return;
  }
  const v128_t py = tw_gs_adjusted(xy, ay, mode, padding), px = tw_gs_adjusted(xx, ax, mode, padding);
  const v128_t by = tw_gs_base(py, mode), bx = tw_gs_base(px, mode);
  if (wasm_i32x4_all_true(wasm_v128_and(tw_gs_interior(by, ay, mode), tw_gs_interior(bx, ax, mode)))) {
    if (plan->compact && k_taps > 1) {
      tw_gs_interior2d(plan, g, ay->stride_i, py, by, px, bx, mode, padding, 1);
    } else {
      tw_gs_interior2d(plan, g, ay->stride_i, py, by, px, bx, mode, padding, 0);
    }
    return;
  }
  if (!check_range_first && !wasm_i32x4_all_true(in_range)) {
    tw_gs_plan_scalar(problem, grid, g * 4, 4, plan);
    return;
  }
  tw_gs_taps_v ty, tx;
  tw_gs_axis_weights(py, by, mode, &ty);
  tw_gs_axis_weights(px, bx, mode, &tx);
  tw_gs_axis_taps(by, ay, mode, padding, &ty);
  tw_gs_axis_taps(bx, ax, mode, padding, &tx);
  uint8_t flags = 0;
  if (plan->compact) {
    v128_t y_any, y_all;
    tw_gs_mask_summary(&ty, mode, &y_any, &y_all);
    flags = tw_gs_group_flags(&tx, y_any, y_all, mode, padding);
  }
  tw_gs_store_group2d(plan, g, ay, &ty, &tx, flags, mode, padding);
}

TW_GS_INLINE void tw_gs_group3d(const tw_gridsample_problem* problem, const tw_gs_axis_v* az, const tw_gs_axis_v* ay,
                                const tw_gs_axis_v* ax, const float* grid, size_t g, const tw_gridsample_plan* plan,
                                const int mode, const int padding) {
  const int k_taps = tw_gridsample_taps_per_axis(mode);
  /* (x, y, z) triples of 4 points: x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3 */
  const v128_t v0 = wasm_v128_load(grid + g * 12);
  const v128_t v1 = wasm_v128_load(grid + g * 12 + 4);
  const v128_t v2 = wasm_v128_load(grid + g * 12 + 8);
  const v128_t gx = wasm_i32x4_shuffle(wasm_i32x4_shuffle(v0, v1, 0, 3, 6, 0), v2, 0, 1, 2, 5);
  const v128_t gy = wasm_i32x4_shuffle(wasm_i32x4_shuffle(v0, v1, 1, 4, 7, 0), v2, 0, 1, 2, 6);
  const v128_t gz = wasm_i32x4_shuffle(wasm_i32x4_shuffle(v0, v1, 2, 5, 0, 0), v2, 0, 1, 4, 7);
  const v128_t xx = tw_gs_unnormalise(gx, ax);
  const v128_t xy = tw_gs_unnormalise(gy, ay);
  const v128_t xz = tw_gs_unnormalise(gz, az);
  if (!wasm_i32x4_all_true(wasm_v128_and(wasm_v128_and(tw_gs_in_range(xx), tw_gs_in_range(xy)), tw_gs_in_range(xz)))) {
    tw_gs_plan_scalar(problem, grid, g * 4, 4, plan);
    return;
  }
  const v128_t pz = tw_gs_adjusted(xz, az, mode, padding), py = tw_gs_adjusted(xy, ay, mode, padding),
               px = tw_gs_adjusted(xx, ax, mode, padding);
  const v128_t bz = tw_gs_base(pz, mode), by = tw_gs_base(py, mode), bx = tw_gs_base(px, mode);
  if (wasm_i32x4_all_true(wasm_v128_and(wasm_v128_and(tw_gs_interior(bz, az, mode), tw_gs_interior(by, ay, mode)),
                                        tw_gs_interior(bx, ax, mode)))) {
    if (plan->compact && k_taps > 1) {
      tw_gs_interior3d(plan, g, az->stride_i, ay->stride_i, pz, bz, py, by, px, bx, mode, padding, 1);
    } else {
      tw_gs_interior3d(plan, g, az->stride_i, ay->stride_i, pz, bz, py, by, px, bx, mode, padding, 0);
    }
    return;
  }
  tw_gs_taps_v tz, ty, tx;
  tw_gs_axis_weights(pz, bz, mode, &tz);
  tw_gs_axis_weights(py, by, mode, &ty);
  tw_gs_axis_weights(px, bx, mode, &tx);
  tw_gs_axis_taps(bz, az, mode, padding, &tz);
  tw_gs_axis_taps(by, ay, mode, padding, &ty);
  tw_gs_axis_taps(bx, ax, mode, padding, &tx);
  uint8_t flags = 0;
  if (plan->compact) {
    v128_t z_any, z_all, y_any, y_all;
    tw_gs_mask_summary(&tz, mode, &z_any, &z_all);
    tw_gs_mask_summary(&ty, mode, &y_any, &y_all);
    flags = tw_gs_group_flags(&tx, wasm_v128_or(z_any, y_any), wasm_v128_or(z_all, y_all), mode, padding);
  }
  plan->flags[g] = flags;
  const size_t group_at = g * (size_t)(k_taps * k_taps * k_taps) * 4;
  size_t tap = 0;
  for (int kz = 0; kz < k_taps; kz++) {
    const v128_t slab = wasm_i32x4_mul(tz.index[kz], az->stride_i);
    for (int ky = 0; ky < k_taps; ky++) {
      const v128_t row = wasm_i32x4_add(slab, wasm_i32x4_mul(ty.index[ky], ay->stride_i));
      const v128_t mask_zy = wasm_v128_or(tz.mask[kz], ty.mask[ky]);
      const v128_t w_zy = wasm_f32x4_mul(tz.w[kz], ty.w[ky]);
      for (int kx = 0; kx < k_taps; kx++, tap++) {
        tw_gs_store_tap(plan, group_at, tap, (size_t)k_taps, flags, mode, padding, wasm_i32x4_add(row, tx.index[kx]),
                        wasm_v128_or(mask_zy, tx.mask[kx]), wasm_f32x4_mul(w_zy, tx.w[kx]));
      }
    }
  }
}

/* A tile: full groups in SIMD, each run's last count % 4 points scalar. */
TW_GS_INLINE void tw_gs_plan(const tw_gridsample_problem* problem, const tw_gridsample_tile* tile, const float* grid,
                             const tw_gridsample_plan* plan, const int mode, const int padding, const int r) {
  /* named, not an array (see tw_gs_weight) */
  tw_gs_axis_v axis0, axis1, axis2;
  tw_gs_load_axis(&axis0, &problem->axis[0]);
  tw_gs_load_axis(&axis1, &problem->axis[1]);
  if (r == 3) tw_gs_load_axis(&axis2, &problem->axis[2]);
  const size_t groups = tile->count / 4;
  for (size_t row = 0; row < tile->rows; row++) {
    const float* run_grid = grid + row * tile->grid_stride * (size_t)r;
    const tw_gridsample_plan run_plan = tw_gridsample_plan_at(plan, row * tile->plan_stride);
    for (size_t g = 0; g < groups; g++) {
      if (r == 2) {
        tw_gs_group2d(problem, &axis0, &axis1, run_grid, g, &run_plan, mode, padding);
      } else {
        tw_gs_group3d(problem, &axis0, &axis1, &axis2, run_grid, g, &run_plan, mode, padding);
      }
    }
    if (groups * 4 < tile->count) {
      tw_gs_plan_scalar(problem, run_grid, groups * 4, tile->count - groups * 4, &run_plan);
    }
  }
}

/* One specialised loop per (mode, padding). The switches are on the enum
 * types and have no default, so -Wswitch (-Wall -Werror) refuses to compile
 * while a mode or padding of gridsample.h has no case here; the assertion
 * says so in words. */
_Static_assert(TW_GRIDSAMPLE_MODE_COUNT == 3 && TW_GRIDSAMPLE_PADDING_COUNT == 4,
               "TW_GS_CASES specialises linear/nearest/cubic x zeros/border/reflection/wrap: add the new cases");

#define TW_GS_PADDINGS(fn, MODE, rank)                                                                               \
  switch ((tw_gridsample_padding)problem->padding) {                                                                \
    case TW_GRIDSAMPLE_PADDING_ZEROS: fn(problem, tile, grid, plan, MODE, TW_GRIDSAMPLE_PADDING_ZEROS, rank); break;  \
    case TW_GRIDSAMPLE_PADDING_BORDER: fn(problem, tile, grid, plan, MODE, TW_GRIDSAMPLE_PADDING_BORDER, rank); break; \
    case TW_GRIDSAMPLE_PADDING_REFLECTION:                                                                          \
      fn(problem, tile, grid, plan, MODE, TW_GRIDSAMPLE_PADDING_REFLECTION, rank);                                  \
      break;                                                                                                        \
    case TW_GRIDSAMPLE_PADDING_WRAP: fn(problem, tile, grid, plan, MODE, TW_GRIDSAMPLE_PADDING_WRAP, rank); break;    \
  }

#define TW_GS_CASES(fn, rank)                                                                                       \
  switch ((tw_gridsample_mode)problem->mode) {                                                                      \
    case TW_GRIDSAMPLE_MODE_LINEAR: TW_GS_PADDINGS(fn, TW_GRIDSAMPLE_MODE_LINEAR, rank) break;                      \
    case TW_GRIDSAMPLE_MODE_NEAREST: TW_GS_PADDINGS(fn, TW_GRIDSAMPLE_MODE_NEAREST, rank) break;                    \
    case TW_GRIDSAMPLE_MODE_CUBIC: TW_GS_PADDINGS(fn, TW_GRIDSAMPLE_MODE_CUBIC, rank) break;                        \
  }

void tw_gridsample_plan2d__wasmsimd(const tw_gridsample_problem* problem, const tw_gridsample_tile* tile,
                                    const float* grid, const tw_gridsample_plan* plan) {
  TW_GS_CASES(tw_gs_plan, 2)
}

void tw_gridsample_plan3d__wasmsimd(const tw_gridsample_problem* problem, const tw_gridsample_tile* tile,
                                    const float* grid, const tw_gridsample_plan* plan) {
  TW_GS_CASES(tw_gs_plan, 3)
}
