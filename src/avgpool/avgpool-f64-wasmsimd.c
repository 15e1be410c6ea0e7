/* float64 AveragePool micro-kernels with wasm SIMD: 2 outputs per v128.
 * Same operations in the same order as avgpool-kernels-scalar.inc, so the
 * results are bit-identical; no load reaches past the last tap it needs. */
#include <assert.h>
#include <stddef.h>

#include "avgpool-kernels.h"
#include "common/simd.h"

void tw_avgpool_f64_vsum__wasmsimd(size_t w, size_t n, const double* x, size_t step, double* y) {
  assert(n >= 1);
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

/* Any k and count: the suffix sums go through y (as in the scalar kernel). */
static void vblock_any(size_t w, size_t k, size_t count, const double* x, size_t step, double* y, size_t y_step) {
  size_t i = 0;
  for (; i + 2 <= w; i += 2) {
    v128_t suffix = wasm_v128_load(x + (k - 1) * step + i);
    if (k - 1 < count) wasm_v128_store(y + (k - 1) * y_step + i, suffix);
    for (size_t j = k - 1; j-- > 0;) {
      suffix = wasm_f64x2_add(suffix, wasm_v128_load(x + j * step + i));
      if (j < count) wasm_v128_store(y + j * y_step + i, suffix);
    }
    if (count < 2) continue;
    v128_t prefix = wasm_v128_load(x + k * step + i);
    wasm_v128_store(y + y_step + i, wasm_f64x2_add(wasm_v128_load(y + y_step + i), prefix));
    for (size_t j = 2; j < count; j++) {
      prefix = wasm_f64x2_add(prefix, wasm_v128_load(x + (k + j - 1) * step + i));
      wasm_v128_store(y + j * y_step + i, wasm_f64x2_add(wasm_v128_load(y + j * y_step + i), prefix));
    }
  }
  for (; i < w; i++) {
    double suffix = x[(k - 1) * step + i];
    if (k - 1 < count) y[(k - 1) * y_step + i] = suffix;
    for (size_t j = k - 1; j-- > 0;) {
      suffix += x[j * step + i];
      if (j < count) y[j * y_step + i] = suffix;
    }
    if (count < 2) continue;
    double prefix = x[k * step + i];
    y[y_step + i] = y[y_step + i] + prefix;
    for (size_t j = 2; j < count; j++) {
      prefix += x[(k + j - 1) * step + i];
      y[j * y_step + i] = y[j * y_step + i] + prefix;
    }
  }
}

void tw_avgpool_f64_vblock__wasmsimd(size_t w, size_t k, size_t count, const double* x, size_t step, double* y,
                                    size_t y_step) {
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
  vblock_any(w, k, count, x, step, y, y_step);
}

void tw_avgpool_f64_hsum_s1__wasmsimd(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                      double* y) {
  assert(s == 1 && k >= 1);
  (void)s;
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
