/* Image warps: affine, perspective and map resampling of a uint8 image with
 * 1-4 interleaved channels (the layout of image/image.h), OpenCV's
 * warpAffine and warpPerspective with the destination-to-source matrix
 * (WARP_INVERSE_MAP), and remap with two float32 maps.
 *
 * This header is the manual.
 *
 * The arithmetic is OpenCV 4.6's for uint8 (imgwarp.cpp), so the result is
 * cv2.warpAffine / cv2.warpPerspective's byte for byte (with
 * WARP_INVERSE_MAP: `matrix` maps destination to source), and
 * cv2.remap(src, map_x, map_y, ...)'s with CV_32FC1 maps.
 *
 * ---------------------------------------------------------------------------
 * Coordinates
 *
 * The centre of pixel (row i, column j) is at (x, y) = (j, i) (image.h).
 * `matrix` maps a destination pixel centre (j, i) to the source point it
 * takes its value from; it is used in float64 as given. rne() rounds a
 * double half to even and gives INT32_MIN for anything outside int32 (x86's
 * cvRound); sat16() clamps to [-32768, 32767].
 *   affine (m0 m1 m2 / m3 m4 m5): per column adelta(j) = rne(m0 * j * 1024),
 *     bdelta(j) = rne(m3 * j * 1024); per row X0(i) = rne((m1 * i + m2) *
 *     1024) + rd, Y0(i) likewise with m4, m5; rd = 512 for nearest, 16
 *     otherwise; X = X0 + adelta, Y = Y0 + bdelta in int32 that wraps.
 *     Nearest: sx = sat16(X >> 10). Otherwise X >>= 5, sx = sat16(X >> 5),
 *     fx = X & 31 (and the same for y).
 *   perspective (9 numbers, row-major): rows are cut into blocks of
 *     bw = min(1024 / min(16, dst_height), dst_width) columns from column 0;
 *     at block start b: X0 = m0 * b + m1 * i + m2, Y0, W0 likewise (left to
 *     right); for column b + t: w = W0 + m6 * t, w = (w != 0 ? K / w : 0)
 *     with K = 1 (nearest) or 32; X = rne(clamp((X0 + m0 * t) * w)), clamped
 *     to [INT32_MIN, INT32_MAX] first (NaN gives INT32_MAX), Y likewise.
 *     Nearest: sx = sat16(X). Otherwise sx = sat16(X >> 5), fx = X & 31.
 *   remap (map_x, map_y: float32 per destination pixel, row-major): nearest
 *     X = rnef(map_x); otherwise X = rnef(map_x * 32) (the product in
 *     float32), sx = sat16(X >> 5), fx = X & 31; Y likewise. rnef() rounds a
 *     float half to even and gives INT32_MIN outside int32 and for NaN
 *     (x86's cvRound(float)), as cv::remap converts float maps.
 * (>> is arithmetic.)
 *
 * ---------------------------------------------------------------------------
 * Interpolation
 *   NEAREST  the one tap (sx, sy).
 *   LINEAR   taps sx .. sx + 1 by sy .. sy + 1, CUBIC sx - 1 .. sx + 2 by
 *            sy - 1 .. sy + 2, with int16 weights w[r][c] from a table row
 *            fy * 32 + fx: 1-D float32 kernels at t = k / 32 (linear 1 - t,
 *            t; cubic Keys with A = -0.75 in OpenCV's operation order, the
 *            last tap 1 minus the others), w = sat16(rne(float32(vy[r] *
 *            vx[c]) * 32768)), and a row whose sum is not 32768 gets the
 *            difference from one tap as OpenCV picks it
 *            (warp-fixed-tables.c). A channel's value is
 *            clamp((sum of w * v over the taps + 16384) >> 15, 0, 255).
 * Channels are resampled independently (no alpha premultiplication).
 *
 * Borders, applied to every tap index on its own (cv::borderInterpolate),
 * for a row "abcd":
 *   CONSTANT   the fill's channel value        BORDER_CONSTANT
 *   EDGE       aaa|abcd|ddd                    BORDER_REPLICATE
 *   REFLECT    dcb|abcd|cba                    BORDER_REFLECT_101
 *   SYMMETRIC  cba|abcd|dcb                    BORDER_REFLECT
 *   WRAP       bcd|abcd|abc                    BORDER_WRAP
 * Nearest with CONSTANT gives the fill when either index is outside. The
 * tap positions are saturated first, so a far source under WRAP wraps from
 * +-32767; a source wider or taller than that is reached only up to index
 * 32767 (OpenCV refuses sources of 32767 or more columns or rows).
 *
 * The SIMD kernels (the default) and the scalar reference kernels
 * (tw_set_simd(0)) give bit-identical results.
 *
 * ---------------------------------------------------------------------------
 * Bands: the call writes destination rows [row0, row0 + rows) of a
 * dst_width x dst_height destination into dst (rows * dst_width * channels
 * bytes). A warp computed in bands is bit-identical to one call.
 *
 * Prepared warps: tw_warp_prepare validates the geometry (everything but
 * the pixels and the band), computes what it can once (the affine
 * per-column deltas, the weight table) and returns a handle;
 * tw_warp_run(handle, ...) then runs any band from any source of the
 * prepared size, and tw_warp_release frees it. The result is the one-shot
 * call's bit for bit. A handle is checked on every call against the table
 * of live warps (at most 64 at once): a released, stale or invented handle
 * is TW_INVALID_ARGUMENT and touches nothing.
 *
 * Memory contract
 * - src_bytes must equal src_width * src_height * channels and dst_bytes
 *   rows * dst_width * channels; a pointer may be NULL only when its byte
 *   count is 0; dst must not overlap src (nor the maps) (TW_INVALID_ARGUMENT
 *   otherwise). Only dst is written, and nothing at all on failure.
 * - One scratch allocation per prepared warp (affine: 8 bytes per
 *   destination column, plus 3 KB): the one-shot calls free it before
 *   returning, a handle keeps it (with the plan, ~200 bytes) until
 *   tw_warp_release.
 * - Limits: sizes at most 2^24 - 1 per axis, a source of at most 2^31 - 1
 *   bytes (TW_UNSUPPORTED beyond).
 *
 * An empty destination (no pixels in the band) succeeds and writes nothing.
 * An empty source with pixels to write: CONSTANT writes the fill, the other
 * borders are TW_INVALID_ARGUMENT (there is no pixel to repeat).
 */
#ifndef TW_WARP_WARP_H
#define TW_WARP_WARP_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "image/image.h"

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

/* cv2.remap with float32 maps into rows [row0, row0 + rows): map_x and
 * map_y hold dst_width * dst_height floats each (map_bytes bytes each) for
 * the whole destination; destination pixel (i, j) samples the source at
 * (map_x[i * dst_width + j], map_y[...]) (coordinates above). The other
 * arguments and the returns are tw_image_warp's. */
TW_EXPORT int32_t tw_image_remap(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                 int32_t channels, const float* map_x, const float* map_y, size_t map_bytes,
                                 int32_t interpolation, int32_t border, uint32_t fill, uint8_t* dst, size_t dst_bytes,
                                 int32_t dst_width, int32_t dst_height, int32_t row0, int32_t rows);

/* Prepares the warp tw_image_warp would run with these arguments (all but
 * the buffers and the band) and writes its handle to *handle (a uint32 in
 * the heap). Returns TW_OK, or tw_image_warp's failures for the same
 * arguments, or TW_UNSUPPORTED when 64 prepared warps are live. */
TW_EXPORT int32_t tw_warp_prepare(int32_t src_width, int32_t src_height, int32_t channels, const double* matrix,
                                  int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill,
                                  int32_t dst_width, int32_t dst_height, uint32_t* handle);

/* Rows [row0, row0 + rows) of a prepared warp from src into dst, checked as
 * tw_image_warp checks them. */
TW_EXPORT int32_t tw_warp_run(uint32_t handle, const uint8_t* src, size_t src_bytes, uint8_t* dst, size_t dst_bytes,
                              int32_t row0, int32_t rows);

/* Frees a prepared warp; its handle is dead from then on. */
TW_EXPORT int32_t tw_warp_release(uint32_t handle);

#endif
