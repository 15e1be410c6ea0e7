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

void tw_avgpool_f64_vadd__wasmsimd(size_t w, const double* a, const double* b, double* y) {
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

void tw_avgpool_f64_vjoin__wasmsimd(size_t w, const double* prefix, const double* row, const double* suffix,
                                    double* prefix_out, double* y) {
  size_t i = 0;
  for (; i + 2 <= w; i += 2) {
    const v128_t p = wasm_f64x2_add(wasm_v128_load(prefix + i), wasm_v128_load(row + i));
    wasm_v128_store(prefix_out + i, p);
    wasm_v128_store(y + i, wasm_f64x2_add(wasm_v128_load(suffix + i), p));
  }
  for (; i < w; i++) {
    const double p = prefix[i] + row[i];
    prefix_out[i] = p;
    y[i] = suffix[i] + p;
  }
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
