/* tensorwarp resize: an image (src/image/image.h layout: rows top to bottom,
 * channels 1-4 interleaved, uint8) to another size.
 *
 * Geometry. Along an axis with n source and m destination pixels, pixel
 * centres map half-pixel to half-pixel: destination pixel i is centred on
 * source coordinate c = (i + 0.5)·n / m, where source pixel j spans
 * [j, j + 1) and is centred on j + 0.5.
 *
 * Which arithmetic. antialias = 0 LINEAR and CUBIC, and AREA (antialias
 * ignored), are OpenCV 4.6's uint8 cv::resize (INTER_LINEAR, INTER_CUBIC,
 * INTER_AREA) byte for byte: cv2 4.6 (x86-64, any SIMD dispatch) and, except
 * CUBIC as noted below, OpenCV.js 4.12. NEAREST (antialias ignored) is
 * INTER_NEAREST_EXACT. LINEAR and CUBIC with antialias = 1, and LANCZOS, are
 * Pillow's resampling: tw_image_resize_pil (resize-pil.h), a separate entry
 * with its own band rule; this one refuses them (TW_INVALID_ARGUMENT).
 *
 * NEAREST: one source pixel, copied (no arithmetic on values):
 *     j = min(max((f·i + f/2 - 1) >> 16, 0), n - 1),
 *     f = ((n << 16) + m/2) / m     (integers, 64-bit)
 *   which is OpenCV 4.6's INTER_NEAREST_EXACT bit for bit: the pixel whose
 *   centre is nearest c, up to the 16.16 fixed-point step. At an exact tie
 *   (c on a pixel boundary; every pixel when shrinking by 2) it goes to
 *   whichever side the step lands: shrinking by 2 takes the even pixels
 *   (2i); PIL takes the odd ones (2i + 1). For larger sizes the step's
 *   rounding accumulates and, where c lies very close to a boundary, it takes
 *   the neighbour of the nearest pixel (measured against exact arithmetic:
 *   never for sizes up to 256; 674 of 776,000 pixels for random sizes up to
 *   1024). Later OpenCV sources use f/2 - (n mod 2) instead of f/2 - 1, which
 *   moves some ties.
 *
 * OpenCV arithmetic. Per axis (n source, m destination pixels), in double:
 *   inv = m / n, scale = 1 / inv; the axis is "whole" when |scale - k| <
 *   DBL_EPSILON for k = round(scale) (half to even).
 *   Paths, as cv::resize chooses them for the whole image:
 *   - LINEAR with both axes whole and k = 2: AREA (the 2 x 2 block means).
 *   - AREA with scale >= 1 on both axes: both axes whole -> BLOCK, else MEAN.
 *   - LINEAR, CUBIC, and AREA with scale < 1 on some axis -> FIXED (AREA's
 *     "blend": its coordinates, LINEAR's two taps and passes). So where one
 *     axis shrinks and the other grows, AREA is that blend on both axes, not
 *     an area mean (OpenCV's choice).
 *   BLOCK (kx x ky blocks, kx, ky the whole factors): S = the integer sum of
 *     the block. kx = ky = 2 with 1, 3 or 4 channels: (S + 2) >> 2 (ties
 *     up); otherwise round_u8((float)S · (1.f / (float)(kx·ky))), float32
 *     product, round_u8 = round half to even, clamp to [0, 255] (so 2 x 2
 *     with 2 channels rounds ties to even). S is exact here; OpenCV sums in
 *     int32, which wraps past 2^31 (blocks of more than 8,421,504 pixels):
 *     a 3000 x 3000 block of 255 gives 0 in cv2 4.6, 255 here.
 *   MEAN (computeResizeAreaTab): destination pixel i covers [fs1, fs2) =
 *     [i·scale, i·scale + scale), cell = min(scale, n - fs1); s2 =
 *     min(floor(fs2), n - 1), s1 = min(ceil(fs1), s2). Taps, in source
 *     order: s1 - 1 with weight (float)((s1 - fs1) / cell) if s1 - fs1 >
 *     1e-3; s1 .. s2 - 1 with (float)(1 / cell); s2 with
 *     (float)(min(fs2 - s2, 1, cell) / cell) if fs2 - s2 > 1e-3 (double
 *     math, each weight rounded to float32 once). Horizontal, per source row
 *     and channel, float32: h = ((0 + w_0·x_0) + w_1·x_1) + ... (each
 *     product rounded, then each sum: no fused multiply-add; the h rows are
 *     not rounded); vertical the same over the h rows with the row weights;
 *     then round_u8.
 *   FIXED: per destination pixel d a first tap s and fraction f (float32):
 *     LINEAR, CUBIC: f = (float)((d + 0.5)·scale - 0.5), s = floor(f),
 *       f -= s;
 *     AREA blend: s = floor(d·scale), f = (float)((d + 1) - (s + 1)·inv),
 *       f = f <= 0 ? 0 : f - floor(f).
 *     Horizontal axis, LINEAR and the blend only: s < 0 -> s = 0, f = 0;
 *     s >= n - 1 -> s = n - 1, f = 0. The vertical axis keeps s and f.
 *     Weights, int16: w_k = sat16(rne(c_k·2048)) (float32 product), with
 *     c = {1 - f, f} (LINEAR, blend: taps s, s + 1) or OpenCV's
 *     interpolateCubic in float32, A = -0.75 (CUBIC: taps s - 1 .. s + 2):
 *       c0 = ((A(f+1) - 5A)(f+1) + 8A)(f+1) - 4A
 *       c1 = ((A+2)f - (A+3))f·f + 1
 *       c2 = ((A+2)(1-f) - (A+3))(1-f)(1-f) + 1,   c3 = 1 - c0 - c1 - c2
 *     (no correction of their sum; another cubic_a is A = (float)cubic_a in
 *     the same formulas and arithmetic, NaN weights 0). Every tap reads
 *     pixel clamp(tap, 0, n - 1) (BORDER_REPLICATE), each tap on its own.
 *     Horizontal, int32, exact: h = Σ_k x[clamp(s + k)]·w_k.
 *     Vertical over rows clamp(s + k) with the row weights b_k:
 *       LINEAR, blend: ((((h0 >> 4)·b0) >> 16) + (((h1 >> 4)·b1) >> 16) + 2)
 *         >> 2 (OpenCV's vector formula, which its scalar tail repeats).
 *       CUBIC: within a destination row of W·C values, the first
 *         8·floor(W·C / 8) (cv2's SSE lanes) in float32:
 *         rne(h0·s0 + (h1·s1 + (h2·s2 + h3·s3))), s_k = (float)b_k·2^-22,
 *         each product and sum rounded (no fused multiply-add); the rest
 *         (Σ h_k·b_k + 2^21) >> 22 (floor); both clamped to [0, 255].
 *         OpenCV.js 4.12 is built without SIMD and uses the integer formula
 *         for every value: it differs from cv2 4.6 by 1 on some float-lane
 *         values (8 of 406,795 bytes in our fixtures); we follow cv2 4.6.
 *         With a cubic_a far from -0.75 the sum is 64-bit here (OpenCV's
 *         int32 would wrap).
 *
 * Bands. A call may compute only destination rows [dst_row, dst_row +
 * dst_rows), reading only source rows [src_row, src_row + src_rows): the
 * result is the same bytes as those rows of a whole-image call.
 * tw_image_resize_source_rows names the source rows a band needs (it knows
 * only the heights, so for AREA and LINEAR it names the rows of every path
 * the widths could choose: a few rows more than one path reads). The JS
 * wrapper streams large images this way so that the heap side of the copies
 * stays in cache; inside a call the float path (MEAN) processes rows in
 * chunks whose horizontal-pass rows fit in TW_RESIZE_CHUNK_BYTES, the
 * fixed-point path keeps one horizontal row per tap.
 *
 * Memory: src holds src_bytes = src_rows·src_width·channels bytes, dst
 * dst_bytes = dst_rows·dst_width·channels; they must not overlap (checked);
 * no alignment needed. Each call makes at most one allocation (tables and
 * horizontal-pass rows, or a row of block sums), freed before it returns;
 * TW_OUT_OF_MEMORY if it fails. dst is written only on success. */
#ifndef TW_IMAGE_RESIZE_H
#define TW_IMAGE_RESIZE_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "common/status.h"

/* Horizontal-pass rows a chunk keeps (bytes); a chunk is at least one
 * destination row, whatever that needs. */
#define TW_RESIZE_CHUNK_BYTES (192 * 1024)

/* Arguments (every one checked; TW_INVALID_ARGUMENT names the offender):
 *   src_width, src_height, dst_width, dst_height   >= 0; a zero-sized
 *       destination is an empty result; a zero-sized source with a non-empty
 *       destination is an error (nothing to sample)
 *   channels       1..4
 *   interpolation  a tw_image_interpolation value but LANCZOS
 *   antialias      0 or 1; 0 with LINEAR and CUBIC (1 is Pillow's rule:
 *                  tw_image_resize_pil), either for NEAREST and AREA
 *   cubic_a        finite (read for CUBIC only)
 *   src_row        first source row held at src; src_bytes must be a whole
 *                  number of source rows, all inside the image
 *   dst_row        first destination row to compute; dst_bytes a whole
 *                  number of destination rows, inside the image
 * The band of source rows must hold every row tw_image_resize_source_rows
 * names for the destination band (checked; it may name a few rows the path
 * the widths choose does not read). */
TW_EXPORT tw_status tw_image_resize(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                    int32_t src_row, uint8_t* dst, size_t dst_bytes, int32_t dst_width,
                                    int32_t dst_height, int32_t dst_row, int32_t channels, int32_t interpolation,
                                    int32_t antialias, double cubic_a);

/* The source rows destination rows [dst_row, dst_row + dst_rows) read:
 * range[0] = first, range[1] = count (0 when dst_rows is 0). Same argument
 * rules as tw_image_resize. */
TW_EXPORT tw_status tw_image_resize_source_rows(int32_t src_height, int32_t dst_height, int32_t interpolation,
                                                int32_t antialias, double cubic_a, int32_t dst_row,
                                                int32_t dst_rows, int32_t* range);

#endif
