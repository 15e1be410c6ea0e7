/* GridSample against the ONNX backend test vectors in
 * shared/conformance/onnx/test_gridsample*.json (expected values generated
 * with PyTorch 2.0 and rounded to 4 decimals: compared with atol 1e-4), with
 * the SIMD and the scalar kernels.
 *
 * The folder is found by harness_conformance_onnx_dir (tests/c/harness.h).
 * When it is missing the test says so loudly and reports every case as
 * SKIPPED, never as passed (and fails under TW_REQUIRE_CONFORMANCE=1, as in
 * CI). The JS test suite runs the same files through the wasm module. */
#define _POSIX_C_SOURCE 200809L /* opendir, strdup */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/status.h"
#include "gridsample/gridsample.h"
#include "harness.h"
#include "json.h"

static double jnumber(const json* v) { /* numbers, or "NaN" / "Infinity" / "-Infinity" */
  if (v->type == JSON_NUMBER) return v->number;
  if (v->type == JSON_STRING && !strcmp(v->string, "NaN")) return NAN;
  if (v->type == JSON_STRING && !strcmp(v->string, "Infinity")) return INFINITY;
  if (v->type == JSON_STRING && !strcmp(v->string, "-Infinity")) return -INFINITY;
  return NAN;
}

/* ---- one case --------------------------------------------------------------- */

static int run_case(const char* path) {
  /* Read and parse apart: an unreadable file counts as not run (main prints
   * "N of M ... run"), a damaged one fails a check. */
  char* text = json_read_file(path);
  if (!text) return 0;
  json root;
  const int parsed = json_parse(text, &root);
  free(text);
  CHECK(parsed, "%s: JSON parse error", path);
  if (!parsed) return 0;

  const json* attrs = json_get(&root, "attributes");
  const json* inputs = json_get(&root, "inputs");
  const json* outputs = json_get(&root, "outputs");
  const json* a_mode = json_get(attrs, "mode");
  const json* a_pad = json_get(attrs, "padding_mode");
  const json* a_align = json_get(attrs, "align_corners");
  const char* mode_s = a_mode ? a_mode->string : "linear";
  const char* pad_s = a_pad ? a_pad->string : "zeros";
  int mode = -1, pad = -1;
  if (!strcmp(mode_s, "linear") || !strcmp(mode_s, "bilinear")) mode = TW_GRIDSAMPLE_MODE_LINEAR;
  if (!strcmp(mode_s, "nearest")) mode = TW_GRIDSAMPLE_MODE_NEAREST;
  if (!strcmp(mode_s, "cubic") || !strcmp(mode_s, "bicubic")) mode = TW_GRIDSAMPLE_MODE_CUBIC;
  if (!strcmp(pad_s, "zeros")) pad = TW_GRIDSAMPLE_PADDING_ZEROS;
  if (!strcmp(pad_s, "border")) pad = TW_GRIDSAMPLE_PADDING_BORDER;
  if (!strcmp(pad_s, "reflection")) pad = TW_GRIDSAMPLE_PADDING_REFLECTION;
  const int align = a_align ? (int)a_align->number : 0;
  CHECK(mode >= 0 && pad >= 0, "%s: unknown mode/padding", path);

  const json* X = &inputs->items[0];
  const json* G = &inputs->items[1];
  const json* Y = &outputs->items[0];
  const json* xd = json_get(X, "dims");
  const json* gd = json_get(G, "dims");
  const json* xv = json_get(X, "data");
  const json* gv = json_get(G, "data");
  const json* yv = json_get(Y, "data");
  CHECK(!strcmp(json_get(X, "dtype")->string, "float32") && !strcmp(json_get(G, "dtype")->string, "float32"),
        "%s: only float32 cases exist", path);
  const int rank = (int)xd->count - 2;
  int64_t x_shape[TW_GRIDSAMPLE_MAX_RANK + 2], grid_shape[TW_GRIDSAMPLE_MAX_RANK + 2];
  for (size_t i = 0; i < xd->count; i++) x_shape[i] = (int64_t)xd->items[i].number;
  for (size_t i = 0; i < gd->count; i++) grid_shape[i] = (int64_t)gd->items[i].number;
  float* x = malloc(xv->count * 4 + 4);
  float* g = malloc(gv->count * 4 + 4);
  float* y = malloc(yv->count * 4 + 4);
  for (size_t i = 0; i < xv->count; i++) x[i] = (float)jnumber(&xv->items[i]);
  for (size_t i = 0; i < gv->count; i++) g[i] = (float)jnumber(&gv->items[i]);
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    const int32_t st = tw_gridsample(TW_DTYPE_FLOAT32, x, xv->count * 4, rank, x_shape, TW_DTYPE_FLOAT32, g,
                                     gv->count * 4, grid_shape, mode, pad, align, NULL, y, yv->count * 4);
    CHECK(st == TW_OK, "%s: status %d %s", path, st, tw_last_error());
    for (size_t i = 0; i < yv->count; i++) {
      const double want = jnumber(&yv->items[i]);
      CHECK(fabs(y[i] - want) <= 1e-4, "%s (simd %d): y[%zu] = %.6f, want %.4f", path, simd, i, y[i], want);
    }
  }
  tw_set_simd(1);
  free(x);
  free(g);
  free(y);
  json_free(&root);
  return 1;
}

static int compare_names(const void* a, const void* b) { return strcmp(*(char* const*)a, *(char* const*)b); }

int main(void) {
  char dir_buffer[512];
  const char* dir = harness_conformance_onnx_dir(dir_buffer, sizeof dir_buffer);
  DIR* d = dir ? opendir(dir) : NULL;
  if (!d) {
    printf("test_gridsample_onnx: SKIPPED all cases: conformance folder not found (set TW_CONFORMANCE_DIR)\n");
    return TEST_MAIN_RESULT();
  }
  char* names[256];
  int n = 0;
  for (struct dirent* e; (e = readdir(d)) && n < 256;) {
    const size_t len = strlen(e->d_name);
    if (!strncmp(e->d_name, "test_gridsample", 15) && len > 5 && !strcmp(e->d_name + len - 5, ".json")) {
      names[n++] = strdup(e->d_name);
    }
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, compare_names);
  int ran = 0;
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    ran += run_case(path);
    free(names[i]);
  }
  printf("test_gridsample_onnx: %d of %d ONNX GridSample cases run from %s\n", ran, n, dir);
  CHECK(n >= 18, "expected the 18 ONNX GridSample cases, found %d", n);
  return TEST_MAIN_RESULT();
}
