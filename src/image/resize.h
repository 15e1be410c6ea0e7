/* tensorwarp resize: an image (src/image/image.h layout: rows top to bottom,
 * channels 1-4 interleaved, uint8) to another size.
 *
 * Geometry. Along an axis with n source and m destination pixels, s = n / m
 * (double). Pixel centres map half-pixel to half-pixel: destination pixel i
 * is centred on source coordinate c = (i + 0.5)·s, where source pixel j
 * spans [j, j + 1) and is centred on j + 0.5.
 *
 * Interpolation (tw_image_interpolation) and the taps of destination pixel i:
 *   NEAREST  one source pixel, copied (no arithmetic on values):
 *              j = min(max((f·i + f/2 - 1) >> 16, 0), n - 1),
 *              f = ((n << 16) + m/2) / m     (integers, 64-bit)
 *            which is OpenCV 4.6's INTER_NEAREST_EXACT bit for bit: the pixel
 *            whose centre is nearest c, up to the 16.16 fixed-point step.
 *            At an exact tie (c on a pixel boundary; every pixel when
 *            shrinking by 2) it goes to whichever side the step lands:
 *            shrinking by 2 takes the even pixels (2i); PIL takes the odd
 *            ones (2i + 1). For larger sizes the step's rounding accumulates
 *            and, where c lies very close to a boundary, it takes the
 *            neighbour of the nearest pixel (measured against exact
 *            arithmetic: never for sizes up to 256; 674 of 776,000 pixels
 *            for random sizes up to 1024). Later OpenCV sources use
 *            f/2 - (n mod 2) instead of f/2 - 1, which moves some ties.
 *   LINEAR   triangle filter, support B = 1
 *   CUBIC    Keys cubic with parameter a (cubic_a), support B = 2:
 *              |x| < 1: ((a + 2)|x| - (a + 3))·x² + 1
 *              |x| < 2: (((|x| - 5)|x| + 8)|x| - 4)·a,   else 0
 *   AREA     each destination pixel is the mean of the source area it
 *            covers, [i·s, (i + 1)·s): source pixel j weighs its overlap
 *            with that interval, computed exactly in units of 1/m pixel:
 *              w_j = (min((j + 1)·m, (i + 1)·n) - max(j·m, i·n)) / n
 *            (OpenCV INTER_AREA when both axes shrink or both grow; with one
 *            of each, OpenCV blends two taps per axis instead, up to 9 levels
 *            away on noise in our fixtures). On an axis with an
 *            integer factor k = n / m the weights are 1 and the sum is
 *            divided by k instead; when both axes have one (and k_x·k_y <
 *            2^16) the result is the exact mean of the k_x × k_y block
 *            rounded half to even: AveragePool's uint8 rule.
 * LINEAR and CUBIC, antialias = 1 (PIL, torchvision antialias=True): when
 *   shrinking (s > 1) the filter is stretched by s, so the support is
 *   S = B·max(s, 1), and tap j (for floor(c - S + 0.5) <= j <
 *   floor(c + S + 0.5)) weighs filter((j + 0.5 - c) / max(s, 1)). Taps
 *   outside [0, n) are dropped and the rest renormalised (PIL's edge rule).
 * LINEAR and CUBIC, antialias = 0 (OpenCV INTER_LINEAR/INTER_CUBIC, PyTorch
 *   antialias=False): S = B whatever s is; the 2B taps around c are
 *   clamped to [0, n) (BORDER_REPLICATE) and the weights of a clamped tap
 *   added to its edge pixel's.
 * antialias does not change NEAREST or AREA (AREA always averages).
 *
 * Arithmetic, fixed so that the scalar and SIMD kernels (tw_set_simd) and
 * tests/reference/image-resize.js agree bit for bit:
 *   weights  computed in double from the formulas above, divided in double
 *            by their sum (when it is not 0), then rounded to float32;
 *   pass 1   horizontal, per source row and channel, in float32:
 *              h = ((0 + w_0·x_0) + w_1·x_1) + ...     taps in index order
 *            (each product rounded, then each sum: no fused multiply-add);
 *            for LINEAR and CUBIC with antialias = 1, then clamped:
 *            h = 0 < h ? h : 0, then h = h < 255 ? h : 255 (PIL keeps
 *            uint8 rows between its passes, so cubic overshoot is cut
 *            there); the float32 h rows are not rounded;
 *   pass 2   vertical, in float32, the same order over the h rows of the
 *            destination row's vertical taps, then divided by the integer
 *            factors' product for AREA (a float32 division; not done when 1);
 *   result   rounded half to even, then clamped to [0, 255].
 * Block averages (AREA with integer factors, k_x·k_y < 2^16; LINEAR without
 * antialias shrinking by 2 or 1 per axis, whose weights 0.5, 0.5 or 1, 0 are
 * exact) take an integer path that gives the same bytes: the exact block
 * sum S, then round((float)S / (k_x·k_y)).
 * Every destination pixel has the same tap count along an axis (the largest
 * any pixel needs); a pixel needing fewer has zero weights at the ends (a
 * zero product adds nothing).
 *
 * Bands. A call may compute only destination rows [dst_row, dst_row +
 * dst_rows), reading only source rows [src_row, src_row + src_rows): the
 * result is the same bytes as those rows of a whole-image call.
 * tw_image_resize_source_rows names the source rows a band needs. The JS
 * wrapper streams large images this way so that the heap side of the copies
 * stays in cache; inside a call the rows are processed in chunks whose
 * horizontal-pass rows fit in TW_RESIZE_CHUNK_BYTES.
 *
 * Memory: src holds src_bytes = src_rows·src_width·channels bytes, dst
 * dst_bytes = dst_rows·dst_width·channels; they must not overlap (checked);
 * no alignment needed. Each call makes at most one allocation (weight tables
 * and the horizontal-pass rows), freed before it returns; TW_OUT_OF_MEMORY if
 * it fails. dst is written only on success. */
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
 *   interpolation  a tw_image_interpolation value
 *   antialias      0 or 1
 *   cubic_a        finite (read for CUBIC only)
 *   src_row        first source row held at src; src_bytes must be a whole
 *                  number of source rows, all inside the image
 *   dst_row        first destination row to compute; dst_bytes a whole
 *                  number of destination rows, inside the image
 * The band of source rows must hold every row the destination band's taps
 * read (tw_image_resize_source_rows). */
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
