/* Image warps: affine and perspective resampling of a uint8 image with 1-4
 * interleaved channels (the layout of image.h), OpenCV's warpAffine and
 * warpPerspective with the destination-to-source matrix (WARP_INVERSE_MAP).
 *
 * This header is the manual.
 *
 * ---------------------------------------------------------------------------
 * Coordinates
 *
 * The centre of pixel (row i, column j) is at (x, y) = (j, i) (image.h).
 * `matrix` maps a destination pixel centre (j, i) to the source point
 * (sx, sy) it takes its value from. Its entries are rounded once to float32
 * (a..k below); every operation after that is one float32 operation, in
 * this order:
 *   affine (6 numbers, a b c / d e f):
 *     rx = b*i + c,  ry = e*i + f           once per destination row
 *     sx = a*j + rx, sy = d*j + ry          per pixel
 *   perspective (9 numbers, a b c / d e f / g h k, row-major):
 *     X = a*j + (b*i + c), Y = d*j + (e*i + f), W = g*j + (h*i + k)
 *     q = 1 / W (the one divide), sx = X*q, sy = Y*q
 * (i and j are exact in float32 below 2^24.) There is no sampling grid in
 * memory: the coordinates come from the matrix as the output is written.
 * A point with a non-finite coordinate (W = 0) takes, with CONSTANT border,
 * the fill; with the other borders, source coordinate 0 on that axis
 * (GridSample's rule for non-finite coordinates).
 *
 * ---------------------------------------------------------------------------
 * Interpolation (per axis; taps are source pixel indices)
 *   NEAREST  one tap, i = floor(sx + 0.5) with the sum in float32: ties go
 *            up (OpenCV's warps round their fixed-point coordinate the same
 *            way).
 *   LINEAR   taps i0 = floor(sx), i0 + 1, weights u = (i0 + 1) - sx and
 *            t = sx - i0 (each one float32 operation).
 *   CUBIC    taps i0 - 1 .. i0 + 2, Keys weights with A = -0.75 from t and
 *            u, in the factored form GridSample uses (gridsample-internal.h):
 *              W0 = (A t)(u u), W1 = u((1 + t) - ((A+2) t) t),
 *              W2 = t((1 + u) - ((A+2) u) u), W3 = (A u)(t t).
 * A tap's weight is wy * wx (the y axis weight first), one float32 multiply.
 * Each channel's value is the float32 sum over the taps in row-major order
 * (y outer, x inner): s = w_0 v_0, then s = s + w_t v_t (no fused
 * multiply-add), rounded half to even and clamped to [0, 255].
 * Channels are resampled independently (no alpha premultiplication).
 *
 * Borders, applied to every tap index on its own, as OpenCV does (the
 * coordinate is never clamped or folded first), for a row "abcd":
 *   CONSTANT   the fill's channel value        BORDER_CONSTANT
 *   EDGE       aaa|abcd|ddd                    BORDER_REPLICATE
 *   REFLECT    dcb|abcd|cba                    BORDER_REFLECT_101
 *   SYMMETRIC  cba|abcd|dcb                    BORDER_REFLECT
 *   WRAP       bcd|abcd|abc                    BORDER_WRAP
 * These are GridSample's per-tap padding rules (zeros with a fill value,
 * border, reflection with align_corners 1 and 0, wrap), and run as that code.
 *
 * The SIMD kernels (the default) and the scalar reference kernels
 * (tw_set_simd(0)) give bit-identical results.
 *
 * ---------------------------------------------------------------------------
 * Bands: the call writes destination rows [row0, row0 + rows) of a
 * dst_width x dst_height destination into dst (rows * dst_width * channels
 * bytes). A warp computed in bands is bit-identical to one call.
 *
 * Memory contract
 * - src_bytes must equal src_width * src_height * channels and dst_bytes
 *   rows * dst_width * channels; a pointer may be NULL only when its byte
 *   count is 0; dst must not overlap src (TW_INVALID_ARGUMENT otherwise).
 *   Only dst is written, and nothing at all on failure.
 * - One scratch allocation per call (a tile's plan, at most ~200 KB), freed
 *   before returning.
 * - Limits: sizes at most 2^24 - 1 per axis, a source of at most 2^31 - 1
 *   bytes (TW_UNSUPPORTED beyond).
 *
 * An empty destination (no pixels in the band) succeeds and writes nothing.
 * An empty source with pixels to write: CONSTANT writes the fill, the other
 * borders are TW_INVALID_ARGUMENT (there is no pixel to repeat).
 */
#ifndef TW_IMAGE_WARP_H
#define TW_IMAGE_WARP_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "image.h"

/* Warps src into rows [row0, row0 + rows) of the destination (see above).
 *   matrix: 6 (perspective 0) or 9 (perspective 1) finite doubles mapping
 *     destination to source, row-major; the linear part (a b / d e) or the
 *     3x3 must not be singular (determinant 0 in float64).
 *   interpolation: TW_IMAGE_INTERPOLATION_NEAREST, _LINEAR or _CUBIC.
 *   border: tw_image_border; fill: channel c's fill value in byte c
 *     (little-endian), read for CONSTANT only.
 * Returns TW_OK, or TW_INVALID_ARGUMENT / TW_UNSUPPORTED / TW_OUT_OF_MEMORY
 * with tw_last_error() naming the argument; dst is untouched then. */
TW_EXPORT int32_t tw_image_warp(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                int32_t channels, const double* matrix, int32_t perspective,
                                int32_t interpolation, int32_t border, uint32_t fill, uint8_t* dst,
                                size_t dst_bytes, int32_t dst_width, int32_t dst_height, int32_t row0,
                                int32_t rows);

#endif
