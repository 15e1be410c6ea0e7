/* float64 AveragePool micro-kernels with wasm SIMD: 2 outputs per v128.
 * Same operations in the same order as avgpool-kernels-scalar.inc, so the
 * results are bit-identical; no load reaches past the last tap it needs. */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "avgpool-kernels.h"
#include "common/simd.h"

/* Trip counts as arguments; called with constants (the switches below),
 * clang unrolls the row/tap loops completely. */
static inline __attribute__((always_inline)) void vsum_rows(size_t w, size_t n, const double* x, size_t step,
                                                            double* y) {
  size_t i = 0;
  for (; i + 4 <= w; i += 4) {
    v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 2);
    for (size_t r = 1; r < n; r++) {
      a = wasm_f64x2_add(a, wasm_v128_load(x + r * step + i));
      b = wasm_f64x2_add(b, wasm_v128_load(x + r * step + i + 2));
    }
    wasm_v128_store(y + i, a);
    wasm_v128_store(y + i + 2, b);
  }
  for (; i + 2 <= w; i += 2) {
    v128_t a = wasm_v128_load(x + i);
    for (size_t r = 1; r < n; r++) a = wasm_f64x2_add(a, wasm_v128_load(x + r * step + i));
    wasm_v128_store(y + i, a);
  }
  for (; i < w; i++) {
    double acc = x[i];
    for (size_t r = 1; r < n; r++) acc += x[r * step + i];
    y[i] = acc;
  }
}

/* vsum_rows with n unrolled for the small counts that dominate in practice. */
static void vsum_any(size_t w, size_t n, const double* x, size_t step, double* y) {
  switch (n) {
    case 1: vsum_rows(w, 1, x, step, y); return;
    case 2: vsum_rows(w, 2, x, step, y); return;
    case 3: vsum_rows(w, 3, x, step, y); return;
    case 4: vsum_rows(w, 4, x, step, y); return;
    case 5: vsum_rows(w, 5, x, step, y); return;
    case 6: vsum_rows(w, 6, x, step, y); return;
    case 7: vsum_rows(w, 7, x, step, y); return;
    case 8: vsum_rows(w, 8, x, step, y); return;
    case 9: vsum_rows(w, 9, x, step, y); return;
    case 10: vsum_rows(w, 10, x, step, y); return;
    default: vsum_rows(w, n, x, step, y); return;
  }
}

void tw_avgpool_f64_vsum__wasmsimd(size_t w, size_t n, const double* x, size_t step, double* y) {
  assert(n >= 1);
  vsum_any(w, n, x, step, y);
}

/* A full block (count = k) with k a compile-time constant: the k suffix sums
 * stay in registers, so each output row costs about 2 loads, 3 additions
 * and 1 store per vector, and no intermediate row touches memory. */
#define VBLOCK_MAX_UNROLLED 8
static inline __attribute__((always_inline)) void vblock_full(size_t w, size_t k, const double* x, size_t step,
                                                              double* y, size_t y_step) {
  size_t i = 0;
  for (; i + 2 <= w; i += 2) {
    v128_t suffix[VBLOCK_MAX_UNROLLED];
    suffix[k - 1] = wasm_v128_load(x + (k - 1) * step + i);
    for (size_t j = k - 1; j-- > 0;) suffix[j] = wasm_f64x2_add(suffix[j + 1], wasm_v128_load(x + j * step + i));
    wasm_v128_store(y + i, suffix[0]);
    if (k < 2) continue;
    v128_t prefix = wasm_v128_load(x + k * step + i);
    wasm_v128_store(y + y_step + i, wasm_f64x2_add(suffix[1], prefix));
    for (size_t j = 2; j < k; j++) {
      prefix = wasm_f64x2_add(prefix, wasm_v128_load(x + (k + j - 1) * step + i));
      wasm_v128_store(y + j * y_step + i, wasm_f64x2_add(suffix[j], prefix));
    }
  }
  for (; i < w; i++) {
    double suffix[VBLOCK_MAX_UNROLLED];
    suffix[k - 1] = x[(k - 1) * step + i];
    for (size_t j = k - 1; j-- > 0;) suffix[j] = suffix[j + 1] + x[j * step + i];
    y[i] = suffix[0];
    if (k < 2) continue;
    double prefix = x[k * step + i];
    y[y_step + i] = suffix[1] + prefix;
    for (size_t j = 2; j < k; j++) {
      prefix += x[(k + j - 1) * step + i];
      y[j * y_step + i] = suffix[j] + prefix;
    }
  }
}

/* y[i] = a[i] + b[i]; y may be a or b. */
static void add_rows(size_t w, const double* a, const double* b, double* y) {
  size_t i = 0;
  for (; i + 4 <= w; i += 4) {
    const v128_t lo = wasm_f64x2_add(wasm_v128_load(a + i), wasm_v128_load(b + i));
    const v128_t hi = wasm_f64x2_add(wasm_v128_load(a + i + 2), wasm_v128_load(b + i + 2));
    wasm_v128_store(y + i, lo);
    wasm_v128_store(y + i + 2, hi);
  }
  for (; i + 2 <= w; i += 2) wasm_v128_store(y + i, wasm_f64x2_add(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  for (; i < w; i++) y[i] = a[i] + b[i];
}

/* Any k and count, one whole row per pass. Sweeping all 2k - 1 rows per
 * column vector instead would touch rows 4 KiB apart (a power-of-two width)
 * that share one L1 set; row passes stream. Same sums as the scalar kernel:
 * the suffix chain runs in y (rows j >= count folded into y_{count-1}), the
 * prefix chain in tmp. */
static void vblock_rows(size_t w, size_t k, size_t count, const double* x, size_t step, double* y, size_t y_step,
                        double* tmp) {
  double* last = y + (count - 1) * y_step;
  if (count == k) {
    memcpy(last, x + (k - 1) * step, w * sizeof(double));
  } else {
    add_rows(w, x + (k - 1) * step, x + (k - 2) * step, last);
    for (size_t j = k - 2; j-- > count - 1;) add_rows(w, last, x + j * step, last);
  }
  for (size_t j = count - 1; j-- > 0;) add_rows(w, y + (j + 1) * y_step, x + j * step, y + j * y_step);
  const double* prefix = x + k * step;
  for (size_t i = 1; i < count; i++) {
    if (i >= 2) {
      add_rows(w, prefix, x + (k + i - 1) * step, tmp);
      prefix = tmp;
    }
    add_rows(w, y + i * y_step, prefix, y + i * y_step);
  }
}

void tw_avgpool_f64_vblock__wasmsimd(size_t w, size_t k, size_t count, const double* x, size_t step, double* y,
                                    size_t y_step, double* tmp) {
  assert(k >= 1 && count >= 1 && count <= k);
  if (count == k) {
    switch (k) {
      case 1: vblock_full(w, 1, x, step, y, y_step); return;
      case 2: vblock_full(w, 2, x, step, y, y_step); return;
      case 3: vblock_full(w, 3, x, step, y, y_step); return;
      case 4: vblock_full(w, 4, x, step, y, y_step); return;
      case 5: vblock_full(w, 5, x, step, y, y_step); return;
      case 6: vblock_full(w, 6, x, step, y, y_step); return;
      case 7: vblock_full(w, 7, x, step, y, y_step); return;
      case 8: vblock_full(w, 8, x, step, y, y_step); return;
      default: break;
    }
  }
  vblock_rows(w, k, count, x, step, y, y_step, tmp);
}

static inline __attribute__((always_inline)) void hsum_s1_taps(size_t n, const double* x, size_t k, size_t d,
                                                               double divisor, double* y) {
  const v128_t vdivisor = wasm_f64x2_splat(divisor);
  size_t o = 0;
  for (; o + 2 <= n; o += 2) {
    v128_t a = wasm_v128_load(x + o);
    for (size_t j = 1; j < k; j++) a = wasm_f64x2_add(a, wasm_v128_load(x + o + j * d));
    wasm_v128_store(y + o, wasm_f64x2_div(a, vdivisor));
  }
  for (; o < n; o++) {
    double acc = x[o];
    for (size_t j = 1; j < k; j++) acc += x[o + j * d];
    y[o] = acc / divisor;
  }
}

void tw_avgpool_f64_hsum_s1__wasmsimd(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                      double* y) {
  assert(s == 1 && k >= 1);
  (void)s;
  /* Unrolled up to 16 taps, as for float32. */
  if (d == 1) {
    switch (k) {
      case 1: hsum_s1_taps(n, x, 1, 1, divisor, y); return;
      case 2: hsum_s1_taps(n, x, 2, 1, divisor, y); return;
      case 3: hsum_s1_taps(n, x, 3, 1, divisor, y); return;
      case 4: hsum_s1_taps(n, x, 4, 1, divisor, y); return;
      case 5: hsum_s1_taps(n, x, 5, 1, divisor, y); return;
      case 6: hsum_s1_taps(n, x, 6, 1, divisor, y); return;
      case 7: hsum_s1_taps(n, x, 7, 1, divisor, y); return;
      case 8: hsum_s1_taps(n, x, 8, 1, divisor, y); return;
      case 9: hsum_s1_taps(n, x, 9, 1, divisor, y); return;
      case 10: hsum_s1_taps(n, x, 10, 1, divisor, y); return;
      case 11: hsum_s1_taps(n, x, 11, 1, divisor, y); return;
      case 12: hsum_s1_taps(n, x, 12, 1, divisor, y); return;
      case 13: hsum_s1_taps(n, x, 13, 1, divisor, y); return;
      case 14: hsum_s1_taps(n, x, 14, 1, divisor, y); return;
      case 15: hsum_s1_taps(n, x, 15, 1, divisor, y); return;
      case 16: hsum_s1_taps(n, x, 16, 1, divisor, y); return;
      default: break;
    }
  }
  hsum_s1_taps(n, x, k, d, divisor, y);
}

/* Lanes p[0], p[2] from two loads that end exactly on p[2]. */
static inline v128_t even2(const double* p) {
  return wasm_i64x2_shuffle(wasm_v128_load(p), wasm_v128_load(p + 1), 0, 3);
}

void tw_avgpool_f64_hsum_s2__wasmsimd(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                      double* y) {
  assert(s == 2 && k >= 1);
  (void)s;
  const v128_t vdivisor = wasm_f64x2_splat(divisor);
  size_t o = 0;
  for (; o + 2 <= n; o += 2) {
    const double* p = x + 2 * o;
    v128_t acc = even2(p);
    for (size_t j = 1; j < k; j++) acc = wasm_f64x2_add(acc, even2(p + j * d));
    wasm_v128_store(y + o, wasm_f64x2_div(acc, vdivisor));
  }
  for (; o < n; o++) {
    const double* p = x + 2 * o;
    double acc = p[0];
    for (size_t j = 1; j < k; j++) acc += p[j * d];
    y[o] = acc / divisor;
  }
}

void tw_avgpool_f64_hsum__wasmsimd(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                   double* y) {
  assert(k >= 1);
  const v128_t vdivisor = wasm_f64x2_splat(divisor);
  size_t o = 0;
  for (; o + 2 <= n; o += 2) {
    const double* p = x + o * s;
    v128_t acc = wasm_f64x2_make(p[0], p[s]);
    for (size_t j = 1; j < k; j++) acc = wasm_f64x2_add(acc, wasm_f64x2_make(p[j * d], p[s + j * d]));
    wasm_v128_store(y + o, wasm_f64x2_div(acc, vdivisor));
  }
  for (; o < n; o++) {
    const double* p = x + o * s;
    double acc = p[0];
    for (size_t j = 1; j < k; j++) acc += p[j * d];
    y[o] = acc / divisor;
  }
}

/* y[o] = (((acc[o] + x[o]) + x[o+1]) + ... + x[o+r-1]) / divisor, r a
 * compile-time constant in the switch below: the last pass of hsum_split. */
static inline __attribute__((always_inline)) void finish(size_t n, const double* acc, const double* x, size_t r,
                                                         double divisor, double* y) {
  const v128_t vdivisor = wasm_f64x2_splat(divisor);
  size_t o = 0;
  for (; o + 2 <= n; o += 2) {
    v128_t sum = wasm_v128_load(acc + o);
    for (size_t j = 0; j < r; j++) sum = wasm_f64x2_add(sum, wasm_v128_load(x + o + j));
    wasm_v128_store(y + o, wasm_f64x2_div(sum, vdivisor));
  }
  for (; o < n; o++) {
    double sum = acc[o];
    for (size_t j = 0; j < r; j++) sum += x[o + j];
    y[o] = sum / divisor;
  }
}

/* Three passes with fully unrolled inner loops (V8 does not unroll, and a
 * tap loop per vector costs more than its loads): m-tap partial sums into
 * tmp (vsum of m rows 1 element apart), q of them into y (vsum of q rows m
 * elements apart), then the k mod m remaining taps and the division. The
 * additions are those of the scalar kernel, in its order. */
void tw_avgpool_f64_hsum_split__wasmsimd(size_t n, const double* x, size_t k, size_t m, double* tmp, double divisor,
                                         double* y) {
  assert(m >= 1 && m <= k);
  if (n == 0) return;
  const size_t q = k / m, r = k - q * m;
  vsum_any(n + (q - 1) * m, m, x, 1, tmp);
  vsum_any(n, q, tmp, m, y);
  const double* rest = x + q * m;
  switch (r) {
    case 0: finish(n, y, rest, 0, divisor, y); return;
    case 1: finish(n, y, rest, 1, divisor, y); return;
    case 2: finish(n, y, rest, 2, divisor, y); return;
    case 3: finish(n, y, rest, 3, divisor, y); return;
    case 4: finish(n, y, rest, 4, divisor, y); return;
    case 5: finish(n, y, rest, 5, divisor, y); return;
    case 6: finish(n, y, rest, 6, divisor, y); return;
    case 7: finish(n, y, rest, 7, divisor, y); return;
    case 8: finish(n, y, rest, 8, divisor, y); return;
    case 9: finish(n, y, rest, 9, divisor, y); return;
    default: finish(n, y, rest, r, divisor, y); return;
  }
}
