/* The fused warp -> tensor (src/warp/warp-tensor.h) natively under
 * ASan/UBSan: on random warps and tensor options, with the SIMD and the
 * scalar kernels and bands of any size, its bytes equal tw_image_warp then
 * tw_image_to_tensor; exactly sized heap buffers catch any access past
 * either end. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/status.h"
#include "harness.h"
#include "image/convert.h"
#include "warp/warp-tensor.h"
#include "warp/warp.h"

static const int TYPES[] = {TW_DTYPE_FLOAT32, TW_DTYPE_FLOAT16, TW_DTYPE_UINT8};

static size_t element_bytes(int dtype) { return dtype == TW_DTYPE_FLOAT32 ? 4 : dtype == TW_DTYPE_FLOAT16 ? 2 : 1; }

static int pick_out_channels(int ch) {
  for (;;) {
    const int c = harness_rand_int(1, 4);
    if (c <= ch || (c == 3 && ch <= 2)) return c;
  }
}

static void one_case(int trial) {
  const int ch = harness_rand_int(1, 4), sw = harness_rand_int(1, 19), sh = harness_rand_int(1, 13);
  const int dw = harness_rand_int(1, 33), dh = harness_rand_int(1, 27);
  const int persp = harness_rand_int(0, 1), interp = harness_rand_int(0, 2), border = harness_rand_int(0, 4);
  const int cout = pick_out_channels(ch), layout = harness_rand_int(0, 1), dtype = TYPES[harness_rand_int(0, 2)];
  const double angle = harness_rand_int(0, 359) * 3.14159265358979 / 180, scale = 0.3 + harness_rand_int(0, 20) / 10.0;
  double* m = malloc(9 * sizeof *m);
  const double entries[9] = {cos(angle) * scale, -sin(angle) * scale, harness_rand_int(-20, 20) / 3.0,
                             sin(angle) * scale, cos(angle) * scale,  harness_rand_int(-20, 20) / 3.0,
                             persp ? harness_rand_int(-10, 10) / 200.0 : 0, persp ? harness_rand_int(-10, 10) / 200.0 : 0,
                             1};
  memcpy(m, entries, sizeof entries);
  float* params = malloc(TW_IMAGE_TENSOR_PARAM_COUNT * sizeof *params);
  const int divides = dtype != TW_DTYPE_UINT8 && harness_rand_int(0, 1);
  const float values[TW_IMAGE_TENSOR_PARAM_COUNT] = {
      divides ? 1.0f : dtype == TW_DTYPE_UINT8 ? 0.9f : 1.0f / 255.0f, 0.485f, 0.456f, 0.406f, 0.3f, 0.229f, -0.224f,
      0.225f, 0.5f, divides ? 255.0f : 1.0f};
  memcpy(params, values, sizeof values);
  const uint32_t fill = (uint32_t)harness_rand();
  const size_t src_bytes = (size_t)sw * sh * ch, img_bytes = (size_t)dw * dh * ch;
  const size_t out_bytes = (size_t)dw * dh * cout * element_bytes(dtype);
  uint8_t* src = malloc(src_bytes);
  uint8_t* img = malloc(img_bytes);
  uint8_t* want = malloc(out_bytes);
  uint8_t* got = malloc(out_bytes);
  for (size_t k = 0; k < src_bytes; k++) src[k] = (uint8_t)harness_rand();
  CHECK(tw_image_warp(src, src_bytes, sw, sh, ch, m, persp, interp, border, fill, img, img_bytes, dw, dh, 0, dh) ==
                TW_OK &&
            tw_image_to_tensor(img, img_bytes, dw, dh, ch, cout, layout, dtype, params, want, out_bytes) == TW_OK,
        "%s", tw_last_error());
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    const int band = simd ? harness_rand_int(0, dh + 1) : harness_rand_int(1, 3);
    memset(got, 0xa5, out_bytes);
    const int status = tw_image_warp_to_tensor(src, src_bytes, sw, sh, ch, m, persp, interp, border, fill, dw, dh,
                                               cout, layout, dtype, params, got, out_bytes, band);
    CHECK(status == TW_OK, "trial %d: %s", trial, tw_last_error());
    CHECK(memcmp(got, want, out_bytes) == 0,
          "trial %d simd %d band %d: %dx%d ch %d -> %dx%d ch %d layout %d dtype %d, persp %d interp %d border %d", trial,
          simd, band, sw, sh, ch, dw, dh, cout, layout, dtype, persp, interp, border);
  }
  tw_set_simd(1);
  free(src);
  free(img);
  free(want);
  free(got);
  free(m);
  free(params);
}

/* Bad counts and overlaps: the status names the argument and out is untouched. */
static void test_errors(void) {
  uint8_t* block = malloc(512);
  uint8_t *src = block + 64, *out = block + 224;
  double* m = malloc(6 * sizeof *m);
  float* params = malloc(TW_IMAGE_TENSOR_PARAM_COUNT * sizeof *params);
  const double identity[6] = {1, 0, 0, 0, 1, 0};
  const float plain[TW_IMAGE_TENSOR_PARAM_COUNT] = {1, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  memcpy(m, identity, sizeof identity);
  memcpy(params, plain, sizeof plain);
  memset(block, 7, 512);
  struct {
    const char* name;
    size_t src_bytes, out_bytes;
    void* out;
    int32_t band_rows, width;
  } cases[] = {
      {"src_bytes", 47, 48, out, 0, 2}, {"out_bytes", 48, 44, out, 0, 2}, {"out: overlaps src", 48, 48, block + 24, 0, 2},
      {"band_rows", 48, 48, out, -1, 2}, {"dst_width", 48, 48, out, 0, -1},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const int status = tw_image_warp_to_tensor(src, cases[k].src_bytes, 4, 4, 3, m, 0, 1, 0, 0, cases[k].width, 2, 3,
                                               0, TW_DTYPE_FLOAT32, params, cases[k].out, cases[k].out_bytes,
                                               cases[k].band_rows);
    CHECK(status == TW_INVALID_ARGUMENT, "%s: status %d", cases[k].name, status);
    CHECK(strncmp(tw_last_error(), cases[k].name, strlen(cases[k].name)) == 0, "%s: \"%s\"", cases[k].name,
          tw_last_error());
  }
  for (int k = 0; k < 512; k++) CHECK(block[k] == 7, "byte %d written", k);
  free(block);
  free(m);
  free(params);
}

int main(void) {
  for (int trial = 0; trial < 400; trial++) one_case(trial);
  test_errors();
  return TEST_MAIN_RESULT();
}
