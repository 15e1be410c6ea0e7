/* tw_color_chain (src/color/color.h) natively under ASan/UBSan: every order of the four jitter ops (and
 * shorter chains, repeats, contrast first, later or twice) gives the bytes of tw_color_adjust called once
 * per op, with the SIMD kernels (through SIMDe) and with the scalar ones, on sizes around the 4-pixel step
 * and on images past TW_COLOR_EXACT_SUM_PIXELS (where a later contrast's mean is torch's float32 cascade
 * over a scratch copy); alpha is kept; bad arguments return a status and write nothing. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "color/color.h"
#include "common/config.h"
#include "common/status.h"
#include "harness.h"

enum { B = TW_COLOR_ADJUST_OP_BRIGHTNESS, C = TW_COLOR_ADJUST_OP_CONTRAST, S = TW_COLOR_ADJUST_OP_SATURATION,
       H = TW_COLOR_ADJUST_OP_HUE };

/* A factor for op: the edges (0, 1, the hue ends and 0) often, else a value as ColorJitter(0.9) draws. */
static double draw_factor(int op) {
  const int pick = (int)(harness_rand() % 8);
  if (op == H) {
    static const double edges[] = {-0.5, 0.5, 0.0};
    return pick < 3 ? edges[pick] : (double)(harness_rand() % 10001) / 10000.0 - 0.5;
  }
  static const double edges[] = {0.0, 1.0, 1.9};
  return pick < 3 ? edges[pick] : 0.1 + (double)(harness_rand() % 10001) / 5555.0;
}

/* Smooth ramps with noise (so a contrast's mean is not ~127 on every image) or uniform noise. */
static void fill_image(uint8_t* p, int w, int h, int ch) {
  const int smooth = (int)(harness_rand() % 2), slope = 1 + (int)(harness_rand() % 5);
  for (int y = 0, i = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < ch; c++, i++)
        p[i] = smooth ? (uint8_t)((x * slope + y * (c + 1)) / 2 + harness_rand() % 7) : (uint8_t)harness_rand();
}

/* The chain through tw_color_adjust, op by op (ping-pong between two blocks); returns the result block. */
static uint8_t* one_by_one(const uint8_t* in, uint8_t* a, uint8_t* b, size_t bytes, int w, int h, int ch,
                           const int* ops, const double* f, int count) {
  const uint8_t* from = in;
  uint8_t* to = a;
  for (int k = 0; k < count; k++) {
    CHECK(tw_color_adjust(from, bytes, to, bytes, w, h, ch, ops[k], f[k]) == TW_OK, "adjust op %d: %s", ops[k], tw_last_error());
    from = to;
    to = to == a ? b : a;
  }
  return (uint8_t*)from;
}

static void check_chain(int w, int h, int ch, const int* ops, int count) {
  const size_t bytes = (size_t)w * h * ch;
  double f[4] = {0, 0, 0, 0};
  int32_t packed = 0;
  for (int k = 0; k < count; k++) {
    f[k] = draw_factor(ops[k]);
    packed |= ops[k] << (4 * k);
  }
  uint8_t* in = malloc(bytes);
  uint8_t* a = malloc(bytes);
  uint8_t* b = malloc(bytes);
  uint8_t* chained = malloc(bytes);
  fill_image(in, w, h, ch);
  for (int simd = 0; simd <= 1; simd++) {
    tw_set_simd(simd);
    const uint8_t* want = one_by_one(in, a, b, bytes, w, h, ch, ops, f, count);
    memset(chained, 0xA5, bytes);
    CHECK(tw_color_chain(in, bytes, chained, bytes, w, h, ch, count, packed, f[0], f[1], f[2], f[3]) == TW_OK,
          "chain %dx%dx%d: %s", w, h, ch, tw_last_error());
    size_t differ = 0;
    for (size_t i = 0; i < bytes; i++) differ += chained[i] != want[i];
    CHECK(differ == 0, "chain %dx%dx%d ops 0x%x (%s): %zu bytes differ from the ops one by one", w, h, ch,
          (unsigned)packed, simd ? "simd" : "scalar", differ);
    if (ch == 4) {
      int kept = 1;
      for (size_t i = 3; i < bytes; i += 4) kept &= chained[i] == in[i];
      CHECK(kept, "chain %dx%dx4: alpha changed", w, h);
    }
  }
  tw_set_simd(1);
  free(in);
  free(a);
  free(b);
  free(chained);
}

/* Every order of the four ops (ColorJitter's randperm), on small sizes around the 4-pixel step. */
static void test_every_order(void) {
  static const int sides[] = {1, 2, 3, 4, 5, 7, 9, 17};
  int perm[4] = {B, C, S, H};
  for (int n = 0; n < 24; n++) {
    int ops[4], pool[4];
    memcpy(pool, perm, sizeof pool);
    for (int k = 0, m = n, left = 4; k < 4; k++, left--) { /* the n-th permutation */
      const int pick = m % left;
      m /= left;
      ops[k] = pool[pick];
      for (int j = pick; j + 1 < left; j++) pool[j] = pool[j + 1];
    }
    for (int ch = 3; ch <= 4; ch++)
      for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++)
        check_chain(sides[i], sides[(i + (size_t)n) % 8], ch, ops, 4);
  }
}

/* Shorter chains, repeats, a contrast twice. */
static void test_random_chains(void) {
  static const int all[4] = {B, C, S, H};
  for (int n = 0; n < 300; n++) {
    const int count = 1 + (int)(harness_rand() % 4);
    int ops[4];
    for (int k = 0; k < count; k++) ops[k] = all[harness_rand() % 4];
    check_chain(1 + (int)(harness_rand() % 40), 1 + (int)(harness_rand() % 12), 3 + (int)(harness_rand() % 2), ops, count);
  }
}

/* Past 2^24 / 255 pixels a contrast's mean is torch's cascade: first (of `in`) and after other steps. */
static void test_large(void) {
  static const int orders[][4] = {{C, B, S, H}, {B, C, H, S}, {H, S, B, C}, {C, S, C, B}};
  for (int i = 0; i < 4; i++) check_chain(300, 250, 3 + i % 2, orders[i], 4);
  check_chain(257, 256, 4, orders[1], 2); /* 65792 pixels: the last exact size */
  check_chain(65794, 1, 3, orders[1], 2); /* 65794: the first with the cascade */
}

static void test_bad_arguments(void) {
  uint8_t in[48] = {0}, out[48];
  memset(out, 7, sizeof out);
  const int32_t bc = B | C << 4;
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 0, 0, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "count 0");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 5, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "count 5");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 1, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "bits above the steps");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 2, B | TW_COLOR_ADJUST_OP_SHARPNESS << 4, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "sharpness");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 2, B, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "op 0");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 1, 6, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "op 6");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 2, bc, 1, -1, 1, 1) == TW_INVALID_ARGUMENT, "factor -1");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 2, bc, 1, 1e39, 1, 1) == TW_INVALID_ARGUMENT, "factor inf in float");
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 2, B | H << 4, 1, 0.6, 1, 1) == TW_INVALID_ARGUMENT, "hue 0.6");
  CHECK(tw_color_chain(in, 47, out, 48, 4, 3, 4, 2, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "in_bytes");
  CHECK(tw_color_chain(in, 48, in, 48, 4, 3, 4, 2, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "in place");
  CHECK(tw_color_chain(in, 36, out, 36, 4, 3, 2, 2, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "channels 2");
  for (int i = 0; i < 48; i++) CHECK(out[i] == 7, "byte %d written", i);
  CHECK(tw_color_chain(in, 1, out, 1, 5, 3, 4, 2, bc, 1, 1, 1, 1) == TW_INVALID_ARGUMENT, "the sizes' bytes");
  CHECK(tw_color_chain(in, 0, out, 0, 0, 3, 4, 2, bc, 1, 1, 1, 1) == TW_OK, "an empty image");
  /* unused factors are not checked */
  CHECK(tw_color_chain(in, 48, out, 48, 4, 3, 4, 1, B, 1, -1, NAN, 1e300) == TW_OK, "the factors of missing steps");
}

int main(void) {
  test_bad_arguments();
  test_every_order();
  test_random_chains();
  test_large();
  return TEST_MAIN_RESULT();
}
