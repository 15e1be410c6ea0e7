/* Coordinates of the fixed-point warps (warp-fixed.h), as OpenCV 4.6's
 * WarpAffineInvoker and WarpPerspectiveInvoker compute them.
 *
 * Affine: per column adelta = rne(m0 * x * 1024), bdelta = rne(m3 * x *
 * 1024); per row X0 = rne((m1 * y + m2) * 1024) + rd, Y0 likewise, rd = 512
 * (nearest) or 16; X = X0 + adelta in wrapping int32. Nearest: sx =
 * sat16(X >> 10); otherwise X >>= 5, sx = sat16(X >> 5), fx = X & 31.
 *
 * Perspective, in double: the row is cut into blocks of block_width columns
 * starting at multiples of it; at block start xb, X0 = m0 * xb + m1 * y + m2
 * (and Y0, W0, left to right); for column xb + x1: w = W0 + m6 * x1, w = w ?
 * K / w : 0 (K = 1 nearest, 32 otherwise), X = rne(clamp((X0 + m0 * x1) *
 * w)) with NaN taken as INT32_MAX (std::min/std::max in that order).
 * Nearest: sx = sat16(X); otherwise sx = sat16(X >> 5), fx = X & 31.
 *
 * Remap, from float32 maps (cv::remap's conversion of planar CV_32FC1 maps,
 * done per pixel): nearest X = cvRound(mx); otherwise X = cvRound(mx * 32)
 * (the product in float32), then as above. cvRound of a float is x86's
 * cvtss2si: half to even, INT32_MIN outside int32 and for NaN. */
#include <math.h>
#include <stddef.h>

#include "warp-fixed.h"

int32_t tw_warp_round(double v) {
  const double r = rint(v);
  return r >= -2147483648.0 && r <= 2147483647.0 ? (int32_t)r : INT32_MIN;
}

void tw_warp_affine_deltas(const double* m, int32_t width, int32_t* adelta, int32_t* bdelta) {
  for (int32_t x = 0; x < width; x++) {
    adelta[x] = tw_warp_round(m[0] * (double)x * (double)(1 << TW_WARP_AB_BITS));
    bdelta[x] = tw_warp_round(m[3] * (double)x * (double)(1 << TW_WARP_AB_BITS));
  }
}

void tw_image_warp_affine_coords__scalar(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                         const tw_warp_coords* out) {
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  int32_t X0, Y0;
  tw_warp_affine_row(w, row, &X0, &Y0);
  for (int32_t k = 0; k < n; k++) {
    const int32_t X = tw_warp_add_wrap(X0, w->adelta[col + k]), Y = tw_warp_add_wrap(Y0, w->bdelta[col + k]);
    if (nearest) {
      out->x[k] = tw_warp_sat16(X >> TW_WARP_AB_BITS);
      out->y[k] = tw_warp_sat16(Y >> TW_WARP_AB_BITS);
      out->a[k] = 0;
      continue;
    }
    const int32_t x = X >> (TW_WARP_AB_BITS - TW_WARP_INTER_BITS), yv = Y >> (TW_WARP_AB_BITS - TW_WARP_INTER_BITS);
    out->x[k] = tw_warp_sat16(x >> TW_WARP_INTER_BITS);
    out->y[k] = tw_warp_sat16(yv >> TW_WARP_INTER_BITS);
    out->a[k] = (yv & (TW_WARP_TAB - 1)) * TW_WARP_TAB + (x & (TW_WARP_TAB - 1));
  }
}

/* std::max(INT_MIN, std::min(INT_MAX, v)) then cvRound: NaN gives INT32_MAX. */
static int32_t clamp_round(double v) {
  const double hi = v < 2147483647.0 ? v : 2147483647.0;
  const double c = -2147483648.0 < hi ? hi : -2147483648.0;
  return (int32_t)rint(c);
}

void tw_image_warp_perspective_coords__scalar(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                              const tw_warp_coords* out) {
  const double* m = w->m;
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  const double K = nearest ? 1.0 : (double)TW_WARP_TAB, y = (double)row;
  for (int32_t k = 0; k < n; k++) {
    const int32_t x = col + k, xb = x / w->block_width * w->block_width;
    const double x1 = (double)(x - xb), xs = (double)xb;
    const double X0 = m[0] * xs + m[1] * y + m[2];
    const double Y0 = m[3] * xs + m[4] * y + m[5];
    const double W0 = m[6] * xs + m[7] * y + m[8];
    double W = W0 + m[6] * x1;
    W = W != 0 ? K / W : 0.0;
    const int32_t X = clamp_round((X0 + m[0] * x1) * W), Y = clamp_round((Y0 + m[3] * x1) * W);
    if (nearest) {
      out->x[k] = tw_warp_sat16(X);
      out->y[k] = tw_warp_sat16(Y);
      out->a[k] = 0;
      continue;
    }
    out->x[k] = tw_warp_sat16(X >> TW_WARP_INTER_BITS);
    out->y[k] = tw_warp_sat16(Y >> TW_WARP_INTER_BITS);
    out->a[k] = (Y & (TW_WARP_TAB - 1)) * TW_WARP_TAB + (X & (TW_WARP_TAB - 1));
  }
}

/* cvRound(float) on x86-64 (cvtss2si): half to even, INT32_MIN outside int32 (NaN too). */
static int32_t round_f32(float v) {
  const float r = rintf(v);
  return r >= -2147483648.0f && r < 2147483648.0f ? (int32_t)r : INT32_MIN;
}

void tw_image_warp_remap_coords__scalar(const tw_warp_fixed* w, int32_t row, int32_t col, int32_t n,
                                        const tw_warp_coords* out) {
  const size_t at = (size_t)row * w->map_stride + (size_t)col;
  const float *mx = w->map_x + at, *my = w->map_y + at;
  const int nearest = w->interpolation == TW_IMAGE_INTERPOLATION_NEAREST;
  for (int32_t k = 0; k < n; k++) {
    if (nearest) {
      out->x[k] = tw_warp_sat16(round_f32(mx[k]));
      out->y[k] = tw_warp_sat16(round_f32(my[k]));
      out->a[k] = 0;
      continue;
    }
    const int32_t X = round_f32(mx[k] * (float)TW_WARP_TAB), Y = round_f32(my[k] * (float)TW_WARP_TAB);
    out->x[k] = tw_warp_sat16(X >> TW_WARP_INTER_BITS);
    out->y[k] = tw_warp_sat16(Y >> TW_WARP_INTER_BITS);
    out->a[k] = (Y & (TW_WARP_TAB - 1)) * TW_WARP_TAB + (X & (TW_WARP_TAB - 1));
  }
}
