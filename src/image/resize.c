/* Resize entry (resize.h): argument checks, the path OpenCV's rules choose,
 * and the drivers of the nearest, block-mean and float paths (the fixed-point
 * one is resize-fixed.c). */
#include "image/resize.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "image/image-check.h"
#include "image/image.h"
#include "image/resize-checks.h"
#include "image/resize-internal.h"

typedef struct geometry {
  int32_t src_width, src_height, dst_width, dst_height, channels, interpolation, antialias;
  double cubic_a;
} geometry;

static tw_status check_geometry(const geometry* g) {
  const tw_status status = tw_resize_check_shape(g->src_width, g->src_height, g->dst_width, g->dst_height, g->channels);
  if (status != TW_OK) return status;
  if (g->interpolation == TW_IMAGE_INTERPOLATION_LANCZOS) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: LANCZOS is Pillow's filter, resized by tw_image_resize_pil");
  }
  if (g->interpolation < TW_IMAGE_INTERPOLATION_NEAREST || g->interpolation > TW_IMAGE_INTERPOLATION_AREA) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: unknown value %d", (int)g->interpolation);
  }
  if (g->antialias != 0 && g->antialias != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "antialias: must be 0 or 1, got %d", (int)g->antialias);
  }
  /* Pillow's arithmetic is its own entry; this one never guesses a caller meant it */
  if (g->antialias && (g->interpolation == TW_IMAGE_INTERPOLATION_LINEAR ||
                       g->interpolation == TW_IMAGE_INTERPOLATION_CUBIC)) {
    return tw_fail(TW_INVALID_ARGUMENT, "antialias: 1 with LINEAR or CUBIC is tw_image_resize_pil's (Pillow 9.4); "
                   "tw_image_resize takes 0 for them");
  }
  return tw_resize_check_source(g->src_width, g->src_height, g->dst_width, g->dst_height, g->cubic_a);
}

/* The paths of resize.h: NEAREST; FLOAT, the float32 two passes of
 * INTER_AREA's weighted mean; BOX, INTER_AREA's integer block means
 * (kx x ky); FIXED, OpenCV's fixed-point two passes (kind LINEAR, CUBIC or
 * AREA's blend). */
typedef enum route_path { ROUTE_NEAREST, ROUTE_FLOAT, ROUTE_BOX, ROUTE_FIXED } route_path;

typedef struct route {
  route_path path;
  int32_t kx, ky, kind;
} route;

/* An axis's scale n / m as OpenCV computes it (1 / (m / n) in double), and
 * whether it is an integer to within DBL_EPSILON (then *k is that integer). */
static double axis_scale(int64_t n, int64_t m, int* whole, int32_t* k) {
  const double scale = 1.0 / ((double)m / (double)n);
  const double rounded = nearbyint(scale);
  *whole = fabs(scale - rounded) < DBL_EPSILON;
  *k = (int32_t)rounded;
  return scale;
}

/* OpenCV 4.6's choice for a whole image (resize.h). */
static route route_of(const geometry* g) {
  route r = {ROUTE_FLOAT, 0, 0, g->interpolation};
  if (g->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    r.path = ROUTE_NEAREST;
    return r;
  }
  int whole_x, whole_y;
  const double sx = axis_scale(g->src_width, g->dst_width, &whole_x, &r.kx);
  const double sy = axis_scale(g->src_height, g->dst_height, &whole_y, &r.ky);
  const int fast = whole_x && whole_y;
  if (r.kind == TW_IMAGE_INTERPOLATION_LINEAR && fast && r.kx == 2 && r.ky == 2) r.kind = TW_IMAGE_INTERPOLATION_AREA;
  if (r.kind == TW_IMAGE_INTERPOLATION_AREA && sx >= 1.0 && sy >= 1.0) {
    r.path = fast ? ROUTE_BOX : ROUTE_FLOAT;
    return r;
  }
  r.path = ROUTE_FIXED;
  return r;
}

/* The source rows [*first, *end) that destination rows [row, row + rows)
 * read on a path (rows >= 1; only the heights of g are used). */
static void route_rows(const route* r, const geometry* g, int32_t row, int64_t rows, int64_t* first, int64_t* end) {
  if (r->path == ROUTE_BOX) {
    *first = (int64_t)row * r->ky;
    *end = (row + rows) * r->ky;
  } else if (r->path == ROUTE_FIXED) {
    tw_resize_fixed_axis y;
    tw_resize_fixed_axis_init(&y, g->src_height, g->dst_height, r->kind, g->cubic_a, 0);
    const int64_t top = tw_resize_fixed_tap(&y, row, NULL);
    const int64_t bottom = tw_resize_fixed_tap(&y, row + rows - 1, NULL) + y.taps - 1;
    *first = top < 0 ? 0 : top >= y.n ? y.n - 1 : top;
    *end = (bottom < 0 ? 0 : bottom >= y.n ? y.n - 1 : bottom) + 1;
  } else {
    /* the tap ranges never move backwards as i grows, so the ends decide */
    tw_resize_axis y;
    tw_resize_axis_init(&y, g->src_height, g->dst_height, r->kind);
    *first = tw_resize_axis_tap(&y, row, NULL);
    *end = tw_resize_axis_tap(&y, row + rows - 1, NULL) + y.taps;
  }
}

static void widen_range(const route* r, const geometry* g, int32_t row, int64_t rows, int64_t* first, int64_t* end) {
  int64_t f, e;
  route_rows(r, g, row, rows, &f, &e);
  if (f < *first) *first = f;
  if (e > *end) *end = e;
}

/* Without the widths the path is not known: the rows of every path the
 * heights allow (a band holding them holds what the real path reads). */
static void needed_rows_any_width(const geometry* g, int32_t row, int64_t rows, int64_t* first, int64_t* end) {
  route r = {ROUTE_FLOAT, 0, 0, g->interpolation};
  if (g->interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    route_rows(&r, g, row, rows, first, end);
    return;
  }
  int whole;
  const double sy = axis_scale(g->src_height, g->dst_height, &whole, &r.ky);
  r.path = ROUTE_FIXED; /* every kind, whatever the widths (AREA when the width grows) */
  route_rows(&r, g, row, rows, first, end);
  const int area = g->interpolation == TW_IMAGE_INTERPOLATION_AREA;
  if (whole && (area ? sy >= 1.0 : g->interpolation == TW_IMAGE_INTERPOLATION_LINEAR && r.ky == 2)) {
    r.path = ROUTE_BOX;
    widen_range(&r, g, row, rows, first, end);
  }
  if (area && sy >= 1.0) {
    r.path = ROUTE_FLOAT;
    widen_range(&r, g, row, rows, first, end);
  }
}

tw_status tw_image_resize_source_rows(int32_t src_height, int32_t dst_height, int32_t interpolation,
                                      int32_t antialias, double cubic_a, int32_t dst_row, int32_t dst_rows,
                                      int32_t* range) {
  const geometry g = {1, src_height, 1, dst_height, 1, interpolation, antialias, cubic_a};
  tw_status status = check_geometry(&g);
  if (status != TW_OK) return status;
  if (range == NULL) return tw_fail(TW_INVALID_ARGUMENT, "range: NULL");
  if ((status = tw_resize_check_dst_rows(dst_row, dst_rows, dst_height)) != TW_OK) return status;
  range[0] = range[1] = 0;
  if (dst_rows == 0) return TW_OK;
  int64_t first, end;
  needed_rows_any_width(&g, dst_row, dst_rows, &first, &end);
  range[0] = (int32_t)first;
  range[1] = (int32_t)(end - first);
  return TW_OK;
}

/* One allocation, carved into the tables and the horizontal-pass rows. */
typedef struct plan {
  tw_resize_axis x, y;
  int32_t *x_first, *y_first;
  float *x_weights, *y_weights, *rows;
  int64_t chunk_rows; /* horizontal-pass rows `rows` holds */
  void* block;
} plan;

static int add_bytes(uint64_t* total, uint64_t count, uint64_t size) {
  int overflow = 0;
  *total = tw_add_u64(*total, tw_mul_u64(count, size, &overflow), &overflow);
  return !overflow;
}

static tw_status make_plan(plan* p, const geometry* g, int32_t dst_row, int64_t dst_rows) {
  const int weighted = g->interpolation != TW_IMAGE_INTERPOLATION_NEAREST;
  const uint64_t row_floats = (uint64_t)g->dst_width * (uint64_t)g->channels;
  p->chunk_rows = (int64_t)(TW_RESIZE_CHUNK_BYTES / (row_floats * sizeof(float)));
  if (p->chunk_rows < p->y.taps) p->chunk_rows = p->y.taps;
  uint64_t total = 0;
  int ok = add_bytes(&total, (uint64_t)g->dst_width, sizeof(int32_t)) &&
           add_bytes(&total, (uint64_t)dst_rows, sizeof(int32_t));
  if (weighted) {
    ok = ok && add_bytes(&total, (uint64_t)g->dst_width * (uint64_t)p->x.taps, sizeof(float)) &&
         add_bytes(&total, (uint64_t)dst_rows * (uint64_t)p->y.taps, sizeof(float)) &&
         add_bytes(&total, (uint64_t)p->chunk_rows * row_floats, sizeof(float));
  }
  if (!ok || total > SIZE_MAX)
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: a %d x %d resize needs more than the address space",
                   (int)g->dst_width, (int)g->dst_height);
  p->block = malloc((size_t)total);
  if (p->block == NULL) return tw_fail(TW_OUT_OF_MEMORY, "scratch: cannot allocate %llu bytes",
                                       (unsigned long long)total);
  /* floats first (4-byte aligned like the int32 tables, so any order works) */
  float* f = p->block;
  p->rows = f;
  p->x_weights = weighted ? p->rows + p->chunk_rows * (int64_t)row_floats : f;
  p->y_weights = weighted ? p->x_weights + (int64_t)g->dst_width * p->x.taps : f;
  int32_t* i = (int32_t*)(weighted ? p->y_weights + dst_rows * p->y.taps : f);
  p->x_first = i;
  p->y_first = i + g->dst_width;
  for (int32_t x = 0; x < g->dst_width; x++) {
    p->x_first[x] = tw_resize_axis_tap(&p->x, x, weighted ? p->x_weights + (int64_t)x * p->x.taps : NULL);
  }
  for (int64_t r = 0; r < dst_rows; r++) {
    p->y_first[r] = tw_resize_axis_tap(&p->y, dst_row + r, weighted ? p->y_weights + r * p->y.taps : NULL);
  }
  return TW_OK;
}

static void run_nearest(const plan* p, const geometry* g, const uint8_t* src, int32_t src_row, uint8_t* dst,
                        int64_t dst_rows) {
  const size_t src_row_bytes = (size_t)g->src_width * (size_t)g->channels;
  const size_t dst_row_bytes = (size_t)g->dst_width * (size_t)g->channels;
  for (int64_t r = 0; r < dst_rows; r++) {
    tw_resize_nearest__scalar(src + (size_t)(p->y_first[r] - src_row) * src_row_bytes, dst + (size_t)r * dst_row_bytes,
                              g->dst_width, g->channels, p->x_first);
  }
}

/* Destination rows in chunks: the horizontal pass fills p->rows with the
 * source rows a chunk reads (rows already there from the previous chunk are
 * moved, not recomputed; rows no tap reads are left alone), then the
 * vertical pass writes the chunk. */
static void run_separable(const plan* p, const geometry* g, const uint8_t* src, int32_t src_row, uint8_t* dst,
                          int64_t dst_rows) {
  const int simd = tw_use_simd();
  tw_resize_hpass_fn* hpass = simd ? tw_resize_hpass__wasmsimd : tw_resize_hpass__scalar;
  tw_resize_vpass_fn* vpass = simd ? tw_resize_vpass__wasmsimd : tw_resize_vpass__scalar;
  const size_t row_floats = (size_t)g->dst_width * (size_t)g->channels;
  const size_t src_row_bytes = (size_t)g->src_width * (size_t)g->channels;
  const int32_t taps = p->y.taps;
  int64_t held_first = 0, held_end = 0; /* source rows in p->rows, row held_first at p->rows */
  for (int64_t r = 0; r < dst_rows;) {
    const int64_t first = p->y_first[r];
    int64_t end_row = r + 1;
    while (end_row < dst_rows && p->y_first[end_row] + taps - first <= p->chunk_rows) end_row++;
    const int64_t end = p->y_first[end_row - 1] + taps;
    int64_t kept = 0;
    if (first >= held_first && first < held_end) {
      kept = held_end - first;
      memmove(p->rows, p->rows + (size_t)(first - held_first) * row_floats, (size_t)kept * row_floats * sizeof(float));
    }
    /* only rows some tap reads */
    int64_t done = first + kept;
    for (int64_t t = r; t < end_row; t++) {
      for (int64_t j = done > p->y_first[t] ? done : p->y_first[t]; j < p->y_first[t] + taps; j++) {
        hpass(src + (size_t)(j - src_row) * src_row_bytes, p->rows + (size_t)(j - first) * row_floats, g->dst_width,
              g->channels, p->x_first, p->x_weights, p->x.taps);
      }
      if (p->y_first[t] + taps > done) done = p->y_first[t] + taps;
    }
    held_first = first;
    held_end = end;
    for (; r < end_row; r++) {
      vpass(p->rows + (size_t)(p->y_first[r] - first) * row_floats, row_floats, p->y_weights + r * taps, taps,
            row_floats, dst + (size_t)r * row_floats);
    }
  }
}

/* INTER_AREA with integer factors (resize.h): 2 x 2 blocks of 1, 3 or 4
 * channels by (a + b + c + d + 2) >> 2, any other block by its integer sum
 * times the float32 1 / (kx·ky). */
static tw_status run_box(const tw_resize_band* b, int32_t kx, int32_t ky) {
  const size_t src_row_bytes = (size_t)b->src_width * (size_t)b->channels; /* <= src_bytes */
  const size_t dst_row_bytes = (size_t)b->dst_width * (size_t)b->channels;
  const int simd = tw_use_simd();
  if (kx == 2 && ky == 2 && b->channels != 2) {
    tw_resize_box2_fn* box2 = simd ? tw_resize_box2__wasmsimd : tw_resize_box2__scalar;
    for (int64_t r = 0; r < b->dst_rows; r++) {
      const uint8_t* row0 = b->src + (size_t)((b->dst_row + r) * 2 - b->src_row) * src_row_bytes;
      box2(row0, row0 + src_row_bytes, b->dst_width, b->channels, b->dst + (size_t)r * dst_row_bytes);
    }
    return TW_OK;
  }
  /* a uint32 sum per source byte: in wasm32 a 1 GiB row's count would wrap */
  int overflow = 0;
  const uint64_t sums_bytes = tw_mul_u64((uint64_t)src_row_bytes, sizeof(uint32_t), &overflow);
  uint32_t* sums = overflow || !tw_fits_size(sums_bytes) ? NULL : malloc((size_t)sums_bytes);
  if (sums == NULL)
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: cannot allocate %llu bytes", (unsigned long long)sums_bytes);
  tw_resize_box_rows_fn* rows = simd ? tw_resize_box_rows__wasmsimd : tw_resize_box_rows__scalar;
  const uint64_t area = (uint64_t)kx * (uint64_t)ky;
  /* the SIMD columns keep a block's sum in 32 bits */
  tw_resize_box_cols_fn* cols = simd && area * 255 < ((uint64_t)1 << 32) ? tw_resize_box_cols__wasmsimd
                                                                          : tw_resize_box_cols__scalar;
  const float scale = 1.0f / (float)area;
  for (int64_t r = 0; r < b->dst_rows; r++) {
    const int64_t first = (b->dst_row + r) * ky;
    rows(b->src + (size_t)(first - b->src_row) * src_row_bytes, src_row_bytes, ky, src_row_bytes, sums);
    cols(sums, b->dst_width, b->channels, kx, scale, b->dst + (size_t)r * dst_row_bytes);
  }
  free(sums);
  return TW_OK;
}

tw_status tw_image_resize(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                          int32_t src_row, uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height,
                          int32_t dst_row, int32_t channels, int32_t interpolation, int32_t antialias,
                          double cubic_a) {
  const geometry g = {src_width, src_height, dst_width, dst_height, channels, interpolation, antialias, cubic_a};
  tw_status status = check_geometry(&g);
  if (status != TW_OK) return status;
  int64_t src_rows, dst_rows;
  status = tw_resize_check_buffers(src, src_bytes, src_width, src_height, src_row, dst, dst_bytes, dst_width, dst_height,
                                   dst_row, channels, &src_rows, &dst_rows);
  if (status != TW_OK) return status;
  if (dst_rows == 0) return TW_OK;
  const route r = route_of(&g);
  /* the rows tw_image_resize_source_rows names (a superset of those the path reads): the one band contract */
  int64_t first, end;
  needed_rows_any_width(&g, dst_row, dst_rows, &first, &end);
  if ((status = tw_resize_check_band_holds(dst_row, dst_rows, first, end, src_row, src_rows)) != TW_OK) return status;
  const tw_resize_band band = {src,       dst,        src_width, src_height, src_row,
                               dst_width, dst_height, dst_row,   channels,   dst_rows};
  if (r.path == ROUTE_BOX) return run_box(&band, r.kx, r.ky);
  if (r.path == ROUTE_FIXED) return tw_resize_fixed(&band, r.kind, cubic_a);
  plan p;
  tw_resize_axis_init(&p.x, src_width, dst_width, interpolation);
  tw_resize_axis_init(&p.y, src_height, dst_height, interpolation);
  if ((status = make_plan(&p, &g, dst_row, dst_rows)) != TW_OK) return status;
  if (interpolation == TW_IMAGE_INTERPOLATION_NEAREST) {
    run_nearest(&p, &g, src, src_row, dst, dst_rows);
  } else {
    run_separable(&p, &g, src, src_row, dst, dst_rows);
  }
  free(p.block);
  return TW_OK;
}
