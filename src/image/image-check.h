/* Checks and maps the image entries share (flip, rotate90, toTensor, fromTensor, warps, crop/pad, blur). */
#ifndef TW_IMAGE_IMAGE_CHECK_H
#define TW_IMAGE_IMAGE_CHECK_H

#include <stddef.h>

#include "common/checked.h"
#include "image.h"
#include "pad/pad.h"

/* Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte: the one
 * overlap rule, common/checked.h's (it never forms an end address that can
 * wrap; this file's own copy did). */
static inline int tw_image_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  return tw_ranges_overlap(a, a_bytes, b, b_bytes);
}

/* The Pad mode of an image border (the names are Pad's, image.h); -1 if none.
 * The two enums number the modes differently: this is the one map. */
static inline int tw_image_pad_mode(int32_t border) {
  switch (border) {
    case TW_IMAGE_BORDER_CONSTANT: return TW_PAD_MODE_CONSTANT;
    case TW_IMAGE_BORDER_EDGE: return TW_PAD_MODE_EDGE;
    case TW_IMAGE_BORDER_REFLECT: return TW_PAD_MODE_REFLECT;
    case TW_IMAGE_BORDER_SYMMETRIC: return TW_PAD_MODE_SYMMETRIC;
    case TW_IMAGE_BORDER_WRAP: return TW_PAD_MODE_WRAP;
    default: return -1;
  }
}

#endif
