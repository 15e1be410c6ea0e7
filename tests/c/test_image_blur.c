/* blur (src/image/blur.h) natively under ASan/UBSan:
 *  - the u16 SIMD quotient against the exact rule for every N <= 256 that
 *    has a 16-bit reciprocal and every sum 0 .. 255 N (the proof in
 *    blur-kernels.h, checked exhaustively), in both forms (dot and wide)
 *    where the dot form applies;
 *  - SIMD and scalar kernels against a direct sum of every tap (this file's
 *    own border rule, written from image.h) on sizes around the vector
 *    widths, every border, channels 1-4, even sizes and boxes larger than
 *    the image, each buffer exactly sized so a read or write past either end
 *    is caught;
 *  - bands (one row at a time, random splits) against one call;
 *  - bad arguments: a status, nothing written. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "harness.h"
#include "image/blur-kernels.h"
#include "image/blur.h"
#include "image/image.h"

/* Every sum 0 .. 255 N through the SIMD finish pass (one tap) with divisor d. */
static int quotients_exact(const tw_blur_divisor* d) {
  const uint64_t n = d->n;
  const size_t count = (size_t)(255 * n + 1), lanes = count < 32 ? 32 : count;
  uint16_t* sums = malloc(lanes * sizeof *sums);
  uint8_t* out = malloc(lanes);
  for (size_t i = 0; i < lanes; i++) sums[i] = (uint16_t)(i < count ? i : count - 1);
  tw_blur_finish_row_u16__wasmsimd(sums, out, lanes, 1, 1, d);
  int bad = 0;
  for (size_t i = 0; i < lanes && !bad; i++) {
    bad = out[i] != tw_blur_round_quotient(sums[i], n);
    CHECK(!bad, "N %d (%s form, shift %d): S %d gave %d, expected %d", (int)n, d->dot ? "dot" : "wide", (int)d->shift,
          sums[i], out[i], tw_blur_round_quotient(sums[i], n));
  }
  free(sums);
  free(out);
  return !bad;
}

static void check_quotients(void) {
  int with_magic = 0, with_dot = 0;
  for (uint64_t n = 1; n <= 256; n++) {
    tw_blur_divisor d;
    tw_blur_divisor_init(&d, n);
    if (!d.magic) continue;
    with_magic++;
    quotients_exact(&d);
    if (!d.dot) continue;
    with_dot++;
    CHECK(n % 2 && (d.shift == 16 || d.shift == 17) && d.magic <= INT16_MAX && 255 * n + d.half <= INT16_MAX,
          "N %d: the dot form's bounds", (int)n);
    d.dot = 0; /* the same reciprocal through the wide form */
    quotients_exact(&d);
  }
  /* 27 values of N (186, 196, 200, ... 254) have no 16-bit reciprocal; the other 229 do */
  CHECK(with_magic == 256 - 27, "%d values of N have a 16-bit reciprocal", with_magic);
  /* the dot form: 3, 5, ... 29, 33, 35, 39, 41, 49, 99, 107 (3x3, 5x5, 7x7 and their mixes among them) */
  CHECK(with_dot == 21, "%d values of N take the dot form", with_dot);
  CHECK(tw_blur_round_quotient(5, 2) == 2 && tw_blur_round_quotient(7, 2) == 4 && tw_blur_round_quotient(3, 2) == 2,
        "halves to even");
}

/* ---- a direct sum of every tap --------------------------------------------- */

static int64_t border_index(int64_t i, int64_t n, int border) {
  if (i >= 0 && i < n) return i;
  switch (border) {
    case TW_IMAGE_BORDER_CONSTANT: return -1;
    case TW_IMAGE_BORDER_EDGE: return i < 0 ? 0 : n - 1;
    case TW_IMAGE_BORDER_WRAP: return ((i % n) + n) % n;
    case TW_IMAGE_BORDER_REFLECT: { /* dcb|abcd|cba */
      if (n == 1) return 0;
      const int64_t p = 2 * (n - 1), j = ((i % p) + p) % p;
      return j < n ? j : p - j;
    }
    default: { /* cba|abcd|dcb */
      const int64_t p = 2 * n, j = ((i % p) + p) % p;
      return j < n ? j : p - 1 - j;
    }
  }
}

static void direct_blur(const uint8_t* src, int w, int h, int ch, int bw, int bh, int border, uint32_t fill,
                        uint8_t* out) {
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      for (int k = 0; k < ch; k++) {
        uint64_t s = 0;
        for (int dy = -(bh / 2); dy < bh - bh / 2; dy++)
          for (int dx = -(bw / 2); dx < bw - bw / 2; dx++) {
            const int64_t sr = border_index(r + dy, h, border), sc = border_index(c + dx, w, border);
            s += sr < 0 || sc < 0 ? (fill >> (8 * k)) & 0xff : src[(sr * w + sc) * ch + k];
          }
        out[((size_t)r * w + c) * ch + k] = tw_blur_round_quotient(s, (uint64_t)bw * bh);
      }
}

static int blur_call(const uint8_t* src, int w, int h, int ch, int bw, int bh, int border, uint32_t fill,
                     uint8_t* dst, int row0, int rows) {
  return tw_image_blur(src, (size_t)w * h * ch, w, h, ch, bw, bh, border, fill, dst, (size_t)w * rows * ch, row0, rows);
}

static void check_case(int w, int h, int ch, int bw, int bh, int border) {
  const size_t bytes = (size_t)w * h * ch;
  uint8_t* src = malloc(bytes);
  uint8_t* expected = malloc(bytes);
  for (size_t i = 0; i < bytes; i++) src[i] = (uint8_t)harness_rand();
  const uint32_t fill = (uint32_t)harness_rand();
  direct_blur(src, w, h, ch, bw, bh, border, fill, expected);
  for (int simd = 0; simd <= 1; simd++) {
    uint8_t* out = malloc(bytes);
    memset(out, 0xa5, bytes);
    tw_set_simd(simd);
    const int status = blur_call(src, w, h, ch, bw, bh, border, fill, out, 0, h);
    CHECK(status == TW_OK, "%dx%dx%d box %dx%d border %d: status %d (%s)", w, h, ch, bw, bh, border, status,
          tw_last_error());
    CHECK(memcmp(out, expected, bytes) == 0, "%dx%dx%d box %dx%d border %d simd %d: differs from the direct sum", w,
          h, ch, bw, bh, border, simd);
    /* bands: random splits, each band in a buffer of exactly its bytes */
    for (int row0 = 0; row0 < h;) {
      const int rows = harness_rand_int(1, h - row0);
      uint8_t* band = malloc((size_t)w * rows * ch);
      CHECK(blur_call(src, w, h, ch, bw, bh, border, fill, band, row0, rows) == TW_OK, "band");
      CHECK(memcmp(band, expected + (size_t)row0 * w * ch, (size_t)w * rows * ch) == 0,
            "%dx%dx%d box %dx%d border %d simd %d: band [%d, +%d) differs", w, h, ch, bw, bh, border, simd, row0, rows);
      free(band);
      row0 += rows;
    }
    tw_set_simd(1);
    free(out);
  }
  free(src);
  free(expected);
}

static const int WIDTHS[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33};
static const int BOXES[][2] = {{1, 1}, {2, 1}, {1, 2}, {3, 3}, {4, 4}, {5, 5}, {2, 7}, {16, 3}, {17, 2}, {6, 31}, {20, 20}};

static void check_sizes(void) {
  for (size_t wi = 0; wi < sizeof WIDTHS / sizeof WIDTHS[0]; wi++)
    for (int ch = 1; ch <= 4; ch++)
      for (int border = TW_IMAGE_BORDER_CONSTANT; border <= TW_IMAGE_BORDER_WRAP; border++) {
        const int* box = BOXES[harness_rand_int(0, (int)(sizeof BOXES / sizeof BOXES[0]) - 1)];
        check_case(WIDTHS[wi], harness_rand_int(1, 9), ch, box[0], box[1], border);
      }
  for (int border = TW_IMAGE_BORDER_CONSTANT; border <= TW_IMAGE_BORDER_WRAP; border++) {
    check_case(1, 1, 4, 5, 5, border);
    check_case(1, 12, 1, 3, 7, border);
    check_case(12, 1, 3, 7, 3, border);
    check_case(40, 6, 4, 5, 5, border);
    check_case(41, 5, 3, 16, 16, border);
  }
}

/* Bad arguments: a status other than TW_OK, and dst untouched. */
static void check_bad(void) {
  uint8_t* src = calloc(48, 1);
  uint8_t* dst = malloc(48);
  memset(dst, 0x5a, 48);
  const struct { int w, h, ch, bw, bh, border, row0, rows; size_t src_bytes, dst_bytes; } bad[] = {
      {-1, 4, 3, 3, 3, 0, 0, 4, 48, 48}, {4, 4, 0, 3, 3, 0, 0, 4, 48, 48}, {4, 4, 5, 3, 3, 0, 0, 4, 48, 48},
      {4, 4, 3, 0, 3, 0, 0, 4, 48, 48},  {4, 4, 3, 3, -2, 0, 0, 4, 48, 48}, {4, 4, 3, 3, 3, 5, 0, 4, 48, 48},
      {4, 4, 3, 3, 3, -1, 0, 4, 48, 48}, {4, 4, 3, 3, 3, 0, 1, 4, 48, 48},  {4, 4, 3, 3, 3, 0, -1, 1, 48, 12},
      {4, 4, 3, 3, 3, 0, 0, 4, 47, 48},  {4, 4, 3, 3, 3, 0, 0, 4, 48, 36},  {4, 4, 3, INT32_MAX, INT32_MAX, 0, 0, 4, 48, 48},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const int status = tw_image_blur(src, bad[i].src_bytes, bad[i].w, bad[i].h, bad[i].ch, bad[i].bw, bad[i].bh,
                                     bad[i].border, 0, dst, bad[i].dst_bytes, bad[i].row0, bad[i].rows);
    CHECK(status != TW_OK, "bad case %d accepted", (int)i);
  }
  CHECK(tw_image_blur(src, 48, 4, 4, 3, 3, 3, 0, 0, src, 48, 0, 4) == TW_INVALID_ARGUMENT, "overlap");
  CHECK(tw_image_blur(NULL, 48, 4, 4, 3, 3, 3, 0, 0, dst, 48, 0, 4) == TW_INVALID_ARGUMENT, "NULL src");
  /* a box whose span exceeds the limit is a bad size (RangeError in JS), named as such */
  CHECK(tw_image_blur(src, 48, 4, 4, 3, INT32_MAX, INT32_MAX, 0, 0, dst, 48, 0, 4) == TW_INVALID_ARGUMENT &&
            strncmp(tw_last_error(), "size:", 5) == 0,
        "span over the limit: %s", tw_last_error());
  for (int i = 0; i < 48; i++) CHECK(dst[i] == 0x5a, "byte %d written on failure", i);
  CHECK(tw_image_blur(NULL, 0, 0, 5, 4, 3, 3, 2, 0, NULL, 0, 0, 5) == TW_OK, "an empty image");
  free(src);
  free(dst);
}

int main(void) {
  check_quotients();
  check_sizes();
  check_bad();
  return TEST_MAIN_RESULT();
}
