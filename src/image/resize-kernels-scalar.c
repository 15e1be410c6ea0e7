/* Resize micro-kernels, scalar: the readable reference the SIMD kernels are
 * tested against (built without auto-vectorisation, see the Makefile). Each
 * product and each sum is its own statement, so no compiler contracts them
 * into a fused multiply-add. */
#include <string.h>

#include "image/resize-internal.h"

void tw_resize_hpass__scalar(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                             const int32_t* first, const float* weights, int32_t taps) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * (size_t)channels;
    const float* w = weights + (size_t)x * (size_t)taps;
    for (int32_t c = 0; c < channels; c++) {
      float sum = 0.0f;
      for (int32_t k = 0; k < taps; k++) {
        const float product = w[k] * (float)pixel[(size_t)k * (size_t)channels + (size_t)c];
        sum = sum + product;
      }
      dst[(size_t)x * (size_t)channels + (size_t)c] = sum;
    }
  }
}

void tw_resize_vpass__scalar(const float* rows, size_t stride, const float* weights, int32_t taps, size_t count,
                             uint8_t* dst) {
  for (size_t i = 0; i < count; i++) {
    float sum = 0.0f;
    for (int32_t k = 0; k < taps; k++) {
      const float product = weights[k] * rows[(size_t)k * stride + i];
      sum = sum + product;
    }
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

void tw_resize_box_rows__scalar(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint32_t* sums) {
  for (size_t i = 0; i < count; i++) {
    uint32_t sum = 0;
    for (int32_t r = 0; r < ky; r++) sum += src[(size_t)r * stride + i];
    sums[i] = sum;
  }
}

void tw_resize_box_cols__scalar(const uint32_t* sums, int32_t width, int32_t channels, int32_t kx, float scale,
                                uint8_t* dst) {
  for (int32_t x = 0; x < width; x++) {
    for (int32_t c = 0; c < channels; c++) {
      uint64_t sum = 0;
      for (int32_t t = 0; t < kx; t++) sum += sums[((size_t)x * (size_t)kx + (size_t)t) * (size_t)channels + (size_t)c];
      const float product = (float)sum * scale;
      dst[(size_t)x * (size_t)channels + (size_t)c] = tw_resize_round_u8(product);
    }
  }
}

void tw_resize_box2__scalar(const uint8_t* row0, const uint8_t* row1, int32_t width, int32_t channels, uint8_t* dst) {
  const size_t C = (size_t)channels;
  for (size_t x = 0; x < (size_t)width; x++) {
    for (size_t c = 0; c < C; c++) {
      const size_t i = 2 * x * C + c;
      dst[x * C + c] = (uint8_t)((row0[i] + row0[i + C] + row1[i] + row1[i + C] + 2) >> 2);
    }
  }
}

void tw_resize_hfixed__scalar(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                              const int64_t* first, const int16_t* weights, int32_t taps) {
  const size_t C = (size_t)channels;
  for (int32_t x = x0; x < x1; x++) {
    const uint8_t* pixel = src + (size_t)first[x] * C;
    const int16_t* w = weights + (size_t)x * (size_t)taps;
    for (size_t c = 0; c < C; c++) {
      int32_t sum = 0;
      for (int32_t k = 0; k < taps; k++) sum += (int32_t)pixel[(size_t)k * C + c] * w[k];
      dst[(size_t)x * C + c] = sum;
    }
  }
}

void tw_resize_hfixed_edge__scalar(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                                   const int64_t* first, const int16_t* weights, int32_t taps, int64_t n) {
  const size_t C = (size_t)channels;
  for (int32_t x = x0; x < x1; x++) {
    const int16_t* w = weights + (size_t)x * (size_t)taps;
    for (size_t c = 0; c < C; c++) {
      int32_t sum = 0;
      for (int32_t k = 0; k < taps; k++) {
        const int64_t j = first[x] + k;
        const int64_t p = j < 0 ? 0 : j >= n ? n - 1 : j;
        sum += (int32_t)src[(size_t)p * C + c] * w[k];
      }
      dst[(size_t)x * C + c] = sum;
    }
  }
}

void tw_resize_vlinear__scalar(const int32_t* r0, const int32_t* r1, int16_t b0, int16_t b1, size_t count,
                               uint8_t* dst) {
  for (size_t i = 0; i < count; i++) {
    const int32_t v = ((((r0[i] >> 4) * b0) >> 16) + (((r1[i] >> 4) * b1) >> 16) + 2) >> 2;
    dst[i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
  }
}

void tw_resize_vcubic__scalar(const int32_t* const* rows, const int16_t* b, size_t count, uint8_t* dst) {
  const size_t lanes = count & ~(size_t)7;
  const float unit = 1.0f / 4194304.0f; /* 2^-22 */
  const float s[4] = {(float)b[0] * unit, (float)b[1] * unit, (float)b[2] * unit, (float)b[3] * unit};
  const int32_t *h0 = rows[0], *h1 = rows[1], *h2 = rows[2], *h3 = rows[3];
  size_t i = 0;
  for (; i < lanes; i++) dst[i] = tw_resize_cubic_float(h0[i], h1[i], h2[i], h3[i], s);
  for (; i < count; i++) dst[i] = tw_resize_cubic_int(h0[i], h1[i], h2[i], h3[i], b);
}
