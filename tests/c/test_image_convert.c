/* toTensor / fromTensor (src/image/convert.h) natively under ASan/UBSan: the
 * SIMD kernel stores the scalar kernel's bytes for every channel mapping,
 * layout and type on sizes around the vector width (exactly sized heap
 * buffers catch any access past either end); spot values of the formula; bad
 * arguments write nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/status.h"
#include "harness.h"
#include "image/convert.h"

static const int SIDES[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17};
static const int TYPES[] = {TW_DTYPE_FLOAT32, TW_DTYPE_FLOAT16, TW_DTYPE_UINT8};

static size_t element_bytes(int dtype) { return dtype == TW_DTYPE_FLOAT32 ? 4 : dtype == TW_DTYPE_FLOAT16 ? 2 : 1; }

static void simd_matches_scalar(int w, int h, int cin, int cout, int layout, int dtype) {
  const size_t pixels = (size_t)w * h, in_bytes = pixels * cin, out_bytes = pixels * cout * element_bytes(dtype);
  uint8_t* in = malloc(in_bytes);
  uint8_t* a = malloc(out_bytes);
  uint8_t* b = malloc(out_bytes);
  for (size_t i = 0; i < in_bytes; i++) in[i] = (uint8_t)harness_rand();
  /* odd sizes use the scale form, even ones torchvision's division by 255 */
  const int divides = dtype != TW_DTYPE_UINT8 && (w + h) % 2 == 0;
  const float params[TW_IMAGE_TENSOR_PARAM_COUNT] = {
      divides ? 1.0f : dtype == TW_DTYPE_UINT8 ? 0.9f : 1.0f / 255.0f, 0.485f, 0.456f, 0.406f, 0.3f, 0.229f, -0.224f,
      0.225f, 0.5f, divides ? 255.0f : 1.0f};
  tw_set_simd(1);
  const int s1 = tw_image_to_tensor(in, in_bytes, w, h, cin, cout, layout, dtype, params, a, out_bytes);
  tw_set_simd(0);
  const int s0 = tw_image_to_tensor(in, in_bytes, w, h, cin, cout, layout, dtype, params, b, out_bytes);
  tw_set_simd(1);
  CHECK(s1 == TW_OK && s0 == TW_OK, "%dx%d %d->%d: status %d %d (%s)", w, h, cin, cout, s1, s0, tw_last_error());
  CHECK(memcmp(a, b, out_bytes) == 0, "%dx%d %d->%d layout %d dtype %d: SIMD and scalar differ", w, h, cin, cout, layout, dtype);
  free(in);
  free(a);
  free(b);
}

static void test_simd(void) {
  for (int a = 0; a < 11; a++)
    for (int hh = 1; hh <= 3; hh++)
      for (int cin = 1; cin <= 4; cin++)
        for (int cout = 1; cout <= 4; cout++) {
          if (!(cout <= cin || (cout == 3 && cin <= 2))) continue;
          for (int layout = 0; layout <= 1; layout++)
            for (int t = 0; t < 3; t++) simd_matches_scalar(SIDES[a], hh == 3 ? SIDES[10 - a] : hh, cin, cout, layout, TYPES[t]);
        }
}

static void test_values(void) {
  /* 4 pixels, RGBA -> luma, NCHW float32, scale 1, mean 0, std 1: L itself. */
  const uint8_t in[16] = {255, 255, 255, 0, 10, 20, 30, 0, 1, 0, 0, 0, 0, 0, 1, 9};
  float out[4];
  const float params[TW_IMAGE_TENSOR_PARAM_COUNT] = {1, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  CHECK(tw_image_to_tensor(in, 16, 4, 1, 4, 1, TW_IMAGE_LAYOUT_NCHW, TW_DTYPE_FLOAT32, params, out, 16) == TW_OK, "luma");
  const float r = 0.299f * 10.0f, g = 0.587f * 20.0f, b = 0.114f * 30.0f;
  const float rg = r + g, expected = rg + b;
  CHECK(out[1] == expected, "luma of (10, 20, 30): %.9g, expected %.9g", out[1], expected);
  CHECK(out[2] == 0.299f && out[3] == 0.114f, "luma weights: %.9g %.9g", out[2], out[3]);
  /* fromTensor rounds half to even and clamps. */
  const float values[6] = {0.5f, 1.5f, 2.5f, -3.0f, 300.0f, 254.5f};
  uint8_t bytes[6];
  CHECK(tw_image_from_tensor(values, 24, TW_DTYPE_FLOAT32, TW_IMAGE_LAYOUT_NHWC, 6, 1, 1, params, 1, bytes, 6) == TW_OK, "from");
  const uint8_t want[6] = {0, 2, 2, 0, 255, 254};
  CHECK(memcmp(bytes, want, 6) == 0, "rounding: %d %d %d %d %d %d", bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5]);
}

static void test_bad_arguments(void) {
  uint8_t in[16] = {0};
  float out[12];
  memset(out, 0x55, sizeof out);
  float params[TW_IMAGE_TENSOR_PARAM_COUNT] = {1, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 4, 4, 2, TW_DTYPE_FLOAT32, params, out, 64) == TW_INVALID_ARGUMENT, "layout");
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 4, 3, 0, TW_DTYPE_INT32, params, out, 48) == TW_UNSUPPORTED, "dtype");
  CHECK(tw_image_to_tensor(in, 12, 2, 2, 3, 4, 0, TW_DTYPE_FLOAT32, params, out, 64) == TW_INVALID_ARGUMENT, "4 from 3");
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 4, 3, 0, TW_DTYPE_FLOAT32, params, out, 44) == TW_INVALID_ARGUMENT, "out_bytes");
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 5, 3, 0, TW_DTYPE_FLOAT32, params, out, 48) == TW_INVALID_ARGUMENT, "channels");
  params[6] = 0;
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 4, 3, 0, TW_DTYPE_FLOAT32, params, out, 48) == TW_INVALID_ARGUMENT, "std 0");
  params[6] = 1;
  params[0] = 0;
  CHECK(tw_image_from_tensor(out, 48, TW_DTYPE_FLOAT32, 0, 2, 2, 3, params, 4, in, 16) == TW_INVALID_ARGUMENT, "scale 0");
  CHECK(tw_image_to_tensor(in, 16, 2, 2, 4, 3, 0, TW_DTYPE_FLOAT32, params, in, 48) == TW_INVALID_ARGUMENT, "overlap");
  for (int i = 0; i < 12; i++) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    CHECK(bits == 0x55555555u, "out[%d] written", i);
  }
}

int main(void) {
  test_simd();
  test_values();
  test_bad_arguments();
  return TEST_MAIN_RESULT();
}
