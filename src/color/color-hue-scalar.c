/* adjust_hue, pixel by pixel (color-kernels.h tw_color_hue_pixel, the chain kernel's HUE step):
 * torchvision 0.14's _rgb2hsv and _hsv2rgb in float32 (PIL's formulas), the operations in torch's order.
 * The scalar reference of color-chain-wasmsimd.c's hue4. */
#include <math.h>

#include "color-kernels.h"

typedef struct hsv {
  float h, s, v;
} hsv;

static hsv rgb_to_hsv(float r, float g, float b) {
  const float maxc = fmaxf(fmaxf(r, g), b), minc = fminf(fminf(r, g), b);
  const int flat = maxc == minc;
  const float cr = maxc - minc;
  const float s = cr / (flat ? 1.0f : maxc);
  const float divisor = flat ? 1.0f : cr;
  const float rc = (maxc - r) / divisor, gc = (maxc - g) / divisor, bc = (maxc - b) / divisor;
  /* torch adds the three masked terms; exactly one is selected, the others are ±0 and change nothing. */
  float h;
  if (maxc == r) {
    h = bc - gc;
  } else if (maxc == g) {
    h = (2.0f + rc) - bc;
  } else {
    h = (4.0f + gc) - rc;
  }
  h = fmodf(h / 6.0f + 1.0f, 1.0f);
  hsv out = {h, s, maxc};
  return out;
}

static inline float unit(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

static void hsv_to_rgb(hsv c, float rgb[3]) {
  const float h6 = c.h * 6.0f;
  const float i = floorf(h6);
  const float f = h6 - i;
  const int sector = ((int)i % 6 + 6) % 6;
  const float v = c.v;
  const float p = unit(v * (1.0f - c.s));
  const float q = unit(v * (1.0f - c.s * f));
  const float t = unit(v * (1.0f - c.s * (1.0f - f)));
  static const int pick[6][3] = {{0, 3, 1}, {2, 0, 1}, {1, 0, 3}, {1, 2, 0}, {3, 1, 0}, {0, 1, 2}};
  const float values[4] = {v, p, q, t}; /* indices: 0 v, 1 p, 2 q, 3 t */
  for (int k = 0; k < 3; k++) rgb[k] = values[pick[sector][k]];
}

void tw_color_hue_pixel(const uint8_t* in, uint8_t* out, float shift) {
  hsv c = rgb_to_hsv((float)in[0] / 255.0f, (float)in[1] / 255.0f, (float)in[2] / 255.0f);
  const float m = fmodf(c.h + shift, 1.0f); /* torch.remainder: the sign of the divisor */
  c.h = m < 0.0f ? m + 1.0f : m;
  float rgb[3];
  hsv_to_rgb(c, rgb);
  for (int k = 0; k < 3; k++) out[k] = (uint8_t)(rgb[k] * 255.0f);
}
