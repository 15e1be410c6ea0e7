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
 *   vblock(w, k, count, x, step, y, y_step, tmp):   1 <= count <= k window sums
 *       of k consecutive rows, for the windows starting at rows 0..count-1 of
 *       x (rows `step` apart; rows 0..k+count-2 are read), sharing the
 *       additions of overlapping rows (van Herk / Gil-Werman with sums):
 *       S_{k-1} = x_{k-1},  S_j = S_{j+1} + x_j      suffix sums of rows 0..k-1
 *       P_0 = x_k,          P_j = P_{j-1} + x_{k+j}  prefix sums of rows k..
 *       y_0 = S_0,          y_i = S_i + P_{i-1}      (row y_i at y + i·y_step)
 *       About 3 additions per output element whatever k is, and each y_i is
 *       a plain sum of its k rows: nothing is subtracted, nothing drifts.
 *       tmp: w elements the kernel may overwrite (the SIMD kernel keeps a
 *       prefix row there when k is too large for registers).
 *   hsum_s1 / hsum_s2 / hsum(n, x, k, s, d, divisor, y):         window sums
 *       along a row with stride s (1, 2, any), k >= 1 taps d apart:
 *       y[o] = (((x[o·s] + x[o·s + d]) + ...) + x[o·s + (k-1)·d]) / divisor
 *   hsum_split(n, x, k, m, tmp, divisor, y):   stride 1, dilation 1, long
 *       kernels in O(m + k/m) instead of O(k) per output (m ~ sqrt(k)):
 *       q = k / m, r = k mod m
 *       tmp[i] = ((x[i] + x[i+1]) + ...) + x[i+m-1]          i < n + (q-1)·m
 *       y[o] = (((((tmp[o] + tmp[o+m]) + ...) + tmp[o+(q-1)·m])
 *                 + x[o+q·m]) + ... + x[o+k-1]) / divisor
 */
#ifndef TW_AVGPOOL_AVGPOOL_KERNELS_H
#define TW_AVGPOOL_AVGPOOL_KERNELS_H

#include <stddef.h>

#include "avgpool.inc"

typedef void (*tw_avgpool_f32_vsum_fn)(size_t w, size_t n, const float* x, size_t step, float* y);
typedef void (*tw_avgpool_f32_vblock_fn)(size_t w, size_t k, size_t count, const float* x, size_t step, float* y,
                                         size_t y_step, float* tmp);
typedef void (*tw_avgpool_f32_hsum_fn)(size_t n, const float* x, size_t k, size_t s, size_t d, float divisor,
                                       float* y);
typedef void (*tw_avgpool_f32_hsum_split_fn)(size_t n, const float* x, size_t k, size_t m, float* tmp, float divisor,
                                             float* y);
typedef void (*tw_avgpool_f64_vsum_fn)(size_t w, size_t n, const double* x, size_t step, double* y);
typedef void (*tw_avgpool_f64_vblock_fn)(size_t w, size_t k, size_t count, const double* x, size_t step, double* y,
                                         size_t y_step, double* tmp);
typedef void (*tw_avgpool_f64_hsum_fn)(size_t n, const double* x, size_t k, size_t s, size_t d, double divisor,
                                       double* y);
typedef void (*tw_avgpool_f64_hsum_split_fn)(size_t n, const double* x, size_t k, size_t m, double* tmp, double divisor,
                                             double* y);

#define TW_AVGPOOL_DECLARE(type, ctype, isa)                                                              \
  void tw_avgpool_##type##_vsum__##isa(size_t w, size_t n, const ctype* x, size_t step, ctype* y);        \
  void tw_avgpool_##type##_vblock__##isa(size_t w, size_t k, size_t count, const ctype* x, size_t step,     \
                                         ctype* y, size_t y_step, ctype* tmp);                            \
  void tw_avgpool_##type##_hsum_s1__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d,          \
                                          ctype divisor, ctype* y);                                       \
  void tw_avgpool_##type##_hsum_s2__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d,          \
                                          ctype divisor, ctype* y);                                       \
  void tw_avgpool_##type##_hsum__##isa(size_t n, const ctype* x, size_t k, size_t s, size_t d, ctype divisor, \
                                       ctype* y);                                                         \
  void tw_avgpool_##type##_hsum_split__##isa(size_t n, const ctype* x, size_t k, size_t m, ctype* tmp,     \
                                             ctype divisor, ctype* y);
TW_AVGPOOL_KERNELS(TW_AVGPOOL_DECLARE)
#undef TW_AVGPOOL_DECLARE

#endif
