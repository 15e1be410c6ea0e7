/* libFuzzer harness for tw_image_resize and tw_image_resize_source_rows
 * (src/image/resize.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   (applies to the whole-image call) bits 5-7: 1 also run a
 *                    band, 2 raw cubic_a (8 bytes; otherwise one byte,
 *                    (int8_t)b / 16), 4 also run the fixed-point kernels
 *                    directly on the source bytes (check_fixed_kernels)
 *   int  src_width, src_height, dst_width, dst_height (the last two capped at
 *        DST_CAP, see below)
 *   byte channels    b < 0xE0: 1 + b % 4; else b % 8 (0, 5, 6, 7 invalid)
 *   byte interpolation  b % 5 (4 is LANCZOS: refused, tw_image_resize_pil's);
 *   byte antialias  b % 3 (2 is invalid; 1 with LINEAR or CUBIC is refused)
 *   cubic_a          f64 or one byte (bit 6)
 *   int  dst_row, dst_rows, and a byte k (as int8_t): the band (bit 5)
 *   tail             the source pixels
 *
 * Beyond fuzz.h's checks (on the whole-image call): a call resize.h calls valid
 * succeeds, and one it refuses (antialias = 1 with LINEAR/CUBIC, LANCZOS)
 * fails with TW_INVALID_ARGUMENT; tw_image_resize_source_rows
 * writes nothing on failure and names rows inside the image; a band whose
 * source rows are the named ones plus k more above (k >= 0, inside the image)
 * succeeds when the whole image did and gives exactly those rows of the whole
 * result; with k < 0 (a needed row missing) it fails. */
#include <math.h>

#include "common/dtype.h"
#include "fuzz.h"
#include "image/image.h"
#include "image/resize-internal.h"
#include "image/resize.h"

typedef struct resize_args {
  int32_t src_width, src_height, src_row, dst_width, dst_height, dst_row, channels, interpolation, antialias;
  double cubic_a;
  const fz_buf *src, *dst;
} resize_args;

static int32_t call_resize(const void* a) {
  const resize_args* r = a;
  return tw_image_resize(r->src->p, r->src->bytes, r->src_width, r->src_height, r->src_row, r->dst->p, r->dst->bytes,
                         r->dst_width, r->dst_height, r->dst_row, r->channels, r->interpolation, r->antialias,
                         r->cubic_a);
}

/* Destination sizes are capped: every call (a band too) sets up each axis by
 * scanning destination pixels for the largest tap count. The scan now stops
 * at the count no pixel can exceed (a 1-pixel source: at once), but an AREA
 * axis may still visit every pixel (its bound is above the true count where
 * the scale is whole), so the cap keeps the fuzzer on other paths. */
#define DST_CAP (1 << 16)
static int32_t dst_size(int64_t v) { return v > DST_CAP ? DST_CAP : fz_clamp32(v); }

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
  /* A zero-width image has no bytes to miss: its band sizes cannot tell rows apart, and there is nothing to read. */
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

/* OpenCV fixed-point kernels (resize-internal.h) on inputs no image reaches:
 * any int16 weights (the tail's first 8 bytes), any int32 rows for vcubic
 * (its float lanes and integer tail), rows in vlinear's range [0, 255·2048];
 * SIMD and scalar must agree and write only their outputs. */
static void check_fixed_kernels(const uint8_t* bytes, size_t n, int32_t channels) {
  if (channels < 1 || channels > 4 || n < 8) return;
  int16_t w[4];
  for (int i = 0; i < 4; i++) w[i] = (int16_t)(bytes[2 * i] | bytes[2 * i + 1] << 8);
  const int32_t taps = 2 + 2 * (w[0] & 1), pixels = (int32_t)(n / (size_t)channels);
  if (pixels >= taps) { /* hfixed: every destination pixel x reads from first[x] = x % (pixels - taps + 1) */
    const int32_t width = pixels < 64 ? pixels : 64;
    int64_t first[64];
    int16_t weights[64 * 4];
    for (int32_t x = 0; x < width; x++) first[x] = x % (pixels - taps + 1);
    for (int32_t k = 0; k < width * taps; k++) weights[k] = (int16_t)(w[k % 4] ^ (int16_t)(k * 40503));
    int32_t a[64 * 4 + 1], b[64 * 4 + 1];
    a[width * channels] = b[width * channels] = 0x5A5A5A5A;
    tw_resize_hfixed__scalar(bytes, a, 0, width, channels, first, weights, taps);
    tw_resize_hfixed__wasmsimd(bytes, b, 0, width, channels, first, weights, taps);
    FZ_CHECK(memcmp(a, b, sizeof(int32_t) * (size_t)(width * channels + 1)) == 0, "hfixed: SIMD != scalar (c=%d)",
             channels);
  }
  const size_t count = n / 16 < 70 ? n / 16 : 70; /* 4 rows of int32 from the bytes */
  int32_t rows[4][70], linear[2][70];
  for (size_t i = 0; i < count; i++) {
    for (int k = 0; k < 4; k++) memcpy(&rows[k][i], bytes + 16 * i + 4 * (size_t)k, 4);
    for (int k = 0; k < 2; k++) linear[k][i] = (int32_t)((uint32_t)rows[k][i] % (255 * 2048 + 1));
  }
  const int32_t* r[4] = {rows[0], rows[1], rows[2], rows[3]};
  uint8_t x[71], y[71];
  x[count] = y[count] = 0xA5;
  tw_resize_vcubic__scalar(r, w, count, x);
  tw_resize_vcubic__wasmsimd(r, w, count, y);
  FZ_CHECK(memcmp(x, y, count + 1) == 0, "vcubic: SIMD != scalar (count %zu)", count);
  const int16_t b0 = (int16_t)((uint16_t)w[1] % 2049);
  tw_resize_vlinear__scalar(linear[0], linear[1], b0, (int16_t)(2048 - b0), count, x);
  tw_resize_vlinear__wasmsimd(linear[0], linear[1], b0, (int16_t)(2048 - b0), count, y);
  FZ_CHECK(memcmp(x, y, count + 1) == 0, "vlinear: SIMD != scalar (count %zu)", count);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int32_t src_width = fz_clamp32(fz_int(&in)), src_height = fz_clamp32(fz_int(&in));
  const int32_t dst_width = dst_size(fz_int(&in)), dst_height = dst_size(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  const int32_t channels = cb < 0xE0 ? 1 + cb % 4 : cb % 8;
  const int32_t interpolation = fz_byte(&in) % 5, antialias = fz_byte(&in) % 3;
  const double cubic_a = place.flags & 2 ? fz_f64(&in) : (int8_t)fz_byte(&in) / 16.0;
  const int32_t dst_row = fz_clamp32(fz_int(&in)), dst_rows = fz_clamp32(fz_int(&in));
  const int k = (int8_t)fz_byte(&in);
  fz_begin_tail(&in);
  if (place.flags & 4) check_fixed_kernels(data + in.tail, size - in.tail, channels);

  /* tw_image_resize_source_rows: writes range on success only, rows inside the image */
  int32_t range[2] = {0x7B7B7B7B, 0x7B7B7B7B};
  const int32_t rows_status =
      tw_image_resize_source_rows(src_height, dst_height, interpolation, antialias, cubic_a, dst_row, dst_rows, range);
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
  const resize_args whole = {src_width, src_height, 0,         dst_width, dst_height, 0, channels, interpolation,
                             antialias, cubic_a,    &inputs[0], &dst};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, dst.p, dst.bytes);
  const int32_t status = fz_two_runs(call_resize, &whole, dst.p, dst.bytes, &readonly, overlapping);
  /* (Small buffers for a big image may be a valid band: byte counts choose the rows.) */

  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping;
  const int empty_src = src_width == 0 || src_height == 0, empty_dst = dst_width == 0 || dst_height == 0;
  /* Pillow's (tw_image_resize_pil): refused here whatever the other arguments */
  const int pil = interpolation == TW_IMAGE_INTERPOLATION_LANCZOS ||
                  (antialias == 1 && (interpolation == TW_IMAGE_INTERPOLATION_LINEAR ||
                                      interpolation == TW_IMAGE_INTERPOLATION_CUBIC));
  const int valid = exact && src_width >= 0 && src_height >= 0 && dst_width >= 0 && dst_height >= 0 &&
                    channels >= 1 && channels <= 4 && interpolation <= TW_IMAGE_INTERPOLATION_AREA &&
                    antialias <= 1 && !pil && isfinite(cubic_a) && !(empty_src && !empty_dst);
  if (valid) FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid resize failed with status %d", status);
  if (pil) FZ_CHECK(status == TW_INVALID_ARGUMENT, "a Pillow resize (interpolation %d, antialias %d) gave status %d",
                    (int)interpolation, (int)antialias, status);
  if (pil) FZ_CHECK(rows_status == TW_INVALID_ARGUMENT, "source_rows took a Pillow resize: status %d", rows_status);
  if ((place.flags & 1) && exact && rows_status == TW_OK && dst_rows > 0)
    check_band(&whole, status == TW_OK, range, dst_row, dst_rows, k);

  fz_release(&readonly);
  fz_free(&dst);
  fz_free(&inputs[0]);
  return 0;
}
