/* flip / rotate90 wasm SIMD kernels. Same bytes as the scalar ones: they only
 * move pixels. */
#include <string.h>

#include "common/simd.h"
#include "flip-kernels.h"

/* Five 3-byte pixels per step. The 16-byte load starts one byte before the
 * lowest of the five source pixels (byte 0 unused), so it stays inside the
 * run; the 16-byte store's last byte is the first byte of the next step's
 * first pixel, which that step (or the scalar tail) writes afterwards. A step
 * needs a sixth pixel on both sides: i + 6 <= count. */
void tw_image_reverse_x24__wasmsimd(size_t count, const void* src_last, void* dst) {
  const uint8_t* in = (const uint8_t*)src_last; /* first byte of the pixel out[0] takes */
  uint8_t* out = dst;
  size_t i = 0;
  for (; i + 6 <= count; i += 5) {
    /* bytes 1..3: source of out[i + 4], 4..6: out[i + 3], ..., 13..15: out[i] */
    const v128_t v = wasm_v128_load(in - 3 * (i + 4) - 1);
    wasm_v128_store(out + 3 * i, wasm_i8x16_shuffle(v, v, 13, 14, 15, 10, 11, 12, 7, 8, 9, 4, 5, 6, 1, 2, 3, 0));
  }
  for (; i < count; i++) memcpy(out + 3 * i, in - 3 * i, 3);
}

/* A 4×4 block of 4-byte pixels: out(r + k, c + j) = pixel at base + j·step_c + k·step_r,
 * step_r = ±4 (a quarter turn): four row loads, a transpose, four stores. */
static inline void turn_block_x32(const uint8_t* base, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                                  size_t out_stride) {
  const int backwards = step_r < 0;
  const uint8_t* p = backwards ? base - 12 : base;
  const v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + step_c);
  const v128_t c = wasm_v128_load(p + 2 * step_c), d = wasm_v128_load(p + 3 * step_c);
  const v128_t ab_lo = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), cd_lo = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5);
  const v128_t ab_hi = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7), cd_hi = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
  v128_t column[4] = {
      wasm_i32x4_shuffle(ab_lo, cd_lo, 0, 1, 4, 5), wasm_i32x4_shuffle(ab_lo, cd_lo, 2, 3, 6, 7),
      wasm_i32x4_shuffle(ab_hi, cd_hi, 0, 1, 4, 5), wasm_i32x4_shuffle(ab_hi, cd_hi, 2, 3, 6, 7)};
  for (int k = 0; k < 4; k++) wasm_v128_store(out + k * out_stride, column[backwards ? 3 - k : k]);
}

static void turn_tile_x32(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out, size_t width,
                          size_t r0, size_t r1, size_t c0, size_t c1) {
  const size_t stride = width * 4;
  size_t r = r0;
  for (; r + 4 <= r1; r += 4) {
    size_t c = c0;
    for (; c + 4 <= c1; c += 4) {
      turn_block_x32(origin + (ptrdiff_t)c * step_c + (ptrdiff_t)r * step_r, step_c, step_r, out + r * stride + c * 4,
                     stride);
    }
    for (size_t k = r; k < r + 4; k++) {
      for (size_t j = c; j < c1; j++) memcpy(out + k * stride + j * 4, origin + (ptrdiff_t)j * step_c + (ptrdiff_t)k * step_r, 4);
    }
  }
  for (; r < r1; r++) {
    for (size_t j = c0; j < c1; j++) memcpy(out + r * stride + j * 4, origin + (ptrdiff_t)j * step_c + (ptrdiff_t)r * step_r, 4);
  }
}

void tw_image_turn__wasmsimd(const uint8_t* origin, ptrdiff_t step_c, ptrdiff_t step_r, uint8_t* out,
                             size_t width, size_t height, size_t pixel_bytes) {
  if (pixel_bytes != 4 || (step_r != 4 && step_r != -4)) {
    tw_image_turn__scalar(origin, step_c, step_r, out, width, height, pixel_bytes);
    return;
  }
  const size_t tile = TW_IMAGE_TURN_TILE;
  for (size_t r0 = 0; r0 < height; r0 += tile) {
    const size_t r1 = height - r0 < tile ? height : r0 + tile;
    for (size_t c0 = 0; c0 < width; c0 += tile) {
      const size_t c1 = width - c0 < tile ? width : c0 + tile;
      turn_tile_x32(origin, step_c, step_r, out, width, r0, r1, c0, c1);
    }
  }
}
