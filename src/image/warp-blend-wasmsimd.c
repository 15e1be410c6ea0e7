/* SIMD warp blend and gather kernels: 4 pixels per step, one plan group.
 * A tap of the 4 pixels is gathered into one vector with pixel k's channels
 * in bytes 4k .. 4k + channels - 1 (a 4-channel pixel is one 32-bit lane),
 * so a CONSTANT border's mask (one 32-bit lane per pixel) selects the fill
 * with one bitselect. Each channel is then spread to one float32 lane per
 * pixel, so the group's 4 weights of the tap multiply it as loaded from the
 * plan. The operations and their order are the scalar kernels' (float32
 * multiply, then add, tap by tap; round half to even; the saturating narrows
 * clamp to [0, 255]), so the results are bit-identical. */
#include <string.h>

#include "common/simd.h"
#include "warp-internal.h"


#define TW_WARP_INLINE static inline __attribute__((always_inline))

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

TW_WARP_INLINE v128_t tw_warp_tap(const uint8_t* x, const tw_gridsample_plan* plan, size_t slot, v128_t fill,
                                 const int channels, const int masked) {
  const v128_t v = tw_warp_gather4(x, plan->index + slot, channels);
  if (!masked) return v;
  return wasm_v128_bitselect(fill, v, wasm_v128_load(plan->mask + slot));
}

TW_WARP_INLINE void tw_warp_blend_run(size_t count, const uint8_t* x, const tw_gridsample_plan* plan, v128_t fill,
                                      uint8_t* y, const int channels, const int masked) {
  const size_t taps = plan->taps;
  for (size_t p = 0; p < count; p += 4) {
    v128_t sum[4] = {wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0), wasm_i32x4_splat(0)};
    for (size_t t = 0; t < taps; t++) {
      const size_t slot = tw_gridsample_slot(p, t, taps);
      const v128_t v = tw_warp_tap(x, plan, slot, fill, channels, masked);
      const v128_t w = wasm_v128_load(plan->w32 + slot);
      for (int c = 0; c < channels; c++) {
        const v128_t term = wasm_f32x4_mul(w, tw_warp_channel(v, c));
        sum[c] = t == 0 ? term : wasm_f32x4_add(sum[c], term);
      }
    }
    const size_t n = count - p < 4 ? count - p : 4;
    tw_warp_store(y + p * (size_t)channels, tw_warp_pack(sum, channels), n, channels);
  }
}

TW_WARP_INLINE void tw_warp_gather_run(size_t count, const uint8_t* x, const tw_gridsample_plan* plan, v128_t fill,
                                       uint8_t* y, const int channels, const int masked) {
  for (size_t p = 0; p < count; p += 4) {
    const v128_t v = tw_warp_tap(x, plan, tw_gridsample_slot(p, 0, 1), fill, channels, masked);
    const size_t n = count - p < 4 ? count - p : 4;
    tw_warp_store(y + p * (size_t)channels, tw_warp_compact(v, channels), n, channels);
  }
}

/* One tile through `run`, with the channel count as a constant. */
#define TW_WARP_DEFINE_TILE(name, run, masked)                                                                 \
  void tw_image_warp_##name##__wasmsimd(const tw_gridsample_tile* tile, const void* x,                         \
                                        const tw_gridsample_plan* plan, const void* fill, void* y) {           \
    uint32_t fill32;                                                                                           \
    memcpy(&fill32, fill, 4);                                                                                  \
    const v128_t f = wasm_i32x4_splat((int32_t)fill32);                                                        \
    const size_t ch = tile->channels;                                                                          \
    for (size_t r = 0; r < tile->rows; r++) {                                                                  \
      const tw_gridsample_plan at = tw_gridsample_plan_at(plan, r * tile->plan_stride);                        \
      uint8_t* out = (uint8_t*)y + r * tile->y_stride * ch;                                                    \
      switch (ch) {                                                                                            \
        case 1: run(tile->count, x, &at, f, out, 1, masked); break;                                            \
        case 2: run(tile->count, x, &at, f, out, 2, masked); break;                                            \
        case 3: run(tile->count, x, &at, f, out, 3, masked); break;                                            \
        default: run(tile->count, x, &at, f, out, 4, masked); break;                                           \
      }                                                                                                        \
    }                                                                                                          \
  }
TW_WARP_DEFINE_TILE(blend, tw_warp_blend_run, 0)
TW_WARP_DEFINE_TILE(blend_masked, tw_warp_blend_run, 1)
TW_WARP_DEFINE_TILE(gather, tw_warp_gather_run, 0)
TW_WARP_DEFINE_TILE(gather_masked, tw_warp_gather_run, 1)
#undef TW_WARP_DEFINE_TILE
