/* blur SIMD kernels (see blur-kernels.h): u16 lanes, 8 a vector, for rows
 * of at least 32 lanes. The running sums' leftover
 * lanes take a scalar loop (kept scalar: it runs < 16 times a row). */
#include "blur-kernels.h"
#include "common/simd.h"

void tw_blur_slide_row_u16__wasmsimd(void* acc, const uint8_t* enter, const uint8_t* leave, size_t n) {
  uint16_t* a = acc;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const v128_t d = wasm_i16x8_sub(wasm_u16x8_load8x8(enter + i), wasm_u16x8_load8x8(leave + i));
    wasm_v128_store(a + i, wasm_i16x8_add(wasm_v128_load(a + i), d));
  }
  TW_BLUR_PLAIN_LOOP
  for (; i < n; i++) a[i] = (uint16_t)(a[i] + enter[i] - leave[i]);
}

/* q = floor(x / N) for 8 box sums x = S + half (tw_blur_divisor): each
 * lane's x * magic in 32 bits, shifted right by `shift`. Two forms, the same
 * value (the proof in blur-kernels.h holds for both):
 *   dot   (d->dot: x, magic <= INT16_MAX, shift 16 or 17) i32x4.dot_i16x8_s
 *         against (magic, 0) pairs gives the even lanes' products, against
 *         (0, magic) the odd lanes'; the even lanes' products >> 16 land in
 *         the low half of each 32-bit lane, the odd lanes' high halves stay
 *         in the high half (a mask), then a 16-bit shift by shift - 16 (a
 *         floor of a floor is the floor). No widening, no 32-bit multiply.
 *         Every shift is a constant: clang 14 turns a variable 16-bit shift
 *         here into per-lane scalar code.
 *   wide  any x, magic < 2^16: widen to 32 bits, multiply, shift, narrow. */
static inline v128_t quotient_dot(v128_t x, v128_t even_magic, v128_t odd_magic, int more) {
  const v128_t evens = wasm_u32x4_shr(wasm_i32x4_dot_i16x8(x, even_magic), 16);
  const v128_t odds = wasm_v128_and(wasm_i32x4_dot_i16x8(x, odd_magic), wasm_i32x4_splat((int32_t)0xffff0000));
  const v128_t q = wasm_v128_or(evens, odds);
  return more ? wasm_u16x8_shr(q, 1) : q;
}

static inline v128_t quotient_wide(v128_t x, v128_t magic, uint32_t shift) {
  const v128_t lo = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(x, magic), shift);
  const v128_t hi = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(x, magic), shift);
  return wasm_u16x8_narrow_i32x4(lo, hi); /* <= 255: no saturation */
}

/* A tie (even N: x == q N) with q odd takes q - 1: half to even. */
static inline v128_t to_even(v128_t q, v128_t x, v128_t n) {
  const v128_t tie = wasm_i16x8_eq(wasm_i16x8_mul(q, n), x);
  return wasm_i16x8_sub(q, wasm_v128_and(tie, wasm_v128_and(q, wasm_i16x8_splat(1))));
}

/* The passes: the dot form for odd N with shift 16 or 17, the wide form for the rest (ties for even N). */
enum { DOT16, DOT17, WIDE_ODD, WIDE_EVEN };

/* 32 lanes a step, so that the loop over the taps is paid once per four
 * vectors; the last step ends at the row's end, overlapping the one before
 * (its lanes get the same values again) instead of a scalar tail. `form` is
 * a constant at each call. */
static inline void finish(const uint16_t* e, uint8_t* dst, size_t n, size_t taps, size_t step,
                          const tw_blur_divisor* d, int form) {
  const v128_t half = wasm_i16x8_splat((int16_t)d->half), magic = wasm_i16x8_splat((int16_t)d->magic);
  const v128_t even_magic = wasm_i32x4_splat((int32_t)d->magic), odd_magic = wasm_i32x4_splat((int32_t)(d->magic << 16));
  const v128_t nv = wasm_i16x8_splat((int16_t)d->n);
  for (size_t i = 0; i < n; i += 32) {
    if (i + 32 > n) i = n - 32;
    v128_t x[4] = {half, half, half, half};
    for (const uint16_t* t = e + i; t < e + i + taps * step; t += step)
      for (int j = 0; j < 4; j++) x[j] = wasm_i16x8_add(x[j], wasm_v128_load(t + 8 * j));
    for (int j = 0; j < 4; j++) {
      if (form == DOT16 || form == DOT17) x[j] = quotient_dot(x[j], even_magic, odd_magic, form == DOT17);
      else if (form == WIDE_ODD) x[j] = quotient_wide(x[j], magic, d->shift);
      else x[j] = to_even(quotient_wide(x[j], magic, d->shift), x[j], nv);
    }
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(x[0], x[1]));
    wasm_v128_store(dst + i + 16, wasm_u8x16_narrow_i16x8(x[2], x[3]));
  }
}

/* Four channels (step 4) and an odd number of taps 2 u + 1, the common
 * RGBA box: a vector holds two pixels, so its window sum is u vectors of
 * pixel pairs P_k = A_k + B_k (A_k: the vector k whole pixels... k pairs
 * along, B_k: one pixel further) and one A: x_j = P_j + ... + P_{j+u-1} +
 * A_{j+u}. Each P serves u outputs: per four vectors, 6 + 5 loads and 17
 * adds for u = 2 where the taps one by one take 20 and 20. The same sums in
 * another order: u16 adds are exact (every partial sum is <= S). */
static inline void finish_pairs(const uint16_t* e, uint8_t* dst, size_t n, const tw_blur_divisor* d, int form,
                                int u) {
  const v128_t half = wasm_i16x8_splat((int16_t)d->half);
  const v128_t even_magic = wasm_i32x4_splat((int32_t)d->magic), odd_magic = wasm_i32x4_splat((int32_t)(d->magic << 16));
  for (size_t i = 0; i < n; i += 32) {
    if (i + 32 > n) i = n - 32;
    const uint16_t* a = e + i;
    v128_t x[4] = {half, half, half, half};
    for (int k = 0; k < 4 + u - 1; k++) {
      const v128_t pair = wasm_i16x8_add(wasm_v128_load(a + 8 * k), wasm_v128_load(a + 8 * k + 4));
      for (int j = 0; j < 4; j++)
        if (k >= j && k < j + u) x[j] = wasm_i16x8_add(x[j], pair);
    }
    for (int j = 0; j < 4; j++) {
      x[j] = wasm_i16x8_add(x[j], wasm_v128_load(a + 8 * (j + u)));
      x[j] = quotient_dot(x[j], even_magic, odd_magic, form == DOT17);
    }
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(x[0], x[1]));
    wasm_v128_store(dst + i + 16, wasm_u8x16_narrow_i16x8(x[2], x[3]));
  }
}

/* n >= 32 (blur.c picks the scalar kernels for narrower rows). */
void tw_blur_finish_row_u16__wasmsimd(const void* ext, uint8_t* dst, size_t n, size_t taps, size_t step,
                                      const tw_blur_divisor* d) {
  if (d->dot && step == 4 && taps == 5 && d->shift == 17) finish_pairs(ext, dst, n, d, DOT17, 2);
  else if (d->dot && d->shift == 16) finish(ext, dst, n, taps, step, d, DOT16);
  else if (d->dot) finish(ext, dst, n, taps, step, d, DOT17);
  else if (d->n % 2) finish(ext, dst, n, taps, step, d, WIDE_ODD);
  else finish(ext, dst, n, taps, step, d, WIDE_EVEN);
}
