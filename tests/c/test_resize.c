/* Native tests of the resize C layer (ASan/UBSan, SIMD through SIMDe):
 *  1. the SIMD micro-kernels against the scalar ones, bit for bit, on widths
 *     around the vector width, buffers of exact length, canaries after dst;
 *  2. tw_image_resize SIMD against scalar, and banded against whole, on
 *     random sizes (1x1, 1xN, Nx1 and integer factors included), every
 *     interpolation (antialias on and off where it is accepted), channels 1-4;
 *  3. values pinned by hand (resize.h's rules);
 *  4. bad arguments: a status, a message naming the argument, dst untouched
 *     (antialias = 1 with LINEAR/CUBIC and LANCZOS refused: Pillow's entry).
 * The arithmetic itself is checked bit for bit against the plain-JS
 * reference in tests/image-resize.test.mjs. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "harness.h"
#include "image/image.h"
#include "image/resize-internal.h"
#include "image/resize.h"

#define CANARY 0xA5

static const int widths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17};
#define NWIDTHS ((int)(sizeof widths / sizeof widths[0]))

static void random_bytes(uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)harness_rand();
}

static float random_weight(void) { return (float)((double)(harness_rand() % 20001) / 10000.0 - 0.5); }

static void test_hpass(void) {
  for (int channels = 1; channels <= 4; channels++) {
    for (int wi = 0; wi < NWIDTHS; wi++) {
      for (int taps = 1; taps <= 6; taps++) {
        const int width = widths[wi], n = taps + harness_rand_int(0, 20);
        uint8_t* src = malloc((size_t)n * channels);
        random_bytes(src, (size_t)n * channels);
        int32_t* first = malloc(sizeof(int32_t) * width);
        float* w = malloc(sizeof(float) * width * taps);
        for (int x = 0; x < width; x++) first[x] = harness_rand_int(0, n - taps);
        for (int k = 0; k < width * taps; k++) w[k] = random_weight();
        const size_t count = (size_t)width * channels;
        float* a = malloc(sizeof(float) * (count + 1));
        float* b = malloc(sizeof(float) * (count + 1));
        a[count] = b[count] = 1234.5f;
        tw_resize_hpass__scalar(src, a, width, channels, first, w, taps);
        tw_resize_hpass__wasmsimd(src, b, width, channels, first, w, taps);
        CHECK(memcmp(a, b, sizeof(float) * count) == 0, "hpass c=%d w=%d taps=%d differ", channels, width, taps);
        CHECK(b[count] == 1234.5f, "hpass wrote past its row (c=%d w=%d)", channels, width);
        free(src), free(first), free(w), free(a), free(b);
      }
    }
  }
}

static void test_vpass(void) {
  for (int count = 1; count <= 70; count++) {
    for (int taps = 1; taps <= 5; taps++) {
      const size_t stride = (size_t)count + (size_t)harness_rand_int(0, 3);
      float* rows = malloc(sizeof(float) * (stride * (taps - 1) + count));
      for (size_t i = 0; i < stride * (taps - 1) + count; i++) {
        /* integers and halves (ties), out-of-range values, and the odd NaN */
        rows[i] = (float)(harness_rand_int(-600, 1200)) * 0.5f;
      }
      if (count > 3) rows[count - 2] = NAN;
      float w[5];
      for (int k = 0; k < taps; k++) w[k] = (k & 1) ? 0.5f : 1.0f;
      uint8_t* a = malloc((size_t)count + 1);
      uint8_t* b = malloc((size_t)count + 1);
      a[count] = b[count] = CANARY;
      tw_resize_vpass__scalar(rows, stride, w, taps, (size_t)count, a);
      tw_resize_vpass__wasmsimd(rows, stride, w, taps, (size_t)count, b);
      CHECK(memcmp(a, b, (size_t)count) == 0, "vpass count=%d taps=%d differ", count, taps);
      CHECK(b[count] == CANARY, "vpass wrote past its row (count=%d)", count);
      free(a), free(b);
      free(rows);
    }
  }
  /* rounding: half to even, clamp, NaN -> 0 */
  const float values[8] = {0.5f, 1.5f, 2.5f, -0.5f, 254.5f, 255.5f, 300.0f, NAN};
  const uint8_t expected[8] = {0, 2, 2, 0, 254, 255, 255, 0};
  const float one = 1.0f;
  uint8_t got[8];
  for (int simd = 0; simd < 2; simd++) {
    (simd ? tw_resize_vpass__wasmsimd : tw_resize_vpass__scalar)(values, 8, &one, 1, 8, got);
    CHECK(memcmp(got, expected, 8) == 0, "rounding (simd=%d): %d %d %d %d %d %d %d %d", simd, got[0], got[1], got[2],
          got[3], got[4], got[5], got[6], got[7]);
  }
}

/* The block-mean kernels: SIMD against scalar on widths around the vector
 * width, exact-size buffers, canaries after dst. */
static void test_box_kernels(void) {
  for (int channels = 1; channels <= 4; channels++) {
    for (int wi = 0; wi < NWIDTHS; wi++) {
      const int width = widths[wi] + (channels == 1 ? 16 : 0);
      for (int kx = 1; kx <= 3; kx++) {
        const int ky = 1 + (wi + kx) % 3;
        const size_t row = (size_t)width * kx * channels, count = (size_t)width * channels;
        uint8_t* src = malloc(row * ky);
        random_bytes(src, row * ky);
        if (wi % 3 == 0) memset(src, 255, row * ky); /* the largest sums */
        uint32_t* s0 = malloc(row * sizeof(uint32_t));
        uint32_t* s1 = malloc(row * sizeof(uint32_t));
        tw_resize_box_rows__scalar(src, row, ky, row, s0);
        tw_resize_box_rows__wasmsimd(src, row, ky, row, s1);
        CHECK(memcmp(s0, s1, row * sizeof(uint32_t)) == 0, "box_rows c=%d w=%d ky=%d differ", channels, width, ky);
        uint8_t* a = malloc(count + 1);
        uint8_t* b = malloc(count + 1);
        a[count] = b[count] = CANARY;
        const float scale = 1.0f / (float)(kx * ky);
        tw_resize_box_cols__scalar(s0, width, channels, kx, scale, a);
        tw_resize_box_cols__wasmsimd(s0, width, channels, kx, scale, b);
        CHECK(memcmp(a, b, count) == 0 && b[count] == CANARY, "box_cols c=%d w=%d kx=%d differ", channels, width, kx);
        if (kx == 2 && ky == 2) {
          memset(a, CANARY, count + 1), memset(b, CANARY, count + 1);
          tw_resize_box2__scalar(src, src + row, width, channels, a);
          tw_resize_box2__wasmsimd(src, src + row, width, channels, b);
          CHECK(memcmp(a, b, count + 1) == 0 && b[count] == CANARY, "box2 c=%d w=%d differ", channels, width);
        }
        free(src), free(s0), free(s1), free(a), free(b);
      }
    }
  }
  /* box2 rounds ties up ((1 + 2 + 2 + 0 + 2) >> 2 = 1, 6 -> 2); box_cols half to even (6 / 4 = 1.5 -> 2, 10 / 4 -> 2) */
  const uint8_t r0[4] = {1, 2, 3, 3}, r1[4] = {2, 0, 0, 0};
  uint8_t got[2];
  tw_resize_box2__wasmsimd(r0, r1, 2, 1, got);
  CHECK(got[0] == 1 && got[1] == 2, "box2 ties: %d %d", got[0], got[1]);
  const uint32_t sums[4] = {3, 3, 5, 5};
  tw_resize_box_cols__wasmsimd(sums, 2, 1, 2, 0.25f, got);
  CHECK(got[0] == 2 && got[1] == 2, "box_cols ties: %d %d", got[0], got[1]);
}

/* The fixed-point kernels: SIMD against scalar, random int16 weights and
 * int32 rows (both signs, cubic's float lanes and integer tail). */
static void test_fixed_kernels(void) {
  for (int channels = 1; channels <= 4; channels++) {
    for (int wi = 0; wi < NWIDTHS; wi++) {
      for (int taps = 2; taps <= 4; taps += 2) {
        const int width = widths[wi], n = taps + harness_rand_int(0, 20);
        uint8_t* src = malloc((size_t)n * channels);
        random_bytes(src, (size_t)n * channels);
        int64_t* first = malloc(sizeof(int64_t) * width);
        int16_t* w = malloc(sizeof(int16_t) * width * taps);
        for (int x = 0; x < width; x++) first[x] = harness_rand_int(0, n - taps);
        for (int k = 0; k < width * taps; k++) w[k] = (int16_t)harness_rand_int(-32768, 32767);
        const size_t count = (size_t)width * channels;
        int32_t* a = malloc(sizeof(int32_t) * (count + 1));
        int32_t* b = malloc(sizeof(int32_t) * (count + 1));
        a[count] = b[count] = 1234567;
        tw_resize_hfixed__scalar(src, a, 0, width, channels, first, w, taps);
        tw_resize_hfixed__wasmsimd(src, b, 0, width, channels, first, w, taps);
        CHECK(memcmp(a, b, sizeof(int32_t) * count) == 0, "hfixed c=%d w=%d taps=%d differ", channels, width, taps);
        CHECK(b[count] == 1234567, "hfixed wrote past its row (c=%d w=%d)", channels, width);
        tw_resize_hfixed_edge__scalar(src, b, 0, width, channels, first, w, taps, n);
        CHECK(memcmp(a, b, sizeof(int32_t) * count) == 0, "hfixed_edge inside the row c=%d w=%d", channels, width);
        free(src), free(first), free(w), free(a), free(b);
      }
    }
  }
  for (int count = 1; count <= 70; count++) {
    int32_t* rows[4];
    for (int k = 0; k < 4; k++) {
      rows[k] = malloc(sizeof(int32_t) * count);
      for (int i = 0; i < count; i++) rows[k][i] = harness_rand_int(-200000, 800000);
    }
    int16_t b[4];
    for (int k = 0; k < 4; k++) b[k] = (int16_t)harness_rand_int(-400, 2400);
    uint8_t* x = malloc((size_t)count + 1);
    uint8_t* y = malloc((size_t)count + 1);
    x[count] = y[count] = CANARY;
    tw_resize_vcubic__scalar((const int32_t* const*)rows, b, (size_t)count, x);
    tw_resize_vcubic__wasmsimd((const int32_t* const*)rows, b, (size_t)count, y);
    CHECK(memcmp(x, y, (size_t)count + 1) == 0, "vcubic count=%d differ", count);
    for (int k = 0; k < 2; k++) {
      for (int i = 0; i < count; i++) rows[k][i] = harness_rand_int(0, 255 * 2048);
    }
    const int16_t b0 = (int16_t)harness_rand_int(0, 2048);
    tw_resize_vlinear__scalar(rows[0], rows[1], b0, (int16_t)(2048 - b0), (size_t)count, x);
    tw_resize_vlinear__wasmsimd(rows[0], rows[1], b0, (int16_t)(2048 - b0), (size_t)count, y);
    CHECK(memcmp(x, y, (size_t)count + 1) == 0, "vlinear count=%d differ", count);
    for (int k = 0; k < 4; k++) free(rows[k]);
    free(x), free(y);
  }
}

static const char* interpolation_name(int i) {
  static const char* names[] = {"nearest", "linear", "cubic", "area"};
  return names[i];
}

/* Whether tw_image_resize accepts antialias = 1 (which it then ignores). */
static int takes_antialias(int interp) {
  return interp == TW_IMAGE_INTERPOLATION_NEAREST || interp == TW_IMAGE_INTERPOLATION_AREA;
}

/* A whole-image call; returns the status. */
static tw_status resize_whole(const uint8_t* src, int sw, int sh, uint8_t* dst, int dw, int dh, int c, int interp,
                              int aa, double a) {
  return tw_image_resize(src, (size_t)sw * sh * c, sw, sh, 0, dst, (size_t)dw * dh * c, dw, dh, 0, c, interp, aa, a);
}

static void test_entry_random(void) {
  for (int iter = 0; iter < 400; iter++) {
    const int pick = iter % 4;
    int sw = harness_rand_int(1, 40), sh = harness_rand_int(1, 40);
    int dw = harness_rand_int(1, 40), dh = harness_rand_int(1, 40);
    if (pick == 1) sw = dw = 1;                      /* 1 x N */
    if (pick == 2) sh = dh = 1;                      /* N x 1 */
    if (iter < 20) dw = widths[iter % NWIDTHS], sw = 1 + iter % 3; /* widths around the vector width */
    if (iter % 5 == 4) { /* integer factors: the block-average path for area and 2x linear */
      dw = harness_rand_int(1, 17), dh = harness_rand_int(1, 9);
      sw = dw * harness_rand_int(1, 3), sh = dh * harness_rand_int(1, 3);
    }
    if (iter == 3) sw = sh = 1;                      /* 1x1 source */
    if (iter == 7) dw = dh = 1;                      /* to 1x1 */
    const int c = 1 + iter % 4, interp = (iter / 4) % 4;
    /* antialias is read by no interpolation here; LINEAR and CUBIC accept only 0 (test_errors) */
    const int aa = takes_antialias(interp) ? (iter / 16) % 2 : 0;
    const double a = -0.75;
    const size_t sbytes = (size_t)sw * sh * c, dbytes = (size_t)dw * dh * c;
    uint8_t* src = malloc(sbytes);
    random_bytes(src, sbytes);
    uint8_t* scalar = malloc(dbytes + 1);
    uint8_t* simd = malloc(dbytes + 1);
    uint8_t* banded = malloc(dbytes + 1);
    scalar[dbytes] = simd[dbytes] = banded[dbytes] = CANARY;
    tw_set_simd(0);
    CHECK(resize_whole(src, sw, sh, scalar, dw, dh, c, interp, aa, a) == TW_OK, "%s", tw_last_error());
    tw_set_simd(1);
    CHECK(resize_whole(src, sw, sh, simd, dw, dh, c, interp, aa, a) == TW_OK, "%s", tw_last_error());
    CHECK(memcmp(scalar, simd, dbytes) == 0, "SIMD != scalar: %dx%d -> %dx%d c=%d %s aa=%d", sw, sh, dw, dh, c,
          interpolation_name(interp), aa);
    /* bands of random height, each given exactly the source rows it needs */
    for (int row = 0; row < dh;) {
      const int rows = harness_rand_int(1, dh - row);
      int32_t range[2];
      CHECK(tw_image_resize_source_rows(sh, dh, interp, aa, a, row, rows, range) == TW_OK, "%s", tw_last_error());
      const size_t srow = (size_t)sw * c, drow = (size_t)dw * c;
      uint8_t* band = malloc(range[1] * srow); /* exact size: ASan catches a read outside it */
      memcpy(band, src + range[0] * srow, range[1] * srow);
      CHECK(tw_image_resize(band, range[1] * srow, sw, sh, range[0], banded + row * drow, rows * drow, dw, dh, row,
                            c, interp, aa, a) == TW_OK, "band: %s", tw_last_error());
      free(band);
      row += rows;
    }
    CHECK(memcmp(scalar, banded, dbytes) == 0, "banded != whole: %dx%d -> %dx%d c=%d %s aa=%d", sw, sh, dw, dh, c,
          interpolation_name(interp), aa);
    CHECK(scalar[dbytes] == CANARY && simd[dbytes] == CANARY && banded[dbytes] == CANARY, "wrote past dst");
    free(src), free(scalar), free(simd), free(banded);
  }
}

/* Large enough for several chunks of TW_RESIZE_CHUNK_BYTES (AREA's float
 * mean: 1.4 x 1.03 is no whole factor), SIMD vs scalar. */
static void test_entry_chunks(void) {
  const int sw = 700, sh = 300, dw = 500, dh = 290, c = 4;
  uint8_t* src = malloc((size_t)sw * sh * c);
  random_bytes(src, (size_t)sw * sh * c);
  uint8_t* a = malloc((size_t)dw * dh * c);
  uint8_t* b = malloc((size_t)dw * dh * c);
  for (int interp = 1; interp <= 3; interp++) {
    tw_set_simd(0);
    CHECK(resize_whole(src, sw, sh, a, dw, dh, c, interp, 0, -0.75) == TW_OK, "%s", tw_last_error());
    tw_set_simd(1);
    CHECK(resize_whole(src, sw, sh, b, dw, dh, c, interp, 0, -0.75) == TW_OK, "%s", tw_last_error());
    CHECK(memcmp(a, b, (size_t)dw * dh * c) == 0, "chunked %s: SIMD != scalar", interpolation_name(interp));
  }
  free(src), free(a), free(b);
}

static void expect_row(const char* what, const uint8_t* src, int sw, int dw, int interp, int aa,
                       const uint8_t* expected) {
  uint8_t got[16];
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    CHECK(resize_whole(src, sw, 1, got, dw, 1, 1, interp, aa, -0.75) == TW_OK, "%s", tw_last_error());
    CHECK(memcmp(got, expected, (size_t)dw) == 0, "%s (simd=%d): got %d %d %d %d", what, simd, got[0],
          dw > 1 ? got[1] : -1, dw > 2 ? got[2] : -1, dw > 3 ? got[3] : -1);
  }
}

static void test_pinned(void) {
  const uint8_t ramp[4] = {0, 10, 20, 30}, two[2] = {0, 100};
  expect_row("linear 4->2 no antialias", ramp, 4, 2, TW_IMAGE_INTERPOLATION_LINEAR, 0, (const uint8_t[]){5, 25});
  expect_row("linear 2->4", two, 2, 4, TW_IMAGE_INTERPOLATION_LINEAR, 0, (const uint8_t[]){0, 25, 75, 100});
  expect_row("nearest 2->1 (OpenCV 4.6 tie)", two, 2, 1, TW_IMAGE_INTERPOLATION_NEAREST, 1, (const uint8_t[]){0});
  expect_row("nearest 4->2", ramp, 4, 2, TW_IMAGE_INTERPOLATION_NEAREST, 1, (const uint8_t[]){0, 20});
  expect_row("nearest 2->3", two, 2, 3, TW_IMAGE_INTERPOLATION_NEAREST, 1, (const uint8_t[]){0, 0, 100});
  /* area: means rounded half to even: (1+2)/2 = 1.5 -> 2, (2+3)/2 = 2.5 -> 2, (0+1)/2 -> 0 */
  const uint8_t pairs[6] = {1, 2, 2, 3, 0, 1};
  expect_row("area 6->3", pairs, 6, 3, TW_IMAGE_INTERPOLATION_AREA, 1, (const uint8_t[]){2, 2, 0});
  /* area 3->2: pixel 0 covers [0, 1.5): (1·0 + 0.5·10) / 1.5 = 3.33 -> 3 */
  expect_row("area 3->2", ramp, 3, 2, TW_IMAGE_INTERPOLATION_AREA, 1, (const uint8_t[]){3, 17});
  uint8_t src[5 * 3 * 4];
  random_bytes(src, sizeof src);
  for (int interp = 0; interp < 4; interp++) {
    for (int aa = 0; aa <= takes_antialias(interp); aa++) {
      uint8_t dst[sizeof src];
      CHECK(resize_whole(src, 5, 3, dst, 5, 3, 4, interp, aa, -0.5) == TW_OK, "%s", tw_last_error());
      CHECK(memcmp(src, dst, sizeof src) == 0, "%s aa=%d: same size is not the identity", interpolation_name(interp),
            aa);
    }
  }
}

static void expect_error(const char* what, tw_status status, const char* needle, const uint8_t* dst, size_t n) {
  CHECK(status == TW_INVALID_ARGUMENT, "%s: status %d", what, (int)status);
  CHECK(strstr(tw_last_error(), needle) != NULL, "%s: message '%s' lacks '%s'", what, tw_last_error(), needle);
  for (size_t i = 0; i < n; i++) {
    if (dst[i] != CANARY) {
      CHECK(0, "%s: dst written", what);
      break;
    }
  }
}

static void test_errors(void) {
  uint8_t src[4 * 4 * 4], dst[2 * 2 * 4 + 4];
  random_bytes(src, sizeof src);
  memset(dst, CANARY, sizeof dst);
  const size_t sb = sizeof src, db = 16;
  expect_error("channels", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 5, 1, 0, -0.75), "channels", dst, 20);
  expect_error("interpolation", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 7, 1, -0.5), "interpolation",
               dst, 20);
  expect_error("antialias", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 1, 2, -0.5), "antialias", dst, 20);
  expect_error("cubic_a", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 2, 0, NAN), "cubic_a: ", dst, 20);
  expect_error("width", tw_image_resize(src, sb, 4, 4, 0, dst, db, -2, 2, 0, 4, 1, 0, -0.75), "dst_width/dst_height: ", dst, 20);
  expect_error("src bytes", tw_image_resize(src, sb - 1, 4, 4, 0, dst, db, 2, 2, 0, 4, 1, 0, -0.75), "src", dst, 20);
  expect_error("dst bytes", tw_image_resize(src, sb, 4, 4, 0, dst, db + 4, 2, 2, 0, 4, 1, 0, -0.75), "dst", dst, 20);
  expect_error("src rows", tw_image_resize(src, sb, 4, 3, 0, dst, db, 2, 2, 0, 4, 1, 0, -0.75), "src", dst, 20);
  expect_error("band", tw_image_resize(src, sb / 2, 4, 4, 0, dst, db, 2, 2, 0, 4, 3, 1, -0.5), "src", dst, 20);
  expect_error("empty source", tw_image_resize(src, 0, 0, 4, 0, dst, db, 2, 2, 0, 4, 1, 0, -0.75), "empty", dst, 20);
  expect_error("overlap", tw_image_resize(src, sb, 4, 4, 0, src + 8, db, 2, 2, 0, 4, 1, 0, -0.75), "dst: overlaps src", dst, 20);
  expect_error("null", tw_image_resize(NULL, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 1, 0, -0.75), "src: NULL with", dst, 20);
  /* antialias = 1 with LINEAR or CUBIC is tw_image_resize_pil's; LANCZOS is only there */
  expect_error("linear antialias", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 1, 1, -0.5),
               "antialias: 1 with LINEAR or CUBIC is tw_image_resize_pil's", dst, 20);
  expect_error("cubic antialias", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 2, 1, -0.5),
               "antialias: 1 with LINEAR or CUBIC is tw_image_resize_pil's", dst, 20);
  expect_error("lanczos", tw_image_resize(src, sb, 4, 4, 0, dst, db, 2, 2, 0, 4, 4, 0, -0.5),
               "interpolation: LANCZOS is Pillow's filter, resized by tw_image_resize_pil", dst, 20);
  int32_t range[2] = {-7, -7};
  for (int interp = TW_IMAGE_INTERPOLATION_LINEAR; interp <= TW_IMAGE_INTERPOLATION_CUBIC; interp++) {
    expect_error("source rows antialias", tw_image_resize_source_rows(4, 2, interp, 1, -0.5, 0, 2, range),
                 "antialias: 1 with LINEAR or CUBIC", dst, 20);
    CHECK(range[0] == -7 && range[1] == -7, "a refused source_rows wrote its range");
  }
  CHECK(tw_image_resize_source_rows(4, 2, 1, 0, -0.75, 1, 2, range) == TW_INVALID_ARGUMENT, "rows outside");
  CHECK(tw_image_resize(src, 0, 0, 0, 0, dst, 0, 0, 0, 0, 4, 1, 0, -0.75) == TW_OK, "empty to empty");
  CHECK(tw_image_resize(src, sb, 4, 4, 0, dst, 0, 0, 5, 0, 4, 1, 0, -0.75) == TW_OK, "to zero width");
}

/* tw_resize_axis_init's tap count: every destination pixel's weights fit
 * in `taps` floats (an exact-size buffer: ASan reports a pixel needing more),
 * for sizes around the tap bounds where the scan may stop early; and a
 * 1 x (2^31 - 1) destination of a 1-pixel source is set up at once (the
 * scan used to visit every destination pixel: 33 s in wasm). */
static void test_axis_taps(void) {
  static const int64_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 9, 10, 16, 17, 31, 100, 257};
  const int n_sizes = (int)(sizeof sizes / sizeof sizes[0]);
  for (int interpolation = TW_IMAGE_INTERPOLATION_NEAREST; interpolation <= TW_IMAGE_INTERPOLATION_AREA;
       interpolation += TW_IMAGE_INTERPOLATION_AREA) { /* the float path's two: NEAREST and AREA */
    for (int a = 0; a < n_sizes; a++) {
      for (int b = 0; b < n_sizes; b++) {
        tw_resize_axis axis;
        tw_resize_axis_init(&axis, sizes[a], sizes[b], interpolation);
        CHECK(axis.taps >= 1 && axis.taps <= sizes[a], "taps %d for n %lld", axis.taps, (long long)sizes[a]);
        float* weights = malloc((size_t)axis.taps * sizeof *weights);
        for (int64_t i = 0; i < sizes[b]; i++) {
          const int32_t first = tw_resize_axis_tap(&axis, i, weights);
          CHECK(first >= 0 && first + axis.taps <= sizes[a], "pixel %lld: first %d", (long long)i, first);
        }
        free(weights);
      }
    }
  }
  for (int interpolation = TW_IMAGE_INTERPOLATION_NEAREST; interpolation <= TW_IMAGE_INTERPOLATION_AREA;
       interpolation += TW_IMAGE_INTERPOLATION_AREA) {
    tw_resize_axis axis;
    tw_resize_axis_init(&axis, 1, INT32_MAX, interpolation);
    CHECK(axis.taps == 1, "1 -> 2^31 - 1, mode %d: taps %d", interpolation, axis.taps);
  }
}

/* tw_resize_axis_init keeps its last scan's taps for the same (n, m,
 * interpolation): axes that differ in one of them alone, in turn, each get
 * their own count (10 -> 3 area: cells of 3.33 touch 4 pixels; 10 -> 5: 2;
 * nearest: 1). */
static void test_axis_taps_memo(void) {
  static const struct { int64_t n, m; int32_t interpolation, taps; } axes[] = {
      {10, 3, TW_IMAGE_INTERPOLATION_AREA, 4}, {10, 5, TW_IMAGE_INTERPOLATION_AREA, 2},
      {10, 5, TW_IMAGE_INTERPOLATION_NEAREST, 1}, {10, 5, TW_IMAGE_INTERPOLATION_AREA, 2},
      {20, 5, TW_IMAGE_INTERPOLATION_AREA, 4}, {10, 3, TW_IMAGE_INTERPOLATION_AREA, 4},
      {10, 3, TW_IMAGE_INTERPOLATION_AREA, 4}};
  for (size_t k = 0; k < sizeof axes / sizeof axes[0]; k++) {
    tw_resize_axis axis;
    tw_resize_axis_init(&axis, axes[k].n, axes[k].m, axes[k].interpolation);
    CHECK(axis.taps == axes[k].taps, "axis %zu (%lld -> %lld, mode %d): taps %d, expected %d", k, (long long)axes[k].n,
          (long long)axes[k].m, axes[k].interpolation, axis.taps, axes[k].taps);
  }
}

/* OpenCV's fixed-point taps (resize.h), pinned: 2 -> 4 linear, horizontal
 * (edge rule) and vertical (raw s and f); cubic at f = 0.5; and first taps
 * that never move backwards. */
static void test_fixed_taps(void) {
  tw_resize_fixed_axis x, y, c;
  tw_resize_fixed_axis_init(&x, 2, 4, TW_IMAGE_INTERPOLATION_LINEAR, -0.75, 1);
  tw_resize_fixed_axis_init(&y, 2, 4, TW_IMAGE_INTERPOLATION_LINEAR, -0.75, 0);
  const int64_t x_first[4] = {0, 0, 0, 1}, y_first[4] = {-1, 0, 0, 1};
  const int16_t x_w[4][2] = {{2048, 0}, {1536, 512}, {512, 1536}, {2048, 0}};
  const int16_t y_w[4][2] = {{512, 1536}, {1536, 512}, {512, 1536}, {1536, 512}};
  for (int i = 0; i < 4; i++) {
    int16_t w[2];
    CHECK(tw_resize_fixed_tap(&x, i, w) == x_first[i] && w[0] == x_w[i][0] && w[1] == x_w[i][1],
          "linear x %d: %d %d", i, w[0], w[1]);
    CHECK(tw_resize_fixed_tap(&y, i, w) == y_first[i] && w[0] == y_w[i][0] && w[1] == y_w[i][1],
          "linear y %d: %d %d", i, w[0], w[1]);
  }
  /* 2 -> 1: centre 0.5, s = 0, f = 0.5: taps -1..2 weigh -192, 1216, 1216, -192 */
  tw_resize_fixed_axis_init(&c, 2, 1, TW_IMAGE_INTERPOLATION_CUBIC, -0.75, 1);
  int16_t w[4];
  CHECK(tw_resize_fixed_tap(&c, 0, w) == -1 && w[0] == -192 && w[1] == 1216 && w[2] == 1216 && w[3] == -192,
        "cubic f = 0.5: %d %d %d %d", w[0], w[1], w[2], w[3]);
  for (int kind = TW_IMAGE_INTERPOLATION_LINEAR; kind <= TW_IMAGE_INTERPOLATION_AREA; kind++) {
    for (int iter = 0; iter < 200; iter++) {
      tw_resize_fixed_axis axis;
      const int64_t n = harness_rand_int(1, 300), m = harness_rand_int(1, 300);
      tw_resize_fixed_axis_init(&axis, n, m, kind, -0.75, iter & 1);
      int64_t previous = INT64_MIN;
      for (int64_t i = 0; i < m; i++) {
        const int64_t first = tw_resize_fixed_tap(&axis, i, w);
        CHECK(first >= previous, "kind %d %lld -> %lld: pixel %lld moves back", kind, (long long)n, (long long)m,
              (long long)i);
        if (kind != TW_IMAGE_INTERPOLATION_CUBIC) CHECK(w[0] + w[1] == 2048, "weights sum %d", w[0] + w[1]);
        previous = first;
      }
    }
  }
}

int main(void) {
  test_axis_taps();
  test_axis_taps_memo();
  test_fixed_taps();
  test_hpass();
  test_vpass();
  test_box_kernels();
  test_fixed_kernels();
  test_entry_random();
  test_entry_chunks();
  test_pinned();
  test_errors();
  tw_set_simd(1);
  return TEST_MAIN_RESULT();
}
