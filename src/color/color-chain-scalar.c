/* The chain kernel, scalar (color-kernels.h tw_color_chain): each pixel through the steps in order, each
 * step's bytes truncated to uint8 before the next, so the bytes are those of tw_color_adjust run op after op
 * (which is this kernel with one step). The reference of color-chain-wasmsimd.c. */
#include "color-kernels.h"
#include "color.h"

static void step_pixel(uint8_t px[3], const tw_color_step* s) {
  switch (s->op) {
    case TW_COLOR_ADJUST_OP_SATURATION: {
      const float gray = s->b * (float)tw_color_gray_of(px);
      for (int c = 0; c < 3; c++) px[c] = tw_color_clamp_trunc(s->a * (float)px[c] + gray);
      return;
    }
    case TW_COLOR_ADJUST_OP_HUE:
      tw_color_hue_pixel(px, px, s->a);
      return;
    default: /* BRIGHTNESS, CONTRAST */
      for (int c = 0; c < 3; c++) px[c] = tw_color_clamp_trunc(s->a * (float)px[c] + s->b);
      return;
  }
}

void tw_color_chain__scalar(const uint8_t* in, uint8_t* out, size_t pixels, size_t channels,
                            const tw_color_step* steps, size_t count, uint64_t* gray_sum) {
  uint64_t sum = 0;
  for (size_t p = 0; p < pixels; p++, in += channels, out += channels) {
    uint8_t px[3] = {in[0], in[1], in[2]};
    for (size_t k = 0; k < count; k++) step_pixel(px, &steps[k]);
    sum += tw_color_gray_of(px);
    out[0] = px[0];
    out[1] = px[1];
    out[2] = px[2];
    if (channels == 4) out[3] = in[3];
  }
  if (gray_sum) *gray_sum += sum;
}
