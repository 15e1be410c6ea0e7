/* AveragePool band planner (tw_avgpool_band_plan, see avgpool.h): where a
 * large call may be cut along the first spatial axis, and the pads each
 * piece needs, so that the pieces reproduce the whole call bit for bit. */
#include "avgpool-plan.h"
#include "common/checked.h"
#include "common/heap.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Output rows [begin, end) as a call of their own on input rows [lo, hi):
 * window o of the band starts at o·s - pb' in band coordinates, the input
 * row of window begin + o of the whole axis. A band ending before the last
 * window gets exactly the end pad its last window reaches (none if it ends in
 * the data), so its length is a whole number of strides and ceil_mode
 * changes nothing; the last band keeps the axis's end and end pad. */
static void describe_band(const tw_avgpool_axis* axis, int64_t begin, int64_t end, int64_t* band) {
  const int64_t span = (axis->kernel - 1) * axis->dilation + 1;
  const int64_t lo = max64(0, begin * axis->stride - axis->pad_begin);
  const int last = end == axis->out;
  const int64_t reach = (end - 1) * axis->stride - axis->pad_begin + span; /* one past the band's last tap */
  const int64_t hi = last ? axis->in : min64(axis->in, reach);
  band[TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] = begin;
  band[TW_AVGPOOL_BAND_FIELD_OUT_END] = end;
  band[TW_AVGPOOL_BAND_FIELD_IN_BEGIN] = lo;
  band[TW_AVGPOOL_BAND_FIELD_IN_END] = hi;
  band[TW_AVGPOOL_BAND_FIELD_PAD_BEGIN] = axis->pad_begin + lo - begin * axis->stride;
  band[TW_AVGPOOL_BAND_FIELD_PAD_END] = last ? axis->pad_end : max64(0, reach - hi);
}

/* Writes the start of every band (the first at 0) into OUT_BEGIN of band
 * slot i while i < capacity; returns how many there are. An edge b must
 * leave both bands a window that touches data (so each band has input rows),
 * and the last band must start at a window that fits in the padded axis (a
 * band whose only window overhangs, ceil mode, would be smaller than its
 * kernel). On a blocked axis the edges are whole groups from the first
 * interior window (window pb, as s = 1): an edge inside a group would change
 * the rounding. The edges are origin + k·step for the k that keep them in
 * (first_data, last_start]: counted in O(1), since the axis may be 2^62
 * windows long (pads that large are valid), and written only while there
 * is room. */
static int64_t band_starts(const tw_avgpool_axis* axis, int64_t rows_per_band, int64_t* bands, int64_t capacity) {
  if (capacity > 0) bands[TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] = 0;
  if (axis->in == 0) return 1; /* windows of padding only: one band */
  const int64_t span = (axis->kernel - 1) * axis->dilation + 1;
  const int64_t group = tw_avgpool_group_rows(axis);
  const int64_t step = max64(1, rows_per_band / group) * group;
  const int64_t origin = group > 1 ? axis->pad_begin : 0;
  const int64_t first_data = tw_avgpool_floor_div(max64(0, axis->pad_begin - span + 1) + axis->stride - 1, axis->stride);
  const int64_t last_start =
      min64(min64(axis->out - 1, tw_avgpool_floor_div(axis->in - 1 + axis->pad_begin, axis->stride)),
            tw_avgpool_floor_div(axis->in + axis->pad_begin + axis->pad_end - span, axis->stride));
  if (last_start <= origin) return 1; /* (also keeps last_start - origin from overflowing) */
  const int64_t k_first = max64(1, tw_avgpool_floor_div(first_data - origin, step) + 1), k_last = (last_start - origin) / step;
  const int64_t edges = k_last >= k_first ? k_last - k_first + 1 : 0;
  for (int64_t i = 0; i < edges && i + 1 < capacity; i++)
    bands[(i + 1) * TW_AVGPOOL_BAND_FIELD_COUNT + TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] = origin + (k_first + i) * step;
  return 1 + edges;
}

int32_t tw_avgpool_band_plan(int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                             const int64_t* strides, const int64_t* pads, const int64_t* dilations, int32_t ceil_mode,
                             int32_t auto_pad, int64_t rows_per_band, int64_t* bands, int64_t capacity,
                             int64_t* band_count) {
  tw_avgpool_axis axes[TW_AVGPOOL_MAX_SPATIAL_RANK];
  const tw_status status =
      tw_avgpool_resolve_axes(spatial_rank, x_shape, kernel, strides, pads, dilations, ceil_mode, auto_pad, axes);
  if (status != TW_OK) return status;
  if (rows_per_band < 1)
    return tw_fail(TW_INVALID_ARGUMENT, "rows_per_band = %lld: must be >= 1", (long long)rows_per_band);
  if (band_count == NULL) return tw_fail(TW_INVALID_ARGUMENT, "band_count: pointer is NULL");
  tw_avgpool_axis* axis = &axes[0];
  axis->blocked = spatial_rank >= 2 && tw_avgpool_axis_blocked(axis);
  /* More rows than the axis has is one band; the innermost axis is not cut. */
  if (rows_per_band > axis->out || spatial_rank == 1) rows_per_band = axis->out > 0 ? axis->out : 1;
  const int64_t count = band_starts(axis, rows_per_band, NULL, 0);
  if (bands != NULL) {
    if (capacity < count)
      return tw_fail(TW_INVALID_ARGUMENT, "capacity = %lld: the plan has %lld bands", (long long)capacity,
                     (long long)count);
    /* the bands written must lie in the heap (a caller's count is not trusted) */
    int overflow = 0;
    const uint64_t bytes = tw_mul_u64((uint64_t)count, TW_AVGPOOL_BAND_FIELD_COUNT * sizeof *bands, &overflow);
    if (overflow || !tw_fits_size(bytes))
      return tw_fail(TW_INVALID_ARGUMENT, "bands: %lld bands do not fit in memory", (long long)count);
    const tw_status range = tw_check_heap_range("bands", bands, (size_t)bytes);
    if (range != TW_OK) return range;
    band_starts(axis, rows_per_band, bands, count);
    for (int64_t i = 0; i < count; i++) {
      int64_t* band = bands + i * TW_AVGPOOL_BAND_FIELD_COUNT;
      const int64_t end = i + 1 < count ? band[TW_AVGPOOL_BAND_FIELD_COUNT + TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] : axis->out;
      describe_band(axis, band[TW_AVGPOOL_BAND_FIELD_OUT_BEGIN], end, band);
    }
  }
  *band_count = count;
  return TW_OK;
}
