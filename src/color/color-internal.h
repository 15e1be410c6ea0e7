/* What the colour entries (color.c) share with their drivers: the ops that
 * are more than one micro-kernel call. Arguments are validated by the
 * entries; `pixels` pixels of `channels` (3 or 4) bytes. */
#ifndef TW_COLOR_COLOR_INTERNAL_H
#define TW_COLOR_COLOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"

/* An image the checks accepted: pixels, channels (3 or 4) and bytes of the input. */
typedef struct tw_color_image_plan {
  size_t pixels, channels, bytes;
} tw_color_image_plan;

/* The checks of every entry (color.c): sizes, channels, byte counts, pointers, heap ranges, overlap. */
tw_status tw_color_check_images(const uint8_t* in, size_t in_bytes, const uint8_t* out, size_t out_bytes,
                                int32_t width, int32_t height, int32_t channels, int32_t out_channels,
                                tw_color_image_plan* plan);

/* An adjust op's factor (HUE: the shift in [-0.5, 0.5]; else >= 0), finite in float32. */
tw_status tw_color_check_factor(int32_t op, double factor);

/* Up to this many pixels every partial sum of torch's cascade over the gray bytes is an integer below 2^24,
 * so the float32 sum is the integer sum. */
#define TW_COLOR_EXACT_SUM_PIXELS ((1u << 24) / 255)

/* torch's mean of the image's gray bytes, f(S) / f(pixels) (adjust_contrast): up to EXACT_SUM_PIXELS the
 * integer sum; above, torch's cascade over the gray bytes, made in `scratch` (pixels bytes) or, when it is
 * NULL, in a block allocated here (TW_OUT_OF_MEMORY if that fails). */
tw_status tw_color_gray_mean(const uint8_t* in, const tw_color_image_plan* plan, uint8_t* scratch, float* mean);

/* The per-channel tables of autocontrast, equalize and gamma (color-lut.c):
 * table[256·c + v] for c = 0, 1, 2. */
void tw_color_autocontrast_table(const uint8_t* in, size_t pixels, size_t channels, uint8_t table[768]);
void tw_color_equalize_table(const uint8_t* in, size_t pixels, size_t channels, uint8_t table[768]);

/* gamma's two tables (color.h): body for the values torch's vector loop
 * computes, tail for its scalar tail. */
void tw_color_gamma_tables(double gamma, double gain, uint8_t body[256], uint8_t tail[256]);

/* gaussian_blur (color-blur.c): 0, or -1 if its scratch block could not be allocated. */
int tw_color_blur_run(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, size_t kx,
                      size_t ky, float sigma_x, float sigma_y);

#endif
