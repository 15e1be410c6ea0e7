/* Image warp entry: validates every argument (the caller is never trusted),
 * handles empty images, normalises the call (warp-fixed.h), picks the
 * kernels and runs the band's rows through them: OpenCV 4.6's fixed-point
 * arithmetic (warp.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "image-check.h"
#include "warp-fixed.h"
#include "warp.h"

/* Per-axis size limit (int32 sizes with room; OpenCV's int16 maps reach
 * only source pixels below 32768 anyway). */
#define TW_WARP_MAX_SIDE ((1 << 24) - 1)

typedef struct tw_warp_args {
  const uint8_t* src;
  size_t src_bytes;
  int32_t src_width, src_height, channels;
  const double* matrix;
  int32_t perspective, interpolation, border;
  uint32_t fill;
  uint8_t* dst;
  size_t dst_bytes;
  int32_t dst_width, dst_height, row0, rows;
} tw_warp_args;

/* ---- validation ------------------------------------------------------------ */

static tw_status tw_warp_check_options(const tw_warp_args* a) {
  const tw_status status = tw_image_check_channels("channels", a->channels);
  if (status != TW_OK) return status;
  if (a->perspective != 0 && a->perspective != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "perspective: must be 0 or 1, got %d", (int)a->perspective);
  }
  if (a->interpolation != TW_IMAGE_INTERPOLATION_NEAREST && a->interpolation != TW_IMAGE_INTERPOLATION_LINEAR &&
      a->interpolation != TW_IMAGE_INTERPOLATION_CUBIC) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: %d is not nearest (0), linear (1) or cubic (2)",
                   (int)a->interpolation);
  }
  if (a->border < TW_IMAGE_BORDER_CONSTANT || a->border > TW_IMAGE_BORDER_WRAP) {
    return tw_fail(TW_INVALID_ARGUMENT, "border: unknown value %d (0 constant .. 4 wrap)", (int)a->border);
  }
  return TW_OK;
}

/* Finite entries and a non-singular linear part (affine) or 3x3 (perspective). */
static tw_status tw_warp_check_matrix(const double* m, int perspective) {
  if (!m) return tw_fail(TW_INVALID_ARGUMENT, "matrix: NULL");
  const int n = perspective ? 9 : 6;
  for (int k = 0; k < n; k++) {
    if (!isfinite(m[k])) return tw_fail(TW_INVALID_ARGUMENT, "matrix[%d]: not finite (%g)", k, m[k]);
  }
  const double det = perspective ? m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                                       m[2] * (m[3] * m[7] - m[4] * m[6])
                                 : m[0] * m[4] - m[1] * m[3];
  if (det == 0 || !isfinite(det)) {
    return tw_fail(TW_INVALID_ARGUMENT, "matrix: singular (determinant %g); a warp needs an invertible matrix", det);
  }
  return TW_OK;
}

static tw_status tw_warp_check_side(const char* name, int32_t v) {
  if (v < 0) return tw_fail(TW_INVALID_ARGUMENT, "%s: must be >= 0, got %d", name, (int)v);
  if (v > TW_WARP_MAX_SIDE) return tw_fail(TW_UNSUPPORTED, "%s: %d is beyond the limit 2^24 - 1", name, (int)v);
  return TW_OK;
}

static tw_status tw_warp_check_sizes(const tw_warp_args* a) {
  tw_status status = tw_warp_check_side("src_width", a->src_width);
  if (status == TW_OK) status = tw_warp_check_side("src_height", a->src_height);
  if (status == TW_OK) status = tw_warp_check_side("dst_width", a->dst_width);
  if (status == TW_OK) status = tw_warp_check_side("dst_height", a->dst_height);
  if (status != TW_OK) return status;
  if (a->row0 < 0 || a->rows < 0 || a->row0 > a->dst_height - a->rows) {
    return tw_fail(TW_INVALID_ARGUMENT, "row0/rows: rows [%d, %d + %d) are not inside the destination's %d",
                   (int)a->row0, (int)a->row0, (int)a->rows, (int)a->dst_height);
  }
  status = tw_image_check_bytes("src_bytes", a->src_bytes, a->src_width, a->src_height, a->channels);
  if (status == TW_OK) status = tw_image_check_bytes("dst_bytes", a->dst_bytes, a->dst_width, a->rows, a->channels);
  if (status != TW_OK) return status;
  if ((uint64_t)a->src_bytes > INT32_MAX) { /* plan indices are 32-bit byte offsets */
    return tw_fail(TW_UNSUPPORTED, "src_bytes: %llu; the limit is 2^31 - 1", (unsigned long long)a->src_bytes);
  }
  return TW_OK;
}

static tw_status tw_warp_check_pointers(const tw_warp_args* a) {
  return tw_image_check_buffers("src", a->src, a->src_bytes, "dst", a->dst, a->dst_bytes);
}

static tw_status tw_warp_check(const tw_warp_args* a) {
  tw_status status = tw_warp_check_options(a);
  if (status == TW_OK) status = tw_warp_check_matrix(a->matrix, a->perspective);
  if (status == TW_OK) status = tw_warp_check_sizes(a);
  if (status == TW_OK) status = tw_warp_check_pointers(a);
  return status;
}

/* ---- the rows ------------------------------------------------------------------ */

/* The normalised call: the source, the matrix in double as given, the fill
 * bytes, OpenCV's perspective block width and the weight table. */
static void tw_warp_fixed_init(tw_warp_fixed* w, const tw_warp_args* a) {
  memset(w, 0, sizeof *w);
  w->src = a->src;
  w->width = a->src_width;
  w->height = a->src_height;
  w->channels = a->channels;
  w->interpolation = a->interpolation;
  w->border = a->border;
  for (int k = 0; k < 4; k++) w->fill[k] = (uint8_t)(a->fill >> (8 * k));
  w->perspective = a->perspective;
  for (int k = 0; k < (a->perspective ? 9 : 6); k++) w->m[k] = a->matrix[k];
  const int32_t block_rows = a->dst_height < 16 ? a->dst_height : 16; /* OpenCV: BLOCK_SZ / 2 */
  const int32_t block_width = 1024 / (block_rows ? block_rows : 1);
  w->block_width = block_width < a->dst_width ? block_width : a->dst_width;
  w->table = tw_warp_fixed_table(a->interpolation);
}

static tw_warp_sample_fn tw_warp_pick_sampler(int32_t interpolation, int simd) {
  static const tw_warp_sample_fn samplers[3][2] = {
      [TW_IMAGE_INTERPOLATION_NEAREST] = {tw_image_warp_nearest__scalar, tw_image_warp_nearest__wasmsimd},
      [TW_IMAGE_INTERPOLATION_LINEAR] = {tw_image_warp_linear__scalar, tw_image_warp_linear__wasmsimd},
      [TW_IMAGE_INTERPOLATION_CUBIC] = {tw_image_warp_cubic__scalar, tw_image_warp_cubic__wasmsimd},
  };
  return samplers[interpolation][simd];
}

/* Rows [row0, row0 + rows), a run of TW_WARP_RUN pixels at a time: their
 * coordinates into scratch, then their values into dst. */
static tw_status tw_warp_run(const tw_warp_args* a) {
  tw_warp_fixed w;
  tw_warp_fixed_init(&w, a);
  const int simd = tw_use_simd() != 0;
  const size_t deltas = a->perspective ? 0 : 2 * (size_t)a->dst_width;
  int32_t* scratch = malloc((deltas + 3 * TW_WARP_RUN) * sizeof(int32_t));
  if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate the coordinate buffer");
  const tw_warp_coords coords = {scratch + deltas, scratch + deltas + TW_WARP_RUN, scratch + deltas + 2 * TW_WARP_RUN};
  tw_warp_coords_fn run_coords =
      simd ? tw_image_warp_perspective_coords__wasmsimd : tw_image_warp_perspective_coords__scalar;
  if (!a->perspective) {
    tw_warp_affine_deltas(w.m, a->dst_width, scratch, scratch + a->dst_width);
    w.adelta = scratch;
    w.bdelta = scratch + a->dst_width;
    run_coords = simd ? tw_image_warp_affine_coords__wasmsimd : tw_image_warp_affine_coords__scalar;
  }
  const tw_warp_sample_fn sample = tw_warp_pick_sampler(a->interpolation, simd);
  const size_t row_bytes = (size_t)a->dst_width * (size_t)a->channels;
  for (int32_t r = 0; r < a->rows; r++) {
    uint8_t* out = a->dst + (size_t)r * row_bytes;
    for (int32_t col = 0; col < a->dst_width; col += TW_WARP_RUN) {
      const int32_t n = a->dst_width - col < TW_WARP_RUN ? a->dst_width - col : TW_WARP_RUN;
      run_coords(&w, a->row0 + r, col, n, &coords);
      sample(&w, &coords, n, out + (size_t)col * (size_t)a->channels);
    }
  }
  free(scratch);
  return TW_OK;
}

/* `pixels` pixels of `channels` bytes at `at` set to the fill (channel c in byte c of `fill`). */
static void tw_warp_fill_pixels(uint32_t fill, size_t channels, uint8_t* at, size_t pixels) {
  for (size_t p = 0; p < pixels; p++) {
    for (size_t k = 0; k < channels; k++) at[p * channels + k] = (uint8_t)(fill >> (8 * k));
  }
}

/* ---- the entry point ---------------------------------------------------------- */

int32_t tw_image_warp(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height, int32_t channels,
                      const double* matrix, int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill,
                      uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height, int32_t row0,
                      int32_t rows) {
  const tw_warp_args a = {src,  src_bytes, src_width, src_height, channels,  matrix, perspective, interpolation,
                          border, fill,    dst,       dst_bytes,  dst_width, dst_height, row0,   rows};
  tw_status status = tw_warp_check(&a);
  if (status != TW_OK) return status;
  if (dst_bytes == 0) return TW_OK;
  if (src_bytes == 0) { /* no source pixel: every tap is outside */
    status = tw_image_check_extensible(1, border);
    if (status != TW_OK) return status;
    tw_warp_fill_pixels(fill, (size_t)channels, dst, dst_bytes / (size_t)channels);
    return TW_OK;
  }
  return tw_warp_run(&a);
}
