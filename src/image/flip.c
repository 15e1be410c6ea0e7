/* flip and rotate90 entries: validate, then walk rows (flip) or tiles
 * (rotate90) with the micro-kernels of flip-kernels.h and Pad's reversed
 * runs (pad-kernels.h). */
#include "flip.h"

#include <stdint.h>
#include <string.h>

#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "flip-kernels.h"
#include "image-check.h"
#include "image.h"
#include "pad/pad-kernels.h"

typedef void (*reverse_fn)(size_t count, const void* src_last, void* dst);

static reverse_fn reverse_kernel(int32_t channels) {
  const int simd = tw_use_simd();
  switch (channels) {
    case 1: return simd ? tw_pad_reverse_x8__wasmsimd : tw_pad_reverse_x8__scalar;
    case 2: return simd ? tw_pad_reverse_x16__wasmsimd : tw_pad_reverse_x16__scalar;
    case 3: return simd ? tw_image_reverse_x24__wasmsimd : tw_image_reverse_x24__scalar;
    default: return simd ? tw_pad_reverse_x32__wasmsimd : tw_pad_reverse_x32__scalar;
  }
}

/* The size checks both entries share; *bytes receives width * height * channels. */
static tw_status check_size(size_t in_bytes, int32_t width, int32_t height, int32_t channels, size_t* bytes) {
  tw_status status = tw_image_check_sides("img", width, height);
  if (status == TW_OK) status = tw_image_check_channels("channels", channels);
  if (status != TW_OK) return status;
  const uint64_t total = (uint64_t)width * (uint64_t)height * (uint64_t)channels;
  if (total > SIZE_MAX) return tw_fail(TW_OUT_OF_MEMORY, "img: %llu bytes do not fit in memory", (unsigned long long)total);
  *bytes = (size_t)total;
  return tw_image_check_bytes("img", in_bytes, width, height, channels);
}

int32_t tw_image_flip(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                      int32_t height, int32_t channels, int32_t direction) {
  size_t bytes = 0;
  tw_status status = check_size(in_bytes, width, height, channels, &bytes);
  if (status == TW_OK) status = tw_image_check_bytes("out", out_bytes, width, height, channels);
  if (status == TW_OK) status = tw_image_check_buffers("img", in, in_bytes, "out", out, out_bytes);
  if (status != TW_OK) return status;
  if (direction < TW_IMAGE_FLIP_DIRECTION_HORIZONTAL || direction > TW_IMAGE_FLIP_DIRECTION_BOTH)
    return tw_fail(TW_INVALID_ARGUMENT, "direction: expected 1 (horizontal), 2 (vertical) or 3 (both), got %d", direction);
  if (bytes == 0) return TW_OK;
  const size_t row_bytes = (size_t)width * (size_t)channels;
  const int vertical = direction & TW_IMAGE_FLIP_DIRECTION_VERTICAL;
  const int horizontal = direction & TW_IMAGE_FLIP_DIRECTION_HORIZONTAL;
  const reverse_fn reverse = reverse_kernel(channels);
  for (size_t r = 0; r < (size_t)height; r++) {
    const uint8_t* src = in + (vertical ? (size_t)height - 1 - r : r) * row_bytes;
    uint8_t* dst = out + r * row_bytes;
    if (horizontal) {
      reverse((size_t)width, src + row_bytes - (size_t)channels, dst);
    } else {
      memcpy(dst, src, row_bytes);
    }
  }
  return TW_OK;
}

/* Output rows [first, first + rows) of a half turn: input rows reversed, from the bottom. */
static void half_turn(const uint8_t* in, uint8_t* out, size_t width, size_t height, size_t channels, size_t first,
                      size_t rows) {
  const size_t row_bytes = width * channels;
  const reverse_fn reverse = reverse_kernel((int32_t)channels);
  for (size_t r = 0; r < rows; r++)
    reverse(width, in + (height - 1 - first - r) * row_bytes + row_bytes - channels, out + r * row_bytes);
}

int32_t tw_image_rotate90(const uint8_t* in, size_t in_bytes, uint8_t* out, size_t out_bytes, int32_t width,
                          int32_t height, int32_t channels, int32_t turns, int32_t first_row, int32_t rows) {
  size_t bytes = 0;
  tw_status status = check_size(in_bytes, width, height, channels, &bytes);
  if (status != TW_OK) return status;
  /* A quarter turn walks the input with signed strides (flip-kernels.h):
   * their products must fit a ptrdiff_t, 32 bits in wasm32. */
  if (bytes > PTRDIFF_MAX)
    return tw_fail(TW_UNSUPPORTED, "img: %zu bytes; rotate90 takes images of at most %lld bytes", bytes,
                   (long long)PTRDIFF_MAX);
  const int32_t quarter = ((turns % 4) + 4) % 4;
  const int odd = quarter % 2;
  const int32_t out_width = odd ? height : width, out_height = odd ? width : height;
  if (first_row < 0 || rows < 0 || first_row > out_height - rows)
    return tw_fail(TW_INVALID_ARGUMENT, "first_row: rows [%d, %d + %d) are not inside the %d output rows", first_row,
                   first_row, rows, out_height);
  const size_t out_row = (size_t)out_width * (size_t)channels;
  status = tw_image_check_bytes("out", out_bytes, out_width, rows, channels);
  if (status == TW_OK) status = tw_image_check_buffers("img", in, in_bytes, "out", out, out_bytes);
  if (status != TW_OK) return status;
  if (out_bytes == 0) return TW_OK;
  if (quarter == 0) {
    memcpy(out, in + (size_t)first_row * out_row, out_bytes);
    return TW_OK;
  }
  if (quarter == 2) {
    half_turn(in, out, (size_t)width, (size_t)height, (size_t)channels, (size_t)first_row, (size_t)rows);
    return TW_OK;
  }
  const ptrdiff_t pixel = channels, row = (ptrdiff_t)width * channels;
  /* Output is height wide, width high. One turn: out(r, c) = in(c, w - 1 - r); three: in(h - 1 - c, r). */
  const uint8_t* origin = quarter == 1 ? in + (width - 1) * pixel : in + (ptrdiff_t)(height - 1) * row;
  const ptrdiff_t step_c = quarter == 1 ? row : -row, step_r = quarter == 1 ? -pixel : pixel;
  (tw_use_simd() ? tw_image_turn__wasmsimd : tw_image_turn__scalar)(origin + first_row * step_r, step_c, step_r, out,
                                                                   (size_t)height, (size_t)rows, (size_t)channels);
  return TW_OK;
}
