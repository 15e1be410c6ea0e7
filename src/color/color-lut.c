/* The tables of the per-channel ops (color.h: AUTOCONTRAST, EQUALIZE,
 * gamma): each reads the image once (or not at all) and makes 256 entries
 * per channel; color.c applies them with tw_color_lut. */
#include <math.h>
#include <string.h>

#include "color-internal.h"
#include "color-kernels.h"
#include "color-math.h"
#include "common/config.h"

void tw_color_autocontrast_table(const uint8_t* in, size_t pixels, size_t channels, uint8_t table[768]) {
  uint8_t lo[3], hi[3];
  (tw_use_simd() ? tw_color_minmax__wasmsimd : tw_color_minmax__scalar)(in, pixels, channels, lo, hi);
  for (int c = 0; c < 3; c++) {
    uint8_t* t = table + 256 * c;
    if (pixels == 0 || hi[c] == lo[c]) { /* torchvision: lo 0, scale 1, i.e. a copy */
      for (int v = 0; v < 256; v++) t[v] = (uint8_t)v;
      continue;
    }
    /* torch computes 255 / (hi - lo) as reciprocal(hi - lo) * 255 */
    const float scale = (1.0f / (float)(hi[c] - lo[c])) * 255.0f;
    for (int v = 0; v < 256; v++) {
      float x = (float)(v - lo[c]) * scale; /* v - lo is exact in float32 */
      x = x < 0.0f ? 0.0f : x > 255.0f ? 255.0f : x;
      t[v] = (uint8_t)x;
    }
  }
}

/* torchvision's _scale_channel on one channel's histogram. */
static void equalize_channel(const uint64_t hist[256], uint8_t t[256]) {
  int last = 255;
  while (last > 0 && hist[last] == 0) last--;
  uint64_t total = 0; /* every count but the last non-zero bin's */
  for (int v = 0; v < last; v++) total += hist[v];
  const uint64_t step = total / 255;
  if (step == 0) {
    for (int v = 0; v < 256; v++) t[v] = (uint8_t)v;
    return;
  }
  uint64_t cumulative = 0;
  t[0] = 0;
  for (int v = 1; v < 256; v++) {
    cumulative += hist[v - 1];
    const uint64_t level = (cumulative + step / 2) / step;
    t[v] = (uint8_t)(level > 255 ? 255 : level);
  }
}

void tw_color_equalize_table(const uint8_t* in, size_t pixels, size_t channels, uint8_t table[768]) {
  static uint64_t hist[3][256]; /* 6 KB: off the stack; the module is single-threaded */
  memset(hist, 0, sizeof hist);
  for (size_t p = 0; p < pixels; p++, in += channels) {
    hist[0][in[0]]++;
    hist[1][in[1]]++;
    hist[2][in[2]]++;
  }
  for (int c = 0; c < 3; c++) equalize_channel(hist[c], table + 256 * c);
}

/* x^gamma where torch's pow(Tensor, Scalar) has a special case, else -1. */
static int special_power(double gamma, float x, float* result) {
  if (gamma == 0.0) *result = 1.0f;
  else if (gamma == 1.0) *result = x;
  else if (gamma == 0.5) *result = sqrtf(x);
  else if (gamma == 2.0) *result = x * x;
  else if (gamma == 3.0) *result = x * x * x;
  else return -1;
  return 0;
}

/* convert_image_dtype(float -> uint8) of clamp(gain·p, 0, 1): ·(255 + 1 − 0.001), truncated. */
static uint8_t gamma_byte(float gain, float p) {
  float y = gain * p;
  y = y < 0.0f ? 0.0f : y > 1.0f ? 1.0f : y;
  return (uint8_t)(y * (float)(255.0 + 1.0 - 1e-3));
}

void tw_color_gamma_tables(double gamma, double gain, uint8_t body[256], uint8_t tail[256]) {
  const float g = (float)gamma, fgain = (float)gain;
  for (int v = 0; v < 256; v++) {
    const float x = (float)v / 255.0f;
    float p;
    if (special_power(gamma, x, &p) == 0) {
      body[v] = tail[v] = gamma_byte(fgain, p);
      continue;
    }
    body[v] = gamma_byte(fgain, tw_color_powf(x, g));
    tail[v] = gamma_byte(fgain, (float)pow((double)x, gamma));
  }
}
