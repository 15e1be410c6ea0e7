/* toTensor / fromTensor entries: validate, build the plan, run a kernel. */
#include "convert.h"

#include <math.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "common/dtype.h"
#include "common/status.h"
#include "convert-kernels.h"
#include "image-check.h"
#include "image.h"

/* Checks what both directions share and fills the plan's common fields. */
static tw_status plan_common(tw_image_convert_plan* plan, int32_t width, int32_t height, int32_t layout,
                             int32_t dtype, const float* params, int32_t tensor_channels) {
  const tw_status sides = tw_image_check_sides("img", width, height);
  if (sides != TW_OK) return sides;
  if (layout != TW_IMAGE_LAYOUT_NCHW && layout != TW_IMAGE_LAYOUT_NHWC)
    return tw_fail(TW_INVALID_ARGUMENT, "layout: expected NCHW (0) or NHWC (1), got %d", layout);
  switch (dtype) {
#define TW_IMAGE_TENSOR_TYPE_CASE(T) case TW_DTYPE_##T:
    TW_IMAGE_TENSOR_TYPES(TW_IMAGE_TENSOR_TYPE_CASE)
#undef TW_IMAGE_TENSOR_TYPE_CASE
      break;
#define TW_IMAGE_TENSOR_TYPE_NAME(T) " " #T
    default:
      return tw_fail(TW_UNSUPPORTED, "type: dtype %d is not one of" TW_IMAGE_TENSOR_TYPES(TW_IMAGE_TENSOR_TYPE_NAME), dtype);
#undef TW_IMAGE_TENSOR_TYPE_NAME
  }
  if (!params) return tw_fail(TW_INVALID_ARGUMENT, "params: NULL");
  const float scale = params[TW_IMAGE_TENSOR_PARAM_SCALE], divisor = params[TW_IMAGE_TENSOR_PARAM_DIVISOR];
  if (!isfinite(scale)) return tw_fail(TW_INVALID_ARGUMENT, "scale: must be finite");
  if (!isfinite(divisor) || divisor == 0.0f) return tw_fail(TW_INVALID_ARGUMENT, "divisor: must be finite and non-zero");
  const float* mean = params + TW_IMAGE_TENSOR_PARAM_MEAN;
  const float* std = params + TW_IMAGE_TENSOR_PARAM_STD;
  for (int c = 0; c < tensor_channels; c++) {
    if (!isfinite(mean[c])) return tw_fail(TW_INVALID_ARGUMENT, "mean[%d]: must be finite", c);
    if (!isfinite(std[c]) || std[c] == 0.0f) return tw_fail(TW_INVALID_ARGUMENT, "std[%d]: must be finite and non-zero", c);
  }
  const uint64_t pixels = (uint64_t)width * (uint64_t)height; /* < 2^62 */
  if (!tw_fits_size(pixels))
    return tw_fail(TW_OUT_OF_MEMORY, "img: %d x %d pixels do not fit in memory", width, height);
  plan->pixels = (size_t)pixels;
  plan->plane = plan->pixels;
  plan->nchw = layout == TW_IMAGE_LAYOUT_NCHW;
  plan->dtype = dtype;
  plan->scale = scale;
  plan->divisor = divisor;
  for (int c = 0; c < 4; c++) {
    plan->mean[c] = c < tensor_channels ? mean[c] : 0.0f;
    plan->std[c] = c < tensor_channels ? std[c] : 1.0f;
  }
  return TW_OK;
}

/* `pixels` pixels of `units` bytes each: their byte count, or a failure naming
 * `name` when it does not fit a size_t (in wasm32 it would wrap, and a
 * wrapped count can match a small buffer that the kernel then overruns). */
static tw_status need_bytes(const char* name, size_t pixels, uint64_t units, size_t* bytes) {
  int overflow = 0;
  const uint64_t need = tw_mul_u64((uint64_t)pixels, units, &overflow);
  if (overflow || !tw_fits_size(need))
    return tw_fail(TW_OUT_OF_MEMORY, "%s: %zu pixels of %llu bytes do not fit in memory", name, pixels,
                   (unsigned long long)units);
  *bytes = (size_t)need;
  return TW_OK;
}

static tw_status check_buffers(const void* in, size_t in_bytes, size_t in_need, const void* out, size_t out_bytes,
                               size_t out_need) {
  if (in_bytes != in_need)
    return tw_fail(TW_INVALID_ARGUMENT, "img: the shapes need %zu input bytes, got %zu", in_need, in_bytes);
  if (out_bytes != out_need)
    return tw_fail(TW_INVALID_ARGUMENT, "out: the shapes need %zu output bytes, got %zu", out_need, out_bytes);
  return tw_image_check_buffers("img", in, in_bytes, "out", out, out_bytes);
}

tw_status tw_image_to_tensor_plan(tw_image_convert_plan* plan, int32_t width, int32_t height, int32_t in_channels,
                                  int32_t out_channels, int32_t layout, int32_t dtype, const float* params) {
  tw_status status = tw_image_check_channels("img.channels", in_channels);
  if (status == TW_OK) status = tw_image_check_channels("channels", out_channels);
  if (status == TW_OK) status = plan_common(plan, width, height, layout, dtype, params, out_channels);
  if (status != TW_OK) return status;
  plan->in_channels = in_channels;
  plan->out_channels = out_channels;
  for (int c = 0; c < out_channels; c++) {
    if (out_channels <= in_channels) plan->source[c] = c;
    else if (out_channels == 3 && in_channels <= 2) plan->source[c] = 0;
    else return tw_fail(TW_INVALID_ARGUMENT, "channels: %d channels cannot be made from an image of %d", out_channels, in_channels);
  }
  if (out_channels == 1 && in_channels >= 3) plan->source[0] = -1; /* luma */
  return TW_OK;
}

int32_t tw_image_to_tensor(const uint8_t* in, size_t in_bytes, int32_t width, int32_t height, int32_t in_channels,
                           int32_t out_channels, int32_t layout, int32_t dtype, const float* params, void* out,
                           size_t out_bytes) {
  tw_image_convert_plan plan;
  tw_status status = tw_image_to_tensor_plan(&plan, width, height, in_channels, out_channels, layout, dtype, params);
  size_t in_need = 0, out_need = 0;
  if (status == TW_OK) status = need_bytes("img", plan.pixels, (uint64_t)in_channels, &in_need);
  if (status == TW_OK)
    status = need_bytes("out", plan.pixels, (uint64_t)out_channels * tw_image_element_bytes(dtype), &out_need);
  if (status == TW_OK) status = check_buffers(in, in_bytes, in_need, out, out_bytes, out_need);
  if (status != TW_OK) return status;
  if (plan.pixels == 0) return TW_OK;
  (tw_use_simd() ? tw_image_to_tensor__wasmsimd : tw_image_to_tensor__scalar)(&plan, in, out);
  return TW_OK;
}

int32_t tw_image_from_tensor(const void* in, size_t in_bytes, int32_t dtype, int32_t layout, int32_t width,
                             int32_t height, int32_t channels, const float* params, int32_t image_channels,
                             uint8_t* out, size_t out_bytes) {
  tw_status status = tw_image_check_channels("channels", channels);
  if (status == TW_OK) status = tw_image_check_channels("image_channels", image_channels);
  if (status != TW_OK) return status;
  tw_image_convert_plan plan;
  status = plan_common(&plan, width, height, layout, dtype, params, channels);
  if (status != TW_OK) return status;
  if (params[TW_IMAGE_TENSOR_PARAM_SCALE] == 0.0f) return tw_fail(TW_INVALID_ARGUMENT, "scale: must be non-zero to invert");
  plan.in_channels = channels;
  plan.out_channels = image_channels;
  for (int k = 0; k < image_channels; k++)
    plan.source[k] = k < channels ? k : (channels == 1 && image_channels >= 3 && k < 3) ? 0 : -1;
  size_t in_need = 0, out_need = 0;
  status = need_bytes("tensor", plan.pixels, (uint64_t)channels * tw_image_element_bytes(dtype), &in_need);
  if (status == TW_OK) status = need_bytes("out", plan.pixels, (uint64_t)image_channels, &out_need);
  if (status == TW_OK) status = check_buffers(in, in_bytes, in_need, out, out_bytes, out_need);
  if (status != TW_OK) return status;
  if (plan.pixels == 0) return TW_OK;
  tw_image_from_tensor__scalar(&plan, in, out);
  return TW_OK;
}
