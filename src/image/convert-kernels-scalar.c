/* toTensor / fromTensor scalar kernels: the reference the SIMD kernel matches. */
#include "convert-values.h"

void tw_image_to_tensor__scalar(const tw_image_convert_plan* plan, const uint8_t* in, void* out) {
  tw_image_to_tensor_pixels(plan, in, out, 0, plan->pixels);
}

void tw_image_from_tensor__scalar(const tw_image_convert_plan* plan, const void* in, uint8_t* out) {
  const int channels = plan->in_channels, image_channels = plan->out_channels;
  for (size_t i = 0; i < plan->pixels; i++) {
    for (int k = 0; k < image_channels; k++) {
      const int s = plan->source[k];
      uint8_t byte = 255;
      if (s >= 0) {
        const float v = tw_image_load_value(plan->dtype, in, tw_image_tensor_index(plan, i, s, channels));
        const float spread = v * plan->std[s];
        const float shifted = spread + plan->mean[s];
        byte = tw_image_to_byte((shifted * plan->divisor) / plan->scale);
      }
      out[i * (size_t)image_channels + (size_t)k] = byte;
    }
  }
}
