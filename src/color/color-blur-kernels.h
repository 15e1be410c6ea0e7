/* gaussian_blur's micro-kernels (color-blur.c plans and drives them): one
 * output row of one colour channel, n values, n a multiple of
 * TW_COLOR_BLUR_BLOCK (the driver pads the rows and discards the extra).
 *
 *   rows[i], i < ky: kernel row i's source row, one channel as doubles with
 *       the reflect padding written in, so that output x reads
 *       rows[i][x .. x + kx − 1]; readable up to index n + kx − 2
 *   weights: the ky·kx 2-D weights, row-major
 *   out[x] = the chain acc = 0; acc = fma(w[i][j], rows[i][x + j], acc) for
 *       each i, then each j; then acc rounded half to even and clamped to
 *       0..255 (torch.round, then the cast to uint8)
 *
 * direct: weights as doubles, every non-zero one at least 2^-20, so fma is
 *     one double multiply-add rounded once to float32 (color-blur.c proves it)
 * exact: weights as floats, fma the correctly rounded fused multiply-add of
 *     float32 (scalar: tw_color_fmaf; wasmsimd: the same result another way)
 *
 * The scalar and wasmsimd kernels give the same bytes (tests/image-color-blur-simd.test.mjs), each that of
 * C's fmaf chain, crafted ties included (tests/c/test_color_blur_kernels.c). */
#ifndef TW_COLOR_COLOR_BLUR_KERNELS_H
#define TW_COLOR_COLOR_BLUR_KERNELS_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* Output values a kernel step computes (the wasmsimd kernels: 8 f64x2 chains in flight). */
#define TW_COLOR_BLUR_BLOCK 16

typedef void tw_color_blur_direct_fn(const double* const* rows, const double* weights, size_t kx, size_t ky, size_t n,
                                     uint8_t* out);
typedef void tw_color_blur_exact_fn(const double* const* rows, const float* weights, size_t kx, size_t ky, size_t n,
                                    uint8_t* out);

tw_color_blur_direct_fn tw_color_blur_direct__scalar, tw_color_blur_direct__wasmsimd;
tw_color_blur_exact_fn tw_color_blur_exact__scalar, tw_color_blur_exact__wasmsimd;

#endif
