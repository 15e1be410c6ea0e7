/* SIMD warp blend and gather kernels: 4 pixels per step, one plan group.
 * A tap of the 4 pixels is gathered into one vector with pixel k's channels
 * in bytes 4k .. 4k + channels - 1 (a 4-channel pixel is one 32-bit lane),
 * so a CONSTANT border's mask (one 32-bit lane per pixel) selects the fill
 * with one bitselect. Each channel is then spread to one float32 lane per
 * pixel, so the group's 4 weights of the tap multiply it as loaded from the
 * plan. The operations and their order are the scalar kernels' (float32
 * multiply, then add, tap by tap; round half to even; the saturating narrows
 * clamp to [0, 255]), so the results are bit-identical. */
#include <string.h>

#include "warp-simd.h"

TW_WARP_INLINE v128_t tw_warp_tap(const uint8_t* x, const tw_gridsample_plan* plan, size_t slot, v128_t fill,
                                 const int channels, const int masked) {
  const v128_t v = tw_warp_gather4(x, plan->index + slot, channels);
  if (!masked) return v;
  return wasm_v128_bitselect(fill, v, wasm_v128_load(plan->mask + slot));
}

TW_WARP_INLINE void tw_warp_blend_run(size_t count, const uint8_t* x, const tw_gridsample_plan* plan, v128_t fill,
                                      uint8_t* y, const int channels, const int masked) {
  const size_t taps = plan->taps;
  for (size_t p = 0; p < count; p += 4) {
    v128_t sum[4] = {wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0)};
    for (size_t t = 0; t < taps; t++) {
      const size_t slot = tw_gridsample_slot(p, t, taps);
      const v128_t v = tw_warp_tap(x, plan, slot, fill, channels, masked);
      const v128_t w = wasm_v128_load(plan->w32 + slot);
      for (int c = 0; c < channels; c++) {
        const v128_t term = wasm_f32x4_mul(w, tw_warp_channel(v, c));
        sum[c] = t == 0 ? term : wasm_f32x4_add(sum[c], term);
      }
    }
    const size_t n = count - p < 4 ? count - p : 4;
    tw_warp_store(y + p * (size_t)channels, tw_warp_pack(sum, channels), n, channels);
  }
}

TW_WARP_INLINE void tw_warp_gather_run(size_t count, const uint8_t* x, const tw_gridsample_plan* plan, v128_t fill,
                                       uint8_t* y, const int channels, const int masked) {
  for (size_t p = 0; p < count; p += 4) {
    const v128_t v = tw_warp_tap(x, plan, tw_gridsample_slot(p, 0, 1), fill, channels, masked);
    const size_t n = count - p < 4 ? count - p : 4;
    tw_warp_store(y + p * (size_t)channels, tw_warp_compact(v, channels), n, channels);
  }
}

/* One tile through `run`, with the channel count as a constant. */
#define TW_WARP_DEFINE_TILE(name, run, masked)                                                                 \
  void tw_image_warp_##name##__wasmsimd(const tw_gridsample_tile* tile, const void* x,                         \
                                        const tw_gridsample_plan* plan, const void* fill, void* y) {           \
    uint32_t fill32;                                                                                           \
    memcpy(&fill32, fill, 4);                                                                                  \
    const v128_t f = wasm_i32x4_splat((int32_t)fill32);                                                        \
    const size_t ch = tile->channels;                                                                          \
    for (size_t r = 0; r < tile->rows; r++) {                                                                  \
      const tw_gridsample_plan at = tw_gridsample_plan_at(plan, r * tile->plan_stride);                        \
      uint8_t* out = (uint8_t*)y + r * tile->y_stride * ch;                                                    \
      switch (ch) {                                                                                            \
        case 1: run(tile->count, x, &at, f, out, 1, masked); break;                                            \
        case 2: run(tile->count, x, &at, f, out, 2, masked); break;                                            \
        case 3: run(tile->count, x, &at, f, out, 3, masked); break;                                            \
        default: run(tile->count, x, &at, f, out, 4, masked); break;                                           \
      }                                                                                                        \
    }                                                                                                          \
  }
TW_WARP_DEFINE_TILE(blend_masked, tw_warp_blend_run, 1)
TW_WARP_DEFINE_TILE(gather_masked, tw_warp_gather_run, 1)
#undef TW_WARP_DEFINE_TILE
