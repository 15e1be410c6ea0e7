/* Row spans (warp-internal.h): which columns of an affine row the interior
 * kernel may take, and which are all fill.
 *
 * Along an affine row the source coordinate on one axis is
 *   s(j) = fl(fl(a * j) + r),   r = fl(b * i + c)   (warp.h)
 * and float32 rounding is monotone, so s(j), s(j) + 0.5 and their floors
 * never decrease along the row when a > 0 and never increase when a < 0
 * (a = 0: constant). Hence the columns whose base tap lies in [lo, hi] form
 * one interval, and so does their intersection over the two axes. The
 * interval's ends are found by evaluating that very predicate (the kernels'
 * operations, not an algebraic solution): a guess from the real-valued
 * solution, a galloping search from it, then bisection, so the span is exact
 * whatever the guess. r must be finite (then no coordinate is NaN: an
 * overflowing a * j gives +-inf, which sorts like any other value). */
#include <math.h>

#include "warp-internal.h"

/* One axis along the row: s(j) = a * j + r, with the base the kernels take
 * (tw_warp_fraction: floor(s), or floor(s + 0.5) for nearest). */
typedef struct tw_warp_line {
  float a, r;
  int32_t mode;
} tw_warp_line;

static float tw_warp_line_base(const tw_warp_line* line, int64_t j) {
  float t, u;
  return tw_warp_fraction(line->a * (float)j + line->r, line->mode, &t, &u);
}

/* A predicate on the base that is false on a prefix of the row and true
 * after it: base >= v or base > v where a > 0, base <= v or base < v where
 * a < 0. */
typedef struct tw_warp_edge {
  const tw_warp_line* line;
  float v;
  int past; /* 1: true where base > v (a > 0) or base < v (a < 0); 0: where base >= v / base <= v */
} tw_warp_edge;

static int tw_warp_edge_true(const tw_warp_edge* e, int64_t j) {
  const float b = tw_warp_line_base(e->line, j);
  if (e->line->a > 0) return e->past ? b > e->v : b >= e->v;
  return e->past ? b < e->v : b <= e->v;
}

/* The first column of [0, n) where the edge predicate holds (n if none),
 * searched from `guess`. */
static int64_t tw_warp_first_true(const tw_warp_edge* e, int64_t n, double guess) {
  int64_t lo = -1, hi = n; /* the predicate is false at lo, true at hi */
  const int64_t g = guess >= 0 && guess < (double)n ? (int64_t)guess : guess >= (double)n ? n - 1 : 0;
  if (n > 0 && tw_warp_edge_true(e, g)) {
    hi = g;
    for (int64_t step = 1; hi - step >= 0; step *= 2) {
      if (!tw_warp_edge_true(e, hi - step)) {
        lo = hi - step;
        break;
      }
      hi -= step;
    }
  } else if (n > 0) {
    lo = g;
    for (int64_t step = 1; lo + step < n; step *= 2) {
      if (tw_warp_edge_true(e, lo + step)) {
        hi = lo + step;
        break;
      }
      lo += step;
    }
  }
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (tw_warp_edge_true(e, mid)) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return hi;
}

/* The column where the real-valued s(j) (plus the nearest offset) reaches v. */
static double tw_warp_guess(const tw_warp_line* line, float v) {
  const double half = line->mode == TW_GRIDSAMPLE_MODE_NEAREST ? 0.5 : 0.0;
  const double j = ((double)v - half - (double)line->r) / (double)line->a;
  return isfinite(j) ? ceil(j) : 0.0;
}

/* The columns [*lo, *hi) of [0, n) whose base lies in [vlo, vhi]. */
static void tw_warp_interval(const tw_warp_line* line, float vlo, float vhi, int64_t n, int64_t* lo, int64_t* hi) {
  if (line->a == 0) { /* constant along the row */
    const float b = tw_warp_line_base(line, 0);
    *lo = 0;
    *hi = b >= vlo && b <= vhi ? n : 0;
    return;
  }
  const int up = line->a > 0;
  const float enter = up ? vlo : vhi, leave = up ? vhi : vlo;
  const tw_warp_edge in = {line, enter, 0}, out = {line, leave, 1};
  *lo = tw_warp_first_true(&in, n, tw_warp_guess(line, enter));
  *hi = tw_warp_first_true(&out, n, tw_warp_guess(line, leave));
  if (*hi < *lo) *hi = *lo;
}

static int64_t tw_warp_max(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t tw_warp_min(int64_t a, int64_t b) { return a < b ? a : b; }

void tw_warp_row_span(const tw_warp_problem* problem, int64_t row, int32_t width, tw_warp_span* span) {
  const tw_warp_span whole = {0, 0, 0, width}, checked = {0, 0, width, width};
  *span = problem->perspective ? checked : whole;
  if (problem->perspective) return;
  const float* m = problem->m;
  const float i = (float)row;
  const int32_t mode = problem->gs.mode;
  const tw_warp_line ly = {m[3], m[4] * i + m[5], mode}, lx = {m[0], m[1] * i + m[2], mode};
  if (!isfinite(ly.a) || !isfinite(ly.r) || !isfinite(lx.a) || !isfinite(lx.r)) return;
  const int K = problem->gs.taps_per_axis, first = tw_warp_first_tap(mode);
  const float y_len = (float)problem->gs.axis[0].length, x_len = (float)problem->gs.axis[1].length;
  /* Every tap inside: base + first >= 0 and base + first + K - 1 <= L - 1. */
  int64_t ya, yb, xa, xb;
  tw_warp_interval(&ly, (float)-first, y_len - (float)(K + first), width, &ya, &yb);
  tw_warp_interval(&lx, (float)-first, x_len - (float)(K + first), width, &xa, &xb);
  int64_t inner_lo = tw_warp_max(ya, xa), inner_hi = tw_warp_min(yb, xb);
  int64_t fill_lo = 0, fill_hi = width;
  if (problem->gs.padding == TW_GRIDSAMPLE_PADDING_ZEROS) {
    /* Some tap inside on an axis: base + first + K - 1 >= 0 and base + first <= L - 1.
     * A point with no tap inside on either axis sums only fill values, with
     * weights that sum to 1 within a few ulps: the blend gives the fill exactly. */
    tw_warp_interval(&ly, (float)(1 - K - first), y_len - (float)(1 + first), width, &ya, &yb);
    tw_warp_interval(&lx, (float)(1 - K - first), x_len - (float)(1 + first), width, &xa, &xb);
    fill_lo = tw_warp_max(ya, xa);
    fill_hi = tw_warp_max(fill_lo, tw_warp_min(yb, xb));
  }
  if (inner_hi <= inner_lo) inner_lo = inner_hi = fill_lo; /* no interior: one bordered run */
  span->fill_lo = (int32_t)fill_lo;
  span->inner_lo = (int32_t)inner_lo;
  span->inner_hi = (int32_t)inner_hi;
  span->fill_hi = (int32_t)fill_hi;
}
