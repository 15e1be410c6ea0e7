/* The ONNX AveragePool conformance cases (shared/conformance/onnx, format in
 * its README.md) against tw_avgpool, on the SIMD and the scalar path.
 *
 * The case list comes from index.json (every case whose op is AveragePool),
 * with its tolerance_hint (atol + rtol·|expected|). The folder is found by
 * harness_conformance_onnx_dir (tests/c/harness.h). If it is missing, the run
 * says so loudly and reports every case as skipped, never as passed (and fails
 * under TW_REQUIRE_CONFORMANCE=1, as in CI). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "avgpool/avgpool.h"
#include "common/config.h"
#include "common/dtype.h"
#include "harness.h"
#include "json.h"

/* ---- the cases ------------------------------------------------------------- */

/* A number, or one of the strings "NaN", "Infinity", "-Infinity". */
static double number_of(const json* v) {
  if (v->type == JSON_STRING) {
    if (strcmp(v->string, "NaN") == 0) return NAN;
    if (strcmp(v->string, "Infinity") == 0) return INFINITY;
    if (strcmp(v->string, "-Infinity") == 0) return -INFINITY;
    return strtod(v->string, NULL);
  }
  return v->number;
}

static int ints(const json* array, int64_t* out, int max) {
  if (array == NULL || array->type != JSON_ARRAY || (int)array->count > max) return -1;
  for (size_t i = 0; i < array->count; i++) out[i] = (int64_t)array->items[i].number;
  return (int)array->count;
}

static int run_case(const char* dir, const json* entry, int* skipped) {
  const char* file = json_get(entry, "file")->string;
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  json c;
  if (!json_load(path, &c)) {
    CHECK(0, "%s: cannot read or parse", path);
    return 0;
  }
  const json* attributes = json_get(&c, "attributes");
  const json* input = &json_get(&c, "inputs")->items[0];
  const json* output = &json_get(&c, "outputs")->items[0];
  if (strcmp(json_get(input, "dtype")->string, "float32") != 0) {
    printf("SKIP %s: dtype %s (this runner reads float32 cases only)\n", file, json_get(input, "dtype")->string);
    (*skipped)++;
    json_free(&c);
    return 1;
  }
  int64_t x_shape[8], y_dims[8], kernel[6], strides[6] = {1, 1, 1, 1, 1, 1}, dilations[6] = {1, 1, 1, 1, 1, 1},
                                              pads[12] = {0};
  const int rank = ints(json_get(input, "dims"), x_shape, 8);
  const int y_rank = ints(json_get(output, "dims"), y_dims, 8);
  const int r = rank - 2;
  CHECK(ints(json_get(attributes, "kernel_shape"), kernel, 6) == r, "%s: kernel_shape", file);
  if (json_get(attributes, "strides")) ints(json_get(attributes, "strides"), strides, 6);
  if (json_get(attributes, "dilations")) ints(json_get(attributes, "dilations"), dilations, 6);
  if (json_get(attributes, "pads")) ints(json_get(attributes, "pads"), pads, 12);
  const int32_t ceil_mode =
      json_get(attributes, "ceil_mode") ? (int32_t)json_get(attributes, "ceil_mode")->number : 0;
  const int32_t cip =
      json_get(attributes, "count_include_pad") ? (int32_t)json_get(attributes, "count_include_pad")->number : 0;
  int32_t auto_pad = TW_AVGPOOL_AUTO_PAD_NOTSET;
  if (json_get(attributes, "auto_pad")) {
    const char* name = json_get(attributes, "auto_pad")->string;
    auto_pad = strcmp(name, "SAME_UPPER") == 0   ? TW_AVGPOOL_AUTO_PAD_SAME_UPPER
               : strcmp(name, "SAME_LOWER") == 0 ? TW_AVGPOOL_AUTO_PAD_SAME_LOWER
               : strcmp(name, "VALID") == 0      ? TW_AVGPOOL_AUTO_PAD_VALID
                                                 : TW_AVGPOOL_AUTO_PAD_NOTSET;
  }
  const json* hint = json_get(entry, "tolerance_hint");
  const double rtol = hint && json_get(hint, "rtol") ? json_get(hint, "rtol")->number : 1e-5;
  const double atol = hint && json_get(hint, "atol") ? json_get(hint, "atol")->number : 1e-6;

  int64_t y_shape[8];
  CHECK(tw_avgpool_output_shape(r, x_shape, kernel, strides, pads, dilations, ceil_mode, auto_pad, y_shape, NULL) ==
            TW_OK,
        "%s: output_shape: %s", file, tw_last_error());
  int shape_ok = y_rank == rank;
  for (int i = 0; i < rank && shape_ok; i++) shape_ok = y_shape[i] == y_dims[i];
  CHECK(shape_ok, "%s: output shape differs from the case's", file);
  if (!shape_ok) {
    json_free(&c);
    return 0;
  }
  const json* x_data = json_get(input, "data");
  const json* y_data = json_get(output, "data");
  float* x = malloc(x_data->count * sizeof(float));
  for (size_t i = 0; i < x_data->count; i++) x[i] = (float)number_of(&x_data->items[i]);
  const size_t y_count = y_data->count;
  float* y[2];
  int failures = 0;
  for (int simd = 0; simd < 2; simd++) {
    y[simd] = malloc((y_count + 16) * sizeof(float));
    memset(y[simd], 0xA5, (y_count + 16) * sizeof(float));
    tw_set_simd(simd);
    const int32_t status = tw_avgpool(TW_DTYPE_FLOAT32, x, x_data->count * sizeof(float), r, x_shape, kernel, strides,
                                      pads, dilations, ceil_mode, cip, auto_pad, y[simd], y_count * sizeof(float));
    CHECK(status == TW_OK, "%s: status %d (%s)", file, status, tw_last_error());
    for (size_t i = 0; i < y_count; i++) {
      const double expected = (float)number_of(&y_data->items[i]), got = y[simd][i];
      const int ok = isnan(expected) ? isnan(got) : fabs(got - expected) <= atol + rtol * fabs(expected);
      if (!ok && failures++ < 3)
        CHECK(0, "%s (simd %d): y[%zu] = %.9g, expected %.9g", file, simd, i, got, expected);
    }
    const uint8_t* guard = (const uint8_t*)(y[simd] + y_count);
    int intact = 1;
    for (size_t i = 0; i < 16 * sizeof(float); i++) intact &= guard[i] == 0xA5;
    CHECK(intact, "%s: wrote past y", file);
  }
  tw_set_simd(1);
  CHECK(memcmp(y[0], y[1], y_count * sizeof(float)) == 0, "%s: SIMD and scalar differ", file);
  free(x), free(y[0]), free(y[1]);
  json_free(&c);
  return failures == 0;
}

int main(void) {
  char dir_buffer[512];
  const char* dir = harness_conformance_onnx_dir(dir_buffer, sizeof dir_buffer);
  json index;
  char path[600];
  if (dir) snprintf(path, sizeof path, "%s/index.json", dir);
  if (dir == NULL || !json_load(path, &index)) {
    printf("%s: all cases skipped (conformance folder missing)\n", __FILE__);
    return 0;
  }
  const json* cases = json_get(&index, "cases");
  int run = 0, passed = 0, skipped = 0;
  for (size_t i = 0; cases && i < cases->count; i++) {
    const json* entry = &cases->items[i];
    if (strcmp(json_get(entry, "op")->string, "AveragePool") != 0) continue;
    run++;
    passed += run_case(dir, entry, &skipped);
  }
  /* 20 node cases at opset 22 and 5 PyTorch AvgPool cases (README.md) */
  CHECK(run == 25, "expected 25 AveragePool cases in %s/index.json, found %d", dir, run);
  printf("conformance (%s): %d AveragePool cases, %d passed, %d skipped\n", dir, run, passed - skipped, skipped);
  json_free(&index);
  return TEST_MAIN_RESULT();
}
