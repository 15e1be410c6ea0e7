/* gaussian_blur as torchvision 0.14 computes it on a uint8 RGB tensor:
 *
 *   1-D kernel of k taps, sigma s: x_i = i − (k − 1)/2 (exact), pdf_i =
 *   SLEEF expf(f(−0.5)·((x_i / f(s))·(x_i / f(s)))), k_i = pdf_i / sum(pdf)
 *   (torch's float32 sum order); 2-D weights w[i][j] = ky_i · kx_j.
 *   The image is padded by (kx/2, ky/2) with reflect (edge not repeated), and
 *   each output value is oneDNN's depthwise convolution: acc = 0; for each
 *   kernel row i, each column j: acc = fma(w[i][j], pixel, acc); then
 *   round half to even. The FMA is emulated exactly (color-math.h), so the
 *   bytes are torch's on the machines TORCHVISION.md describes.
 *
 * Scalar: each value is a chain of dependent fused multiply-adds in a
 * fixed order, which no float32 SIMD form reproduces. */
#include <math.h>
#include <stdlib.h>

#include "color-internal.h"
#include "color-math.h"

static void kernel1d(size_t k, float sigma, float* w) {
  const float half = (float)(k - 1) * 0.5f;
  for (size_t i = 0; i < k; i++) {
    const float x = ((float)i - half) / sigma;
    w[i] = tw_color_expf(-0.5f * (x * x));
  }
  const float sum = tw_color_torch_sum_f32(w, k);
  for (size_t i = 0; i < k; i++) w[i] = w[i] / sum;
}

/* Source index of padded position p (0 .. n + 2·pad − 1): one reflection, pad < n. */
static size_t reflect(size_t p, size_t pad, size_t n) {
  const ptrdiff_t q = (ptrdiff_t)p - (ptrdiff_t)pad;
  if (q < 0) return (size_t)-q;
  if (q >= (ptrdiff_t)n) return 2 * (n - 1) - (size_t)q;
  return (size_t)q;
}

static uint8_t round_to_byte(float acc) {
  const float r = rintf(acc); /* half to even, as torch.round */
  return (uint8_t)(r < 0.0f ? 0.0f : r > 255.0f ? 255.0f : r);
}

int tw_color_blur_run(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, size_t kx,
                      size_t ky, float sigma_x, float sigma_y) {
  const size_t padded_w = width + kx - 1, padded_h = height + ky - 1;
  /* One block: the column and row maps (byte offsets into `in`), then the 1-D and 2-D weights. */
  size_t* column = malloc((padded_w + padded_h) * sizeof(size_t) + (kx * ky + kx + ky) * sizeof(float));
  if (!column) return -1;
  size_t* row = column + padded_w;
  float* weights = (float*)(row + padded_h);
  float* wx = weights + kx * ky;
  float* wy = wx + kx;
  kernel1d(kx, sigma_x, wx);
  kernel1d(ky, sigma_y, wy);
  for (size_t i = 0; i < ky; i++)
    for (size_t j = 0; j < kx; j++) weights[i * kx + j] = wy[i] * wx[j];
  for (size_t p = 0; p < padded_w; p++) column[p] = reflect(p, kx / 2, width) * channels;
  for (size_t p = 0; p < padded_h; p++) row[p] = reflect(p, ky / 2, height) * width * channels;

  for (size_t y = 0; y < height; y++) {
    for (size_t x = 0; x < width; x++) {
      float acc[3] = {0.0f, 0.0f, 0.0f};
      const float* w = weights;
      for (size_t i = 0; i < ky; i++) {
        const uint8_t* source_row = in + row[y + i];
        for (size_t j = 0; j < kx; j++, w++) {
          const uint8_t* px = source_row + column[x + j];
          acc[0] = tw_color_fmaf(*w, (float)px[0], acc[0]);
          acc[1] = tw_color_fmaf(*w, (float)px[1], acc[1]);
          acc[2] = tw_color_fmaf(*w, (float)px[2], acc[2]);
        }
      }
      uint8_t* o = out + (y * width + x) * channels;
      for (int c = 0; c < 3; c++) o[c] = round_to_byte(acc[c]);
      if (channels == 4) o[3] = in[(y * width + x) * channels + 3];
    }
  }
  free(column);
  return 0;
}
