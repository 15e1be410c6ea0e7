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

/* ---- a minimal JSON reader (objects, arrays, numbers, strings, literals) ---- */

typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } json_type;

typedef struct json {
  json_type type;
  double number;
  char* string;        /* J_STRING */
  struct json* items;  /* J_ARRAY / J_OBJECT values */
  char** keys;         /* J_OBJECT */
  size_t count;
} json;

typedef struct reader {
  const char* p;
  int failed;
} reader;

static void skip_space(reader* r) {
  while (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t') r->p++;
}

static char* parse_string_raw(reader* r) {
  if (*r->p != '"') {
    r->failed = 1;
    return NULL;
  }
  r->p++;
  const char* start = r->p;
  size_t length = 0;
  char* out = malloc(strlen(start) + 1);
  while (*r->p && *r->p != '"') {
    if (*r->p == '\\') {
      r->p++;
      const char c = *r->p;
      out[length++] = c == 'n' ? '\n' : c == 't' ? '\t' : c; /* \uXXXX does not occur in these files */
    } else {
      out[length++] = *r->p;
    }
    r->p++;
  }
  if (*r->p != '"') r->failed = 1;
  else r->p++;
  out[length] = 0;
  return out;
}

static json parse_value(reader* r);

static json parse_container(reader* r, int object) {
  json v = {.type = object ? J_OBJECT : J_ARRAY};
  size_t capacity = 0;
  r->p++;
  skip_space(r);
  const char close = object ? '}' : ']';
  if (*r->p == close) {
    r->p++;
    return v;
  }
  for (;;) {
    skip_space(r);
    char* key = NULL;
    if (object) {
      key = parse_string_raw(r);
      skip_space(r);
      if (*r->p != ':') r->failed = 1;
      else r->p++;
    }
    if (r->failed) return v;
    json item = parse_value(r);
    if (v.count == capacity) {
      capacity = capacity ? 2 * capacity : 8;
      v.items = realloc(v.items, capacity * sizeof(json));
      if (object) v.keys = realloc(v.keys, capacity * sizeof(char*));
    }
    v.items[v.count] = item;
    if (object) v.keys[v.count] = key;
    v.count++;
    skip_space(r);
    if (*r->p == ',') {
      r->p++;
      continue;
    }
    if (*r->p == close) {
      r->p++;
      return v;
    }
    r->failed = 1;
    return v;
  }
}

static json parse_value(reader* r) {
  skip_space(r);
  json v = {.type = J_NULL};
  if (*r->p == '{') return parse_container(r, 1);
  if (*r->p == '[') return parse_container(r, 0);
  if (*r->p == '"') {
    v.type = J_STRING;
    v.string = parse_string_raw(r);
    return v;
  }
  if (strncmp(r->p, "null", 4) == 0) {
    r->p += 4;
    return v;
  }
  if (strncmp(r->p, "true", 4) == 0 || strncmp(r->p, "false", 5) == 0) {
    v.type = J_BOOL;
    v.number = r->p[0] == 't';
    r->p += r->p[0] == 't' ? 4 : 5;
    return v;
  }
  char* end;
  v.type = J_NUMBER;
  v.number = strtod(r->p, &end);
  if (end == r->p) r->failed = 1;
  r->p = end;
  return v;
}

static void json_free(json* v) {
  free(v->string);
  for (size_t i = 0; i < v->count; i++) {
    json_free(&v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
}

static const json* get(const json* object, const char* key) {
  if (object == NULL || object->type != J_OBJECT) return NULL;
  for (size_t i = 0; i < object->count; i++)
    if (strcmp(object->keys[i], key) == 0) return &object->items[i];
  return NULL;
}

/* A number, or one of the strings "NaN", "Infinity", "-Infinity". */
static double number_of(const json* v) {
  if (v->type == J_STRING) {
    if (strcmp(v->string, "NaN") == 0) return NAN;
    if (strcmp(v->string, "Infinity") == 0) return INFINITY;
    if (strcmp(v->string, "-Infinity") == 0) return -INFINITY;
    return strtod(v->string, NULL);
  }
  return v->number;
}

static char* read_text(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc((size_t)size + 1);
  const size_t got = fread(text, 1, (size_t)size, f);
  fclose(f);
  text[got] = 0;
  return text;
}

static int load_json(const char* path, json* out) {
  char* text = read_text(path);
  if (text == NULL) return 0;
  reader r = {text, 0};
  *out = parse_value(&r);
  free(text);
  if (r.failed) json_free(out);
  return !r.failed;
}

/* ---- the cases ------------------------------------------------------------- */

static int ints(const json* array, int64_t* out, int max) {
  if (array == NULL || array->type != J_ARRAY || (int)array->count > max) return -1;
  for (size_t i = 0; i < array->count; i++) out[i] = (int64_t)array->items[i].number;
  return (int)array->count;
}

static int run_case(const char* dir, const json* entry, int* skipped) {
  const char* file = get(entry, "file")->string;
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  json c;
  if (!load_json(path, &c)) {
    CHECK(0, "%s: cannot read or parse", path);
    return 0;
  }
  const json* attributes = get(&c, "attributes");
  const json* input = &get(&c, "inputs")->items[0];
  const json* output = &get(&c, "outputs")->items[0];
  if (strcmp(get(input, "dtype")->string, "float32") != 0) {
    printf("SKIP %s: dtype %s (this runner reads float32 cases only)\n", file, get(input, "dtype")->string);
    (*skipped)++;
    json_free(&c);
    return 1;
  }
  int64_t x_shape[8], y_dims[8], kernel[6], strides[6] = {1, 1, 1, 1, 1, 1}, dilations[6] = {1, 1, 1, 1, 1, 1},
                                              pads[12] = {0};
  const int rank = ints(get(input, "dims"), x_shape, 8);
  const int y_rank = ints(get(output, "dims"), y_dims, 8);
  const int r = rank - 2;
  CHECK(ints(get(attributes, "kernel_shape"), kernel, 6) == r, "%s: kernel_shape", file);
  if (get(attributes, "strides")) ints(get(attributes, "strides"), strides, 6);
  if (get(attributes, "dilations")) ints(get(attributes, "dilations"), dilations, 6);
  if (get(attributes, "pads")) ints(get(attributes, "pads"), pads, 12);
  const int32_t ceil_mode = get(attributes, "ceil_mode") ? (int32_t)get(attributes, "ceil_mode")->number : 0;
  const int32_t cip =
      get(attributes, "count_include_pad") ? (int32_t)get(attributes, "count_include_pad")->number : 0;
  int32_t auto_pad = TW_AVGPOOL_AUTO_PAD_NOTSET;
  if (get(attributes, "auto_pad")) {
    const char* name = get(attributes, "auto_pad")->string;
    auto_pad = strcmp(name, "SAME_UPPER") == 0   ? TW_AVGPOOL_AUTO_PAD_SAME_UPPER
               : strcmp(name, "SAME_LOWER") == 0 ? TW_AVGPOOL_AUTO_PAD_SAME_LOWER
               : strcmp(name, "VALID") == 0      ? TW_AVGPOOL_AUTO_PAD_VALID
                                                 : TW_AVGPOOL_AUTO_PAD_NOTSET;
  }
  const json* hint = get(entry, "tolerance_hint");
  const double rtol = hint && get(hint, "rtol") ? get(hint, "rtol")->number : 1e-5;
  const double atol = hint && get(hint, "atol") ? get(hint, "atol")->number : 1e-6;

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
  const json* x_data = get(input, "data");
  const json* y_data = get(output, "data");
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
  if (dir == NULL || !load_json(path, &index)) {
    printf("%s: all cases skipped (conformance folder missing)\n", __FILE__);
    return 0;
  }
  const json* cases = get(&index, "cases");
  int run = 0, passed = 0, skipped = 0;
  for (size_t i = 0; cases && i < cases->count; i++) {
    const json* entry = &cases->items[i];
    if (strcmp(get(entry, "op")->string, "AveragePool") != 0) continue;
    run++;
    passed += run_case(dir, entry, &skipped);
  }
  /* 20 node cases at opset 22 and 5 PyTorch AvgPool cases (README.md) */
  CHECK(run == 25, "expected 25 AveragePool cases in %s/index.json, found %d", dir, run);
  printf("conformance (%s): %d AveragePool cases, %d passed, %d skipped\n", dir, run, passed - skipped, skipped);
  json_free(&index);
  return TEST_MAIN_RESULT();
}
