/* What the wasm SIMD colour kernels share (color-kernels-wasmsimd.c, color-chain-wasmsimd.c): lane
 * shuffles between interleaved pixels and R, G, B lanes, the clamp and truncation, gray on 4 pixels'
 * float lanes (adjust_hue's lanes: color-chain-wasmsimd.c, its one user). Each is the scalar kernels' float32 operations in their order (color-kernels.h). */
#ifndef TW_COLOR_COLOR_WASMSIMD_H
#define TW_COLOR_COLOR_WASMSIMD_H

#include <stddef.h>
#include <stdint.h>

#include "color-kernels.h"
#include "common/simd.h"

/* A leftover loop clang must leave as it is (not vectorised or unrolled: it runs < 16 times). */
#ifdef __clang__
#define TW_COLOR_PLAIN_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")
#else
#define TW_COLOR_PLAIN_LOOP
#endif

/* Lanes holding alpha bytes (4 channels) or none (3). */
static inline v128_t alpha_lanes(size_t channels) {
  return channels == 4 ? wasm_i32x4_splat((int32_t)0xff000000u) : wasm_i32x4_splat(0);
}

/* The 4 bytes of channel c of 4 pixels `stride` bytes apart, each widened to a u32 lane (index 0x80: zero). */
static inline v128_t gather_index(size_t c, size_t stride) {
  const int8_t z = (int8_t)0x80;
  const int8_t i0 = (int8_t)c, i1 = (int8_t)(c + stride), i2 = (int8_t)(c + 2 * stride), i3 = (int8_t)(c + 3 * stride);
  return wasm_i8x16_make(i0, z, z, z, i1, z, z, z, i2, z, z, z, i3, z, z, z);
}

/* The inverse: byte 0 of u32 lane k goes to bytes k·stride + c, c in [first, first + count) (others: zero).
 * Written as one make of constant expressions so that, with constant arguments, it folds to a v128.const
 * (V8 then emits a plain pshufb for the swizzle). */
static inline int8_t scatter_byte(size_t j, size_t first, size_t count, size_t stride) {
  const size_t k = j / stride, c = j % stride;
  return k < 4 && c >= first && c < first + count ? (int8_t)(4 * k) : (int8_t)0x80;
}

static inline v128_t scatter_index(size_t first, size_t count, size_t stride) {
#define TW_S(j) scatter_byte(j, first, count, stride)
  return wasm_i8x16_make(TW_S(0), TW_S(1), TW_S(2), TW_S(3), TW_S(4), TW_S(5), TW_S(6), TW_S(7), TW_S(8), TW_S(9),
                         TW_S(10), TW_S(11), TW_S(12), TW_S(13), TW_S(14), TW_S(15));
#undef TW_S
}

/* The per-pixel kernels' loops take `channels` as a constant (3 or 4) through these always-inlined bodies,
 * so their swizzle masks are constants. */
#define TW_COLOR_INLINE static inline __attribute__((always_inline))

/* 2^23: added to an integer-valued float in [0, 2^23), it leaves that integer in the low mantissa bits. */
#define TW_COLOR_MAGIC 8388608.0f

/* 257·2^-16 and float32(2^-16 / 255): div255_bytes's two factors. */
#define TW_COLOR_DIV255_HIGH 0x1.01p-8f
#define TW_COLOR_DIV255_REST 0x1.010102p-24f

/* trunc(clamp(x, 0, 255)) (the scalar tw_color_clamp_trunc) as integer-valued float lanes. floor is trunc
 * on [0, 255]; pmax(0, x) takes the 0 for a NaN x (pmax(a, b) is a < b ? b : a), so NaN gives 0 as the
 * scalar clamp does. */
static inline v128_t clamp_floor(v128_t x) {
  x = wasm_f32x4_pmin(wasm_f32x4_splat(255.0f), wasm_f32x4_pmax(wasm_f32x4_splat(0.0f), x));
  return wasm_f32x4_floor(x);
}

/* Integer-valued float lanes 0..255 as the low byte of each lane (the lane becomes the float 2^23 + that
 * byte: 0x4b0000vv), for a swizzle to pick. floor + add are two instructions where V8 spends about eight
 * on i32x4.trunc_sat_f32x4. */
static inline v128_t to_bytes_low_with(v128_t x, v128_t magic) { return wasm_f32x4_add(x, magic); }
static inline v128_t to_bytes_low(v128_t x) { return to_bytes_low_with(x, wasm_f32x4_splat(TW_COLOR_MAGIC)); }

/* clamp_floor in the low byte of each lane, for results that are picked by a swizzle. */
static inline v128_t clamp_trunc_low(v128_t x) { return to_bytes_low(clamp_floor(x)); }

static inline v128_t to_f32(v128_t u32) { return wasm_f32x4_convert_i32x4(u32); }

/* 16 bytes -> 4 vectors of 4 floats, and back (values 0..255). */
static inline void widen(v128_t v, v128_t f[4]) {
  const v128_t lo = wasm_u16x8_extend_low_u8x16(v), hi = wasm_u16x8_extend_high_u8x16(v);
  f[0] = to_f32(wasm_u32x4_extend_low_u16x8(lo));
  f[1] = to_f32(wasm_u32x4_extend_high_u16x8(lo));
  f[2] = to_f32(wasm_u32x4_extend_low_u16x8(hi));
  f[3] = to_f32(wasm_u32x4_extend_high_u16x8(hi));
}

static inline v128_t narrow(const v128_t r[4]) {
  return wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(r[0], r[1]), wasm_i16x8_narrow_i32x4(r[2], r[3]));
}

/* narrow() of 4 vectors of clamp_trunc_low lanes: the 2^23 bits removed first (an i32 subtraction). */
static inline v128_t narrow_low(v128_t r[4]) {
  const v128_t magic = wasm_i32x4_splat(0x4b000000);
  for (int k = 0; k < 4; k++) r[k] = wasm_i32x4_sub(r[k], magic);
  return narrow(r);
}

/* Stores the first 12 (3 channels) or 16 bytes of v. */
static inline void store_pixels(uint8_t* out, v128_t v, size_t channels) {
  if (channels == 4) {
    wasm_v128_store(out, v);
  } else {
    wasm_v128_store64_lane(out, v, 0);
    wasm_v128_store32_lane(out + 8, v, 2);
  }
}

/* gray of 4 pixels' R, G, B float lanes (integer values 0..255) as integer-valued float lanes (trunc =
 * floor: the sum is >= 0): tw_color_gray_of lane-wise. */
static inline v128_t gray_lanes(v128_t r, v128_t g, v128_t b) {
  const v128_t sum = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_splat(TW_COLOR_GRAY_R), r),
                                                   wasm_f32x4_mul(wasm_f32x4_splat(TW_COLOR_GRAY_G), g)),
                                    wasm_f32x4_mul(wasm_f32x4_splat(TW_COLOR_GRAY_B), b));
  return wasm_f32x4_floor(sum);
}

/* gray of 4 interleaved pixels of v (their R, G, B bytes picked by `pick`). */
static inline v128_t gray4(v128_t v, const v128_t pick[3]) {
  return gray_lanes(to_f32(wasm_i8x16_swizzle(v, pick[0])), to_f32(wasm_i8x16_swizzle(v, pick[1])),
                    to_f32(wasm_i8x16_swizzle(v, pick[2])));
}

/* x / 255 for integer-valued float lanes 0..255, as x·257·2^-16 + x·float32(2^-16 / 255): a product and a
 * sum instead of a division, the same float32 for each of the 256 values (toTensor's proof,
 * src/image/convert-kernels-wasmsimd.c byte_step: x·a is exact and x·b is the rest to 2^-40, far from a
 * rounding boundary; tests/image-color-every-rgb.test.mjs runs hue, which uses it, on every RGB triple).
 * high, rest: TW_COLOR_DIV255_HIGH and TW_COLOR_DIV255_REST splatted. */
static inline v128_t div255_bytes(v128_t x, v128_t high, v128_t rest) {
  return wasm_f32x4_add(wasm_f32x4_mul(x, high), wasm_f32x4_mul(x, rest));
}

/* x mod 1 for x in [0, 2) (x − 1 is exact there): fmodf's value. */
static inline v128_t mod1_nonnegative(v128_t x, v128_t one) {
  return wasm_v128_bitselect(wasm_f32x4_sub(x, one), x, wasm_f32x4_ge(x, one));
}

#endif
