/* A small JSON reader for the native tests: the conformance case files
 * (shared/conformance/README.md) and their index.json.
 *
 *   json doc;
 *   if (json_load(path, &doc)) { ... json_get(&doc, "inputs") ...; json_free(&doc); }
 *
 * Numbers are doubles; true/false are JSON_BOOL with number 1/0. NaN and ±Inf
 * are not JSON numbers: the case files write them as the strings "NaN",
 * "Infinity", "-Infinity", which stay strings here and are the callers' to
 * interpret. Objects keep their keys in file order; json_get is a linear scan,
 * which is plenty for objects of a few keys.
 *
 * The parser is strict (no trailing commas, nothing after the value) so that a
 * truncated or hand-damaged case file fails to load instead of quietly running
 * fewer values. \uXXXX escapes are rejected rather than decoded: the case files
 * have none, and failing beats a silently wrong string.
 *
 * Everything is static inline so each test compiles only what it calls
 * without -Wunused-function tripping -Werror. */
#ifndef TW_TESTS_JSON_H
#define TW_TESTS_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json {
  json_type type;
  double number;      /* JSON_NUMBER; JSON_BOOL as 1 or 0 */
  char* string;       /* JSON_STRING, NUL-terminated, escapes decoded */
  struct json* items; /* JSON_ARRAY elements, JSON_OBJECT values */
  char** keys;        /* JSON_OBJECT: keys[i] names items[i] */
  size_t count;       /* of items (and keys) */
} json;

/* A test that runs out of memory cannot report anything useful; stop at once
 * rather than pass NULL on to the sanitizers. */
static inline void* json_realloc(void* p, size_t size) {
  p = realloc(p, size);
  if (p == NULL) {
    fprintf(stderr, "json.h: out of memory\n");
    abort();
  }
  return p;
}

/* The whole file as a NUL-terminated string (free it), or NULL if it cannot
 * be read. Read in chunks until EOF rather than sized with fseek/ftell, which
 * on a directory "succeeds" with a nonsense size. */
static inline char* json_read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  size_t length = 0, capacity = 1 << 16;
  char* text = json_realloc(NULL, capacity);
  for (;;) {
    length += fread(text + length, 1, capacity - 1 - length, f);
    if (length < capacity - 1) break; /* EOF or an error, told apart below */
    capacity *= 2;
    text = json_realloc(text, capacity);
  }
  const int failed = ferror(f); /* a partial read would look like a truncated file */
  fclose(f);
  if (failed) {
    free(text);
    return NULL;
  }
  text[length] = 0;
  return text;
}

static inline void json_free(json* v) {
  free(v->string);
  for (size_t i = 0; i < v->count; i++) {
    json_free(&v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  memset(v, 0, sizeof *v); /* JSON_NULL: a second json_free is harmless */
}

/* The value under key, or NULL if object is NULL, not an object, or has no
 * such key (so lookups chain: json_get(json_get(doc, "a"), "b")). */
static inline const json* json_get(const json* object, const char* key) {
  if (object == NULL || object->type != JSON_OBJECT) return NULL;
  for (size_t i = 0; i < object->count; i++)
    if (strcmp(object->keys[i], key) == 0) return &object->items[i];
  return NULL;
}

/* ---- the parser: recursive descent over a NUL-terminated text -------------- */

typedef struct json_parser {
  const char* p;
  int failed; /* once set, callers unwind; every value built so far stays freeable */
} json_parser;

static inline void json_skip_space(json_parser* r) {
  while (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t') r->p++;
}

/* A string at r->p (on its opening quote), decoded; NULL on failure. */
static inline char* json_parse_string(json_parser* r) {
  if (*r->p != '"') {
    r->failed = 1;
    return NULL;
  }
  const char* start = ++r->p;
  const char* end = start;
  while (*end && *end != '"') end += end[0] == '\\' && end[1] ? 2 : 1;
  if (*end != '"') { /* unterminated */
    r->failed = 1;
    return NULL;
  }
  /* Decoding only shortens, so the raw length is enough room. */
  char* out = json_realloc(NULL, (size_t)(end - start) + 1);
  size_t n = 0;
  for (const char* s = start; s < end; s++) {
    if (*s != '\\') {
      out[n++] = *s;
      continue;
    }
    switch (*++s) {
      case '"': out[n++] = '"'; break;
      case '\\': out[n++] = '\\'; break;
      case '/': out[n++] = '/'; break;
      case 'b': out[n++] = '\b'; break;
      case 'f': out[n++] = '\f'; break;
      case 'n': out[n++] = '\n'; break;
      case 'r': out[n++] = '\r'; break;
      case 't': out[n++] = '\t'; break;
      default: /* \uXXXX (see the top of the file) or not an escape at all */
        free(out);
        r->failed = 1;
        return NULL;
    }
  }
  out[n] = 0;
  r->p = end + 1;
  return out;
}

static inline json json_parse_value(json_parser* r);

/* An array or object at r->p (on its '[' or '{'). */
static inline json json_parse_container(json_parser* r) {
  const int object = *r->p == '{';
  const char close = object ? '}' : ']';
  json v = {.type = object ? JSON_OBJECT : JSON_ARRAY};
  size_t capacity = 0;
  r->p++;
  json_skip_space(r);
  if (*r->p == close) {
    r->p++;
    return v;
  }
  for (;;) {
    char* key = NULL;
    json_skip_space(r);
    if (object) {
      key = json_parse_string(r);
      json_skip_space(r);
      if (!r->failed && *r->p++ != ':') r->failed = 1;
      if (r->failed) {
        free(key);
        return v;
      }
    }
    if (v.count == capacity) {
      capacity = capacity ? 2 * capacity : 8;
      v.items = json_realloc(v.items, capacity * sizeof *v.items);
      if (object) v.keys = json_realloc(v.keys, capacity * sizeof *v.keys);
    }
    /* Stored even on failure, so json_free releases whatever it holds. */
    v.items[v.count] = json_parse_value(r);
    if (object) v.keys[v.count] = key;
    v.count++;
    if (r->failed) return v;
    json_skip_space(r);
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

static inline json json_parse_value(json_parser* r) {
  json v = {.type = JSON_NULL};
  json_skip_space(r);
  const char c = *r->p;
  if (c == '{' || c == '[') return json_parse_container(r);
  if (c == '"') {
    v.type = JSON_STRING;
    v.string = json_parse_string(r);
    return v;
  }
  if (strncmp(r->p, "null", 4) == 0) {
    r->p += 4;
    return v;
  }
  if (strncmp(r->p, "true", 4) == 0 || strncmp(r->p, "false", 5) == 0) {
    v.type = JSON_BOOL;
    v.number = c == 't';
    r->p += c == 't' ? 4 : 5;
    return v;
  }
  /* strtod alone would also take "nan", "inf", "+1" and hex, none of which is
   * JSON; a JSON number starts with '-' or a digit. */
  char* end = NULL;
  if (c == '-' || (c >= '0' && c <= '9')) v.number = strtod(r->p, &end);
  if (end == NULL || end == r->p) {
    r->failed = 1;
    return v;
  }
  v.type = JSON_NUMBER;
  r->p = end;
  return v;
}

/* Parses text (one JSON value, surrounded by whitespace at most) into *out.
 * Returns 1 on success; on failure returns 0 with *out freed (JSON_NULL). */
static inline int json_parse(const char* text, json* out) {
  json_parser r = {text, 0};
  *out = json_parse_value(&r);
  json_skip_space(&r);
  if (!r.failed && *r.p != 0) r.failed = 1; /* trailing garbage */
  if (r.failed) json_free(out);
  return !r.failed;
}

/* json_read_file + json_parse: 1 on success, 0 if the file cannot be read or
 * parsed (callers that must tell the two apart call those two themselves). */
static inline int json_load(const char* path, json* out) {
  char* text = json_read_file(path);
  if (text == NULL) {
    memset(out, 0, sizeof *out);
    return 0;
  }
  const int ok = json_parse(text, out);
  free(text);
  return ok;
}

#endif
