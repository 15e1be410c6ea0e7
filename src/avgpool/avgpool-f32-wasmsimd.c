/* float32 AveragePool micro-kernels with wasm SIMD: 4 outputs per v128. The
 * kernels are written once, in avgpool-wasmsimd.inc; this file only says
 * what a float32 vector is. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "avgpool-kernels.h"
#include "common/simd.h"

#define T float
#define TW_NAME(kernel) tw_avgpool_f32_##kernel##__wasmsimd
#define LANES 4
#define VADD wasm_f32x4_add
#define VDIV wasm_f32x4_div
#define VSPLAT wasm_f32x4_splat

static inline v128_t vgather(const float* p, size_t s) { return wasm_f32x4_make(p[0], p[s], p[2 * s], p[3 * s]); }
static inline v128_t veven(v128_t lo, v128_t hi) { return wasm_i32x4_shuffle(lo, hi, 0, 2, 4, 6); }
static inline v128_t vodd(v128_t lo, v128_t hi) { return wasm_i32x4_shuffle(lo, hi, 1, 3, 5, 7); }
/* p[0], p[2] from the load at p; p[4], p[6] from the one at p + 3, which ends on p[6]. */
static inline v128_t veven_to(const float* p) {
  return wasm_i32x4_shuffle(wasm_v128_load(p), wasm_v128_load(p + 3), 0, 2, 5, 7);
}

#include "avgpool-wasmsimd.inc"
