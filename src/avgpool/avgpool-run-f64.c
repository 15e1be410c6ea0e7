/* The AveragePool executor with float64 accumulators (float64 tensors, and
 * uint8 tensors, whose integer sums float64 holds exactly). */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "avgpool-plan.h"

#define T double
#define TW_NAME(name) tw_avgpool_f64_##name
#define TW_KERNELS f64
#define TW_KERNELS_TYPE tw_avgpool_f64_kernels
#define TW_HSUM_FN tw_avgpool_f64_hsum_fn
#define TW_RUN tw_avgpool_run_f64
#include "avgpool-run.inc"
