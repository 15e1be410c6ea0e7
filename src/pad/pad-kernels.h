/* Pad micro-kernels: the inner loops only. They take pre-validated counts and
 * pointers, contain no spec logic, and never read or write outside
 * [dst, dst + count elements) and the source range they are given.
 *
 *   tw_pad_fill_x<bits>__<isa>(count, element, dst):
 *       dst[i] = *element for i in [0, count)
 *   tw_pad_reverse_x<bits>__<isa>(count, src_last, dst):
 *       dst[i] = src_last[-i] for i in [0, count)   (a mirrored run)
 *
 * Forward runs are plain memcpy. Naming: tw_<op>_<kernel>_x<bits>__<isa>. */
#ifndef TW_PAD_PAD_KERNELS_H
#define TW_PAD_PAD_KERNELS_H

#include <stddef.h>

#include "pad.inc"

typedef void (*tw_pad_fill_fn)(size_t count, const void* element, void* dst);
typedef void (*tw_pad_reverse_fn)(size_t count, const void* src_last, void* dst);

#define TW_PAD_DECLARE(bits, isa, simd)                                              \
  void tw_pad_fill_x##bits##__##isa(size_t count, const void* element, void* dst); \
  void tw_pad_reverse_x##bits##__##isa(size_t count, const void* src_last, void* dst);
TW_PAD_KERNELS(TW_PAD_DECLARE)
#undef TW_PAD_DECLARE

#endif
