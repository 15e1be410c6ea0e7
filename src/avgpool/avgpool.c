/* AveragePool entry layer: validates everything the caller passes (dtype,
 * geometry, byte counts, pointers, overlap), normalises it into a plan,
 * has avgpool-prepare.c complete the plan (schemes, scratch, window tables,
 * kernels) and hands it to the executor of the accumulator type
 * (avgpool-run.inc). Nothing is written to y before all checks have passed
 * and the scratch block has been allocated. */
#include <stdint.h>
#include <stdlib.h>

#include "avgpool-plan.h"
#include "common/checked.h"
#include "common/dtype.h"
#include "common/heap.h"

int32_t tw_avgpool_output_shape(int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                                const int64_t* strides, const int64_t* pads, const int64_t* dilations, int32_t ceil_mode,
                                int32_t auto_pad, int64_t* y_shape, int64_t* effective_pads) {
  tw_avgpool_axis axes[TW_AVGPOOL_MAX_SPATIAL_RANK];
  const tw_status status =
      tw_avgpool_resolve_axes(spatial_rank, x_shape, kernel, strides, pads, dilations, ceil_mode, auto_pad, axes);
  if (status != TW_OK) return status;
  if (y_shape == NULL) return tw_fail(TW_INVALID_ARGUMENT, "y_shape: pointer is NULL");
  y_shape[0] = x_shape[0];
  y_shape[1] = x_shape[1];
  for (int32_t i = 0; i < spatial_rank; i++) {
    y_shape[2 + i] = axes[i].out;
    if (effective_pads != NULL) {
      effective_pads[i] = axes[i].pad_begin;
      effective_pads[spatial_rank + i] = axes[i].pad_end;
    }
  }
  return TW_OK;
}

/* The accumulator type and the adapters from and to it. */
static tw_status choose_dtype(int32_t dtype, tw_avgpool_plan* plan, int* accumulate_f64) {
  switch (dtype) {
    case TW_DTYPE_FLOAT32: *accumulate_f64 = 0; break;
    case TW_DTYPE_FLOAT64: *accumulate_f64 = 1; break;
    case TW_DTYPE_FLOAT16:
      *accumulate_f64 = 0, plan->widen = tw_avgpool_widen_f16, plan->narrow = tw_avgpool_narrow_f16;
      break;
    case TW_DTYPE_BFLOAT16:
      *accumulate_f64 = 0, plan->widen = tw_avgpool_widen_bf16, plan->narrow = tw_avgpool_narrow_bf16;
      break;
    case TW_DTYPE_UINT8:
      *accumulate_f64 = 1, plan->widen = tw_avgpool_widen_u8, plan->narrow = tw_avgpool_narrow_u8;
      break;
    default:
      if (tw_dtype_bits(dtype) == 0 && dtype != TW_DTYPE_STRING)
        return tw_fail(TW_INVALID_ARGUMENT, "dtype = %d: not a tw_dtype value", (int)dtype);
#define TW_AVGPOOL_TYPE_NAME(T) " " #T
      return tw_fail(TW_UNSUPPORTED, "dtype = %d: AveragePool supports" TW_AVGPOOL_TYPES(TW_AVGPOOL_TYPE_NAME),
                     (int)dtype);
#undef TW_AVGPOOL_TYPE_NAME
  }
  plan->x_element_bytes = tw_dtype_bits(dtype) / 8;
  return TW_OK;
}

static tw_status check_buffer(const char* name, const void* pointer, size_t given, uint64_t needed, int overflow) {
  if (overflow)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: the shape's byte count does not fit in 64 bits", name);
  if ((uint64_t)given != needed)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: %s_bytes = %llu, but the shape needs %llu bytes", name, name,
                   (unsigned long long)given, (unsigned long long)needed);
  if (pointer == NULL && given != 0) return tw_fail(TW_INVALID_ARGUMENT, "%s: pointer is NULL", name);
  return tw_check_heap_range(name, pointer, given);
}

/* Exact byte counts, heap ranges, alignment and no overlap; sets planes, in_plane and
 * out_plane (the axes are resolved). */
static tw_status check_buffers(tw_avgpool_plan* plan, const int64_t* x_shape, const void* x, size_t x_bytes,
                               const void* y, size_t y_bytes) {
  int overflow = 0;
  const uint64_t planes = tw_mul_u64((uint64_t)x_shape[0], (uint64_t)x_shape[1], &overflow);
  uint64_t in_plane = 1, out_plane = 1;
  for (int32_t i = 0; i < plan->rank; i++) {
    in_plane = tw_mul_u64(in_plane, (uint64_t)plan->axes[i].in, &overflow);
    out_plane = tw_mul_u64(out_plane, (uint64_t)plan->axes[i].out, &overflow);
  }
  int x_overflow = overflow, y_overflow = overflow;
  const uint64_t x_need = tw_mul_u64(tw_mul_u64(planes, in_plane, &x_overflow), plan->x_element_bytes, &x_overflow);
  const uint64_t y_need = tw_mul_u64(tw_mul_u64(planes, out_plane, &y_overflow), plan->x_element_bytes, &y_overflow);
  tw_status status;
  if ((status = check_buffer("x", x, x_bytes, x_need, x_overflow)) != TW_OK) return status;
  if ((status = check_buffer("y", y, y_bytes, y_need, y_overflow)) != TW_OK) return status;
  if ((uintptr_t)x % plan->x_element_bytes || (uintptr_t)y % plan->x_element_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: not aligned to its %u-byte elements",
                   (uintptr_t)x % plan->x_element_bytes ? "x" : "y", (unsigned)plan->x_element_bytes);
  if (tw_ranges_overlap(x, x_bytes, y, y_bytes))
    return tw_fail(TW_INVALID_ARGUMENT, "x: overlaps y; AveragePool cannot run in place");
  plan->planes = planes;
  /* Both fit a size_t when y is not empty: they are at most x_bytes / y_bytes
   * then (planes >= 1). An empty y is never run. */
  plan->in_plane = (size_t)in_plane;
  plan->out_plane = (size_t)out_plane;
  return TW_OK;
}

/* The checks before the buffers: type, count_include_pad, geometry. */
static tw_status plan_call(tw_avgpool_plan* plan, int* accumulate_f64, int32_t dtype, int32_t spatial_rank,
                           const int64_t* x_shape, const int64_t* kernel, const int64_t* strides, const int64_t* pads,
                           const int64_t* dilations, int32_t ceil_mode, int32_t count_include_pad, int32_t auto_pad) {
  plan->rank = spatial_rank;
  tw_status status = choose_dtype(dtype, plan, accumulate_f64);
  if (status != TW_OK) return status;
  if (count_include_pad != 0 && count_include_pad != 1)
    return tw_fail(TW_INVALID_ARGUMENT, "count_include_pad = %d: must be 0 or 1", (int)count_include_pad);
  return tw_avgpool_resolve_axes(spatial_rank, x_shape, kernel, strides, pads, dilations, ceil_mode, auto_pad,
                                 plan->axes);
}

int32_t tw_avgpool_scratch_bytes(int32_t dtype, int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                                 const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                                 int32_t ceil_mode, int32_t count_include_pad, int32_t auto_pad,
                                 uint64_t* scratch_bytes) {
  tw_avgpool_plan plan = {0};
  int accumulate_f64;
  const tw_status status = plan_call(&plan, &accumulate_f64, dtype, spatial_rank, x_shape, kernel, strides, pads,
                                     dilations, ceil_mode, count_include_pad, auto_pad);
  if (status != TW_OK) return status;
  if (scratch_bytes == NULL) return tw_fail(TW_INVALID_ARGUMENT, "scratch_bytes: pointer is NULL");
  int overflow = 0;
  uint64_t in_plane = 1;
  for (int32_t i = 0; i < spatial_rank; i++) in_plane = tw_mul_u64(in_plane, (uint64_t)plan.axes[i].in, &overflow);
  if (overflow || !tw_fits_size(in_plane)) {
    *scratch_bytes = UINT64_MAX; /* x itself cannot exist */
    return TW_OK;
  }
  plan.in_plane = (size_t)in_plane;
  *scratch_bytes = tw_avgpool_scratch_size(&plan, accumulate_f64);
  return TW_OK;
}

int32_t tw_avgpool(int32_t dtype, const void* x, size_t x_bytes, int32_t spatial_rank, const int64_t* x_shape,
                   const int64_t* kernel, const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                   int32_t ceil_mode, int32_t count_include_pad, int32_t auto_pad, void* y, size_t y_bytes) {
  tw_avgpool_plan plan = {0};
  int accumulate_f64;
  tw_status status = plan_call(&plan, &accumulate_f64, dtype, spatial_rank, x_shape, kernel, strides, pads, dilations,
                               ceil_mode, count_include_pad, auto_pad);
  if (status != TW_OK) return status;
  if ((status = check_buffers(&plan, x_shape, x, x_bytes, y, y_bytes)) != TW_OK) return status;
  if (y_bytes == 0) return TW_OK; /* N, C or an output length is 0: nothing to compute */

  void* scratch;
  if ((status = tw_avgpool_prepare(&plan, accumulate_f64, count_include_pad, &scratch)) != TW_OK) return status;
  if (accumulate_f64) {
    tw_avgpool_run_f64(&plan, x, y);
  } else {
    tw_avgpool_run_f32(&plan, x, y);
  }
  free(scratch);
  return TW_OK;
}
