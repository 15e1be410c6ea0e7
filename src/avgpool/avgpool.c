/* AveragePool entry layer: validates everything the caller passes (dtype,
 * geometry, byte counts, pointers, overlap), builds the plan (window tables,
 * scratch layout, kernel choice) and hands it to the executor of the
 * accumulator type. Nothing is written to y before all checks have passed
 * and the scratch block has been allocated. */
#include <stdint.h>
#include <stdlib.h>

#include "avgpool-plan.h"
#include "common/checked.h"
#include "common/config.h"
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

/* Reserves `bytes` in the scratch layout at a 16-byte boundary; returns its offset. */
static uint64_t reserve(uint64_t* total, uint64_t bytes, int* overflow) {
  const uint64_t offset = *total;
  *total = tw_add_u64(offset, tw_add_u64(bytes, 15, overflow) & ~UINT64_C(15), overflow);
  return offset;
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

int32_t tw_avgpool(int32_t dtype, const void* x, size_t x_bytes, int32_t spatial_rank, const int64_t* x_shape,
                   const int64_t* kernel, const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                   int32_t ceil_mode, int32_t count_include_pad, int32_t auto_pad, void* y, size_t y_bytes) {
  /* 1. dtype: which accumulator, which adapters */
  tw_avgpool_plan plan = {0};
  int accumulate_f64;
  switch (dtype) {
    case TW_DTYPE_FLOAT32: accumulate_f64 = 0; break;
    case TW_DTYPE_FLOAT64: accumulate_f64 = 1; break;
    case TW_DTYPE_FLOAT16:
      accumulate_f64 = 0, plan.widen = tw_avgpool_widen_f16, plan.narrow = tw_avgpool_narrow_f16;
      break;
    case TW_DTYPE_BFLOAT16:
      accumulate_f64 = 0, plan.widen = tw_avgpool_widen_bf16, plan.narrow = tw_avgpool_narrow_bf16;
      break;
    case TW_DTYPE_UINT8:
      accumulate_f64 = 1, plan.widen = tw_avgpool_widen_u8, plan.narrow = tw_avgpool_narrow_u8;
      break;
    default:
      if (tw_dtype_bits(dtype) == 0 && dtype != TW_DTYPE_STRING)
        return tw_fail(TW_INVALID_ARGUMENT, "dtype = %d: not a tw_dtype value", (int)dtype);
      return tw_fail(TW_UNSUPPORTED,
                     "dtype = %d: AveragePool supports float32 (1), float64 (11), float16 (10), bfloat16 (16) "
                     "and uint8 (2)",
                     (int)dtype);
  }
  const uint64_t accumulator_bytes = accumulate_f64 ? sizeof(double) : sizeof(float);
  plan.x_element_bytes = tw_dtype_bits(dtype) / 8;

  /* 2. geometry */
  if (count_include_pad != 0 && count_include_pad != 1)
    return tw_fail(TW_INVALID_ARGUMENT, "count_include_pad = %d: must be 0 or 1", (int)count_include_pad);
  tw_status status =
      tw_avgpool_resolve_axes(spatial_rank, x_shape, kernel, strides, pads, dilations, ceil_mode, auto_pad, plan.axes);
  if (status != TW_OK) return status;
  const int32_t r = plan.rank = spatial_rank;

  /* 3. buffers: exact byte counts, no overlap */
  int overflow = 0;
  const uint64_t planes = tw_mul_u64((uint64_t)x_shape[0], (uint64_t)x_shape[1], &overflow);
  uint64_t in_plane = 1, out_plane = 1;
  for (int32_t i = 0; i < r; i++) {
    in_plane = tw_mul_u64(in_plane, (uint64_t)plan.axes[i].in, &overflow);
    out_plane = tw_mul_u64(out_plane, (uint64_t)plan.axes[i].out, &overflow);
  }
  int x_overflow = overflow, y_overflow = overflow;
  const uint64_t x_need = tw_mul_u64(tw_mul_u64(planes, in_plane, &x_overflow), plan.x_element_bytes, &x_overflow);
  const uint64_t y_need = tw_mul_u64(tw_mul_u64(planes, out_plane, &y_overflow), plan.x_element_bytes, &y_overflow);
  if ((status = check_buffer("x", x, x_bytes, x_need, x_overflow)) != TW_OK) return status;
  if ((status = check_buffer("y", y, y_bytes, y_need, y_overflow)) != TW_OK) return status;
  if ((uintptr_t)x % plan.x_element_bytes || (uintptr_t)y % plan.x_element_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "%s: not aligned to its %u-byte elements",
                   (uintptr_t)x % plan.x_element_bytes ? "x" : "y", (unsigned)plan.x_element_bytes);
  if (tw_ranges_overlap(x, x_bytes, y, y_bytes))
    return tw_fail(TW_INVALID_ARGUMENT, "x: overlaps y; AveragePool cannot run in place");
  if (y_bytes == 0) return TW_OK; /* N, C or an output length is 0: nothing to compute */
  plan.planes = planes;
  plan.in_plane = (size_t)in_plane; /* both fit: they are at most x_bytes / y_bytes (in_plane may be 0) */
  plan.out_plane = (size_t)out_plane;

  /* 4. scratch layout: window tables, then the accumulator buffers */
  uint64_t total = 0;
  uint64_t window_offset[TW_AVGPOOL_MAX_SPATIAL_RANK];
  for (int32_t i = 0; i < r; i++)
    window_offset[i] = reserve(&total, tw_mul_u64((uint64_t)plan.axes[i].out, sizeof(tw_avgpool_window), &overflow), &overflow);
  const uint64_t converted_offset =
      reserve(&total, plan.widen != NULL ? tw_mul_u64(in_plane, accumulator_bytes, &overflow) : 0, &overflow);
  uint64_t partial_elements[2] = {0, 0};
  for (int32_t a = 0; a + 2 < r; a++) {
    /* after reducing axes 0..a: O_0..O_a x D_{a+1}..D_{r-1} */
    uint64_t elements = 1;
    for (int32_t b = 0; b < r; b++)
      elements = tw_mul_u64(elements, (uint64_t)(b <= a ? plan.axes[b].out : plan.axes[b].in), &overflow);
    if (elements > partial_elements[a % 2]) partial_elements[a % 2] = elements;
  }
  const uint64_t partial_offset[2] = {
      reserve(&total, tw_mul_u64(partial_elements[0], accumulator_bytes, &overflow), &overflow),
      reserve(&total, tw_mul_u64(partial_elements[1], accumulator_bytes, &overflow), &overflow)};
  /* Axes 0..r-2 with stride 1 and dilation 1 sum their interior windows k
   * at a time (vblock); that needs an interior window, so k <= D_i. For
   * axis r-2 the k sums land in k accumulator rows. */
  int blocked[TW_AVGPOOL_MAX_SPATIAL_RANK] = {0};
  for (int32_t i = 0; i + 1 < r; i++) {
    const tw_avgpool_axis* axis = &plan.axes[i];
    blocked[i] = axis->stride == 1 && axis->dilation == 1 && axis->kernel >= TW_AVGPOOL_BLOCKED_MIN_TAPS &&
                 axis->kernel <= axis->in;
  }
  /* The k rows are padded by one cache line so that rows of a power-of-two
   * width do not all map to the same L1 set (vblock writes k of them per
   * column vector). */
  const uint64_t row_count = r >= 2 && blocked[r - 2] ? (uint64_t)plan.axes[r - 2].kernel : 1;
  const uint64_t width = r >= 2 ? (uint64_t)plan.axes[r - 1].in : 0;
  const uint64_t row_pitch = row_count > 1 ? ((width + 15) & ~UINT64_C(15)) + 64 / accumulator_bytes : width;
  const uint64_t rows_offset =
      reserve(&total, tw_mul_u64(tw_mul_u64(row_pitch, accumulator_bytes, &overflow), row_count, &overflow), &overflow);
  /* Long innermost kernels: hsum_split with m = floor(sqrt(k)) partial sums. */
  tw_avgpool_axis* innermost = &plan.axes[r - 1];
  if (innermost->stride == 1 && innermost->dilation == 1 && innermost->kernel >= TW_AVGPOOL_SPLIT_MIN_TAPS &&
      innermost->kernel <= innermost->in) {
    int64_t m = 1;
    while ((m + 1) * (m + 1) <= innermost->kernel) m++;
    innermost->split = m;
  }
  /* tmp: vblock's prefix row (axis r-2) or slab (outer axis a: D_{a+1}..D_{r-1}),
   * hsum_split's partial sums (at most D_r of them) */
  uint64_t tmp_elements = row_count > 1 || innermost->split ? (uint64_t)innermost->in : 0;
  for (int32_t a = 0; a + 2 < r; a++) {
    if (!blocked[a]) continue;
    uint64_t slab = 1;
    for (int32_t b = a + 1; b < r; b++) slab = tw_mul_u64(slab, (uint64_t)plan.axes[b].in, &overflow);
    if (slab > tmp_elements) tmp_elements = slab;
  }
  const uint64_t tmp_offset = reserve(&total, tw_mul_u64(tmp_elements, accumulator_bytes, &overflow), &overflow);
  const uint64_t out_row_offset = reserve(
      &total, plan.narrow != NULL ? tw_mul_u64((uint64_t)plan.axes[r - 1].out, accumulator_bytes, &overflow) : 0,
      &overflow);
  if (overflow || !tw_fits_size(total))
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: the working buffers for this shape exceed the address space");
  /* Never 0 bytes, so every region pointer below is a valid non-NULL pointer. */
  char* scratch = malloc(total > 0 ? (size_t)total : 16);
  if (scratch == NULL)
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: cannot allocate %llu bytes", (unsigned long long)total);

  /* 5. plan: window tables per axis, the blocked scheme where it pays, kernels */
  for (int32_t i = 0; i < r; i++)
    tw_avgpool_fill_windows(&plan.axes[i], count_include_pad, (tw_avgpool_window*)(scratch + window_offset[i]));
  for (int32_t i = 0; i < r; i++) plan.axes[i].blocked = blocked[i];
  plan.converted = scratch + converted_offset;
  plan.partial[0] = scratch + partial_offset[0];
  plan.partial[1] = scratch + partial_offset[1];
  plan.rows = scratch + rows_offset;
  plan.row_pitch = (size_t)row_pitch;
  plan.tmp = scratch + tmp_offset;
  plan.out_row = scratch + out_row_offset;
  const int simd = tw_use_simd();
  plan.f32 = simd ? TW_AVGPOOL_KERNEL_TABLE(f32, wasmsimd) : TW_AVGPOOL_KERNEL_TABLE(f32, scalar);
  plan.f64 = simd ? TW_AVGPOOL_KERNEL_TABLE(f64, wasmsimd) : TW_AVGPOOL_KERNEL_TABLE(f64, scalar);

  /* 6. run */
  if (accumulate_f64) {
    tw_avgpool_run_f64(&plan, x, y);
  } else {
    tw_avgpool_run_f32(&plan, x, y);
  }
  free(scratch);
  return TW_OK;
}
