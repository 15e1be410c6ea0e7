/* OpenCV's fixed-point resize driver (resize.h, "OpenCV arithmetic"): the
 * horizontal taps of every destination column once, then destination row by
 * row: the int32 horizontal rows of its (clamped) source rows, kept in as
 * many slots as the kernel has taps so that a row shared by neighbouring
 * destination rows is computed once, then the vertical kernel. */
#include <stdlib.h>

#include "common/checked.h"
#include "common/config.h"
#include "image/image.h"
#include "image/resize-internal.h"

typedef struct fixed_plan {
  const tw_resize_band* band;
  tw_resize_fixed_axis x, y;
  int64_t* x_first;
  int16_t* x_weights;
  int32_t x_lo, x_hi; /* columns [x_lo, x_hi) read no pixel outside the row */
  int32_t* slots;     /* x.taps rows of dst_width·channels int32 values */
  int64_t slot_row[4];
  size_t row_values;
  tw_resize_hfixed_fn* hfixed;
} fixed_plan;

/* The horizontal pass of source row j into slot k. */
static void horizontal(const fixed_plan* p, int64_t j, int32_t k) {
  const tw_resize_band* b = p->band;
  const size_t src_row_bytes = (size_t)b->src_width * (size_t)b->channels;
  const uint8_t* src = b->src + (size_t)(j - b->src_row) * src_row_bytes;
  int32_t* dst = p->slots + (size_t)k * p->row_values;
  const int32_t taps = p->x.taps;
  tw_resize_hfixed_edge__scalar(src, dst, 0, p->x_lo, b->channels, p->x_first, p->x_weights, taps, p->x.n);
  p->hfixed(src, dst, p->x_lo, p->x_hi, b->channels, p->x_first, p->x_weights, taps);
  tw_resize_hfixed_edge__scalar(src, dst, p->x_hi, b->dst_width, b->channels, p->x_first, p->x_weights, taps, p->x.n);
}

/* The slot holding source row j, computing it into a slot no tap of this
 * destination row still needs (there is one: at most `taps` distinct rows). */
static const int32_t* row_slot(fixed_plan* p, int64_t j, const int64_t* need) {
  const int32_t taps = p->x.taps;
  for (int32_t k = 0; k < taps; k++) {
    if (p->slot_row[k] == j) return p->slots + (size_t)k * p->row_values;
  }
  int32_t free_slot = 0;
  for (int32_t k = 0; k < taps; k++) {
    int needed = 0;
    for (int32_t t = 0; t < taps; t++) needed |= p->slot_row[k] == need[t];
    if (!needed) {
      free_slot = k;
      break;
    }
  }
  horizontal(p, j, free_slot);
  p->slot_row[free_slot] = j;
  return p->slots + (size_t)free_slot * p->row_values;
}

static void run_rows(fixed_plan* p) {
  const tw_resize_band* b = p->band;
  const int simd = tw_use_simd();
  tw_resize_vlinear_fn* vlinear = simd ? tw_resize_vlinear__wasmsimd : tw_resize_vlinear__scalar;
  tw_resize_vcubic_fn* vcubic = simd ? tw_resize_vcubic__wasmsimd : tw_resize_vcubic__scalar;
  const int32_t taps = p->y.taps;
  for (int64_t r = 0; r < b->dst_rows; r++) {
    int16_t w[4];
    const int64_t s = tw_resize_fixed_tap(&p->y, b->dst_row + r, w);
    int64_t need[4];
    for (int32_t k = 0; k < taps; k++) {
      const int64_t j = s + k;
      need[k] = j < 0 ? 0 : j >= p->y.n ? p->y.n - 1 : j;
    }
    const int32_t* rows[4];
    for (int32_t k = 0; k < taps; k++) rows[k] = row_slot(p, need[k], need);
    uint8_t* dst = b->dst + (size_t)r * p->row_values;
    if (taps == 2) {
      vlinear(rows[0], rows[1], w[0], w[1], p->row_values, dst);
    } else {
      vcubic(rows, w, p->row_values, dst);
    }
  }
}

/* x_first, x_weights and the columns whose taps all lie inside the row. */
static void column_taps(fixed_plan* p) {
  const int32_t width = p->band->dst_width, taps = p->x.taps;
  for (int32_t x = 0; x < width; x++) {
    p->x_first[x] = tw_resize_fixed_tap(&p->x, x, p->x_weights + (size_t)x * (size_t)taps);
  }
  int32_t lo = 0;
  while (lo < width && p->x_first[lo] < 0) lo++;
  int32_t hi = lo;
  while (hi < width && p->x_first[hi] + taps <= p->x.n) hi++;
  p->x_lo = lo;
  p->x_hi = hi;
}

tw_status tw_resize_fixed(const tw_resize_band* band, int32_t kind, double cubic_a) {
  fixed_plan p;
  p.band = band;
  tw_resize_fixed_axis_init(&p.x, band->src_width, band->dst_width, kind, cubic_a, 1);
  tw_resize_fixed_axis_init(&p.y, band->src_height, band->dst_height, kind, cubic_a, 0);
  p.row_values = (size_t)band->dst_width * (size_t)band->channels; /* <= dst bytes: fits */
  int overflow = 0;
  const uint64_t width = (uint64_t)band->dst_width, taps = (uint64_t)p.x.taps;
  uint64_t total = tw_mul_u64(width, sizeof(int64_t), &overflow);
  total = tw_add_u64(total, tw_mul_u64(width * taps, sizeof(int16_t), &overflow), &overflow);
  total = tw_add_u64(total, tw_mul_u64(taps * (uint64_t)p.row_values, sizeof(int32_t), &overflow), &overflow);
  void* block = overflow || !tw_fits_size(total) ? NULL : malloc((size_t)total);
  if (block == NULL) {
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: a %d-wide resize cannot allocate %llu bytes", (int)band->dst_width,
                   (unsigned long long)total);
  }
  p.x_first = block;                                                         /* 8-byte aligned: first */
  p.slots = (int32_t*)(p.x_first + band->dst_width);                         /* then 4-byte */
  p.x_weights = (int16_t*)(p.slots + (size_t)taps * p.row_values);           /* then 2-byte */
  for (int32_t k = 0; k < 4; k++) p.slot_row[k] = -1;
  p.hfixed = tw_use_simd() ? tw_resize_hfixed__wasmsimd : tw_resize_hfixed__scalar;
  column_taps(&p);
  run_rows(&p);
  free(block);
  return TW_OK;
}
