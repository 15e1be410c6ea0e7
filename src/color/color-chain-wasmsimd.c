/* The chain kernel, wasm SIMD (color-kernels.h tw_color_chain): 4 pixels a step, split once into R, G and
 * B float lanes that stay floats from step to step (each step's result is an integer-valued float, its
 * bytes truncated as the scalar step truncates them), then packed back once; a hue step gives its bytes
 * packed already (stored as they are when it ends the chain, read back into lanes when anything follows).
 * Each step is the scalar step's arithmetic lane-wise (color-wasmsimd.h), so the bytes are the scalar
 * chain's. */
#include "color-kernels.h"
#include "color-wasmsimd.h"
#include "color.h"

/* hue4's constants. V8 builds a v128.const anew at each use inside a loop (a 64-bit immediate, a move and
 * a shuffle or insert: three or four instructions) and does not hoist it; clang, which sees a constant,
 * puts it at each use. Read once through a volatile (hue_constants_held), each is a value clang cannot
 * rebuild, so it stays in a local that V8 keeps in a register or reloads with one instruction: the chains
 * with hue measured 4% faster (bench/color-steps-ab.mjs, all 24 jitter orders). The blur kernels' empty
 * asm (color-blur-wasmsimd.c opaque) hides values too, but here it made the steps without hue 5-20% slower
 * (the same bench, three trees in one process), so the volatile stays. */
typedef struct hue_constants {
  v128_t one, zero, k255, two, four, six, magic, byte_mask, div_high, div_rest;
  v128_t lane_bytes;      /* each lane's byte 0 to bytes 0..2 of that lane (byte 3: 0x80, zero) */
  v128_t sector_table;    /* R's column of the pick table by sector, repeated (see hue4) */
  v128_t channel_offsets; /* R, G, B read the table at sector + 0, 4, 2 (byte 3: 0x80) */
} hue_constants;

static inline v128_t held(v128_t v) {
  volatile v128_t kept = v;
  return kept;
}

static hue_constants hue_constants_held(void) {
  hue_constants k;
  k.one = held(wasm_f32x4_splat(1.0f));
  k.zero = held(wasm_f32x4_splat(0.0f));
  k.k255 = held(wasm_f32x4_splat(255.0f));
  k.two = held(wasm_f32x4_splat(2.0f));
  k.four = held(wasm_f32x4_splat(4.0f));
  k.six = held(wasm_f32x4_splat(6.0f));
  k.magic = held(wasm_f32x4_splat(TW_COLOR_MAGIC));
  k.byte_mask = held(wasm_i32x4_splat(255));
  k.div_high = held(wasm_f32x4_splat(TW_COLOR_DIV255_HIGH));
  k.div_rest = held(wasm_f32x4_splat(TW_COLOR_DIV255_REST));
  k.lane_bytes = held(wasm_i8x16_make(0, 0, 0, -128, 4, 4, 4, -128, 8, 8, 8, -128, 12, 12, 12, -128));
  k.sector_table = held(wasm_i8x16_make(0, 2, 1, 1, 3, 0, 0, 2, 1, 1, 3, 0, 0, 2, 1, 1));
  k.channel_offsets = held(wasm_i32x4_splat(0x80020400));
  return k;
}

/* adjust_hue on 4 pixels' R, G, B lanes (integer-valued floats 0..255), as their new R, G, B bytes in bytes
 * 0..2 of each lane (byte 3: 0): the scalar kernel's operations, lane-wise, with the same results where
 * fewer instructions give them:
 * - the sector: i = floor(h·6) is an integer-valued float 0..6 (6 is sector 0).
 * - p, q, t: the scalar clamps to [0, 1] are identities (v, s in [0, 1], f in [0, 1): every factor and
 *   product stays in [0, 1]), so none here.
 * - the bytes: trunc(x·255) with x·255 in [0, 255] is floor; for v = max/255 it is max itself (true of
 *   each of the 256 bytes), so v's byte is the largest input lane.
 * - the pick: each lane's four candidate bytes v, p, q, t are packed into its 32 bits (bytes 0..3), and a
 *   swizzle picks each output byte among them. Which one: the scalar's pick[sector][c] is R's column
 *   [0, 2, 1, 1, 3, 0] read at sector + (0, 4, 2) mod 6 for R, G, B; the 16-byte table repeats that
 *   column, so sector 6 reads sector 0's entries as the scalar's `% 6` does.
 * Inlined into each chain loop: as a call it spilled every live v128 of the loop. Its constants come in k
 * (hue_constants). */
TW_COLOR_INLINE v128_t hue4(v128_t red, v128_t green, v128_t blue, v128_t shift, const hue_constants* k) {
  const v128_t one = k->one, zero = k->zero, k255 = k->k255;
  const v128_t r = div255_bytes(red, k->div_high, k->div_rest), g = div255_bytes(green, k->div_high, k->div_rest),
               b = div255_bytes(blue, k->div_high, k->div_rest); /* the scalar's / 255.0f */
  /* pmax/pmin: no NaN and no -0 here (r, g, b >= +0), so they are fmaxf/fminf */
  const v128_t maxc = wasm_f32x4_pmax(wasm_f32x4_pmax(r, g), b), minc = wasm_f32x4_pmin(wasm_f32x4_pmin(r, g), b);
  const v128_t cr = wasm_f32x4_sub(maxc, minc);
  const v128_t flat = wasm_f32x4_eq(maxc, minc);
  const v128_t s = wasm_f32x4_div(cr, wasm_v128_bitselect(one, maxc, flat));
  const v128_t divisor = wasm_v128_bitselect(one, cr, flat);
  /* h = (base + first) − second with the two of rc, gc, bc that the maximum's sector reads: (0 + bc) − gc
   * where R is the maximum (0 + bc is bc), (2 + rc) − bc where G is, (4 + gc) − rc where B is. Picking
   * the numerators first leaves two divisions where the scalar makes three (the third is unused). */
  const v128_t is_r = wasm_f32x4_eq(maxc, r), is_g = wasm_f32x4_eq(maxc, g);
  const v128_t first_channel = wasm_v128_bitselect(b, wasm_v128_bitselect(r, g, is_g), is_r);
  const v128_t second_channel = wasm_v128_bitselect(g, wasm_v128_bitselect(b, r, is_g), is_r);
  const v128_t base = wasm_v128_and(wasm_v128_bitselect(k->two, k->four, is_g),
                                    wasm_v128_not(is_r));
  const v128_t first = wasm_f32x4_div(wasm_f32x4_sub(maxc, first_channel), divisor);
  const v128_t second = wasm_f32x4_div(wasm_f32x4_sub(maxc, second_channel), divisor);
  v128_t h = wasm_f32x4_sub(wasm_f32x4_add(base, first), second);
  h = mod1_nonnegative(wasm_f32x4_add(wasm_f32x4_div(h, k->six), one), one);
  /* h + shift in [-0.5, 1.5): fmodf, then + 1 where negative */
  const v128_t shifted = wasm_f32x4_add(h, shift);
  const v128_t m = wasm_v128_bitselect(wasm_f32x4_sub(shifted, one), shifted, wasm_f32x4_ge(shifted, one));
  h = wasm_v128_bitselect(wasm_f32x4_add(m, one), m, wasm_f32x4_lt(m, zero));
  /* back to RGB */
  const v128_t h6 = wasm_f32x4_mul(h, k->six);
  const v128_t i = wasm_f32x4_floor(h6);
  const v128_t f = wasm_f32x4_sub(h6, i);
  const v128_t p = wasm_f32x4_mul(maxc, wasm_f32x4_sub(one, s));
  const v128_t q = wasm_f32x4_mul(maxc, wasm_f32x4_sub(one, wasm_f32x4_mul(s, f)));
  const v128_t t = wasm_f32x4_mul(maxc, wasm_f32x4_sub(one, wasm_f32x4_mul(s, wasm_f32x4_sub(one, f))));
  /* candidate bytes (2^23 + byte in each lane: the shifts drop the 2^23 bits) packed as v, p, q, t */
  const v128_t v_byte = wasm_v128_and(to_bytes_low_with(wasm_f32x4_pmax(wasm_f32x4_pmax(red, green), blue), k->magic),
                                      k->byte_mask);
  const v128_t p_byte = to_bytes_low_with(wasm_f32x4_floor(wasm_f32x4_mul(p, k255)), k->magic);
  const v128_t q_byte = to_bytes_low_with(wasm_f32x4_floor(wasm_f32x4_mul(q, k255)), k->magic);
  const v128_t t_byte = to_bytes_low_with(wasm_f32x4_floor(wasm_f32x4_mul(t, k255)), k->magic);
  const v128_t packed = wasm_v128_or(wasm_v128_or(v_byte, wasm_i32x4_shl(p_byte, 8)),
                                     wasm_v128_or(wasm_i32x4_shl(q_byte, 16), wasm_i32x4_shl(t_byte, 24)));
  /* the sector (each lane's low byte) copied to bytes 0..2 of its lane, turned to R, G, B's entries (byte 3:
   * 0x80, which picks 0 from the table and from `packed`) */
  const v128_t sector = wasm_i8x16_swizzle(to_bytes_low_with(i, k->magic), k->lane_bytes);
  const v128_t pick = wasm_i8x16_swizzle(k->sector_table, wasm_i8x16_add(sector, k->channel_offsets));
  return wasm_i8x16_swizzle(packed, wasm_i8x16_add(pick, k->lane_bytes));
}

/* Per step: a, b splatted (or the hue shift in a). */
typedef struct lanes_step {
  int32_t op;
  v128_t a, b;
} lanes_step;

/* One step but HUE on 4 pixels' R, G, B lanes c[3]. */
static inline void step_lanes(v128_t c[3], const lanes_step* s) {
  if (s->op == TW_COLOR_ADJUST_OP_SATURATION) {
    const v128_t gray = wasm_f32x4_mul(s->b, gray_lanes(c[0], c[1], c[2]));
    for (int k = 0; k < 3; k++) c[k] = clamp_floor(wasm_f32x4_add(wasm_f32x4_mul(s->a, c[k]), gray));
  } else { /* BRIGHTNESS, CONTRAST */
    for (int k = 0; k < 3; k++) c[k] = clamp_floor(wasm_f32x4_add(wasm_f32x4_mul(s->a, c[k]), s->b));
  }
}

/* Pixels per block of the gray sum: each lane adds at most BLOCK / 4 grays < 256, below 2^24 (exact). */
#define TW_CHAIN_SUM_BLOCK 65536

/* The chain on the whole 4-pixel groups; returns the pixels done. with_hue (a constant): whether a step is
 * HUE; without one, the loop is the plain lane steps. hue4 gives bytes: they are stored as they are when
 * hue is the last step, and read back into lanes for whatever follows (a step, the gray sum). */
TW_COLOR_INLINE size_t chain_steps(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,
                                   const lanes_step* steps, size_t count, int with_hue, int with_sum, uint64_t* sum) {
  const v128_t pick[3] = {gather_index(0, channels), gather_index(1, channels), gather_index(2, channels)};
  const v128_t place[3] = {scatter_index(0, 1, channels), scatter_index(1, 1, channels), scatter_index(2, 1, channels)};
  const v128_t keep = alpha_lanes(channels);
  /* hue4's bytes (R, G, B at 4k .. 4k + 2, byte 4k + 3 zero) to 3 channels' layout */
  const v128_t from_hue = wasm_i8x16_make(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -128, -128, -128, -128); /* 3 channels */
  const int ends_in_hue = with_hue && steps[count - 1].op == TW_COLOR_ADJUST_OP_HUE;
  const size_t bytes = pixels * channels;
  const hue_constants k = hue_constants_held();
  size_t p = 0;
  while (p + 4 <= pixels && p * channels + 16 <= bytes) {
    v128_t acc = wasm_f32x4_splat(0.0f);
    const size_t end = p + TW_CHAIN_SUM_BLOCK;
    for (; p < end && p + 4 <= pixels && p * channels + 16 <= bytes; p += 4) {
      const v128_t v = wasm_v128_load(in + p * channels);
      v128_t c[3], colour = v;
      for (int k = 0; k < 3; k++) c[k] = to_f32(wasm_i8x16_swizzle(v, pick[k]));
      for (size_t s = 0; s < count; s++) {
        if (!with_hue || steps[s].op != TW_COLOR_ADJUST_OP_HUE) {
          step_lanes(c, &steps[s]);
        } else {
          const v128_t rgb = hue4(c[0], c[1], c[2], steps[s].a, &k);
          if (s + 1 < count || with_sum) { /* R, G, B are bytes 0, 1, 2 of each lane, byte 3 is 0 */
            c[0] = to_f32(wasm_v128_and(rgb, k.byte_mask));
            c[1] = to_f32(wasm_v128_and(wasm_u32x4_shr(rgb, 8), k.byte_mask));
            c[2] = to_f32(wasm_u32x4_shr(rgb, 16));
          }
          if (s + 1 == count) colour = channels == 4 ? rgb : wasm_i8x16_swizzle(rgb, from_hue); /* ends_in_hue */
        }
      }
      if (with_sum) acc = wasm_f32x4_add(acc, gray_lanes(c[0], c[1], c[2]));
      if (!ends_in_hue) {
        colour = wasm_i8x16_swizzle(to_bytes_low(c[0]), place[0]);
        for (int k = 1; k < 3; k++) colour = wasm_v128_or(colour, wasm_i8x16_swizzle(to_bytes_low(c[k]), place[k]));
      }
      store_pixels(out + p * channels, wasm_v128_or(wasm_v128_and(v, keep), colour), channels);
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
  int with_hue = 0;
  for (size_t s = 0; s < count; s++) with_hue |= steps[s].op == TW_COLOR_ADJUST_OP_HUE;
  size_t p;
  if (channels == 4)
    p = with_hue ? chain_steps(in, out, pixels, 4, lanes, count, 1, with_sum, &sum)
                 : chain_steps(in, out, pixels, 4, lanes, count, 0, with_sum, &sum);
  else /* 3 channels: one loop for all chains (the wasm size budget) */
    p = chain_steps(in, out, pixels, 3, lanes, count, 1, with_sum, &sum);
  tw_color_chain__scalar(in + p * channels, out + p * channels, pixels - p, channels, steps, count, &sum);
  if (gray_sum) *gray_sum += sum;
}
