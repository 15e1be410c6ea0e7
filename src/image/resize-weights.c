/* Resize tables: the sampling rules of resize.h, per axis, in one place.
 * The float path's weights (OpenCV's INTER_AREA weighted mean) are computed
 * in double and rounded to float32 once, at the end (resize.h, MEAN); the
 * fixed-point taps follow OpenCV's float32 and double steps. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "image/image.h"
#include "image/resize-internal.h"

static int32_t min32(int64_t a, int64_t b) { return (int32_t)(a < b ? a : b); }

/* OpenCV 4.6 INTER_NEAREST_EXACT (resize.h). */
static int32_t nearest_index(const tw_resize_axis* axis, int64_t i) {
  const int64_t step = ((axis->n << 16) + axis->m / 2) / axis->m;
  int64_t j = (step * i + step / 2 - 1) >> 16;
  if (j < 0) j = 0;
  return min32(j, axis->n - 1);
}

/* OpenCV's INTER_AREA cell of destination pixel i (computeResizeAreaTab,
 * scale = n / m >= 1 as 1 / (m / n) in double): [fs1, fs2) = [i·scale,
 * i·scale + scale), cell = min(scale, n - fs1); whole source pixels
 * [s1, s2) with s2 = min(floor(fs2), n - 1), s1 = min(ceil(fs1), s2); a
 * partial pixel s1 - 1 before them when s1 - fs1 > 1e-3 (head), and s2
 * after them when fs2 - s2 > 1e-3 (tail). */
typedef struct area_cell {
  double fs1, fs2, cell;
  int64_t s1, s2;
  int head, tail;
} area_cell;

static area_cell area_cell_of(const tw_resize_axis* axis, int64_t i) {
  const double scale = axis->scale;
  area_cell c;
  c.fs1 = (double)i * scale;
  c.fs2 = c.fs1 + scale;
  const double room = (double)axis->n - c.fs1;
  c.cell = room < scale ? room : scale;
  c.s2 = (int64_t)floor(c.fs2);
  if (c.s2 > axis->n - 1) c.s2 = axis->n - 1;
  c.s1 = (int64_t)ceil(c.fs1);
  if (c.s1 > c.s2) c.s1 = c.s2;
  c.head = (double)c.s1 - c.fs1 > 1e-3;
  c.tail = c.fs2 - (double)c.s2 > 1e-3;
  return c;
}

/* Its weights, source pixel by source pixel from *lo (pixel_range). */
static void area_weights(const area_cell* c, float* w) {
  int64_t k = 0;
  if (c->head) w[k++] = (float)(((double)c->s1 - c->fs1) / c->cell);
  for (int64_t s = c->s1; s < c->s2; s++) w[k++] = (float)(1.0 / c->cell);
  if (c->tail) {
    double part = c->fs2 - (double)c->s2;
    part = part < 1.0 ? part : 1.0;
    part = part < c->cell ? part : c->cell;
    w[k] = (float)(part / c->cell);
  }
}

/* The source pixels [*lo, *hi) with a weight, inside [0, n). */
static void pixel_range(const tw_resize_axis* axis, int64_t i, int64_t* lo, int64_t* hi) {
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    *lo = nearest_index(axis, i);
    *hi = *lo + 1;
    return;
  }
  const area_cell c = area_cell_of(axis, i);
  *lo = c.head ? c.s1 - 1 : c.s1;
  *hi = c.tail ? c.s2 + 1 : c.s2;
  if (*hi <= *lo) *hi = *lo + 1; /* cannot happen for s >= 1: keep the range non-empty (weight 0) */
}

/* An upper bound of pixel_range's hi - lo over every destination pixel:
 * never below the true maximum (the scan may stop there), exact where the
 * arithmetic is: NEAREST 1; AREA floor(scale) + 2 (area_cell). Never more
 * than n. */
static int64_t tap_bound(const tw_resize_axis* axis) {
  const int64_t n = axis->n;
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) return 1;
  const double scale = axis->scale;
  const int64_t bound = scale < (double)n ? (int64_t)scale + 2 : n;
  return bound < n ? bound : n;
}

/* The largest tap count of any destination pixel. The scan stops as soon as
 * it reaches what no pixel can exceed (tap_bound), so its cost follows the
 * taps, not the destination's length: a 1 x 2^31 destination of a 1-pixel
 * source took 33 s of scanning for a count that is 1 at i = 0. The result is
 * the full scan's. */
static int32_t scan_taps(const tw_resize_axis* axis) {
  const int64_t bound = tap_bound(axis);
  int64_t taps = 1;
  for (int64_t i = 0; i < axis->m && taps < bound; i++) {
    int64_t lo, hi;
    pixel_range(axis, i, &lo, &hi);
    if (hi - lo > taps) taps = hi - lo;
  }
  return (int32_t)taps;
}

void tw_resize_axis_init(tw_resize_axis* axis, int64_t n, int64_t m, int32_t interpolation) {
  axis->n = n;
  axis->m = m;
  axis->interpolation = interpolation;
  axis->scale = 1.0 / ((double)m / (double)n); /* once: area_cell_of divided twice per pixel */
  /* The last scan's answer. The banded callers (js/image/resize-bands.js)
   * ask for the same axis twice per band, the source-rows query and the
   * band's resize: 40 scans of 540 rows for a 1080p area resize to half,
   * a fifth of its time. The taps depend on (n, m, interpolation) alone. */
  static tw_resize_axis last = {.n = -1}; /* no axis has n = -1 */
  if (last.n == n && last.m == m && last.interpolation == interpolation) {
    axis->taps = last.taps;
    return;
  }
  axis->taps = scan_taps(axis);
  last = *axis;
}

int32_t tw_resize_axis_tap(const tw_resize_axis* axis, int64_t i, float* weights) {
  int64_t lo, hi;
  pixel_range(axis, i, &lo, &hi);
  const int32_t first = min32(lo, axis->n - axis->taps);
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST || weights == NULL) return first;
  memset(weights, 0, (size_t)axis->taps * sizeof *weights);
  const area_cell c = area_cell_of(axis, i);
  area_weights(&c, weights + (lo - first));
  return first;
}

/* ---- OpenCV fixed point (INTER_LINEAR, INTER_CUBIC, INTER_AREA's blend) ---- */

/* double -> float32 rounding to nearest, overflowing to an infinity as IEEE
 * does (a plain cast of a value past FLT_MAX is undefined in C). */
static float to_f32(double v) {
  if (fabs(v) <= (double)FLT_MAX) return (float)v;
  const double limit = 340282356779733661637539395458142568448.0; /* FLT_MAX + half an ulp: rounds up */
  if (fabs(v) >= limit) return v > 0 ? INFINITY : -INFINITY;
  return v > 0 ? FLT_MAX : -FLT_MAX;
}

void tw_resize_fixed_axis_init(tw_resize_fixed_axis* axis, int64_t n, int64_t m, int32_t kind, double cubic_a,
                               int32_t edge_fix) {
  axis->n = n;
  axis->m = m;
  axis->kind = kind;
  axis->taps = kind == TW_IMAGE_INTERPOLATION_CUBIC ? 4 : 2;
  axis->edge_fix = edge_fix && kind != TW_IMAGE_INTERPOLATION_CUBIC;
  axis->a = to_f32(cubic_a);
}

/* OpenCV's interpolateCubic in float32, one operation per statement (no
 * contraction into fused multiply-adds), A in place of its -0.75. */
static void cubic_coefficients(float x, float A, float* c) {
  const float x1 = x + 1.0f, y = 1.0f - x;
  const float a5 = 5.0f * A, a8 = 8.0f * A, a4 = 4.0f * A, ap2 = A + 2.0f, ap3 = A + 3.0f;
  float t = A * x1;
  t = t - a5;
  t = t * x1;
  t = t + a8;
  t = t * x1;
  c[0] = t - a4;
  t = ap2 * x;
  t = t - ap3;
  t = t * x;
  t = t * x;
  c[1] = t + 1.0f;
  t = ap2 * y;
  t = t - ap3;
  t = t * y;
  t = t * y;
  c[2] = t + 1.0f;
  t = 1.0f - c[0];
  t = t - c[1];
  c[3] = t - c[2];
}

/* saturate_cast<short>(c · 2048): round half to even, clamp; NaN -> 0. */
static int16_t fixed_weight(float c) {
  const float v = c * 2048.0f;
  if (v != v) return 0;
  if (v >= 32767.0f) return 32767;
  if (v <= -32768.0f) return -32768;
  return (int16_t)nearbyintf(v);
}

int64_t tw_resize_fixed_tap(const tw_resize_fixed_axis* axis, int64_t i, int16_t* weights) {
  const double inv = (double)axis->m / (double)axis->n, scale = 1.0 / inv;
  int64_t s;
  float f;
  if (axis->kind == TW_IMAGE_INTERPOLATION_AREA) {
    s = (int64_t)floor((double)i * scale);
    f = (float)((double)(i + 1) - (double)(s + 1) * inv);
    f = f <= 0.0f ? 0.0f : f - floorf(f);
  } else {
    f = (float)(((double)i + 0.5) * scale - 0.5);
    s = (int64_t)floorf(f);
    f = f - (float)s;
  }
  if (axis->edge_fix && s < 0) s = 0, f = 0.0f;
  if (axis->edge_fix && s >= axis->n - 1) s = axis->n - 1, f = 0.0f;
  if (weights != NULL) {
    float c[4];
    if (axis->kind == TW_IMAGE_INTERPOLATION_CUBIC) {
      cubic_coefficients(f, axis->a, c);
    } else {
      c[0] = 1.0f - f;
      c[1] = f;
    }
    for (int32_t k = 0; k < axis->taps; k++) weights[k] = fixed_weight(c[k]);
  }
  return s - (axis->taps / 2 - 1);
}
