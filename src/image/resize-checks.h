/* The argument checks both resize entries share (resize.c, OpenCV's
 * arithmetic; resize-pil.c, Pillow's): sizes, the band rules and their
 * messages, written once so that the two entries cannot drift apart. */
#ifndef TW_IMAGE_RESIZE_CHECKS_H
#define TW_IMAGE_RESIZE_CHECKS_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"

/* Sides >= 0 (source, then destination) and channels 1..4. */
tw_status tw_resize_check_shape(int32_t src_width, int32_t src_height, int32_t dst_width, int32_t dst_height,
                                int32_t channels);

/* A finite cubic_a, and a source with pixels unless the destination is
 * empty (nothing to sample). */
tw_status tw_resize_check_source(int32_t src_width, int32_t src_height, int32_t dst_width, int32_t dst_height,
                                 double cubic_a);

/* The rows [first, first + *count) of an image that a byte count covers:
 * whole rows, all inside the image ("<name>: ..."). */
tw_status tw_resize_band_rows(const char* name, size_t bytes, int32_t width, int32_t height, int32_t channels,
                              int32_t first, int64_t* count);

/* A call's two bands: src holds source rows [src_row, src_row + *src_rows),
 * dst destination rows [dst_row, dst_row + *dst_rows) (tw_resize_band_rows
 * for each), and the buffers are usable and apart (tw_image_check_buffers). */
tw_status tw_resize_check_buffers(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                  int32_t src_row, const uint8_t* dst, size_t dst_bytes, int32_t dst_width,
                                  int32_t dst_height, int32_t dst_row, int32_t channels, int64_t* src_rows,
                                  int64_t* dst_rows);

/* Destination rows [dst_row, dst_row + dst_rows) inside the image (the
 * source-rows query's band). */
tw_status tw_resize_check_dst_rows(int32_t dst_row, int32_t dst_rows, int32_t dst_height);

/* The source band [src_row, src_row + src_rows) holds the rows [first, end)
 * that destination rows [dst_row, dst_row + dst_rows) read. */
tw_status tw_resize_check_band_holds(int32_t dst_row, int64_t dst_rows, int64_t first, int64_t end, int32_t src_row,
                                     int64_t src_rows);

#endif
