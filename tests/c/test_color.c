/* The colour entries (src/color/color.h) natively under ASan/UBSan: every
 * op with the SIMD kernels (through SIMDe) against the scalar ones on sizes
 * around the vector widths, each buffer exactly sized on the heap so a read
 * or write past either end is caught; the exact FMA emulation against libm's
 * fmaf; the torch sum against an exact integer sum where that is exact; bad
 * arguments return a status and write nothing. (torchvision's own bytes are
 * tests/image-color.test.mjs's business.) */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "color/color-math.h"
#include "color/color.h"
#include "common/config.h"
#include "common/status.h"
#include "harness.h"

static const int SIDES[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 33};
#define SIDE_COUNT (int)(sizeof SIDES / sizeof SIDES[0])

/* One call of op `k` (0..14) with parameters drawn from `seed`; out has out_channels per pixel. */
static int call(int k, const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int w, int h, int ch,
                unsigned seed) {
  const double f = (seed % 1000) / 333.0;
  switch (k) {
    case 0: return tw_color_adjust(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_ADJUST_OP_BRIGHTNESS, f);
    case 1: return tw_color_adjust(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_ADJUST_OP_CONTRAST, f);
    case 2: return tw_color_adjust(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_ADJUST_OP_SATURATION, f);
    case 3: return tw_color_adjust(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_ADJUST_OP_SHARPNESS, f);
    case 4: return tw_color_adjust(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_ADJUST_OP_HUE, f / 3.0 - 0.5);
    case 5: return tw_color_point(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_POINT_OP_POSTERIZE, seed % 9);
    case 6: return tw_color_point(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_POINT_OP_SOLARIZE, seed % 257);
    case 7: return tw_color_point(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_POINT_OP_INVERT, 0);
    case 8: return tw_color_point(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_POINT_OP_AUTOCONTRAST, 0);
    case 9: return tw_color_point(in, in_bytes, out, out_bytes, w, h, ch, TW_COLOR_POINT_OP_EQUALIZE, 0);
    case 10: return tw_color_gamma(in, in_bytes, out, out_bytes, w, h, ch, f, 0.5 + f / 3.0);
    case 11: return tw_color_grayscale(in, in_bytes, out, out_bytes, w, h, ch, 1);
    case 12: return tw_color_grayscale(in, in_bytes, out, out_bytes, w, h, ch, 3);
    case 13: return tw_color_grayscale(in, in_bytes, out, out_bytes, w, h, ch, ch);
    default: {
      const int kx = w >= 3 ? 3 : 1, ky = h >= 5 ? 5 : 1;
      return tw_color_gaussian_blur(in, in_bytes, out, out_bytes, w, h, ch, kx, ky, 0.3 + f, 0.8);
    }
  }
}

static int out_channels(int k, int ch) { return k == 11 ? 1 : k == 12 ? 3 : ch; }

static void check_case(int k, int w, int h, int ch) {
  const size_t bytes = (size_t)w * h * ch, out_bytes = (size_t)w * h * out_channels(k, ch);
  const unsigned seed = (unsigned)harness_rand();
  uint8_t* in = malloc(bytes);
  uint8_t* simd = malloc(out_bytes);
  uint8_t* scalar = malloc(out_bytes);
  for (size_t i = 0; i < bytes; i++) in[i] = (uint8_t)harness_rand();
  tw_set_simd(1);
  int status = call(k, in, bytes, simd, out_bytes, w, h, ch, seed);
  CHECK(status == TW_OK, "op %d %dx%dx%d simd: status %d (%s)", k, w, h, ch, status, tw_last_error());
  tw_set_simd(0);
  status = call(k, in, bytes, scalar, out_bytes, w, h, ch, seed);
  tw_set_simd(1);
  CHECK(status == TW_OK, "op %d %dx%dx%d scalar: status %d (%s)", k, w, h, ch, status, tw_last_error());
  CHECK(memcmp(simd, scalar, out_bytes) == 0, "op %d %dx%dx%d: SIMD and scalar differ", k, w, h, ch);
  if (ch == 4 && out_channels(k, ch) == 4) {
    int kept = 1;
    for (size_t i = 3; i < bytes; i += 4) kept &= simd[i] == in[i];
    CHECK(kept, "op %d %dx%dx4: alpha changed", k, w, h);
  }
  free(in);
  free(simd);
  free(scalar);
}

static void test_every_size(void) {
  for (int k = 0; k < 15; k++)
    for (int ch = 3; ch <= 4; ch++)
      for (int a = 0; a < SIDE_COUNT; a++)
        for (int b = 0; b < SIDE_COUNT; b += 3) check_case(k, SIDES[a], SIDES[b], ch);
}

static float random_float(void) {
  /* mixed magnitudes, signs and the pixel values the blur multiplies */
  switch (harness_rand() % 4) {
    case 0: return (float)(harness_rand() % 256);
    case 1: return ldexpf((float)(harness_rand() % 0x1000000), (int)(harness_rand() % 60) - 70);
    case 2: return -ldexpf((float)(harness_rand() % 0x1000000), (int)(harness_rand() % 40) - 30);
    default: return ldexpf((float)(harness_rand() % 0x1000000), (int)(harness_rand() % 40) - 20);
  }
}

/* The emulated FMA is libm's fmaf on random triples and on built ties (a·b + c exactly halfway, plus a tail). */
static void test_fma(void) {
  int same = 1;
  for (int i = 0; i < 2000000 && same; i++) {
    const float a = random_float(), b = random_float(), c = random_float();
    same = tw_color_fmaf(a, b, c) == fmaf(a, b, c);
    CHECK(same, "fma(%a, %a, %a): %a, libm %a", a, b, c, tw_color_fmaf(a, b, c), fmaf(a, b, c));
  }
  /* Built ties: a·b = 2^-24·(1 − 2^-46), so c + a·b rounds in double to c + 2^-24, the float midpoint
   * after c, while the true value lies just below it: the plain double rounding is wrong for odd c. */
  const float a = ldexpf(1.0f + ldexpf(1.0f, -23), -12), b = ldexpf(1.0f - ldexpf(1.0f, -23), -12);
  int wrong_without_correction = 0;
  for (int k = 0; k < 100000; k++) {
    const float c = 1.0f + ldexpf((float)(harness_rand() % 0x800000), -23);
    const float sign = harness_rand() % 2 ? 1.0f : -1.0f;
    CHECK(tw_color_fmaf(a, sign * b, sign * c) == fmaf(a, sign * b, sign * c), "fma(%a, %a, %a) at a tie", a, sign * b, sign * c);
    wrong_without_correction += (float)((double)a * (double)(sign * b) + (double)(sign * c)) != fmaf(a, sign * b, sign * c);
  }
  CHECK(wrong_without_correction > 10000, "the built ties are ties: %d of 100000 wrong without the correction", wrong_without_correction);
}

/* Below 2^24 every partial sum of bytes is an exact float: the cascade must give the integer sum. */
static void test_sum(void) {
  const size_t sizes[] = {0, 1, 3, 7, 8, 9, 31, 32, 33, 100, 1000, 4097, 65793};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    const size_t n = sizes[s];
    uint8_t* x = malloc(n ? n : 1);
    uint64_t exact = 0;
    for (size_t i = 0; i < n; i++) exact += x[i] = (uint8_t)harness_rand();
    CHECK(tw_color_torch_sum_u8(x, n) == (float)exact, "sum of %zu bytes: %g, exact %llu", n,
          tw_color_torch_sum_u8(x, n), (unsigned long long)exact);
    free(x);
  }
}

static void test_bad_arguments(void) {
  uint8_t in[48] = {0}, out[48];
  memset(out, 7, sizeof out);
  const int adjust = TW_COLOR_ADJUST_OP_BRIGHTNESS;
  CHECK(tw_color_adjust(in, 48, out, 48, 4, 3, 4, adjust, -1) == TW_INVALID_ARGUMENT, "factor -1");
  CHECK(tw_color_adjust(in, 48, out, 48, 4, 3, 4, adjust, NAN) == TW_INVALID_ARGUMENT, "factor NaN");
  CHECK(tw_color_adjust(in, 48, out, 48, 4, 3, 4, TW_COLOR_ADJUST_OP_HUE, 0.6) == TW_INVALID_ARGUMENT, "hue 0.6");
  CHECK(tw_color_adjust(in, 48, out, 48, 4, 3, 4, 0, 1) == TW_INVALID_ARGUMENT, "op 0");
  CHECK(tw_color_adjust(in, 48, out, 48, 4, 3, 4, 6, 1) == TW_INVALID_ARGUMENT, "op 6");
  CHECK(tw_color_adjust(in, 24, out, 24, 4, 3, 2, adjust, 1) == TW_INVALID_ARGUMENT, "channels 2");
  CHECK(tw_color_adjust(in, 47, out, 48, 4, 3, 4, adjust, 1) == TW_INVALID_ARGUMENT, "in_bytes");
  CHECK(tw_color_adjust(in, 48, out, 47, 4, 3, 4, adjust, 1) == TW_INVALID_ARGUMENT, "out_bytes");
  CHECK(tw_color_adjust(in, 48, in, 48, 4, 3, 4, adjust, 1) == TW_INVALID_ARGUMENT, "in place");
  CHECK(tw_color_adjust(NULL, 48, out, 48, 4, 3, 4, adjust, 1) == TW_INVALID_ARGUMENT, "NULL");
  CHECK(tw_color_adjust(in, 0, out, 0, 0x7fffffff, 0x7fffffff, 4, adjust, 1) != TW_OK, "a size that overflows");
  CHECK(tw_color_point(in, 48, out, 48, 4, 3, 4, TW_COLOR_POINT_OP_POSTERIZE, 9) == TW_INVALID_ARGUMENT, "bits 9");
  CHECK(tw_color_point(in, 48, out, 48, 4, 3, 4, TW_COLOR_POINT_OP_POSTERIZE, 2.5) == TW_INVALID_ARGUMENT, "bits 2.5");
  CHECK(tw_color_point(in, 48, out, 48, 4, 3, 4, TW_COLOR_POINT_OP_SOLARIZE, INFINITY) == TW_INVALID_ARGUMENT, "threshold inf");
  CHECK(tw_color_gamma(in, 48, out, 48, 4, 3, 4, -0.5, 1) == TW_INVALID_ARGUMENT, "gamma -0.5");
  CHECK(tw_color_gamma(in, 48, out, 48, 4, 3, 4, 1, NAN) == TW_INVALID_ARGUMENT, "gain NaN");
  CHECK(tw_color_grayscale(in, 48, out, 12, 4, 3, 4, 2) == TW_INVALID_ARGUMENT, "out_channels 2");
  CHECK(tw_color_grayscale(in, 36, out, 48, 4, 3, 3, 4) == TW_INVALID_ARGUMENT, "out_channels 4 of 3");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 2, 3, 1, 1) == TW_INVALID_ARGUMENT, "kx even");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 9, 3, 1, 1) == TW_INVALID_ARGUMENT, "kx past the reflection");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 3, 7, 1, 1) == TW_INVALID_ARGUMENT, "ky past the reflection");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 3, 3, 0, 1) == TW_INVALID_ARGUMENT, "sigma 0");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 3, 3, 1, 1e-50) == TW_INVALID_ARGUMENT, "sigma 0 in float");
  CHECK(tw_color_gaussian_blur(in, 48, out, 48, 4, 3, 4, 257, 3, 1, 1) == TW_INVALID_ARGUMENT, "kx 257");
  CHECK(tw_color_policy_nearest(in, 48, out, 48, 4, 3, 5, 1, 0, 0, 0, 1, 0, 0) == TW_INVALID_ARGUMENT, "nearest channels 5");
  CHECK(tw_color_policy_nearest(in, 48, out, 47, 4, 3, 4, 1, 0, 0, 0, 1, 0, 0) == TW_INVALID_ARGUMENT, "nearest out_bytes");
  CHECK(tw_color_policy_nearest(in, 48, in, 48, 4, 3, 4, 1, 0, 0, 0, 1, 0, 0) == TW_INVALID_ARGUMENT, "nearest in place");
  CHECK(tw_color_policy_nearest(in, 48, out, 48, 4, 3, 4, NAN, 0, 0, 0, 1, 0, 0) == TW_INVALID_ARGUMENT, "nearest NaN");
  CHECK(tw_color_policy_nearest(in, 48, out, 48, 4, 3, 4, 1e39, 0, 0, 0, 1, 0, 0) == TW_INVALID_ARGUMENT, "nearest inf in float");
  for (int i = 0; i < 48; i++) CHECK(out[i] == 7, "byte %d written", i);
  CHECK(tw_color_gaussian_blur(in, 0, out, 0, 0, 3, 4, 9, 9, 1, 1) == TW_OK, "an empty image");
}

/* tw_color_policy_nearest: SIMD = scalar for random thetas (shears, turns, shifts of any size, some far
 * outside), every channel count, widths around the 4-pixel step and past the 256-column chunk. */
static void test_policy_nearest_simd(void) {
  static const int widths[] = {1, 3, 4, 5, 7, 8, 9, 17, 255, 256, 257, 300};
  for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
    for (int ch = 1; ch <= 4; ch++) {
      const int W = widths[w], H = 1 + (int)(harness_rand() % 9);
      const size_t bytes = (size_t)W * H * ch;
      uint8_t* in = malloc(bytes);
      uint8_t* simd = malloc(bytes);
      uint8_t* scalar = malloc(bytes);
      for (size_t i = 0; i < bytes; i++) in[i] = (uint8_t)harness_rand();
      double t[6];
      for (int k = 0; k < 6; k++) t[k] = ((double)(harness_rand() % 20001) - 10000.0) / (k % 3 == 2 ? 2000.0 : 5000.0) / W;
      const uint32_t fill = (uint32_t)harness_rand();
      tw_set_simd(1);
      CHECK(tw_color_policy_nearest(in, bytes, simd, bytes, W, H, ch, t[0], t[1], t[2], t[3], t[4], t[5], fill) == TW_OK, "simd");
      tw_set_simd(0);
      CHECK(tw_color_policy_nearest(in, bytes, scalar, bytes, W, H, ch, t[0], t[1], t[2], t[3], t[4], t[5], fill) == TW_OK, "scalar");
      tw_set_simd(1);
      CHECK(memcmp(simd, scalar, bytes) == 0, "nearest %dx%dx%d: SIMD and scalar differ", W, H, ch);
      free(in);
      free(simd);
      free(scalar);
    }
  }
}

/* tw_color_policy_nearest: the identity theta (2/w, 2/h on the diagonal) copies every channel count; a shift
 * of one pixel to the right (r20 = -2/w) fills column 0 and moves the rest. */
static void test_policy_nearest(void) {
  enum { W = 5, H = 3 };
  for (int ch = 1; ch <= 4; ch++) {
    uint8_t in[W * H * 4], out[W * H * 4];
    const size_t bytes = (size_t)W * H * ch;
    for (size_t i = 0; i < bytes; i++) in[i] = (uint8_t)(i * 7 + 1);
    CHECK(tw_color_policy_nearest(in, bytes, out, bytes, W, H, ch, 2.0 / W, 0, 0, 0, 2.0 / H, 0, 0) == TW_OK, "identity");
    CHECK(memcmp(in, out, bytes) == 0, "identity copies, %d channels", ch);
    CHECK(tw_color_policy_nearest(in, bytes, out, bytes, W, H, ch, 2.0 / W, 0, -2.0 / W, 0, 2.0 / H, 0, 0x04030201u) == TW_OK,
          "shift");
    for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
        for (int c = 0; c < ch; c++) {
          const uint8_t want = x == 0 ? (uint8_t)(c + 1) : in[(y * W + x - 1) * ch + c];
          CHECK(out[(y * W + x) * ch + c] == want, "shift %d channels at (%d, %d, %d)", ch, x, y, c);
        }
      }
    }
  }
}

int main(void) {
  test_every_size();
  test_fma();
  test_sum();
  test_bad_arguments();
  test_policy_nearest();
  test_policy_nearest_simd();
  return TEST_MAIN_RESULT();
}
