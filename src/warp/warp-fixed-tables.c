/* The int16 2-D weight tables of the fixed-point warps (warp-fixed.h), as
 * OpenCV 4.6 builds them (initInterTab2D):
 *   1-D float32 kernels at t = k / 32: linear (1 - t, t); cubic Keys with
 *   A = -0.75 in OpenCV's own operation order, the last tap 1 - c0 - c1 - c2;
 *   2-D weight (r, c) = sat16(rne(float32(vy[r] * vx[c]) * 32768));
 *   a row whose sum is not 32768 gets the difference taken from one tap, the
 *   first minimum (sum too large) or first maximum (too small) among the
 *   flat indices a * K + b, a, b in {K/2, K/2 + 1}. For linear (K = 2) those
 *   indices run past the row's 4 taps into the next row of the table, which
 *   is still zero then (OpenCV fills the table in order): only row 0 needs a
 *   correction there (32768 saturated to 32767), and it lands on the next
 *   row's first tap, which is written afterwards. So the correction sees
 *   zeros past the row, and writes that matter stay inside it. */
#include <math.h>

#include "warp-fixed.h"

/* Built on first use (80 KB in all, zero-initialised storage: not in the
 * wasm file, and not heap blocks the callers would see as in use). */
static int16_t linear_table[TW_WARP_TAB * TW_WARP_TAB * 4];
static int16_t cubic_table[TW_WARP_TAB * TW_WARP_TAB * 16];
static int16_t linear_columns[TW_WARP_TAB * TW_WARP_TAB * 4];
static int16_t cubic_columns[TW_WARP_TAB * TW_WARP_TAB * 16];
static int linear_ready, cubic_ready, linear_columns_ready, cubic_columns_ready;

/* The 1-D kernel at fraction k / 32, float32 throughout. */
static void kernel_1d(int32_t interpolation, int k, float* v) {
  const float t = (float)k * (1.0f / TW_WARP_TAB);
  if (interpolation == TW_IMAGE_INTERPOLATION_LINEAR) {
    v[0] = 1.0f - t;
    v[1] = t;
    return;
  }
  const float A = -0.75f;
  const float t1 = t + 1.0f, u = 1.0f - t;
  v[0] = ((A * t1 - 5.0f * A) * t1 + 8.0f * A) * t1 - 4.0f * A;
  v[1] = ((A + 2.0f) * t - (A + 3.0f)) * t * t + 1.0f;
  v[2] = ((A + 2.0f) * u - (A + 3.0f)) * u * u + 1.0f;
  v[3] = 1.0f - v[0] - v[1] - v[2];
}

static int16_t to_weight(float v) {
  const float r = rintf(v * 32768.0f);
  return (int16_t)(r < -32768.0f ? -32768 : r > 32767.0f ? 32767 : r);
}

/* Row `row` (K x K taps at w) from the 1-D kernels vy, vx; `flat` reads taps
 * past the row as 0 (see above). */
static void build_row(int K, const float* vy, const float* vx, int16_t* w) {
  int32_t sum = 0;
  int16_t flat[4 * 4 + 4 * 2 + 2] = {0}; /* the row and the zeros OpenCV's scan may reach */
  for (int r = 0; r < K; r++) {
    for (int c = 0; c < K; c++) {
      flat[r * K + c] = to_weight(vy[r] * vx[c]);
      sum += flat[r * K + c];
    }
  }
  const int32_t diff = sum - (1 << TW_WARP_COEF_BITS);
  if (diff != 0) {
    const int h = K / 2;
    int lo = h * K + h, hi = lo;
    for (int a = h; a < h + 2; a++) {
      for (int b = h; b < h + 2; b++) {
        const int q = a * K + b;
        if (flat[q] < flat[lo]) {
          lo = q;
        } else if (flat[q] > flat[hi]) {
          hi = q;
        }
      }
    }
    const int at = diff < 0 ? hi : lo;
    flat[at] = (int16_t)(flat[at] - diff);
  }
  for (int q = 0; q < K * K; q++) w[q] = flat[q];
}

static void build(int32_t interpolation, int16_t* table) {
  const int K = interpolation == TW_IMAGE_INTERPOLATION_LINEAR ? 2 : 4;
  for (int fy = 0; fy < TW_WARP_TAB; fy++) {
    float vy[4];
    kernel_1d(interpolation, fy, vy);
    for (int fx = 0; fx < TW_WARP_TAB; fx++) {
      float vx[4];
      kernel_1d(interpolation, fx, vx);
      build_row(K, vy, vx, table + (fy * TW_WARP_TAB + fx) * K * K);
    }
  }
}

const int16_t* tw_warp_fixed_table(int32_t interpolation) {
  if (interpolation == TW_IMAGE_INTERPOLATION_LINEAR) {
    if (!linear_ready) build(interpolation, linear_table);
    linear_ready = 1;
    return linear_table;
  }
  if (interpolation == TW_IMAGE_INTERPOLATION_CUBIC) {
    if (!cubic_ready) build(interpolation, cubic_table);
    cubic_ready = 1;
    return cubic_table;
  }
  return NULL;
}

/* Row a's taps (r, c) in the order of tw_warp_fixed_columns. */
static void to_columns(int K, const int16_t* t, int16_t* columns) {
  for (int a = 0; a < TW_WARP_TAB * TW_WARP_TAB; a++) {
    for (int r = 0; r < K; r++) {
      for (int c = 0; c < K; c++) columns[a * K * K + (r / 2) * 2 * K + c * 2 + r % 2] = t[a * K * K + r * K + c];
    }
  }
}

const int16_t* tw_warp_fixed_columns(int32_t interpolation) {
  if (interpolation == TW_IMAGE_INTERPOLATION_LINEAR) {
    if (!linear_columns_ready) to_columns(2, tw_warp_fixed_table(interpolation), linear_columns);
    linear_columns_ready = 1;
    return linear_columns;
  }
  if (interpolation == TW_IMAGE_INTERPOLATION_CUBIC) {
    if (!cubic_columns_ready) to_columns(4, tw_warp_fixed_table(interpolation), cubic_columns);
    cubic_columns_ready = 1;
    return cubic_columns;
  }
  return NULL;
}
