/* PIL resize micro-kernels, scalar: the readable reference the SIMD kernels
 * are tested against (built without auto-vectorisation, see the Makefile).
 * They read the int32 weights; the sums are uint32, so they wrap as
 * Pillow's int sums would, without undefined behaviour. */
#include "image/resize-pil-internal.h"

void tw_resize_pil_hpass__scalar(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                                 const int32_t* bounds, const tw_resize_pil_table* weights) {
  for (int32_t x = 0; x < width; x++) {
    const uint8_t* pixel = src + (size_t)bounds[2 * x] * (size_t)channels;
    const int32_t count = bounds[2 * x + 1];
    const int32_t* k = weights->k + (size_t)x * weights->ksize;
    for (int32_t c = 0; c < channels; c++) {
      uint32_t acc = TW_RESIZE_PIL_HALF;
      for (int32_t t = 0; t < count; t++) acc += (uint32_t)k[t] * pixel[(size_t)t * (size_t)channels + (size_t)c];
      dst[(size_t)x * (size_t)channels + (size_t)c] = tw_resize_pil_clip8(acc);
    }
  }
}

void tw_resize_pil_vpass__scalar(const uint8_t* rows, size_t stride, const tw_resize_pil_table* weights, size_t row,
                                 int32_t count, size_t bytes, uint8_t* dst) {
  const int32_t* k = weights->k + row * weights->ksize;
  for (size_t i = 0; i < bytes; i++) {
    uint32_t acc = TW_RESIZE_PIL_HALF;
    for (int32_t t = 0; t < count; t++) acc += (uint32_t)k[t] * rows[(size_t)t * stride + i];
    dst[i] = tw_resize_pil_clip8(acc);
  }
}
