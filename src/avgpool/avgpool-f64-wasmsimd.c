/* float64 AveragePool micro-kernels with wasm SIMD: 2 outputs per v128. The
 * kernels are written once, in avgpool-wasmsimd.inc; this file only says
 * what a float64 vector is. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "avgpool-kernels.h"
#include "common/simd.h"

#define T double
#define TW_NAME(kernel) tw_avgpool_f64_##kernel##__wasmsimd
#define LANES 2
#define VADD wasm_f64x2_add
#define VDIV wasm_f64x2_div
#define VSPLAT wasm_f64x2_splat

static inline v128_t vgather(const double* p, size_t s) { return wasm_f64x2_make(p[0], p[s]); }
static inline v128_t veven(v128_t lo, v128_t hi) { return wasm_i64x2_shuffle(lo, hi, 0, 2); }
static inline v128_t vodd(v128_t lo, v128_t hi) { return wasm_i64x2_shuffle(lo, hi, 1, 3); }
/* p[0] from the load at p; p[2] from the one at p + 1, which ends on p[2]. */
static inline v128_t veven_to(const double* p) {
  return wasm_i64x2_shuffle(wasm_v128_load(p), wasm_v128_load(p + 1), 0, 3);
}

#include "avgpool-wasmsimd.inc"
