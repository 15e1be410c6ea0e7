/* Resize weight tables: the sampling rules of resize.h, per axis, in one
 * place. Everything is computed in double and rounded to float32 once, at
 * the end, so tests/reference/image-resize.js (JS numbers are doubles)
 * reproduces every weight bit for bit. */
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

static double filter(const tw_resize_axis* axis, double x) {
  const double t = fabs(x);
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_LINEAR) return t < 1.0 ? 1.0 - t : 0.0;
  const double a = axis->cubic_a;
  if (t < 1.0) return ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0;
  if (t < 2.0) return (((t - 5.0) * t + 8.0) * t - 4.0) * a;
  return 0.0;
}

/* LINEAR/CUBIC: the stretch of the filter, the centre of pixel i, and the
 * raw tap range [*lo, *hi) before the edge rule. */
typedef struct window {
  double stretch, centre;
  int64_t lo, hi;
} window;

static window window_of(const tw_resize_axis* axis, int64_t i) {
  const double scale = (double)axis->n / (double)axis->m;
  const double base = axis->interpolation == TW_IMAGE_INTERPOLATION_LINEAR ? 1.0 : 2.0;
  window w;
  w.centre = ((double)i + 0.5) * scale;
  w.stretch = axis->antialias && scale > 1.0 ? scale : 1.0;
  if (axis->antialias) {
    const double support = base * w.stretch;
    w.lo = (int64_t)floor(w.centre - support + 0.5);
    w.hi = (int64_t)floor(w.centre + support + 0.5);
  } else {
    const int64_t below = (int64_t)floor(w.centre - 0.5);
    w.lo = below - (int64_t)base + 1;
    w.hi = below + (int64_t)base + 1;
  }
  return w;
}

static double raw_weight(const tw_resize_axis* axis, const window* w, int64_t j) {
  return filter(axis, ((double)j + 0.5 - w->centre) / w->stretch);
}

/* Pixel p's weight before normalisation. antialias: taps outside [0, n) are
 * dropped; otherwise they are clamped, so an edge pixel collects the raw
 * weights of every tap beyond it (in tap order). */
static double pixel_weight(const tw_resize_axis* axis, const window* w, int64_t p) {
  if (axis->antialias) return raw_weight(axis, w, p);
  double sum = 0.0;
  for (int64_t j = w->lo; j < w->hi; j++) {
    const int64_t q = j < 0 ? 0 : (j >= axis->n ? axis->n - 1 : j);
    if (q == p) sum += raw_weight(axis, w, j);
  }
  return sum;
}

/* The source pixels [*lo, *hi) with a weight, inside [0, n). */
static void pixel_range(const tw_resize_axis* axis, int64_t i, int64_t* lo, int64_t* hi) {
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    *lo = nearest_index(axis, i);
    *hi = *lo + 1;
  } else if (axis->interpolation == TW_IMAGE_INTERPOLATION_AREA) {
    *lo = i * axis->n / axis->m;
    *hi = ((i + 1) * axis->n + axis->m - 1) / axis->m;
  } else {
    const window w = window_of(axis, i);
    *lo = w.lo < 0 ? 0 : w.lo;
    *hi = w.hi > axis->n ? axis->n : w.hi;
    if (*hi <= *lo) { /* cannot happen for s > 0, but keep the range non-empty */
      *lo = *lo >= axis->n ? axis->n - 1 : *lo;
      *hi = *lo + 1;
    }
  }
}

/* An upper bound of pixel_range's hi - lo over every destination pixel:
 * never below the true maximum (the scan may stop there), exact where the
 * arithmetic is: NEAREST 1; LINEAR/CUBIC without antialias the 2 or 4 taps
 * of the window (integers); AREA ceil(n/m) + 1 (integers); with antialias
 * floor(2 * support) + 2 (one more than the window's real span, for the two
 * double roundings in window_of). Never more than n. */
static int64_t tap_bound(const tw_resize_axis* axis) {
  const int64_t n = axis->n, m = axis->m;
  int64_t bound;
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    bound = 1;
  } else if (axis->interpolation == TW_IMAGE_INTERPOLATION_AREA) {
    bound = (n + m - 1) / m + 1;
  } else {
    const int64_t base = axis->interpolation == TW_IMAGE_INTERPOLATION_LINEAR ? 1 : 2;
    if (!axis->antialias) {
      bound = 2 * base;
    } else {
      const double scale = (double)n / (double)m, support = (double)base * (scale > 1.0 ? scale : 1.0);
      const double span = floor(2.0 * support) + 2.0;
      bound = span < (double)n ? (int64_t)span : n;
    }
  }
  return bound < n ? bound : n;
}

void tw_resize_axis_init(tw_resize_axis* axis, int64_t n, int64_t m, int32_t interpolation, int32_t antialias,
                         double cubic_a) {
  axis->n = n;
  axis->m = m;
  axis->interpolation = interpolation;
  axis->antialias = antialias;
  axis->cubic_a = cubic_a;
  axis->divisor = 1.0f;
  const int integer_factor = interpolation == TW_IMAGE_INTERPOLATION_AREA && n % m == 0 && n / m > 1;
  if (integer_factor) axis->divisor = (float)(n / m);
  /* The largest tap count of any destination pixel. The scan stops as soon
   * as it reaches what no pixel can exceed (tap_bound), so its cost follows
   * the taps, not the destination's length: a 1 x 2^31 destination of a
   * 1-pixel source took 33 s of scanning for a count that is 1 at i = 0. The
   * result is the full scan's. */
  const int64_t bound = tap_bound(axis);
  int64_t taps = 1;
  for (int64_t i = 0; i < m && taps < bound; i++) {
    int64_t lo, hi;
    pixel_range(axis, i, &lo, &hi);
    if (hi - lo > taps) taps = hi - lo;
  }
  axis->taps = (int32_t)taps;
}

int32_t tw_resize_axis_tap(const tw_resize_axis* axis, int64_t i, float* weights) {
  int64_t lo, hi;
  pixel_range(axis, i, &lo, &hi);
  const int32_t first = min32(lo, axis->n - axis->taps);
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_NEAREST || weights == NULL) return first;
  memset(weights, 0, (size_t)axis->taps * sizeof *weights);
  float* w = weights + (lo - first);
  if (axis->interpolation == TW_IMAGE_INTERPOLATION_AREA) {
    const int64_t n = axis->n, m = axis->m;
    for (int64_t j = lo; j < hi; j++) {
      const int64_t from = j * m > i * n ? j * m : i * n;
      const int64_t to = (j + 1) * m < (i + 1) * n ? (j + 1) * m : (i + 1) * n;
      w[j - lo] = axis->divisor != 1.0f ? 1.0f : (float)((double)(to - from) / (double)n);
    }
    return first;
  }
  const window win = window_of(axis, i);
  double sum = 0.0;
  for (int64_t p = lo; p < hi; p++) sum += pixel_weight(axis, &win, p);
  for (int64_t p = lo; p < hi; p++) {
    const double v = pixel_weight(axis, &win, p);
    w[p - lo] = (float)(sum != 0.0 ? v / sum : v);
  }
  return first;
}
