/* toTensor / fromTensor micro-kernels (rules in convert.h). The entry has
 * validated everything and filled a plan. */
#ifndef TW_IMAGE_CONVERT_KERNELS_H
#define TW_IMAGE_CONVERT_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common/dtype.h"
#include "common/status.h"

typedef struct {
  size_t pixels;
  size_t plane;  /* NCHW: elements from one channel plane to the next (the whole image's pixels) */
  int in_channels, out_channels;
  int source[4]; /* input channel of each output channel (toTensor); -1: luma */
  int nchw;      /* 1: planes, 0: interleaved */
  int dtype;     /* TW_DTYPE_FLOAT32 / FLOAT16 / UINT8 */
  float scale, divisor, mean[4], std[4];
} tw_image_convert_plan;

/* Bytes per tensor element of a toTensor / fromTensor dtype. */
static inline size_t tw_image_element_bytes(int dtype) {
  return dtype == TW_DTYPE_FLOAT32 ? 4 : dtype == TW_DTYPE_FLOAT16 ? 2 : 1;
}

/* Validates toTensor's arguments other than the buffers (channels, layout,
 * dtype, params) for a width x height image and fills the plan; TW_OK or the
 * failure, with tw_last_error() naming the argument. tw_image_to_tensor and
 * the fused warp (warp-tensor.h) share it; the latter then converts one band
 * of rows at a time (pixels = the band's, plane = the image's). */
tw_status tw_image_to_tensor_plan(tw_image_convert_plan* plan, int32_t width, int32_t height, int32_t in_channels,
                                  int32_t out_channels, int32_t layout, int32_t dtype, const float* params);

/* float32 value -> uint8 as convert.h says: round half to even, clamp, NaN -> 0. */
static inline uint8_t tw_image_to_byte(float v) {
  if (!(v > 0.0f)) return 0; /* also NaN */
  if (v >= 255.0f) return 255;
  /* 0 < v < 255: adding and subtracting 2^23 rounds to an integer, half to even */
  const float rounded = (v + 8388608.0f) - 8388608.0f;
  return (uint8_t)rounded;
}

void tw_image_to_tensor__scalar(const tw_image_convert_plan* plan, const uint8_t* in, void* out);
void tw_image_to_tensor__wasmsimd(const tw_image_convert_plan* plan, const uint8_t* in, void* out);

/* fromTensor: source[k] = tensor channel of image channel k, -1: 255. */
void tw_image_from_tensor__scalar(const tw_image_convert_plan* plan, const void* in, uint8_t* out);

#endif
