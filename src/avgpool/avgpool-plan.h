/* AveragePool internals: the normalised geometry and the execution plan that
 * the entry layer (avgpool.c) builds and the executors (avgpool-run-*.c) follow.
 *
 * Why the op is separable: on every axis the taps of window o are
 * t_j = o·s - pb + j·d, and a window is the product of its per-axis tap sets,
 * so its data-tap sum is a sum along axis 1 of sums along axis 2 of ... , and
 * its divisor is the product of per-axis counts. The executor therefore sums
 * one axis at a time (window tables below say which input indices to take)
 * and divides once, at the end, by the product of the per-axis counts. */
#ifndef TW_AVGPOOL_AVGPOOL_PLAN_H
#define TW_AVGPOOL_AVGPOOL_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "avgpool-kernels.h"
#include "avgpool.h"
#include "common/status.h"

/* floor(a / b) and ceil(a / b) for b > 0 and any sign of a (the window
 * arithmetic of the geometry and the band planner). */
static inline int64_t tw_avgpool_floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static inline int64_t tw_avgpool_ceil_div(int64_t a, int64_t b) { return -tw_avgpool_floor_div(-a, b); }

/* Along every axis but the innermost, with stride 1 and dilation 1, interior
 * windows are summed a block of k at a time (the vblock kernel) once the
 * kernel has at least this many taps. Even k = 2 gains: 3 loads, 2 adds and
 * 2 stores for two rows instead of 4, 2 and 2. */
#define TW_AVGPOOL_BLOCKED_MIN_TAPS 2

/* Along the innermost axis, with stride 1 and dilation 1, kernels of at
 * least this many taps use hsum_split (O(sqrt k) per output); below it the
 * unrolled direct sum is faster (measured in V8: k = 16 direct 2.15 ms,
 * split 2.2 ms; k = 9 direct 1.29 ms, split 1.85 ms on 3x1024x1024). */
#define TW_AVGPOOL_SPLIT_MIN_TAPS 17

/* One output index o along one axis. Data taps are the input indices
 * first, first + d, ..., first + (taps - 1)·d. */
typedef struct tw_avgpool_window {
  int64_t first; /* input index of the first data tap (0 when taps == 0) */
  int32_t taps;  /* number of data taps, 0..k */
  int32_t count; /* this axis' factor of the divisor: taps, or data + pad taps with count_include_pad */
} tw_avgpool_window;

typedef struct tw_avgpool_axis {
  int64_t in, out;                      /* L and O */
  int64_t kernel, stride, dilation;     /* k, s, d */
  int64_t pad_begin, pad_end;           /* pb, pe after auto_pad */
  int64_t interior_begin, interior_end; /* outputs [begin, end) whose k taps are all data taps */
  int blocked;                          /* interior windows are summed k at a time (vblock) */
  int64_t split;                        /* innermost axis: m of hsum_split, 0 for the direct sums */
  const tw_avgpool_window* windows;     /* `out` entries, in the scratch block */
} tw_avgpool_axis;

/* Whether interior windows along a non-innermost axis are summed k at a time
 * (vblock): stride 1, dilation 1, at least TW_AVGPOOL_BLOCKED_MIN_TAPS taps,
 * and an interior window to sum (k <= L). */
int tw_avgpool_axis_blocked(const tw_avgpool_axis* axis);

/* Output rows one group of `axis` spans: a blocked axis sums its interior
 * windows k at a time, groups counted from the first interior window, and a
 * window's rounding depends on its place in its group; any other axis sums
 * window by window. The executor (avgpool-run.inc) groups by this and the
 * band planner (avgpool-bands.c) cuts on group boundaries by it, so banded
 * results are bit-identical to one whole call. */
static inline int64_t tw_avgpool_group_rows(const tw_avgpool_axis* axis) { return axis->blocked ? axis->kernel : 1; }

/* Validates the attributes and computes in/out/kernel/stride/dilation/pads of
 * every axis (not the windows). Writes only `axes`; on failure records a
 * message naming the argument. */
tw_status tw_avgpool_resolve_axes(int32_t spatial_rank, const int64_t* x_shape, const int64_t* kernel,
                                  const int64_t* strides, const int64_t* pads, const int64_t* dilations,
                                  int32_t ceil_mode, int32_t auto_pad, tw_avgpool_axis* axes);

/* Fills axis->out window entries and the interior range. */
void tw_avgpool_fill_windows(tw_avgpool_axis* axis, int32_t count_include_pad, tw_avgpool_window* windows);

typedef struct tw_avgpool_plan {
  int32_t rank;
  tw_avgpool_axis axes[TW_AVGPOOL_MAX_SPATIAL_RANK];
  uint64_t planes;           /* N·C */
  size_t in_plane;           /* elements of one (n, c) input plane: D_1·…·D_r */
  size_t out_plane;          /* elements of one output plane: O_1·…·O_r */
  size_t x_element_bytes;    /* bytes per element of x and y */
  /* dtype adapters; NULL when x/y already hold the accumulator type */
  void (*widen)(size_t n, const void* x, void* acc);  /* n elements of x -> accumulator type */
  void (*narrow)(size_t n, const void* acc, void* y); /* n accumulators -> y's type */
  /* scratch (one allocation, owned by the entry layer) */
  void* converted; /* in_plane accumulators when widen != NULL */
  void* partial[2]; /* r >= 3: partial sums after the outer axes */
  void* rows;      /* summed input rows: k of them if axis r-2 is blocked, else 1 */
  size_t row_pitch; /* accumulators from one of those rows to the next (D_r plus padding) */
  void* tmp;       /* one row / slab for vblock and hsum_split */
  void* out_row;   /* O_r accumulators when narrow != NULL */
  tw_avgpool_f32_kernels f32;
  tw_avgpool_f64_kernels f64;
} tw_avgpool_plan;

/* Entry -> plan: given a plan whose rank, axes (resolved), planes, in_plane,
 * out_plane, x_element_bytes and adapters are set, chooses the per-axis
 * schemes (blocked, split), lays out and allocates the one scratch block
 * (window tables, accumulator buffers), fills the window tables and picks the
 * kernels. On success *scratch is the block the caller frees after running. */
tw_status tw_avgpool_prepare(tw_avgpool_plan* plan, int accumulate_f64, int32_t count_include_pad, void** scratch);

/* The size of the scratch block tw_avgpool_prepare would allocate for the
 * same plan (UINT64_MAX if it does not fit 64 bits); allocates nothing. */
uint64_t tw_avgpool_scratch_size(tw_avgpool_plan* plan, int accumulate_f64);

/* Execute a plan whose accumulator type is float / double. */
void tw_avgpool_run_f32(const tw_avgpool_plan* plan, const void* x, void* y);
void tw_avgpool_run_f64(const tw_avgpool_plan* plan, const void* x, void* y);

/* dtype adapters (avgpool-convert.c). */
void tw_avgpool_widen_f16(size_t n, const void* x, void* acc);
void tw_avgpool_widen_bf16(size_t n, const void* x, void* acc);
void tw_avgpool_widen_u8(size_t n, const void* x, void* acc);
void tw_avgpool_narrow_f16(size_t n, const void* acc, void* y);
void tw_avgpool_narrow_bf16(size_t n, const void* acc, void* y);
void tw_avgpool_narrow_u8(size_t n, const void* acc, void* y);

#endif
