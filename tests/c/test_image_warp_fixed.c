/* The fixed-point warp kernels (src/warp/warp-fixed.h) one by one: the
 * wasmsimd sampling and coordinate kernels against the scalar ones on random
 * coordinate runs (every channel count, interpolation and border; runs that
 * mix inside pixels, pixels with some taps outside and pixels far outside,
 * lengths around the group of 4), with guard bytes after each output that
 * must stay untouched; the weight tables (each row sums to 1 << 15, and
 * OpenCV's row 0 corrections). Under ASan an over-read of the source (an
 * exact-size heap block) fails the run. Exactness against cv2 is in
 * tests/warp-opencv-exact.test.mjs. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "warp/warp-fixed.h"

#define GUARD 32
#define GUARD_BYTE 0xA5

/* The registry's sampling kernels (warp.inc), by interpolation and ISA. */
static tw_warp_sample_fn scalar_kernels[3], simd_kernels[3];
static void register_kernels(void) {
#define TW_VARIANT(name, INTERPOLATION, isa, simd) \
  (simd ? simd_kernels : scalar_kernels)[TW_IMAGE_INTERPOLATION_##INTERPOLATION] = tw_image_warp_##name##__##isa;
  TW_WARP_SAMPLE_KERNELS(TW_VARIANT)
#undef TW_VARIANT
}

static void test_tables(void) {
  for (int interp = TW_IMAGE_INTERPOLATION_LINEAR; interp <= TW_IMAGE_INTERPOLATION_CUBIC; interp++) {
    const int K = interp == TW_IMAGE_INTERPOLATION_LINEAR ? 2 : 4;
    const int16_t* t = tw_warp_fixed_table(interp);
    for (int row = 0; row < TW_WARP_TAB * TW_WARP_TAB; row++) {
      int32_t sum = 0;
      for (int q = 0; q < K * K; q++) sum += t[row * K * K + q];
      CHECK(sum == 1 << TW_WARP_COEF_BITS, "interpolation %d row %d sums to %d", interp, row, (int)sum);
    }
    /* row 0: 32768 saturates to 32767; OpenCV's correction puts the 1 on tap (1, 1) of linear, (2, 2) of cubic */
    CHECK(t[0 + (K == 2 ? 0 : 5)] == 32767, "interpolation %d row 0 centre %d", interp, t[K == 2 ? 0 : 5]);
    CHECK(t[K == 2 ? 3 : 10] == 1, "interpolation %d row 0 correction tap %d", interp, t[K == 2 ? 3 : 10]);
  }
  /* the tables in column pairs: tap (r, c) of row a at a * K * K + (r / 2) * 2K + 2c + r % 2 */
  int moved = 0;
  for (int interp = TW_IMAGE_INTERPOLATION_LINEAR; interp <= TW_IMAGE_INTERPOLATION_CUBIC; interp++) {
    const int K = interp == TW_IMAGE_INTERPOLATION_LINEAR ? 2 : 4;
    const int16_t *t = tw_warp_fixed_table(interp), *columns = tw_warp_fixed_columns(interp);
    for (int a = 0; a < TW_WARP_TAB * TW_WARP_TAB; a++) {
      for (int r = 0; r < K; r++) {
        for (int c = 0; c < K; c++) moved += columns[a * K * K + (r / 2) * 2 * K + 2 * c + r % 2] != t[a * K * K + r * K + c];
      }
    }
  }
  CHECK(moved == 0, "%d column-pair weights differ from the tables", moved);
}

/* A coordinate inside, near the edge (some taps out) or far out, at random. */
static int32_t random_coordinate(int32_t n) {
  switch (harness_rand_int(0, 5)) {
    case 0: return harness_rand_int(-4, 3);
    case 1: return n + harness_rand_int(-4, 3);
    case 2: return harness_rand_int(0, 1) ? -32768 : 32767;
    case 3: return harness_rand_int(-100, n + 100);
    default: return harness_rand_int(0, n > 0 ? n - 1 : 0);
  }
}

static void test_sampling(void) {
  static int32_t xs[TW_WARP_RUN], ys[TW_WARP_RUN], as[TW_WARP_RUN];
  static uint8_t out_scalar[TW_WARP_RUN * 4 + GUARD], out_simd[TW_WARP_RUN * 4 + GUARD];
  for (int trial = 0; trial < 3000; trial++) {
    const int32_t width = harness_rand_int(1, 20), height = harness_rand_int(1, 12), C = harness_rand_int(1, 4);
    const int32_t interp = harness_rand_int(0, 2), border = harness_rand_int(0, 4);
    const size_t bytes = (size_t)width * (size_t)height * (size_t)C;
    uint8_t* src = malloc(bytes); /* exact size: ASan catches a read past it */
    for (size_t k = 0; k < bytes; k++) src[k] = (uint8_t)(harness_rand_int(0, 3) ? harness_rand() : (harness_rand() & 1) * 255);
    tw_warp_fixed w = {.src = src, .width = width, .height = height, .channels = C, .interpolation = interp,
                       .border = border, .table = tw_warp_fixed_table(interp)};
    for (int k = 0; k < 4; k++) w.fill[k] = (uint8_t)harness_rand();
    const int32_t n = trial % 4 == 0 ? harness_rand_int(0, 9) : harness_rand_int(1, TW_WARP_RUN);
    const int mostly_inside = trial % 3 == 0;
    for (int32_t k = 0; k < n; k++) {
      xs[k] = mostly_inside && width > 4 ? harness_rand_int(1, width - 3) : random_coordinate(width);
      ys[k] = mostly_inside && height > 4 ? harness_rand_int(1, height - 3) : random_coordinate(height);
      as[k] = interp == TW_IMAGE_INTERPOLATION_NEAREST ? 0 : harness_rand_int(0, TW_WARP_TAB * TW_WARP_TAB - 1);
    }
    const tw_warp_coords c = {xs, ys, as};
    memset(out_scalar, GUARD_BYTE, sizeof out_scalar);
    memset(out_simd, GUARD_BYTE, sizeof out_simd);
    scalar_kernels[interp](&w, &c, n, out_scalar);
    simd_kernels[interp](&w, &c, n, out_simd);
    const size_t used = (size_t)n * (size_t)C;
    CHECK(memcmp(out_scalar, out_simd, used) == 0, "trial %d: %dx%d, %d channels, interpolation %d, border %d, n %d: "
          "SIMD differs from scalar", trial, (int)width, (int)height, (int)C, (int)interp, (int)border, (int)n);
    int guards = 1;
    for (size_t k = used; k < used + GUARD; k++) guards &= out_scalar[k] == GUARD_BYTE && out_simd[k] == GUARD_BYTE;
    CHECK(guards, "trial %d: a kernel wrote past its %d pixels", trial, (int)n);
    free(src);
  }
}

/* The coordinate kernels on random rows of random matrices (affine and perspective, tame and extreme). */
static void test_coordinates(void) {
  static int32_t a_x[TW_WARP_RUN], a_y[TW_WARP_RUN], a_a[TW_WARP_RUN];
  static int32_t b_x[TW_WARP_RUN], b_y[TW_WARP_RUN], b_a[TW_WARP_RUN];
  static int32_t adelta[2000], bdelta[2000];
  for (int trial = 0; trial < 2000; trial++) {
    tw_warp_fixed w = {.interpolation = harness_rand_int(0, 2), .perspective = trial % 2};
    const double scale = trial % 5 == 0 ? 1e6 : 3.0;
    for (int k = 0; k < 9; k++) w.m[k] = ((double)(harness_rand() % 20001) / 10000.0 - 1.0) * scale;
    if (trial % 7 == 0) w.m[8] = 0.0; /* w = 0 on some pixels */
    const int32_t dst_width = harness_rand_int(1, 2000), row = harness_rand_int(0, 3000);
    w.block_width = harness_rand_int(1, 70);
    w.block_width = w.block_width < dst_width ? w.block_width : dst_width;
    tw_warp_affine_deltas(w.m, dst_width, adelta, bdelta);
    w.adelta = adelta;
    w.bdelta = bdelta;
    const int32_t col = harness_rand_int(0, dst_width - 1);
    const int32_t n = harness_rand_int(1, dst_width - col < TW_WARP_RUN ? dst_width - col : TW_WARP_RUN);
    const tw_warp_coords a = {a_x, a_y, a_a}, b = {b_x, b_y, b_a};
    if (w.perspective) {
      tw_image_warp_perspective_coords__scalar(&w, row, col, n, &a);
      tw_image_warp_perspective_coords__wasmsimd(&w, row, col, n, &b);
    } else {
      tw_image_warp_affine_coords__scalar(&w, row, col, n, &a);
      tw_image_warp_affine_coords__wasmsimd(&w, row, col, n, &b);
    }
    const size_t size = (size_t)n * sizeof(int32_t);
    CHECK(memcmp(a_x, b_x, size) == 0 && memcmp(a_y, b_y, size) == 0 && memcmp(a_a, b_a, size) == 0,
          "trial %d (%s, interpolation %d, block %d, col %d, n %d): SIMD coordinates differ", trial,
          w.perspective ? "perspective" : "affine", (int)w.interpolation, (int)w.block_width, (int)col, (int)n);
  }
}

/* Perspective coordinates near the int16 limits: the SIMD kernel skips the
 * int32 clamp and int16 saturation in blocks whose positions it proves
 * within 32767 pixels (X within 2^20 - 1 for linear), and takes the scalar
 * kernel elsewhere. Rows of source x running across +-32767 (and +-32768
 * * 32 for the 1/32 steps), at scales and offsets around the limit, with a
 * tiny m6 (a perspective divide that is not exact): SIMD against scalar. */
static void test_perspective_limits(void) {
  static int32_t a_x[TW_WARP_RUN], a_y[TW_WARP_RUN], a_a[TW_WARP_RUN];
  static int32_t b_x[TW_WARP_RUN], b_y[TW_WARP_RUN], b_a[TW_WARP_RUN];
  static const double scales[] = {1.0, 0.999, 1.001, 0.5, 2.0, -1.0};
  static const double offsets[] = {32767.0, 32767.49, 32767.5, 32767.51, 32768.0, 32766.97, 32767.0 - 255.0, -32768.0,
                                   -32767.5, -32768.5, -32769.0, -32768.0 - 200.0, 1048575.0 / 32.0};
  static const double m6s[] = {0.0, 1e-9, -1e-9, 1e-7};
  int cases = 0;
  for (int interp = 0; interp < 2; interp++) {
    for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++) {
      for (size_t oi = 0; oi < sizeof offsets / sizeof offsets[0]; oi++) {
        for (size_t mi = 0; mi < sizeof m6s / sizeof m6s[0]; mi++) {
          for (int shift = -300; shift <= 300; shift += 37) {
            const double s = scales[si], t = offsets[oi] + shift * (si % 2 ? 0.51 : 1.0);
            tw_warp_fixed w = {.interpolation = interp, .perspective = 1, .block_width = 64,
                               .m = {s, 0.0, t - s * 128.0, 0.0, s * 0.25, -t, m6s[mi], 0.0, 1.0}};
            const tw_warp_coords a = {a_x, a_y, a_a}, b = {b_x, b_y, b_a};
            tw_image_warp_perspective_coords__scalar(&w, 7, 0, TW_WARP_RUN, &a);
            tw_image_warp_perspective_coords__wasmsimd(&w, 7, 0, TW_WARP_RUN, &b);
            const size_t size = TW_WARP_RUN * sizeof(int32_t);
            CHECK(memcmp(a_x, b_x, size) == 0 && memcmp(a_y, b_y, size) == 0 && memcmp(a_a, b_a, size) == 0,
                  "interpolation %d, scale %g, offset %.17g, m6 %g: SIMD coordinates differ", interp, s, t, m6s[mi]);
            cases++;
          }
        }
      }
    }
  }
  CHECK(cases == 2 * 6 * 13 * 4 * 17, "perspective limits: %d cases", cases);
}

/* A float map coordinate as cv::remap converts it (scalar kernel). */
static void remap_one(float x, int32_t interpolation, int32_t* sx, int32_t* a) {
  float y = 0.0f;
  tw_warp_fixed w = {.interpolation = interpolation, .map_x = &x, .map_y = &y, .map_stride = 1};
  int32_t xs, ys, as;
  const tw_warp_coords c = {&xs, &ys, &as};
  tw_image_warp_remap_coords__scalar(&w, 0, 0, 1, &c);
  *sx = xs;
  *a = as;
}

/* Remap coordinates: known values (ties to even, cvRound's INT32_MIN for
 * NaN and beyond int32, int16 saturation), then SIMD against scalar on
 * random maps with special values. */
static void test_remap_coordinates(void) {
  static const struct {
    float x;
    int32_t interpolation, sx, fx;
  } known[] = {
      {1.015625f, 1, 1, 0},  {1.046875f, 1, 1, 2},   {-0.015625f, 1, 0, 0}, {-0.046875f, 1, -1, 30},
      {2.5f, 0, 2, 0},       {3.5f, 0, 4, 0},        {-2.5f, 0, -2, 0},     {40000.0f, 0, 32767, 0},
      {40000.0f, 1, 32767, 0}, {-40000.0f, 2, -32768, 0}, {NAN, 1, -32768, 0}, {NAN, 0, -32768, 0},
      {1e10f, 0, -32768, 0},  {1e10f, 1, -32768, 0},  {-1e10f, 1, -32768, 0}, {INFINITY, 1, -32768, 0},
      {67108860.0f, 1, 32767, 0}, {67108864.0f, 1, -32768, 0},
  };
  for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
    int32_t sx, a;
    remap_one(known[k].x, known[k].interpolation, &sx, &a);
    CHECK(sx == known[k].sx && (a & 31) == known[k].fx, "remap x %.9g interpolation %d: sx %d fx %d, want %d %d",
          (double)known[k].x, (int)known[k].interpolation, (int)sx, (int)(a & 31), (int)known[k].sx,
          (int)known[k].fx);
  }
  static float mx[3 * TW_WARP_RUN], my[3 * TW_WARP_RUN];
  static int32_t a_x[TW_WARP_RUN], a_y[TW_WARP_RUN], a_a[TW_WARP_RUN];
  static int32_t b_x[TW_WARP_RUN], b_y[TW_WARP_RUN], b_a[TW_WARP_RUN];
  static const float special[] = {NAN, INFINITY, -INFINITY, 1e10f, -1e10f, 2147483648.0f, -2147483648.0f,
                                  67108864.0f, -67108864.0f, 32767.5f, -32768.5f, 0.5f, -0.5f, 1.5f / 32.0f};
  for (int trial = 0; trial < 2000; trial++) {
    for (int k = 0; k < 3 * TW_WARP_RUN; k++) {
      const int pick = harness_rand_int(0, 9);
      float v = pick == 0 ? special[harness_rand_int(0, (int)(sizeof special / sizeof special[0]) - 1)]
                : pick == 1 ? (float)harness_rand_int(-200, 200) / 64.0f
                            : (float)((double)(harness_rand() % 2000001) / 1000.0 - 1000.0) * (pick == 2 ? 1e3f : 1.0f);
      mx[k] = v;
      my[k] = pick == 3 ? -v : (float)harness_rand_int(-80, 80) / 16.0f;
    }
    tw_warp_fixed w = {.interpolation = harness_rand_int(0, 2), .map_x = mx, .map_y = my,
                       .map_stride = (size_t)harness_rand_int(1, TW_WARP_RUN)};
    const int32_t row = harness_rand_int(0, 1), col = harness_rand_int(0, 7);
    const int32_t n = harness_rand_int(1, TW_WARP_RUN);
    const tw_warp_coords a = {a_x, a_y, a_a}, b = {b_x, b_y, b_a};
    tw_image_warp_remap_coords__scalar(&w, row, col, n, &a);
    tw_image_warp_remap_coords__wasmsimd(&w, row, col, n, &b);
    const size_t size = (size_t)n * sizeof(int32_t);
    CHECK(memcmp(a_x, b_x, size) == 0 && memcmp(a_y, b_y, size) == 0 && memcmp(a_a, b_a, size) == 0,
          "trial %d (interpolation %d, n %d): SIMD remap coordinates differ", trial, (int)w.interpolation, (int)n);
  }
}

/* Perspective coordinates at exact halves and at the int32 clamps: the SIMD
 * kernel's rounding (clamp, then add 1.5 * 2^52) must round half to even as
 * rint does, for negative values too, and keep INT32_MIN / INT32_MAX. With
 * m6 = m7 = 0 and m8 = 1 the divisor is K itself: nearest X = rne(x / 2 +
 * m2) at column x (a half at every odd x), linear X = rne(32 * (x / 64 +
 * m2)); m5 = +-1e12 drives Y into the clamps. */
static void test_perspective_ties(void) {
  static int32_t a_x[TW_WARP_RUN], a_y[TW_WARP_RUN], a_a[TW_WARP_RUN];
  static int32_t b_x[TW_WARP_RUN], b_y[TW_WARP_RUN], b_a[TW_WARP_RUN];
  for (int interp = 0; interp <= 1; interp++) {
    for (int sign = -1; sign <= 1; sign += 2) {
      const double m0 = interp == 0 ? 0.5 : 1.0 / 64.0;
      tw_warp_fixed w = {.interpolation = interp, .perspective = 1, .block_width = 64,
                         .m = {m0, 0.0, sign * 7.0, 0.0, 0.0, sign * 1e12, 0.0, 0.0, 1.0}};
      const tw_warp_coords a = {a_x, a_y, a_a}, b = {b_x, b_y, b_a};
      const int32_t n = 203;
      tw_image_warp_perspective_coords__scalar(&w, 5, 3, n, &a);
      tw_image_warp_perspective_coords__wasmsimd(&w, 5, 3, n, &b);
      const size_t size = (size_t)n * sizeof(int32_t);
      CHECK(memcmp(a_x, b_x, size) == 0 && memcmp(a_y, b_y, size) == 0 && memcmp(a_a, b_a, size) == 0,
            "interpolation %d, sign %d: SIMD coordinates at halves differ", interp, sign);
      /* column 3 + 0 = 3 is x1 = 3 in block 0: nearest 1.5 + 7 -> 8, -7 + 1.5 = -5.5 -> -6; column 4: 2 + -+7 exact */
      if (interp == 0) CHECK(b_x[0] == (sign > 0 ? 8 : -6) && b_x[1] == (sign > 0 ? 9 : -5), "nearest halves: %d %d", (int)b_x[0], (int)b_x[1]);
      /* Y = clamp(+-1e12) = INT32_MAX or INT32_MIN, then sat16 */
      CHECK(b_y[0] == (sign > 0 ? 32767 : -32768), "clamped y: %d", (int)b_y[0]);
    }
    /* w = x - 8 is exactly 0 at column 8 (a horizon inside a block): that pixel takes 0 for 1 / w, so X = Y = 0 */
    tw_warp_fixed w = {.interpolation = interp, .perspective = 1, .block_width = 64,
                       .m = {3.0, 0.0, 5.0, 0.0, 2.0, 7.0, 1.0, 0.0, -8.0}};
    const tw_warp_coords a = {a_x, a_y, a_a}, b = {b_x, b_y, b_a};
    tw_image_warp_perspective_coords__scalar(&w, 5, 0, 100, &a);
    tw_image_warp_perspective_coords__wasmsimd(&w, 5, 0, 100, &b);
    const size_t size = 100 * sizeof(int32_t);
    CHECK(memcmp(a_x, b_x, size) == 0 && memcmp(a_y, b_y, size) == 0 && memcmp(a_a, b_a, size) == 0,
          "interpolation %d: SIMD coordinates across w = 0 differ", interp);
    CHECK(b_x[8] == 0 && b_y[8] == 0 && b_a[8] == 0, "interpolation %d, w = 0: x %d y %d a %d", interp, (int)b_x[8],
          (int)b_y[8], (int)b_a[8]);
  }
}

/* The fused kernels (TW_WARP_FUSED_KERNELS) against their scalar pair
 * (coordinates, then sampling) on random affine matrices over small random
 * 4-channel sources (the plan takes them for 4 channels): every border, rows and runs that fall inside,
 * across the edges and far outside, lengths around the group of 4, guard
 * bytes after the output. */
static void test_fused(void) {
  static int32_t xs[TW_WARP_RUN], ys[TW_WARP_RUN], as[TW_WARP_RUN], adelta[600], bdelta[600];
  static uint8_t out_scalar[TW_WARP_RUN * 4 + GUARD], out_fused[TW_WARP_RUN * 4 + GUARD];
#define TW_FUSED_TEST(name, KIND, INTERPOLATION, isa, simd)                                                        \
  for (int trial = 0; trial < 2000; trial++) {                                                                   \
    const int32_t width = harness_rand_int(1, 40), height = harness_rand_int(1, 30), C = 4;                     \
    const size_t bytes = (size_t)width * (size_t)height * (size_t)C;                                             \
    uint8_t* src = malloc(bytes); /* exact size: ASan catches a read past it */                                 \
    for (size_t k = 0; k < bytes; k++) src[k] = (uint8_t)harness_rand();                                         \
    tw_warp_fixed w = {.src = src, .width = width, .height = height, .channels = C,                              \
                       .interpolation = TW_IMAGE_INTERPOLATION_##INTERPOLATION, .border = harness_rand_int(0, 4),   \
                       .table = tw_warp_fixed_table(TW_IMAGE_INTERPOLATION_##INTERPOLATION)};                \
    for (int k = 0; k < 4; k++) w.fill[k] = (uint8_t)harness_rand();                                             \
    const double angle = harness_rand_int(0, 359) * 0.0174532925, scale = harness_rand_int(3, 30) / 10.0;      \
    const double far = trial % 5 == 0 ? harness_rand_int(-40000, 40000) : harness_rand_int(-10, 40);            \
    const double m[6] = {cos(angle) * scale, -sin(angle) * scale, far, sin(angle) * scale, cos(angle) * scale, \
                         harness_rand_int(-10, 30)};                                                             \
    for (int k = 0; k < 6; k++) w.m[k] = m[k];                                                                   \
    const int32_t dst_width = harness_rand_int(1, 600), row = harness_rand_int(0, 40);                           \
    tw_warp_affine_deltas(w.m, dst_width, adelta, bdelta);                                                       \
    w.adelta = adelta;                                                                                           \
    w.bdelta = bdelta;                                                                                           \
    const int32_t col = harness_rand_int(0, dst_width - 1);                                                      \
    const int32_t n = harness_rand_int(1, dst_width - col < TW_WARP_RUN ? dst_width - col : TW_WARP_RUN);        \
    const tw_warp_coords c = {xs, ys, as};                                                                       \
    memset(out_scalar, GUARD_BYTE, sizeof out_scalar);                                                           \
    memset(out_fused, GUARD_BYTE, sizeof out_fused);                                                             \
    tw_image_warp_##KIND##_coords__scalar(&w, row, col, n, &c);                                                  \
    scalar_kernels[TW_IMAGE_INTERPOLATION_##INTERPOLATION](&w, &c, n, out_scalar);                               \
    tw_image_warp_##name##__##isa(&w, row, col, n, out_fused);                                                   \
    const size_t used = (size_t)n * (size_t)C;                                                                   \
    CHECK(memcmp(out_scalar, out_fused, used) == 0, "%s trial %d: %dx%d, %d channels, border %d, n %d: differs",  \
          #name, trial, (int)width, (int)height, (int)C, (int)w.border, (int)n);                                 \
    for (size_t k = used; k < used + GUARD; k++) {                                                               \
      if (out_fused[k] != GUARD_BYTE) {                                                                          \
        CHECK(0, "%s trial %d: byte %d past the output written", #name, trial, (int)(k - used));                 \
        break;                                                                                                   \
      }                                                                                                          \
    }                                                                                                            \
    free(src);                                                                                                   \
  }
#define tw_image_warp_AFFINE_coords__scalar tw_image_warp_affine_coords__scalar
  TW_WARP_FUSED_KERNELS(TW_FUSED_TEST)
#undef tw_image_warp_AFFINE_coords__scalar
#undef TW_FUSED_TEST
}

/* The fused affine nearest kernel's runs with every pixel inside (taken
 * without a per-group test or saturation when both ends of the run are
 * inside): slow slopes over a 64 x 48 source so that runs start, end or
 * stay inside, with their ends on the first and last pixels and one past;
 * huge m0 (per-column deltas at tw_warp_round's INT32_MIN) and offsets near
 * 2^21 pixels (sums near the int32 wrap). Against the scalar pair. */
static void test_affine_nearest_runs(void) {
  static int32_t xs[TW_WARP_RUN], ys[TW_WARP_RUN], as[TW_WARP_RUN], adelta[TW_WARP_RUN], bdelta[TW_WARP_RUN];
  static uint8_t out_scalar[TW_WARP_RUN * 4 + GUARD], out_fused[TW_WARP_RUN * 4 + GUARD];
  const int32_t width = 64, height = 48;
  uint8_t* src = malloc((size_t)width * height * 4);
  for (int k = 0; k < width * height * 4; k++) src[k] = (uint8_t)harness_rand();
  int inside_runs = 0;
  for (int trial = 0; trial < 4000; trial++) {
    tw_warp_fixed w = {.src = src, .width = width, .height = height, .channels = 4,
                       .interpolation = TW_IMAGE_INTERPOLATION_NEAREST, .border = harness_rand_int(0, 4)};
    const int32_t n = harness_rand_int(1, TW_WARP_RUN);
    /* source x runs from x0 to x0 + slope * (n - 1), slope such that the run spans -2 .. 2 pixels past the edges */
    const double x_first = harness_rand_int(-2, width + 1) + (harness_rand_int(0, 2) - 1) * (0.5 / 1024.0);
    const double x_last = harness_rand_int(-2, width + 1) + (harness_rand_int(0, 2) - 1) * (0.5 / 1024.0);
    const double y_first = harness_rand_int(-2, height + 1), y_last = harness_rand_int(-2, height + 1);
    const double span = n > 1 ? (double)(n - 1) : 1.0;
    double m[6] = {(x_last - x_first) / span, 0.0, x_first, (y_last - y_first) / span, 0.0, y_first};
    if (trial % 50 == 0) m[0] = 1e7 * (trial % 100 ? 1 : -1); /* deltas out of int32 */
    if (trial % 50 == 1) m[2] = 2097151.5 - harness_rand_int(0, 3); /* X0 near 2^31 */
    for (int k = 0; k < 6; k++) w.m[k] = m[k];
    for (int k = 0; k < 4; k++) w.fill[k] = (uint8_t)harness_rand();
    tw_warp_affine_deltas(w.m, n, adelta, bdelta);
    w.adelta = adelta;
    w.bdelta = bdelta;
    const tw_warp_coords c = {xs, ys, as};
    memset(out_scalar, GUARD_BYTE, sizeof out_scalar);
    memset(out_fused, GUARD_BYTE, sizeof out_fused);
    tw_image_warp_affine_coords__scalar(&w, 0, 0, n, &c);
    tw_image_warp_nearest__scalar(&w, &c, n, out_scalar);
    tw_image_warp_affine_nearest__wasmsimd(&w, 0, 0, n, out_fused);
    int inside = 1;
    for (int32_t k = 0; k < n; k++) inside &= xs[k] >= 0 && xs[k] < width && ys[k] >= 0 && ys[k] < height;
    inside_runs += inside;
    CHECK(memcmp(out_scalar, out_fused, (size_t)n * 4 + GUARD) == 0,
          "trial %d: n %d, x %.10g .. %.10g, y %g .. %g, m0 %g, m2 %.10g: fused affine nearest differs", trial, (int)n,
          x_first, x_last, y_first, y_last, m[0], m[2]);
  }
  CHECK(inside_runs > 200, "affine nearest runs: only %d of 4000 entirely inside", inside_runs);
  free(src);
}

int main(void) {
  register_kernels();
  test_tables();
  test_sampling();
  test_coordinates();
  test_perspective_limits();
  test_perspective_ties();
  test_fused();
  test_affine_nearest_runs();
  test_remap_coordinates();
  return TEST_MAIN_RESULT();
}
