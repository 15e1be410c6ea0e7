/* Colour micro-kernels: the inner loops only, on pre-validated pointers and
 * counts (see color.h for the arithmetic). `pixels` pixels of `channels`
 * (3 or 4) interleaved bytes; with 4 channels the alpha byte is copied.
 * The scalar and wasmsimd variants give the same bytes (tests/image-color.test.mjs).
 *
 *   gray(in, out, pixels, channels, out_channels):
 *       out_channels 1: gray; 3 or 4: gray in R, G and B (4: alpha copied;
 *       only from 4 channels)
 *   bytes(in, out, pixels, channels, threshold, mask):
 *       colour byte v -> v >= threshold ? 255 − v : v & mask; threshold 0..256
 *       (posterize: 256 and the mask; solarize: the threshold and 0xff;
 *       invert: 0)
 *   blend(in, other, out, bytes, channels, a, b):
 *       colour byte v at i -> trunc(clamp(a·v + b·other[i], 0, 255)) (sharpness;
 *       `other` may be `out`: each byte is read before it is written, once)
 *   sharpen_row(above, row, below, out, width, channels):
 *       adjust_sharpness's smoothed row: for the pixels 1 .. width − 2 of `row`
 *       (width >= 3), colour byte -> round(S / 13) = (2·S + 13) / 26 with S
 *       the 3x3 sum around it (above, row, below) plus 4 times itself; their
 *       alpha bytes copied; pixels 0 and width − 1 not written
 *   gray_sum(in, pixels, channels):
 *       the sum of the pixels' gray bytes, as an integer
 *   nearest_row(in, out, row): one row chunk of a policy's nearest resample (tw_color_nearest_row above)
 *   minmax(in, pixels, channels, lo, hi):
 *       each colour channel's smallest and largest byte (pixels >= 1)
 *   chain(in, out, pixels, channels, steps, count, gray_sum):
 *       the steps in order on each pixel, each step's colour bytes truncated to uint8 before the next:
 *         BRIGHTNESS, CONTRAST  v -> trunc(clamp(a·v + b, 0, 255))
 *         SATURATION            v -> trunc(clamp(a·v + b·gray, 0, 255)), gray the pixel's (as it enters)
 *         HUE                   adjust_hue with shift a (color-hue-scalar.c states it)
 *       (color.c and color-chain.c make a and b: tw_color_adjust is a chain of one step); `in` may be
 *       `out`. gray_sum NULL, or it gets the sum of the results' gray bytes added (as gray_sum; pixels
 *       <= 2^24 / 255)
 *   lut(in, out, pixels, channels, table):
 *       colour byte v of channel c -> table[256·c + v] (scalar only: a table
 *       look-up per byte has no wasm SIMD form) */
#ifndef TW_COLOR_COLOR_KERNELS_H
#define TW_COLOR_COLOR_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* float32 weights of torchvision's rgb_to_grayscale */
#define TW_COLOR_GRAY_R 0.2989f
#define TW_COLOR_GRAY_G 0.587f
#define TW_COLOR_GRAY_B 0.114f

/* One output row (or part of one) of tw_color_policy_nearest (color-policy.c): n pixels whose base-grid
 * products are gxu[k] = f(gx·r00), gxv[k] = f(gx·r01) and the row's gyu, gyv; theta2 = r20, theta5 = r21;
 * pixel k reads in(u, v) with u = nearbyint(((f((gxu[k] + gyu) + theta2) + 1)·half_w) − ½) (v likewise) or
 * `fill` when (u, v) lies outside the width x height input. */
typedef struct tw_color_nearest_row {
  const float *gxu, *gxv;
  float gyu, gyv, theta2, theta5, half_w, half_h;
  int32_t n, width, height;
  size_t channels;
  const uint8_t* fill;
} tw_color_nearest_row;

/* One step of a chain kernel: op a tw_color_adjust_op but SHARPNESS; a and b as the op's own kernel takes
 * them (HUE: a the shift, b unused). */
typedef struct tw_color_step {
  int32_t op;
  float a, b;
} tw_color_step;

/* X(isa) for each variant: one declaration list, one place to add an ISA. */
#define TW_COLOR_KERNEL_DECLARE(isa)                                                                                 \
  void tw_color_gray__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, size_t out_channels);   \
  void tw_color_bytes__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, uint32_t threshold,   \
                             uint8_t mask);                                                                          \
  void tw_color_blend__##isa(const uint8_t* in, const uint8_t* other, uint8_t* out, size_t bytes, size_t channels,  \
                             float a, float b);                                                                      \
  void tw_color_sharpen_row__##isa(const uint8_t* above, const uint8_t* row, const uint8_t* below, uint8_t* out,   \
                                   size_t width, size_t channels);                                                  \
  void tw_color_minmax__##isa(const uint8_t* in, size_t pixels, size_t channels, uint8_t lo[3], uint8_t hi[3]);   \
  uint64_t tw_color_gray_sum__##isa(const uint8_t* in, size_t pixels, size_t channels);                            \
  void tw_color_nearest_row__##isa(const uint8_t* in, uint8_t* out, const tw_color_nearest_row* r);            \
  void tw_color_chain__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,                    \
                             const tw_color_step* steps, size_t count, uint64_t* gray_sum);

TW_COLOR_KERNEL_DECLARE(scalar)
TW_COLOR_KERNEL_DECLARE(wasmsimd)

/* adjust_hue of one pixel's R, G, B bytes (color-hue-scalar.c); in may be out. */
void tw_color_hue_pixel(const uint8_t* in, uint8_t* out, float shift);

void tw_color_lut__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, const uint8_t* table);

/* The scalar kernels' per-pixel steps, shared with the SIMD kernels' tails. */
/* NaN (inf − inf, from a factor near float32's limit) gives 0, as the SIMD
 * kernels' saturating conversion does and as torch's conversion does on x86. */
static inline uint8_t tw_color_clamp_trunc(float x) {
  x = x >= 0.0f ? x : 0.0f;
  x = x > 255.0f ? 255.0f : x;
  return (uint8_t)x;
}

/* One colour byte of sharpen_row, at byte i of the rows (pixel stride ch). */
static inline uint8_t tw_color_sharpen_byte(const uint8_t* above, const uint8_t* row, const uint8_t* below, size_t i,
                                            size_t ch) {
  uint32_t sum = 4u * row[i];
  sum += above[i - ch] + above[i] + above[i + ch];
  sum += row[i - ch] + row[i] + row[i + ch];
  sum += below[i - ch] + below[i] + below[i + ch];
  /* S / 13 is never within 1/26 of a half: rounding the exact quotient is torch's float result */
  return (uint8_t)((2 * sum + 13) / 26);
}

static inline uint8_t tw_color_gray_of(const uint8_t* p) {
  return (uint8_t)((TW_COLOR_GRAY_R * (float)p[0] + TW_COLOR_GRAY_G * (float)p[1]) + TW_COLOR_GRAY_B * (float)p[2]);
}

#endif
