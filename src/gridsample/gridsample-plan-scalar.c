/* Scalar plan kernels: the reference coordinate pipeline for any spatial rank,
 * mode and padding, for float32 and float64 coordinates. It is also the
 * generic path (r = 1, r >= 4, float64 grids, float64 weights) and the
 * per-point fallback of the SIMD plan kernels. */
#include <math.h>

#include "gridsample-internal.h"

/* Per-axis weights (gridsample-internal.h) in the plan's weight type, from
 * t and u rounded to it: linear (u, t), cubic Keys in factored form. */
void tw_gs_weights_f32(int32_t mode, double t64, double u64, float* w) {
  const float t = (float)t64, u = (float)u64;
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = u;
    w[1] = t;
  } else {
    const float a = (float)TW_GS_CUBIC_A, a2 = (float)TW_GS_CUBIC_A2;
    w[0] = (a * t) * (u * u);
    w[1] = u * ((1.0f + t) - (a2 * t) * t);
    w[2] = t * ((1.0f + u) - (a2 * u) * u);
    w[3] = (a * u) * (t * t);
  }
}

static void tw_gs_weights_f64(int32_t mode, double t, double u, double* w) {
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = u;
    w[1] = t;
  } else {
    const double a = TW_GS_CUBIC_A, a2 = TW_GS_CUBIC_A2;
    w[0] = (a * t) * (u * u);
    w[1] = u * ((1.0 + t) - (a2 * t) * t);
    w[2] = t * ((1.0 + u) - (a2 * u) * u);
    w[3] = (a * u) * (t * t);
  }
}

void tw_gridsample_taps_all_out(int32_t mode, tw_gridsample_axis_taps* out) {
  for (int k = 0; k < tw_gridsample_taps_per_axis(mode); k++) {
    out->index[k] = 0;
    out->oob[k] = ~0u;
  }
  out->t = 0;
  out->u = 1;
}

/* tw_gridsample_store_point for the common case, rank 2 with float32
 * weights (2-D GridSample): the same entries in the same
 * slots with the same arithmetic, without the rank-generic odometer, which
 * cost as much as the rest of the scalar fallback put together. */
static void tw_gs_store_point_2d_f32(const tw_gridsample_problem* problem, const tw_gridsample_axis_taps* axis_taps,
                                     size_t p, const tw_gridsample_plan* plan) {
  const int taps_per_axis = problem->taps_per_axis;
  const size_t taps = (size_t)problem->taps;
  const int weighted = problem->mode != TW_GRIDSAMPLE_MODE_NEAREST;
  float wy[4], wx[4];
  if (weighted) {
    tw_gs_weights_f32(problem->mode, axis_taps[0].t, axis_taps[0].u, wy);
    tw_gs_weights_f32(problem->mode, axis_taps[1].t, axis_taps[1].u, wx);
  }
  const uint32_t stride_y = (uint32_t)problem->axis[0].stride, stride_x = (uint32_t)problem->axis[1].stride;
  plan->flags[p >> 2] = 0; /* no shortcut claimed for this group */
  size_t t = 0;
  for (int i = 0; i < taps_per_axis; i++) {
    const uint32_t row = (uint32_t)axis_taps[0].index[i] * stride_y;
    for (int j = 0; j < taps_per_axis; j++, t++) {
      const size_t slot = tw_gridsample_slot(p, t, taps);
      plan->index[slot] = row + (uint32_t)axis_taps[1].index[j] * stride_x;
      if (plan->mask) plan->mask[slot] = axis_taps[0].oob[i] | axis_taps[1].oob[j];
      if (weighted) plan->w32[slot] = wy[i] * wx[j];
    }
  }
}

void tw_gridsample_store_point(const tw_gridsample_problem* problem, const tw_gridsample_axis_taps* axis_taps,
                               size_t p, const tw_gridsample_plan* plan) {
  if (problem->rank == 2 && !problem->weights_f64) {
    tw_gs_store_point_2d_f32(problem, axis_taps, p, plan);
    return;
  }
  const int rank = problem->rank;
  const int taps_per_axis = problem->taps_per_axis;
  const size_t taps = (size_t)problem->taps;
  float w32[TW_GRIDSAMPLE_MAX_RANK][4];
  double w64[TW_GRIDSAMPLE_MAX_RANK][4];
  if (problem->mode != TW_GRIDSAMPLE_MODE_NEAREST) {
    for (int a = 0; a < rank; a++) {
      if (problem->weights_f64) {
        tw_gs_weights_f64(problem->mode, axis_taps[a].t, axis_taps[a].u, w64[a]);
      } else {
        tw_gs_weights_f32(problem->mode, axis_taps[a].t, axis_taps[a].u, w32[a]);
      }
    }
  }
  plan->flags[p >> 2] = 0; /* no shortcut claimed for this group */
  /* Odometer over the taps, innermost axis fastest. */
  int digit[TW_GRIDSAMPLE_MAX_RANK] = {0};
  for (size_t t = 0; t < taps; t++) {
    uint32_t index = 0, mask = 0;
    for (int a = 0; a < rank; a++) {
      index += (uint32_t)axis_taps[a].index[digit[a]] * (uint32_t)problem->axis[a].stride;
      mask |= axis_taps[a].oob[digit[a]];
    }
    const size_t slot = tw_gridsample_slot(p, t, taps);
    plan->index[slot] = index;
    if (plan->mask) plan->mask[slot] = mask;
    if (problem->mode != TW_GRIDSAMPLE_MODE_NEAREST) {
      if (problem->weights_f64) {
        double w = w64[0][digit[0]];
        for (int a = 1; a < rank; a++) w = w * w64[a][digit[a]];
        plan->w64[slot] = w;
      } else {
        float w = w32[0][digit[0]];
        for (int a = 1; a < rank; a++) w = w * w32[a][digit[a]];
        plan->w32[slot] = w;
      }
    }
    for (int a = rank - 1; a >= 0; a--) {
      if (++digit[a] < taps_per_axis) break;
      digit[a] = 0;
    }
  }
}

#define GS_T float
#define GS_NAME(n) n##_f32
#define GS_PLAN tw_gridsample_plan_f32__scalar
#define GS_PAD_TAPS tw_gridsample_pad_taps_f32
#define GS_C f
#define GS_FLOOR floorf
#define GS_RINT rintf
#define GS_FMOD fmodf
#include "gridsample-plan-scalar.inc"
#undef GS_T
#undef GS_NAME
#undef GS_PLAN
#undef GS_PAD_TAPS
#undef GS_C
#undef GS_FLOOR
#undef GS_RINT
#undef GS_FMOD

#define GS_T double
#define GS_NAME(n) n##_f64
#define GS_PLAN tw_gridsample_plan_f64__scalar
#define GS_PAD_TAPS tw_gridsample_pad_taps_f64
#define GS_C d
#define GS_FLOOR floor
#define GS_RINT rint
#define GS_FMOD fmod
#include "gridsample-plan-scalar.inc"
