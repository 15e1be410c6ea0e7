/* Colour micro-kernels: the inner loops only, on pre-validated pointers and
 * counts (see color.h for the arithmetic). `pixels` pixels of `channels`
 * (3 or 4) interleaved bytes; with 4 channels the alpha byte is copied.
 * The scalar and wasmsimd variants give the same bytes (tests/image-color.test.mjs).
 *
 *   affine(in, out, pixels, channels, a, b):
 *       colour byte v -> trunc(clamp(a·v + b, 0, 255))    (brightness, contrast)
 *   saturate(in, out, pixels, channels, a, b):
 *       colour byte v -> trunc(clamp(a·v + b·gray, 0, 255)), gray the pixel's
 *   gray(in, out, pixels, channels, out_channels):
 *       out_channels 1: gray; 3 or 4: gray in R, G and B (4: alpha copied;
 *       only from 4 channels)
 *   bytes(in, out, pixels, channels, threshold, mask):
 *       colour byte v -> v >= threshold ? 255 − v : v & mask; threshold 0..256
 *       (posterize: 256 and the mask; solarize: the threshold and 0xff;
 *       invert: 0)
 *   blend(in, other, out, bytes, channels, a, b):
 *       colour byte v at i -> trunc(clamp(a·v + b·other[i], 0, 255)) (sharpness)
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

/* X(isa) for each variant: one declaration list, one place to add an ISA. */
#define TW_COLOR_KERNEL_DECLARE(isa)                                                                                 \
  void tw_color_affine__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, float a, float b);    \
  void tw_color_saturate__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, float a, float b);  \
  void tw_color_gray__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, size_t out_channels);   \
  void tw_color_bytes__##isa(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, uint32_t threshold,   \
                             uint8_t mask);                                                                          \
  void tw_color_blend__##isa(const uint8_t* in, const uint8_t* other, uint8_t* out, size_t bytes, size_t channels,  \
                             float a, float b);

TW_COLOR_KERNEL_DECLARE(scalar)
TW_COLOR_KERNEL_DECLARE(wasmsimd)

void tw_color_lut__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, const uint8_t* table);

/* The scalar kernels' per-pixel steps, shared with the SIMD kernels' tails. */
static inline uint8_t tw_color_clamp_trunc(float x) {
  x = x < 0.0f ? 0.0f : x;
  x = x > 255.0f ? 255.0f : x;
  return (uint8_t)x;
}

static inline uint8_t tw_color_gray_of(const uint8_t* p) {
  return (uint8_t)((TW_COLOR_GRAY_R * (float)p[0] + TW_COLOR_GRAY_G * (float)p[1]) + TW_COLOR_GRAY_B * (float)p[2]);
}

#endif
