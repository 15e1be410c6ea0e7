/* SIMD warp plan: 4 destination pixels per step, one lane each. The source
 * coordinates are computed with the scalar kernel's float32 operations in the
 * same order (tw_warp_source_point). A group whose taps all lie inside the
 * source on both axes (most groups, for every border) needs no border rule:
 * its indices and weights are written here. Any other group (a tap outside,
 * or a coordinate too large or not finite) is planned by the scalar kernel,
 * point by point, so the border rules exist once and the plans are
 * bit-identical. */
#include "common/simd.h"
#include "warp-internal.h"


#define TW_WARP_INLINE static inline __attribute__((always_inline))

typedef struct tw_warp_axis_v {
  v128_t lo, hi; /* interior bases: every tap of base b is inside when lo <= b <= hi */
  v128_t stride; /* bytes between neighbouring pixels along the axis (i32) */
} tw_warp_axis_v;

/* K taps from base + first (first = -1 for cubic, else 0). */
static tw_warp_axis_v tw_warp_load_axis(const tw_gridsample_axis* axis, int taps, int first) {
  tw_warp_axis_v v;
  v.lo = wasm_f32x4_splat((float)-first);
  v.hi = wasm_f32x4_splat((float)(axis->length - taps - first));
  v.stride = wasm_i32x4_splat((int32_t)axis->stride);
  return v;
}

/* Per-axis weights from the fraction t (and u = 1 - t computed as the scalar
 * kernel does): linear (u, t), cubic Keys in the factored form. */
TW_WARP_INLINE void tw_warp_weights(v128_t s, v128_t base, const int mode, v128_t* w) {
  const v128_t one = wasm_f32x4_splat(1.0f);
  const v128_t t = wasm_f32x4_sub(s, base);
  const v128_t u =
      wasm_v128_bitselect(one, wasm_f32x4_sub(wasm_f32x4_add(base, one), s), wasm_f32x4_eq(t, wasm_f32x4_splat(0.0f)));
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = u;
    w[1] = t;
    return;
  }
  const v128_t a = wasm_f32x4_splat((float)TW_GS_CUBIC_A), a2 = wasm_f32x4_splat((float)TW_GS_CUBIC_A2);
  w[0] = wasm_f32x4_mul(wasm_f32x4_mul(a, t), wasm_f32x4_mul(u, u));
  w[1] = wasm_f32x4_mul(u, wasm_f32x4_sub(wasm_f32x4_add(one, t), wasm_f32x4_mul(wasm_f32x4_mul(a2, t), t)));
  w[2] = wasm_f32x4_mul(t, wasm_f32x4_sub(wasm_f32x4_add(one, u), wasm_f32x4_mul(wasm_f32x4_mul(a2, u), u)));
  w[3] = wasm_f32x4_mul(wasm_f32x4_mul(a, u), wasm_f32x4_mul(t, t));
}

/* The source coordinates of 4 pixels of row i (columns j) (tw_warp_source_point). */
TW_WARP_INLINE void tw_warp_source4(const tw_warp_problem* p, v128_t i, v128_t j, v128_t* sx, v128_t* sy) {
  const float* m = p->m;
#define TW_WARP_ROW(a, b, c) \
  wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_splat(a), j), \
                 wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_splat(b), i), wasm_f32x4_splat(c)))
  const v128_t X = TW_WARP_ROW(m[0], m[1], m[2]);
  const v128_t Y = TW_WARP_ROW(m[3], m[4], m[5]);
  if (!p->perspective) {
    *sx = X;
    *sy = Y;
    return;
  }
  const v128_t q = wasm_f32x4_div(wasm_f32x4_splat(1.0f), TW_WARP_ROW(m[6], m[7], m[8]));
#undef TW_WARP_ROW
  *sx = wasm_f32x4_mul(X, q);
  *sy = wasm_f32x4_mul(Y, q);
}

/* Plans the group at point p if all its taps are inside; returns 0 (nothing
 * written) otherwise. */
TW_WARP_INLINE int tw_warp_plan_interior(const tw_warp_problem* problem, const tw_warp_axis_v* ay,
                                         const tw_warp_axis_v* ax, v128_t sx, v128_t sy, size_t p,
                                         const tw_gridsample_plan* plan, const int mode) {
  const int K = mode == TW_GRIDSAMPLE_MODE_NEAREST ? 1 : mode == TW_GRIDSAMPLE_MODE_LINEAR ? 2 : 4;
  const int first = mode == TW_GRIDSAMPLE_MODE_CUBIC ? -1 : 0;
  const v128_t half = wasm_f32x4_splat(0.5f);
  const v128_t bx = wasm_f32x4_floor(mode == TW_GRIDSAMPLE_MODE_NEAREST ? wasm_f32x4_add(sx, half) : sx);
  const v128_t by = wasm_f32x4_floor(mode == TW_GRIDSAMPLE_MODE_NEAREST ? wasm_f32x4_add(sy, half) : sy);
  const v128_t inside = wasm_v128_and(wasm_v128_and(wasm_f32x4_ge(bx, ax->lo), wasm_f32x4_le(bx, ax->hi)),
                                      wasm_v128_and(wasm_f32x4_ge(by, ay->lo), wasm_f32x4_le(by, ay->hi)));
  if (!wasm_i32x4_all_true(inside)) return 0; /* also for NaN lanes */
  const size_t taps = (size_t)problem->gs.taps;
  const v128_t origin = wasm_i32x4_add(wasm_i32x4_mul(wasm_i32x4_trunc_sat_f32x4(by), ay->stride),
                                       wasm_i32x4_mul(wasm_i32x4_trunc_sat_f32x4(bx), ax->stride));
  const v128_t index0 = wasm_i32x4_add(origin, wasm_i32x4_mul(wasm_i32x4_splat(first),
                                                              wasm_i32x4_add(ay->stride, ax->stride)));
  v128_t wx[4], wy[4];
  if (mode != TW_GRIDSAMPLE_MODE_NEAREST) {
    tw_warp_weights(sx, bx, mode, wx);
    tw_warp_weights(sy, by, mode, wy);
  }
  for (int r = 0; r < K; r++) {
    const v128_t row = wasm_i32x4_add(index0, wasm_i32x4_mul(wasm_i32x4_splat(r), ay->stride));
    for (int c = 0; c < K; c++) {
      const size_t slot = tw_gridsample_slot(p, (size_t)(r * K + c), taps);
      wasm_v128_store(plan->index + slot, wasm_i32x4_add(row, wasm_i32x4_mul(wasm_i32x4_splat(c), ax->stride)));
      if (plan->mask) wasm_v128_store(plan->mask + slot, wasm_i32x4_splat(0));
      if (mode != TW_GRIDSAMPLE_MODE_NEAREST) wasm_v128_store(plan->w32 + slot, wasm_f32x4_mul(wy[r], wx[c]));
    }
  }
  return 1;
}

TW_WARP_INLINE void tw_warp_plan_tile(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                      int64_t col, const tw_gridsample_plan* plan, const int mode) {
  const int K = mode == TW_GRIDSAMPLE_MODE_NEAREST ? 1 : mode == TW_GRIDSAMPLE_MODE_LINEAR ? 2 : 4;
  const int first = mode == TW_GRIDSAMPLE_MODE_CUBIC ? -1 : 0;
  const tw_warp_axis_v ay = tw_warp_load_axis(&problem->gs.axis[0], K, first);
  const tw_warp_axis_v ax = tw_warp_load_axis(&problem->gs.axis[1], K, first);
  for (size_t r = 0; r < tile->rows; r++) {
    const tw_gridsample_plan run = tw_gridsample_plan_at(plan, r * tile->plan_stride);
    const v128_t i = wasm_f32x4_splat((float)(row + (int64_t)r));
    for (size_t p = 0; p < tile->count; p += 4) {
      const int32_t j0 = (int32_t)(col + (int64_t)p);
      const v128_t j = wasm_f32x4_convert_i32x4(wasm_i32x4_add(wasm_i32x4_splat(j0), wasm_i32x4_make(0, 1, 2, 3)));
      v128_t sx, sy;
      tw_warp_source4(problem, i, j, &sx, &sy);
      if (tw_warp_plan_interior(problem, &ay, &ax, sx, sy, p, &run, mode)) continue;
      const size_t n = tile->count - p < 4 ? tile->count - p : 4;
      tw_image_warp_plan_run__scalar(problem, row + (int64_t)r, col, p, n, &run);
    }
    tw_warp_pad_group(&run, tile->count);
  }
}

void tw_image_warp_plan__wasmsimd(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                  int64_t col, const tw_gridsample_plan* plan) {
  switch (problem->gs.mode) {
    case TW_GRIDSAMPLE_MODE_NEAREST: tw_warp_plan_tile(problem, tile, row, col, plan, TW_GRIDSAMPLE_MODE_NEAREST); break;
    case TW_GRIDSAMPLE_MODE_LINEAR: tw_warp_plan_tile(problem, tile, row, col, plan, TW_GRIDSAMPLE_MODE_LINEAR); break;
    default: tw_warp_plan_tile(problem, tile, row, col, plan, TW_GRIDSAMPLE_MODE_CUBIC); break;
  }
}
