/* SLEEF's expf_u10 and powf_u10 (FMA builds, SLEEF 3.5) and torch's float32
 * sum order, written from the published algorithms (see color-math.h).
 * Built with -ffp-contract=off: every operation below rounds on its own;
 * the fused ones are the explicit fmaf() calls, as in SLEEF's FMA builds.
 * fmaf is libm's exact one: these run on a few hundred values a call. */
#include "color-math.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* ---- bits and scaling */

static inline int32_t bits_of(float x) {
  int32_t i;
  memcpy(&i, &x, sizeof i);
  return i;
}

static inline float float_of(int32_t i) {
  float x;
  memcpy(&x, &i, sizeof x);
  return x;
}

/* 2^q for q in the normal exponent range. */
static inline float pow2i(int32_t q) { return float_of((int32_t)((uint32_t)(q + 0x7f) << 23)); }

/* x·2^q in two halves, each a normal power of two (SLEEF vldexp2). */
static inline float ldexp2(float x, int32_t q) { return x * pow2i(q >> 1) * pow2i(q - (q >> 1)); }

/* x·2^q for any q, in five steps that never leave the float range early (SLEEF vldexp). */
static float ldexp_steps(float x, int32_t q) {
  int32_t m = q >> 31;
  m = (((m + q) >> 6) - m) << 4;
  q = q - (m << 2);
  m += 0x7f;
  m = m > 0 ? m : 0;
  m = m > 0xff ? 0xff : m;
  const float u = float_of((int32_t)((uint32_t)m << 23));
  x = x * u * u * u * u;
  return x * float_of((int32_t)((uint32_t)(q + 0x7f) << 23));
}

/* Round to nearest, ties to even, as an int (the AVX2 cvtps_epi32 SLEEF uses). */
static inline int32_t round_even(float x) { return (int32_t)rintf(x); }

/* ---- double-float arithmetic (the value is hi + lo), FMA forms */

typedef struct df {
  float hi, lo;
} df;

static inline df df_make(float hi, float lo) {
  df r = {hi, lo};
  return r;
}

static inline df df_add2_ff(float x, float y) {
  const float s = x + y, v = s - x;
  return df_make(s, (x - (s - v)) + (y - v));
}

static inline df df_add2_df_f(df x, float y) {
  const float s = x.hi + y, v = s - x.hi;
  const float t = (x.hi - (s - v)) + (y - v);
  return df_make(s, t + x.lo);
}

static inline df df_add2_df_df(df x, df y) {
  const float s = x.hi + y.hi, v = s - x.hi;
  const float t = (x.hi - (s - v)) + (y.hi - v);
  return df_make(s, t + (x.lo + y.lo));
}

/* |x| >= |y| */
static inline df df_add_df_df(df x, df y) {
  const float s = x.hi + y.hi;
  return df_make(s, (((x.hi - s) + y.hi) + x.lo) + y.lo);
}

static inline df df_add_f_df(float x, df y) {
  const float s = x + y.hi;
  return df_make(s, ((x - s) + y.hi) + y.lo);
}

static inline df df_normalize(df t) {
  const float s = t.hi + t.lo;
  return df_make(s, (t.hi - s) + t.lo);
}

static inline df df_scale(df d, float s) { return df_make(d.hi * s, d.lo * s); }

static inline df df_mul_df_f(df x, float y) {
  const float s = x.hi * y;
  return df_make(s, fmaf(x.lo, y, fmaf(x.hi, y, -s)));
}

static inline df df_mul_df_df(df x, df y) {
  const float s = x.hi * y.hi;
  return df_make(s, fmaf(x.hi, y.lo, fmaf(x.lo, y.hi, fmaf(x.hi, y.hi, -s))));
}

static inline df df_square(df x) {
  const float s = x.hi * x.hi;
  return df_make(s, fmaf(x.hi + x.hi, x.lo, fmaf(x.hi, x.hi, -s)));
}

static inline df df_div(df n, df d) {
  const float t = 1.0f / d.hi;
  const float s = n.hi * t;
  const float u = fmaf(t, n.hi, -s);
  const float v = fmaf(-d.lo, t, fmaf(-d.hi, t, 1.0f));
  return df_make(s, fmaf(s, v, fmaf(n.lo, t, u)));
}

/* ---- exp and pow */

#define LN2_HI 0.693145751953125f
#define LN2_LO 1.428606765330187045e-06f
#define INV_LN2 1.442695040888963407359924681001892137426645954152985934135449406931f

float tw_color_expf(float d) {
  if (d < -104.0f) return 0.0f;
  if (d > 100.0f) return INFINITY;
  const int32_t q = round_even(d * INV_LN2);
  float s = fmaf((float)q, -LN2_HI, d);
  s = fmaf((float)q, -LN2_LO, s);
  float u = 0.000198527617612853646278381f;
  u = fmaf(u, s, 0.00139304355252534151077271f);
  u = fmaf(u, s, 0.00833336077630519866943359f);
  u = fmaf(u, s, 0.0416664853692054748535156f);
  u = fmaf(u, s, 0.166666671633720397949219f);
  u = fmaf(u, s, 0.5f);
  u = 1.0f + fmaf(s * s, u, s);
  return ldexp2(u, q);
}

/* log(d) as a double-float, d > 0 finite. */
static df log_df(float d) {
  const int tiny = d < FLT_MIN;
  if (tiny) d = d * ((float)(INT64_C(1) << 32) * (float)(INT64_C(1) << 32));
  int32_t e = ((bits_of(d * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;
  const float m = float_of(bits_of(d) + (int32_t)((uint32_t)(-e) << 23));
  if (tiny) e -= 64;
  const df x = df_div(df_add2_ff(-1.0f, m), df_add2_ff(1.0f, m));
  const df x2 = df_square(x);
  float t = 0.240320354700088500976562f;
  t = fmaf(t, x2.hi, 0.285112679004669189453125f);
  t = fmaf(t, x2.hi, 0.400007992982864379882812f);
  const df c = df_make(0.66666662693023681640625f, 3.69183861259614332084311e-09f);
  df s = df_mul_df_f(df_make(0.69314718246459960938f, -1.904654323148236017e-09f), (float)e);
  s = df_add_df_df(s, df_scale(x, 2.0f));
  return df_add_df_df(s, df_mul_df_df(df_mul_df_df(x2, x), df_add2_df_df(df_mul_df_f(x2, t), c)));
}

/* exp of a double-float. */
static float exp_df(df d) {
  if (d.hi < -104.0f) return 0.0f; /* SLEEF zeroes these after the fact; the rounding below would overflow an int */
  const int32_t q = round_even((d.hi + d.lo) * INV_LN2);
  df s = df_add2_df_f(d, (float)q * -LN2_HI);
  s = df_add2_df_f(s, (float)q * -LN2_LO);
  s = df_normalize(s);
  float u = 0.00136324646882712841033936f;
  u = fmaf(u, s.hi, 0.00836596917361021041870117f);
  u = fmaf(u, s.hi, 0.0416710823774337768554688f);
  u = fmaf(u, s.hi, 0.166665524244308471679688f);
  u = fmaf(u, s.hi, 0.499999850988388061523438f);
  df t = df_add_df_df(s, df_mul_df_f(df_square(s), u));
  t = df_add_f_df(1.0f, t);
  return ldexp_steps(t.hi + t.lo, q);
}

float tw_color_powf(float x, float y) {
  if (x == 1.0f) return 1.0f;
  if (x == 0.0f) return 0.0f; /* y > 0 */
  const float r = exp_df(df_mul_df_f(log_df(x), y));
  return isnan(r) ? INFINITY : r;
}

/* ---- torch's float32 sum (SumKernel.cpp, one thread, 8-float vectors) */

/* Sums `rows` rows of `width` (<= 32) values (row i at x + i·width), each
 * column on its own, with 4 levels of accumulators: 2^p rows into level 0,
 * then level j into j + 1 whenever the row count is a multiple of 2^(p·j). */
#define TW_SUM_DEFINE(suffix, type)                                                                \
  static void multi_row_sum_##suffix(const type* x, size_t rows, size_t width, float* out) {       \
    unsigned ceil_log2 = 0;                                                                        \
    while (ceil_log2 < 64 && ((uint64_t)1 << ceil_log2) < (uint64_t)rows) ceil_log2++;             \
    const unsigned power = ceil_log2 / 4 > 4 ? ceil_log2 / 4 : 4;                                  \
    const size_t step = (size_t)1 << power, mask = step - 1;                                       \
    float acc[4][32] = {{0}};                                                                      \
    size_t i = 0;                                                                                  \
    for (; i + step <= rows;) {                                                                    \
      for (size_t k = 0; k < step; k++, i++)                                                       \
        for (size_t c = 0; c < width; c++) acc[0][c] = acc[0][c] + (float)x[i * width + c];        \
      for (int j = 1; j < 4; j++) {                                                                \
        for (size_t c = 0; c < width; c++) {                                                       \
          acc[j][c] = acc[j][c] + acc[j - 1][c];                                                   \
          acc[j - 1][c] = 0.0f;                                                                    \
        }                                                                                          \
        if ((i & (mask << (j * power))) != 0) break;                                               \
      }                                                                                            \
    }                                                                                              \
    for (; i < rows; i++)                                                                          \
      for (size_t c = 0; c < width; c++) acc[0][c] = acc[0][c] + (float)x[i * width + c];          \
    for (int j = 1; j < 4; j++)                                                                    \
      for (size_t c = 0; c < width; c++) acc[0][c] = acc[0][c] + acc[j][c];                        \
    memcpy(out, acc[0], width * sizeof(float));                                                    \
  }                                                                                                \
  /* m items of `lanes` values: groups of 4 items go through the cascade as rows of 4·lanes,      \
   * the rest into the first; then the 4 partial sums of each lane, in order. */                   \
  static void row_sum_##suffix(const type* x, size_t m, size_t lanes, float* out) {                \
    float partial[32] = {0};                                                                       \
    const size_t groups = m / 4;                                                                   \
    if (groups) multi_row_sum_##suffix(x, groups, 4 * lanes, partial);                             \
    for (size_t i = groups * 4; i < m; i++)                                                        \
      for (size_t c = 0; c < lanes; c++) partial[c] = partial[c] + (float)x[i * lanes + c];        \
    for (size_t c = 0; c < lanes; c++)                                                             \
      out[c] = ((partial[c] + partial[lanes + c]) + partial[2 * lanes + c]) + partial[3 * lanes + c]; \
  }                                                                                                \
  float tw_color_torch_sum_##suffix(const type* x, size_t n) {                                     \
    float lanes[8];                                                                                \
    if (n < 8) {                                                                                   \
      if (n == 0) return 0.0f;                                                                     \
      row_sum_##suffix(x, n, 1, lanes);                                                            \
      return lanes[0];                                                                             \
    }                                                                                              \
    const size_t vectors = n / 8;                                                                  \
    row_sum_##suffix(x, vectors, 8, lanes);                                                        \
    float acc = 0.0f;                                                                              \
    for (size_t i = vectors * 8; i < n; i++) acc = acc + (float)x[i];                              \
    for (int c = 0; c < 8; c++) acc = acc + lanes[c];                                              \
    return acc;                                                                                    \
  }

TW_SUM_DEFINE(f32, float)
TW_SUM_DEFINE(u8, uint8_t)
