/* flip / rotate90 scalar kernels: the reference the SIMD kernels match. */
#include <string.h>

#include "flip-kernels.h"

void tw_image_reverse_x24__scalar(size_t count, const void* src_last, void* dst) {
  const uint8_t* in = src_last;
  uint8_t* out = dst;
  for (size_t i = 0; i < count; i++) memcpy(out + 3 * i, in - 3 * i, 3);
}

/* One output tile: rows [r0, r1), columns [c0, c1). */
static void turn_tile(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out, size_t width,
                      size_t r0, size_t r1, size_t c0, size_t c1, size_t pixel_bytes) {
  for (size_t r = r0; r < r1; r++) {
    uint8_t* row = out + r * width * pixel_bytes;
    const uint8_t* src = origin + (ptrdiff_t)r * step_r;
    for (size_t c = c0; c < c1; c++) memcpy(row + c * pixel_bytes, src + (ptrdiff_t)c * step_c, pixel_bytes);
  }
}

void tw_image_turn__scalar(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                           size_t width, size_t height, size_t pixel_bytes) {
  const size_t tile = TW_IMAGE_TURN_TILE;
  for (size_t r0 = 0; r0 < height; r0 += tile) {
    const size_t r1 = height - r0 < tile ? height : r0 + tile;
    for (size_t c0 = 0; c0 < width; c0 += tile) {
      const size_t c1 = width - c0 < tile ? width : c0 + tile;
      turn_tile(origin, step_c, step_r, out, width, r0, r1, c0, c1, pixel_bytes);
    }
  }
}
