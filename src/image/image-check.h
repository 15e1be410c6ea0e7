/* Checks and maps the image entries share (flip, rotate90, toTensor, fromTensor, warps, crop/pad, blur). */
#ifndef TW_IMAGE_IMAGE_CHECK_H
#define TW_IMAGE_IMAGE_CHECK_H

#include <stddef.h>

#include "common/checked.h"
#include "common/heap.h"
#include "common/status.h"
#include "gridsample/gridsample.h"
#include "image.h"
#include "pad/pad.h"

/* Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte: the one
 * overlap rule, common/checked.h's (it never forms an end address that can
 * wrap; this file's own copy did). */
static inline int tw_image_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  return tw_ranges_overlap(a, a_bytes, b, b_bytes);
}

/* The Pad mode of an image border; -1 if none (image.h's TW_IMAGE_BORDER_MODES). */
static inline int tw_image_pad_mode(int32_t border) {
  switch (border) {
#define TW_IMAGE_PAD_MODE_CASE(b, pad, padding, align) \
  case TW_IMAGE_BORDER_##b: return TW_PAD_MODE_##pad;
    TW_IMAGE_BORDER_MODES(TW_IMAGE_PAD_MODE_CASE)
#undef TW_IMAGE_PAD_MODE_CASE
    default: return -1;
  }
}

/* The GridSample padding of an image border, and its align_corners
 * (image.h's TW_IMAGE_BORDER_MODES); -1 if none. */
static inline int tw_image_gridsample_padding(int32_t border, int32_t* align_corners) {
  switch (border) {
#define TW_IMAGE_PADDING_CASE(b, pad, padding, align) \
  case TW_IMAGE_BORDER_##b: *align_corners = align; return TW_GRIDSAMPLE_PADDING_##padding;
    TW_IMAGE_BORDER_MODES(TW_IMAGE_PADDING_CASE)
#undef TW_IMAGE_PADDING_CASE
    default: return -1;
  }
}

/* An image's width and height: both >= 0 ("<name>: width and height must be >= 0, got W x H"). */
static inline tw_status tw_image_check_sides(const char* name, int32_t width, int32_t height) {
  if (width >= 0 && height >= 0) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: width and height must be >= 0, got %d x %d", name, (int)width, (int)height);
}

/* A channel count: 1..TW_IMAGE_MAX_CHANNELS ("<name>: must be 1..4, got C"). */
static inline tw_status tw_image_check_channels(const char* name, int32_t channels) {
  if (channels >= 1 && channels <= TW_IMAGE_MAX_CHANNELS) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: must be 1..%d, got %d", name, TW_IMAGE_MAX_CHANNELS, (int)channels);
}

/* The one byte-count check of an image buffer: `rows` rows of `width`
 * pixels of `channels` bytes. "<name>: R rows of W pixels of C channels
 * need N bytes, got M" (led by the parameter, which js/module.js maps to the
 * JS argument). In 64 bits: the product is below 2^64 for int32 sizes. */
static inline tw_status tw_image_check_bytes(const char* name, size_t bytes, int32_t width, int32_t rows,
                                             int32_t channels) {
  const uint64_t need = (uint64_t)width * (uint64_t)rows * (uint64_t)channels;
  if (need == (uint64_t)bytes) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: %d rows of %d pixels of %d channels need %llu bytes, got %zu", name, (int)rows,
                 (int)width, (int)channels, (unsigned long long)need, bytes);
}

/* The one check of an entry's input and output buffers, once their byte
 * counts are right: neither is NULL with bytes, both lie inside the heap
 * (common/heap.h), and they share no byte. Messages lead with the parameter
 * at fault: "<name>: NULL with N bytes", the heap range's, "<out>: overlaps <in>". */
static inline tw_status tw_image_check_buffers(const char* in_name, const void* in, size_t in_bytes,
                                               const char* out_name, const void* out, size_t out_bytes) {
  if (in_bytes && !in) return tw_fail(TW_INVALID_ARGUMENT, "%s: NULL with %zu bytes", in_name, in_bytes);
  if (out_bytes && !out) return tw_fail(TW_INVALID_ARGUMENT, "%s: NULL with %zu bytes", out_name, out_bytes);
  tw_status status = tw_check_heap_range(in_name, in, in_bytes);
  if (status == TW_OK) status = tw_check_heap_range(out_name, out, out_bytes);
  if (status == TW_OK && tw_image_overlap(out, out_bytes, in, in_bytes))
    status = tw_fail(TW_INVALID_ARGUMENT, "%s: overlaps %s", out_name, in_name);
  return status;
}

/* The one empty-source rule: an empty source (no pixel on an axis that taps
 * outside it) has nothing to repeat, reflect or wrap, so only the constant
 * border can fill around it. js/image/pad.js checkExtensible refuses the same
 * calls first, before the wrapper allocates anything. */
static inline tw_status tw_image_check_extensible(int empty, int32_t border) {
  if (empty && border != TW_IMAGE_BORDER_CONSTANT)
    return tw_fail(TW_INVALID_ARGUMENT, "border: the source is empty; only the constant border (0) can fill around it, got %d",
                   (int)border);
  return TW_OK;
}

#endif
