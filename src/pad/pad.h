/* tensorwarp Pad: ONNX Pad 1-25 and OpenVINO Pad-12 on any element type.
 *
 * Semantics (per axis d, input length n, pads pb = pads_begin[d], pe = pads_end[d],
 * output index o; every axis maps independently):
 *
 *   TW_PAD_ORDER_CROP_THEN_PAD (ONNX Pad): negative pads first crop the input,
 *   cb = max(-pb, 0) and ce = max(-pe, 0) elements off each end (cb + ce <= n);
 *   the remaining n' = n - cb - ce elements are then padded by max(pb, 0) and
 *   max(pe, 0):  out[o] = in[cb + src(o - max(pb, 0), n')].
 *
 *   TW_PAD_ORDER_PAD_THEN_CROP (OpenVINO Pad-12): the index maps against the
 *   original axis, pb may be negative:  out[o] = in[src(o - pb, n)],
 *   o in [0, max(n + pb + pe, 0)): pads that remove more than the axis leave
 *   it empty. reflect needs positive pads <= n - 1, symmetric <= n.
 *
 *   src(i, n) for i outside [0, n):
 *     constant   -> the constant value
 *     edge       -> clamp(i, 0, n - 1)
 *     wrap       -> i mod n                                   (torus)
 *     reflect    -> P = 2(n - 1), j = i mod P, j < n ? j : P - j   (n = 1: 0)
 *     symmetric  -> P = 2n,       j = i mod P, j < n ? j : P - 1 - j
 *   Pads larger than the axis therefore continue periodically. An axis that is
 *   empty (after cropping) may only be padded in constant mode.
 *
 * Elements are moved, never converted: every type is handled by its size in
 * bits (2, 4, 8, 16, 32, 64, 128), so results are bit-exact (NaN payloads, -0).
 * Packed 2- and 4-bit types hold the first element in the lowest bits.
 *
 * Memory: `in` and `out` are caller-owned and must not overlap. `in_bytes` and
 * `out_bytes` must equal the storage the shapes need. Scratch memory, freed
 * before returning: one allocation for the row plan; packed sub-byte types
 * make one more, an unpacked byte per output element and per input element
 * the output reads (a crop unpacks only what it keeps). Only the input
 * elements the output reads are read. Nothing is written to `out` unless the
 * call returns TW_OK. */
#ifndef TW_PAD_PAD_H
#define TW_PAD_PAD_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "common/status.h"

#define TW_PAD_MAX_RANK 32

typedef enum tw_pad_mode {
  TW_PAD_MODE_CONSTANT = 0,  /* fill with the constant value */
  TW_PAD_MODE_REFLECT = 1,   /* mirror without repeating the edge element */
  TW_PAD_MODE_EDGE = 2,      /* repeat the edge element */
  TW_PAD_MODE_WRAP = 3,      /* continue periodically (ONNX Pad-19+) */
  TW_PAD_MODE_SYMMETRIC = 4, /* mirror including the edge element (OpenVINO) */
} tw_pad_mode;

typedef enum tw_pad_order {
  TW_PAD_ORDER_CROP_THEN_PAD = 0, /* ONNX Pad: negative pads crop, the rest pads the cropped axis */
  TW_PAD_ORDER_PAD_THEN_CROP = 1, /* OpenVINO Pad-12: indices map against the original axis */
} tw_pad_order;

/* Computes out_shape[rank] from the input shape and pads, validating exactly
 * as tw_pad does (minus the buffers). */
TW_EXPORT int32_t tw_pad_output_shape(int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                                      const int64_t* pads_end, int32_t mode, int32_t order,
                                      int64_t* out_shape);

/* Pads `in` (dtype, in_shape) into `out`. `value` points to one element of
 * dtype (packed types: one byte, element in the low bits); NULL means zero.
 * in and out must lie inside the heap, value inside memory in use (a stack
 * local too); checked like every buffer (common/heap.h), TW_INVALID_ARGUMENT
 * naming x, out or value, nothing written. */
TW_EXPORT int32_t tw_pad(int32_t dtype, const void* in, size_t in_bytes, int32_t rank,
                         const int64_t* in_shape, const int64_t* pads_begin, const int64_t* pads_end,
                         int32_t mode, int32_t order, const void* value, void* out, size_t out_bytes);

/* ---- a fresh result in one pass -------------------------------------------
 * A caller that must first copy x into the heap anyway (the JS wrapper with
 * a JS-owned x) can copy it straight to its place inside the output and let
 * tw_pad_borders write the rest, instead of copying it in and having tw_pad
 * copy it again:
 *
 *   1. tw_pad_interior(): for each axis d, x's elements [box[3d], box[3d] +
 *      box[3d + 2]) belong at output indices [box[3d + 1], ...): the box of
 *      the output that is a copy of x. *self_contained is 1 when every other
 *      output element is the constant or a copy of an element inside that
 *      box: always for ONNX Pad of an 8-bit or wider type; never for packed
 *      2-/4-bit types; for OpenVINO Pad-12 unless an axis is both cropped
 *      (a negative pad) and padded in a mode other than constant (its borders
 *      might read what was cropped). Validates as tw_pad, in a time that does
 *      not grow with the pads.
 *   2. the caller copies x's box into `out`;
 *   3. tw_pad_borders() writes every output element outside the box, reading
 *      only inside it. The result equals tw_pad's, bit for bit. It validates
 *      everything again and fails, writing nothing, when the problem is not
 *      self-contained; it cannot check that the box holds x. */
TW_EXPORT int32_t tw_pad_interior(int32_t dtype, int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                                  const int64_t* pads_end, int32_t mode, int32_t order, int64_t* box,
                                  int32_t* self_contained);

TW_EXPORT int32_t tw_pad_borders(int32_t dtype, int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                                 const int64_t* pads_end, int32_t mode, int32_t order, const void* value, void* out,
                                 size_t out_bytes);

/* ---- index maps: a caller that moves the elements itself -----------------
 * tw_pad_maps() writes, axis after axis, out_shape[d] int32 entries per axis:
 * entry o of axis d is the input index that output index o reads (pad.h's
 * rule above, in x's coordinates), or -1 for the constant. The output element
 * at (o_0, ..., o_{r-1}) is x's element at (map_0[o_0], ..., map_{r-1}[o_{r-1}]),
 * or the constant when any entry is -1. The JS wrapper builds a fresh result
 * from a JS-owned x this way, moving x's rows straight into it.
 *
 * Validates as tw_pad_output_shape; every input axis must be shorter than
 * 2^31 (an index must fit an int32: TW_UNSUPPORTED otherwise); `maps` is
 * int32, maps_bytes == 4 * (the sum of the output lengths), inside the heap.
 * Takes time linear in that sum; nothing is written unless it returns TW_OK. */
TW_EXPORT int32_t tw_pad_maps(int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                              const int64_t* pads_end, int32_t mode, int32_t order, int32_t* maps,
                              size_t maps_bytes);

#endif
