/* Image warp internals: OpenCV 4.6's fixed-point warp arithmetic (warp.h
 * states it for users), split into the stages the entry (warp.c) runs for
 * each destination row, a run of at most TW_WARP_RUN pixels at a time:
 *
 *   coordinates  source tap position and 5-bit fractions of each pixel, as
 *                int32 (sx, sy saturated to int16 like OpenCV's CV_16SC2
 *                map; a = fy * 32 + fx, the weight table's row);
 *   sampling     each pixel from its coordinates: every tap inside the
 *                source -> the micro-kernel's own loads; otherwise
 *                tw_warp_fixed_bordered (the border rules per tap).
 *
 * Kernel names: tw_image_warp_<what>__<isa>; the scalar kernels are the
 * reference, the wasmsimd kernels give the same bytes. */
#ifndef TW_WARP_WARP_FIXED_H
#define TW_WARP_WARP_FIXED_H

#include <stddef.h>
#include <stdint.h>

#include "image/image.h"
#include "warp.inc"

#define TW_WARP_INTER_BITS 5 /* fraction bits of a tap position (INTER_BITS) */
#define TW_WARP_TAB (1 << TW_WARP_INTER_BITS)
#define TW_WARP_AB_BITS 10 /* fraction bits of the affine coordinates */
#define TW_WARP_COEF_BITS 15 /* a 2-D weight table row sums to 1 << 15 */
#define TW_WARP_RUN 256      /* pixels per coordinate run */

/* Where a pixel's source position comes from. */
enum { TW_WARP_KIND_AFFINE = 0, TW_WARP_KIND_PERSPECTIVE = 1, TW_WARP_KIND_REMAP = 2 };

/* One warp, normalised: the kernels' view of a prepared warp (warp-plan.h). */
typedef struct tw_warp_fixed {
  const uint8_t* src;
  int32_t width, height, channels; /* the source */
  int32_t interpolation, border;   /* TW_IMAGE_* */
  uint8_t fill[4];                 /* CONSTANT's channel values */
  double m[9];                     /* destination -> source (affine: 6) */
  int perspective; /* the matrix is 3 x 3 */
  int32_t block_width; /* perspective: columns restart every block_width (OpenCV's blocks) */
  const int32_t* adelta; /* affine, per destination column: rne(m0 * x * 1024), rne(m3 * x * 1024) */
  const int32_t* bdelta;
  const int16_t* table; /* 2-D weights, K * K per row (linear K = 2, cubic 4); NULL for nearest */
  const float* map_x;   /* remap: the source x of destination pixel (row, col) at row * map_stride + col */
  const float* map_y;
  size_t map_stride;
} tw_warp_fixed;

/* A run of pixels' coordinates (TW_WARP_RUN entries each). */
typedef struct tw_warp_coords {
  int32_t* x;
  int32_t* y;
  int32_t* a;
} tw_warp_coords;

/* The int16 weight table of LINEAR (1024 x 2 x 2) or CUBIC (1024 x 4 x 4),
 * row fy * 32 + fx, tap (r, c) at r * K + c; built on first use into static
 * storage (warp-fixed-tables.c; not thread-safe on first use, like the
 * module). NULL for NEAREST. */
const int16_t* tw_warp_fixed_table(int32_t interpolation);

/* The table with each row's taps paired with the tap below them, for
 * kernels that multiply a tap and the one below it together: per pair of
 * tap rows (0 and 1, then 2 and 3) the columns in order, each as (upper,
 * lower); tap (r, c) of row a at a * K * K + (r / 2) * 2K + 2c + r % 2.
 * Built on first use, like the table; NULL for NEAREST. */
const int16_t* tw_warp_fixed_columns(int32_t interpolation);

/* cvRound of a double as OpenCV's saturate_cast<int> on x86-64 gives it:
 * round half to even, and INT32_MIN for anything outside int32 (NaN too). */
int32_t tw_warp_round(double v);

/* The per-column affine deltas of destination columns [0, width). */
void tw_warp_affine_deltas(const double* m, int32_t width, int32_t* adelta, int32_t* bdelta);

/* Coordinates of destination pixels (row, col + k), k < n <= TW_WARP_RUN:
 * tw_image_warp_<affine|perspective|remap>_coords__<isa>. */
typedef void (*tw_warp_coords_fn)(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                  const tw_warp_coords* out);
#define TW_WARP_DECLARE_COORDS(name, KIND, isa, simd)                                                    \
  void tw_image_warp_##name##_coords__##isa(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n, \
                                             const tw_warp_coords* out);
TW_WARP_COORD_KERNELS(TW_WARP_DECLARE_COORDS)
#undef TW_WARP_DECLARE_COORDS

/* n pixels from their coordinates into dst (channels bytes each):
 * tw_image_warp_<nearest|linear|cubic>__<isa>. */
typedef void (*tw_warp_sample_fn)(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst);
#define TW_WARP_DECLARE_SAMPLE(name, INTERPOLATION, isa, simd) \
  void tw_image_warp_##name##__##isa(const tw_warp_fixed* w, const tw_warp_coords* c, int32_t n, uint8_t* dst);
TW_WARP_SAMPLE_KERNELS(TW_WARP_DECLARE_SAMPLE)
#undef TW_WARP_DECLARE_SAMPLE

/* Coordinates and pixels of destination pixels (row, col + k), k < n <=
 * TW_WARP_RUN, in one pass, into dst: tw_image_warp_<kind>_<interpolation>__<isa>. */
typedef void (*tw_warp_fused_fn)(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n, uint8_t* dst);
#define TW_WARP_DECLARE_FUSED(name, KIND, INTERPOLATION, isa, simd) \
  void tw_image_warp_##name##__##isa(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n, uint8_t* dst);
TW_WARP_FUSED_KERNELS(TW_WARP_DECLARE_FUSED)
#undef TW_WARP_DECLARE_FUSED

/* One pixel with some tap outside the source: each tap's index through the
 * border rule (cv::borderInterpolate), CONSTANT taps take the fill; the sum
 * and rounding of the kernels (warp-fixed-border.c). Both ISAs call it. */
void tw_warp_fixed_bordered(const tw_warp_fixed* w, int32_t sx, int32_t sy, int32_t a, uint8_t* out);

/* int32 addition that wraps, as OpenCV's int arithmetic does on its targets. */
static inline int32_t tw_warp_add_wrap(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }

/* OpenCV's saturate_cast<short> of a source coordinate. */
static inline int32_t tw_warp_sat16(int32_t v) { return v < -32768 ? -32768 : v > 32767 ? 32767 : v; }

/* The affine row origin: output pixel x of `row` samples the fixed-point
 * point (X0 + adelta[x], Y0 + bdelta[x]); X0 and Y0 carry the rounding term
 * of the interpolation (half a pixel for nearest, half a 1/32 step else). */
static inline void tw_warp_affine_row(const tw_warp_fixed* w, int32_t row, int32_t* X0, int32_t* Y0) {
  const int32_t rd = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST ? 1 << (TW_WARP_AB_BITS - 1)
                                                                        : 1 << (TW_WARP_AB_BITS - TW_WARP_INTER_BITS - 1);
  const double y = (double)row, scale = (double)(1 << TW_WARP_AB_BITS);
  *X0 = tw_warp_add_wrap(tw_warp_round((w->m[1] * y + w->m[2]) * scale), rd);
  *Y0 = tw_warp_add_wrap(tw_warp_round((w->m[4] * y + w->m[5]) * scale), rd);
}

/* Whether every tap of a pixel at (sx, sy) lies inside: taps first .. first
 * + K - 1 from sx (first = -1 for cubic). */

static inline int tw_warp_fixed_inside(const tw_warp_fixed* w, int32_t sx, int32_t sy, int K, int first) {
  return sx + first >= 0 && sx + first + K <= w->width && sy + first >= 0 && sy + first + K <= w->height;
}

/* Python's p mod n (n > 0). */
static inline int32_t tw_warp_mod(int32_t p, int32_t n) {
  const int32_t r = p % n;
  return r < 0 ? r + n : r;
}

/* Tap p of an axis of n >= 1 pixels -> its source index, or -1 (CONSTANT: the fill). */
static inline int32_t tw_warp_border_index(int32_t p, int32_t n, int32_t border) {
  if (p >= 0 && p < n) return p;
  /* one reflection or wrap away (most taps): the general forms' values without a division */
  const int32_t near = border == TW_IMAGE_BORDER_REFLECT    ? (p < 0 ? -p : 2 * n - 2 - p)
                       : border == TW_IMAGE_BORDER_SYMMETRIC ? (p < 0 ? -p - 1 : 2 * n - 1 - p)
                       : border == TW_IMAGE_BORDER_WRAP      ? (p < 0 ? p + n : p - n)
                                                             : -1;
  if (near >= 0 && near < n && n > 1) return near;
  switch (border) {
    case TW_IMAGE_BORDER_EDGE: /* BORDER_REPLICATE */
      return p < 0 ? 0 : n - 1;
    case TW_IMAGE_BORDER_REFLECT: { /* BORDER_REFLECT_101: dcb|abcd|cba */
      if (n == 1) return 0;
      const int32_t q = tw_warp_mod(p, 2 * n - 2);
      return q < n ? q : 2 * n - 2 - q;
    }
    case TW_IMAGE_BORDER_SYMMETRIC: { /* BORDER_REFLECT: cba|abcd|dcb */
      const int32_t q = tw_warp_mod(p, 2 * n);
      return q < n ? q : 2 * n - 1 - q;
    }
    case TW_IMAGE_BORDER_WRAP:
      return tw_warp_mod(p, n);
    default: /* CONSTANT */
      return -1;
  }
}

/* Whether every tap is the CONSTANT border's fill: then the pixel is the fill
 * (a table row sums to 1 << 15). */
static inline int tw_warp_fixed_all_fill(const tw_warp_fixed* w, int32_t sx, int32_t sy, int K, int first) {
  return w->border == TW_IMAGE_BORDER_CONSTANT &&
         (sx + first + K <= 0 || sx + first >= w->width || sy + first + K <= 0 || sy + first >= w->height);
}

/* A 2-D kernel's sum as a pixel value: (s + 2^14) >> 15 (arithmetic), clamped. */
static inline uint8_t tw_warp_fixed_u8(int32_t s) {
  const int32_t v = (s + (1 << (TW_WARP_COEF_BITS - 1))) >> TW_WARP_COEF_BITS;
  return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

#endif
