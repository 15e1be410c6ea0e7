/* SIMD interior kernel (warp-internal.h): 4 destination pixels per step,
 * one lane each, every tap inside the source, so no plan and no border rule:
 * the coordinates, bases and weights of the SIMD plan kernel (warp-simd.h)
 * go straight into the SIMD blend's gathers and sums (same operations, same
 * order), bit-identical to the scalar interior kernel and to the plan and
 * blend kernels. A last group of fewer than 4 pixels repeats its last
 * column in the spare lanes (so every read stays inside the source) and
 * stores only its own pixels. Perspective groups are checked first (every
 * tap inside, by the bounds of tw_warp_load_axis). */
#include "warp-simd.h"

/* The tap rows stay a loop (cubic: 4 rows of 4 taps): unrolled, they made
 * the module ~3 kB larger (the wasm size budget is nearly full). */
#ifdef __clang__
#define TW_WARP_ROWS_NOT_UNROLLED _Pragma("clang loop unroll(disable)")
#else
#define TW_WARP_ROWS_NOT_UNROLLED
#endif

TW_WARP_INLINE size_t tw_warp_interior_run(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                         size_t count, uint8_t* dst, const int mode, const int channels) {
  const int K = mode == TW_GRIDSAMPLE_MODE_NEAREST ? 1 : mode == TW_GRIDSAMPLE_MODE_LINEAR ? 2 : 4;
  const int first = tw_warp_first_tap(mode);
  const int32_t stride_y = (int32_t)problem->gs.axis[0].stride, stride_x = (int32_t)problem->gs.axis[1].stride;
  const v128_t vstride_y = wasm_i32x4_splat(stride_y), vstride_x = wasm_i32x4_splat(stride_x);
  const v128_t offset = wasm_i32x4_splat(first * (stride_y + stride_x));
  const v128_t i = wasm_f32x4_splat((float)row);
  const v128_t half = wasm_f32x4_splat(0.5f);
  const v128_t last = wasm_i32x4_splat((int32_t)(col + (int64_t)count - 1));
  const int checked = problem->perspective;
  const tw_warp_axis_v ay = tw_warp_load_axis(&problem->gs.axis[0], K, first);
  const tw_warp_axis_v ax = tw_warp_load_axis(&problem->gs.axis[1], K, first);
  for (size_t p = 0; p < count; p += 4) {
    const v128_t jj = wasm_i32x4_add(wasm_i32x4_splat((int32_t)(col + (int64_t)p)), wasm_i32x4_make(0, 1, 2, 3));
    const v128_t j = wasm_f32x4_convert_i32x4(wasm_i32x4_min(jj, last));
    v128_t sx, sy;
    tw_warp_source4(problem, i, j, &sx, &sy);
    const v128_t bx = wasm_f32x4_floor(mode == TW_GRIDSAMPLE_MODE_NEAREST ? wasm_f32x4_add(sx, half) : sx);
    const v128_t by = wasm_f32x4_floor(mode == TW_GRIDSAMPLE_MODE_NEAREST ? wasm_f32x4_add(sy, half) : sy);
    if (checked && !wasm_i32x4_all_true(wasm_v128_and(
                       wasm_v128_and(wasm_f32x4_ge(bx, ax.lo), wasm_f32x4_le(bx, ax.hi)),
                       wasm_v128_and(wasm_f32x4_ge(by, ay.lo), wasm_f32x4_le(by, ay.hi))))) {
      return p; /* also for NaN lanes */
    }
    uint32_t index[4];
    wasm_v128_store(index, wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(wasm_i32x4_trunc_sat_f32x4(by), vstride_y),
                                                         wasm_i32x4_mul(wasm_i32x4_trunc_sat_f32x4(bx), vstride_x)),
                                          offset));
    const size_t n = count - p < 4 ? count - p : 4;
    uint8_t* out = dst + p * (size_t)channels;
    if (mode == TW_GRIDSAMPLE_MODE_NEAREST) {
      tw_warp_store(out, tw_warp_compact(tw_warp_gather4(src, index, channels), channels), n, channels);
      continue;
    }
    v128_t wx[4], wy[4];
    tw_warp_weights(sx, bx, mode, wx);
    tw_warp_weights(sy, by, mode, wy);
    v128_t sum[4] = {wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0)};
    TW_WARP_ROWS_NOT_UNROLLED
    for (int r = 0; r < K; r++) {
      for (int k = 0; k < K; k++) {
        const v128_t v = tw_warp_gather4(src + r * stride_y + k * stride_x, index, channels);
        const v128_t w = wasm_f32x4_mul(wy[r], wx[k]);
        for (int c = 0; c < 4; c++) { /* channels beyond the image's are 0 and never stored */
          const v128_t term = wasm_f32x4_mul(w, tw_warp_channel(v, c));
          sum[c] = r == 0 && k == 0 ? term : wasm_f32x4_add(sum[c], term);
        }
      }
    }
    tw_warp_store(out, tw_warp_pack(sum, channels), n, channels);
  }
  return count;
}

/* Linear RGBA (the common case) with the mode and channel count as
 * constants, nearest with its mode as a constant; linear with 1-3 channels
 * and cubic through one body that branches on both where they matter (the
 * tap loops' length, the weights, the gathers and stores): it keeps the
 * module within its size budget. */
size_t tw_image_warp_interior__wasmsimd(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                        size_t count, uint8_t* dst) {
  const int ch = problem->channels, mode = problem->gs.mode;
  if (mode == TW_GRIDSAMPLE_MODE_NEAREST) {
    return tw_warp_interior_run(problem, src, row, col, count, dst, TW_GRIDSAMPLE_MODE_NEAREST, ch);
  }
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR && ch == 4) {
    return tw_warp_interior_run(problem, src, row, col, count, dst, TW_GRIDSAMPLE_MODE_LINEAR, 4);
  }
  return tw_warp_interior_run(problem, src, row, col, count, dst, mode, ch);
}
