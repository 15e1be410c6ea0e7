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

/* ---- a minimal JSON reader (just enough for the case files) ---------------- */

typedef enum { J_NULL, J_NUM, J_STR, J_ARR, J_OBJ } jkind;
typedef struct jval {
  jkind kind;
  double num;
  char* str;           /* J_STR, and the key when inside an object */
  struct jval* items;  /* J_ARR / J_OBJ children */
  size_t count;
  char* key;
} jval;

static const char* jp;

static void jskip(void) { while (*jp == ' ' || *jp == '\n' || *jp == '\r' || *jp == '\t') jp++; }

static char* jstring(void) {
  const char* start = ++jp; /* after the quote; the case files have no escapes we need */
  while (*jp && *jp != '"') jp += *jp == '\\' ? 2 : 1;
  const size_t n = (size_t)(jp - start);
  char* s = malloc(n + 1);
  memcpy(s, start, n);
  s[n] = 0;
  if (*jp) jp++;
  return s;
}

static int jparse(jval* v) {
  jskip();
  memset(v, 0, sizeof *v);
  if (*jp == '{' || *jp == '[') {
    const char close = *jp == '{' ? '}' : ']';
    v->kind = *jp == '{' ? J_OBJ : J_ARR;
    jp++;
    size_t cap = 0;
    for (;;) {
      jskip();
      if (*jp == close) { jp++; return 1; }
      if (*jp == ',') { jp++; continue; }
      if (v->count == cap) {
        cap = cap ? cap * 2 : 8;
        v->items = realloc(v->items, cap * sizeof *v->items);
      }
      char* key = NULL;
      if (v->kind == J_OBJ) {
        if (*jp != '"') return 0;
        key = jstring();
        jskip();
        if (*jp++ != ':') return 0;
      }
      if (!jparse(&v->items[v->count])) return 0;
      v->items[v->count++].key = key;
    }
  }
  if (*jp == '"') { v->kind = J_STR; v->str = jstring(); return 1; }
  if (!strncmp(jp, "null", 4)) { jp += 4; v->kind = J_NULL; return 1; }
  char* end;
  v->num = strtod(jp, &end);
  if (end == jp) return 0;
  jp = end;
  v->kind = J_NUM;
  return 1;
}

static void jfree(jval* v) {
  for (size_t i = 0; i < v->count; i++) {
    free(v->items[i].key);
    jfree(&v->items[i]);
  }
  free(v->items);
  free(v->str);
}

static const jval* jget(const jval* obj, const char* key) {
  if (!obj || obj->kind != J_OBJ) return NULL;
  for (size_t i = 0; i < obj->count; i++) {
    if (!strcmp(obj->items[i].key, key)) return &obj->items[i];
  }
  return NULL;
}

static double jnumber(const jval* v) { /* numbers, or "NaN" / "Infinity" / "-Infinity" */
  if (v->kind == J_NUM) return v->num;
  if (v->kind == J_STR && !strcmp(v->str, "NaN")) return NAN;
  if (v->kind == J_STR && !strcmp(v->str, "Infinity")) return INFINITY;
  if (v->kind == J_STR && !strcmp(v->str, "-Infinity")) return -INFINITY;
  return NAN;
}

/* ---- one case --------------------------------------------------------------- */

static int run_case(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) return 0;
  fseek(f, 0, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  const size_t got = fread(text, 1, (size_t)size, f);
  fclose(f);
  text[got] = 0;
  jp = text;
  jval root;
  const int parsed = jparse(&root);
  CHECK(parsed, "%s: JSON parse error", path);
  if (!parsed) { free(text); return 0; }

  const jval* attrs = jget(&root, "attributes");
  const jval* inputs = jget(&root, "inputs");
  const jval* outputs = jget(&root, "outputs");
  const jval* a_mode = jget(attrs, "mode");
  const jval* a_pad = jget(attrs, "padding_mode");
  const jval* a_align = jget(attrs, "align_corners");
  const char* mode_s = a_mode ? a_mode->str : "linear";
  const char* pad_s = a_pad ? a_pad->str : "zeros";
  int mode = -1, pad = -1;
  if (!strcmp(mode_s, "linear") || !strcmp(mode_s, "bilinear")) mode = TW_GRIDSAMPLE_MODE_LINEAR;
  if (!strcmp(mode_s, "nearest")) mode = TW_GRIDSAMPLE_MODE_NEAREST;
  if (!strcmp(mode_s, "cubic") || !strcmp(mode_s, "bicubic")) mode = TW_GRIDSAMPLE_MODE_CUBIC;
  if (!strcmp(pad_s, "zeros")) pad = TW_GRIDSAMPLE_PADDING_ZEROS;
  if (!strcmp(pad_s, "border")) pad = TW_GRIDSAMPLE_PADDING_BORDER;
  if (!strcmp(pad_s, "reflection")) pad = TW_GRIDSAMPLE_PADDING_REFLECTION;
  const int align = a_align ? (int)a_align->num : 0;
  CHECK(mode >= 0 && pad >= 0, "%s: unknown mode/padding", path);

  const jval* X = &inputs->items[0];
  const jval* G = &inputs->items[1];
  const jval* Y = &outputs->items[0];
  const jval* xd = jget(X, "dims");
  const jval* gd = jget(G, "dims");
  const jval* xv = jget(X, "data");
  const jval* gv = jget(G, "data");
  const jval* yv = jget(Y, "data");
  CHECK(!strcmp(jget(X, "dtype")->str, "float32") && !strcmp(jget(G, "dtype")->str, "float32"),
        "%s: only float32 cases exist", path);
  const int rank = (int)xd->count - 2;
  int64_t x_shape[TW_GRIDSAMPLE_MAX_RANK + 2], grid_shape[TW_GRIDSAMPLE_MAX_RANK + 2];
  for (size_t i = 0; i < xd->count; i++) x_shape[i] = (int64_t)xd->items[i].num;
  for (size_t i = 0; i < gd->count; i++) grid_shape[i] = (int64_t)gd->items[i].num;
  float* x = malloc(xv->count * 4 + 4);
  float* g = malloc(gv->count * 4 + 4);
  float* y = malloc(yv->count * 4 + 4);
  for (size_t i = 0; i < xv->count; i++) x[i] = (float)jnumber(&xv->items[i]);
  for (size_t i = 0; i < gv->count; i++) g[i] = (float)jnumber(&gv->items[i]);
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    const int32_t st = tw_gridsample(TW_DTYPE_FLOAT32, x, xv->count * 4, rank, x_shape, TW_DTYPE_FLOAT32, g,
                                     gv->count * 4, grid_shape, mode, pad, align, 0.0, y, yv->count * 4);
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
  jfree(&root);
  free(text);
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
