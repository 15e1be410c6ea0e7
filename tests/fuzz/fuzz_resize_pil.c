/* libFuzzer harness for tw_image_resize_pil and
 * tw_image_resize_pil_source_rows (src/image/resize-pil.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   (applies to the whole-image call) bits 5-7: 1 also run a
 *                    band, 2 raw cubic_a (8 bytes; otherwise one byte,
 *                    (int8_t)b / 16), 4 unused
 *   int  src_width, src_height, dst_width, dst_height (the last two capped at
 *        DST_CAP)
 *   byte channels    b < 0xE0: 1 + b % 4; else b % 8 (0, 5, 6, 7 invalid)
 *   byte interpolation  b % 6 (LINEAR 1, CUBIC 2, LANCZOS 4 valid)
 *   cubic_a          f64 or one byte (bit 6)
 *   int  dst_row, dst_rows, and a byte k (as int8_t): the band (bit 5)
 *   tail             the source pixels
 *
 * Beyond fuzz.h's checks (SIMD and scalar kernels identical, nothing written
 * on failure, buffers exact): a call resize-pil.h calls valid succeeds (or is
 * out of memory); an unchanged size is a copy of the source;
 * tw_image_resize_pil_source_rows writes nothing on failure and names rows
 * inside the image; a band whose source rows are the named ones plus k more
 * above (k >= 0) gives exactly those rows of the whole result; with k < 0 (a
 * needed row missing) it fails. */
#include <math.h>

#include "fuzz.h"
#include "image/image.h"
#include "image/resize-pil.h"

typedef struct resize_args {
  int32_t src_width, src_height, src_row, dst_width, dst_height, dst_row, channels, interpolation;
  double cubic_a;
  const fz_buf *src, *dst;
} resize_args;

static int32_t call_resize(const void* a) {
  const resize_args* r = a;
  return tw_image_resize_pil(r->src->p, r->src->bytes, r->src_width, r->src_height, r->src_row, r->dst->p,
                             r->dst->bytes, r->dst_width, r->dst_height, r->dst_row, r->channels, r->interpolation,
                             r->cubic_a);
}

/* Destination sizes are capped so that weight tables stay small and the
 * fuzzer spends its time on the passes. */
#define DST_CAP (1 << 14)
static int32_t dst_size(int64_t v) { return v > DST_CAP ? DST_CAP : fz_clamp32(v); }

static int pil_filter(int32_t interpolation) {
  return interpolation == TW_IMAGE_INTERPOLATION_LINEAR || interpolation == TW_IMAGE_INTERPOLATION_CUBIC ||
         interpolation == TW_IMAGE_INTERPOLATION_LANCZOS;
}

/* The band call: source rows [range[0] - k, range[0] + range[1]) copied out of
 * the whole source, destination rows [dst_row, dst_row + dst_rows). */
static void check_band(const resize_args* whole, int whole_ok, const int32_t* range, int32_t dst_row, int32_t dst_rows,
                       int k) {
  const int64_t first = (int64_t)range[0] - k, count = (int64_t)range[1] + k;
  if (first < 0 || count < 0 || first + count > whole->src_height) return; /* not a band of this image */
  const size_t row_bytes = (size_t)whole->src_width * (size_t)whole->channels;
  const size_t dst_row_bytes = (size_t)whole->dst_width * (size_t)whole->channels;
  fz_buf src = fz_alloc((size_t)count * row_bytes, 0), dst = fz_alloc((size_t)dst_rows * dst_row_bytes, 0);
  if (src.bytes) memcpy(src.p, whole->src->p + (size_t)first * row_bytes, src.bytes);
  resize_args band = *whole;
  band.src = &src;
  band.src_row = (int32_t)first;
  band.dst = &dst;
  band.dst_row = dst_row;
  fz_snapshot readonly = {0};
  fz_keep(&readonly, src.p, src.bytes);
  const int32_t status = fz_two_runs(call_resize, &band, dst.p, dst.bytes, &readonly, 0);
  if (k < 0 && dst_rows > 0 && range[1] > 0 && row_bytes && dst_row_bytes)
    FZ_CHECK(status != TW_OK, "a band missing a source row was accepted");
  if (k >= 0 && whole_ok) {
    FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a band of a valid resize failed with status %d", status);
    if (status == TW_OK && dst.bytes)
      FZ_CHECK(memcmp(dst.p, whole->dst->p + (size_t)dst_row * dst_row_bytes, dst.bytes) == 0,
               "band rows [%d, %d) differ from the whole image's", dst_row, dst_row + dst_rows);
  }
  fz_release(&readonly);
  fz_free(&dst);
  fz_free(&src);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int32_t src_width = fz_clamp32(fz_int(&in)), src_height = fz_clamp32(fz_int(&in));
  const int32_t dst_width = dst_size(fz_int(&in)), dst_height = dst_size(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  const int32_t channels = cb < 0xE0 ? 1 + cb % 4 : cb % 8;
  const int32_t interpolation = fz_byte(&in) % 6;
  const double cubic_a = place.flags & 2 ? fz_f64(&in) : (int8_t)fz_byte(&in) / 16.0;
  const int32_t dst_row = fz_clamp32(fz_int(&in)), dst_rows = fz_clamp32(fz_int(&in));
  const int k = (int8_t)fz_byte(&in);
  fz_begin_tail(&in);

  /* tw_image_resize_pil_source_rows: writes range on success only, rows inside the image */
  int32_t range[2] = {0x7B7B7B7B, 0x7B7B7B7B};
  const int32_t rows_status =
      tw_image_resize_pil_source_rows(src_height, dst_height, interpolation, dst_row, dst_rows, range);
  FZ_CHECK(rows_status >= TW_OK && rows_status <= TW_OUT_OF_MEMORY, "status %d", rows_status);
  if (rows_status != TW_OK)
    FZ_CHECK(range[0] == 0x7B7B7B7B && range[1] == 0x7B7B7B7B, "failed source_rows wrote its range");
  else
    FZ_CHECK(range[0] >= 0 && range[1] >= 0 && (int64_t)range[0] + range[1] <= src_height &&
                 (range[1] > 0) == (dst_rows > 0),
             "source rows [%d, +%d) for %d rows of %d", range[0], range[1], dst_rows, src_height);

  /* the whole image */
  int big = 0;
  fz_buf inputs[1] = {{0}}, dst = {0};
  fz_place_image(&in, &place, fz_image_bytes(src_width, src_height, channels),
                 fz_image_bytes(dst_width, dst_height, channels), &big, &inputs[0], &dst);
  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  const resize_args whole = {src_width, src_height, 0, dst_width, dst_height, 0, channels, interpolation, cubic_a,
                             &inputs[0], &dst};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, dst.p, dst.bytes);
  const int32_t status = fz_two_runs(call_resize, &whole, dst.p, dst.bytes, &readonly, overlapping);

  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping;
  const int empty_src = src_width == 0 || src_height == 0, empty_dst = dst_width == 0 || dst_height == 0;
  const int valid = exact && src_width >= 0 && src_height >= 0 && dst_width >= 0 && dst_height >= 0 &&
                    channels >= 1 && channels <= 4 && pil_filter(interpolation) && isfinite(cubic_a) &&
                    !(empty_src && !empty_dst);
  if (valid) FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid resize failed with status %d", status);
  if (valid && status == TW_OK && src_width == dst_width && src_height == dst_height && dst.bytes)
    FZ_CHECK(memcmp(dst.p, inputs[0].p, dst.bytes) == 0, "an unchanged size is not a copy");
  if ((place.flags & 1) && exact && rows_status == TW_OK && dst_rows > 0)
    check_band(&whole, status == TW_OK, range, dst_row, dst_rows, k);

  fz_release(&readonly);
  fz_free(&dst);
  fz_free(&inputs[0]);
  return 0;
}
