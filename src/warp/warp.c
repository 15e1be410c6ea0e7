/* The warp entries (warp.h): the one-shot calls (tw_image_warp,
 * tw_image_remap) prepare a plan, run their band and release it; the handle
 * calls keep the plan in a table of live plans between calls, so that a
 * caller running many bands validates, inverts and allocates once. A handle
 * is never trusted: it is looked up (slot and generation) in the table, and
 * a stale, released or made-up handle is TW_INVALID_ARGUMENT. */
#include <stdlib.h>

#include "common/heap.h"
#include "common/status.h"
#include "warp-plan.h"
#include "warp.h"

/* ---- one-shot entries -------------------------------------------------------- */

static int32_t run_once(const tw_warp_geometry* g, const uint8_t* src, size_t src_bytes, uint8_t* dst,
                        size_t dst_bytes, int32_t row0, int32_t rows) {
  tw_warp_plan plan;
  tw_status status = tw_warp_plan_prepare(&plan, g);
  if (status != TW_OK) return status;
  status = tw_warp_check_band(&plan, src, src_bytes, dst, dst_bytes, row0, rows);
  if (status == TW_OK && dst_bytes != 0) tw_warp_plan_rows(&plan, src, dst, row0, rows);
  tw_warp_plan_release(&plan);
  return status;
}

int32_t tw_image_warp(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height, int32_t channels,
                      const double* matrix, int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill,
                      uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height, int32_t row0,
                      int32_t rows) {
  const tw_warp_geometry g = {.src_width = src_width, .src_height = src_height, .channels = channels,
                              .kind = perspective ? TW_WARP_KIND_PERSPECTIVE : TW_WARP_KIND_AFFINE,
                              .perspective = perspective, .matrix = matrix, .interpolation = interpolation,
                              .border = border, .fill = fill, .dst_width = dst_width, .dst_height = dst_height};
  return run_once(&g, src, src_bytes, dst, dst_bytes, row0, rows);
}

int32_t tw_image_remap(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height, int32_t channels,
                       const float* map_x, const float* map_y, size_t map_bytes, int32_t interpolation, int32_t border,
                       uint32_t fill, uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height,
                       int32_t row0, int32_t rows) {
  const tw_warp_geometry g = {.src_width = src_width, .src_height = src_height, .channels = channels,
                              .kind = TW_WARP_KIND_REMAP, .map_x = map_x, .map_y = map_y, .map_bytes = map_bytes,
                              .interpolation = interpolation, .border = border, .fill = fill,
                              .dst_width = dst_width, .dst_height = dst_height};
  return run_once(&g, src, src_bytes, dst, dst_bytes, row0, rows);
}

/* ---- handles -------------------------------------------------------------------- */

/* handle = generation * TW_WARP_SLOTS + slot, generation >= 1 (0 is never a handle). */
#define TW_WARP_SLOTS 64
#define TW_WARP_MAX_GENERATION (1u << 24)

static struct {
  uint32_t generation; /* of the plan in the slot, or of the last one (stale handles stay stale) */
  tw_warp_plan* plan;  /* NULL: free */
} slots[TW_WARP_SLOTS];

static tw_warp_plan* lookup(uint32_t handle) {
  const uint32_t slot = handle % TW_WARP_SLOTS, generation = handle / TW_WARP_SLOTS;
  if (generation == 0 || slots[slot].plan == NULL || slots[slot].generation != generation) return NULL;
  return slots[slot].plan;
}

int32_t tw_warp_prepare(int32_t src_width, int32_t src_height, int32_t channels, const double* matrix,
                        int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill, int32_t dst_width,
                        int32_t dst_height, uint32_t* handle) {
  tw_status status = tw_check_heap_range("handle", handle, sizeof *handle);
  if (status == TW_OK) status = tw_check_parameter_range("matrix", matrix, (perspective == 1 ? 9 : 6) * sizeof(double));
  if (status != TW_OK) return status;
  uint32_t slot = 0;
  while (slot < TW_WARP_SLOTS && slots[slot].plan) slot++;
  if (slot == TW_WARP_SLOTS) {
    return tw_fail(TW_UNSUPPORTED, "handle: %d prepared warps are live; release one first", TW_WARP_SLOTS);
  }
  tw_warp_plan* plan = malloc(sizeof *plan);
  if (!plan) return tw_fail(TW_OUT_OF_MEMORY, "handle: could not allocate a prepared warp");
  const tw_warp_geometry g = {.src_width = src_width, .src_height = src_height, .channels = channels,
                              .kind = perspective ? TW_WARP_KIND_PERSPECTIVE : TW_WARP_KIND_AFFINE,
                              .perspective = perspective, .matrix = matrix, .interpolation = interpolation,
                              .border = border, .fill = fill, .dst_width = dst_width, .dst_height = dst_height};
  status = tw_warp_plan_prepare(plan, &g);
  if (status != TW_OK) {
    free(plan);
    return status;
  }
  const uint32_t generation = slots[slot].generation % (TW_WARP_MAX_GENERATION - 1) + 1;
  slots[slot].generation = generation;
  slots[slot].plan = plan;
  *handle = generation * TW_WARP_SLOTS + slot;
  return TW_OK;
}

int32_t tw_warp_run(uint32_t handle, const uint8_t* src, size_t src_bytes, uint8_t* dst, size_t dst_bytes,
                    int32_t row0, int32_t rows) {
  tw_warp_plan* plan = lookup(handle);
  if (!plan) return tw_fail(TW_INVALID_ARGUMENT, "handle: %u is not a live prepared warp", (unsigned)handle);
  const tw_status status = tw_warp_check_band(plan, src, src_bytes, dst, dst_bytes, row0, rows);
  if (status == TW_OK && dst_bytes != 0) tw_warp_plan_rows(plan, src, dst, row0, rows);
  return status;
}

int32_t tw_warp_release(uint32_t handle) {
  tw_warp_plan* plan = lookup(handle);
  if (!plan) return tw_fail(TW_INVALID_ARGUMENT, "handle: %u is not a live prepared warp", (unsigned)handle);
  tw_warp_plan_release(plan);
  free(plan);
  slots[handle % TW_WARP_SLOTS].plan = NULL;
  return TW_OK;
}
