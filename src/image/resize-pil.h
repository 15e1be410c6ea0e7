/* tensorwarp PIL resize: an image (src/image/image.h layout) to another size
 * with the bytes Pillow 9.4's Image.resize gives for the filters BILINEAR,
 * BICUBIC and LANCZOS on an 8-bit single-band image ('L'), applied to each
 * channel on its own. js/image/resize.js takes this path for `antialias: true`
 * (the default) with 'linear' or 'cubic', and for 'lanczos'.
 *
 * Per channel, so: an 'RGB' image resized by Pillow gives the same bytes (its
 * bands are resampled independently with the same arithmetic); an 'RGBA' or
 * 'LA' image does not in general, since Pillow 9.4 premultiplies the colour
 * bands by alpha ('RGBa', 'La'), resizes, and divides back.
 *
 * Geometry, per axis (n source pixels, m destination pixels; Pillow's
 * precompute_coeffs, with the whole image as its box):
 *   scale   = (double)(float)n / m          (the box edge is a C float)
 *   fscale  = max(scale, 1)                 (the filter stretches when shrinking)
 *   support = B · fscale                    B = 1 LINEAR, 2 CUBIC, 3 LANCZOS
 *   ksize   = 2·(int)ceil(support) + 1      taps a destination pixel may have
 *   destination pixel i:
 *     center = (i + 0.5) · scale
 *     first  = max((int)(center - support + 0.5), 0)        (int) truncates
 *     count  = min((int)(center + support + 0.5), n) - first
 *     w_t    = filter(((first + t) - center + 0.5) · (1 / fscale)),  t < count
 *     w_t    = w_t / W  for every t, when W = w_0 + w_1 + ... (in that order) != 0
 *     k_t    = (int)(w_t · 2^22 + 0.5) if w_t >= 0, else (int)(w_t · 2^22 - 0.5)
 *              (saturated to ±(2^30 - 1), NaN -> 0: only a cubic_a far from
 *              -0.5 gets there; Pillow's weights stay below 2^23)
 *   all in double, each operation rounded in that order (no fused multiply-add).
 * Filters (x in double):
 *   LINEAR   |x| < 1: 1 - |x|;  else 0
 *   CUBIC    |x| < 1: ((a + 2)·|x| - (a + 3))·|x|·|x| + 1
 *            |x| < 2: (((|x| - 5)·|x| + 8)·|x| - 4)·a;  else 0
 *            a = cubic_a (Pillow's BICUBIC is a = -0.5: the same formula with
 *            another a is this path's meaning of a non-default cubic_a)
 *   LANCZOS  -3 <= x < 3: sinc(x)·sinc(x / 3), sinc(0) = 1,
 *            sinc(x) = sin(π·x) / (π·x) (π·x rounded to double first; sin
 *            is resize-pil-coeffs.c's own, within an ulp like glibc's, see
 *            there);  else 0
 * Values (the fixed point Pillow calls PRECISION_BITS = 22):
 *   v = clip8(2^21 + Σ_t k_t · s[first + t])     t in index order
 *   clip8(acc) = min(max(acc >> 22, 0), 255)      (arithmetic shift: floor)
 *   the sum is 32-bit two's complement, wrapping as Pillow's int does on
 *   every machine it runs on (it cannot wrap for LINEAR, whose weights are
 *   >= 0 and sum to about 2^22).
 * Passes: horizontal first, into uint8 rows (the clipped intermediate), then
 * vertical over those rows. A pass whose axis keeps its size is skipped (its
 * weights would be the identity anyway); with both axes unchanged the result
 * is a copy. The horizontal pass runs only on the source rows some vertical
 * tap reads.
 *
 * Bands. A call may compute only destination rows [dst_row, dst_row +
 * dst_rows), reading only source rows [src_row, src_row + src_rows): the
 * result is the same bytes as those rows of a whole-image call (each
 * intermediate row depends on its own source row only).
 * tw_image_resize_pil_source_rows names the source rows a band needs. Inside
 * a call, destination rows are processed in chunks whose intermediate rows
 * fit in TW_RESIZE_PIL_CHUNK_BYTES.
 *
 * Memory: src holds src_rows·src_width·channels bytes, dst
 * dst_rows·dst_width·channels; they must not overlap (checked); no alignment
 * needed. One allocation per call (tables and intermediate rows), freed
 * before it returns; TW_OUT_OF_MEMORY if it fails. dst is written only on
 * success. */
#ifndef TW_IMAGE_RESIZE_PIL_H
#define TW_IMAGE_RESIZE_PIL_H

#include <stddef.h>
#include <stdint.h>

#include "common/export.h"
#include "common/status.h"

/* Intermediate rows a chunk keeps (bytes); a chunk is at least one
 * destination row, whatever that needs. */
#define TW_RESIZE_PIL_CHUNK_BYTES (128 * 1024)

/* Arguments (every one checked; TW_INVALID_ARGUMENT names the offender):
 *   src_width, src_height, dst_width, dst_height   >= 0; a zero-sized
 *       destination is an empty result; a zero-sized source with a non-empty
 *       destination is an error
 *   channels       1..4
 *   interpolation  TW_IMAGE_INTERPOLATION_LINEAR, _CUBIC or _LANCZOS
 *   cubic_a        finite (read for CUBIC only)
 *   src_row        first source row held at src; src_bytes a whole number
 *                  of source rows, all inside the image
 *   dst_row        first destination row to compute; dst_bytes a whole
 *                  number of destination rows, inside the image
 * The band of source rows must hold every row the destination band reads
 * (tw_image_resize_pil_source_rows). */
TW_EXPORT tw_status tw_image_resize_pil(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                                        int32_t src_row, uint8_t* dst, size_t dst_bytes, int32_t dst_width,
                                        int32_t dst_height, int32_t dst_row, int32_t channels, int32_t interpolation,
                                        double cubic_a);

/* The source rows destination rows [dst_row, dst_row + dst_rows) read:
 * range[0] = first, range[1] = count (0 when dst_rows is 0). Same argument
 * rules as tw_image_resize_pil. */
TW_EXPORT tw_status tw_image_resize_pil_source_rows(int32_t src_height, int32_t dst_height, int32_t interpolation,
                                                    int32_t dst_row, int32_t dst_rows, int32_t* range);

#endif
