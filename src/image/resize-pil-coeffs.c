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

/* sin(r + lo) and cos(r + lo) for |r| <= π/4, |lo| tiny (the reduction's
 * remainder, a double-double): Taylor series to r^19 / r^18 (the next terms
 * are below 2^-60) in Horner form, the leading term added last so that the
 * rounding errors stay in the small part, and cos's 1 - r²/2 compensated. */
static double sin_core(double r, double lo) {
  static const double c[] = {-1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880, -1.0 / 39916800, 1.0 / 6227020800.0,
                             -1.0 / 1307674368000.0, 1.0 / 355687428096000.0, -1.0 / 121645100408832000.0};
  const double r2 = r * r;
  double p = c[8];
  for (int i = 7; i >= 0; i--) p = p * r2 + c[i];
  return r + (r * r2 * p + lo);
}

static double cos_core(double r, double lo) {
  static const double c[] = {1.0 / 24, -1.0 / 720, 1.0 / 40320, -1.0 / 3628800, 1.0 / 479001600,
                             -1.0 / 87178291200.0, 1.0 / 20922789888000.0, -1.0 / 6402373705728000.0};
  const double r2 = r * r, half = 0.5 * r2, w = 1.0 - half;
  double q = c[7];
  for (int i = 6; i >= 0; i--) q = q * r2 + c[i];
  return w + (((1.0 - w) - half) + (r2 * r2 * q - r * lo));
}

/* sin(v) for |v| <= 16 (Lanczos takes |v| <= 3π), within about 1 ulp of the
 * exact value, as the C library's sin is (Pillow calls glibc's; libc's sin
 * would pull 6.7 kB of reduction code for huge arguments into the module).
 * A weight can differ from Pillow's only where the two sins round
 * differently and the weight then lands within ~2^-30 of a rounding
 * boundary of its 22-bit value (measured on 2 million Lanczos arguments:
 * this sin and glibc's differ in the last bit on 3.3% of them, musl's and
 * glibc's on 3.1%; no fixture case differs). The reduction subtracts n·π/2
 * as P1 + P2 + P3 (P1 and P2 of 33 significant bits, so n·P1 and n·P2 are
 * exact for |n| < 2^20, and v - n·P1 is exact), keeping the rounding error of
 * the second subtraction in lo. */
static double sin_small(double v) {
  const double P1 = 0x1.921fb544p+0, P2 = 0x1.0b4611a6p-34, P3 = 0x1.3198a2e037073p-69;
  const double n = nearbyint(v * 0x1.45f306dc9c883p-1); /* 2/π */
  const double a = v - n * P1, b = n * P2;
  const double r = a - b;
  const double lo = ((a - r) - b) - n * P3;
  switch ((int)n & 3) {
    case 0: return sin_core(r, lo);
    case 1: return cos_core(r, lo);
    case 2: return -sin_core(r, lo);
    default: return -cos_core(r, lo);
  }
}

static double sinc(double x) {
  if (x == 0.0) return 1.0;
  const double px = x * M_PI;
  return sin_small(px) / px;
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

void tw_resize_pil_weights(const tw_resize_pil_axis* axis, int64_t i, int32_t* first, int32_t* count, int32_t* k,
                           double* w) {
  const double center = center_of(axis, i);
  bounds_at(axis, center, first, count);
  const double ss = 1.0 / axis->fscale;
  double total = 0.0;
  for (int32_t t = 0; t < *count; t++) {
    const double offset = (double)(*first + t) - center + 0.5;
    w[t] = filter(axis, offset * ss);
    total += w[t];
  }
  for (int32_t t = 0; t < *count; t++) k[t] = fixed(total != 0.0 ? w[t] / total : w[t]);
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
