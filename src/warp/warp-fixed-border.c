/* Pixels of the fixed-point warps with some tap outside the source
 * (warp-fixed.h): OpenCV's remap border handling, one tap at a time. Each
 * tap index goes through the border rule on its own (cv::borderInterpolate,
 * closed forms of its reflection loops); a CONSTANT tap outside takes the
 * fill's channel value with its weight; nearest with CONSTANT gives the fill
 * when either index is outside. The sum and rounding are the kernels'. */
#include <string.h>

#include "warp-fixed.h"

void tw_warp_fixed_bordered(const tw_warp_fixed* w, int32_t sx, int32_t sy, int32_t a, uint8_t* out) {
  const int32_t C = w->channels;
  const size_t row_bytes = (size_t)w->width * (size_t)C;
  if (w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    const int32_t x = tw_warp_border_index(sx, w->width, w->border), y = tw_warp_border_index(sy, w->height, w->border);
    memcpy(out, x < 0 || y < 0 ? w->fill : w->src + (size_t)y * row_bytes + (size_t)x * (size_t)C, (size_t)C);
    return;
  }
  const int K = w->interpolation == TW_IMAGE_INTERPOLATION_CUBIC ? 4 : 2, first = K == 4 ? -1 : 0;
  if (tw_warp_fixed_all_fill(w, sx, sy, K, first)) {
    memcpy(out, w->fill, (size_t)C); /* every tap is the fill, and a table row sums to 1 << 15 */
    return;
  }
  int32_t xs[4], ys[4];
  for (int k = 0; k < K; k++) {
    xs[k] = tw_warp_border_index(sx + first + k, w->width, w->border);
    ys[k] = tw_warp_border_index(sy + first + k, w->height, w->border);
  }
  const int16_t* weights = w->table + (size_t)a * (size_t)(K * K);
  for (int32_t c = 0; c < C; c++) {
    int32_t sum = 0;
    for (int r = 0; r < K; r++) {
      for (int k = 0; k < K; k++) {
        const int inside = xs[k] >= 0 && ys[r] >= 0;
        const int32_t v = inside ? w->src[(size_t)ys[r] * row_bytes + (size_t)xs[k] * (size_t)C + (size_t)c] : w->fill[c];
        sum += weights[r * K + k] * v;
      }
    }
    out[c] = tw_warp_fixed_u8(sum);
  }
}
