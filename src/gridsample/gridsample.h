/* GridSample: ONNX GridSample 16/20/22 for any spatial rank, plus two extensions
 * (a fill value for out-of-bounds taps and a periodic `wrap` padding mode).
 *
 * This header is the manual. The exact rules are in
 * shared/conformance/SEMANTICS.md §2; the choices below are the project's.
 *
 * ---------------------------------------------------------------------------
 * Shapes (r = spatial_rank, 1 <= r <= TW_GRIDSAMPLE_MAX_RANK)
 *
 *   x:    (N, C, D_1, ..., D_r)        x_shape has r + 2 entries
 *   grid: (N, O_1, ..., O_r, r)        grid_shape has r + 2 entries
 *   y:    (N, C, O_1, ..., O_r)        same element type as x
 *
 * All tensors are dense, row-major (C order). D_1 is the OUTERMOST spatial
 * axis. The last grid dimension lists the coordinates INNERMOST FIRST:
 * grid[..., 0] addresses D_r (x, width), grid[..., 1] D_{r-1} (y, height),
 * grid[..., 2] D_{r-2} (z, depth), and so on.
 *
 * ---------------------------------------------------------------------------
 * Coordinates (per spatial axis of length L, normalised coordinate g)
 *
 *   align_corners = 1:  x = (g + 1) / 2 * (L - 1)      g = -1 / +1 -> centre of first / last element
 *   align_corners = 0:  x = ((g + 1) * L - 1) / 2      g = -1 / +1 -> outer edge of first / last element
 *
 * evaluated in exactly that operation order. The coordinate pipeline
 * (un-normalisation, border clamp, reflection fold, floor, rint, fraction)
 * runs in float32 for float32/float16/bfloat16 grids and in float64 for
 * float64 grids. The in-range borders are [lo, hi] = [0, L - 1] (align 1)
 * and [-0.5, L - 0.5] (align 0).
 *
 * Modes (a "tap" is one element of x read for an output element):
 *   LINEAR   2^r taps: per axis i0 = floor(x), t = x - i0, taps i0 (weight
 *            1 - t) and i0 + 1 (weight t). With border/reflection padding the
 *            coordinate is first clamped/folded into [lo, hi] (SEMANTICS 2.3).
 *   NEAREST  1 tap: with border/reflection the coordinate is clamped/folded
 *            first, then rounded half to even (PyTorch order, SEMANTICS 2.8).
 *   CUBIC    4^r taps: per axis taps i0-1 .. i0+2 with Keys weights
 *            (A = -0.75). NO coordinate pre-adjustment: each tap goes through
 *            the padding rule on its own (PyTorch order, SEMANTICS 2.8).
 * A tap's weight is the product of its per-axis weights (outermost axis
 * first); y is the sum of weight * tap value over the taps, in row-major tap
 * order (innermost axis fastest); integer X: see Types. Per-axis weights are
 * computed in the sum type from t and u = 1 - t, each rounded once from its
 * exact value (so u keeps its digits when x is just below an integer); cubic
 * uses the Keys polynomials factored at their roots,
 *   W(t+1) = A t u^2, W(t) = u (1 + t - (A+2) t^2),
 *   W(1-t) = t (1 + u - (A+2) u^2), W(2-t) = A u t^2,
 * which equal SEMANTICS 2.5's but keep a small relative error near 0.
 * The SIMD kernels (the default) and the scalar reference kernels
 * (tw_set_simd(0), for tests) return bit-identical results, NaN payloads
 * aside (a NaN result is a NaN in both; its sign and payload are unspecified,
 * as WebAssembly leaves them).
 *
 * Padding (applied to every tap index i on an axis of length L):
 *   ZEROS       0 <= i < L reads x; otherwise the tap's value is fill_value.
 *   BORDER      i is clamped to [0, L - 1].
 *   REFLECTION  i is folded about the borders [lo, hi] (period 2L for
 *               align 0, 2(L - 1) for align 1; L = 1 always gives 0).
 *   WRAP        (extension, periodic texture) i is taken modulo L. The
 *               coordinate is not adjusted first; for nearest, the rounded
 *               index is taken modulo L.
 * An out-of-bounds tap in ZEROS mode contributes weight * fill_value; it never
 * reads x, so non-finite values in x outside the footprint cannot leak in.
 * Taps inside x contribute weight * value even when the weight is 0, exactly
 * as the ONNX reference does (so 0 * Inf = NaN there).
 *
 * Non-finite grid values (NaN, +-Inf; SEMANTICS 2.7, implementation-defined):
 * on that axis ZEROS makes every tap out of bounds (y = fill_value * sum of
 * weights), BORDER/REFLECTION/WRAP use coordinate 0 (index 0 on that axis).
 *
 * ---------------------------------------------------------------------------
 * Types
 *
 *   x_dtype: FLOAT32, FLOAT16, BFLOAT16, COMPLEX64     weights and sums in float32
 *            FLOAT64, COMPLEX128                       weights and sums in float64
 *            INT8, UINT8, INT16, UINT16, INT32,        weights and sums in float64,
 *            UINT32, INT64, UINT64                     then truncated toward zero and
 *                                                      saturated to the type's range
 *                                                      (NaN -> 0). int64/uint64 values
 *                                                      beyond 2^53 lose low bits in
 *                                                      LINEAR/CUBIC (NEAREST is exact).
 *            BOOL                                      NEAREST only (LINEAR/CUBIC:
 *                                                      TW_UNSUPPORTED).
 *   FLOAT16/BFLOAT16 results are rounded to nearest even. Complex values are
 *   interpolated component-wise (real and imaginary parts independently).
 *   NEAREST copies elements bit for bit for every type.
 *   grid_dtype: FLOAT32, FLOAT64, FLOAT16, BFLOAT16.
 *
 * fill_value (extension; NULL gives ONNX's 0) points to ONE ELEMENT OF x's
 * TYPE: its bytes (type size, any alignment) are the value of every
 * out-of-bounds tap, copied as they are. The caller converts its value to
 * the element once (the JS wrapper does it with the rule Pad's constant
 * uses: js/dtypes.js elementBytes); there is no second conversion here. A
 * BOOL fill must be 0 or 1 (TW_INVALID_ARGUMENT otherwise); any bytes are a
 * valid value of the other types. It may lie anywhere in memory in use (a
 * local on the wasm stack too; checked).
 *
 * ---------------------------------------------------------------------------
 * Memory contract
 *
 * - The caller owns x, grid and y; y (y_bytes) is written, nothing else is.
 *   x and grid are only read. Nothing is written beyond y + y_bytes and,
 *   on any failure, nothing is written to y at all.
 * - x_bytes, grid_bytes and y_bytes must equal exactly the byte counts the
 *   shapes need (element count * element size; computed in 64 bits with
 *   overflow checks). A pointer may be NULL only when its byte count is 0.
 * - y must not overlap x or grid (checked: TW_INVALID_ARGUMENT). x and grid
 *   may overlap each other.
 * - Each pointer must be aligned to its element's component size (4 for
 *   float32/complex64, 8 for float64/int64/complex128, 2 for float16, ...),
 *   as malloc'd memory always is (checked).
 * - One scratch allocation (malloc) per call, at most about 400 KB (the plan
 *   of one tile of up to 2048 output locations), freed before returning; none
 *   when the output is empty. TW_OUT_OF_MEMORY if it fails.
 * - The only global state is tw_last_error()'s message and the
 *   tw_set_simd() switch; calls are otherwise independent.
 *
 * Empty tensors: if y has no elements the call succeeds and writes nothing.
 * If y has elements but some D_a = 0, every tap is out of bounds: ZEROS
 * writes fill_value to every output element; the other padding modes return
 * TW_INVALID_ARGUMENT.
 *
 * Limits (TW_UNSUPPORTED beyond them): taps per output element (1, 2^r or
 * 4^r) at most TW_GRIDSAMPLE_MAX_TAPS (so cubic up to r = 6, linear up to
 * r = 12); elements per (n, c) plane of x at most 2^31 - 1.
 */
#ifndef TW_GRIDSAMPLE_GRIDSAMPLE_H
#define TW_GRIDSAMPLE_GRIDSAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"

#define TW_GRIDSAMPLE_MAX_RANK 16
#define TW_GRIDSAMPLE_MAX_TAPS 4096

typedef enum tw_gridsample_mode {
  TW_GRIDSAMPLE_MODE_LINEAR = 0,  /* (bi/tri)linear, 2^r taps; ONNX "linear" (v16: "bilinear") */
  TW_GRIDSAMPLE_MODE_NEAREST = 1, /* nearest element, ties to even; ONNX "nearest" */
  TW_GRIDSAMPLE_MODE_CUBIC = 2,   /* Keys cubic A = -0.75, 4^r taps; ONNX "cubic" (v16: "bicubic") */
} tw_gridsample_mode;
#define TW_GRIDSAMPLE_MODE_COUNT 3 /* the modes above; code that specialises per mode asserts it */

typedef enum tw_gridsample_padding {
  TW_GRIDSAMPLE_PADDING_ZEROS = 0,      /* out-of-bounds taps read fill_value (0 in ONNX) */
  TW_GRIDSAMPLE_PADDING_BORDER = 1,     /* clamp to the edge element */
  TW_GRIDSAMPLE_PADDING_REFLECTION = 2, /* mirror about the borders */
  TW_GRIDSAMPLE_PADDING_WRAP = 3,       /* extension: periodic, index modulo the axis length */
} tw_gridsample_padding;
#define TW_GRIDSAMPLE_PADDING_COUNT 4 /* the paddings above; code that specialises per padding asserts it */

/* The lists the entry and the JS wrapper share (tools/gen-enums.mjs turns
 * each into wasm/enums.js's gridsample_<list>), so neither side keeps a copy:
 *   X_TYPES     the x_dtype values tw_gridsample takes (see Types above),
 *               each with its kernel suffix (the entry's type table)
 *   GRID_TYPES  the grid_dtype values it takes
 *   MODE_NAMES, PADDING_NAMES  the option names bindings accept, ONNX's
 *               spelling (v16's bilinear/bicubic too), each with its value */
#define TW_GRIDSAMPLE_X_TYPES(X)                                                                       \
  X(FLOAT32, f32) X(FLOAT64, f64) X(FLOAT16, f16) X(BFLOAT16, bf16) X(COMPLEX64, c64)                \
  X(COMPLEX128, c128) X(INT8, i8) X(UINT8, u8) X(INT16, i16) X(UINT16, u16) X(INT32, i32)            \
  X(UINT32, u32) X(INT64, i64) X(UINT64, u64) X(BOOL, boolean)
#define TW_GRIDSAMPLE_GRID_TYPES(X) X(FLOAT32) X(FLOAT64) X(FLOAT16) X(BFLOAT16)
#define TW_GRIDSAMPLE_MODE_NAMES(X) \
  X(linear, LINEAR) X(bilinear, LINEAR) X(nearest, NEAREST) X(cubic, CUBIC) X(bicubic, CUBIC)
#define TW_GRIDSAMPLE_PADDING_NAMES(X) X(zeros, ZEROS) X(border, BORDER) X(reflection, REFLECTION) X(wrap, WRAP)

/* Samples x at the grid's locations into y (see above).
 *   x_dtype, grid_dtype: tw_dtype values (common/dtype.h).
 *   x_shape, grid_shape: spatial_rank + 2 int64 dims each, read only.
 *   mode: tw_gridsample_mode; padding_mode: tw_gridsample_padding;
 *   align_corners: 0 or 1; fill_value: one x element, or NULL for zero.
 * Returns TW_OK, or TW_INVALID_ARGUMENT / TW_UNSUPPORTED / TW_OUT_OF_MEMORY
 * with tw_last_error() naming the argument; y is untouched then. */
TW_EXPORT int32_t tw_gridsample(int32_t x_dtype, const void* x, size_t x_bytes, int32_t spatial_rank,
                                const int64_t* x_shape, int32_t grid_dtype, const void* grid,
                                size_t grid_bytes, const int64_t* grid_shape, int32_t mode,
                                int32_t padding_mode, int32_t align_corners, const void* fill_value, void* y,
                                size_t y_bytes);

#endif
