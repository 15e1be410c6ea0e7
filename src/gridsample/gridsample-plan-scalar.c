/* Scalar plan kernels: the reference coordinate pipeline for any spatial rank,
 * mode and padding, for float32 and float64 coordinates. It is also the
 * generic path (r = 1, r >= 4, float64 grids, float64 weights) and the
 * per-point fallback of the SIMD plan kernels. */
#include <math.h>

#include "gridsample-internal.h"

typedef struct tw_gs_axis_taps {
  int32_t index[4]; /* in [0, L) */
  uint32_t oob[4];  /* ~0u: out of bounds (ZEROS) */
  double t;         /* fraction in [0, 1); exact for both coordinate types */
} tw_gs_axis_taps;

/* Per-axis weights from the fraction t, in the plan's weight type. For float
 * weights t is a float already (float coordinates) or is rounded to one
 * (double coordinates): the weights are then computed in float32. */
static void tw_gs_weights_f32(int32_t mode, double t64, float* w) {
  const float t = (float)t64;
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = 1.0f - t;
    w[1] = t;
  } else {
    const float s0 = t + 1.0f, s2 = 1.0f - t, s3 = 2.0f - t;
    w[0] = (((float)TW_GS_CUBIC_A * s0 - (float)TW_GS_CUBIC_FAR_2) * s0 + (float)TW_GS_CUBIC_FAR_1) * s0 -
           (float)TW_GS_CUBIC_FAR_0;
    w[1] = (((float)TW_GS_CUBIC_NEAR_3 * t - (float)TW_GS_CUBIC_NEAR_2) * t) * t + 1.0f;
    w[2] = (((float)TW_GS_CUBIC_NEAR_3 * s2 - (float)TW_GS_CUBIC_NEAR_2) * s2) * s2 + 1.0f;
    w[3] = (((float)TW_GS_CUBIC_A * s3 - (float)TW_GS_CUBIC_FAR_2) * s3 + (float)TW_GS_CUBIC_FAR_1) * s3 -
           (float)TW_GS_CUBIC_FAR_0;
  }
}

static void tw_gs_weights_f64(int32_t mode, double t, double* w) {
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = 1.0 - t;
    w[1] = t;
  } else {
    const double s0 = t + 1.0, s2 = 1.0 - t, s3 = 2.0 - t;
    w[0] = ((TW_GS_CUBIC_A * s0 - TW_GS_CUBIC_FAR_2) * s0 + TW_GS_CUBIC_FAR_1) * s0 - TW_GS_CUBIC_FAR_0;
    w[1] = ((TW_GS_CUBIC_NEAR_3 * t - TW_GS_CUBIC_NEAR_2) * t) * t + 1.0;
    w[2] = ((TW_GS_CUBIC_NEAR_3 * s2 - TW_GS_CUBIC_NEAR_2) * s2) * s2 + 1.0;
    w[3] = ((TW_GS_CUBIC_A * s3 - TW_GS_CUBIC_FAR_2) * s3 + TW_GS_CUBIC_FAR_1) * s3 - TW_GS_CUBIC_FAR_0;
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
