/* Shared resize argument checks (resize-checks.h). */
#include "image/resize-checks.h"

#include <math.h>

#include "image/image-check.h"

tw_status tw_resize_check_shape(int32_t src_width, int32_t src_height, int32_t dst_width, int32_t dst_height,
                                int32_t channels) {
  tw_status status = tw_image_check_sides("src_width/src_height", src_width, src_height);
  if (status == TW_OK) status = tw_image_check_sides("dst_width/dst_height", dst_width, dst_height);
  if (status == TW_OK) status = tw_image_check_channels("channels", channels);
  return status;
}

tw_status tw_resize_check_source(int32_t src_width, int32_t src_height, int32_t dst_width, int32_t dst_height,
                                 double cubic_a) {
  if (!isfinite(cubic_a)) return tw_fail(TW_INVALID_ARGUMENT, "cubic_a: must be finite");
  const int empty_src = src_width == 0 || src_height == 0;
  const int empty_dst = dst_width == 0 || dst_height == 0;
  if (empty_src && !empty_dst) {
    return tw_fail(TW_INVALID_ARGUMENT, "src_width/src_height: an empty %d x %d image cannot be resized to %d x %d",
                   (int)src_width, (int)src_height, (int)dst_width, (int)dst_height);
  }
  return TW_OK;
}

tw_status tw_resize_band_rows(const char* name, size_t bytes, int32_t width, int32_t height, int32_t channels,
                              int32_t first, int64_t* count) {
  const uint64_t row_bytes = (uint64_t)width * (uint64_t)channels;
  if (row_bytes == 0 || height == 0) {
    if (bytes != 0) return tw_fail(TW_INVALID_ARGUMENT, "%s: %zu bytes for an empty image", name, bytes);
    *count = 0;
    return TW_OK;
  }
  if (bytes % row_bytes != 0) {
    return tw_fail(TW_INVALID_ARGUMENT, "%s: %zu bytes is not a whole number of %llu-byte rows", name, bytes,
                   (unsigned long long)row_bytes);
  }
  *count = (int64_t)(bytes / row_bytes);
  if (first < 0 || first + *count > height) {
    return tw_fail(TW_INVALID_ARGUMENT, "%s: rows [%d, %lld) are not inside the image's %d rows", name, (int)first,
                   (long long)(first + *count), (int)height);
  }
  return TW_OK;
}

tw_status tw_resize_check_dst_rows(int32_t dst_row, int32_t dst_rows, int32_t dst_height) {
  if (dst_row < 0 || dst_rows < 0 || (int64_t)dst_row + dst_rows > dst_height) {
    return tw_fail(TW_INVALID_ARGUMENT, "dst_row/dst_rows: rows [%d, %lld) are not inside the image's %d rows",
                   (int)dst_row, (long long)dst_row + dst_rows, (int)dst_height);
  }
  return TW_OK;
}

tw_status tw_resize_check_band_holds(int32_t dst_row, int64_t dst_rows, int64_t first, int64_t end, int32_t src_row,
                                     int64_t src_rows) {
  if (first < src_row || end > src_row + src_rows) {
    return tw_fail(TW_INVALID_ARGUMENT, "src: destination rows [%d, %lld) read source rows [%lld, %lld), not all in "
                   "the band [%d, %lld)", (int)dst_row, (long long)(dst_row + dst_rows), (long long)first,
                   (long long)end, (int)src_row, (long long)(src_row + src_rows));
  }
  return TW_OK;
}

tw_status tw_resize_check_buffers(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                  int32_t src_row, const uint8_t* dst, size_t dst_bytes, int32_t dst_width,
                                  int32_t dst_height, int32_t dst_row, int32_t channels, int64_t* src_rows,
                                  int64_t* dst_rows) {
  tw_status status = tw_resize_band_rows("src", src_bytes, src_width, src_height, channels, src_row, src_rows);
  if (status == TW_OK) status = tw_resize_band_rows("dst", dst_bytes, dst_width, dst_height, channels, dst_row, dst_rows);
  if (status == TW_OK) status = tw_image_check_buffers("src", src, src_bytes, "dst", dst, dst_bytes);
  return status;
}
