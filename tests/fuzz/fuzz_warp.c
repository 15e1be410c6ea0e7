/* libFuzzer harness for tw_image_warp (src/warp/warp.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   (applies to the whole-destination call) bits 5-7: 1 also
 *                    run a band, 2 raw matrix (f64 entries; otherwise one
 *                    byte each, (int8_t)b / 16), 4 perspective
 *   int  src_width, src_height, dst_width, dst_height
 *   byte channels       b < 0xE0: 1 + b % 4; else b % 8 (0, 5, 6, 7 invalid)
 *   byte interpolation  b % 4 (3, area, is not a warp's)
 *   byte border         b % 6 (5 is not one)
 *   4 bytes fill        little-endian, channel c in byte c
 *   matrix           6 entries (9 with perspective), see bit 6
 *   int  row0, rows  the band (bit 5)
 *   tail             the source pixels
 *
 * The prepared path (tw_warp_prepare / tw_warp_run / tw_warp_release) runs
 * beside every call: a prepare that fails must be matched by the one-shot
 * call failing with the same status; a valid warp's handle gives the one-shot
 * bytes for the whole destination and for the band, and is dead after its
 * release (a run then fails and writes nothing).
 *
 * Beyond fuzz.h's checks (SIMD against the scalar reference kernels, nothing
 * written on failure, inputs unchanged, exact-size buffers under ASan): a
 * call warp.h calls valid succeeds, and a band [row0, row0 + rows) of a
 * valid warp gives exactly those rows of the whole destination (warp.h:
 * "a warp computed in bands is bit-identical to one call"). */
#include <math.h>

#include "fuzz.h"
#include "image/image.h"
#include "warp/warp.h"

/* Sides beyond this are refused by size (big) before the harness allocates. */
#define SIDE_CAP (1 << 12)

typedef struct warp_args {
  int32_t src_width, src_height, channels, perspective, interpolation, border, dst_width, dst_height, row0, rows;
  uint32_t fill;
  const double* matrix;
  const fz_buf *src, *dst;
} warp_args;

static int32_t call_warp(const void* p) {
  const warp_args* w = p;
  return tw_image_warp(w->src->p, w->src->bytes, w->src_width, w->src_height, w->channels, w->matrix, w->perspective,
                       w->interpolation, w->border, w->fill, w->dst->p, w->dst->bytes, w->dst_width, w->dst_height,
                       w->row0, w->rows);
}

/* warp.h's matrix rule, computed as the entry does: finite entries, a
 * determinant that is finite and not 0. */
static int matrix_ok(const double* m, int perspective) {
  for (int k = 0; k < (perspective ? 9 : 6); k++)
    if (!isfinite(m[k])) return 0;
  const double det = perspective ? m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                                       m[2] * (m[3] * m[7] - m[4] * m[6])
                                 : m[0] * m[4] - m[1] * m[3];
  return det != 0 && isfinite(det);
}

/* The band call on the same source: destination rows [row0, row0 + rows). */
static void check_band(const warp_args* whole, int32_t row0, int32_t rows) {
  if (row0 < 0 || rows < 0 || row0 > whole->dst_height - rows) return; /* not a band of this destination */
  const size_t row_bytes = (size_t)whole->dst_width * (size_t)whole->channels;
  fz_buf dst = fz_alloc((size_t)rows * row_bytes, 0);
  warp_args band = *whole;
  band.dst = &dst;
  band.row0 = row0;
  band.rows = rows;
  fz_snapshot readonly = {0};
  fz_keep(&readonly, whole->src->p, whole->src->bytes);
  const int32_t status = fz_two_runs(call_warp, &band, dst.p, dst.bytes, &readonly, 0);
  FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a band of a valid warp failed with status %d", status);
  if (status == TW_OK && dst.bytes)
    FZ_CHECK(memcmp(dst.p, whole->dst->p + (size_t)row0 * row_bytes, dst.bytes) == 0,
             "band rows [%d, %d) differ from the whole destination's", row0, row0 + rows);
  fz_release(&readonly);
  fz_free(&dst);
}

typedef struct prepared_args {
  uint32_t handle;
  const warp_args* w;
} prepared_args;

static int32_t call_prepared(const void* p) {
  const prepared_args* a = p;
  return tw_warp_run(a->handle, a->w->src->p, a->w->src->bytes, a->w->dst->p, a->w->dst->bytes, a->w->row0,
                     a->w->rows);
}

/* The prepared warp of `whole` (status: the one-shot call's): same failure,
 * or the same bytes, in the whole destination and in the band. */
static void check_prepared(const warp_args* whole, int32_t status, int valid, int32_t row0, int32_t rows) {
  uint32_t* handle = malloc(sizeof *handle);
  FZ_CHECK(handle != NULL, "malloc");
  *handle = 0xDEADBEEFu;
  const int32_t prepared = tw_warp_prepare(whole->src_width, whole->src_height, whole->channels, whole->matrix,
                                           whole->perspective, whole->interpolation, whole->border, whole->fill,
                                           whole->dst_width, whole->dst_height, handle);
  if (prepared != TW_OK) {
    FZ_CHECK(*handle == 0xDEADBEEFu, "a failed prepare wrote the handle");
    FZ_CHECK(prepared == status || prepared == TW_OUT_OF_MEMORY,
             "prepare failed with %d where the one-shot call returned %d", prepared, status);
    FZ_CHECK(!valid || prepared == TW_OUT_OF_MEMORY, "prepare of a valid warp failed with %d", prepared);
    free(handle);
    return;
  }
  if (valid && status == TW_OK) {
    const size_t row_bytes = (size_t)whole->dst_width * (size_t)whole->channels;
    fz_snapshot readonly = {0};
    fz_keep(&readonly, whole->src->p, whole->src->bytes);
    for (int band = 0; band < 2; band++) {
      if (band && (row0 < 0 || rows < 0 || row0 > whole->dst_height - rows)) break;
      warp_args w = *whole;
      fz_buf dst = fz_alloc(band ? (size_t)rows * row_bytes : whole->dst->bytes, 0);
      w.dst = &dst;
      w.row0 = band ? row0 : 0;
      w.rows = band ? rows : whole->dst_height;
      const prepared_args a = {*handle, &w};
      const int32_t ran = fz_two_runs(call_prepared, &a, dst.p, dst.bytes, &readonly, 0);
      FZ_CHECK(ran == TW_OK, "a prepared run of a valid warp failed with %d", ran);
      if (dst.bytes)
        FZ_CHECK(memcmp(dst.p, whole->dst->p + (size_t)w.row0 * row_bytes, dst.bytes) == 0,
                 "prepared rows [%d, %d) differ from the one-shot call's", w.row0, w.row0 + w.rows);
      fz_free(&dst);
    }
    fz_release(&readonly);
  }
  FZ_CHECK(tw_warp_release(*handle) == TW_OK, "release: %s", tw_last_error());
  if (whole->dst->p && whole->dst->bytes) { /* a dead handle writes nothing */
    const uint8_t before = whole->dst->p[0];
    FZ_CHECK(tw_warp_run(*handle, whole->src->p, whole->src->bytes, whole->dst->p, whole->dst->bytes, 0,
                         whole->dst_height) == TW_INVALID_ARGUMENT, "a released handle ran");
    FZ_CHECK(whole->dst->p[0] == before, "a released handle wrote dst");
  }
  free(handle);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int run_band = place.flags & 1, raw_matrix = place.flags & 2, perspective = (place.flags & 4) != 0;
  const int32_t src_width = fz_clamp32(fz_int(&in)), src_height = fz_clamp32(fz_int(&in));
  const int32_t dst_width = fz_clamp32(fz_int(&in)), dst_height = fz_clamp32(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  const int32_t channels = cb < 0xE0 ? 1 + cb % 4 : cb % 8;
  const int32_t interpolation = fz_byte(&in) % 4, border = fz_byte(&in) % 6;
  uint32_t fill = 0;
  for (int k = 0; k < 4; k++) fill |= (uint32_t)fz_byte(&in) << (8 * k);
  double matrix[9];
  for (int k = 0; k < (perspective ? 9 : 6); k++) matrix[k] = raw_matrix ? fz_f64(&in) : (int8_t)fz_byte(&in) / 16.0;
  const int32_t band_row0 = fz_clamp32(fz_int(&in)), band_rows = fz_clamp32(fz_int(&in));
  fz_begin_tail(&in);

  int big = src_width > SIDE_CAP || src_height > SIDE_CAP || dst_width > SIDE_CAP || dst_height > SIDE_CAP;
  fz_buf inputs[1] = {{0}}, dst = {0};
  fz_place_image(&in, &place, fz_image_bytes(src_width, src_height, channels),
                 fz_image_bytes(dst_width, dst_height, channels), &big, &inputs[0], &dst);
  /* the matrix in a block of exactly its size, so an over-read is caught */
  const size_t matrix_bytes = (perspective ? 9 : 6) * sizeof(double);
  double* matrix_block = malloc(matrix_bytes);
  FZ_CHECK(matrix_block != NULL, "malloc");
  memcpy(matrix_block, matrix, matrix_bytes);
  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  fz_keep(&readonly, matrix_block, matrix_bytes);
  const warp_args whole = {src_width,  src_height, channels, perspective, interpolation, border, dst_width,
                           dst_height, 0,          dst_height, fill,     matrix_block,  &inputs[0], &dst};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, dst.p, dst.bytes);
  const int32_t status = fz_two_runs(call_warp, &whole, dst.p, dst.bytes, &readonly, overlapping);

  if (big) FZ_CHECK(status != TW_OK, "tw_image_warp accepted buffers smaller than its sizes need");
  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping;
  const int empty_src = src_width == 0 || src_height == 0, empty_dst = dst_width == 0 || dst_height == 0;
  const int valid = exact && src_width >= 0 && src_height >= 0 && dst_width >= 0 && dst_height >= 0 &&
                    channels >= 1 && channels <= 4 && interpolation <= TW_IMAGE_INTERPOLATION_CUBIC &&
                    border <= TW_IMAGE_BORDER_WRAP && matrix_ok(matrix, perspective) &&
                    !(empty_src && !empty_dst && border != TW_IMAGE_BORDER_CONSTANT);
  if (valid) FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid warp failed with status %d", status);
  if (run_band && valid && status == TW_OK) check_band(&whole, band_row0, band_rows);
  if (!big && !overlapping) check_prepared(&whole, status, valid, band_row0, band_rows);

  fz_release(&readonly);
  free(matrix_block);
  fz_free(&dst);
  fz_free(&inputs[0]);
  return 0;
}
