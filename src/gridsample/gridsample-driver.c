/* The tile driver of GridSample (gridsample-driver.h). */
#include "gridsample-driver.h"

#include <stdlib.h>

tw_gs_tiling tw_gs_tiling_for(uint64_t items, uint64_t rows, uint64_t cols, size_t taps) {
  size_t points = (TW_GRIDSAMPLE_TILE_ENTRIES / taps) & ~(size_t)3;
  points = points < 4 ? 4 : points > TW_GRIDSAMPLE_TILE_MAX_POINTS ? TW_GRIDSAMPLE_TILE_MAX_POINTS : points;
  size_t tile_w = rows > 1 && points > TW_GRIDSAMPLE_TILE_WIDTH ? TW_GRIDSAMPLE_TILE_WIDTH : points;
  const uint64_t cols_up = (cols + 3) & ~(uint64_t)3;
  if (tile_w > cols_up) tile_w = (size_t)cols_up;
  size_t tile_h = points / tile_w;
  if (tile_h > rows) tile_h = (size_t)rows;
  const tw_gs_tiling tiling = {items, rows, cols, tile_w, tile_h};
  return tiling;
}

void tw_gs_drive(const tw_gs_tiling* tiling, const tw_gs_walk* walk) {
  for (uint64_t item = 0; item < tiling->items; item++) {
    for (uint64_t row0 = 0; row0 < tiling->rows; row0 += tiling->tile_h) {
      tw_gs_tile_at at = {item, row0, 0, 0, 0};
      at.rows = (size_t)(tiling->rows - row0 < tiling->tile_h ? tiling->rows - row0 : tiling->tile_h);
      if (walk->warm_band) walk->warm_band(walk->ctx, item, row0, at.rows);
      for (uint64_t col0 = 0; col0 < tiling->cols; col0 += tiling->tile_w) {
        at.col0 = col0;
        at.count = (size_t)(tiling->cols - col0 < tiling->tile_w ? tiling->cols - col0 : tiling->tile_w);
        walk->tile(walk->ctx, &at);
      }
    }
  }
}

int tw_gs_should_warm(const tw_gs_tiling* tiling, uint64_t streamed_bytes) {
  return tiling->cols > tiling->tile_w && streamed_bytes >= TW_GRIDSAMPLE_WARM_MIN_BYTES;
}

void tw_gs_warm(const void* p, size_t bytes) {
  const unsigned char* b = p;
  uint32_t sum = 0;
  for (size_t i = 0; i < bytes; i += 64) sum += b[i];
  volatile uint32_t sink = sum; /* a volatile store the compiler must keep, and with it the reads */
  (void)sink;
}

/* Layout: weights (8-aligned from malloc), indices, masks, extra, group flags. */
void* tw_gs_alloc_plan(const tw_gs_tiling* tiling, size_t taps, size_t taps_per_axis, size_t weight_size,
                       int masked, size_t extra_bytes, tw_gridsample_plan* plan, void** extra) {
  const size_t points = tiling->tile_w * tiling->tile_h;
  const size_t entries = points * taps;
  const size_t weight_bytes = entries * weight_size;
  const size_t index_bytes = entries * 4;
  const size_t mask_bytes = masked ? entries * 4 : 0;
  const size_t extra_at = weight_bytes + index_bytes + mask_bytes;
  unsigned char* scratch = malloc(extra_at + extra_bytes + points / 4);
  if (!scratch) return NULL;
  plan->taps = taps;
  plan->taps_per_axis = taps_per_axis;
  plan->w64 = weight_size == 8 ? (double*)(void*)scratch : NULL;
  plan->w32 = weight_size == 4 ? (float*)(void*)scratch : NULL;
  plan->index = (uint32_t*)(void*)(scratch + weight_bytes);
  plan->mask = masked ? plan->index + entries : NULL;
  plan->flags = scratch + extra_at + extra_bytes;
  plan->compact = 0;
  *extra = extra_bytes ? scratch + extra_at : NULL;
  return scratch;
}
