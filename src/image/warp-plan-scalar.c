/* Scalar warp plan: the reference for where each destination pixel's taps
 * are and what they weigh (warp.h). Coordinates come from the matrix; the
 * taps of each axis then go through GridSample's per-tap padding rules and
 * GridSample's plan layout (tw_gridsample_pad_taps_f32,
 * tw_gridsample_store_point), so the border rules exist once. */
#include <math.h>

#include "warp-internal.h"

/* One axis: the taps around source coordinate s (warp.h, Interpolation). */
static void tw_warp_axis_taps(float s, const tw_gridsample_axis* axis, int32_t mode, int32_t padding,
                              tw_gridsample_axis_taps* out) {
  if (!isfinite(s)) { /* W = 0: GridSample's rule for non-finite coordinates */
    if (padding == TW_GRIDSAMPLE_PADDING_ZEROS) {
      tw_gridsample_taps_all_out(mode, out);
      return;
    }
    s = 0;
  }
  float t, u;
  const float base = tw_warp_fraction(s, mode, &t, &u);
  out->t = t;
  out->u = u;
  tw_gridsample_pad_taps_f32(base, axis, mode, padding, out);
}

/* Plans points [0, count) of one run: destination row `row`, point p at column col + p. */
static void tw_warp_plan_run(const tw_warp_problem* problem, int64_t row, int64_t col, size_t count,
                             const tw_gridsample_plan* plan) {
  const tw_gridsample_problem* gs = &problem->gs;
  tw_gridsample_axis_taps taps[2];
  for (size_t p = 0; p < count; p++) {
    float sx, sy;
    tw_warp_source_point(problem, (float)row, (float)(col + (int64_t)p), &sx, &sy);
    tw_warp_axis_taps(sy, &gs->axis[0], gs->mode, gs->padding, &taps[0]);
    tw_warp_axis_taps(sx, &gs->axis[1], gs->mode, gs->padding, &taps[1]);
    tw_gridsample_store_point(gs, taps, p, plan);
  }
}

void tw_image_warp_plan__scalar(const tw_warp_problem* problem, const tw_gridsample_tile* tile, int64_t row,
                                int64_t col, const tw_gridsample_plan* plan) {
  for (size_t r = 0; r < tile->rows; r++) {
    const tw_gridsample_plan run = tw_gridsample_plan_at(plan, r * tile->plan_stride);
    tw_warp_plan_run(problem, row + (int64_t)r, col, tile->count, &run);
    tw_warp_pad_group(&run, tile->count);
  }
}
