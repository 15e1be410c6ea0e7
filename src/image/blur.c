/* blur entry: validate, plan (divisor, lane width, scratch), then run a
 * band of rows with the kernels of blur-kernels.h: vertical running sums
 * over source rows, border lanes, horizontal sums and the quotient. Border
 * rows and columns are found by Pad's index rule (pad-plan.h), the one copy
 * of the padding rules. */
#include "blur.h"

#include <stdlib.h>
#include <string.h>

#include "blur-kernels.h"
#include "common/checked.h"
#include "common/config.h"
#include "common/heap.h"
#include "common/status.h"
#include "image-check.h"
#include "image.h"
#include "pad/pad-plan.h"

/* Nothing here is an inner loop (those are the kernels'): compiled for size,
 * which the wasm budget needs more than this per-row code needs speed. */
#ifdef __clang__
#pragma clang attribute push(__attribute__((minsize)), apply_to = function)
#endif

/* The smallest shift in [least, most] whose magic = ceil(2^shift / N) is at
 * most `magic_max` and exact up to `largest` (the proof in blur-kernels.h);
 * -1 if there is none. */
static int reciprocal_shift(uint64_t n, uint64_t largest, int least, int most, uint64_t magic_max) {
  for (int shift = least; shift <= most; shift++) {
    const uint64_t magic = ((UINT64_C(1) << shift) + n - 1) / n, excess = magic * n - (UINT64_C(1) << shift);
    if (magic > magic_max) return -1;
    if (largest * excess < (UINT64_C(1) << shift)) return shift;
  }
  return -1;
}

/* Prefers the SIMD kernel's dot form (odd N whose reciprocal fits int16 with
 * shift 16 or 17: 3x3, 5x5, 7x7 and their mixes among others), then the
 * wide form (255 N + half < 2^16). */
void tw_blur_divisor_init(tw_blur_divisor* d, uint64_t n) {
  d->n = n;
  d->half = 0;
  d->magic = 0;
  d->shift = 0;
  d->dot = 0;
  if (n > 256) return; /* 255 N + N / 2 would not fit 16 bits */
  const uint64_t half = n / 2, largest = 255 * n + half;
  int shift = n % 2 && largest <= INT16_MAX ? reciprocal_shift(n, largest, 16, 17, INT16_MAX) : -1;
  d->dot = shift >= 0;
  if (shift < 0) shift = reciprocal_shift(n, largest, 0, 31, UINT16_MAX);
  if (shift < 0) return;
  d->half = (uint32_t)half;
  d->magic = (uint32_t)(((UINT64_C(1) << shift) + n - 1) / n);
  d->shift = (uint32_t)shift;
}

/* ---- validation ------------------------------------------------------------ */

static tw_status check(const uint8_t* src, size_t src_bytes, int32_t width, int32_t height, int32_t channels,
                       int32_t box_width, int32_t box_height, int32_t border, const uint8_t* dst, size_t dst_bytes,
                       int32_t row0, int32_t rows) {
  tw_status status = tw_image_check_sides("img", width, height);
  if (status == TW_OK) status = tw_image_check_channels("channels", channels);
  if (status != TW_OK) return status;
  if (box_width < 1 || box_height < 1) return tw_fail(TW_INVALID_ARGUMENT, "size: sides must be >= 1");
  /* each factor < 2^32: the product fits 64 bits */
  if (((uint64_t)width + (uint64_t)box_width - 1) * ((uint64_t)height + (uint64_t)box_height - 1) >
      TW_BLUR_MAX_SPAN / (uint64_t)channels)
    return tw_fail(TW_INVALID_ARGUMENT, "size: span over 2^%d", (int)TW_BLUR_LIMIT_SPAN_LOG2);
  if (tw_image_pad_mode(border) < 0) return tw_fail(TW_INVALID_ARGUMENT, "border: unknown");
  if (row0 < 0 || rows < 0 || row0 > height - rows)
    return tw_fail(TW_INVALID_ARGUMENT, "row0/rows: not inside the image");
  status = tw_image_check_bytes("src_bytes", src_bytes, width, height, channels);
  if (status == TW_OK) status = tw_image_check_bytes("dst_bytes", dst_bytes, width, rows, channels);
  if (status == TW_OK) status = tw_image_check_buffers("src", src, src_bytes, "dst", dst, dst_bytes);
  return status;
}

/* ---- plan and rows ------------------------------------------------------------ */

typedef struct blur_plan {
  tw_blur_kernels k;
  tw_blur_divisor divisor;
  tw_pad_mode mode;
  tw_pad_axis rows, columns; /* a box row's or column's index (offset by top, left) -> source index (Pad's form) */
  const uint8_t* src;
  size_t lanes, channels, pixels, taps, left, pixel; /* pixels: width + taps; pixel: bytes of a pixel's lanes */
  uint8_t* ext;         /* pixels of lanes: the left border, the row's sums, the right border, the fill's sums */
  uint8_t* zero_row;    /* one row of zeros */
  uint8_t* fill_row;    /* CONSTANT: one row of fill bytes; otherwise zero_row */
} blur_plan;

static tw_pad_axis axis_of(int64_t length, int64_t box) {
  const tw_pad_axis axis = {.in_len = length, .out_len = length + box - 1, .src_begin = 0, .src_len = length,
                            .shift = box / 2};
  return axis;
}

/* Allocates the scratch block and fills what does not change between rows. */
static tw_status make_plan(blur_plan* p, int32_t width, int32_t height, int32_t channels, int32_t box_width,
                           int32_t box_height, int32_t border, uint32_t fill) {
  p->channels = (size_t)channels;
  p->lanes = (size_t)width * p->channels;
  p->taps = (size_t)box_width;
  p->pixels = (size_t)width + p->taps; /* <= 2^32 - 2: the span check */
  p->left = p->taps / 2;
  tw_blur_divisor_init(&p->divisor, (uint64_t)box_width * (uint64_t)box_height);
  const tw_blur_kernels scalar = {8, tw_blur_slide_row_u64__scalar, tw_blur_finish_row_u64__scalar};
  const tw_blur_kernels u16 = {2, tw_blur_slide_row_u16__wasmsimd, tw_blur_finish_row_u16__wasmsimd};
  p->k = tw_use_simd() && p->taps <= TW_BLUR_SIMD_MAX_TAPS && p->divisor.magic && p->lanes >= 32 ? u16 : scalar;
  p->pixel = p->channels * p->k.lane_bytes;
  p->mode = (tw_pad_mode)tw_image_pad_mode(border);
  p->rows = axis_of(height, box_height);
  p->columns = axis_of(width, box_width);
  /* < 2^38 after the span check: no overflow in 64 bits */
  const uint64_t ext_bytes = (uint64_t)p->pixels * p->pixel;
  const uint64_t row_bytes = (p->mode == TW_PAD_MODE_CONSTANT ? 2 : 1) * (uint64_t)p->lanes;
  if (!tw_fits_size(ext_bytes + row_bytes) || !(p->ext = malloc((size_t)(ext_bytes + row_bytes))))
    return tw_fail(TW_OUT_OF_MEMORY, "size: no memory for the sums");
  p->zero_row = p->ext + ext_bytes;
  p->fill_row = p->mode == TW_PAD_MODE_CONSTANT ? p->zero_row + p->lanes : p->zero_row;
  memset(p->zero_row, 0, p->lanes);
  for (size_t i = p->lanes; i < row_bytes; i++) p->zero_row[i] = (uint8_t)(fill >> (8 * (i % p->channels)));
  return TW_OK;
}

/* Box row y (it may lie outside the image): the source row's bytes, or the fill row. */
static const uint8_t* source_row(const blur_plan* p, int64_t y) {
  const int64_t r = tw_pad_source_index(&p->rows, p->mode, y + p->rows.shift);
  return r < 0 ? p->fill_row : p->src + (size_t)r * p->lanes;
}

/* A border column (ext pixel `to`: the left ones, then the right ones)
 * repeats the sums of the column it maps to; CONSTANT's columns, the sums of
 * the fill pixel (ext's last). */
static void copy_borders(const blur_plan* p) {
  for (size_t k = 0; k + 1 < p->taps; k++) {
    const size_t to = k < p->left ? k : k + p->pixels - p->taps; /* past the row's own sums */
    const int64_t column = tw_pad_source_index(&p->columns, p->mode, (int64_t)to);
    const size_t from = column < 0 ? p->pixels - 1 : p->left + (size_t)column;
    memcpy(p->ext + to * p->pixel, p->ext + from * p->pixel, p->pixel);
  }
}

static void run_rows(const blur_plan* p, int64_t box_height, uint8_t* dst, int64_t row0, int64_t rows) {
  uint8_t* acc = p->ext + p->left * p->pixel;
  memset(p->ext, 0, p->pixels * p->pixel);
  const int64_t top = p->rows.shift, bottom = box_height - 1 - top;
  for (int64_t y = row0 - top; y <= row0 + bottom; y++) {
    p->k.slide_row(acc, source_row(p, y), p->zero_row, p->lanes);
    p->k.slide_row(p->ext + (p->pixels - 1) * p->pixel, p->fill_row, p->zero_row, p->channels);
  }
  for (int64_t y = row0; y < row0 + rows; y++, dst += p->lanes) {
    if (y > row0) p->k.slide_row(acc, source_row(p, y + bottom), source_row(p, y - top - 1), p->lanes);
    copy_borders(p);
    p->k.finish_row(p->ext, dst, p->lanes, p->taps, p->channels, &p->divisor);
  }
}

int32_t tw_image_blur(const uint8_t* src, size_t src_bytes, int32_t width, int32_t height, int32_t channels,
                      int32_t box_width, int32_t box_height, int32_t border, uint32_t fill, uint8_t* dst,
                      size_t dst_bytes, int32_t row0, int32_t rows) {
  tw_status status = check(src, src_bytes, width, height, channels, box_width, box_height, border, dst, dst_bytes,
                           row0, rows);
  if (status != TW_OK || dst_bytes == 0) return status;
  blur_plan plan = {.src = src};
  status = make_plan(&plan, width, height, channels, box_width, box_height, border, fill);
  if (status != TW_OK) return status;
  run_rows(&plan, box_height, dst, row0, rows);
  free(plan.ext);
  return TW_OK;
}

#ifdef __clang__
#pragma clang attribute pop
#endif
