/* gaussian_blur's micro-kernels (src/color/color-blur-kernels.h) natively under ASan/UBSan, the wasmsimd
 * ones through SIMDe, against an oracle written here with the C library's fmaf (correctly rounded): each
 * output byte is the chain acc = fmaf(w[i][j], x, acc) in tap order, rounded half to even and clamped.
 *   - crafted ties of the direct kernels (the double sum exact and on a float32 midpoint: to even)
 *   - crafted double-rounding ties: a tiny first product, then one whose exact value is a float32
 *     midpoint, so the double sum lands on the midpoint and only the lost tiny part says which way to
 *     round (3 where round-to-nearest-even of the double would give 2); the exact kernels must get it
 *   - random weights of every size (normal, tiny, subnormal, 0) and random rows, kx, ky 1..9, n 16..48:
 *     the exact kernels; normalised weights all >= 2^-20 (the direct kernels' condition): the direct ones */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "color/color-blur-kernels.h"
#include "harness.h"

#define MAX_K 9
#define MAX_N 48

typedef struct blur_case {
  size_t kx, ky, n;
  float w[MAX_K * MAX_K];
  double w64[MAX_K * MAX_K];
  double data[MAX_K][MAX_N + MAX_K];
  const double* rows[MAX_K];
} blur_case;

static uint8_t oracle_byte(const blur_case* c, size_t x) {
  float acc = 0.0f;
  for (size_t i = 0; i < c->ky; i++)
    for (size_t j = 0; j < c->kx; j++) acc = fmaf(c->w[i * c->kx + j], (float)c->data[i][x + j], acc);
  const float r = rintf(acc);
  return (uint8_t)(r < 0.0f ? 0.0f : r > 255.0f ? 255.0f : r);
}

/* Runs the exact kernels (and the direct ones when `direct`) and checks every byte against the oracle. */
static void check_case(blur_case* c, int direct, const char* label) {
  for (size_t i = 0; i < c->ky; i++) c->rows[i] = c->data[i];
  for (size_t t = 0; t < c->kx * c->ky; t++) c->w64[t] = c->w[t];
  uint8_t got[4][MAX_N];
  tw_color_blur_exact__scalar(c->rows, c->w, c->kx, c->ky, c->n, got[0]);
  tw_color_blur_exact__wasmsimd(c->rows, c->w, c->kx, c->ky, c->n, got[1]);
  if (direct) {
    tw_color_blur_direct__scalar(c->rows, c->w64, c->kx, c->ky, c->n, got[2]);
    tw_color_blur_direct__wasmsimd(c->rows, c->w64, c->kx, c->ky, c->n, got[3]);
  }
  static const char* const names[4] = {"exact scalar", "exact wasmsimd", "direct scalar", "direct wasmsimd"};
  for (int k = 0; k < (direct ? 4 : 2); k++) {
    int bad = -1;
    for (size_t x = 0; x < c->n && bad < 0; x++)
      if (got[k][x] != oracle_byte(c, x)) bad = (int)x;
    CHECK(bad < 0, "%s, %s %zux%zu: byte %d is %d, fmaf gives %d", label, names[k], c->kx, c->ky, bad,
          bad < 0 ? 0 : got[k][bad], bad < 0 ? 0 : oracle_byte(c, (size_t)bad));
  }
}

/* 3·w = 2.5 + 2^-23 exactly (w = 6990507·2^-23), the midpoint of 2.5 and its next float; a first product
 * of 2^-100·x (or of the smallest subnormal weight, 2^-149·x) makes the true sum lie above it: fmaf gives
 * 2.5 + 2^-22, which rounds to the byte 3 (2.5 itself rounds to 2). Every lane of a 16-value step gets
 * the tie, and some lanes a lost part of 0. */
static void test_ties(void) {
  for (int tiny = 0; tiny < 2; tiny++) {
    blur_case c = {.kx = 2, .ky = 1, .n = 32};
    c.w[0] = ldexpf(1.0f, tiny ? -149 : -100);
    c.w[1] = ldexpf(6990507.0f, -23);
    for (size_t x = 0; x < c.n + 1; x++) c.data[0][x] = x % 5 == 4 ? 0.0 : x % 2 ? 3.0 : 1.0;
    check_case(&c, 0, tiny ? "ties after a subnormal weight" : "ties");
    blur_case tied = c;
    for (size_t x = 0; x < c.n; x++) tied.data[0][x + 1] = 3.0; /* every value's second tap on the midpoint */
    check_case(&tied, 0, "every tap tied");
    uint8_t out[32];
    tw_color_blur_exact__wasmsimd(tied.rows, tied.w, 2, 1, 32, out);
    CHECK(out[0] == 3 && out[1] == 3, "the tie rounded up: %d %d (pixel 0 then 1 times w[0])", out[0], out[1]);
    /* the tie the other way: a negative lost part cannot occur (all terms >= 0), so a tie with nothing
     * lost: fmaf keeps the midpoint's even neighbour 2.5 -> byte 2 */
    tied.w[0] = 0.0f;
    check_case(&tied, 0, "tie, nothing lost");
    tw_color_blur_exact__wasmsimd(tied.rows, tied.w, 2, 1, 32, out);
    CHECK(out[0] == 2, "the exact tie kept even: %d", out[0]);
  }
}

/* The direct kernels' ties: one product whose exact value is a float32 midpoint, rounded to even either
 * way: 3·(6990507·2^-23) = 2.5 + 2^-23 -> 2.5 (byte 2; rounding half up would give 2.5 + 2^-22, byte 3),
 * 3·(9786709·2^-23) = 3.5 − 2^-23 -> 3.5 (byte 4; rounding half down would give byte 3). */
static void test_direct_ties(void) {
  static const float weights[2] = {6990507.0f / 8388608.0f, 9786709.0f / 8388608.0f};
  static const uint8_t bytes[2] = {2, 4};
  for (int k = 0; k < 2; k++) {
    blur_case c = {.kx = 1, .ky = 1, .n = 32, .w = {weights[k]}};
    for (size_t x = 0; x < c.n; x++) c.data[0][x] = 3.0;
    CHECK(oracle_byte(&c, 0) == bytes[k], "fmaf's tie %d: byte %d", k, oracle_byte(&c, 0));
    check_case(&c, 1, "direct tie");
  }
}

static float random_weight(void) {
  switch (harness_rand() % 6) {
    case 0: return 0.0f;
    case 1: return ldexpf((float)(harness_rand() % (1u << 24)), -24 - (int)(harness_rand() % 40)); /* tiny */
    case 2: return ldexpf((float)(harness_rand() % (1u << 24)), -149 + (int)(harness_rand() % 20)); /* subnormal */
    default: return ldexpf((float)(harness_rand() % (1u << 24)), -24 - (int)(harness_rand() % 6));
  }
}

static void random_rows(blur_case* c) {
  for (size_t i = 0; i < c->ky; i++)
    for (size_t x = 0; x < c->n + c->kx - 1; x++) c->data[i][x] = (double)(harness_rand() % 256);
}

static void test_random(void) {
  for (int round = 0; round < 3000; round++) {
    blur_case c = {.kx = 1 + harness_rand() % MAX_K, .ky = 1 + harness_rand() % MAX_K};
    c.n = 16 * (1 + harness_rand() % (MAX_N / 16));
    for (size_t t = 0; t < c.kx * c.ky; t++) c.w[t] = random_weight();
    random_rows(&c);
    check_case(&c, 0, "random weights");
    /* the direct kernels' domain: positive weights summing to about 1, each >= 2^-20 */
    float sum = 0.0f;
    for (size_t t = 0; t < c.kx * c.ky; t++) sum += c.w[t] = 1.0f + (float)(harness_rand() % 1000);
    for (size_t t = 0; t < c.kx * c.ky; t++) c.w[t] = fmaxf(c.w[t] / sum, ldexpf(1.0f, -20));
    check_case(&c, 1, "normalised weights");
  }
}

int main(void) {
  test_ties();
  test_direct_ties();
  test_random();
  return TEST_MAIN_RESULT();
}
