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

/* S / N rounded half to even for 8 box sums x = S + half (tw_blur_divisor).
 * `even` is a constant at each call: odd N has no ties. */
static inline v128_t divide(v128_t x, v128_t magic, uint32_t shift, v128_t n, int even) {
  const v128_t lo = wasm_u32x4_shr(wasm_u32x4_extmul_low_u16x8(x, magic), shift);
  const v128_t hi = wasm_u32x4_shr(wasm_u32x4_extmul_high_u16x8(x, magic), shift);
  const v128_t q = wasm_u16x8_narrow_i32x4(lo, hi); /* <= 255: no saturation */
  if (!even) return q;
  const v128_t tie = wasm_i16x8_eq(wasm_i16x8_mul(q, n), x);
  return wasm_i16x8_sub(q, wasm_v128_and(tie, wasm_v128_and(q, wasm_i16x8_splat(1))));
}

/* 32 lanes a step, so that the loop over the taps is paid once per four
 * vectors; the last step ends at the row's end, overlapping the one before
 * (its lanes get the same values again) instead of a scalar tail. */
static inline void finish(const uint16_t* e, uint8_t* dst, size_t n, size_t taps, size_t step,
                          const tw_blur_divisor* d, int even) {
  const v128_t half = wasm_i16x8_splat((int16_t)d->half), magic = wasm_i16x8_splat((int16_t)d->magic);
  const v128_t nv = wasm_i16x8_splat((int16_t)d->n);
  for (size_t i = 0; i < n; i += 32) {
    if (i + 32 > n) i = n - 32;
    v128_t x[4] = {half, half, half, half};
    for (const uint16_t* t = e + i; t < e + i + taps * step; t += step)
      for (int j = 0; j < 4; j++) x[j] = wasm_i16x8_add(x[j], wasm_v128_load(t + 8 * j));
    for (int j = 0; j < 4; j++) x[j] = divide(x[j], magic, d->shift, nv, even);
    wasm_v128_store(dst + i, wasm_u8x16_narrow_i16x8(x[0], x[1]));
    wasm_v128_store(dst + i + 16, wasm_u8x16_narrow_i16x8(x[2], x[3]));
  }
}

/* n >= 32 (blur.c picks the scalar kernels for narrower rows). */
void tw_blur_finish_row_u16__wasmsimd(const void* ext, uint8_t* dst, size_t n, size_t taps, size_t step,
                                      const tw_blur_divisor* d) {
  if (d->n % 2) finish(ext, dst, n, taps, step, d, 0);
  else finish(ext, dst, n, taps, step, d, 1);
}
