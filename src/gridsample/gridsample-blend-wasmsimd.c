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

/* The plan and output from point `first` on (first is a multiple of 4, so the
 * group layout lines up), for the scalar tail. */
static tw_gridsample_plan tw_gs_plan_from(const tw_gridsample_plan* plan, size_t first, size_t taps) {
  tw_gridsample_plan tail = *plan;
  const size_t offset = first * taps;
  tail.index += offset;
  if (tail.mask) tail.mask += offset;
  if (tail.w32) tail.w32 += offset;
  return tail;
}

TW_GS_INLINE void tw_gs_blend_f32(size_t points, const size_t taps, const void* xv, const tw_gridsample_plan* plan,
                                  const void* fill, void* yv, const int masked) {
  const unsigned char* x = xv;
  float* y = yv;
  float fill_value;
  memcpy(&fill_value, fill, sizeof fill_value);
  const v128_t vfill = wasm_f32x4_splat(fill_value);
  const size_t groups = points / 4;
  const uint32_t* index = plan->index;
  const uint32_t* mask = plan->mask;
  const float* w = plan->w32;
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
  if (groups * 4 < points) {
    const tw_gridsample_plan tail = tw_gs_plan_from(plan, groups * 4, taps);
    (masked ? tw_gridsample_blend_f32_masked__scalar : tw_gridsample_blend_f32__scalar)(
        points - groups * 4, taps, xv, &tail, fill, y + groups * 4);
  }
}

/* Constant tap counts let the compiler unroll the tap loop. */
#define TW_GS_BY_TAPS(fn, masked)                                                   \
  switch (taps) {                                                                   \
    case 4: fn(points, 4, x, plan, fill, y, masked); break;                         \
    case 8: fn(points, 8, x, plan, fill, y, masked); break;                         \
    case 16: fn(points, 16, x, plan, fill, y, masked); break;                       \
    default: fn(points, taps, x, plan, fill, y, masked); break;                     \
  }

void tw_gridsample_blend_f32__wasmsimd(size_t points, size_t taps, const void* x, const tw_gridsample_plan* plan,
                                       const void* fill, void* y) {
  TW_GS_BY_TAPS(tw_gs_blend_f32, 0)
}

void tw_gridsample_blend_f32_masked__wasmsimd(size_t points, size_t taps, const void* x,
                                              const tw_gridsample_plan* plan, const void* fill, void* y) {
  TW_GS_BY_TAPS(tw_gs_blend_f32, 1)
}

TW_GS_INLINE void tw_gs_gather_x32(size_t points, const void* xv, const tw_gridsample_plan* plan, const void* fill,
                                   void* yv, const int masked) {
  const unsigned char* x = xv;
  unsigned char* y = yv;
  uint32_t fill_bits;
  memcpy(&fill_bits, fill, sizeof fill_bits);
  const v128_t vfill = wasm_i32x4_splat((int32_t)fill_bits);
  const size_t groups = points / 4;
  for (size_t g = 0; g < groups; g++) {
    v128_t v = tw_gs_gather4(x, plan->index + g * 4);
    if (masked) v = wasm_v128_bitselect(vfill, v, wasm_v128_load(plan->mask + g * 4));
    wasm_v128_store(y + g * 16, v);
  }
  if (groups * 4 < points) {
    const tw_gridsample_plan tail = tw_gs_plan_from(plan, groups * 4, 1);
    (masked ? tw_gridsample_gather_x32_masked__scalar : tw_gridsample_gather_x32__scalar)(
        points - groups * 4, 1, xv, &tail, fill, y + groups * 16);
  }
}

void tw_gridsample_gather_x32__wasmsimd(size_t points, size_t taps, const void* x, const tw_gridsample_plan* plan,
                                        const void* fill, void* y) {
  (void)taps;
  tw_gs_gather_x32(points, x, plan, fill, y, 0);
}

void tw_gridsample_gather_x32_masked__wasmsimd(size_t points, size_t taps, const void* x,
                                               const tw_gridsample_plan* plan, const void* fill, void* y) {
  (void)taps;
  tw_gs_gather_x32(points, x, plan, fill, y, 1);
}
