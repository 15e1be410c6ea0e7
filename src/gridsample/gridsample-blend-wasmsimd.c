/* SIMD blend and gather kernels for 4-byte elements: one lane per output
 * location, 4 locations (a plan group) per step.
 *
 * A group takes one of five routes, chosen by the plan's flags:
 *   ROWS     each point-row of K taps is one 8- or 16-byte load, turned into
 *            tap vectors by shuffles (interior points: the common case);
 *   MIRRORED the same for rows whose K taps descend (reflection beyond an
 *            edge): the shuffled vectors are taken in reverse order;
 *   EDGE     each point-row of K taps reads one element: one lane load per
 *            row, reused for its K products (border padding beside x);
 *   FILL     every tap is fill_value: no x access at all;
 *   generic  4 lane loads per tap (wasm has no gather), masks select fill.
 * All of them multiply and sum exactly like tw_gridsample_blend_f32__scalar
 * (products, then a running sum in tap order from the first product, no
 * FMA), so the results are bit-identical to it; only which loads fetch the
 * values differs. The last count % 4 locations of a run go through the scalar
 * kernels. */
#include <string.h>

#include "common/simd.h"
#include "gridsample-internal.h"

#define TW_GS_INLINE static inline __attribute__((always_inline))

/* The 4 elements of one tap of a group (index[0..3] are inside the plane). */
TW_GS_INLINE v128_t tw_gs_gather4(const unsigned char* x, const uint32_t* index) {
  v128_t v = wasm_v128_load32_zero(x + (size_t)index[0] * 4);
  v = wasm_v128_load32_lane(x + (size_t)index[1] * 4, v, 1);
  v = wasm_v128_load32_lane(x + (size_t)index[2] * 4, v, 2);
  v = wasm_v128_load32_lane(x + (size_t)index[3] * 4, v, 3);
  return v;
}

/* acc (+)= w * v for tap t, in tap order from the first product. */
TW_GS_INLINE v128_t tw_gs_accumulate(v128_t acc, size_t t, const float* w, v128_t v) {
  const v128_t product = wasm_f32x4_mul(wasm_v128_load(w + t * 4), v);
  return t == 0 ? product : wasm_f32x4_add(acc, product);
}

/* A tile's channel count and plane strides, copied out of the tile: the
 * compiler must assume a store to y may change *tile, so reading them
 * through the pointer would reload them for every channel of every group. */
typedef struct tw_gs_channels {
  size_t count, x_bytes, y_stride;
} tw_gs_channels;

/* A TW_GS_GROUP_ROWS group (compact layout), every channel: row r's K
 * elements of point p start at index[r * 4 + p] and are consecutive, so each
 * point-row is one 8- or 16-byte load, and shuffles turn them into one
 * vector per tap (lanes = points). The group's plan entries are read once,
 * before the channel loop (stores to y may alias the plan as far as the
 * compiler knows, so it would reload them per channel). Only the SIMD plan
 * kernels set ROWS, so taps <= 64 (r <= 3). mirrored (a MIRRORED group):
 * index holds each row's lowest element and tap j is element K - 1 - j. */
TW_GS_INLINE void tw_gs_group_rows_channels(const tw_gs_channels* planes, const unsigned char* x,
                                            const uint32_t* index, const float* w, float* y, const size_t taps,
                                            const size_t k, const int mirrored) {
  size_t offset[64];
  v128_t weight[64];
  for (size_t i = 0; i < taps / k * 4; i++) offset[i] = (size_t)index[i] * 4;
  for (size_t t = 0; t < taps; t++) weight[t] = wasm_v128_load(w + t * 4);
  for (size_t c = 0; c < planes->count; c++, x += planes->x_bytes, y += planes->y_stride) {
    v128_t acc = wasm_f32x4_splat(0.0f);
    for (size_t t = 0; t < taps; t += k) {
      const size_t* first = offset + t / k * 4;
      v128_t v[4];
      if (k == 2) {
        v128_t a = wasm_v128_load64_zero(x + first[0]);
        a = wasm_v128_load64_lane(x + first[1], a, 1);
        v128_t b = wasm_v128_load64_zero(x + first[2]);
        b = wasm_v128_load64_lane(x + first[3], b, 1);
        v[0] = wasm_i32x4_shuffle(a, b, 0, 2, 4, 6);
        v[1] = wasm_i32x4_shuffle(a, b, 1, 3, 5, 7);
      } else {
        const v128_t r0 = wasm_v128_load(x + first[0]);
        const v128_t r1 = wasm_v128_load(x + first[1]);
        const v128_t r2 = wasm_v128_load(x + first[2]);
        const v128_t r3 = wasm_v128_load(x + first[3]);
        const v128_t lo01 = wasm_i32x4_shuffle(r0, r1, 0, 4, 1, 5), lo23 = wasm_i32x4_shuffle(r2, r3, 0, 4, 1, 5);
        const v128_t hi01 = wasm_i32x4_shuffle(r0, r1, 2, 6, 3, 7), hi23 = wasm_i32x4_shuffle(r2, r3, 2, 6, 3, 7);
        v[0] = wasm_i32x4_shuffle(lo01, lo23, 0, 1, 4, 5);
        v[1] = wasm_i32x4_shuffle(lo01, lo23, 2, 3, 6, 7);
        v[2] = wasm_i32x4_shuffle(hi01, hi23, 0, 1, 4, 5);
        v[3] = wasm_i32x4_shuffle(hi01, hi23, 2, 3, 6, 7);
      }
      for (size_t j = 0; j < k; j++) {
        const v128_t product = wasm_f32x4_mul(weight[t + j], v[mirrored ? k - 1 - j : j]);
        acc = t + j == 0 ? product : wasm_f32x4_add(acc, product);
      }
    }
    wasm_v128_store(y, acc);
  }
}

/* The scalar kernel on points [first, count) of one run (first % 4 == 0),
 * every channel. The plan descriptor comes by value so that the caller's
 * never has its address taken (see tw_gs_channels). */
static void tw_gs_tail(tw_gridsample_blend_fn scalar, const tw_gridsample_tile* tile, size_t first, const void* x,
                       const tw_gridsample_plan plan, const void* fill, void* y, size_t y_bytes) {
  tw_gridsample_tile tail = *tile;
  tail.count = tile->count - first;
  tail.rows = 1;
  const tw_gridsample_plan at = tw_gridsample_plan_at(&plan, first);
  scalar(&tail, x, &at, fill, (unsigned char*)y + first * y_bytes);
}

/* Channels are the innermost loop: a group's plan entries are loaded from
 * memory once and stay in L1 for the other channels. */
TW_GS_INLINE void tw_gs_blend_f32(const tw_gridsample_tile* tile, const void* xv, const tw_gridsample_plan* plan,
                                  const void* fill, void* yv, const int masked, const size_t taps, const size_t k) {
  float fill_value;
  memcpy(&fill_value, fill, sizeof fill_value);
  const v128_t vfill = wasm_f32x4_splat(fill_value);
  const size_t groups = tile->count / 4;
  const tw_gs_channels planes = {tile->channels, tile->x_channel_bytes, tile->y_channel_stride};
  for (size_t row = 0; row < tile->rows; row++) {
    const tw_gridsample_plan at = tw_gridsample_plan_at(plan, row * tile->plan_stride);
    float* y_row = (float*)yv + row * tile->y_stride;
    for (size_t g = 0; g < groups; g++) {
      const uint32_t* index = at.index + g * taps * 4;
      const float* w = at.w32 + g * taps * 4;
      const uint8_t flags = at.flags[g];
      const unsigned char* x = xv;
      float* y = y_row + g * 4;
      if (k > 1 && taps <= 64 && (flags & TW_GS_GROUP_ROWS)) {
        tw_gs_group_rows_channels(&planes, x, index, w, y, taps, k, 0);
        continue;
      }
      if (!masked && k > 1 && taps <= 64 && (flags & TW_GS_GROUP_MIRRORED)) {
        tw_gs_group_rows_channels(&planes, x, index, w, y, taps, k, 1);
        continue;
      }
      for (size_t c = 0; c < planes.count; c++, x += planes.x_bytes, y += planes.y_stride) {
        v128_t acc = wasm_f32x4_splat(0.0f);
        if (masked && (flags & TW_GS_GROUP_FILL)) {
          for (size_t t = 0; t < taps; t++) acc = tw_gs_accumulate(acc, t, w, vfill);
        } else if (!masked && k > 1 && (flags & TW_GS_GROUP_EDGE)) {
          for (size_t t = 0; t < taps; t += k) {
            const v128_t v = tw_gs_gather4(x, index + t / k * 4);
            for (size_t j = 0; j < k; j++) acc = tw_gs_accumulate(acc, t + j, w, v);
          }
        } else {
          const uint32_t* mask = masked ? at.mask + g * taps * 4 : NULL;
          for (size_t t = 0; t < taps; t++) {
            v128_t v = tw_gs_gather4(x, index + t * 4);
            if (masked) v = wasm_v128_bitselect(vfill, v, wasm_v128_load(mask + t * 4));
            acc = tw_gs_accumulate(acc, t, w, v);
          }
        }
        wasm_v128_store(y, acc);
      }
    }
    if (groups * 4 < tile->count) {
      tw_gs_tail(masked ? tw_gridsample_blend_f32_masked__scalar : tw_gridsample_blend_f32__scalar, tile, groups * 4,
                 xv, at, fill, y_row, 4);
    }
  }
}

/* Constant tap counts let the compiler unroll the tap loops. */
#define TW_GS_BY_TAPS(masked)                                                                 \
  const size_t taps = plan->taps, k = plan->taps_per_axis;                                    \
  if (taps == 4 && k == 2) tw_gs_blend_f32(tile, x, plan, fill, y, masked, 4, 2);             \
  else if (taps == 8 && k == 2) tw_gs_blend_f32(tile, x, plan, fill, y, masked, 8, 2);        \
  else if (taps == 16 && k == 4) tw_gs_blend_f32(tile, x, plan, fill, y, masked, 16, 4);      \
  else if (taps == 64 && k == 4) tw_gs_blend_f32(tile, x, plan, fill, y, masked, 64, 4);      \
  else tw_gs_blend_f32(tile, x, plan, fill, y, masked, taps, k);

void tw_gridsample_blend_f32__wasmsimd(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan,
                                       const void* fill, void* y) {
  TW_GS_BY_TAPS(0)
}

void tw_gridsample_blend_f32_masked__wasmsimd(const tw_gridsample_tile* tile, const void* x,
                                              const tw_gridsample_plan* plan, const void* fill, void* y) {
  TW_GS_BY_TAPS(1)
}

/* Nearest: one element per output. Channels are the inner loop, like the
 * blend: the group's offsets are read once, and the 3 planes' loads of a
 * group are independent, so more cache misses overlap (1024^2 x 3 with the
 * cache warmed per band: ~8 -> ~6 ms against channels outermost). */
TW_GS_INLINE void tw_gs_gather_x32(const tw_gridsample_tile* tile, const void* xv, const tw_gridsample_plan* plan,
                                   const void* fill, void* yv, const int masked) {
  uint32_t fill_bits;
  memcpy(&fill_bits, fill, sizeof fill_bits);
  const v128_t vfill = wasm_i32x4_splat((int32_t)fill_bits);
  const size_t groups = tile->count / 4;
  const size_t channels = tile->channels, x_bytes = tile->x_channel_bytes, y_stride = tile->y_channel_stride * 4;
  for (size_t row = 0; row < tile->rows; row++) {
    const tw_gridsample_plan at = tw_gridsample_plan_at(plan, row * tile->plan_stride);
    unsigned char* y_row = (unsigned char*)yv + row * tile->y_stride * 4;
    for (size_t g = 0; g < groups; g++) {
      const uint32_t* index = at.index + g * 4;
      size_t offset[4];
      for (size_t p = 0; p < 4; p++) offset[p] = (size_t)index[p] * 4;
      const v128_t mask = masked ? wasm_v128_load(at.mask + g * 4) : wasm_i32x4_splat(0);
      const unsigned char* x = xv;
      unsigned char* y = y_row + g * 16;
      for (size_t c = 0; c < channels; c++, x += x_bytes, y += y_stride) {
        v128_t v = wasm_v128_load32_zero(x + offset[0]);
        v = wasm_v128_load32_lane(x + offset[1], v, 1);
        v = wasm_v128_load32_lane(x + offset[2], v, 2);
        v = wasm_v128_load32_lane(x + offset[3], v, 3);
        if (masked) v = wasm_v128_bitselect(vfill, v, mask);
        wasm_v128_store(y, v);
      }
    }
    if (groups * 4 < tile->count) {
      tw_gs_tail(masked ? tw_gridsample_gather_x32_masked__scalar : tw_gridsample_gather_x32__scalar, tile,
                 groups * 4, xv, at, fill, y_row, 4);
    }
  }
}

void tw_gridsample_gather_x32__wasmsimd(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan,
                                        const void* fill, void* y) {
  tw_gs_gather_x32(tile, x, plan, fill, y, 0);
}

void tw_gridsample_gather_x32_masked__wasmsimd(const tw_gridsample_tile* tile, const void* x,
                                               const tw_gridsample_plan* plan, const void* fill, void* y) {
  tw_gs_gather_x32(tile, x, plan, fill, y, 1);
}
