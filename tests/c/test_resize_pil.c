/* Native tests of the PIL resize C layer (ASan/UBSan, SIMD through SIMDe):
 *  1. the SIMD micro-kernels against the scalar ones, bit for bit, on widths
 *     around the vector width, weights large enough to wrap the 32-bit sums,
 *     buffers of exact length, canaries after dst;
 *  2. tw_image_resize_pil SIMD against scalar, and one-row bands against the
 *     whole image, on random sizes (1x1, 1xN, Nx1, one axis unchanged),
 *     every filter, channels 1-4;
 *  3. values pinned by hand (resize-pil.h's rules);
 *  4. bad arguments: a status, a message naming the argument, dst untouched.
 * The bytes themselves are checked against Pillow 9.4 in
 * tests/image-resize-pil.test.mjs. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "harness.h"
#include "image/image.h"
#include "image/resize-pil-internal.h"
#include "image/resize-pil.h"

#define CANARY 0xA5

static const int widths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33};
#define NWIDTHS ((int)(sizeof widths / sizeof widths[0]))
static const int32_t filters[] = {TW_IMAGE_INTERPOLATION_LINEAR, TW_IMAGE_INTERPOLATION_CUBIC,
                                  TW_IMAGE_INTERPOLATION_LANCZOS};

static void random_bytes(uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)harness_rand();
}

/* mostly PIL-sized weights, sometimes the largest allowed so the sums wrap */
static int32_t random_weight(int wrap) {
  return wrap ? harness_rand_int(-TW_RESIZE_PIL_WEIGHT_MAX, TW_RESIZE_PIL_WEIGHT_MAX)
              : harness_rand_int(-(1 << 21), 1 << 23);
}

/* a table over k (count rows of ksize), with its halves */
static tw_resize_pil_table make_table(const int32_t* k, size_t ksize, size_t count) {
  const size_t pairs = (ksize + 1) / 2;
  uint32_t* halves = malloc(sizeof(uint32_t) * 2 * pairs * count);
  tw_resize_pil_split(k, ksize, count, halves);
  return (tw_resize_pil_table){k, halves, ksize, pairs};
}

static void test_hpass(void) {
  for (int channels = 1; channels <= 4; channels++) {
    for (int wi = 0; wi < NWIDTHS; wi++) {
      for (int ksize = 1; ksize <= 13; ksize += 2) {
        const int width = widths[wi], n = ksize + harness_rand_int(0, 20), wrap = ksize == 7;
        uint8_t* src = malloc((size_t)n * channels);
        random_bytes(src, (size_t)n * channels);
        int32_t* bounds = malloc(sizeof(int32_t) * 2 * width);
        int32_t* k = malloc(sizeof(int32_t) * width * ksize);
        for (int x = 0; x < width; x++) {
          bounds[2 * x + 1] = harness_rand_int(1, ksize);
          bounds[2 * x] = harness_rand_int(0, n - bounds[2 * x + 1]);
        }
        for (int i = 0; i < width * ksize; i++) k[i] = random_weight(wrap);
        const size_t count = (size_t)width * channels;
        uint8_t* a = malloc(count + 1);
        uint8_t* b = malloc(count + 1);
        a[count] = b[count] = CANARY;
        for (int x = 0; x < width; x++) { /* past its count a pixel's weights are 0 (tw_resize_pil_weights) */
          for (int t = bounds[2 * x + 1]; t < ksize; t++) k[x * ksize + t] = 0;
        }
        tw_resize_pil_table table = make_table(k, (size_t)ksize, (size_t)width);
        tw_resize_pil_hpass__scalar(src, a, width, channels, bounds, &table);
        tw_resize_pil_hpass__wasmsimd(src, b, width, channels, bounds, &table);
        free((void*)table.halves);
        CHECK(memcmp(a, b, count) == 0, "hpass c=%d w=%d ksize=%d differ", channels, width, ksize);
        CHECK(b[count] == CANARY && a[count] == CANARY, "hpass wrote past its row (c=%d w=%d)", channels, width);
        free(src), free(bounds), free(k), free(a), free(b);
      }
    }
  }
}

static void test_vpass(void) {
  for (size_t bytes = 1; bytes <= 70; bytes++) {
    for (int count = 1; count <= 8; count++) {
      const size_t stride = bytes + (size_t)harness_rand_int(0, 3);
      const size_t total = stride * (size_t)(count - 1) + bytes;
      uint8_t* rows = malloc(total);
      random_bytes(rows, total);
      int32_t k[8] = {0};
      for (int t = 0; t < count; t++) k[t] = random_weight(count == 5);
      tw_resize_pil_table table = make_table(k, 8, 1);
      uint8_t* a = malloc(bytes + 1);
      uint8_t* b = malloc(bytes + 1);
      a[bytes] = b[bytes] = CANARY;
      tw_resize_pil_vpass__scalar(rows, stride, &table, 0, count, bytes, a);
      tw_resize_pil_vpass__wasmsimd(rows, stride, &table, 0, count, bytes, b);
      free((void*)table.halves);
      CHECK(memcmp(a, b, bytes) == 0, "vpass bytes=%zu count=%d differ", bytes, count);
      CHECK(b[bytes] == CANARY && a[bytes] == CANARY, "vpass wrote past its row (bytes=%zu)", bytes);
      free(rows), free(a), free(b);
    }
  }
}

static int random_side(void) {
  switch (harness_rand_int(0, 5)) {
    case 0: return 1;
    case 1: return harness_rand_int(1, 4);
    default: return harness_rand_int(1, 60);
  }
}

/* SIMD vs scalar, and every destination row as its own band vs the whole */
static void test_entry_random(void) {
  for (int n = 0; n < 300; n++) {
    const int32_t sw = random_side(), sh = random_side(), channels = harness_rand_int(1, 4);
    const int32_t dw = n % 7 == 0 ? sw : random_side(), dh = n % 5 == 0 ? sh : random_side();
    const int32_t filter = filters[n % 3];
    const double a = n % 4 == 0 ? -0.75 : -0.5;
    const size_t src_bytes = (size_t)sw * sh * channels, row = (size_t)dw * channels, dst_bytes = row * dh;
    uint8_t* src = malloc(src_bytes);
    random_bytes(src, src_bytes);
    uint8_t* simd = malloc(dst_bytes);
    uint8_t* scalar = malloc(dst_bytes);
    uint8_t* band = malloc(row);
    tw_set_simd(1);
    CHECK(tw_image_resize_pil(src, src_bytes, sw, sh, 0, simd, dst_bytes, dw, dh, 0, channels, filter, a) == TW_OK,
          "%dx%d -> %dx%d: %s", sw, sh, dw, dh, tw_last_error());
    tw_set_simd(0);
    CHECK(tw_image_resize_pil(src, src_bytes, sw, sh, 0, scalar, dst_bytes, dw, dh, 0, channels, filter, a) == TW_OK,
          "scalar: %s", tw_last_error());
    CHECK(memcmp(simd, scalar, dst_bytes) == 0, "%dx%dx%d -> %dx%d filter %d: SIMD and scalar differ", sw, sh,
          channels, dw, dh, filter);
    tw_set_simd(1);
    for (int32_t r = 0; r < dh; r++) {
      int32_t range[2];
      CHECK(tw_image_resize_pil_source_rows(sh, dh, filter, r, 1, range) == TW_OK, "source_rows");
      const size_t src_row_bytes = (size_t)sw * channels;
      CHECK(tw_image_resize_pil(src + (size_t)range[0] * src_row_bytes, (size_t)range[1] * src_row_bytes, sw, sh,
                                range[0], band, row, dw, dh, r, channels, filter, a) == TW_OK,
            "band %d: %s", r, tw_last_error());
      CHECK(memcmp(band, simd + (size_t)r * row, row) == 0, "%dx%d -> %dx%d: band row %d differs", sw, sh, dw, dh, r);
      if (range[1] > 1 && range[0] + range[1] > r + 1) { /* one needed row short: refused, dst untouched */
        memset(band, CANARY, row);
        CHECK(tw_image_resize_pil(src + (size_t)range[0] * src_row_bytes, (size_t)(range[1] - 1) * src_row_bytes, sw,
                                  sh, range[0], band, row, dw, dh, r, channels, filter, a) == TW_INVALID_ARGUMENT,
              "a band one row short was accepted");
        CHECK(band[0] == CANARY && band[row - 1] == CANARY, "a refused band wrote dst");
      }
    }
    free(src), free(simd), free(scalar), free(band);
  }
}

/* Images whose intermediate rows take several chunks (TW_RESIZE_PIL_CHUNK_BYTES) */
static void test_entry_chunks(void) {
  const int32_t sizes[][4] = {{1600, 40, 1500, 17}, {300, 90, 4000, 130}, {5, 900, 4100, 301}};
  for (int i = 0; i < 3; i++) {
    const int32_t sw = sizes[i][0], sh = sizes[i][1], dw = sizes[i][2], dh = sizes[i][3], channels = 4 - i;
    const size_t src_bytes = (size_t)sw * sh * channels, dst_bytes = (size_t)dw * dh * channels;
    uint8_t* src = malloc(src_bytes);
    random_bytes(src, src_bytes);
    uint8_t* a = malloc(dst_bytes);
    uint8_t* b = malloc(dst_bytes);
    tw_set_simd(1);
    CHECK(tw_image_resize_pil(src, src_bytes, sw, sh, 0, a, dst_bytes, dw, dh, 0, channels, filters[i], -0.5) == TW_OK,
          "chunks %d: %s", i, tw_last_error());
    tw_set_simd(0);
    CHECK(tw_image_resize_pil(src, src_bytes, sw, sh, 0, b, dst_bytes, dw, dh, 0, channels, filters[i], -0.5) == TW_OK,
          "chunks %d scalar", i);
    tw_set_simd(1);
    CHECK(memcmp(a, b, dst_bytes) == 0, "chunks %d: SIMD and scalar differ", i);
    free(src), free(a), free(b);
  }
}

static void test_pinned(void) {
  /* [0, 255] -> 1 pixel, linear: support 2, taps 0 and 1 at 0.75 each,
   * normalised to 2^21 each: (2^21 + 255·2^21) >> 22 = 128 */
  const uint8_t two[2] = {0, 255};
  uint8_t out[3] = {0};
  CHECK(tw_image_resize_pil(two, 2, 2, 1, 0, out, 1, 1, 1, 0, 1, TW_IMAGE_INTERPOLATION_LINEAR, -0.5) == TW_OK, "pin");
  CHECK(out[0] == 128, "[0, 255] -> 1 pixel gives %d, expected 128", out[0]);
  /* one pixel to three: every weight normalises to 1 (k = 2^22): the value itself, every filter */
  for (int f = 0; f < 3; f++) {
    const uint8_t one = 77;
    memset(out, 0, 3);
    CHECK(tw_image_resize_pil(&one, 1, 1, 1, 0, out, 3, 3, 1, 0, 1, filters[f], -0.5) == TW_OK, "pin 1->3");
    CHECK(out[0] == 77 && out[1] == 77 && out[2] == 77, "1 -> 3 filter %d: %d %d %d", filters[f], out[0], out[1], out[2]);
  }
  /* the same size is a copy */
  const uint8_t px[6] = {1, 2, 3, 250, 251, 252};
  uint8_t copy[6] = {0};
  CHECK(tw_image_resize_pil(px, 6, 2, 1, 0, copy, 6, 2, 1, 0, 3, TW_IMAGE_INTERPOLATION_LANCZOS, -0.5) == TW_OK, "copy");
  CHECK(memcmp(px, copy, 6) == 0, "same size is not a copy");
}

static void expect_error(tw_status status, const char* name) {
  CHECK(status == TW_INVALID_ARGUMENT, "%s: status %d", name, (int)status);
  CHECK(strncmp(tw_last_error(), name, strlen(name)) == 0, "message '%s' does not start with '%s'", tw_last_error(), name);
}

static void test_errors(void) {
  uint8_t src[16] = {0}, dst[16];
  memset(dst, CANARY, sizeof dst);
  const int32_t L = TW_IMAGE_INTERPOLATION_LINEAR;
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 4, 2, 2, 0, 1, TW_IMAGE_INTERPOLATION_NEAREST, -0.5), "interpolation");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 4, 2, 2, 0, 1, TW_IMAGE_INTERPOLATION_AREA, -0.5), "interpolation");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 4, 2, 2, 0, 1, 5, -0.5), "interpolation");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 4, 2, 2, 0, 0, L, -0.5), "channels");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 4, 2, 2, 0, 1, TW_IMAGE_INTERPOLATION_CUBIC, 0.0 / 0.0), "cubic_a");
  expect_error(tw_image_resize_pil(src, 16, -4, 4, 0, dst, 4, 2, 2, 0, 1, L, -0.5), "src_width/src_height");
  expect_error(tw_image_resize_pil(src, 0, 0, 4, 0, dst, 4, 2, 2, 0, 1, L, -0.5), "src_width/src_height");
  expect_error(tw_image_resize_pil(src, 15, 4, 4, 0, dst, 4, 2, 2, 0, 1, L, -0.5), "src");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, dst, 5, 2, 2, 0, 1, L, -0.5), "dst");
  expect_error(tw_image_resize_pil(src, 16, 4, 4, 0, src, 4, 2, 2, 0, 1, L, -0.5), "dst");
  expect_error(tw_image_resize_pil(src, 8, 4, 4, 0, dst, 2, 2, 2, 1, 1, L, -0.5), "src"); /* row 1 reads source row 3 */
  for (size_t i = 0; i < sizeof dst; i++) CHECK(dst[i] == CANARY, "a failed call wrote dst[%zu]", i);
  int32_t range[2] = {7, 7};
  expect_error(tw_image_resize_pil_source_rows(4, 2, L, 0, 1, NULL), "range");
  expect_error(tw_image_resize_pil_source_rows(4, 2, L, 1, 2, range), "dst_row/dst_rows");
  expect_error(tw_image_resize_pil_source_rows(4, 2, TW_IMAGE_INTERPOLATION_AREA, 0, 1, range), "interpolation");
  CHECK(range[0] == 7 && range[1] == 7, "a failed source_rows wrote range");
}

int main(void) {
  test_hpass();
  test_vpass();
  test_entry_random();
  test_entry_chunks();
  test_pinned();
  test_errors();
  tw_set_simd(1);
  return TEST_MAIN_RESULT();
}
