/* The fused warp -> tensor entry (warp-tensor.h): validate everything and
 * prepare the warp once (warp-plan.h), then per band of destination rows
 * warp into a small scratch (the warp's own driver and kernels) and convert
 * the scratch into its rows of the tensor (toTensor's kernels), while it is
 * still in cache. */
#include "warp-tensor.h"

#include <stdlib.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "image/convert-kernels.h"
#include "image/convert.h"
#include "image/image-check.h"
#include "warp-plan.h"

/* Scratch bytes a default band aims at: the band is written by the warp and
 * read straight back by the conversion, so it should stay in L1/L2. */
#define TW_WARP_TENSOR_BAND_BYTES 32768

typedef struct tw_warp_tensor_args {
  const uint8_t* src;
  size_t src_bytes;
  int32_t src_width, src_height, channels;
  const double* matrix;
  int32_t perspective, interpolation, border;
  uint32_t fill;
  int32_t width, height; /* the destination */
} tw_warp_tensor_args;

/* Converts the band (rows [row0, row0 + rows), full width) into its rows of
 * the tensor: the plan's pixels become the band's, its plane stays the
 * image's, so NCHW planes land image-size apart. */
static void convert_band(const tw_image_convert_plan* image_plan, const uint8_t* band, void* out, int32_t width,
                         int32_t row0, int32_t rows) {
  tw_image_convert_plan plan = *image_plan;
  plan.pixels = (size_t)rows * (size_t)width;
  const size_t first = (size_t)row0 * (size_t)width;
  const size_t element = plan.nchw ? first : first * (size_t)plan.out_channels;
  void* at = (unsigned char*)out + element * tw_image_element_bytes(plan.dtype);
  (tw_use_simd() ? tw_image_to_tensor__wasmsimd : tw_image_to_tensor__scalar)(&plan, band, at);
}

/* out: in the heap, of the size the shapes need, and not overlapping what is
 * read while it is written (src, and the matrix each band's warp reads
 * again; params were copied into the plan). */
static tw_status check_out(const tw_warp_tensor_args* a, const tw_image_convert_plan* plan, const void* out,
                           size_t out_bytes) {
  const size_t matrix_bytes = (a->perspective ? 9 : 6) * sizeof(double);
  const tw_status status = tw_check_heap_range("out", out, out_bytes);
  if (status != TW_OK) return status;
  int overflow = 0;
  uint64_t need = tw_mul_u64((uint64_t)a->width, (uint64_t)a->height, &overflow);
  need = tw_mul_u64(need, (uint64_t)plan->out_channels, &overflow);
  need = tw_mul_u64(need, tw_image_element_bytes(plan->dtype), &overflow);
  if (overflow || !tw_fits_size(need)) {
    return tw_fail(TW_UNSUPPORTED, "out: a %d x %d tensor of %d channels does not fit the address space",
                   (int)a->width, (int)a->height, plan->out_channels);
  }
  if (need != (uint64_t)out_bytes) {
    return tw_fail(TW_INVALID_ARGUMENT, "out_bytes: %d x %d x %d channels need %llu bytes, got %llu", (int)a->width,
                   (int)a->height, plan->out_channels, (unsigned long long)need, (unsigned long long)out_bytes);
  }
  if (tw_ranges_overlap(out, out_bytes, a->src, a->src_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "out: overlaps src");
  if (tw_ranges_overlap(out, out_bytes, a->matrix, matrix_bytes)) {
    return tw_fail(TW_INVALID_ARGUMENT, "out: overlaps matrix");
  }
  return TW_OK;
}

/* Rows per band: band_rows, or as many as TW_WARP_TENSOR_BAND_BYTES holds
 * (at least 1); never more than the destination has. */
static int32_t pick_band_rows(int32_t band_rows, int32_t width, int32_t height, int32_t channels) {
  int32_t rows = band_rows;
  if (rows == 0) {
    const size_t row_bytes = (size_t)width * (size_t)channels;
    const size_t fit = TW_WARP_TENSOR_BAND_BYTES / row_bytes;
    rows = fit < 1 ? 1 : fit > (size_t)height ? height : (int32_t)fit;
  }
  return rows > height ? height : rows;
}

/* Every band is `rows` rows: the last one starts at height - rows. */
static tw_status run_bands(const tw_warp_tensor_args* a, tw_warp_plan* warp, const tw_image_convert_plan* plan,
                           void* out, int32_t rows) {
  uint8_t* band = malloc((size_t)rows * (size_t)a->width * (size_t)a->channels);
  if (!band) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate a band of %d rows", (int)rows);
  for (int32_t row0 = 0;; row0 += rows) {
    const int32_t at = row0 > a->height - rows ? a->height - rows : row0;
    tw_warp_plan_rows(warp, a->src, band, at, rows);
    convert_band(plan, band, out, a->width, at, rows);
    if (at + rows == a->height) break;
  }
  free(band);
  return TW_OK;
}

int32_t tw_image_warp_to_tensor(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                int32_t channels, const double* matrix, int32_t perspective, int32_t interpolation,
                                int32_t border, uint32_t fill, int32_t dst_width, int32_t dst_height,
                                int32_t out_channels, int32_t layout, int32_t dtype, const float* params, void* out,
                                size_t out_bytes, int32_t band_rows) {
  const tw_warp_tensor_args a = {src,    src_bytes, src_width, src_height, channels, matrix,
                                 perspective, interpolation, border, fill, dst_width, dst_height};
  if (band_rows < 0) return tw_fail(TW_INVALID_ARGUMENT, "band_rows: must be >= 0, got %d", (int)band_rows);
  tw_image_convert_plan plan;
  /* The input buffers lie in the heap before anything reads them (a bad
   * perspective flag is reported by the warp's checks below). */
  tw_status status = tw_check_heap_range("params", params, TW_IMAGE_TENSOR_PARAM_COUNT * sizeof(float));
  if (status == TW_OK) status = tw_check_heap_range("matrix", matrix, (perspective ? 9 : 6) * sizeof(double));
  if (status == TW_OK) status = tw_check_heap_range("src", src, src_bytes);
  if (status != TW_OK) return status;
  /* the warp's own checks, and its plan, once for every band */
  const tw_warp_geometry g = {.src_width = src_width, .src_height = src_height, .channels = channels,
                              .kind = perspective ? TW_WARP_KIND_PERSPECTIVE : TW_WARP_KIND_AFFINE,
                              .perspective = perspective, .matrix = matrix, .interpolation = interpolation,
                              .border = border, .fill = fill, .dst_width = dst_width, .dst_height = dst_height};
  tw_warp_plan warp;
  status = tw_warp_plan_prepare(&warp, &g);
  if (status != TW_OK) return status;
  status = tw_warp_check_band(&warp, src, src_bytes, NULL, 0, 0, 0);
  if (status == TW_OK) {
    status = tw_image_to_tensor_plan(&plan, dst_width, dst_height, channels, out_channels, layout, dtype, params);
  }
  if (status == TW_OK) status = check_out(&a, &plan, out, out_bytes);
  if (status == TW_OK && out_bytes != 0) {
    if (src_bytes == 0) status = tw_image_check_extensible(1, border); /* every tap outside: only CONSTANT */
    if (status == TW_OK) status = run_bands(&a, &warp, &plan, out, pick_band_rows(band_rows, dst_width, dst_height, channels));
  }
  tw_warp_plan_release(&warp);
  return status;
}
