/* What the colour entries (color.c) share with their drivers: the ops that
 * are more than one micro-kernel call. Arguments are validated by the
 * entries; `pixels` pixels of `channels` (3 or 4) bytes. */
#ifndef TW_COLOR_COLOR_INTERNAL_H
#define TW_COLOR_COLOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* adjust_hue (color-hue.c); shift = f(hue factor). */
void tw_color_hue_run(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels, float shift);

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
