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
 * [col, col + tile->count). */
typedef void (*tw_warp_plan_fn)(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                int64_t col, const tw_gridsample_plan* plan);

void tw_image_warp_plan__scalar(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                int64_t col, const tw_gridsample_plan* plan);
void tw_image_warp_plan__wasmsimd(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                  int64_t col, const tw_gridsample_plan* plan);

/* Scalar: plans points [first, first + count) of one run (destination row
 * `row`, point p at column col + p); the SIMD kernel's fallback. */
void tw_image_warp_plan_run__scalar(const tw_warp_problem* problem, int64_t row, int64_t col, size_t first,
                                    size_t count, const tw_gridsample_plan* plan);

/* Blend kernels (tw_gridsample_blend_fn): the tile's pixels, channel c of
 * pixel p at byte p * channels + c of its run (runs y_stride pixels apart);
 * fill points at 4 bytes, channel c in byte c. Gather kernels (nearest)
 * copy the one tap. [masked]: CONSTANT border. */
#define TW_WARP_DECLARE_BLEND(name)                                                                         \
  void tw_image_warp_##name(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan, \
                            const void* fill, void* y);
TW_WARP_DECLARE_BLEND(blend__scalar)
TW_WARP_DECLARE_BLEND(blend_masked__scalar)
TW_WARP_DECLARE_BLEND(gather__scalar)
TW_WARP_DECLARE_BLEND(gather_masked__scalar)
TW_WARP_DECLARE_BLEND(blend__wasmsimd)
TW_WARP_DECLARE_BLEND(blend_masked__wasmsimd)
TW_WARP_DECLARE_BLEND(gather__wasmsimd)
TW_WARP_DECLARE_BLEND(gather_masked__wasmsimd)
#undef TW_WARP_DECLARE_BLEND

#endif
