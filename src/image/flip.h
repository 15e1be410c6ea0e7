/* tensorwarp/image flip and rotate90: pure data movement on images (see
 * image.h for the layout). Results are exact: every output pixel is one
 * input pixel's bytes.
 *
 *   tw_image_flip, direction HORIZONTAL: out(r, c) = in(r, w - 1 - c)
 *                            VERTICAL:   out(r, c) = in(h - 1 - r, c)
 *                            BOTH:       out(r, c) = in(h - 1 - r, w - 1 - c)
 *   (OpenCV flip codes 1, 0 and -1.)
 *
 *   tw_image_rotate90, turns counter-clockwise quarter turns on screen (any
 *   int32; taken mod 4). One or three turns swap width and height: the output
 *   is h wide and w high, and
 *     1 turn:   out(r, c) = in(c, w - 1 - r)           (cv2.ROTATE_90_COUNTERCLOCKWISE)
 *     3 turns:  out(r, c) = in(h - 1 - c, r)           (cv2.ROTATE_90_CLOCKWISE)
 *   0 turns copies, 2 turns is flip BOTH.
 *   It writes the output rows [first_row, first_row + rows) only, packed
 *   from `out` (out_bytes = rows * output width * channels): a caller can
 *   turn a large image in bands of rows, each small enough to stay in cache
 *   (js/image/flip.js); the whole image is first_row 0, rows = output height.
 *
 * Arguments: width, height >= 0 (int32), channels 1..4; in_bytes must equal
 * width * height * channels, and out_bytes too for flip; `in` and `out` must
 * not overlap (checked). No allocation. Nothing is written to `out` unless the
 * call returns TW_OK. The SIMD and scalar kernels (tw_set_simd) move the same
 * bytes. */
#ifndef TW_IMAGE_FLIP_H
#define TW_IMAGE_FLIP_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

typedef enum tw_image_flip_direction {
  TW_IMAGE_FLIP_DIRECTION_HORIZONTAL = 1,
  TW_IMAGE_FLIP_DIRECTION_VERTICAL = 2,
  TW_IMAGE_FLIP_DIRECTION_BOTH = 3,
} tw_image_flip_direction;

/* A quarter turn's kernel walks the output rows [first_row, first_row + rows)
 * in square tiles of TILE pixels, from first_row. A caller's bands are best
 * a multiple of TILE rows: each tile then reads whole runs of TILE pixels of
 * the input rows, and no band reads a cache line of them that the next band
 * reads again (js/image/flip.js). */
typedef enum tw_image_turn_limit {
  TW_IMAGE_TURN_LIMIT_TILE = 32,
} tw_image_turn_limit;

TW_EXPORT int32_t tw_image_flip(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes,
                                int32_t width, int32_t height, int32_t channels, int32_t direction);

TW_EXPORT int32_t tw_image_rotate90(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes,
                                    int32_t width, int32_t height, int32_t channels, int32_t turns, int32_t first_row,
                                    int32_t rows);

#endif
