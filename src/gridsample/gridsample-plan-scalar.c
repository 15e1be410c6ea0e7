/* Scalar plan kernels: the reference coordinate pipeline for any spatial rank,
 * mode and padding, for float32 and float64 coordinates. It is also the
 * generic path (r = 1, r >= 4, float64 grids, float64 weights) and the
 * per-point fallback of the SIMD plan kernels. */
#include <math.h>

#include "gridsample-internal.h"

typedef struct tw_gs_axis_taps {
  int32_t index[4]; /* in [0, L) */
  uint32_t oob[4];  /* ~0u: out of bounds (ZEROS) */
  double t, u;      /* fraction t and 1 - t (linear/cubic) */
} tw_gs_axis_taps;

/* Per-axis weights (gridsample-internal.h) in the plan's weight type, from
 * t and u rounded to it: linear (u, t), cubic Keys in factored form. */
static void tw_gs_weights_f32(int32_t mode, double t64, double u64, float* w) {
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

#define GS_T float
#define GS_NAME(n) n##_f32
#define GS_PLAN tw_gridsample_plan_f32__scalar
#define GS_C f
#define GS_FLOOR floorf
#define GS_RINT rintf
#define GS_FMOD fmodf
#include "gridsample-plan-scalar.inc"
#undef GS_T
#undef GS_NAME
#undef GS_PLAN
#undef GS_C
#undef GS_FLOOR
#undef GS_RINT
#undef GS_FMOD

#define GS_T double
#define GS_NAME(n) n##_f64
#define GS_PLAN tw_gridsample_plan_f64__scalar
#define GS_C d
#define GS_FLOOR floor
#define GS_RINT rint
#define GS_FMOD fmod
#include "gridsample-plan-scalar.inc"
