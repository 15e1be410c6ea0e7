/* A warp straight into a model tensor: tw_image_warp (warp.h) followed by
 * tw_image_to_tensor (convert.h), without the intermediate image.
 *
 * This header is the manual.
 *
 * The destination is dst_width x dst_height pixels of `channels` bytes; it
 * is computed a band of rows at a time into a small uint8 scratch by the
 * warp prepared once for all bands (warp-plan.h: the kernels and arithmetic
 * of tw_image_warp; a banded warp is bit-identical to one call), and each band is converted by toTensor's
 * kernels straight into its rows of `out`. So the result equals, bit for bit,
 *   tw_image_warp(... whole destination ...) then tw_image_to_tensor(...)
 * on that image, whatever the band size (and with the SIMD and the scalar
 * kernels alike).
 *
 * Arguments: those of tw_image_warp (src .. fill, dst_width, dst_height; the
 * matrix maps destination to source), then those of tw_image_to_tensor
 * (out_channels, layout, dtype, params = convert.h's 10 floats; the image's
 * channel count is `channels`), then:
 *   out, out_bytes  the tensor of one image: dst_width * dst_height *
 *                   out_channels elements of dtype. A batch [N, C, H, W] is
 *                   one call per sample at its offset.
 *   band_rows       rows per band; 0 picks one whose scratch stays in cache.
 *                   Any value gives the same result (tests use it).
 *
 * Every argument is validated (tw_image_warp's and tw_image_to_tensor's own
 * rules and messages), every buffer checked against the heap (heap.h), and
 * out must not overlap src; the matrix and params are read once, before
 * anything is written. Returns TW_OK, or TW_INVALID_ARGUMENT / TW_UNSUPPORTED
 * / TW_OUT_OF_MEMORY with tw_last_error() naming the argument; on failure
 * nothing is written to out.
 *
 * Memory: the prepared warp's scratch (warp.h) and one block for the band
 * (band_rows * dst_width * channels bytes), both allocated before any byte
 * of out is written (so running out of memory leaves out untouched) and
 * freed before returning. Every band has the same number of rows (the last
 * one is moved up to end at the last row, recomputing a few rows with the
 * same bits). */
#ifndef TW_WARP_WARP_TENSOR_H
#define TW_WARP_WARP_TENSOR_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

TW_EXPORT int32_t tw_image_warp_to_tensor(const uint8_t* src, size_t src_bytes, int32_t src_width,
                                          int32_t src_height, int32_t channels, const double* matrix,
                                          int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill,
                                          int32_t dst_width, int32_t dst_height, int32_t out_channels,
                                          int32_t layout, int32_t dtype, const float* params, void* out,
                                          size_t out_bytes, int32_t band_rows);

#endif
