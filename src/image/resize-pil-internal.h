/* PIL resize internals: the per-axis coefficient tables
 * (resize-pil-coeffs.c, the one place the rules of resize-pil.h are
 * written) and the micro-kernels (resize-pil-kernels-*.c: inner loops only,
 * pre-validated arguments). */
#ifndef TW_IMAGE_RESIZE_PIL_INTERNAL_H
#define TW_IMAGE_RESIZE_PIL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* Pillow's PRECISION_BITS: weights are integers in units of 2^-22. */
#define TW_RESIZE_PIL_BITS 22

/* The largest weight magnitude (weights saturate there; Pillow's stay below
 * 2^23): a weight splits into 16-bit halves k = kh·2^15 + kl, kh and kl in
 * int16, as the SIMD kernels need. */
#define TW_RESIZE_PIL_WEIGHT_MAX ((1 << 30) - 1)

/* How one axis samples: n source pixels to m destination pixels. */
typedef struct tw_resize_pil_axis {
  int64_t n, m;
  int32_t interpolation; /* LINEAR, CUBIC or LANCZOS */
  double cubic_a;
  double scale, fscale, support;
  int64_t ksize; /* 2·ceil(support) + 1: the row length of a weight table */
} tw_resize_pil_axis;

/* Fills the axis (n >= 1, m >= 1, arguments already valid). */
void tw_resize_pil_axis_init(tw_resize_pil_axis* axis, int64_t n, int64_t m, int32_t interpolation, double cubic_a);

/* Destination pixel i (0 <= i < m): its first source pixel and tap count
 * (first + count <= n; both never smaller than for i - 1 as i grows). */
void tw_resize_pil_bounds(const tw_resize_pil_axis* axis, int64_t i, int32_t* first, int32_t* count);

/* The same, and its `count` fixed-point weights (k[t] for source pixel
 * first + t); k must hold axis->ksize values, the unused ones are set to 0;
 * w is scratch for axis->ksize doubles (the filter values before
 * normalisation). */
void tw_resize_pil_weights(const tw_resize_pil_axis* axis, int64_t i, int32_t* first, int32_t* count, int32_t* k,
                           double* w);

/* clip8: the accumulated sum -> a byte (arithmetic shift, then clamp). */
static inline uint8_t tw_resize_pil_clip8(uint32_t acc) {
  const int32_t v = (int32_t)acc >> TW_RESIZE_PIL_BITS;
  return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* The sum's starting value, 2^21: the rounding half of clip8's floor. */
#define TW_RESIZE_PIL_HALF (1u << (TW_RESIZE_PIL_BITS - 1))

/* A weight table as the kernels read it: for destination pixel (or row) i,
 * k[i·ksize + t] for t < ksize (zero past its count) and, for the SIMD
 * kernels, the same weights split into 16-bit halves k = kh·2^15 + kl
 * (kh = k >> 15, kl = k & 0x7FFF, both int16), two taps to a 32-bit word:
 * halves[i·2·pairs + p] = kh(2p) | kh(2p + 1) << 16 and
 * halves[i·2·pairs + pairs + p] the same for kl, pairs = (ksize + 1) / 2. */
typedef struct tw_resize_pil_table {
  const int32_t* k;
  const uint32_t* halves;
  size_t ksize, pairs;
} tw_resize_pil_table;

/* Fills the halves of `count` rows of a table from its k (tw_resize_pil_table). */
void tw_resize_pil_split(const int32_t* k, size_t ksize, size_t count, uint32_t* halves);

/* Micro-kernels. Naming: tw_resize_pil_<pass>__<isa>. Sums are uint32 (two's
 * complement wrapping, so any order of the additions, and the split
 * Σ k·v = 2^15·Σ kh·v + Σ kl·v, give the same bits).
 *   hpass(src, dst, width, channels, bounds, weights): one row,
 *       dst[x·C + c] = clip8(HALF + Σ_t k[x·ksize + t]·src[(first + t)·C + c])
 *       over t < count, (first, count) = (bounds[2x], bounds[2x + 1]).
 *   vpass(rows, stride, weights, row, count, bytes, dst): one row of `bytes`
 *       values, dst[i] = clip8(HALF + Σ_t k[row·ksize + t]·rows[t·stride + i])
 *       over t < count. */
typedef void tw_resize_pil_hpass_fn(const uint8_t* src, uint8_t* dst, int32_t width, int32_t channels,
                                    const int32_t* bounds, const tw_resize_pil_table* weights);
typedef void tw_resize_pil_vpass_fn(const uint8_t* rows, size_t stride, const tw_resize_pil_table* weights,
                                    size_t row, int32_t count, size_t bytes, uint8_t* dst);
tw_resize_pil_hpass_fn tw_resize_pil_hpass__scalar, tw_resize_pil_hpass__wasmsimd;
tw_resize_pil_vpass_fn tw_resize_pil_vpass__scalar, tw_resize_pil_vpass__wasmsimd;

#endif
