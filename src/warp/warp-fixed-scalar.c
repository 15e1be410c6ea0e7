/* Scalar sampling kernels of the fixed-point warps (warp-fixed.h), the
 * reference: a pixel with every tap inside sums weight * value over its taps
 * (int32, rows of taps outer), then (s + 2^14) >> 15 clamped; any other
 * pixel goes to tw_warp_fixed_bordered, which gives the same value where the
 * taps are inside. */
#include <string.h>

#include "warp-fixed.h"

void tw_image_warp_nearest__scalar(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  const size_t C = (size_t)w->channels, row_bytes = (size_t)w->width * C;
  for (int32_t k = 0; k < n; k++) {
    const int32_t sx = c->x[k], sy = c->y[k];
    if (tw_warp_fixed_inside(w, sx, sy, 1, 0)) {
      memcpy(dst + (size_t)k * C, w->src + (size_t)sy * row_bytes + (size_t)sx * C, C);
    } else {
      tw_warp_fixed_bordered(w, sx, sy, 0, dst + (size_t)k * C);
    }
  }
}

/* The K x K taps from (sx + first, sy + first), all inside. */
static void interior_pixel(const tw_warp_fixed* w, int K, int first, int32_t sx, int32_t sy, int32_t a,
                           uint8_t* out) {
  const size_t C = (size_t)w->channels, row_bytes = (size_t)w->width * C;
  const uint8_t* origin = w->src + (size_t)(sy + first) * row_bytes + (size_t)(sx + first) * C;
  const int16_t* weights = w->table + (size_t)a * (size_t)(K * K);
  for (size_t ch = 0; ch < C; ch++) {
    int32_t sum = 0;
    for (int r = 0; r < K; r++) {
      for (int k = 0; k < K; k++) sum += weights[r * K + k] * origin[(size_t)r * row_bytes + (size_t)k * C + ch];
    }
    out[ch] = tw_warp_fixed_u8(sum);
  }
}

static void sample(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst, int K, int first) {
  const size_t C = (size_t)w->channels;
  for (int32_t k = 0; k < n; k++) {
    const int32_t sx = c->x[k], sy = c->y[k];
    if (tw_warp_fixed_inside(w, sx, sy, K, first)) {
      interior_pixel(w, K, first, sx, sy, c->a[k], dst + (size_t)k * C);
    } else {
      tw_warp_fixed_bordered(w, sx, sy, c->a[k], dst + (size_t)k * C);
    }
  }
}

void tw_image_warp_linear__scalar(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  sample(w, c, n, dst, 2, 0);
}

void tw_image_warp_cubic__scalar(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst) {
  sample(w, c, n, dst, 4, -1);
}
