/* Checked size arithmetic and byte-range tests, the one place every entry
 * takes them from.
 *
 * Byte counts are computed in uint64 (shapes are int64) and only then checked
 * to fit a size_t. In wasm32 size_t is 32 bits: a count can fit 64 bits and
 * still wrap when narrowed, so every narrowing goes through tw_fits_size().
 *
 * The arithmetic is sticky: a chain of tw_mul_u64/tw_add_u64 calls shares
 * one `overflow` flag, and an overflowing step saturates to UINT64_MAX, so a
 * caller that forgets the flag still sees a count no buffer can have.
 *
 * The 32-bit family (u32) is what size_t is in wasm32; tw_*_size pick it
 * there, so the native tests can exercise the wasm32 arithmetic directly. */
#ifndef TW_COMMON_CHECKED_H
#define TW_COMMON_CHECKED_H

#include <stddef.h>
#include <stdint.h>

#define TW_CHECKED_DEFINE(suffix, type, max)                                 \
  static inline type tw_mul_##suffix(type a, type b, int* overflow) {       \
    type result;                                                            \
    if (__builtin_mul_overflow(a, b, &result)) {                            \
      *overflow = 1;                                                        \
      return max;                                                           \
    }                                                                       \
    return result;                                                          \
  }                                                                         \
  static inline type tw_add_##suffix(type a, type b, int* overflow) {       \
    type result;                                                            \
    if (__builtin_add_overflow(a, b, &result)) {                            \
      *overflow = 1;                                                        \
      return max;                                                           \
    }                                                                       \
    return result;                                                          \
  }

TW_CHECKED_DEFINE(u32, uint32_t, UINT32_MAX)
TW_CHECKED_DEFINE(u64, uint64_t, UINT64_MAX)
#undef TW_CHECKED_DEFINE

/* `bytes` is a usable byte count for a size_t of `size_bits` (32 or 64):
 * it fits, and it is not the saturation marker of an overflowed chain. */
static inline int tw_fits_bits(uint64_t bytes, unsigned size_bits) {
  return bytes != UINT64_MAX && (size_bits >= 64 || bytes <= (UINT64_C(1) << size_bits) - 1);
}

/* The same for this build's size_t (32 bits in wasm32, 64 natively). */
static inline int tw_fits_size(uint64_t bytes) { return tw_fits_bits(bytes, sizeof(size_t) * 8); }

#if SIZE_MAX == UINT32_MAX
static inline size_t tw_mul_size(size_t a, size_t b, int* overflow) { return tw_mul_u32(a, b, overflow); }
static inline size_t tw_add_size(size_t a, size_t b, int* overflow) { return tw_add_u32(a, b, overflow); }
#else
static inline size_t tw_mul_size(size_t a, size_t b, int* overflow) { return tw_mul_u64(a, b, overflow); }
static inline size_t tw_add_size(size_t a, size_t b, int* overflow) { return tw_add_u64(a, b, overflow); }
#endif

/* [a, a + a_bytes) and [b, b + b_bytes) share at least one byte. Written as
 * differences from the lower start, so no end address is ever formed (an end
 * can wrap when a range reaches the top of the address space). */
static inline int tw_ranges_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  const uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
  if (a_bytes == 0 || b_bytes == 0) return 0;
  return pa <= pb ? pb - pa < a_bytes : pa - pb < b_bytes;
}

#endif
