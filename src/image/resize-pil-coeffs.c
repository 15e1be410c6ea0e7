/* PIL resize coefficients (resize-pil.h): Pillow 9.4's filters, support,
 * bounds and 8-bit fixed-point weights, in double, operation for operation.
 * Each step is its own statement so that no compiler contracts a product and
 * a sum into a fused multiply-add. */
#include <math.h>

#include "image/image.h"
#include "image/resize-pil-internal.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static double linear_filter(double x) {
  if (x < 0.0) x = -x;
  return x < 1.0 ? 1.0 - x : 0.0;
}

static double cubic_filter(double x, double a) {
  if (x < 0.0) x = -x;
  if (x < 1.0) {
    const double inner = (a + 2.0) * x - (a + 3.0);
    const double cubic = inner * x * x;
    return cubic + 1.0;
  }
  if (x < 2.0) {
    const double p = (x - 5.0) * x + 8.0;
    const double q = p * x - 4.0;
    return q * a;
  }
  return 0.0;
}

static double sinc(double x) {
  if (x == 0.0) return 1.0;
  const double px = x * M_PI;
  return sin(px) / px;
}

static double lanczos_filter(double x) {
  if (-3.0 <= x && x < 3.0) return sinc(x) * sinc(x / 3.0);
  return 0.0;
}

static double filter(const tw_resize_pil_axis* axis, double x) {
  switch (axis->interpolation) {
    case TW_IMAGE_INTERPOLATION_CUBIC: return cubic_filter(x, axis->cubic_a);
    case TW_IMAGE_INTERPOLATION_LANCZOS: return lanczos_filter(x);
    default: return linear_filter(x);
  }
}

static double filter_support(int32_t interpolation) {
  switch (interpolation) {
    case TW_IMAGE_INTERPOLATION_CUBIC: return 2.0;
    case TW_IMAGE_INTERPOLATION_LANCZOS: return 3.0;
    default: return 1.0;
  }
}

void tw_resize_pil_axis_init(tw_resize_pil_axis* axis, int64_t n, int64_t m, int32_t interpolation, double cubic_a) {
  axis->n = n;
  axis->m = m;
  axis->interpolation = interpolation;
  axis->cubic_a = cubic_a;
  /* Pillow's box edges are C floats: n is rounded to float before the division */
  axis->scale = (double)(float)n / (double)m;
  axis->fscale = axis->scale < 1.0 ? 1.0 : axis->scale;
  axis->support = filter_support(interpolation) * axis->fscale;
  axis->ksize = (int64_t)ceil(axis->support) * 2 + 1;
}

static double center_of(const tw_resize_pil_axis* axis, int64_t i) {
  return ((double)i + 0.5) * axis->scale;
}

static void bounds_at(const tw_resize_pil_axis* axis, double center, int32_t* first, int32_t* count) {
  /* (int) truncates toward 0; a negative start is clamped to 0 either way */
  const double lo = center - axis->support + 0.5, hi = center + axis->support + 0.5;
  int64_t a = lo < 0.0 ? 0 : (int64_t)lo;
  int64_t b = (int64_t)hi;
  if (b > axis->n) b = axis->n;
  *first = (int32_t)a;
  *count = (int32_t)(b - a);
}

void tw_resize_pil_bounds(const tw_resize_pil_axis* axis, int64_t i, int32_t* first, int32_t* count) {
  bounds_at(axis, center_of(axis, i), first, count);
}

/* double -> 22-bit fixed point, rounded half away from zero as Pillow does.
 * Pillow's own weights stay far inside ±2^30 (|w| < 256); a cubic_a far from
 * its -0.5 can leave that range, so values beyond saturate and NaN gives 0
 * (where Pillow's conversion would be undefined). */
static int32_t fixed(double w) {
  const double scaled = w * (double)(1 << TW_RESIZE_PIL_BITS);
  const double rounded = w < 0.0 ? -0.5 + scaled : 0.5 + scaled;
  if (!(rounded == rounded)) return 0;
  if (rounded >= (double)TW_RESIZE_PIL_WEIGHT_MAX) return TW_RESIZE_PIL_WEIGHT_MAX;
  if (rounded <= -(double)TW_RESIZE_PIL_WEIGHT_MAX) return -TW_RESIZE_PIL_WEIGHT_MAX;
  return (int32_t)rounded;
}

void tw_resize_pil_weights(const tw_resize_pil_axis* axis, int64_t i, int32_t* first, int32_t* count, int32_t* k) {
  const double center = center_of(axis, i);
  bounds_at(axis, center, first, count);
  const double ss = 1.0 / axis->fscale;
  /* the filter is evaluated twice (sum, then weights) rather than kept in a
   * double buffer: the values are the same both times, and it is cheap next
   * to the passes */
  double total = 0.0;
  for (int32_t t = 0; t < *count; t++) {
    const double offset = (double)(*first + t) - center + 0.5;
    total += filter(axis, offset * ss);
  }
  for (int32_t t = 0; t < *count; t++) {
    const double offset = (double)(*first + t) - center + 0.5;
    double w = filter(axis, offset * ss);
    if (total != 0.0) w = w / total;
    k[t] = fixed(w);
  }
  for (int64_t t = *count; t < axis->ksize; t++) k[t] = 0;
}

void tw_resize_pil_split(const int32_t* k, size_t ksize, size_t count, uint32_t* halves) {
  const size_t pairs = (ksize + 1) / 2;
  for (size_t i = 0; i < count; i++) {
    const int32_t* row = k + i * ksize;
    uint32_t* hi = halves + i * 2 * pairs;
    uint32_t* lo = hi + pairs;
    for (size_t p = 0; p < pairs; p++) {
      const int32_t a = row[2 * p], b = 2 * p + 1 < ksize ? row[2 * p + 1] : 0;
      /* >> of a negative int is arithmetic on every compiler we build with */
      hi[p] = (uint32_t)(uint16_t)(a >> 15) | (uint32_t)(uint16_t)(b >> 15) << 16;
      lo[p] = (uint32_t)(a & 0x7FFF) | (uint32_t)(b & 0x7FFF) << 16;
    }
  }
}
