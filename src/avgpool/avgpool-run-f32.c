/* The AveragePool executor with float32 accumulators (float32, float16 and
 * bfloat16 tensors). */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "avgpool-plan.h"

#define T float
#define TW_NAME(name) tw_avgpool_f32_##name
#define TW_KERNELS f32
#define TW_KERNELS_TYPE tw_avgpool_f32_kernels
#define TW_HSUM_FN tw_avgpool_f32_hsum_fn
#define TW_RUN tw_avgpool_run_f32
#include "avgpool-run.inc"
