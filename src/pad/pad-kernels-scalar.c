/* Scalar Pad micro-kernels: the readable reference the SIMD kernels are tested
 * against. Compiled without auto-vectorisation (see Makefile). */
#include <stdint.h>
#include <string.h>

#include "pad-kernels.h"

#define DEFINE_SCALAR(bits, type)                                              \
  void tw_pad_fill_x##bits##__scalar(size_t count, const void* element, void* dst) { \
    type value;                                                                \
    memcpy(&value, element, sizeof value);                                     \
    uint8_t* out = dst; /* any alignment: Pad moves bytes */                   \
    for (size_t i = 0; i < count; i++) memcpy(out + i * sizeof value, &value, sizeof value); \
  }                                                                            \
  void tw_pad_reverse_x##bits##__scalar(size_t count, const void* src_last, void* dst) { \
    const type* in = src_last;                                                 \
    type* out = dst;                                                           \
    for (size_t i = 0; i < count; i++) memcpy(&out[i], in - i, sizeof(type));  \
  }

typedef struct { uint64_t lo, hi; } tw_u128;

DEFINE_SCALAR(8, uint8_t)
DEFINE_SCALAR(16, uint16_t)
DEFINE_SCALAR(32, uint32_t)
DEFINE_SCALAR(64, uint64_t)
DEFINE_SCALAR(128, tw_u128)

void tw_pad_copy__scalar(size_t bytes, const void* src, void* dst) { memcpy(dst, src, bytes); }
