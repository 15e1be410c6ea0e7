/* AveragePool micro-kernels: the inner loops only. They take pre-validated
 * counts and pointers, contain no spec logic, read only the elements their
 * formula names and write only y[0..count). The *__scalar variants are the
 * reference; the *__wasmsimd variants perform the same IEEE operations in the
 * same order (no FMA), so both give bit-identical results.
 *
 * Naming: tw_avgpool_<type>_<kernel>__<isa>. For T = float (f32) or double (f64):
 *
 *   vsum(w, n, x, step, y):          n >= 1 rows, `step` elements apart
 *       y[i] = ((x[i] + x[step + i]) + x[2·step + i]) + ...      i < w
 *   vadd(w, a, b, y):                y may be a or b
 *       y[i] = a[i] + b[i]                                       i < w
 *   vjoin(w, prefix, row, suffix, prefix_out, y):   one step of the blocked
 *       window sum (avgpool-run.inc): extend a prefix sum by a row, then join
 *       it to a suffix sum; prefix_out may be prefix
 *       prefix_out[i] = prefix[i] + row[i];  y[i] = suffix[i] + prefix_out[i]
 *   hsum_s1 / hsum_s2 / hsum(n, x, k, s, d, divisor, y):         window sums
 *       along a row with stride s (1, 2, any), k >= 1 taps d apart:
 *       y[o] = (((x[o·s] + x[o·s + d]) + ...) + x[o·s + (k-1)·d]) / divisor
 */
#ifndef TW_AVGPOOL_AVGPOOL_KERNELS_H
#define TW_AVGPOOL_AVGPOOL_KERNELS_H

#include <stddef.h>

#include "avgpool.inc"

typedef void (*tw_avgpool_f32_vsum_fn)(size_t w, size_t n, const float* x, size_t step, float* y);
typedef void (*tw_avgpool_f32_vadd_fn)(size_t w, const float* a, const float* b, float* y);
typedef void (*tw_avgpool_f32_vjoin_fn)(size_t w, const float* prefix, const float* row, const float* suffix,
                                        float* prefix_out, float* y);
typedef void (*tw_avgpool_f32_hsum_fn)(size_t n, const float* x, size_t k, size_t s, size_t d, float divisor,
                                       float* y);
typedef void (*tw_avgpool_f64_vsum_fn)(size_t w, size_t n, const double* x, size_t step, double* y);
typedef void (*tw_avgpool_f64_vadd_fn)(size_t w, const double* a, const double* b, double* y);
typedef void (*tw_avgpool_f64_vjoin_fn)(size_t w, const double* prefix, const double* row, const double* suffix,
                                        double* prefix_out, double* y);
typedef void (*tw_avgpool_f64_hsum_fn)(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                       double* y);

#define TW_AVGPOOL_DECLARE(type, ctype, isa)                                                              \
  void tw_avgpool_##type##_vsum__##isa(size_t w, size_t n, const ctype* x, size_t step, ctype* y);        \
  void tw_avgpool_##type##_vadd__##isa(size_t w, const ctype* a, const ctype* b, ctype* y);               \
  void tw_avgpool_##type##_vjoin__##isa(size_t w, const ctype* prefix, const ctype* row, const ctype* suffix, \
                                        ctype* prefix_out, ctype* y);                                     \
  void tw_avgpool_##type##_hsum_s1__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d,          \
                                          ctype divisor, ctype* y);                                       \
  void tw_avgpool_##type##_hsum_s2__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d,          \
                                          ctype divisor, ctype* y);                                       \
  void tw_avgpool_##type##_hsum__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d, ctype divisor, \
                                       ctype* y);
TW_AVGPOOL_KERNELS(TW_AVGPOOL_DECLARE)
#undef TW_AVGPOOL_DECLARE

#endif
