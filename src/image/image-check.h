/* Checks the image entries share (flip, rotate90, toTensor, fromTensor, warps). */
#ifndef TW_IMAGE_IMAGE_CHECK_H
#define TW_IMAGE_IMAGE_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte. */
static inline int tw_image_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  const uintptr_t a0 = (uintptr_t)a, b0 = (uintptr_t)b;
  return a_bytes && b_bytes && a0 < b0 + b_bytes && b0 < a0 + a_bytes;
}

#endif
