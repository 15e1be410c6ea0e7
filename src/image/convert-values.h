/* The per-value arithmetic of toTensor / fromTensor (convert.h), shared by the
 * scalar and SIMD kernels so both store the same bits. */
#ifndef TW_IMAGE_CONVERT_VALUES_H
#define TW_IMAGE_CONVERT_VALUES_H

#include <string.h>

#include "common/dtype.h"
#include "common/half.h"
#include "convert-kernels.h"

/* No fused multiply-add: every product and sum is rounded on its own (wasm
 * has no scalar or SIMD fma; GCC in ISO C mode does not contract). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* Luma of an RGB(A) pixel: (0.299·R + 0.587·G) + 0.114·B, each step rounded to float32. */
static inline float tw_image_luma(const uint8_t* pixel) {
  const float r = 0.299f * (float)pixel[0], g = 0.587f * (float)pixel[1], b = 0.114f * (float)pixel[2];
  const float rg = r + g;
  return rg + b;
}

/* toTensor's value of channel c for x (convert.h): the one place of the rule. */
static inline float tw_image_tensor_value(const tw_image_convert_plan* plan, float x, int c) {
  const float scaled = (x * plan->scale) / plan->divisor;
  const float centred = scaled - plan->mean[c];
  return centred / plan->std[c];
}

/* Stores v as element `at` of the output tensor. */
static inline void tw_image_store_value(int dtype, void* out, size_t at, float v) {
  if (dtype == TW_DTYPE_FLOAT32) {
    memcpy((float*)out + at, &v, sizeof v);
  } else if (dtype == TW_DTYPE_FLOAT16) {
    const uint16_t h = tw_f32_to_f16(v);
    memcpy((uint16_t*)out + at, &h, sizeof h);
  } else {
    ((uint8_t*)out)[at] = tw_image_to_byte(v);
  }
}

/* Element `at` of an input tensor as float32. */
static inline float tw_image_load_value(int dtype, const void* in, size_t at) {
  if (dtype == TW_DTYPE_FLOAT32) {
    float v;
    memcpy(&v, (const float*)in + at, sizeof v);
    return v;
  }
  if (dtype == TW_DTYPE_FLOAT16) {
    uint16_t h;
    memcpy(&h, (const uint16_t*)in + at, sizeof h);
    return tw_f16_to_f32(h);
  }
  return (float)((const uint8_t*)in)[at];
}

/* Output element index of (pixel i, channel c). */
static inline size_t tw_image_tensor_index(const tw_image_convert_plan* plan, size_t i, int c, int channels) {
  return plan->nchw ? (size_t)c * plan->plane + i : i * (size_t)channels + (size_t)c;
}

/* toTensor for pixels [first, end), one value at a time. */
static inline void tw_image_to_tensor_pixels(const tw_image_convert_plan* plan, const uint8_t* in, void* out,
                                             size_t first, size_t end) {
  for (size_t i = first; i < end; i++) {
    const uint8_t* pixel = in + i * (size_t)plan->in_channels;
    for (int c = 0; c < plan->out_channels; c++) {
      const int s = plan->source[c];
      const float x = s < 0 ? tw_image_luma(pixel) : (float)pixel[s];
      tw_image_store_value(plan->dtype, out, tw_image_tensor_index(plan, i, c, plan->out_channels),
                           tw_image_tensor_value(plan, x, c));
    }
  }
}

#endif
