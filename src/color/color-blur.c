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
 * Each value is a chain of dependent fused multiply-adds in a fixed order:
 * where a double sum is exact (fma_direct below) one double multiply-add
 * and one rounding per tap, otherwise the emulated FMA. Scalar: the chain's
 * latency bounds it, and a wasm SIMD version (a pixel's channels in f64x2
 * lanes, 1, 2 or 4 pixels a step) measured no faster in Node. */
#include <math.h>
#include <stdlib.h>

#include "color-internal.h"
#include "color-math.h"
#include "common/checked.h"

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

/* The chain of one output pixel's three colour values, acc = fma(w, pixel, acc) tap by tap, with `fma`
 * one of the two exact forms below; rows [y0, y1) of the output. */
#define TW_BLUR_ROWS(name, weight_type, fma)                                                                    \
  void name(const uint8_t* in, uint8_t* out, size_t width, size_t channels, size_t kx, size_t ky,       \
                   const weight_type* weights, const size_t* column, const size_t* row, size_t y0, size_t y1) { \
    for (size_t y = y0; y < y1; y++) {                                                                         \
      for (size_t x = 0; x < width; x++) {                                                                     \
        float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f;                                                           \
        const weight_type* w = weights;                                                                        \
        for (size_t i = 0; i < ky; i++) {                                                                      \
          const uint8_t* source_row = in + row[y + i];                                                         \
          for (size_t j = 0; j < kx; j++, w++) {                                                               \
            const uint8_t* px = source_row + column[x + j];                                                    \
            acc0 = fma(*w, (float)px[0], acc0);                                                                \
            acc1 = fma(*w, (float)px[1], acc1);                                                                \
            acc2 = fma(*w, (float)px[2], acc2);                                                                \
          }                                                                                                    \
        }                                                                                                      \
        uint8_t* o = out + (y * width + x) * channels;                                                         \
        o[0] = round_to_byte(acc0);                                                                            \
        o[1] = round_to_byte(acc1);                                                                            \
        o[2] = round_to_byte(acc2);                                                                            \
        if (channels == 4) o[3] = in[(y * width + x) * channels + 3];                                          \
      }                                                                                                        \
    }                                                                                                          \
  }

/* When every non-zero weight is at least 2^-20, w·pixel + acc needs at most 52 bits: the products and sums
 * stay below 2^9 (the weights sum to 1, pixels are at most 255), and no bit below 2^-43 is ever set (a
 * weight's last bit is at least 2^(-20-23), a pixel is an integer, and acc, which only grows, is at least
 * the first non-zero product). So the double sum is exact and rounding it once to float32 is the fused
 * result: no correction needed. */
static inline float fma_direct(double w, float x, float acc) { return (float)(w * (double)x + (double)acc); }
#define TW_BLUR_DIRECT_MIN_WEIGHT (1.0f / 1048576.0f) /* 2^-20 */

static TW_BLUR_ROWS(blur_rows_direct, double, fma_direct)
static TW_BLUR_ROWS(blur_rows_exact, float, tw_color_fmaf)

int tw_color_blur_run(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, size_t kx,
                      size_t ky, float sigma_x, float sigma_y) {
  const size_t padded_w = width + kx - 1, padded_h = height + ky - 1, taps = kx * ky;
  /* One block: the 2-D weights as doubles, the column and row maps (byte offsets into `in`), then the 1-D
   * and 2-D float weights. */
  int overflow = 0; /* the maps grow with the image: a 32-bit size_t must not wrap */
  size_t block = tw_mul_size(tw_add_size(padded_w, padded_h, &overflow), sizeof(size_t), &overflow);
  block = tw_add_size(block, taps * sizeof(double) + (taps + kx + ky) * sizeof(float), &overflow);
  double* weights64 = overflow ? NULL : malloc(block);
  if (!weights64) return -1;
  size_t* column = (size_t*)(weights64 + taps);
  size_t* row = column + padded_w;
  float* weights = (float*)(row + padded_h);
  float* wx = weights + taps;
  float* wy = wx + kx;
  kernel1d(kx, sigma_x, wx);
  kernel1d(ky, sigma_y, wy);
  int direct = 1;
  for (size_t i = 0; i < ky; i++) {
    for (size_t j = 0; j < kx; j++) {
      const float w = wy[i] * wx[j];
      weights[i * kx + j] = w;
      weights64[i * kx + j] = w;
      direct &= w == 0.0f || w >= TW_BLUR_DIRECT_MIN_WEIGHT;
    }
  }
  for (size_t p = 0; p < padded_w; p++) column[p] = reflect(p, kx / 2, width) * channels;
  for (size_t p = 0; p < padded_h; p++) row[p] = reflect(p, ky / 2, height) * width * channels;
  if (direct) {
    blur_rows_direct(in, out, width, channels, kx, ky, weights64, column, row, 0, height);
  } else {
    blur_rows_exact(in, out, width, channels, kx, ky, weights, column, row, 0, height);
  }
  free(weights64);
  return 0;
}
