/* SIMD blend and gather kernels for 4-byte elements: one lane per output
 * location, 4 locations per step. wasm has no gather instruction, so each
 * tap is 4 lane loads; the weighting and the sum are vector operations in
 * the scalar kernel's order (products, then a running sum from the first
 * tap), so the results are bit-identical to tw_gridsample_blend_f32__scalar.
 * The last points % 4 locations go through the scalar kernels. */
#include <string.h>

#include "common/simd.h"
#include "gridsample-internal.h"

#define TW_GS_INLINE static inline __attribute__((always_inline))

/* The 4 elements of one tap of a group (index[0..3] are inside the plane). */
TW_GS_INLINE v128_t tw_gs_gather4(const unsigned char* x, const uint32_t* index) {
  v128_t v = wasm_v128_load32_zero(x + (size_t)index[0] * 4);
  v = wasm_v128_load32_lane(x + (size_t)index[1] * 4, v, 1);
  v = wasm_v128_load32_lane(x + (size_t)index[2] * 4, v, 2);
  v = wasm_v128_load32_lane(x + (size_t)index[3] * 4, v, 3);
  return v;
}

/* The scalar kernel on points [first, count) of one run (first % 4 == 0). */
static void tw_gs_tail(tw_gridsample_blend_fn scalar, size_t first, size_t count, size_t taps, const void* x,
                       const tw_gridsample_plan* plan, const void* fill, void* y, size_t y_bytes) {
  const tw_gridsample_tile one = {count - first, 1, 0, 0, 0};
  const tw_gridsample_plan at = tw_gridsample_plan_at(plan, first, taps);
  scalar(&one, taps, x, &at, fill, (unsigned char*)y + first * y_bytes);
}

TW_GS_INLINE void tw_gs_blend_f32(const tw_gridsample_tile* tile, const size_t taps, const void* xv,
                                  const tw_gridsample_plan* plan, const void* fill, void* yv, const int masked) {
  const unsigned char* x = xv;
  float fill_value;
  memcpy(&fill_value, fill, sizeof fill_value);
  const v128_t vfill = wasm_f32x4_splat(fill_value);
  const size_t groups = tile->count / 4;
  for (size_t row = 0; row < tile->rows; row++) {
    const tw_gridsample_plan at = tw_gridsample_plan_at(plan, row * tile->plan_stride, taps);
    float* y = (float*)yv + row * tile->y_stride;
    const uint32_t* index = at.index;
    const uint32_t* mask = at.mask;
    const float* w = at.w32;
    for (size_t g = 0; g < groups; g++) {
      v128_t acc = wasm_f32x4_splat(0.0f);
      for (size_t t = 0; t < taps; t++, index += 4, w += 4) {
        v128_t v = tw_gs_gather4(x, index);
        if (masked) {
          v = wasm_v128_bitselect(vfill, v, wasm_v128_load(mask));
          mask += 4;
        }
        const v128_t product = wasm_f32x4_mul(wasm_v128_load(w), v);
        acc = t == 0 ? product : wasm_f32x4_add(acc, product);
      }
      wasm_v128_store(y + g * 4, acc);
    }
    if (groups * 4 < tile->count) {
      tw_gs_tail(masked ? tw_gridsample_blend_f32_masked__scalar : tw_gridsample_blend_f32__scalar, groups * 4,
                 tile->count, taps, xv, &at, fill, y, 4);
    }
  }
}

/* Constant tap counts let the compiler unroll the tap loop. */
#define TW_GS_BY_TAPS(fn, masked)                           \
  switch (taps) {                                           \
    case 4: fn(tile, 4, x, plan, fill, y, masked); break;   \
    case 8: fn(tile, 8, x, plan, fill, y, masked); break;   \
    case 16: fn(tile, 16, x, plan, fill, y, masked); break; \
    default: fn(tile, taps, x, plan, fill, y, masked); break; \
  }

void tw_gridsample_blend_f32__wasmsimd(const tw_gridsample_tile* tile, size_t taps, const void* x,
                                       const tw_gridsample_plan* plan, const void* fill, void* y) {
  TW_GS_BY_TAPS(tw_gs_blend_f32, 0)
}

void tw_gridsample_blend_f32_masked__wasmsimd(const tw_gridsample_tile* tile, size_t taps, const void* x,
                                              const tw_gridsample_plan* plan, const void* fill, void* y) {
  TW_GS_BY_TAPS(tw_gs_blend_f32, 1)
}

TW_GS_INLINE void tw_gs_gather_x32(const tw_gridsample_tile* tile, const void* xv, const tw_gridsample_plan* plan,
                                   const void* fill, void* yv, const int masked) {
  const unsigned char* x = xv;
  uint32_t fill_bits;
  memcpy(&fill_bits, fill, sizeof fill_bits);
  const v128_t vfill = wasm_i32x4_splat((int32_t)fill_bits);
  const size_t groups = tile->count / 4;
  for (size_t row = 0; row < tile->rows; row++) {
    const tw_gridsample_plan at = tw_gridsample_plan_at(plan, row * tile->plan_stride, 1);
    unsigned char* y = (unsigned char*)yv + row * tile->y_stride * 4;
    for (size_t g = 0; g < groups; g++) {
      v128_t v = tw_gs_gather4(x, at.index + g * 4);
      if (masked) v = wasm_v128_bitselect(vfill, v, wasm_v128_load(at.mask + g * 4));
      wasm_v128_store(y + g * 16, v);
    }
    if (groups * 4 < tile->count) {
      tw_gs_tail(masked ? tw_gridsample_gather_x32_masked__scalar : tw_gridsample_gather_x32__scalar, groups * 4,
                 tile->count, 1, xv, &at, fill, y, 4);
    }
  }
}

void tw_gridsample_gather_x32__wasmsimd(const tw_gridsample_tile* tile, size_t taps, const void* x,
                                        const tw_gridsample_plan* plan, const void* fill, void* y) {
  (void)taps;
  tw_gs_gather_x32(tile, x, plan, fill, y, 0);
}

void tw_gridsample_gather_x32_masked__wasmsimd(const tw_gridsample_tile* tile, size_t taps, const void* x,
                                               const tw_gridsample_plan* plan, const void* fill, void* y) {
  (void)taps;
  tw_gs_gather_x32(tile, x, plan, fill, y, 1);
}
