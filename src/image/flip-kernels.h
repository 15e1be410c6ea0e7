/* flip / rotate90 micro-kernels: the inner loops only, on pre-validated
 * pointers and counts (see flip.h for the rules).
 *
 *   tw_image_reverse_x24__<isa>(count, src_last, dst):
 *       3-byte pixels: dst pixel i = src_last pixel -i, i in [0, count)
 *       (1-, 2- and 4-byte pixels use Pad's tw_pad_reverse_x8/16/32).
 *   tw_image_turn__<isa>(origin, step_c, step_r, out, width, height, pixel_bytes):
 *       out pixel (r, c) = the pixel at origin + c·step_c + r·step_r (bytes),
 *       r < height, c < width, out rows packed. A quarter turn is such a walk
 *       with one step a row of the input and the other ±one pixel. */
#ifndef TW_IMAGE_FLIP_KERNELS_H
#define TW_IMAGE_FLIP_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "flip.h"

void tw_image_reverse_x24__scalar(size_t count, const void* src_last, void* dst);
void tw_image_reverse_x24__wasmsimd(size_t count, const void* src_last, void* dst);

typedef void (*tw_image_turn_fn)(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                                 size_t width, size_t height, size_t pixel_bytes);
void tw_image_turn__scalar(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                           size_t width, size_t height, size_t pixel_bytes);
void tw_image_turn__wasmsimd(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                             size_t width, size_t height, size_t pixel_bytes);

/* Output tiles of TW_IMAGE_TURN_TILE² pixels keep the input rows a tile reads in L1 (flip.h). */
#define TW_IMAGE_TURN_TILE ((size_t)TW_IMAGE_TURN_LIMIT_TILE)

#endif
