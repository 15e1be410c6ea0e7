/* float32 AveragePool micro-kernels with wasm SIMD: 4 outputs per v128.
 * Same operations in the same order as avgpool-kernels-scalar.inc (tap order,
 * one division at the end, no FMA), so results are bit-identical; the tails
 * run that scalar order directly. No kernel reads outside the elements its
 * formula names (loads are placed so the last vector ends on the last tap),
 * because the source row may be the caller's x with nothing after it. */
#include <assert.h>
#include <stddef.h>

#include "avgpool-kernels.h"
#include "common/simd.h"

void tw_avgpool_f32_vsum__wasmsimd(size_t w, size_t n, const float* x, size_t step, float* y) {
  assert(n >= 1);
  size_t i = 0;
  for (; i + 8 <= w; i += 8) {
    v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 4);
    for (size_t r = 1; r < n; r++) {
      a = wasm_f32x4_add(a, wasm_v128_load(x + r * step + i));
      b = wasm_f32x4_add(b, wasm_v128_load(x + r * step + i + 4));
    }
    wasm_v128_store(y + i, a);
    wasm_v128_store(y + i + 4, b);
  }
  for (; i + 4 <= w; i += 4) {
    v128_t a = wasm_v128_load(x + i);
    for (size_t r = 1; r < n; r++) a = wasm_f32x4_add(a, wasm_v128_load(x + r * step + i));
    wasm_v128_store(y + i, a);
  }
  for (; i < w; i++) {
    float acc = x[i];
    for (size_t r = 1; r < n; r++) acc += x[r * step + i];
    y[i] = acc;
  }
}

void tw_avgpool_f32_vadd__wasmsimd(size_t w, const float* a, const float* b, float* y) {
  size_t i = 0;
  for (; i + 8 <= w; i += 8) {
    const v128_t lo = wasm_f32x4_add(wasm_v128_load(a + i), wasm_v128_load(b + i));
    const v128_t hi = wasm_f32x4_add(wasm_v128_load(a + i + 4), wasm_v128_load(b + i + 4));
    wasm_v128_store(y + i, lo);
    wasm_v128_store(y + i + 4, hi);
  }
  for (; i + 4 <= w; i += 4) wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  for (; i < w; i++) y[i] = a[i] + b[i];
}

void tw_avgpool_f32_vjoin__wasmsimd(size_t w, const float* prefix, const float* row, const float* suffix,
                                    float* prefix_out, float* y) {
  size_t i = 0;
  for (; i + 4 <= w; i += 4) {
    const v128_t p = wasm_f32x4_add(wasm_v128_load(prefix + i), wasm_v128_load(row + i));
    wasm_v128_store(prefix_out + i, p);
    wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(suffix + i), p));
  }
  for (; i < w; i++) {
    const float p = prefix[i] + row[i];
    prefix_out[i] = p;
    y[i] = suffix[i] + p;
  }
}

void tw_avgpool_f32_hsum_s1__wasmsimd(size_t n, const float* x, size_t k, size_t s, size_t d, float divisor,
                                      float* y) {
  assert(s == 1 && k >= 1);
  (void)s;
  const v128_t vdivisor = wasm_f32x4_splat(divisor);
  size_t o = 0;
  for (; o + 8 <= n; o += 8) {
    v128_t a = wasm_v128_load(x + o), b = wasm_v128_load(x + o + 4);
    for (size_t j = 1; j < k; j++) {
      a = wasm_f32x4_add(a, wasm_v128_load(x + o + j * d));
      b = wasm_f32x4_add(b, wasm_v128_load(x + o + 4 + j * d));
    }
    wasm_v128_store(y + o, wasm_f32x4_div(a, vdivisor));
    wasm_v128_store(y + o + 4, wasm_f32x4_div(b, vdivisor));
  }
  for (; o + 4 <= n; o += 4) {
    v128_t a = wasm_v128_load(x + o);
    for (size_t j = 1; j < k; j++) a = wasm_f32x4_add(a, wasm_v128_load(x + o + j * d));
    wasm_v128_store(y + o, wasm_f32x4_div(a, vdivisor));
  }
  for (; o < n; o++) {
    float acc = x[o];
    for (size_t j = 1; j < k; j++) acc += x[o + j * d];
    y[o] = acc / divisor;
  }
}

/* Even lanes p[0], p[2], p[4], p[6] from two loads that end exactly on p[6]. */
static inline v128_t even4(const float* p) {
  return wasm_i32x4_shuffle(wasm_v128_load(p), wasm_v128_load(p + 3), 0, 2, 5, 7);
}

void tw_avgpool_f32_hsum_s2__wasmsimd(size_t n, const float* x, size_t k, size_t s, size_t d, float divisor,
                                      float* y) {
  assert(s == 2 && k >= 1);
  (void)s;
  const v128_t vdivisor = wasm_f32x4_splat(divisor);
  size_t o = 0;
  if (d == 1) {
    /* Adjacent taps j, j+1 share two loads: one deinterleave gives both. */
    for (; o + 4 <= n; o += 4) {
      const float* p = x + 2 * o;
      v128_t acc;
      size_t j;
      if (k >= 2) {
        const v128_t lo = wasm_v128_load(p), hi = wasm_v128_load(p + 4);
        acc = wasm_f32x4_add(wasm_i32x4_shuffle(lo, hi, 0, 2, 4, 6), wasm_i32x4_shuffle(lo, hi, 1, 3, 5, 7));
        j = 2;
      } else {
        acc = even4(p);
        j = 1;
      }
      for (; j + 2 <= k; j += 2) {
        const v128_t lo = wasm_v128_load(p + j), hi = wasm_v128_load(p + j + 4);
        acc = wasm_f32x4_add(acc, wasm_i32x4_shuffle(lo, hi, 0, 2, 4, 6));
        acc = wasm_f32x4_add(acc, wasm_i32x4_shuffle(lo, hi, 1, 3, 5, 7));
      }
      if (j < k) acc = wasm_f32x4_add(acc, even4(p + j));
      wasm_v128_store(y + o, wasm_f32x4_div(acc, vdivisor));
    }
  } else {
    for (; o + 4 <= n; o += 4) {
      const float* p = x + 2 * o;
      v128_t acc = even4(p);
      for (size_t j = 1; j < k; j++) acc = wasm_f32x4_add(acc, even4(p + j * d));
      wasm_v128_store(y + o, wasm_f32x4_div(acc, vdivisor));
    }
  }
  for (; o < n; o++) {
    const float* p = x + 2 * o;
    float acc = p[0];
    for (size_t j = 1; j < k; j++) acc += p[j * d];
    y[o] = acc / divisor;
  }
}

void tw_avgpool_f32_hsum__wasmsimd(size_t n, const float* x, size_t k, size_t s, size_t d, float divisor,
                                   float* y) {
  assert(k >= 1);
  const v128_t vdivisor = wasm_f32x4_splat(divisor);
  size_t o = 0;
  for (; o + 4 <= n; o += 4) {
    const float* p = x + o * s;
    v128_t acc = wasm_f32x4_make(p[0], p[s], p[2 * s], p[3 * s]);
    for (size_t j = 1; j < k; j++) {
      const float* q = p + j * d;
      acc = wasm_f32x4_add(acc, wasm_f32x4_make(q[0], q[s], q[2 * s], q[3 * s]));
    }
    wasm_v128_store(y + o, wasm_f32x4_div(acc, vdivisor));
  }
  for (; o < n; o++) {
    const float* p = x + o * s;
    float acc = p[0];
    for (size_t j = 1; j < k; j++) acc += p[j * d];
    y[o] = acc / divisor;
  }
}
