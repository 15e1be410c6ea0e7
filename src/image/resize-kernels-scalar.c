/* Resize micro-kernels, scalar: the readable reference the SIMD kernels are
 * tested against (built without auto-vectorisation, see the Makefile). Each
 * product and each sum is its own statement, so no compiler contracts them
 * into a fused multiply-add. */
#include <string.h>

#include "image/resize-internal.h"

void tw_resize_hpass__scalar(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                             const int32_t* first, const float* weights, int32_t taps, int32_t clamp) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * (size_t)channels;
    const float* w = weights + (size_t)x * (size_t)taps;
    for (int32_t c = 0; c < channels; c++) {
      float sum = 0.0f;
      for (int32_t k = 0; k < taps; k++) {
        const float product = w[k] * (float)pixel[(size_t)k * (size_t)channels + (size_t)c];
        sum = sum + product;
      }
      dst[(size_t)x * (size_t)channels + (size_t)c] = clamp ? tw_resize_clamp_f32(sum) : sum;
    }
  }
}

void tw_resize_vpass__scalar(const float* rows, size_t stride, const float* weights, int32_t taps, size_t count,
                             float divisor, uint8_t* dst) {
  for (size_t i = 0; i < count; i++) {
    float sum = 0.0f;
    for (int32_t k = 0; k < taps; k++) {
      const float product = weights[k] * rows[(size_t)k * stride + i];
      sum = sum + product;
    }
    if (divisor != 1.0f) sum = sum / divisor;
    dst[i] = tw_resize_round_u8(sum);
  }
}

void tw_resize_nearest__scalar(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                               const int32_t* index) {
  /* one constant-size copy per channel count, so each is a plain load/store */
#define TW_RESIZE_GATHER(C) \
  for (int32_t x = 0; x < width; x++) memcpy(dst + (size_t)x * C, src + (size_t)index[x] * C, C)
  switch (channels) {
    case 1: TW_RESIZE_GATHER(1); break;
    case 2: TW_RESIZE_GATHER(2); break;
    case 3: TW_RESIZE_GATHER(3); break;
    default: TW_RESIZE_GATHER(4); break;
  }
#undef TW_RESIZE_GATHER
}

void tw_resize_box_rows__scalar(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint16_t* sums) {
  for (size_t i = 0; i < count; i++) {
    uint32_t sum = 0;
    for (int32_t r = 0; r < ky; r++) sum += src[(size_t)r * stride + i];
    sums[i] = (uint16_t)sum;
  }
}

void tw_resize_box_cols__scalar(const uint16_t* sums, int32_t width, int32_t channels, int32_t kx, float divisor,
                                uint8_t* dst) {
  for (int32_t x = 0; x < width; x++) {
    for (int32_t c = 0; c < channels; c++) {
      uint32_t sum = 0;
      for (int32_t t = 0; t < kx; t++) sum += sums[((size_t)x * (size_t)kx + (size_t)t) * (size_t)channels + (size_t)c];
      dst[(size_t)x * (size_t)channels + (size_t)c] = tw_resize_round_u8((float)sum / divisor);
    }
  }
}
