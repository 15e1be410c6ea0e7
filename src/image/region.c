/* crop / pad region maps: validate, then ask Pad's source-index rule. */
#include "region.h"

#include "common/heap.h"
#include "common/status.h"
#include "image-check.h"
#include "image.h"
#include "pad/pad-plan.h"

/* |before| beyond 2^62 could overflow o - before; no region that large exists. */
#define TW_IMAGE_REGION_MAX_OFFSET ((int64_t)1 << 62)

int32_t tw_image_region_map(int32_t length, int64_t before, int32_t count, int32_t border, int32_t* map,
                            size_t map_bytes) {
  if (length < 0 || count < 0)
    return tw_fail(TW_INVALID_ARGUMENT, "length: the source and region lengths must be >= 0, got %d and %d", length,
                   count);
  if (before > TW_IMAGE_REGION_MAX_OFFSET || before < -TW_IMAGE_REGION_MAX_OFFSET)
    return tw_fail(TW_INVALID_ARGUMENT, "before: %lld is out of range", (long long)before);
  const int mode = tw_image_pad_mode(border);
  if (mode < 0)
    return tw_fail(TW_INVALID_ARGUMENT, "border: expected 0 (constant), 1 (edge), 2 (reflect), 3 (symmetric) or 4 (wrap), got %d",
                   border);
  tw_status status = tw_image_check_extensible(length == 0 && count > 0, border);
  if (status != TW_OK) return status;
  const uint64_t need = (uint64_t)count * sizeof *map; /* in 64 bits: a wasm32 size_t would wrap past 2^30 entries */
  if ((uint64_t)map_bytes != need)
    return tw_fail(TW_INVALID_ARGUMENT, "map: %d entries need %llu bytes, got %zu", count, (unsigned long long)need,
                   map_bytes);
  status = tw_check_heap_range("map", map, map_bytes);
  if (status != TW_OK) return status;
  const tw_pad_axis axis = {.in_len = length, .out_len = count, .src_begin = 0, .src_len = length, .shift = before};
  for (int32_t o = 0; o < count; o++) map[o] = (int32_t)tw_pad_source_index(&axis, (tw_pad_mode)mode, o);
  return TW_OK;
}
