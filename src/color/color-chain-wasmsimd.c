/* The chain kernel, wasm SIMD (color-kernels.h tw_color_chain): 4 pixels a step, split once into R, G and
 * B float lanes that stay floats from step to step (each step's result is an integer-valued float, its
 * bytes truncated as the scalar step truncates them), then packed back once. Each step is the scalar
 * step's arithmetic lane-wise (color-wasmsimd.h), so the bytes are the scalar chain's. */
#include "color-kernels.h"
#include "color-wasmsimd.h"
#include "color.h"

/* Per step: a, b splatted (or the hue shift in a). */
typedef struct lanes_step {
  int32_t op;
  v128_t a, b;
} lanes_step;

/* One step on 4 pixels' R, G, B lanes c[3]. */
static inline void step_lanes(v128_t c[3], const lanes_step* s) {
  switch (s->op) {
    case TW_COLOR_ADJUST_OP_SATURATION: {
      const v128_t gray = wasm_f32x4_mul(s->b, gray_lanes(c[0], c[1], c[2]));
      for (int k = 0; k < 3; k++) c[k] = clamp_floor(wasm_f32x4_add(wasm_f32x4_mul(s->a, c[k]), gray));
      return;
    }
    case TW_COLOR_ADJUST_OP_HUE:
      hue4(c, s->a);
      return;
    default: /* BRIGHTNESS, CONTRAST */
      for (int k = 0; k < 3; k++) c[k] = clamp_floor(wasm_f32x4_add(wasm_f32x4_mul(s->a, c[k]), s->b));
      return;
  }
}

/* Pixels per block of the gray sum: each lane adds at most BLOCK / 4 grays < 256, below 2^24 (exact). */
#define TW_CHAIN_SUM_BLOCK 65536

TW_COLOR_INLINE size_t chain_steps(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,
                                   const lanes_step* steps, size_t count, int with_sum, uint64_t* sum) {
  const v128_t pick[3] = {gather_index(0, channels), gather_index(1, channels), gather_index(2, channels)};
  const v128_t place[3] = {scatter_index(0, 1, channels), scatter_index(1, 1, channels), scatter_index(2, 1, channels)};
  const v128_t keep = alpha_lanes(channels);
  const size_t bytes = pixels * channels;
  size_t p = 0;
  while (p + 4 <= pixels && p * channels + 16 <= bytes) {
    v128_t acc = wasm_f32x4_splat(0.0f);
    const size_t end = p + TW_CHAIN_SUM_BLOCK;
    for (; p < end && p + 4 <= pixels && p * channels + 16 <= bytes; p += 4) {
      const v128_t v = wasm_v128_load(in + p * channels);
      v128_t c[3];
      for (int k = 0; k < 3; k++) c[k] = to_f32(wasm_i8x16_swizzle(v, pick[k]));
      for (size_t s = 0; s < count; s++) step_lanes(c, &steps[s]);
      if (with_sum) acc = wasm_f32x4_add(acc, gray_lanes(c[0], c[1], c[2]));
      v128_t result = wasm_v128_and(v, keep);
      for (int k = 0; k < 3; k++) result = wasm_v128_or(result, wasm_i8x16_swizzle(to_bytes_low(c[k]), place[k]));
      store_pixels(out + p * channels, result, channels);
    }
    *sum += (uint64_t)wasm_f32x4_extract_lane(acc, 0) + (uint64_t)wasm_f32x4_extract_lane(acc, 1) +
            (uint64_t)wasm_f32x4_extract_lane(acc, 2) + (uint64_t)wasm_f32x4_extract_lane(acc, 3);
  }
  return p;
}

void tw_color_chain__wasmsimd(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,
                              const tw_color_step* steps, size_t count, uint64_t* gray_sum) {
  lanes_step lanes[TW_COLOR_LIMIT_MAX_CHAIN];
  for (size_t s = 0; s < count; s++) {
    lanes[s].op = steps[s].op;
    lanes[s].a = wasm_f32x4_splat(steps[s].a);
    lanes[s].b = wasm_f32x4_splat(steps[s].b);
  }
  uint64_t sum = 0;
  const int with_sum = gray_sum != NULL;
  const size_t p = channels == 4 ? chain_steps(in, out, pixels, 4, lanes, count, with_sum, &sum)
                                 : chain_steps(in, out, pixels, 3, lanes, count, with_sum, &sum);
  tw_color_chain__scalar(in + p * channels, out + p * channels, pixels - p, channels, steps, count, &sum);
  if (gray_sum) *gray_sum += sum;
}
