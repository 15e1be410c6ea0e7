/* Image warp internals: the normalised problem the entry (warp.c) hands to
 * the kernels, and the kernel prototypes.
 *
 * The warps are a second client of GridSample's machinery: the shared driver
 * (gridsample-driver.h) walks tiles of destination pixels; per tile a plan
 * kernel writes each pixel's taps into a tw_gridsample_plan (indices are
 * byte offsets of source pixels, after GridSample's per-tap padding rules),
 * and a blend kernel applies it to the pixel's channels. The plan kernels
 * differ from GridSample's only in where coordinates come from (the matrix)
 * and in that no border rule adjusts the coordinate first.
 *
 * Kernel names: tw_image_warp_<what>__<isa>; the scalar kernels are the
 * reference, the wasmsimd kernels bit-identical to them. */
#ifndef TW_IMAGE_WARP_INTERNAL_H
#define TW_IMAGE_WARP_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "gridsample/gridsample-internal.h"
#include "warp.h"

typedef struct tw_warp_problem {
  /* rank 2; axis[0] = y (stride width * channels bytes), axis[1] = x (stride
   * channels bytes); mode and padding in GridSample's terms. */
  tw_gridsample_problem gs;
  float m[9];      /* the matrix in float32 (affine: the last row unused) */
  int perspective; /* 0: affine */
  int channels;
} tw_warp_problem;

/* The normalised problem of a warp whose arguments passed the entry's
 * checks (warp.c; the native tests build problems with it too). */
void tw_warp_problem_init(tw_warp_problem* p, int32_t src_width, int32_t src_height, int32_t channels,
                          const double* matrix, int32_t perspective, int32_t interpolation, int32_t border);

/* The source coordinates of destination pixel (j, i), in the header's
 * operation order. Every plan kernel (and the reference in
 * tests/reference/image-warp.js) computes them this way. */
static inline void tw_warp_source_point(const tw_warp_problem* p, float i, float j, float* sx, float* sy) {
  const float* m = p->m;
  if (!p->perspective) {
    *sx = m[0] * j + (m[1] * i + m[2]);
    *sy = m[3] * j + (m[4] * i + m[5]);
    return;
  }
  const float X = m[0] * j + (m[1] * i + m[2]);
  const float Y = m[3] * j + (m[4] * i + m[5]);
  const float W = m[6] * j + (m[7] * i + m[8]);
  const float q = 1.0f / W;
  *sx = X * q;
  *sy = Y * q;
}

/* The first tap's offset from the base: -1 for cubic (taps b - 1 .. b + 2), else 0. */
static inline int tw_warp_first_tap(int32_t mode) { return mode == TW_GRIDSAMPLE_MODE_CUBIC ? -1 : 0; }

/* Whether every tap of base b (K taps from b + first) lies inside an axis
 * of `length` pixels; false for NaN. The SIMD kernels compare the same
 * bounds (tw_warp_load_axis). */
static inline int tw_warp_base_inside(float b, int64_t length, int K, int first) {
  return b >= (float)-first && b <= (float)(length - K - first);
}

/* Whether every tap of a pixel with bases (by, bx) lies inside the source:
 * the interior kernels' check (scalar; warp.c asks it of single pixels). */
static inline int tw_warp_bases_inside(const tw_warp_problem* p, float by, float bx) {
  const int K = p->gs.taps_per_axis, first = tw_warp_first_tap(p->gs.mode);
  return tw_warp_base_inside(by, p->gs.axis[0].length, K, first) &&
         tw_warp_base_inside(bx, p->gs.axis[1].length, K, first);
}

/* One axis of a source point s (finite): the base tap and the fraction
 * (warp.h, Interpolation). Nearest: base floor(s + 0.5), t = 0, u = 1;
 * otherwise base floor(s), t = s - base and u = (base + 1) - s, each one
 * float32 operation; an integral s (t = 0) may be too large for base + 1 to
 * be exact: u is 1 there. Every scalar kernel takes its bases and fractions
 * from here (the SIMD ones: tw_warp_weights in warp-simd.h). */
static inline float tw_warp_fraction(float s, int32_t mode, float* t, float* u) {
  if (mode == TW_GRIDSAMPLE_MODE_NEAREST) {
    *t = 0.0f;
    *u = 1.0f;
    return floorf(s + 0.5f);
  }
  const float base = floorf(s);
  *t = s - base;
  *u = *t == 0 ? 1.0f : (base + 1.0f) - s;
  return base;
}

/* A float32 sum of weighted taps as a pixel value: rounded half to even (the
 * default rounding mode), clamped to [0, 255]. */
static inline uint8_t tw_warp_to_u8(float v) {
  v = rintf(v);
  v = v < 0.0f ? 0.0f : v;
  v = v > 255.0f ? 255.0f : v;
  return (uint8_t)v;
}

/* Fills the slots of points [count, count rounded up to 4) of a run's plan
 * with index 0, weight 0 and no mask, so kernels that take whole groups of 4
 * read only inside the source (their results for those points are never
 * stored). */
static inline void tw_warp_pad_group(const tw_gridsample_plan* plan, size_t count) {
  for (size_t p = count; p % 4; p++) {
    for (size_t t = 0; t < plan->taps; t++) {
      const size_t slot = tw_gridsample_slot(p, t, plan->taps);
      plan->index[slot] = 0;
      if (plan->mask) plan->mask[slot] = 0;
      if (plan->w32) plan->w32[slot] = 0.0f;
    }
  }
}

/* Plans the tile's runs: run r is destination row row + r, columns
 * [col, col + tile->count). It serves the columns that need the border
 * rules, one point at a time: a SIMD plan would only find that no group of
 * 4 there has every tap inside. */
void tw_image_warp_plan__scalar(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                int64_t col, const tw_gridsample_plan* plan);

/* ---- spans: which kernel writes which columns of a row ---------------------
 * One destination row's columns, left to right (warp-span.c):
 *   [0, fill_lo)           every tap outside the source (CONSTANT only):
 *                          the fill, which is what the blend gives there
 *   [fill_lo, inner_lo)    the plan and blend kernels (the border rules)
 *   [inner_lo, inner_hi)   every tap inside: the interior kernel
 *   [inner_hi, fill_hi)    the plan and blend kernels
 *   [fill_hi, width)       the fill
 * 0 <= fill_lo <= inner_lo <= inner_hi <= fill_hi <= width. */
typedef struct tw_warp_span {
  int32_t fill_lo, inner_lo, inner_hi, fill_hi;
} tw_warp_span;

/* The span of destination row `row` (width columns). Affine rows get exact
 * spans: a coordinate is monotone along a row in float32 too, so each
 * kernel's set of columns is an interval, found with the very operations the
 * kernels use. Rows whose coordinates are not finite are planned whole.
 * Perspective rows are one interior candidate, [inner_lo, inner_hi) the
 * whole row: the interior kernel checks its pixels there. */
void tw_warp_row_span(const tw_warp_problem* problem, int64_t row, int32_t width, tw_warp_span* span);

/* Interior kernels: columns [col, col + count) of destination row `row`
 * straight from the source to dst (pixel col first), with no plan in memory
 * and no border rule: the same coordinates, taps, weights, sums and rounding
 * as the plan and blend kernels give there. Affine: every column must lie in
 * the span's [inner_lo, inner_hi); all are written and count is returned.
 * Perspective: the kernel checks each pixel (SIMD: each group of 4) and
 * stops before the first one with a tap outside the source (or a coordinate
 * not finite): it returns how many leading columns it wrote. */
typedef size_t (*tw_warp_interior_fn)(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                      size_t count, uint8_t* dst);
size_t tw_image_warp_interior__scalar(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                      size_t count, uint8_t* dst);
size_t tw_image_warp_interior__wasmsimd(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                        size_t count, uint8_t* dst);

/* Blend kernels (tw_gridsample_blend_fn): the tile's pixels, channel c of
 * pixel p at byte p * channels + c of its run (runs y_stride pixels apart);
 * fill points at 4 bytes, channel c in byte c. Gather kernels (nearest)
 * copy the one tap. Every border's plan carries masks (clear but for
 * CONSTANT's), so the masked kernels serve all borders: one fewer kernel
 * pair in the module (its size budget), for a mask load per tap on the
 * bordered columns only. */
#define TW_WARP_DECLARE_BLEND(name)                                                                         \
  void tw_image_warp_##name(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan, \
                            const void* fill, void* y);
TW_WARP_DECLARE_BLEND(blend_masked__scalar)
TW_WARP_DECLARE_BLEND(gather_masked__scalar)
TW_WARP_DECLARE_BLEND(blend_masked__wasmsimd)
TW_WARP_DECLARE_BLEND(gather_masked__wasmsimd)
#undef TW_WARP_DECLARE_BLEND

#endif
