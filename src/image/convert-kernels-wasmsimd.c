/* toTensor wasm SIMD kernel: four pixels per step. Each output channel's four
 * bytes are gathered into the low bytes of four 32-bit lanes by one swizzle
 * (indices >= 16 give 0), converted to float32 and normalised with the
 * scalar kernel's IEEE operations in its order, except where a cheaper form
 * gives the same float32 for every byte (byte_step). float32 planes (NCHW)
 * are stored as vectors; other layouts and types store lane by lane through
 * the scalar store. */
#include "common/simd.h"
#include "convert-values.h"

static v128_t gather_indices(int in_channels, int source) {
  uint8_t index[16];
  for (int k = 0; k < 16; k++) index[k] = 0x80;
  for (int k = 0; k < 4; k++) index[4 * k] = (uint8_t)(k * in_channels + source);
  return wasm_v128_load(index);
}

/* (x · scale) / divisor for a byte x as x·a + x·b, one product and a sum
 * instead of a division, where that gives the same float32 for all 256 bytes:
 *   divisor 1:              a = scale, b = −0 (y + −0 is y, even for y = −0);
 *   scale 1, divisor 255:   a = 257·2⁻¹⁶, b = float32(2⁻¹⁶ / 255): since
 *     1/255 = 2⁻⁸ + 2⁻¹⁶ + 2⁻²⁴ + ..., x·a is exact (9 bits times 8) and
 *     x·b is the rest to 2⁻⁴⁰, much closer than x/255 (a pattern of x's 8
 *     bits repeated) ever comes to a float32 rounding boundary; the C and
 *     JS tests compare every byte with the division.
 * Returns 0 for any other pair: then the kernels divide. */
static int byte_step(const tw_image_convert_plan* plan, v128_t* a, v128_t* b) {
  if (plan->divisor == 1.0f) {
    *a = wasm_f32x4_splat(plan->scale);
    *b = wasm_f32x4_splat(-0.0f);
    return 1;
  }
  if (plan->scale == 1.0f && plan->divisor == 255.0f) {
    *a = wasm_f32x4_splat(0x1.01p-8f);
    *b = wasm_f32x4_splat(0x1.010102p-24f);
    return 1;
  }
  return 0;
}

/* The rest of the conversion of channel c's four values, from x · scale / divisor. */
static inline v128_t normalise(v128_t scaled, v128_t mean, v128_t std) {
  return wasm_f32x4_div(wasm_f32x4_sub(scaled, mean), std);
}

/* The usual model input, RGBA to float32 RGB planes, with the channel counts
 * constant and byte_step's form, so the loop keeps its gathers and constants
 * in registers and has no branch: it runs at the speed of the divisions
 * (224x224: 38 against 64 us in any_case). Other counts stay in any_case:
 * each would be another copy of the loop, and the wasm size budget is nearly
 * full. */
static void rgba_to_rgb_planes(const tw_image_convert_plan* plan, v128_t a, v128_t b, const uint8_t* in, float* out) {
  enum { cin = 4, cout = 3 };
  v128_t gather[4], mean[4], std[4];
  for (int c = 0; c < cout; c++) {
    gather[c] = gather_indices(cin, plan->source[c]);
    mean[c] = wasm_f32x4_splat(plan->mean[c]);
    std[c] = wasm_f32x4_splat(plan->std[c]);
  }
  const size_t bytes = plan->pixels * (size_t)cin;
  size_t i = 0;
  for (; i * (size_t)cin + 16 <= bytes; i += 4) {
    const v128_t pixels = wasm_v128_load(in + i * (size_t)cin);
    for (int c = 0; c < cout; c++) {
      const v128_t x = wasm_f32x4_convert_i32x4(wasm_i8x16_swizzle(pixels, gather[c]));
      const v128_t scaled = wasm_f32x4_add(wasm_f32x4_mul(x, a), wasm_f32x4_mul(x, b));
      wasm_v128_store(out + (size_t)c * plan->plane + i, normalise(scaled, mean[c], std[c]));
    }
  }
  tw_image_to_tensor_pixels(plan, in, out, i, plan->pixels);
}

/* Any other layout, type or luma: the same arithmetic with the choices made per step. */
static void any_case(const tw_image_convert_plan* plan, const uint8_t* in, void* out) {
  const int cin = plan->in_channels, cout = plan->out_channels;
  v128_t gather[4], mean[4], std[4];
  const int luma = plan->source[0] < 0;
  for (int c = 0; c < (luma ? 3 : cout); c++) gather[c] = gather_indices(cin, luma ? c : plan->source[c]);
  for (int c = 0; c < cout; c++) {
    mean[c] = wasm_f32x4_splat(plan->mean[c]);
    std[c] = wasm_f32x4_splat(plan->std[c]);
  }
  const v128_t scale = wasm_f32x4_splat(plan->scale), divisor = wasm_f32x4_splat(plan->divisor);
  v128_t step_a, step_b;
  const int split = !luma && byte_step(plan, &step_a, &step_b);
  const v128_t kr = wasm_f32x4_splat(0.299f), kg = wasm_f32x4_splat(0.587f), kb = wasm_f32x4_splat(0.114f);
  const int vector_store = plan->nchw && plan->dtype == TW_DTYPE_FLOAT32;
  /* A step reads 16 bytes from pixel i: it needs them inside the image. */
  const size_t bytes = plan->pixels * (size_t)cin;
  size_t i = 0;
  for (; i * (size_t)cin + 16 <= bytes; i += 4) {
    const v128_t pixels = wasm_v128_load(in + i * (size_t)cin);
    for (int c = 0; c < cout; c++) {
      v128_t x, scaled;
      if (luma) {
        const v128_t r = wasm_f32x4_mul(kr, wasm_f32x4_convert_i32x4(wasm_i8x16_swizzle(pixels, gather[0])));
        const v128_t g = wasm_f32x4_mul(kg, wasm_f32x4_convert_i32x4(wasm_i8x16_swizzle(pixels, gather[1])));
        const v128_t b = wasm_f32x4_mul(kb, wasm_f32x4_convert_i32x4(wasm_i8x16_swizzle(pixels, gather[2])));
        x = wasm_f32x4_add(wasm_f32x4_add(r, g), b);
      } else {
        x = wasm_f32x4_convert_i32x4(wasm_i8x16_swizzle(pixels, gather[c]));
      }
      if (split) {
        scaled = wasm_f32x4_add(wasm_f32x4_mul(x, step_a), wasm_f32x4_mul(x, step_b));
      } else {
        scaled = wasm_f32x4_div(wasm_f32x4_mul(x, scale), divisor);
      }
      const v128_t v = normalise(scaled, mean[c], std[c]);
      if (vector_store) {
        wasm_v128_store((float*)out + (size_t)c * plan->plane + i, v);
      } else {
        float lanes[4];
        wasm_v128_store(lanes, v);
        for (int k = 0; k < 4; k++)
          tw_image_store_value(plan->dtype, out, tw_image_tensor_index(plan, i + (size_t)k, c, cout), lanes[k]);
      }
    }
  }
  tw_image_to_tensor_pixels(plan, in, out, i, plan->pixels);
}

void tw_image_to_tensor__wasmsimd(const tw_image_convert_plan* plan, const uint8_t* in, void* out) {
  /* 3 channels from 4 are always channels 0-2 (convert.h) */
  v128_t a, b;
  if (plan->nchw && plan->dtype == TW_DTYPE_FLOAT32 && plan->in_channels == 4 && plan->out_channels == 3 &&
      byte_step(plan, &a, &b)) {
    rgba_to_rgb_planes(plan, a, b, in, out);
  } else {
    any_case(plan, in, out);
  }
}
