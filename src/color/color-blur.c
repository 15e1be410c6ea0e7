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
 * where a double sum is exact (the direct kernels: every non-zero weight
 * >= 2^-20, proof below) one double multiply-add and one rounding per tap,
 * otherwise an exact FMA (the exact kernels). A chain's latency bounds one
 * value, but the chains of neighbouring output values are independent: the
 * wasmsimd kernels (color-blur-kernels.h) run 16 of them side by side in
 * f64x2 lanes, the scalar ones 4 (an earlier SIMD try put a pixel's 3
 * channels in the lanes and was no faster than scalar; this is 2–8x
 * faster than the scalar chains, README › Colour). This file plans and drives them: the
 * weights, and each source row converted once, per colour channel, to a row
 * of doubles with the reflect padding written in (a ring of ky such rows,
 * so the kernels' loads are contiguous and the memory is 24·ky·(width + kx)
 * bytes, not the image: 13 MB at most for 1080p); the kernels' rows of
 * bytes are then interleaved, alpha copied. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "color-blur-kernels.h"
#include "color-internal.h"
#include "color-math.h"
#include "common/config.h"

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

/* When every non-zero weight is at least 2^-20, w·pixel + acc needs at most 52 bits: the products and sums
 * stay below 2^9 (the weights sum to 1, pixels are at most 255), and no bit below 2^-43 is ever set (a
 * weight's last bit is at least 2^(-20-23), a pixel is an integer, and acc, which only grows, is at least
 * the first non-zero product). So the double sum is exact and rounding it once to float32 is the fused
 * result: no correction needed (the direct kernels). */
#define TW_BLUR_DIRECT_MIN_WEIGHT (1.0f / 1048576.0f) /* 2^-20 */

/* The blur of one call: the image, the weights, the kernels, and its working memory (one block). The
 * source rows are converted once each, per colour channel, to doubles with the reflect padding written in
 * (columns), into a ring of ky slots: output row y reads padded rows y .. y + ky − 1, slot p % ky. */
typedef struct blur_plan {
  const uint8_t* in;
  uint8_t* out;
  size_t width, height, channels, kx, ky;
  size_t n;      /* values a kernel call computes: width rounded up to TW_COLOR_BLUR_BLOCK */
  size_t stride; /* doubles per converted row: n + kx − 1 (past the padded row: zeros, read, discarded) */
  double* ring;  /* ky slots of 3 converted rows */
  double* weights64;
  float* weights;
  const double** rows; /* one channel's ky rows, as the kernel reads them */
  size_t* column;      /* padded column -> byte offset of its pixel in a source row */
  uint8_t* plane;      /* the kernels' output: 3 rows of n bytes */
  tw_color_blur_direct_fn* direct; /* NULL: the exact kernel */
  tw_color_blur_exact_fn* exact;
} blur_plan;

/* Allocates the block and points the plan's arrays into it; NULL if it does not fit a size_t or malloc fails.
 * kx, ky <= 255 and width < 2^31 (the entry's checks), so the sums below fit 64 bits. */
static void* blur_alloc(blur_plan* b) {
  const size_t padded_w = b->width + b->kx - 1, taps = b->kx * b->ky;
  b->n = (b->width + TW_COLOR_BLUR_BLOCK - 1) / TW_COLOR_BLUR_BLOCK * TW_COLOR_BLUR_BLOCK;
  b->stride = b->n + b->kx - 1;
  const uint64_t ring = (uint64_t)b->stride * 3 * b->ky;
  const uint64_t block = (ring + taps) * sizeof(double) + b->ky * sizeof(double*) + (uint64_t)padded_w * sizeof(size_t) +
                         (taps + b->kx + b->ky) * sizeof(float) + (uint64_t)b->n * 3;
  void* memory = block > SIZE_MAX ? NULL : malloc((size_t)block);
  if (!memory) return NULL;
  b->ring = memory;
  b->weights64 = b->ring + ring;
  b->rows = (const double**)(b->weights64 + taps);
  b->column = (size_t*)(b->rows + b->ky);
  b->weights = (float*)(b->column + padded_w);
  b->plane = (uint8_t*)(b->weights + taps + b->kx + b->ky);
  for (size_t r = 0; r < 3 * b->ky; r++)
    memset(b->ring + r * b->stride + padded_w, 0, (b->stride - padded_w) * sizeof(double));
  return memory;
}

/* The 2-D weights as float and double; whether the direct kernels are exact for them. */
static int blur_weights(blur_plan* b, float sigma_x, float sigma_y) {
  float* wx = b->weights + b->kx * b->ky;
  float* wy = wx + b->kx;
  kernel1d(b->kx, sigma_x, wx);
  kernel1d(b->ky, sigma_y, wy);
  int direct = 1;
  for (size_t i = 0; i < b->ky; i++) {
    for (size_t j = 0; j < b->kx; j++) {
      const float w = wy[i] * wx[j];
      b->weights[i * b->kx + j] = w;
      b->weights64[i * b->kx + j] = w;
      direct &= w == 0.0f || w >= TW_BLUR_DIRECT_MIN_WEIGHT;
    }
  }
  return direct;
}

/* Padded row p of the source into its ring slot, each colour channel a row of doubles. */
static void convert_row(const blur_plan* b, size_t p) {
  const uint8_t* src = b->in + reflect(p, b->ky / 2, b->height) * b->width * b->channels;
  double* slot = b->ring + (p % b->ky) * 3 * b->stride;
  for (size_t c = 0; c < 3; c++, slot += b->stride)
    for (size_t q = 0; q < b->width + b->kx - 1; q++) slot[q] = src[b->column[q] + c];
}

/* Output row y: each colour channel's kernel call into the plane, then the bytes interleaved, alpha copied. */
static void blur_row(const blur_plan* b, size_t y) {
  for (size_t c = 0; c < 3; c++) {
    for (size_t i = 0; i < b->ky; i++) b->rows[i] = b->ring + (((y + i) % b->ky) * 3 + c) * b->stride;
    if (b->direct) b->direct(b->rows, b->weights64, b->kx, b->ky, b->n, b->plane + c * b->n);
    else b->exact(b->rows, b->weights, b->kx, b->ky, b->n, b->plane + c * b->n);
  }
  const size_t ch = b->channels;
  const uint8_t* alpha = b->in + y * b->width * ch + 3;
  uint8_t* o = b->out + y * b->width * ch;
  for (size_t x = 0; x < b->width; x++, o += ch) {
    for (size_t c = 0; c < 3; c++) o[c] = b->plane[c * b->n + x];
    if (ch == 4) o[3] = alpha[x * 4];
  }
}

int tw_color_blur_run(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, size_t kx,
                      size_t ky, float sigma_x, float sigma_y) {
  blur_plan b = {.in = in, .out = out, .width = width, .height = height, .channels = channels, .kx = kx, .ky = ky};
  void* memory = blur_alloc(&b);
  if (!memory) return -1;
  const int simd = tw_use_simd();
  if (blur_weights(&b, sigma_x, sigma_y)) b.direct = simd ? tw_color_blur_direct__wasmsimd : tw_color_blur_direct__scalar;
  else b.exact = simd ? tw_color_blur_exact__wasmsimd : tw_color_blur_exact__scalar;
  for (size_t p = 0; p < width + kx - 1; p++) b.column[p] = reflect(p, kx / 2, width) * channels;
  for (size_t p = 0; p + 1 < ky; p++) convert_row(&b, p);
  for (size_t y = 0; y < height; y++) {
    convert_row(&b, y + ky - 1);
    blur_row(&b, y);
  }
  free(memory);
  return 0;
}
