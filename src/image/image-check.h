/* Checks the image entries share (flip, rotate90, toTensor, fromTensor, warps). */
#ifndef TW_IMAGE_IMAGE_CHECK_H
#define TW_IMAGE_IMAGE_CHECK_H

#include <stddef.h>

#include "common/checked.h"

/* Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte: the one
 * overlap rule, common/checked.h's (it never forms an end address that can
 * wrap; this file's own copy did). */
static inline int tw_image_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  return tw_ranges_overlap(a, a_bytes, b, b_bytes);
}

#endif
