/* tensorwarp/image toTensor / fromTensor: images (image.h) to model tensors
 * and back.
 *
 * tw_image_to_tensor: one image of width × height pixels, in_channels (1-4)
 * interleaved uint8, to out_channels values per pixel:
 *   out_channels == in_channels, or < in_channels: channel c is input channel c
 *                  (RGBA -> RGB drops alpha);
 *   out_channels 1 from 3 or 4 input channels: luma
 *                  L = (0.299f·R + 0.587f·G) + 0.114f·B, every product and sum
 *                  rounded to float32 (no fused multiply-add), not rounded to
 *                  an integer;
 *   out_channels 3 from 1 or 2 input channels: input channel 0 three times
 *                  (grey to RGB);
 *   anything else (4 from fewer) is TW_INVALID_ARGUMENT.
 * Then, for the channel's value x (the byte as float32, or L):
 *   v = (((x · scale) / divisor) − mean[c]) / std[c]   in float32, in that order,
 * with scale, divisor, mean[c], std[c] the float32 values passed in. One of
 * scale and divisor is 1, which makes its step exact, so this is either
 * torchvision's ToTensor + Normalize ((x / 255 − mean) / std: scale 1,
 * divisor 255, a true float32 division, not a product with a rounded
 * reciprocal) or the scale form ((x · scale − mean) / std: divisor 1).
 * The stored value:
 *   TW_DTYPE_FLOAT32  v
 *   TW_DTYPE_FLOAT16  v rounded to float16, to nearest even (overflow: ±Inf)
 *   TW_DTYPE_UINT8    v rounded to an integer, half to even, clamped to
 *                     0..255 (NaN: 0)
 * Layout NCHW writes channel planes (c · pixels + i), NHWC interleaves
 * (i · out_channels + c); the image is one batch entry: a batch is one call
 * per image at its offset.
 *
 * tw_image_from_tensor: the inverse, for a tensor of `channels` (1-4) values
 * per pixel (dtype FLOAT32, FLOAT16 or UINT8, layout as above) to an image of
 * image_channels (1-4) bytes per pixel. Per value v of tensor channel c:
 *   p = (((v · std[c]) + mean[c]) · divisor) / scale   in float32, in that order,
 * rounded to an integer half to even and clamped to 0..255 (NaN: 0). Image
 * channel k takes tensor channel k if k < channels; a 1-channel tensor fills
 * channels 0-2 of a 3- or 4-channel image (grey to RGB); any other missing
 * channel (alpha) is 255. image_channels below channels drops the rest.
 *
 * params: TW_IMAGE_TENSOR_PARAM_COUNT (10) floats, at the indices of
 * tw_image_tensor_param: scale, mean[0..3], std[0..3], divisor (only the
 * first `channels` means and stds are read). std entries and the divisor
 * must be non-zero and every entry finite. Sizes: width, height >= 0; in_bytes and out_bytes must equal what
 * the shapes need; the buffers must not overlap. No allocation. Nothing is
 * written unless the call returns TW_OK. The SIMD kernels give the scalar
 * kernels' bits. */
#ifndef TW_IMAGE_CONVERT_H
#define TW_IMAGE_CONVERT_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

/* The tensor types toTensor writes and fromTensor reads (common/dtype.h
 * names): the one list. convert.c's check and wasm/enums.js's
 * image_tensor_types (which js/image/convert.js reads) come from it. */
#define TW_IMAGE_TENSOR_TYPES(X) X(FLOAT32) X(FLOAT16) X(UINT8)

typedef enum tw_image_layout {
  TW_IMAGE_LAYOUT_NCHW = 0,
  TW_IMAGE_LAYOUT_NHWC = 1,
} tw_image_layout;

/* Where each parameter lies in `params`, and how many floats it holds. */
typedef enum tw_image_tensor_param {
  TW_IMAGE_TENSOR_PARAM_SCALE = 0,
  TW_IMAGE_TENSOR_PARAM_MEAN = 1, /* 4 entries */
  TW_IMAGE_TENSOR_PARAM_STD = 5,  /* 4 entries */
  TW_IMAGE_TENSOR_PARAM_DIVISOR = 9,
  TW_IMAGE_TENSOR_PARAM_COUNT = 10,
} tw_image_tensor_param;

TW_EXPORT int32_t tw_image_to_tensor(const uint8_t* in, size_t in_bytes, int32_t width, int32_t height,
                                     int32_t in_channels, int32_t out_channels, int32_t layout, int32_t dtype,
                                     const float* params, void* out, size_t out_bytes);

TW_EXPORT int32_t tw_image_from_tensor(const void* in, size_t in_bytes, int32_t dtype, int32_t layout, int32_t width,
                                       int32_t height, int32_t channels, const float* params, int32_t image_channels,
                                       uint8_t* out, size_t out_bytes);

#endif
