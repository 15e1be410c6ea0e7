/* Scalar interior kernel (warp-internal.h): the reference for columns whose
 * every tap lies inside the source. Each pixel takes the steps of the plan
 * and blend kernels with the border rules left out: source point
 * (tw_warp_source_point), base and fraction per axis (tw_warp_fraction),
 * GridSample's float32 weights, a tap's weight wy * wx, the float32 sum over
 * the taps in row-major order from the first product, rounded and clamped
 * (tw_warp_to_u8); nearest copies its one tap. Perspective pixels are
 * checked first (warp-internal.h). */
#include <string.h>

#include "warp-internal.h"

size_t tw_image_warp_interior__scalar(const tw_warp_problem* problem, const uint8_t* src, int64_t row, int64_t col,
                                      size_t count, uint8_t* dst) {
  const int32_t mode = problem->gs.mode;
  const int K = problem->gs.taps_per_axis, first = tw_warp_first_tap(mode);
  const size_t channels = (size_t)problem->channels;
  const int64_t stride_y = problem->gs.axis[0].stride, stride_x = problem->gs.axis[1].stride;
  for (size_t p = 0; p < count; p++) {
    float sx, sy, tx, ux, ty, uy;
    tw_warp_source_point(problem, (float)row, (float)(col + (int64_t)p), &sx, &sy);
    const float by = tw_warp_fraction(sy, mode, &ty, &uy), bx = tw_warp_fraction(sx, mode, &tx, &ux);
    if (problem->perspective && !tw_warp_bases_inside(problem, by, bx)) {
      return p;
    }
    const uint8_t* origin = src + ((int64_t)by + first) * stride_y + ((int64_t)bx + first) * stride_x;
    uint8_t* out = dst + p * channels;
    if (mode == TW_GRIDSAMPLE_MODE_NEAREST) {
      memcpy(out, origin, channels);
      continue;
    }
    float wy[4], wx[4];
    tw_gs_weights_f32(mode, ty, uy, wy);
    tw_gs_weights_f32(mode, tx, ux, wx);
    for (size_t c = 0; c < channels; c++) {
      float sum = 0.0f;
      for (int r = 0; r < K; r++) {
        for (int k = 0; k < K; k++) {
          const float term = (wy[r] * wx[k]) * (float)origin[r * stride_y + k * stride_x + (int64_t)c];
          sum = r == 0 && k == 0 ? term : sum + term;
        }
      }
      out[c] = tw_warp_to_u8(sum);
    }
  }
  return count;
}
