/* libFuzzer harness for tw_image_blur (src/image/blur.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 the band (row0, rows) is read from the
 *                    header; otherwise every row (0, height)
 *   int  width, height
 *   byte channels    b < 0xE0: 1 + b % 4; else b % 8
 *   int  box_width, box_height   a box whose span (width + w - 1)(height +
 *                    h - 1) channels exceeds 2^20 is folded to 1 + w % 32 by
 *                    1 + h % 32 when positive, so an input runs in
 *                    milliseconds (the span limit itself is checked with
 *                    sides that stay as they are)
 *   byte border      b < 0xE0: b % 5; else (int8_t)b
 *   4 bytes fill     little-endian
 *   int  row0, rows  (bit 5 only)
 *   tail             the image's data
 *
 * Beyond fuzz.h's checks (SIMD and scalar give the same bytes, nothing
 * written on failure): a valid call succeeds, and a band's rows equal the
 * same rows of a whole-image call. */
#include "fuzz.h"
#include "image/blur.h"

typedef struct blur_args {
  int32_t width, height, channels, bw, bh, border, row0, rows;
  uint32_t fill;
  const fz_buf *in, *out;
} blur_args;

static int32_t call_blur(const void* p) {
  const blur_args* g = p;
  return tw_image_blur(g->in->p, g->in->bytes, g->width, g->height, g->channels, g->bw, g->bh, g->border, g->fill,
                       g->out->p, g->out->bytes, g->row0, g->rows);
}

static uint64_t span_of(int64_t w, int64_t h, int64_t ch, int64_t bw, int64_t bh) {
  if (w < 0 || h < 0 || ch < 1 || bw < 1 || bh < 1) return 0;
  return fz_times(fz_times((uint64_t)(w + bw - 1), (uint64_t)(h + bh - 1)), (uint64_t)ch);
}

/* The band's rows from a whole-image call (the scalar kernels: fz_two_runs
 * already held SIMD to them). */
static void check_band(const blur_args* g) {
  const size_t row = (size_t)g->width * (size_t)g->channels, bytes = row * (size_t)g->height;
  uint8_t* whole = malloc(bytes ? bytes : 1);
  FZ_CHECK(whole != NULL, "allocation");
  const int32_t status = tw_image_blur(g->in->p, g->in->bytes, g->width, g->height, g->channels, g->bw, g->bh,
                                       g->border, g->fill, whole, bytes, 0, g->height);
  FZ_CHECK(status == TW_OK, "the whole image failed where its band succeeded (%d)", status);
  FZ_CHECK(memcmp(whole + (size_t)g->row0 * row, g->out->p, g->out->bytes) == 0, "band [%d, +%d) differs",
           (int)g->row0, (int)g->rows);
  free(whole);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int32_t width = fz_clamp32(fz_int(&in)), height = fz_clamp32(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  const int32_t channels = cb < 0xE0 ? 1 + cb % 4 : cb % 8;
  int32_t bw = fz_clamp32(fz_int(&in)), bh = fz_clamp32(fz_int(&in));
  const uint64_t span = span_of(width, height, channels, bw, bh);
  if (span > (1u << 20) && span <= TW_BLUR_MAX_SPAN && bw > 0 && bh > 0) bw = 1 + bw % 32, bh = 1 + bh % 32;
  const uint8_t bb = fz_byte(&in);
  const int32_t border = bb < 0xE0 ? bb % 5 : (int8_t)bb;
  uint32_t fill = 0;
  for (int i = 0; i < 4; i++) fill |= (uint32_t)fz_byte(&in) << (8 * i);
  const int banded = place.flags & 1;
  const int32_t row0 = banded ? fz_clamp32(fz_int(&in)) : 0, rows = banded ? fz_clamp32(fz_int(&in)) : height;
  fz_begin_tail(&in);

  int big = 0;
  fz_buf inputs[1] = {{0}}, out = {0};
  fz_place_image(&in, &place, fz_image_bytes(width, height, channels), fz_image_bytes(width, rows, channels), &big,
                 &inputs[0], &out);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  const blur_args args = {width, height, channels, bw, bh, border, row0, rows, fill, &inputs[0], &out};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, out.p, out.bytes);
  const int32_t status = fz_two_runs(call_blur, &args, out.p, out.bytes, &readonly, overlapping);
  if (big) FZ_CHECK(status != TW_OK, "buffers smaller than the sizes need were accepted");

  const uint64_t final_span = span_of(width, height, channels, bw, bh);
  const int valid = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping && width >= 0 &&
                    height >= 0 && channels >= 1 && channels <= 4 && bw >= 1 && bh >= 1 &&
                    final_span <= TW_BLUR_MAX_SPAN && border >= 0 && border <= 4 && row0 >= 0 && rows >= 0 &&
                    row0 <= height - rows;
  if (valid) FZ_CHECK(status == TW_OK, "a valid blur failed with status %d (%s)", status, tw_last_error());
  if (status == TW_OK && banded && out.bytes) check_band(&args);

  fz_release(&readonly);
  fz_free(&out);
  fz_free(&inputs[0]);
  return 0;
}
