/* tensorwarp/image blur: the box filter (OpenCV blur, the normalised
 * boxFilter) on images (see image.h for the layout).
 *
 * Box: box_width w by box_height h pixels, every channel on its own. The box
 * around column x spans columns x - floor(w / 2) .. x + w - 1 - floor(w / 2)
 * (an even size takes one more tap before the pixel than after: OpenCV's
 * default anchor), and likewise for rows. Taps outside the image follow
 * `border` (image.h), each row and column index mapped on its own by Pad's
 * index rule (pad.h, src(i, n); reflect on a 1-pixel axis reads that pixel);
 * CONSTANT taps read the fill value and count in the mean.
 *
 * Arithmetic: out = S / (w * h) rounded half to even, S the exact integer
 * sum of the w * h taps ([1, 2] -> 2, [2, 3] -> 2). The result is exact, so
 * the SIMD kernels (the default) and the scalar reference kernels
 * (tw_set_simd(0)) give the same bytes; how each computes S and the quotient
 * is in blur-kernels.h.
 *
 * Bands: the call writes output rows [row0, row0 + rows) of the width x
 * height result into dst (rows * width * channels bytes). A result computed
 * in bands is identical to one call; each call sums its first row's h source
 * rows afresh, so bands of at least h rows keep that cost below the rest.
 *
 * Arguments: width, height >= 0, channels 1..4 (int32); box_width,
 * box_height >= 1 with (width + w - 1) (height + h - 1) channels <=
 * 2^TW_BLUR_LIMIT_SPAN_LOG2 (TW_INVALID_ARGUMENT beyond, naming size: the
 * image with every border tap around it, what a padded copy would hold; it
 * bounds the work, and makes every sum < 2^40); fill: channel c's value in byte c (little-endian),
 * read for CONSTANT only.
 * src_bytes must equal width * height * channels, dst_bytes rows * width *
 * channels; a pointer may be NULL only when its byte count is 0; dst must
 * not overlap src. An empty band succeeds and writes nothing; bands of an
 * empty image are empty.
 *
 * Memory: one scratch allocation per call, freed before returning: the
 * running sums of a row with its border and a fill pixel, (width + w) *
 * channels lanes of 2 or 8 bytes, a row of zeros and, for CONSTANT, a row of
 * fill bytes (TW_OUT_OF_MEMORY if it cannot be had). Only dst is written,
 * and nothing at all on failure. */
#ifndef TW_IMAGE_BLUR_H
#define TW_IMAGE_BLUR_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

/* The span limit, generated into wasm/enums.js (blur_limit) for the
 * wrapper's check before it allocates anything. */
typedef enum tw_blur_limit {
  TW_BLUR_LIMIT_SPAN_LOG2 = 32,
} tw_blur_limit;
#define TW_BLUR_MAX_SPAN (UINT64_C(1) << TW_BLUR_LIMIT_SPAN_LOG2)

/* Returns TW_OK, or TW_INVALID_ARGUMENT / TW_UNSUPPORTED / TW_OUT_OF_MEMORY
 * with tw_last_error() naming the argument. */
TW_EXPORT int32_t tw_image_blur(const uint8_t* src, size_t src_bytes, int32_t width, int32_t height, int32_t channels,
                                int32_t box_width, int32_t box_height, int32_t border, uint32_t fill, uint8_t* dst,
                                size_t dst_bytes, int32_t row0, int32_t rows);

#endif
