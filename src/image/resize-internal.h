/* Resize internals: the per-axis weight tables (resize-weights.c, the one
 * place the sampling rules of resize.h are written) and the micro-kernels
 * (resize-kernels-*.c: inner loops only, pre-validated arguments). */
#ifndef TW_IMAGE_RESIZE_INTERNAL_H
#define TW_IMAGE_RESIZE_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* How one axis samples: n source pixels to m destination pixels. */
typedef struct tw_resize_axis {
  int64_t n, m;
  int32_t interpolation; /* tw_image_interpolation */
  int32_t antialias;     /* 0 or 1 */
  double cubic_a;
  int32_t taps;  /* taps every destination pixel gets (1 for NEAREST), <= n */
  float divisor; /* AREA with an integer factor: the factor; else 1 */
} tw_resize_axis;

/* Fills the axis description (n >= 1, m >= 1, arguments already valid),
 * including `taps`, the largest tap count any destination pixel needs. */
void tw_resize_axis_init(tw_resize_axis* axis, int64_t n, int64_t m, int32_t interpolation, int32_t antialias,
                         double cubic_a);

/* Destination pixel i (0 <= i < m): its first source pixel, with
 * first + axis->taps <= n, never smaller than for i - 1, and (unless NEAREST
 * or weights is NULL) its axis->taps float32 weights for source pixels
 * first, first + 1, ... */
int32_t tw_resize_axis_tap(const tw_resize_axis* axis, int64_t i, float* weights);

/* Micro-kernels. Naming: tw_resize_<pass>__<isa>.
 *   hpass(src, dst, width, channels, first, weights, taps, clamp): one row,
 *       dst[x·C + c] = ((0 + w[x·T]·src[first[x]·C + c]) + w[x·T + 1]·...)...
 *       for x < width (destination pixels), float32, taps in order; with
 *       clamp, then v = 0 < v ? v : 0 and v = v < 255 ? v : 255 (NaN -> 0,
 *       as f32x4.pmax/pmin give).
 *   vpass(rows, stride, weights, taps, count, divisor, dst): one row of
 *       count values, v[i] = ((0 + w[0]·rows[i]) + w[1]·rows[stride + i]) ...,
 *       divided by divisor unless it is 1, rounded half to even, clamped to
 *       [0, 255] (NaN gives 0).
 *   nearest(src, dst, width, channels, index): dst pixel x = src pixel
 *       index[x] (no SIMD variant: it is a gather of whole pixels). */
typedef void tw_resize_hpass_fn(const uint8_t* src, float* dst, int32_t width, int32_t channels,
                                const int32_t* first, const float* weights, int32_t taps, int32_t clamp);
typedef void tw_resize_vpass_fn(const float* rows, size_t stride, const float* weights, int32_t taps,
                                size_t count, float divisor, uint8_t* dst);

/* Box means (the fast path for block averages, resize.c):
 *   box_rows(src, stride, ky, count, sums): sums[i] = src[i] + src[stride + i]
 *       + ... over ky rows (ky·255 <= 65535), i < count.
 *   box_cols(sums, width, channels, kx, divisor, dst): destination value
 *       (x, c) = round((float)S / divisor), S = the sum of sums[(x·kx + t)·C + c]
 *       over t < kx (exact in float32: S < 2^24); round as vpass. */
typedef void tw_resize_box_rows_fn(const uint8_t* src, size_t stride, int32_t ky, size_t count, uint16_t* sums);
typedef void tw_resize_box_cols_fn(const uint16_t* sums, int32_t width, int32_t channels, int32_t kx, float divisor,
                                   uint8_t* dst);
tw_resize_box_rows_fn tw_resize_box_rows__scalar, tw_resize_box_rows__wasmsimd;
tw_resize_box_cols_fn tw_resize_box_cols__scalar, tw_resize_box_cols__wasmsimd;

tw_resize_hpass_fn tw_resize_hpass__scalar, tw_resize_hpass__wasmsimd;
tw_resize_vpass_fn tw_resize_vpass__scalar, tw_resize_vpass__wasmsimd;
void tw_resize_nearest__scalar(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                               const int32_t* index);

/* The vertical pass's last step, shared by the scalar kernel and the SIMD
 * kernel's tail: round half to even (the default rounding mode), clamp. */
static inline float tw_resize_clamp_f32(float v) {
  v = 0.0f < v ? v : 0.0f;
  return v < 255.0f ? v : 255.0f;
}

static inline uint8_t tw_resize_round_u8(float v) {
  const float r = nearbyintf(v);
  if (r > 255.0f) return 255;
  return r >= 0.0f ? (uint8_t)r : 0; /* NaN fails both tests: 0, as i32x4.trunc_sat gives */
}

#endif
