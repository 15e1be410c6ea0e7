/* tw_color_policy_nearest (color.h): the geometric ops of torchvision's
 * policies on a tensor (F.affine / F.rotate with NEAREST), in torch's
 * float32 arithmetic: affine_grid's base grid times the rescaled theta, each
 * product and sum rounded in torch's order, then grid_sample's unnormalize
 * and nearbyint. js/augment/policy-geometry.js computes theta (float64, then
 * float32, as torchvision) and states the map. The per-column products are
 * made once per chunk of columns; the rows go through the nearest_row
 * kernels (color-kernels.h: SIMD for the coordinates of 4 pixels, then a
 * gather of their bytes; bit-identical to the scalar one). */
#include <math.h>
#include <string.h>

#include "color.h"
#include "color-kernels.h"
#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "image/image-check.h"

/* Columns per chunk of the per-column products (made once per chunk, not once per pixel). */
#define TW_POLICY_CHUNK 256

static void policy_rows(const uint8_t* in, uint8_t* out, int32_t width, int32_t height, size_t channels,
                        const float theta[6], const uint8_t fill[4]) {
  void (*row_kernel)(const uint8_t*, uint8_t*, const tw_color_nearest_row*) =
      tw_use_simd() ? tw_color_nearest_row__wasmsimd : tw_color_nearest_row__scalar;
  float gxu[TW_POLICY_CHUNK], gxv[TW_POLICY_CHUNK];
  tw_color_nearest_row r = {gxu, gxv, 0, 0, theta[2], theta[5], (float)(0.5 * width), (float)(0.5 * height), 0,
                            width, height, channels, fill};
  for (int32_t x0 = 0; x0 < width; x0 += TW_POLICY_CHUNK) {
    r.n = width - x0 < TW_POLICY_CHUNK ? width - x0 : TW_POLICY_CHUNK;
    for (int32_t k = 0; k < r.n; k++) {
      const float gx = (float)((double)(x0 + k) - width * 0.5 + 0.5); /* linspace(-w/2 + 1/2, w/2 - 1/2, w): exact */
      gxu[k] = gx * theta[0];
      gxv[k] = gx * theta[3];
    }
    for (int32_t y = 0; y < height; y++) {
      const float gy = (float)((double)y - height * 0.5 + 0.5);
      r.gyu = gy * theta[1];
      r.gyv = gy * theta[4];
      row_kernel(in, out + ((size_t)y * (size_t)width + (size_t)x0) * channels, &r);
    }
  }
}

int32_t tw_color_policy_nearest(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                                int32_t height, int32_t channels, double r00, double r10, double r20, double r01,
                                double r11, double r21, uint32_t fill) {
  tw_status status = tw_image_check_sides("img", width, height);
  if (status == TW_OK) status = tw_image_check_channels("channels", channels);
  if (status != TW_OK) return status;
  int overflow = 0;
  const uint64_t bytes = tw_mul_u64(tw_mul_u64((uint64_t)width, (uint64_t)height, &overflow), (uint64_t)channels,
                                    &overflow);
  if (overflow || !tw_fits_size(bytes))
    return tw_fail(TW_OUT_OF_MEMORY, "img: a %d x %d image does not fit in memory", width, height);
  if (in_bytes != (size_t)bytes || out_bytes != (size_t)bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "img: a %d x %d image of %d channels has %zu bytes; got %zu in, %zu out",
                   width, height, channels, (size_t)bytes, in_bytes, out_bytes);
  if (bytes == 0) return TW_OK;
  if (!in || !out) return tw_fail(TW_INVALID_ARGUMENT, "img: NULL data");
  status = tw_check_heap_range("img", in, in_bytes);
  if (status == TW_OK) status = tw_check_heap_range("out", out, out_bytes);
  if (status != TW_OK) return status;
  if (tw_image_overlap(in, in_bytes, out, out_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "out: overlaps the input");
  const float theta[6] = {(float)r00, (float)r10, (float)r20, (float)r01, (float)r11, (float)r21};
  for (int k = 0; k < 6; k++)
    if (!isfinite(theta[k])) return tw_fail(TW_INVALID_ARGUMENT, "theta: expected finite float32 values");
  const uint8_t fill_bytes[4] = {(uint8_t)fill, (uint8_t)(fill >> 8), (uint8_t)(fill >> 16), (uint8_t)(fill >> 24)};
  policy_rows(in, out, width, height, (size_t)channels, theta, fill_bytes);
  return TW_OK;
}
