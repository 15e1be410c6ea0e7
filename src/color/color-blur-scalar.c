/* gaussian_blur's micro-kernels, scalar (color-blur-kernels.h): the
 * reference. Four output values a step, each its own chain in tap order,
 * so the four chains' latencies overlap. */
#include "color-blur-kernels.h"
#include "color-math.h"

#define LANES 4

static uint8_t round_to_byte(float acc) {
  const float r = rintf(acc); /* half to even, as torch.round */
  return (uint8_t)(r < 0.0f ? 0.0f : r > 255.0f ? 255.0f : r);
}

/* One double multiply-add rounded once: the fused result while every non-zero weight is >= 2^-20. */
static inline float fma_direct(double w, double x, float acc) { return (float)(w * x + (double)acc); }

static inline float fma_exact(float w, double x, float acc) { return tw_color_fmaf(w, (float)x, acc); }

#define TW_BLUR_KERNEL(name, weight_type, fma)                                                                    \
  void name(const double* const* rows, const weight_type* weights, size_t kx, size_t ky, size_t n, uint8_t* out) { \
    for (size_t x = 0; x < n; x += LANES) {                                                                       \
      float acc[LANES] = {0.0f, 0.0f, 0.0f, 0.0f};                                                                \
      const weight_type* w = weights;                                                                             \
      for (size_t i = 0; i < ky; i++) {                                                                           \
        const double* r = rows[i] + x;                                                                            \
        for (size_t j = 0; j < kx; j++, w++)                                                                      \
          for (size_t l = 0; l < LANES; l++) acc[l] = fma(*w, r[j + l], acc[l]);                                  \
      }                                                                                                           \
      for (size_t l = 0; l < LANES; l++) out[x + l] = round_to_byte(acc[l]);                                      \
    }                                                                                                             \
  }

TW_BLUR_KERNEL(tw_color_blur_direct__scalar, double, fma_direct)
TW_BLUR_KERNEL(tw_color_blur_exact__scalar, float, fma_exact)
