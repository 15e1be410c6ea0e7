/* Filling a block with copies of its first unit, the one doubling loop that
 * Pad's repeated runs and the warps' constant fills share. */
#ifndef TW_COMMON_REPEAT_H
#define TW_COMMON_REPEAT_H

#include <stddef.h>
#include <stdint.h>

/* The `unit_bytes` (> 0) already at `at`, repeated until the block holds
 * `total` bytes (a multiple of unit_bytes): each copy doubles what is done,
 * so there are about log2(total / unit_bytes) calls of `copy` (dst after
 * src, never overlapping). The count grows by what was copied and never
 * passes `total`: a doubled count would wrap a 32-bit size_t past 2 GiB. */
static inline void tw_repeat_first_unit(uint8_t* at, size_t unit_bytes, size_t total,
                                        void (*copy)(size_t bytes, const void* src, void* dst)) {
  for (size_t done = unit_bytes; done < total;) {
    const size_t chunk = done < total - done ? done : total - done;
    copy(chunk, at, at + done);
    done += chunk;
  }
}

#endif
