/* blur micro-kernels: the inner loops only, on pre-validated pointers and
 * counts (blur.h states the rules; blur.c validates and drives them).
 *
 * The sums are separable running sums over "lanes", one per (column,
 * channel) of a row, n = width * channels of them:
 *   vertical    acc[i] = the sum of lane i over the box's h source rows,
 *               kept up to date row by row: slide_row adds the row
 *               entering the box and subtracts the one leaving it (a row
 *               of zeros while the first h rows are summed). Lanes are unsigned and wrap, so acc - leave
 *               + enter is exact whenever the true sum fits the lane.
 *   horizontal  ext = acc with (w - 1) * channels border lanes around it
 *               (blur.c copies them from the columns they map to), and
 *               dst[i] = round(sum over k < w of ext[i + k * step] / N),
 *               step = channels, N = w * h, by finish_row.
 * Lane widths: every lane holds a sum S <= 255 * N exactly.
 *   u64  scalar (the reference): running sums both ways, S / N by integer
 *        division, rounded half to even from the remainder.
 *   u16  SIMD, for boxes with 255 * N + floor(N / 2) < 2^16, a 16-bit
 *        reciprocal (tw_blur_divisor), w <= TW_BLUR_SIMD_MAX_TAPS and rows
 *        of at least 32 lanes: the horizontal sums tap by tap (four
 *        channels and a 5x5 box: by pixel pairs, fewer loads). Other
 *        boxes run the scalar kernels in both modes (a u32 SIMD set was
 *        left out to keep the wasm inside its size budget).
 */
#ifndef TW_IMAGE_BLUR_KERNELS_H
#define TW_IMAGE_BLUR_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* A loop kept short and scalar (code size; clang only: the native tests
 * may build with gcc). */
#ifdef __clang__
#define TW_BLUR_PLAIN_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")
#else
#define TW_BLUR_PLAIN_LOOP
#endif

/* Widest box the SIMD horizontal pass sums tap by tap; wider boxes run the
 * scalar kernels (running sums, one add and one subtract per lane). */
#define TW_BLUR_SIMD_MAX_TAPS 16

/* The divisor N = w * h and its exact reciprocal for u16 lanes:
 *   x = S + half (half = floor(N / 2)), q = (x * magic) >> shift,
 *   q = floor(x / N) for every x <= 255 N + half (magic = ceil(2^shift / N),
 *   chosen by tw_blur_divisor_init so that (255 N + half) * (magic * N -
 *   2^shift) < 2^shift: then x * magic / 2^shift exceeds x / N by less than
 *   1 / N and cannot reach the next integer). That is S / N rounded half up;
 *   a tie (even N, q * N == x) with q odd takes q - 1: half to even. */
typedef struct tw_blur_divisor {
  uint64_t n;
  uint32_t half;
  uint32_t magic, shift; /* magic 0: no 16-bit reciprocal (scalar kernels) */
  uint32_t dot;          /* 1: N odd, magic and 255 N + half <= INT16_MAX, shift 16 or 17 (the SIMD kernel's dot form) */
} tw_blur_divisor;

void tw_blur_divisor_init(tw_blur_divisor* d, uint64_t n);

/* S / N rounded half to even: the exact rule every kernel's result equals. */
static inline uint8_t tw_blur_round_quotient(uint64_t s, uint64_t n) {
  const uint64_t q = s / n, r = s - q * n;
  return (uint8_t)(q + (r > n - r || (r == n - r && (q & 1))));
}

typedef struct tw_blur_kernels {
  size_t lane_bytes;
  void (*slide_row)(void* acc, const uint8_t* enter, const uint8_t* leave, size_t n);
  /* ext holds n + (taps - 1) * step lanes; dst n bytes */
  void (*finish_row)(const void* ext, uint8_t* dst, size_t n, size_t taps, size_t step, const tw_blur_divisor* d);
} tw_blur_kernels;

#define TW_BLUR_DECLARE(lane, isa)                                                                            \
  void tw_blur_slide_row_##lane##__##isa(void* acc, const uint8_t* enter, const uint8_t* leave, size_t n);  \
  void tw_blur_finish_row_##lane##__##isa(const void* ext, uint8_t* dst, size_t n, size_t taps, size_t step, \
                                          const tw_blur_divisor* d);
TW_BLUR_DECLARE(u64, scalar)
TW_BLUR_DECLARE(u16, wasmsimd)
#undef TW_BLUR_DECLARE

#endif
