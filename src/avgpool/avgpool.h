/* tensorwarp AveragePool: ONNX AveragePool 1-22 on N-D tensors (N, C, D_1..D_r).
 *
 * Semantics (shared/conformance/SEMANTICS.md §3), per spatial axis with input
 * length L, kernel k, stride s, dilation d, pads pb (begin) and pe (end):
 *
 *   K = (k - 1)·d + 1                                    effective kernel
 *   NOTSET, ceil_mode = 0:  out = floor((L + pb + pe - K) / s) + 1
 *   NOTSET, ceil_mode = 1:  out = ceil((L + pb + pe - K) / s) + 1, minus one
 *                           if the last window starts in the end padding,
 *                           i.e. if (out - 1)·s >= L + pb
 *   SAME_UPPER/SAME_LOWER:  out = ceil(L / s), P = max(0, (out - 1)·s + K - L),
 *                           pb = floor(P/2) (UPPER) or ceil(P/2) (LOWER), pe = P - pb
 *   VALID:                  pb = pe = 0, out = floor((L - K) / s) + 1
 *   ceil_mode is ignored with SAME_* and VALID; `pads` is ignored unless NOTSET.
 *   Dilations enter every formula through K (the ONNX reference forgets them
 *   for SAME/VALID; SEMANTICS §3.4 says to follow the formulas).
 *
 *   Window o has taps t_j = o·s - pb + j·d, j = 0..k-1. A tap is a data tap
 *   if 0 <= t < L, a pad tap if -pb <= t < 0 or L <= t < L + pe, and an
 *   overhang tap (ceil mode only) beyond that. The window is the product of
 *   the per-axis tap sets, so
 *
 *     y = (sum of x over the data taps) / D,   D = product over axes of
 *         count_include_pad = 0:  #data taps on that axis
 *         count_include_pad = 1:  #data taps + #pad taps (overhang never counts)
 *
 *   D = 0 (a window made only of padding, count_include_pad = 0) gives NaN;
 *   with count_include_pad = 1 such a window gives 0. Both exist only when a
 *   pad is at least K (floor mode keeps a window made of end padding).
 *
 * Element types (tw_dtype):
 *   FLOAT32   accumulated in float32, divided (not multiplied by 1/D) at the
 *             end. Sums of integer-valued data are therefore exact, and the
 *             result is then the correctly rounded mean.
 *   FLOAT64   accumulated in float64.
 *   FLOAT16, BFLOAT16  widened to float32, accumulated in float32, the mean
 *             rounded to the type to nearest even.
 *   UINT8     (extension; ONNX only defines float types) the sum is exact
 *             (accumulated in float64, which holds every integer below 2^53),
 *             the mean is rounded half to even: [1, 2] -> 2, [2, 3] -> 2,
 *             [0, 1] -> 0. A window without data taps (count_include_pad = 0)
 *             has no representable NaN and yields 0.
 *   Every other type returns TW_UNSUPPORTED.
 *
 * How it is computed: the op is separable (a box window, a product divisor),
 * so sums are formed one axis at a time and divided once, at the end, by the
 * product of the per-axis counts (a division, not a multiplication by 1/D).
 * Along every axis but the innermost, when stride and dilation are 1, k
 * consecutive windows are summed together from shared suffix and prefix
 * sums: about 3 additions per output whatever k is. Along the innermost axis
 * the sums are direct (k additions, SIMD across outputs) up to 16 taps and
 * two-level beyond (about 2·sqrt(k)). Every window sum is a plain sum of its
 * data taps: nothing is ever subtracted, so there is no drift on large
 * tensors (float32 on [0, 1) data stays within ~2e-7 of the exact mean), an
 * Inf or NaN only affects the windows that hold it, and integer-valued data
 * give the correctly rounded mean. The SIMD and scalar kernels (tw_set_simd)
 * give bit-identical results, NaN payloads aside: a NaN result is a NaN in
 * both, but its sign and payload are unspecified (WebAssembly leaves them
 * so, and a compiler may swap the operands of an addition).
 *
 * Arguments: every array is caller-owned and read only during the call.
 *   spatial_rank  r, 1..TW_AVGPOOL_MAX_SPATIAL_RANK
 *   x_shape       r + 2 entries (N, C, D_1..D_r), each >= 0 and <= 2^40
 *   kernel        r entries, 1..INT32_MAX (ONNX kernel_shape, required)
 *   strides       r entries, 1..INT32_MAX; NULL means all 1
 *   pads          2r entries [b_1..b_r, e_1..e_r], 0..INT32_MAX; NULL means
 *                 all 0; not read unless auto_pad is NOTSET
 *   dilations     r entries, 1..INT32_MAX; NULL means all 1
 *   ceil_mode, count_include_pad   0 or 1
 *   auto_pad      a tw_avgpool_auto_pad value
 * An effective kernel larger than the padded input (K > L + pb + pe, or an
 * output length below 1) is TW_INVALID_ARGUMENT, even where the ceil formula
 * alone would still give 1. The one exception is SAME_* on an axis of length
 * 0, whose output length is ceil(0 / s) = 0: an empty result, not an error.
 *
 * Memory: `x` holds x_bytes bytes, `y` y_bytes bytes, both densely packed in
 * row-major order; x_bytes and y_bytes must equal exactly what the shapes
 * need (pointers may be NULL only when the byte count is 0), and each must
 * lie inside the wasm heap (checked, see common/heap.h). x and y must not
 * overlap (checked). Each must be aligned to its element size (checked), as
 * malloc'd memory and typed arrays always are.
 * Each call makes at most one scratch allocation (malloc), freed before
 * returning; TW_OUT_OF_MEMORY if it fails. It holds, in accumulators (float,
 * 4 bytes, for FLOAT32/FLOAT16/BFLOAT16; double, 8 bytes, for FLOAT64/UINT8):
 *   - the window tables: 16 bytes per output index per axis;
 *   - k_{r-1} + 1 rows of about D_r accumulators (1 row if axis r-1 is not
 *     blocked, see above), plus one row of O_r for FLOAT16/BFLOAT16/UINT8;
 *   - for FLOAT16/BFLOAT16/UINT8, one converted input plane (D_1·…·D_r);
 *   - for r >= 3, up to two partial-sum planes (axes 1..r-2 summed) and one
 *     slab D_{a+1}·…·D_r for a blocked outer axis a.
 *
 * Errors: every function returns a tw_status and, on failure, records a
 * message naming the argument (tw_last_error()). Nothing is written to y,
 * y_shape or effective_pads unless the call returns TW_OK. N or C = 0 is
 * valid and writes nothing. */
#ifndef TW_AVGPOOL_AVGPOOL_H
#define TW_AVGPOOL_AVGPOOL_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "common/status.h"

#define TW_AVGPOOL_MAX_SPATIAL_RANK 16

/* The element types tw_avgpool takes (described above), the one list: the
 * entry's type switch handles each, its message lists them, and
 * tools/gen-enums.mjs gives them to the JS wrapper (wasm/enums.js
 * avgpool_types; tests/capabilities.test.mjs checks both agree). */
#define TW_AVGPOOL_TYPES(X) X(FLOAT32) X(FLOAT64) X(FLOAT16) X(BFLOAT16) X(UINT8)

typedef enum tw_avgpool_auto_pad {
  TW_AVGPOOL_AUTO_PAD_NOTSET = 0,     /* use the explicit `pads` */
  TW_AVGPOOL_AUTO_PAD_SAME_UPPER = 1, /* out = ceil(L/s); the odd pad goes at the end */
  TW_AVGPOOL_AUTO_PAD_SAME_LOWER = 2, /* out = ceil(L/s); the odd pad goes at the beginning */
  TW_AVGPOOL_AUTO_PAD_VALID = 3,      /* no padding; only windows inside the input */
} tw_avgpool_auto_pad;

/* Validates the geometry exactly as tw_avgpool does (minus dtype and
 * buffers) and writes y_shape (r + 2 entries: N, C, O_1..O_r) and, if
 * effective_pads != NULL, the pads actually used (2r entries, same layout as
 * `pads`). */
TW_EXPORT int32_t tw_avgpool_output_shape(int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                                          const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                                          int32_t ceil_mode, int32_t auto_pad, int64_t* y_shape,
                                          int64_t* effective_pads);

/* Average-pools x (dtype, x_shape) into y (dtype, the shape
 * tw_avgpool_output_shape gives). */
TW_EXPORT int32_t tw_avgpool(int32_t dtype, const void* x, size_t x_bytes, int32_t spatial_rank,
                             const int64_t* x_shape, const int64_t* kernel, const int64_t* strides,
                             const int64_t* pads, const int64_t* dilations, int32_t ceil_mode,
                             int32_t count_include_pad, int32_t auto_pad, void* y, size_t y_bytes);

/* The bytes of the one scratch block tw_avgpool allocates for a call with
 * these arguments (the buffers aside), into *scratch_bytes: UINT64_MAX when
 * it does not fit 64 bits or x could not exist. Validates dtype,
 * count_include_pad and the geometry as tw_avgpool does; allocates nothing.
 * A caller that allocates x and y in the same memory first (the JS wrapper)
 * asks this before growing it: when x + y + scratch cannot fit, the call
 * cannot succeed. */
TW_EXPORT int32_t tw_avgpool_scratch_bytes(int32_t dtype, int32_t spatial_rank, const int64_t* x_shape,
                                           const int64_t* kernel, const int64_t* strides, const int64_t* pads,
                                           const int64_t* dilations, int32_t ceil_mode, int32_t count_include_pad,
                                           int32_t auto_pad, uint64_t* scratch_bytes);

/* Bands: a large call cut into calls of a few output rows along the first
 * spatial axis (D_1), whose results are bit-identical to the whole call.
 * Band b covers output rows [out_begin, out_end) and is an ordinary
 * tw_avgpool call on input rows [in_begin, in_end) of every (n, c) plane,
 * with D_1 = in_end - in_begin and pads b_1 = pad_begin, e_1 = pad_end
 * (the other axes, attributes and auto_pad = NOTSET unchanged): window o of
 * the band is window out_begin + o of the whole axis, with the same data
 * taps, pad taps and divisor. Bands hold about rows_per_band output rows;
 * their edges fall where the summation order of the whole call allows (the
 * interior windows are summed in groups), so rows_per_band is a target, not
 * a bound. With spatial_rank 1 the only axis is the innermost one and is not
 * cut: one band.
 *
 * Validates the geometry as tw_avgpool_output_shape does; rows_per_band >= 1.
 * Writes *band_count and, when bands != NULL (then capacity >= the count),
 * the bands, TW_AVGPOOL_BAND_FIELD_COUNT int64 each in this order. Call it
 * once with bands = NULL to learn the count. */
typedef enum tw_avgpool_band_field {
  TW_AVGPOOL_BAND_FIELD_OUT_BEGIN = 0, /* first output row of the band */
  TW_AVGPOOL_BAND_FIELD_OUT_END = 1,   /* one past its last output row */
  TW_AVGPOOL_BAND_FIELD_IN_BEGIN = 2,  /* first input row it reads */
  TW_AVGPOOL_BAND_FIELD_IN_END = 3,    /* one past the last input row it reads */
  TW_AVGPOOL_BAND_FIELD_PAD_BEGIN = 4, /* its begin pad on that axis */
  TW_AVGPOOL_BAND_FIELD_PAD_END = 5,   /* its end pad on that axis */
  TW_AVGPOOL_BAND_FIELD_COUNT = 6,     /* int64 per band */
} tw_avgpool_band_field;
TW_EXPORT int32_t tw_avgpool_band_plan(int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                                       const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                                       int32_t ceil_mode, int32_t auto_pad, int64_t rows_per_band, int64_t* bands,
                                       int64_t capacity, int64_t* band_count);

#endif
