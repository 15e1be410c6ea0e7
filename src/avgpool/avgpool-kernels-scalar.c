/* The scalar AveragePool micro-kernels (the reference), for float32 and
 * float64 accumulators, from one template. Built with -fno-vectorize so they
 * stay scalar in the wasm module. */
#include <assert.h>
#include <stddef.h>

#include "avgpool-kernels.h"

#define T float
#define TW_NAME(kernel) tw_avgpool_f32_##kernel##__scalar
#include "avgpool-kernels-scalar.inc"
#undef T
#undef TW_NAME

#define T double
#define TW_NAME(kernel) tw_avgpool_f64_##kernel##__scalar
#include "avgpool-kernels-scalar.inc"
#undef T
#undef TW_NAME
