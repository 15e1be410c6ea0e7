/* The colour entries (color.h): validate everything they are handed, then
 * run the micro-kernels of color-kernels.h over the whole image (each op is
 * one pass, or a table and one pass) or a driver of color-internal.h. */
#include "color.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "color-internal.h"
#include "color-kernels.h"
#include "color-math.h"
#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "image/image-check.h"

/* ---- checks every entry makes */

tw_status tw_color_check_images(const uint8_t* in, size_t in_bytes, const uint8_t* out, size_t out_bytes, int32_t width,
                              int32_t height, int32_t channels, int32_t out_channels, tw_color_image_plan* plan) {
  if (width < 0 || height < 0)
    return tw_fail(TW_INVALID_ARGUMENT, "img: width and height must be >= 0, got %d x %d", width, height);
  if (channels != 3 && channels != 4)
    return tw_fail(TW_INVALID_ARGUMENT, "img: channels must be 3 (RGB) or 4 (RGBA), got %d", channels);
  int overflow = 0;
  const uint64_t pixels = tw_mul_u64((uint64_t)width, (uint64_t)height, &overflow);
  const uint64_t bytes = tw_mul_u64(pixels, (uint64_t)channels, &overflow);
  const uint64_t result_bytes = tw_mul_u64(pixels, (uint64_t)out_channels, &overflow);
  if (overflow || !tw_fits_size(bytes) || !tw_fits_size(result_bytes))
    return tw_fail(TW_OUT_OF_MEMORY, "img: a %d x %d image does not fit in memory", width, height);
  if (in_bytes != (size_t)bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "img: a %d x %d image of %d channels has %zu bytes; got %zu", width, height,
                   channels, (size_t)bytes, in_bytes);
  if (out_bytes != (size_t)result_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "out: a %d x %d image of %d channels has %zu bytes; got %zu", width, height,
                   out_channels, (size_t)result_bytes, out_bytes);
  if ((in_bytes != 0 && !in) || (out_bytes != 0 && !out)) return tw_fail(TW_INVALID_ARGUMENT, "img: NULL data");
  tw_status status = tw_check_heap_range("img", in, in_bytes);
  if (status == TW_OK) status = tw_check_heap_range("out", out, out_bytes);
  if (status != TW_OK) return status;
  if (tw_image_overlap(in, in_bytes, out, out_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "out: overlaps the input");
  plan->pixels = (size_t)pixels;
  plan->channels = (size_t)channels;
  plan->bytes = (size_t)bytes;
  return TW_OK;
}

/* Finite, and finite once rounded to float32 (where it meets the image: an infinite factor or gain would
 * make 0·inf = NaN bytes). */
static tw_status check_finite(const char* name, double value) {
  if (!isfinite(value)) return tw_fail(TW_INVALID_ARGUMENT, "%s: expected a finite number, got %g", name, value);
  if (!isfinite((float)value))
    return tw_fail(TW_INVALID_ARGUMENT, "%s: %g is beyond float32's range (the op computes in float32)", name, value);
  return TW_OK;
}

/* ---- tw_color_adjust */

tw_status tw_color_gray_mean(const uint8_t* in, const tw_color_image_plan* plan, uint8_t* scratch, float* mean) {
  if (plan->pixels <= TW_COLOR_EXACT_SUM_PIXELS) {
    const uint64_t sum = (tw_use_simd() ? tw_color_gray_sum__wasmsimd : tw_color_gray_sum__scalar)(in, plan->pixels,
                                                                                                    plan->channels);
    *mean = (float)sum / (float)plan->pixels;
    return TW_OK;
  }
  uint8_t* gray = scratch ? scratch : malloc(plan->pixels);
  if (!gray) return tw_fail(TW_OUT_OF_MEMORY, "img: no memory for the %zu gray values of the mean", plan->pixels);
  (tw_use_simd() ? tw_color_gray__wasmsimd : tw_color_gray__scalar)(in, gray, plan->pixels, plan->channels, 1);
  *mean = tw_color_torch_sum_u8(gray, plan->pixels) / (float)plan->pixels;
  if (!scratch) free(gray);
  return TW_OK;
}

/* adjust_sharpness row by row: each row's degenerate bytes (the border copied, inside the smoothed rows,
 * color-kernels.h) written into out, then blended with the input row in place while the row is in cache.
 * The blend of a byte reads only that byte of in and of the degenerate image, so the bytes are those of
 * the whole degenerate image followed by one blend pass. width, height > 2. */
static void sharpness_rows(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, float a,
                           float b) {
  const int simd = tw_use_simd();
  void (*sharpen)(const uint8_t*, const uint8_t*, const uint8_t*, uint8_t*, size_t, size_t) =
      simd ? tw_color_sharpen_row__wasmsimd : tw_color_sharpen_row__scalar;
  void (*blend)(const uint8_t*, const uint8_t*, uint8_t*, size_t, size_t, float, float) =
      simd ? tw_color_blend__wasmsimd : tw_color_blend__scalar;
  const size_t row = width * channels;
  for (size_t y = 0; y < height; y++) {
    const uint8_t* from = in + y * row;
    uint8_t* to = out + y * row;
    if (y == 0 || y + 1 == height) { /* the degenerate image is the input on the first and last rows */
      blend(from, from, to, row, channels, a, b);
      continue;
    }
    memcpy(to, from, channels); /* and on the first and last pixels of the others */
    memcpy(to + row - channels, from + row - channels, channels);
    sharpen(from - row, from, from + row, to, width, channels);
    blend(from, to, to, row, channels, a, b);
  }
}

tw_status tw_color_check_factor(int32_t op, double factor) {
  tw_status status = check_finite("factor", factor);
  if (status != TW_OK) return status;
  if (op == TW_COLOR_ADJUST_OP_HUE) {
    if (factor < -0.5 || factor > 0.5) return tw_fail(TW_INVALID_ARGUMENT, "factor: the hue shift must be in [-0.5, 0.5], got %g", factor);
  } else if (factor < 0) {
    return tw_fail(TW_INVALID_ARGUMENT, "factor: must be >= 0, got %g", factor);
  }
  return TW_OK;
}

/* One op of BRIGHTNESS, CONTRAST, SATURATION, HUE: the chain kernel with that one step (a, b as the
 * chain's steps take them, color-kernels.h). */
static void one_step(const uint8_t* in, uint8_t* out, const tw_color_image_plan* plan, int32_t op, float a, float b) {
  const tw_color_step step = {op, a, b};
  (tw_use_simd() ? tw_color_chain__wasmsimd : tw_color_chain__scalar)(in, out, plan->pixels, plan->channels, &step, 1,
                                                                      NULL);
}

int32_t tw_color_adjust(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                        int32_t height, int32_t channels, int32_t op, double factor) {
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, channels, &plan);
  if (status != TW_OK) return status;
  if (op < TW_COLOR_ADJUST_OP_BRIGHTNESS || op > TW_COLOR_ADJUST_OP_HUE)
    return tw_fail(TW_INVALID_ARGUMENT, "op: expected 1..5 (brightness, contrast, saturation, sharpness, hue), got %d", op);
  status = tw_color_check_factor(op, factor);
  if (status != TW_OK || plan.pixels == 0) return status;
  /* torchvision's _blend: ratio and 1 - ratio are Python floats (doubles) rounded where they meet the tensor */
  const float a = (float)factor, b = (float)(1.0 - factor);
  switch ((tw_color_adjust_op)op) {
    case TW_COLOR_ADJUST_OP_BRIGHTNESS:
      one_step(in, out, &plan, op, a, b * 0.0f);
      return TW_OK;
    case TW_COLOR_ADJUST_OP_CONTRAST: {
      float mean = 0.0f;
      status = tw_color_gray_mean(in, &plan, NULL, &mean);
      if (status != TW_OK) return status;
      one_step(in, out, &plan, op, a, b * mean);
      return TW_OK;
    }
    case TW_COLOR_ADJUST_OP_SATURATION:
      one_step(in, out, &plan, op, a, b);
      return TW_OK;
    case TW_COLOR_ADJUST_OP_SHARPNESS:
      if (width <= 2 || height <= 2) {
        memcpy(out, in, plan.bytes);
        return TW_OK;
      }
      sharpness_rows(in, out, (size_t)width, (size_t)height, plan.channels, a, b);
      return TW_OK;
    case TW_COLOR_ADJUST_OP_HUE:
      one_step(in, out, &plan, op, a, 0.0f);
      return TW_OK;
  }
  return tw_fail(TW_INVALID_ARGUMENT, "op: unknown %d", op);
}

/* ---- tw_color_point */

/* The smallest byte v with f(v) >= f(threshold) (256: none). */
static uint32_t solarize_from(double threshold) {
  const float t = (float)threshold;
  uint32_t v = 0;
  while (v < 256 && !((float)v >= t)) v++;
  return v;
}

static void apply_table(const uint8_t* in, uint8_t* out, const tw_color_image_plan* plan, const uint8_t table[768]) {
  tw_color_lut__scalar(in, out, plan->pixels, plan->channels, table);
}

int32_t tw_color_point(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                       int32_t height, int32_t channels, int32_t op, double value) {
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, channels, &plan);
  if (status != TW_OK) return status;
  if (op < TW_COLOR_POINT_OP_POSTERIZE || op > TW_COLOR_POINT_OP_EQUALIZE)
    return tw_fail(TW_INVALID_ARGUMENT, "op: expected 1..5 (posterize, solarize, invert, autocontrast, equalize), got %d", op);
  if (op == TW_COLOR_POINT_OP_POSTERIZE && !(value >= 0 && value <= 8 && value == floor(value)))
    return tw_fail(TW_INVALID_ARGUMENT, "bits: expected an integer 0..8, got %g", value);
  if (op == TW_COLOR_POINT_OP_SOLARIZE && !isfinite(value))
    return tw_fail(TW_INVALID_ARGUMENT, "threshold: expected a finite number, got %g", value);
  if (plan.pixels == 0) return TW_OK;
  void (*bytes)(const uint8_t*, uint8_t*, size_t, size_t, uint32_t, uint8_t) =
      tw_use_simd() ? tw_color_bytes__wasmsimd : tw_color_bytes__scalar;
  uint8_t table[768];
  switch ((tw_color_point_op)op) {
    case TW_COLOR_POINT_OP_POSTERIZE:
      bytes(in, out, plan.pixels, plan.channels, 256, (uint8_t)(256 - (1u << (8 - (int)value))));
      return TW_OK;
    case TW_COLOR_POINT_OP_SOLARIZE:
      bytes(in, out, plan.pixels, plan.channels, solarize_from(value), 0xff);
      return TW_OK;
    case TW_COLOR_POINT_OP_INVERT:
      bytes(in, out, plan.pixels, plan.channels, 0, 0xff);
      return TW_OK;
    case TW_COLOR_POINT_OP_AUTOCONTRAST:
      tw_color_autocontrast_table(in, plan.pixels, plan.channels, table);
      apply_table(in, out, &plan, table);
      return TW_OK;
    case TW_COLOR_POINT_OP_EQUALIZE:
      tw_color_equalize_table(in, plan.pixels, plan.channels, table);
      apply_table(in, out, &plan, table);
      return TW_OK;
  }
  return tw_fail(TW_INVALID_ARGUMENT, "op: unknown %d", op);
}

/* ---- tw_color_gamma */

int32_t tw_color_gamma(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                       int32_t height, int32_t channels, double gamma, double gain) {
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, channels, &plan);
  if (status == TW_OK) status = check_finite("gamma", gamma);
  if (status == TW_OK) status = check_finite("gain", gain);
  if (status != TW_OK) return status;
  if (gamma < 0) return tw_fail(TW_INVALID_ARGUMENT, "gamma: must be >= 0, got %g", gamma);
  if (plan.pixels == 0) return TW_OK;
  uint8_t body[256], tail[256], table[768];
  tw_color_gamma_tables(gamma, gain, body, tail);
  for (int c = 0; c < 3; c++) memcpy(table + 256 * c, body, 256);
  apply_table(in, out, &plan, table);
  /* torch's vector loop covers whole 16-value blocks of the planar CHW tensor; the rest is its scalar tail */
  const size_t values = 3 * plan.pixels, first_tail = values - values % 16;
  for (size_t i = first_tail; i < values; i++) {
    const size_t at = (i % plan.pixels) * plan.channels + i / plan.pixels;
    out[at] = tail[in[at]];
  }
  return TW_OK;
}

/* ---- tw_color_grayscale */

int32_t tw_color_grayscale(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                           int32_t height, int32_t channels, int32_t out_channels) {
  if (out_channels != 1 && out_channels != 3 && out_channels != channels)
    return tw_fail(TW_INVALID_ARGUMENT, "out_channels: expected 1, 3 or the input's %d, got %d", channels, out_channels);
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, out_channels, &plan);
  if (status != TW_OK || plan.pixels == 0) return status;
  (tw_use_simd() ? tw_color_gray__wasmsimd : tw_color_gray__scalar)(in, out, plan.pixels, plan.channels,
                                                                     (size_t)out_channels);
  return TW_OK;
}

/* ---- tw_color_gaussian_blur */

static tw_status check_blur_axis(const char* size_name, int32_t k, int32_t side, const char* sigma_name,
                                 double sigma) {
  if (k < 1 || k > TW_COLOR_LIMIT_MAX_BLUR_SIZE || k % 2 == 0)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: expected an odd size 1..%d, got %d", size_name,
                   TW_COLOR_LIMIT_MAX_BLUR_SIZE, k);
  if (side > 0 && k / 2 >= side)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: a kernel of %d reaches %d pixels past the edge of an image %d pixels across (reflect needs fewer)",
                   size_name, k, k / 2, side);
  if (!isfinite(sigma) || !(sigma > 0))
    return tw_fail(TW_INVALID_ARGUMENT, "%s: expected a finite number > 0, got %g", sigma_name, sigma);
  if (!((float)sigma > 0))
    return tw_fail(TW_INVALID_ARGUMENT, "%s: %g is 0 in float32", sigma_name, sigma);
  return TW_OK;
}

int32_t tw_color_gaussian_blur(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                               int32_t height, int32_t channels, int32_t kx, int32_t ky, double sigma_x,
                               double sigma_y) {
  tw_color_image_plan plan;
  tw_status status = tw_color_check_images(in, in_bytes, out, out_bytes, width, height, channels, channels, &plan);
  const int32_t any = width > 0 && height > 0;
  if (status == TW_OK) status = check_blur_axis("kx", kx, any ? width : 0, "sigma_x", sigma_x);
  if (status == TW_OK) status = check_blur_axis("ky", ky, any ? height : 0, "sigma_y", sigma_y);
  if (status != TW_OK || plan.pixels == 0) return status;
  if (tw_color_blur_run(in, out, (size_t)width, (size_t)height, plan.channels, (size_t)kx, (size_t)ky,
                        (float)sigma_x, (float)sigma_y) != 0)
    return tw_fail(TW_OUT_OF_MEMORY, "img: no memory for the blur's weights and rows");
  return TW_OK;
}
