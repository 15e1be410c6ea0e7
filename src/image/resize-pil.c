/* PIL resize entry (resize-pil.h): argument checks, coefficient tables for
 * the band, and the driver that runs Pillow's passes over chunks of
 * destination rows. */
#include "image/resize-pil.h"

#include <stdlib.h>
#include <string.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "image/image-check.h"
#include "image/image.h"
#include "image/resize-checks.h"
#include "image/resize-pil-internal.h"

typedef struct geometry {
  int32_t src_width, src_height, dst_width, dst_height, channels, interpolation;
  double cubic_a;
} geometry;

static int pil_filter(int32_t interpolation) {
  return interpolation == TW_IMAGE_INTERPOLATION_LINEAR || interpolation == TW_IMAGE_INTERPOLATION_CUBIC ||
         interpolation == TW_IMAGE_INTERPOLATION_LANCZOS;
}

static tw_status check_geometry(const geometry* g) {
  const tw_status status = tw_resize_check_shape(g->src_width, g->src_height, g->dst_width, g->dst_height, g->channels);
  if (status != TW_OK) return status;
  if (!pil_filter(g->interpolation)) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: must be LINEAR, CUBIC or LANCZOS, got %d", (int)g->interpolation);
  }
  return tw_resize_check_source(g->src_width, g->src_height, g->dst_width, g->dst_height, g->cubic_a);
}

/* The source rows of destination rows [row, row + rows), rows >= 1: the
 * rows themselves when the height does not change (no vertical pass), else
 * the bounds of the end rows (bounds never move backwards as i grows). */
static void needed_rows(int64_t src_height, int64_t dst_height, int32_t interpolation, int64_t row, int64_t rows,
                        int64_t* first, int64_t* end) {
  if (src_height == dst_height) {
    *first = row;
    *end = row + rows;
    return;
  }
  tw_resize_pil_axis y;
  tw_resize_pil_axis_init(&y, src_height, dst_height, interpolation, -0.5);
  int32_t a, count_a, b, count_b;
  tw_resize_pil_bounds(&y, row, &a, &count_a);
  tw_resize_pil_bounds(&y, row + rows - 1, &b, &count_b);
  *first = a;
  *end = (int64_t)b + count_b;
}

tw_status tw_image_resize_pil_source_rows(int32_t src_height, int32_t dst_height, int32_t interpolation,
                                          int32_t dst_row, int32_t dst_rows, int32_t* range) {
  const geometry g = {1, src_height, 1, dst_height, 1, interpolation, -0.5};
  tw_status status = check_geometry(&g);
  if (status != TW_OK) return status;
  if (range == NULL) return tw_fail(TW_INVALID_ARGUMENT, "range: NULL");
  if ((status = tw_resize_check_dst_rows(dst_row, dst_rows, dst_height)) != TW_OK) return status;
  range[0] = range[1] = 0;
  if (dst_rows == 0) return TW_OK;
  int64_t first, end;
  needed_rows(src_height, dst_height, interpolation, dst_row, dst_rows, &first, &end);
  range[0] = (int32_t)first;
  range[1] = (int32_t)(end - first);
  return TW_OK;
}

/* One allocation, carved into the tables and the intermediate rows. Tables
 * exist only for the passes that run. */
typedef struct plan {
  int need_h, need_v;
  tw_resize_pil_axis x, y;
  int32_t *x_bounds, *y_bounds;
  tw_resize_pil_table x_table, y_table;
  uint8_t* rows;      /* intermediate rows (both passes only) */
  int64_t chunk_rows; /* how many `rows` holds */
  void* block;
} plan;

/* total += count·size in 64 bits, 0 on overflow */
static int add_bytes(uint64_t* total, uint64_t count, uint64_t size) {
  int overflow = 0;
  *total = tw_add_u64(*total, tw_mul_u64(count, size, &overflow), &overflow);
  return !overflow;
}

/* Bytes of one destination pixel's (row's) entries in the tables. */
static uint64_t table_bytes(const tw_resize_pil_axis* axis) {
  const uint64_t ksize = (uint64_t)axis->ksize;
  return (2 + ksize + 2 * ((ksize + 1) / 2)) * sizeof(int32_t);
}

/* Bounds, weights and halves of destination pixels [first, first + count)
 * of an axis, carved from `next`; returns what follows them. */
static int32_t* fill_table(const tw_resize_pil_axis* axis, int64_t first, int64_t count, int32_t* next,
                           double* scratch, int32_t** bounds, tw_resize_pil_table* table) {
  const size_t ksize = (size_t)axis->ksize, pairs = (ksize + 1) / 2;
  int32_t* k = next + (size_t)count * 2;
  uint32_t* halves = (uint32_t*)(k + (size_t)count * ksize);
  *bounds = next;
  for (int64_t i = 0; i < count; i++) {
    tw_resize_pil_weights(axis, first + i, &next[2 * i], &next[2 * i + 1], k + (size_t)i * ksize, scratch);
  }
  tw_resize_pil_split(k, ksize, (size_t)count, halves);
  *table = (tw_resize_pil_table){k, halves, ksize, pairs};
  return (int32_t*)(halves + (size_t)count * 2 * pairs);
}

static tw_status make_plan(plan* p, const geometry* g, int32_t dst_row, int64_t dst_rows, int64_t band_src_rows) {
  const uint64_t row_bytes = (uint64_t)g->dst_width * (uint64_t)g->channels;
  /* the doubles of one pixel's filter values first (malloc aligns them), then int32 tables, bytes last */
  const int64_t scratch = p->x.ksize > p->y.ksize ? p->x.ksize : p->y.ksize;
  uint64_t total = 0;
  int ok = add_bytes(&total, (uint64_t)scratch, sizeof(double));
  /* per destination pixel (row): bounds, ksize weights, and their halves (ksize rounded up to even) */
  if (p->need_h) ok = ok && add_bytes(&total, (uint64_t)g->dst_width, table_bytes(&p->x));
  if (p->need_v) ok = ok && add_bytes(&total, (uint64_t)dst_rows, table_bytes(&p->y));
  p->chunk_rows = 0;
  if (p->need_h && p->need_v) {
    p->chunk_rows = (int64_t)(TW_RESIZE_PIL_CHUNK_BYTES / row_bytes);
    if (p->chunk_rows < p->y.ksize) p->chunk_rows = p->y.ksize;
    /* a row's taps never reach past the band's source rows, so they cap a chunk */
    if (p->chunk_rows > band_src_rows) p->chunk_rows = band_src_rows;
    ok = ok && add_bytes(&total, (uint64_t)p->chunk_rows, row_bytes);
  }
  if (!ok || !tw_fits_size(total)) {
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: a %d x %d resize needs more than the address space", (int)g->dst_width,
                   (int)g->dst_height);
  }
  p->block = malloc(total ? (size_t)total : 1);
  if (p->block == NULL) {
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: cannot allocate %llu bytes", (unsigned long long)total);
  }
  double* w = p->block;
  int32_t* next = (int32_t*)(w + scratch);
  if (p->need_h) next = fill_table(&p->x, 0, g->dst_width, next, w, &p->x_bounds, &p->x_table);
  if (p->need_v) next = fill_table(&p->y, dst_row, dst_rows, next, w, &p->y_bounds, &p->y_table);
  p->rows = (uint8_t*)next;
  return TW_OK;
}

/* Both passes: destination rows in chunks. The horizontal pass fills
 * p->rows with the source rows a chunk reads (rows already there from the
 * previous chunk are moved, not recomputed), then the vertical pass writes
 * the chunk. */
static void run_both(const plan* p, const geometry* g, const uint8_t* src, int32_t src_row, uint8_t* dst,
                     int64_t dst_rows, tw_resize_pil_hpass_fn* hpass, tw_resize_pil_vpass_fn* vpass) {
  const size_t row_bytes = (size_t)g->dst_width * (size_t)g->channels;
  const size_t src_row_bytes = (size_t)g->src_width * (size_t)g->channels;
  const int32_t* yb = p->y_bounds;
  int64_t held_first = 0, held_end = 0; /* source rows in p->rows, row held_first at p->rows */
  for (int64_t r = 0; r < dst_rows;) {
    const int64_t first = yb[2 * r];
    int64_t end_row = r + 1;
    while (end_row < dst_rows && yb[2 * end_row] + yb[2 * end_row + 1] - first <= p->chunk_rows) end_row++;
    const int64_t end = (int64_t)yb[2 * (end_row - 1)] + yb[2 * (end_row - 1) + 1];
    int64_t kept = 0;
    if (first >= held_first && first < held_end) {
      kept = held_end - first;
      memmove(p->rows, p->rows + (size_t)(first - held_first) * row_bytes, (size_t)kept * row_bytes);
    }
    for (int64_t j = first + kept; j < end; j++) {
      hpass(src + (size_t)(j - src_row) * src_row_bytes, p->rows + (size_t)(j - first) * row_bytes, g->dst_width,
            g->channels, p->x_bounds, &p->x_table);
    }
    held_first = first;
    held_end = end;
    for (; r < end_row; r++) {
      vpass(p->rows + (size_t)(yb[2 * r] - first) * row_bytes, row_bytes, &p->y_table, (size_t)r, yb[2 * r + 1],
            row_bytes, dst + (size_t)r * row_bytes);
    }
  }
}

static void run(const plan* p, const geometry* g, const uint8_t* src, int32_t src_row, uint8_t* dst, int32_t dst_row,
                int64_t dst_rows) {
  const int simd = tw_use_simd();
  tw_resize_pil_hpass_fn* hpass = simd ? tw_resize_pil_hpass__wasmsimd : tw_resize_pil_hpass__scalar;
  tw_resize_pil_vpass_fn* vpass = simd ? tw_resize_pil_vpass__wasmsimd : tw_resize_pil_vpass__scalar;
  const size_t row_bytes = (size_t)g->dst_width * (size_t)g->channels;
  const size_t src_row_bytes = (size_t)g->src_width * (size_t)g->channels;
  if (p->need_h && p->need_v) {
    run_both(p, g, src, src_row, dst, dst_rows, hpass, vpass);
  } else if (p->need_h) { /* the same height: destination row r is source row r */
    for (int64_t r = 0; r < dst_rows; r++) {
      hpass(src + (size_t)(dst_row + r - src_row) * src_row_bytes, dst + (size_t)r * row_bytes, g->dst_width,
            g->channels, p->x_bounds, &p->x_table);
    }
  } else if (p->need_v) { /* the same width: the vertical pass reads the source */
    for (int64_t r = 0; r < dst_rows; r++) {
      vpass(src + (size_t)(p->y_bounds[2 * r] - src_row) * src_row_bytes, src_row_bytes, &p->y_table, (size_t)r,
            p->y_bounds[2 * r + 1], row_bytes, dst + (size_t)r * row_bytes);
    }
  } else {
    memcpy(dst, src + (size_t)(dst_row - src_row) * src_row_bytes, (size_t)dst_rows * row_bytes);
  }
}

tw_status tw_image_resize_pil(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height,
                              int32_t src_row, uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height,
                              int32_t dst_row, int32_t channels, int32_t interpolation, double cubic_a) {
  const geometry g = {src_width, src_height, dst_width, dst_height, channels, interpolation, cubic_a};
  tw_status status = check_geometry(&g);
  if (status != TW_OK) return status;
  int64_t src_rows, dst_rows;
  status = tw_resize_check_buffers(src, src_bytes, src_width, src_height, src_row, dst, dst_bytes, dst_width, dst_height,
                                   dst_row, channels, &src_rows, &dst_rows);
  if (status != TW_OK) return status;
  if (dst_rows == 0) return TW_OK;
  int64_t first, end;
  needed_rows(src_height, dst_height, interpolation, dst_row, dst_rows, &first, &end);
  if ((status = tw_resize_check_band_holds(dst_row, dst_rows, first, end, src_row, src_rows)) != TW_OK) return status;
  plan p = {0};
  p.need_h = src_width != dst_width;
  p.need_v = src_height != dst_height;
  tw_resize_pil_axis_init(&p.x, src_width, dst_width, interpolation, cubic_a);
  tw_resize_pil_axis_init(&p.y, src_height, dst_height, interpolation, cubic_a);
  if ((status = make_plan(&p, &g, dst_row, dst_rows, end - first)) != TW_OK) return status;
  run(&p, &g, src, src_row, dst, dst_row, dst_rows);
  free(p.block);
  return TW_OK;
}
