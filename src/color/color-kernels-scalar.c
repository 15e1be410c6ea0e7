/* Colour micro-kernels, scalar: the reference the SIMD kernels are tested
 * against (color-kernels.h). */
#include "color-kernels.h"

#include <math.h>
#include <string.h>

void tw_color_gray__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, size_t out_channels) {
  for (size_t p = 0; p < pixels; p++, in += channels, out += out_channels) {
    const uint8_t gray = tw_color_gray_of(in);
    out[0] = gray;
    if (out_channels == 1) continue;
    out[1] = gray;
    out[2] = gray;
    if (out_channels == 4) out[3] = in[3];
  }
}

uint64_t tw_color_gray_sum__scalar(const uint8_t* in, size_t pixels, size_t channels) {
  uint64_t sum = 0;
  for (size_t p = 0; p < pixels; p++, in += channels) sum += tw_color_gray_of(in);
  return sum;
}

void tw_color_bytes__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, uint32_t threshold,
                            uint8_t mask) {
  for (size_t p = 0; p < pixels; p++, in += channels, out += channels) {
    for (size_t c = 0; c < 3; c++) out[c] = in[c] >= threshold ? (uint8_t)(255 - in[c]) : (uint8_t)(in[c] & mask);
    if (channels == 4) out[3] = in[3];
  }
}

void tw_color_blend__scalar(const uint8_t* in, const uint8_t* other, uint8_t* out, size_t bytes, size_t channels,
                            float a, float b) {
  for (size_t i = 0; i < bytes; i++)
    out[i] = channels == 4 && i % 4 == 3 ? in[i] : tw_color_clamp_trunc(a * (float)in[i] + b * (float)other[i]);
}

void tw_color_lut__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, const uint8_t* table) {
  for (size_t p = 0; p < pixels; p++, in += channels, out += channels) {
    out[0] = table[in[0]];
    out[1] = table[256 + in[1]];
    out[2] = table[512 + in[2]];
    if (channels == 4) out[3] = in[3];
  }
}

void tw_color_sharpen_row__scalar(const uint8_t* above, const uint8_t* row, const uint8_t* below, uint8_t* out,
                                  size_t width, size_t channels) {
  for (size_t i = channels; i < (width - 1) * channels; i++)
    out[i] = channels == 4 && i % 4 == 3 ? row[i] : tw_color_sharpen_byte(above, row, below, i, channels);
}

void tw_color_minmax__scalar(const uint8_t* in, size_t pixels, size_t channels, uint8_t lo[3], uint8_t hi[3]) {
  for (int c = 0; c < 3; c++) lo[c] = 255, hi[c] = 0;
  for (size_t p = 0; p < pixels; p++, in += channels) {
    for (int c = 0; c < 3; c++) {
      lo[c] = in[c] < lo[c] ? in[c] : lo[c];
      hi[c] = in[c] > hi[c] ? in[c] : hi[c];
    }
  }
}

/* The source column or row of grid value g along an axis of `size` (half = f(size / 2)), or -1 outside;
 * nearbyintf rounds half to even (wasm's f32.nearest), as torch's nearbyint. */
static inline int64_t nearest_index(float g, float half, int32_t size) {
  const float r = nearbyintf(((g + 1.0f) * half) - 0.5f);
  return r >= 0.0f && r < (float)size ? (int64_t)r : -1;
}

void tw_color_nearest_row__scalar(const uint8_t* in, uint8_t* out, const tw_color_nearest_row* r) {
  const size_t ch = r->channels;
  for (int32_t k = 0; k < r->n; k++, out += ch) {
    const int64_t u = nearest_index((r->gxu[k] + r->gyu) + r->theta2, r->half_w, r->width);
    const int64_t v = u < 0 ? -1 : nearest_index((r->gxv[k] + r->gyv) + r->theta5, r->half_h, r->height);
    const uint8_t* from = v < 0 ? r->fill : in + ((size_t)v * (size_t)r->width + (size_t)u) * ch;
    if (ch == 4) {
      memcpy(out, from, 4); /* a constant size: one 32-bit move, not a call per pixel */
    } else {
      for (size_t c = 0; c < ch; c++) out[c] = from[c];
    }
  }
}
