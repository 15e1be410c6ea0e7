/* AveragePool plan: the summation scheme of each axis, the layout of the one
 * scratch block (window tables, then the accumulator buffers), the window
 * tables and the kernel tables. The entry (avgpool.c) has validated
 * everything before; the executors (avgpool-run.inc) only follow the plan. */
#include <stdlib.h>

#include "avgpool-plan.h"
#include "common/checked.h"
#include "common/config.h"

int tw_avgpool_axis_blocked(const tw_avgpool_axis* axis) {
  return axis->stride == 1 && axis->dilation == 1 && axis->kernel >= TW_AVGPOOL_BLOCKED_MIN_TAPS &&
         axis->kernel <= axis->in;
}

/* Offsets of the scratch regions; total is the block's size. */
typedef struct scratch_layout {
  uint64_t windows[TW_AVGPOOL_MAX_SPATIAL_RANK];
  uint64_t converted, partial[2], rows, tmp, out_row;
  uint64_t row_pitch; /* accumulators from one summed row to the next */
  uint64_t total;
  int overflow;
} scratch_layout;

/* Reserves `bytes` at a 16-byte boundary; returns its offset. */
static uint64_t reserve(scratch_layout* layout, uint64_t bytes) {
  const uint64_t offset = layout->total;
  const uint64_t rounded = tw_add_u64(bytes, 15, &layout->overflow) & ~UINT64_C(15);
  layout->total = tw_add_u64(offset, rounded, &layout->overflow);
  return offset;
}

/* Axes 0..r-2 with stride 1 and dilation 1 sum their interior windows k at
 * a time (vblock); long innermost kernels use hsum_split with
 * m = floor(sqrt(k)) partial sums. */
static void choose_schemes(tw_avgpool_plan* plan) {
  const int32_t r = plan->rank;
  for (int32_t i = 0; i + 1 < r; i++) plan->axes[i].blocked = tw_avgpool_axis_blocked(&plan->axes[i]);
  tw_avgpool_axis* innermost = &plan->axes[r - 1];
  if (innermost->stride == 1 && innermost->dilation == 1 && innermost->kernel >= TW_AVGPOOL_SPLIT_MIN_TAPS &&
      innermost->kernel <= innermost->in) {
    int64_t m = 1;
    while ((m + 1) * (m + 1) <= innermost->kernel) m++;
    innermost->split = m;
  }
}

/* Elements of a partial plane after reducing outer axes 0..a:
 * O_0..O_a x D_{a+1}..D_{r-1}; the two buffers alternate by a's parity. */
static void reserve_partials(const tw_avgpool_plan* plan, uint64_t accumulator_bytes, scratch_layout* layout) {
  const int32_t r = plan->rank;
  uint64_t elements[2] = {0, 0};
  for (int32_t a = 0; a + 2 < r; a++) {
    uint64_t count = 1;
    for (int32_t b = 0; b < r; b++)
      count = tw_mul_u64(count, (uint64_t)(b <= a ? plan->axes[b].out : plan->axes[b].in), &layout->overflow);
    if (count > elements[a % 2]) elements[a % 2] = count;
  }
  for (int i = 0; i < 2; i++)
    layout->partial[i] = reserve(layout, tw_mul_u64(elements[i], accumulator_bytes, &layout->overflow));
}

/* The summed input rows of axis r-2: k of them when it is blocked (vblock
 * writes k rows per column vector), padded by one cache line so that rows of
 * a power-of-two width do not all map to the same L1 set; else one. */
static void reserve_rows(const tw_avgpool_plan* plan, uint64_t accumulator_bytes, scratch_layout* layout) {
  const int32_t r = plan->rank;
  const uint64_t row_count = r >= 2 && plan->axes[r - 2].blocked ? (uint64_t)plan->axes[r - 2].kernel : 1;
  const uint64_t width = r >= 2 ? (uint64_t)plan->axes[r - 1].in : 0;
  layout->row_pitch = row_count > 1 ? ((width + 15) & ~UINT64_C(15)) + 64 / accumulator_bytes : width;
  const uint64_t row_bytes = tw_mul_u64(layout->row_pitch, accumulator_bytes, &layout->overflow);
  layout->rows = reserve(layout, tw_mul_u64(row_bytes, row_count, &layout->overflow));
}

/* tmp: vblock's prefix row (axis r-2) or slab (outer axis a: D_{a+1}..D_{r-1}),
 * hsum_split's partial sums (at most D_r of them). */
static uint64_t tmp_elements(const tw_avgpool_plan* plan, int* overflow) {
  const int32_t r = plan->rank;
  const tw_avgpool_axis* innermost = &plan->axes[r - 1];
  const int rows_blocked = r >= 2 && plan->axes[r - 2].blocked;
  uint64_t elements = rows_blocked || innermost->split ? (uint64_t)innermost->in : 0;
  for (int32_t a = 0; a + 2 < r; a++) {
    if (!plan->axes[a].blocked) continue;
    uint64_t slab = 1;
    for (int32_t b = a + 1; b < r; b++) slab = tw_mul_u64(slab, (uint64_t)plan->axes[b].in, overflow);
    if (slab > elements) elements = slab;
  }
  return elements;
}

static void lay_out(const tw_avgpool_plan* plan, uint64_t accumulator_bytes, scratch_layout* layout) {
  const int32_t r = plan->rank;
  int* overflow = &layout->overflow;
  for (int32_t i = 0; i < r; i++)
    layout->windows[i] = reserve(layout, tw_mul_u64((uint64_t)plan->axes[i].out, sizeof(tw_avgpool_window), overflow));
  layout->converted =
      reserve(layout, plan->widen != NULL ? tw_mul_u64(plan->in_plane, accumulator_bytes, overflow) : 0);
  reserve_partials(plan, accumulator_bytes, layout);
  reserve_rows(plan, accumulator_bytes, layout);
  layout->tmp = reserve(layout, tw_mul_u64(tmp_elements(plan, overflow), accumulator_bytes, overflow));
  layout->out_row = reserve(
      layout, plan->narrow != NULL ? tw_mul_u64((uint64_t)plan->axes[r - 1].out, accumulator_bytes, overflow) : 0);
}

static void bind(tw_avgpool_plan* plan, char* scratch, const scratch_layout* layout, int32_t count_include_pad) {
  for (int32_t i = 0; i < plan->rank; i++)
    tw_avgpool_fill_windows(&plan->axes[i], count_include_pad, (tw_avgpool_window*)(scratch + layout->windows[i]));
  plan->converted = scratch + layout->converted;
  plan->partial[0] = scratch + layout->partial[0];
  plan->partial[1] = scratch + layout->partial[1];
  plan->rows = scratch + layout->rows;
  plan->row_pitch = (size_t)layout->row_pitch; /* fits: the rows region fits in the block */
  plan->tmp = scratch + layout->tmp;
  plan->out_row = scratch + layout->out_row;
  const int simd = tw_use_simd();
  plan->f32 = simd ? TW_AVGPOOL_KERNEL_TABLE(f32, wasmsimd) : TW_AVGPOOL_KERNEL_TABLE(f32, scalar);
  plan->f64 = simd ? TW_AVGPOOL_KERNEL_TABLE(f64, wasmsimd) : TW_AVGPOOL_KERNEL_TABLE(f64, scalar);
}

/* The schemes and the scratch layout of `plan`; total UINT64_MAX on overflow. */
static scratch_layout plan_layout(tw_avgpool_plan* plan, int accumulate_f64) {
  choose_schemes(plan);
  scratch_layout layout = {.total = 0, .overflow = 0};
  lay_out(plan, accumulate_f64 ? sizeof(double) : sizeof(float), &layout);
  if (layout.overflow) layout.total = UINT64_MAX;
  return layout;
}

uint64_t tw_avgpool_scratch_size(tw_avgpool_plan* plan, int accumulate_f64) {
  return plan_layout(plan, accumulate_f64).total;
}

tw_status tw_avgpool_prepare(tw_avgpool_plan* plan, int accumulate_f64, int32_t count_include_pad, void** scratch) {
  const scratch_layout layout = plan_layout(plan, accumulate_f64);
  if (!tw_fits_size(layout.total))
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: the working buffers for this shape exceed the address space");
  /* Never 0 bytes, so every region pointer is a valid non-NULL pointer. */
  char* block = malloc(layout.total > 0 ? (size_t)layout.total : 16);
  if (block == NULL)
    return tw_fail(TW_OUT_OF_MEMORY, "scratch: cannot allocate %llu bytes", (unsigned long long)layout.total);
  bind(plan, block, &layout, count_include_pad);
  *scratch = block;
  return TW_OK;
}
