/* Pad micro-kernels: the inner loops only. They take pre-validated counts and
 * pointers, contain no spec logic, and never read or write outside
 * [dst, dst + count elements) and the source range they are given.
 *
 *   tw_pad_fill_x<bits>__<isa>(count, element, dst):
 *       dst[i] = *element for i in [0, count)
 *   tw_pad_reverse_x<bits>__<isa>(count, src_last, dst):
 *       dst[i] = src_last[-i] for i in [0, count)   (a mirrored run)
 *
 *   tw_pad_copy__<isa>(bytes, src, dst):
 *       dst[i] = src[i] for i in [0, bytes), src and dst not overlapping
 *       (a forward run; element size does not matter).
 *
 * Forward runs of 2 KiB and more do not use memcpy: in wasm it is
 * `memory.copy`, which V8 hands to the C library's memmove; glibc copies runs
 * of a few KiB with `rep movsb`, which on the AMD EPYC measured runs 5-9x
 * slower when the destination lies a few bytes ahead of the source modulo
 * 4096 (bench/README.md, "Resident Pad and where x and out lie"). The SIMD
 * copy aligns its stores itself. Shorter runs are memcpy: glibc copies them
 * with vector loops (never `rep movsb` below 2 KiB), and on an Intel Xeon
 * that took the same time wherever x and out lay, where the SIMD loop's time
 * doubled at some placements (same bench/README.md section).
 * Naming: tw_<op>_<kernel>_x<bits>__<isa>. */
#ifndef TW_PAD_PAD_KERNELS_H
#define TW_PAD_PAD_KERNELS_H

#include <stddef.h>

#include "pad.inc"

typedef void (*tw_pad_fill_fn)(size_t count, const void* element, void* dst);
typedef void (*tw_pad_reverse_fn)(size_t count, const void* src_last, void* dst);
typedef void (*tw_pad_copy_fn)(size_t bytes, const void* src, void* dst);

#define TW_PAD_DECLARE(bits, isa, simd)                                              \
  void tw_pad_fill_x##bits##__##isa(size_t count, const void* element, void* dst); \
  void tw_pad_reverse_x##bits##__##isa(size_t count, const void* src_last, void* dst);
TW_PAD_KERNELS(TW_PAD_DECLARE)
#undef TW_PAD_DECLARE

#define TW_PAD_DECLARE_COPY(isa, simd) void tw_pad_copy__##isa(size_t bytes, const void* src, void* dst);
TW_PAD_COPY_KERNELS(TW_PAD_DECLARE_COPY)
#undef TW_PAD_DECLARE_COPY

#endif
