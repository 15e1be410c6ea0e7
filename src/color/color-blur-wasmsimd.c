/* gaussian_blur's micro-kernels, wasm SIMD (color-blur-kernels.h): the
 * scalar kernels' chains, each output value's taps in the same order, with
 * the chains of neighbouring output values side by side: f64x2 lane l of
 * accumulator a is output x + 2a + l, 8 accumulators (16 values) in flight
 * so that the multiply-add → round latency of one chain hides behind the
 * others. Per tap: two source values (contiguous: the padding is in the
 * rows), times the splatted weight, plus the accumulator, rounded to float32
 * and kept in the double lane, as the scalar kernels do value by value.
 *
 * Built with -Os (Makefile): the direct kernel's 8 chains are unrolled by
 * the pragma below; the exact kernel runs as fast with its chains a loop
 * (unrolled at -Os it spills and is 1.3x slower). */
#include "color-blur-kernels.h"

#include "common/simd.h"

#define CHAINS (TW_COLOR_BLUR_BLOCK / 2)

#ifdef __clang__
#define UNROLLED _Pragma("clang loop unroll(full)")
#else
#define UNROLLED
#endif

/* clang folds promote(demote(v)) into a <2 x float> round trip, which wasm has no instruction for, and
 * emits it lane by lane (extract, f32.demote_f64, f64.promote_f32, replace: the kernel 1.8x slower); an
 * empty asm between the two keeps them the two SIMD instructions. */
static inline v128_t opaque(v128_t v) {
#if defined(__wasm__) && defined(__clang__)
  __asm__("" : "+r"(v));
#endif
  return v;
}

/* Doubles rounded to float32 (to nearest, ties to even) and back. */
static inline v128_t round_f32(v128_t s) {
  return wasm_f64x2_promote_low_f32x4(opaque(wasm_f32x4_demote_f64x2_zero(s)));
}

/* The same rounding with integer operations on the bits, for doubles that are 0 or in float32's normal
 * range (the direct kernel's sums, each 0 or at least 2^-20): add half an ulp of float32, minus one when
 * the kept last bit is even (ties to even), and clear the 29 bits float32 lacks; a carry into the exponent
 * is the next binade's value. The conversions and the integer operations run on different units: two of
 * the 8 chains rounding this way made the direct kernel 1.16x faster (Node 20 on AMD EPYC). */
static inline v128_t round_f32_bits(v128_t s) {
  const v128_t last = wasm_v128_and(wasm_u64x2_shr(s, 29), wasm_i64x2_splat(1));
  const v128_t up = wasm_i64x2_add(wasm_i64x2_add(s, wasm_i64x2_splat(0x0FFFFFFF)), last);
  return wasm_v128_and(up, wasm_i64x2_splat(~(int64_t)0x1FFFFFFF));
}
#define BITS_CHAINS 2

/* The 16 chains' results as bytes: round half to even, saturate to 0..255 (the scalar round_to_byte). */
static inline void store_bytes(const v128_t acc[CHAINS], uint8_t* out) {
  v128_t words[CHAINS / 2];
  for (int k = 0; k < CHAINS / 2; k++) {
    const v128_t lo = wasm_f32x4_demote_f64x2_zero(acc[2 * k]), hi = wasm_f32x4_demote_f64x2_zero(acc[2 * k + 1]);
    words[k] = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_i32x4_shuffle(lo, hi, 0, 1, 4, 5)));
  }
  const v128_t low = wasm_u16x8_narrow_i32x4(words[0], words[1]), high = wasm_u16x8_narrow_i32x4(words[2], words[3]);
  wasm_v128_store(out, wasm_u8x16_narrow_i16x8(low, high));
}

void tw_color_blur_direct__wasmsimd(const double* const* rows, const double* weights, size_t kx, size_t ky,
                                   size_t n, uint8_t* out) {
  for (size_t x = 0; x < n; x += TW_COLOR_BLUR_BLOCK) {
    v128_t acc[CHAINS];
    for (int a = 0; a < CHAINS; a++) acc[a] = wasm_f64x2_splat(0.0);
    const double* w = weights;
    for (size_t i = 0; i < ky; i++) {
      const double* r = rows[i] + x;
      for (size_t j = 0; j < kx; j++, w++) {
        const v128_t wv = wasm_f64x2_splat(*w);
        UNROLLED
        for (int a = 0; a < CHAINS; a++) {
          const v128_t sum = wasm_f64x2_add(wasm_f64x2_mul(wasm_v128_load(r + j + 2 * a), wv), acc[a]);
          acc[a] = a < BITS_CHAINS ? round_f32_bits(sum) : round_f32(sum);
        }
      }
    }
    store_bytes(acc, out + x);
  }
}

/* The exact kernel's fused multiply-add w·x + acc rounded once to float32, for w, x, acc >= 0 (weights,
 * pixels and their partial sums). w·x is exact in double (24 + 8 bits), so only the double sum s rounds,
 * and rounding s again to float32 is the fused result unless s landed exactly on a float32 midpoint with
 * something lost (tw_color_fmaf's argument). Something lost means s >= 2^-96 (w·x and acc are multiples
 * of 2^-149: below 2^-96 their sum has at most 53 bits), so s is a normal float32's neighbour and a
 * midpoint is the low 29 bits of its double equal to 0x10000000. Where a lane is one, s is made
 * round-to-odd with its TwoSum error e (inexact and s's last bit even: one ulp towards e, which for s > 0
 * is +1 or −1 on the bits); a round-to-odd sum with 53 >= 24 + 2 bits rounds to float32 as the exact sum
 * does. The test costs 3 instructions a vector where round-to-odd costs 13: 1.5x on a 9x9 blur, sigma 0.5. */
static inline v128_t round_to_odd(v128_t p, v128_t acc, v128_t s) {
  const v128_t one = wasm_i64x2_splat(1), zero = wasm_f64x2_splat(0.0);
  const v128_t bb = wasm_f64x2_sub(s, p);
  const v128_t e = wasm_f64x2_add(wasm_f64x2_sub(p, wasm_f64x2_sub(s, bb)), wasm_f64x2_sub(acc, bb));
  const v128_t even = wasm_i64x2_sub(wasm_v128_and(s, one), one); /* all ones where the last bit is 0 */
  const v128_t up = wasm_v128_and(wasm_f64x2_gt(e, zero), even), down = wasm_v128_and(wasm_f64x2_lt(e, zero), even);
  return wasm_i64x2_add(wasm_i64x2_sub(s, up), down);
}

static inline v128_t fma_exact(v128_t w, v128_t x, v128_t acc) {
  const v128_t p = wasm_f64x2_mul(w, x);
  v128_t s = wasm_f64x2_add(p, acc);
  const v128_t low = wasm_v128_and(s, wasm_i64x2_splat(0x1FFFFFFF));
  if (wasm_v128_any_true(wasm_i64x2_eq(low, wasm_i64x2_splat(0x10000000)))) s = round_to_odd(p, acc, s);
  return round_f32(s);
}

void tw_color_blur_exact__wasmsimd(const double* const* rows, const float* weights, size_t kx, size_t ky, size_t n,
                                  uint8_t* out) {
  for (size_t x = 0; x < n; x += TW_COLOR_BLUR_BLOCK) {
    v128_t acc[CHAINS];
    for (int a = 0; a < CHAINS; a++) acc[a] = wasm_f64x2_splat(0.0);
    const float* w = weights;
    for (size_t i = 0; i < ky; i++) {
      const double* r = rows[i] + x;
      for (size_t j = 0; j < kx; j++, w++) {
        const v128_t wv = wasm_f64x2_splat((double)*w);
        for (int a = 0; a < CHAINS; a++) acc[a] = fma_exact(wv, wasm_v128_load(r + j + 2 * a), acc[a]);
      }
    }
    store_bytes(acc, out + x);
  }
}
