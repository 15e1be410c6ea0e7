/* Scalar warp blend and gather kernels: the reference for a pixel's value
 * from its planned taps (warp.h): per channel the float32 sum of weight *
 * value over the taps in order, rounded half to even and clamped to
 * [0, 255]. A masked tap (CONSTANT border) reads the fill's channel. */
#include <math.h>
#include <string.h>

#include "warp-internal.h"


/* One run of `count` pixels; `masked` is a constant after inlining. */
static inline void tw_warp_blend_run(size_t count, size_t channels, const uint8_t* x, const tw_gridsample_plan* plan,
                                     const uint8_t* fill, uint8_t* y, const int masked) {
  const size_t taps = plan->taps;
  for (size_t p = 0; p < count; p++) {
    for (size_t c = 0; c < channels; c++) {
      float sum = 0.0f;
      for (size_t t = 0; t < taps; t++) {
        const size_t slot = tw_gridsample_slot(p, t, taps);
        const uint8_t v = masked && plan->mask[slot] ? fill[c] : x[plan->index[slot] + c];
        const float term = plan->w32[slot] * (float)v;
        sum = t == 0 ? term : sum + term;
      }
      y[p * channels + c] = tw_warp_to_u8(sum);
    }
  }
}

static inline void tw_warp_gather_run(size_t count, size_t channels, const uint8_t* x, const tw_gridsample_plan* plan,
                                      const uint8_t* fill, uint8_t* y, const int masked) {
  for (size_t p = 0; p < count; p++) {
    const size_t slot = tw_gridsample_slot(p, 0, 1);
    const uint8_t* from = masked && plan->mask[slot] ? fill : x + plan->index[slot];
    memcpy(y + p * channels, from, channels);
  }
}

#define TW_WARP_DEFINE_TILE(name, run, masked)                                                               \
  void tw_image_warp_##name##__scalar(const tw_gridsample_tile* tile, const void* x,                         \
                                      const tw_gridsample_plan* plan, const void* fill, void* y) {           \
    for (size_t r = 0; r < tile->rows; r++) {                                                                \
      const tw_gridsample_plan at = tw_gridsample_plan_at(plan, r * tile->plan_stride);                      \
      run(tile->count, tile->channels, x, &at, fill, (uint8_t*)y + r * tile->y_stride * tile->channels, masked); \
    }                                                                                                        \
  }
TW_WARP_DEFINE_TILE(blend_masked, tw_warp_blend_run, 1)
TW_WARP_DEFINE_TILE(gather_masked, tw_warp_gather_run, 1)
#undef TW_WARP_DEFINE_TILE
