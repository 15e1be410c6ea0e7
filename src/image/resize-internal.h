/* Resize internals: the per-axis tables (resize-weights.c, the one place the
 * sampling rules of resize.h are written), the OpenCV fixed-point driver
 * (resize-fixed.c) and the micro-kernels (resize-kernels-*.c: inner loops
 * only, pre-validated arguments). */
#ifndef TW_IMAGE_RESIZE_INTERNAL_H
#define TW_IMAGE_RESIZE_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/status.h"

/* How one axis samples outside the fixed-point path: n source pixels to m
 * destination pixels; NEAREST (the source index) or AREA (INTER_AREA's
 * weighted mean, the float path). LINEAR and CUBIC take the fixed-point
 * path (below). */
typedef struct tw_resize_axis {
  int64_t n, m;
  int32_t interpolation; /* TW_IMAGE_INTERPOLATION_NEAREST or _AREA */
  int32_t taps;          /* taps every destination pixel gets (1 for NEAREST), <= n */
  double scale;          /* n / m as OpenCV computes it, 1 / (m / n) in double: once, not per pixel */
} tw_resize_axis;

/* Fills the axis description (n >= 1, m >= 1, arguments already valid),
 * including `taps`, the largest tap count any destination pixel needs. */
void tw_resize_axis_init(tw_resize_axis* axis, int64_t n, int64_t m, int32_t interpolation);

/* Destination pixel i (0 <= i < m): its first source pixel, with
 * first + axis->taps <= n, never smaller than for i - 1, and (unless NEAREST
 * or weights is NULL) its axis->taps float32 weights for source pixels
 * first, first + 1, ... */
int32_t tw_resize_axis_tap(const tw_resize_axis* axis, int64_t i, float* weights);

/* OpenCV's fixed-point taps of one axis (resize.h, "OpenCV arithmetic"):
 * kind is LINEAR, CUBIC or AREA (area's blend where the image grows);
 * edge_fix is the horizontal axis's LINEAR/AREA rule (s < 0 or s >= n - 1:
 * that edge pixel, fraction 0). */
typedef struct tw_resize_fixed_axis {
  int64_t n, m;
  int32_t kind, taps, edge_fix; /* taps: 2, or 4 for CUBIC */
  float a;                      /* CUBIC's parameter, as float32 */
} tw_resize_fixed_axis;

void tw_resize_fixed_axis_init(tw_resize_fixed_axis* axis, int64_t n, int64_t m, int32_t kind, double cubic_a,
                               int32_t edge_fix);

/* Destination pixel i: its first tap s (unclamped: tap k reads source pixel
 * clamp(s + k, 0, n - 1)), and (unless weights is NULL) its axis->taps int16
 * weights. Never smaller than for i - 1. */
int64_t tw_resize_fixed_tap(const tw_resize_fixed_axis* axis, int64_t i, int16_t* weights);

/* One band of a resize call, already checked by the entry (resize.c): source
 * rows [src_row, ...) at src hold every row the destination rows [dst_row,
 * dst_row + dst_rows) read; dst holds those destination rows. */
typedef struct tw_resize_band {
  const uint8_t* src;
  uint8_t* dst;
  int32_t src_width, src_height, src_row, dst_width, dst_height, dst_row, channels;
  int64_t dst_rows;
} tw_resize_band;

/* OpenCV's fixed-point two passes (resize-fixed.c): kind LINEAR, CUBIC or
 * AREA (the blend). TW_OUT_OF_MEMORY if its one allocation fails. */
tw_status tw_resize_fixed(const tw_resize_band* band, int32_t kind, double cubic_a);

/* Micro-kernels. Naming: tw_resize_<pass>__<isa>.
 *   hpass(src, dst, width, channels, first, weights, taps): one row,
 *       dst[x·C + c] = ((0 + w[x·T]·src[first[x]·C + c]) + w[x·T + 1]·...)...
 *       for x < width (destination pixels), float32, taps in order.
 *   vpass(rows, stride, weights, taps, count, dst): one row of count values,
 *       v[i] = ((0 + w[0]·rows[i]) + w[1]·rows[stride + i]) ..., rounded half
 *       to even, clamped to [0, 255] (NaN gives 0).
 *   nearest(src, dst, width, channels, index): dst pixel x = src pixel
 *       index[x] (no SIMD variant: it is a gather of whole pixels). */
typedef void tw_resize_hpass_fn(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                                const int32_t* first, const float* weights, int32_t taps);
typedef void tw_resize_vpass_fn(const float* rows, size_t stride, const float* weights, int32_t taps,
                                size_t count, uint8_t* dst);

/* Integer block means (INTER_AREA with integer factors kx, ky):
 *   box_rows(src, stride, ky, count, sums): sums[i] = src[i] + src[stride + i]
 *       + ... over ky rows, i < count (uint32: any ky an image can have).
 *   box_cols(sums, width, channels, kx, scale, dst): destination value (x, c)
 *       = round_u8((float)S · scale), S = the sum of sums[(x·kx + t)·C + c]
 *       over t < kx (a 64-bit sum, converted to float32 rounding half to
 *       even); scale = 1.f / (kx·ky); round_u8 as vpass.
 *   box2(row0, row1, width, channels, dst): kx = ky = 2, channels 1, 3 or 4:
 *       (a + b + c + d + 2) >> 2 of each 2 x 2 block. */
typedef void tw_resize_box_rows_fn(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint32_t* sums);
typedef void tw_resize_box_cols_fn(const uint32_t* sums, int32_t width, int32_t channels, int32_t kx, float scale,
                                   uint8_t* dst);
typedef void tw_resize_box2_fn(const uint8_t* row0, const uint8_t* row1, int32_t width, int32_t channels,
                               uint8_t* dst);
tw_resize_box_rows_fn tw_resize_box_rows__scalar, tw_resize_box_rows__wasmsimd;
tw_resize_box_cols_fn tw_resize_box_cols__scalar, tw_resize_box_cols__wasmsimd;
tw_resize_box2_fn tw_resize_box2__scalar, tw_resize_box2__wasmsimd;

/* OpenCV fixed point (resize-fixed.c drives them):
 *   hfixed(src, dst, x0, x1, channels, first, weights, taps): for x in
 *       [x0, x1), dst[x·C + c] = Σ_k src[(first[x] + k)·C + c]·w[x·T + k]
 *       (int32, exact), every tap inside the row; hfixed_edge the same with
 *       each tap's pixel clamped to [0, n) (scalar only: a few pixels).
 *   vlinear(r0, r1, b0, b1, count, dst): v = ((((r0 >> 4)·b0) >> 16) +
 *       (((r1 >> 4)·b1) >> 16) + 2) >> 2, clamped to [0, 255].
 *   vcubic(rows, b, count, dst): values i < 8·floor(count / 8) in float32,
 *       rne(h0·s0 + (h1·s1 + (h2·s2 + h3·s3))), s_k = (float)b_k·2^-22; the
 *       rest (sum + 2^21) >> 22 of the exact sum; both clamped to [0, 255]. */
typedef void tw_resize_hfixed_fn(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                                 const int64_t* first, const int16_t* weights, int32_t taps);
typedef void tw_resize_vlinear_fn(const int32_t* r0, const int32_t* r1, int16_t b0, int16_t b1, size_t count,
                                  uint8_t* dst);
typedef void tw_resize_vcubic_fn(const int32_t* const* rows, const int16_t* b, size_t count, uint8_t* dst);
tw_resize_hfixed_fn tw_resize_hfixed__scalar, tw_resize_hfixed__wasmsimd;
tw_resize_vlinear_fn tw_resize_vlinear__scalar, tw_resize_vlinear__wasmsimd;
tw_resize_vcubic_fn tw_resize_vcubic__scalar, tw_resize_vcubic__wasmsimd;
void tw_resize_hfixed_edge__scalar(const uint8_t* src, int32_t* dst, int32_t x0, int32_t x1, int32_t channels,
                                   const int64_t* first, const int16_t* weights, int32_t taps, int64_t n);

tw_resize_hpass_fn tw_resize_hpass__scalar, tw_resize_hpass__wasmsimd;
tw_resize_vpass_fn tw_resize_vpass__scalar, tw_resize_vpass__wasmsimd;
void tw_resize_nearest__scalar(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                               const int32_t* index);

/* The vertical pass's last step, shared by the scalar kernel and the SIMD
 * kernel's tail: round half to even (the default rounding mode), clamp. */
static inline uint8_t tw_resize_round_u8(float v) {
  const float r = nearbyintf(v);
  if (r > 255.0f) return 255;
  return r >= 0.0f ? (uint8_t)r : 0; /* NaN fails both tests: 0, as i32x4.trunc_sat gives */
}

/* The cubic vertical pass's integer value (vcubic's tail) and its float32
 * lanes' value, one element each; shared by both kernels. */
static inline uint8_t tw_resize_cubic_int(int32_t h0, int32_t h1, int32_t h2, int32_t h3, const int16_t* b) {
  const int64_t sum = (int64_t)h0 * b[0] + (int64_t)h1 * b[1] + (int64_t)h2 * b[2] + (int64_t)h3 * b[3];
  const int64_t v = (sum + (1 << 21)) >> 22; /* arithmetic shift: floor */
  return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static inline uint8_t tw_resize_cubic_float(int32_t h0, int32_t h1, int32_t h2, int32_t h3, const float* s) {
  const float t3 = (float)h3 * s[3];
  const float p2 = (float)h2 * s[2];
  const float t2 = p2 + t3;
  const float p1 = (float)h1 * s[1];
  const float t1 = p1 + t2;
  const float p0 = (float)h0 * s[0];
  return tw_resize_round_u8(p0 + t1);
}

#endif
