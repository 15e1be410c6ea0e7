/* Shared pieces of the wasm SIMD warp kernels (plan, blend, interior): the
 * float32 coordinate and weight arithmetic of warp.h on 4 pixels at once, and
 * the byte shuffles between pixel-interleaved channels and one float32 lane
 * per pixel. Every kernel that needs one of these uses it from here, so the
 * operations and their order exist once on the SIMD side too (the scalar
 * side: warp-internal.h and warp-plan-scalar.c). */
#ifndef TW_IMAGE_WARP_SIMD_H
#define TW_IMAGE_WARP_SIMD_H

#include <string.h>

#include "common/simd.h"
#include "warp-internal.h"

#define TW_WARP_INLINE static inline __attribute__((always_inline))

typedef struct tw_warp_axis_v {
  v128_t lo, hi; /* interior bases: every tap of base b is inside when lo <= b <= hi */
} tw_warp_axis_v;

/* K taps from base + first (first = -1 for cubic, else 0). */
TW_WARP_INLINE tw_warp_axis_v tw_warp_load_axis(const tw_gridsample_axis* axis, int taps, int first) {
  tw_warp_axis_v v;
  v.lo = wasm_f32x4_splat((float)-first);
  v.hi = wasm_f32x4_splat((float)(axis->length - taps - first));
  return v;
}

/* Per-axis weights from the fraction t (and u = 1 - t computed as the scalar
 * kernel does): linear (u, t), cubic Keys in the factored form. */
TW_WARP_INLINE void tw_warp_weights(v128_t s, v128_t base, const int mode, v128_t* w) {
  const v128_t one = wasm_f32x4_splat(1.0f);
  const v128_t t = wasm_f32x4_sub(s, base);
  const v128_t u =
      wasm_v128_bitselect(one, wasm_f32x4_sub(wasm_f32x4_add(base, one), s), wasm_f32x4_eq(t, wasm_f32x4_splat(0.0f)));
  if (mode == TW_GRIDSAMPLE_MODE_LINEAR) {
    w[0] = u;
    w[1] = t;
    return;
  }
  const v128_t a = wasm_f32x4_splat((float)TW_GS_CUBIC_A), a2 = wasm_f32x4_splat((float)TW_GS_CUBIC_A2);
  w[0] = wasm_f32x4_mul(wasm_f32x4_mul(a, t), wasm_f32x4_mul(u, u));
  w[1] = wasm_f32x4_mul(u, wasm_f32x4_sub(wasm_f32x4_add(one, t), wasm_f32x4_mul(wasm_f32x4_mul(a2, t), t)));
  w[2] = wasm_f32x4_mul(t, wasm_f32x4_sub(wasm_f32x4_add(one, u), wasm_f32x4_mul(wasm_f32x4_mul(a2, u), u)));
  w[3] = wasm_f32x4_mul(wasm_f32x4_mul(a, u), wasm_f32x4_mul(t, t));
}

/* The source coordinates of 4 pixels of row i (columns j) (tw_warp_source_point). */
TW_WARP_INLINE void tw_warp_source4(const tw_warp_problem* p, v128_t i, v128_t j, v128_t* sx, v128_t* sy) {
  const float* m = p->m;
#define TW_WARP_ROW(a, b, c) \
  wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_splat(a), j), \
                 wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_splat(b), i), wasm_f32x4_splat(c)))
  const v128_t X = TW_WARP_ROW(m[0], m[1], m[2]);
  const v128_t Y = TW_WARP_ROW(m[3], m[4], m[5]);
  if (!p->perspective) {
    *sx = X;
    *sy = Y;
    return;
  }
  const v128_t q = wasm_f32x4_div(wasm_f32x4_splat(1.0f), TW_WARP_ROW(m[6], m[7], m[8]));
#undef TW_WARP_ROW
  *sx = wasm_f32x4_mul(X, q);
  *sy = wasm_f32x4_mul(Y, q);
}


/* The tap of 4 pixels at byte offsets idx[0..3]: reads exactly `channels`
 * bytes per pixel, never past a pixel. */
TW_WARP_INLINE v128_t tw_warp_gather4(const uint8_t* x, const uint32_t* idx, const int channels) {
  v128_t v = wasm_i32x4_splat(0);
#define TW_WARP_LANE(k)                                                       \
  if (channels == 4) {                                                        \
    v = wasm_v128_load32_lane(x + idx[k], v, k);                              \
  } else if (channels == 2) {                                                 \
    v = wasm_v128_load16_lane(x + idx[k], v, 2 * (k));                        \
  } else if (channels == 1) {                                                 \
    v = wasm_v128_load8_lane(x + idx[k], v, 4 * (k));                         \
  } else {                                                                    \
    v = wasm_v128_load16_lane(x + idx[k], v, 2 * (k));                        \
    v = wasm_v128_load8_lane(x + idx[k] + 2, v, 4 * (k) + 2);                 \
  }
  TW_WARP_LANE(0)
  TW_WARP_LANE(1)
  TW_WARP_LANE(2)
  TW_WARP_LANE(3)
#undef TW_WARP_LANE
  return v;
}

/* Channel c of the 4 gathered pixels as float32 lanes. */
TW_WARP_INLINE v128_t tw_warp_channel(v128_t v, const int c) {
  const v128_t z = wasm_i32x4_splat(0);
  v128_t u;
  switch (c) {
    case 0: u = wasm_i8x16_shuffle(v, z, 0, 16, 16, 16, 4, 16, 16, 16, 8, 16, 16, 16, 12, 16, 16, 16); break;
    case 1: u = wasm_i8x16_shuffle(v, z, 1, 16, 16, 16, 5, 16, 16, 16, 9, 16, 16, 16, 13, 16, 16, 16); break;
    case 2: u = wasm_i8x16_shuffle(v, z, 2, 16, 16, 16, 6, 16, 16, 16, 10, 16, 16, 16, 14, 16, 16, 16); break;
    default: u = wasm_i8x16_shuffle(v, z, 3, 16, 16, 16, 7, 16, 16, 16, 11, 16, 16, 16, 15, 16, 16, 16); break;
  }
  return wasm_f32x4_convert_i32x4(u);
}

/* The 4 pixels' bytes, pixel-interleaved, from per-channel sums. */
TW_WARP_INLINE v128_t tw_warp_pack(const v128_t* sum, const int channels) {
  v128_t q[4];
  for (int c = 0; c < 4; c++) {
    q[c] = c < channels ? wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(sum[c])) : wasm_i32x4_splat(0);
  }
  /* byte 4c + k: channel c of pixel k (saturated to [0, 255]) */
  const v128_t b = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(q[0], q[1]), wasm_i16x8_narrow_i32x4(q[2], q[3]));
  switch (channels) {
    case 4: return wasm_i8x16_shuffle(b, b, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    case 3: return wasm_i8x16_shuffle(b, b, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 0, 0, 0, 0);
    case 2: return wasm_i8x16_shuffle(b, b, 0, 4, 1, 5, 2, 6, 3, 7, 0, 0, 0, 0, 0, 0, 0, 0);
    default: return b;
  }
}

/* The gathered pixels (4 bytes each) compacted to `channels` bytes each. */
TW_WARP_INLINE v128_t tw_warp_compact(v128_t v, const int channels) {
  switch (channels) {
    case 4: return v;
    case 3: return wasm_i8x16_shuffle(v, v, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 0, 0, 0, 0);
    case 2: return wasm_i8x16_shuffle(v, v, 0, 1, 4, 5, 8, 9, 12, 13, 0, 0, 0, 0, 0, 0, 0, 0);
    default: return wasm_i8x16_shuffle(v, v, 0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }
}

/* Stores the first n (<= 4) pixels of v. */
TW_WARP_INLINE void tw_warp_store(uint8_t* y, v128_t v, size_t n, const int channels) {
  if (n == 4 && channels == 4) {
    wasm_v128_store(y, v);
  } else if (n == 4 && channels == 2) {
    wasm_v128_store64_lane(y, v, 0);
  } else if (n == 4 && channels == 1) {
    wasm_v128_store32_lane(y, v, 0);
  } else {
    uint8_t bytes[16];
    wasm_v128_store(bytes, v);
    memcpy(y, bytes, n * (size_t)channels);
  }
}

#endif
