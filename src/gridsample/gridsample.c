/* GridSample entry layer: everything spec-shaped happens here (STYLE P1).
 * It validates every argument (the caller is never trusted), normalises the
 * problem into per-axis constants, reads fill_value (one x element), handles
 * empty tensors and picks the plan and blend kernels once; the shared driver
 * (gridsample-driver.h) then walks the tiles of output locations, and each
 * tile is planned once and blended for every channel. */
#include <stdlib.h>
#include <string.h>

#include "common/checked.h"
#include "common/config.h"
#include "common/dtype.h"
#include "common/half.h"
#include "common/heap.h"
#include "common/status.h"
#include "gridsample-driver.h"
#include "gridsample-internal.h"

/* ---- element types ------------------------------------------------------- */

typedef struct tw_gs_type {
  uint32_t size;       /* bytes per element */
  uint32_t align;      /* bytes per component: the pointer alignment we require */
  int32_t weights_f64; /* linear/cubic weights and sums in float64 */
  tw_gridsample_blend_fn blend[2][2];  /* [masked][simd]; NULL: nearest only */
  tw_gridsample_blend_fn gather[2][2]; /* [masked][simd] */
} tw_gs_type;

#define TW_GS_SCALAR_ONLY(fn, fn_masked) {{fn, fn}, {fn_masked, fn_masked}}
#define TW_GS_BLEND(s) TW_GS_SCALAR_ONLY(tw_gridsample_blend_##s##__scalar, tw_gridsample_blend_##s##_masked__scalar)
#define TW_GS_GATHER(s) TW_GS_SCALAR_ONLY(tw_gridsample_gather_##s##__scalar, tw_gridsample_gather_##s##_masked__scalar)

#define TW_GS_GATHER_X32                                                                       \
  {{tw_gridsample_gather_x32__scalar, tw_gridsample_gather_x32__wasmsimd},                     \
   {tw_gridsample_gather_x32_masked__scalar, tw_gridsample_gather_x32_masked__wasmsimd}}

/* An element's bytes: common/dtype.h's one table of element sizes. */
#define TW_GS_BYTES(T) (TW_DTYPE_BITS_##T / 8)

/* Returns 0 for a type GridSample does not take (or an unknown number). */
static const tw_gs_type* tw_gs_lookup_type(int32_t dtype) {
  static const tw_gs_type f32 = {TW_GS_BYTES(FLOAT32), 4, 0,
                                 {{tw_gridsample_blend_f32__scalar, tw_gridsample_blend_f32__wasmsimd},
                                  {tw_gridsample_blend_f32_masked__scalar, tw_gridsample_blend_f32_masked__wasmsimd}},
                                 TW_GS_GATHER_X32};
  static const tw_gs_type f64 = {TW_GS_BYTES(FLOAT64), 8, 1, TW_GS_BLEND(f64), TW_GS_GATHER(x64)};
  static const tw_gs_type f16 = {TW_GS_BYTES(FLOAT16), 2, 0, TW_GS_BLEND(f16), TW_GS_GATHER(x16)};
  static const tw_gs_type bf16 = {TW_GS_BYTES(BFLOAT16), 2, 0, TW_GS_BLEND(bf16), TW_GS_GATHER(x16)};
  static const tw_gs_type c64 = {TW_GS_BYTES(COMPLEX64), 4, 0, TW_GS_BLEND(c64), TW_GS_GATHER(x64)};
  static const tw_gs_type c128 = {TW_GS_BYTES(COMPLEX128), 8, 1, TW_GS_BLEND(c128), TW_GS_GATHER(x128)};
  static const tw_gs_type i8 = {TW_GS_BYTES(INT8), 1, 1, TW_GS_BLEND(i8), TW_GS_GATHER(x8)};
  static const tw_gs_type u8 = {TW_GS_BYTES(UINT8), 1, 1, TW_GS_BLEND(u8), TW_GS_GATHER(x8)};
  static const tw_gs_type i16 = {TW_GS_BYTES(INT16), 2, 1, TW_GS_BLEND(i16), TW_GS_GATHER(x16)};
  static const tw_gs_type u16 = {TW_GS_BYTES(UINT16), 2, 1, TW_GS_BLEND(u16), TW_GS_GATHER(x16)};
  static const tw_gs_type i32 = {TW_GS_BYTES(INT32), 4, 1, TW_GS_BLEND(i32), TW_GS_GATHER_X32};
  static const tw_gs_type u32 = {TW_GS_BYTES(UINT32), 4, 1, TW_GS_BLEND(u32), TW_GS_GATHER_X32};
  static const tw_gs_type i64 = {TW_GS_BYTES(INT64), 8, 1, TW_GS_BLEND(i64), TW_GS_GATHER(x64)};
  static const tw_gs_type u64 = {TW_GS_BYTES(UINT64), 8, 1, TW_GS_BLEND(u64), TW_GS_GATHER(x64)};
  static const tw_gs_type boolean = {TW_GS_BYTES(BOOL), 1, 0, {{NULL, NULL}, {NULL, NULL}}, TW_GS_GATHER(x8)};
  switch (dtype) {
#define TW_GS_TYPE_CASE(T, table) \
  case TW_DTYPE_##T:              \
    return &table;
    TW_GRIDSAMPLE_X_TYPES(TW_GS_TYPE_CASE)
#undef TW_GS_TYPE_CASE
    default: return NULL;
  }
}

/* ---- fill_value ----------------------------------------------------------- */

/* Copies the caller's fill element (already x's type: no conversion here)
 * into `out` (16 bytes, zeroed: NULL means zero). */
static tw_status tw_gs_read_fill(int32_t dtype, const tw_gs_type* type, const void* fill_value, void* out) {
  if (fill_value == NULL) return TW_OK;
  const tw_status status = tw_check_parameter_range("fill_value", fill_value, type->size);
  if (status != TW_OK) return status;
  memcpy(out, fill_value, type->size);
  if (dtype == TW_DTYPE_BOOL && *(const unsigned char*)out > 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "fill_value: must be 0 or 1 for bool x, got %d", *(const unsigned char*)out);
  }
  return TW_OK;
}

/* ---- validation -------------------------------------------------------------
 * The arguments as passed, then one check per kind of argument. Each returns
 * TW_OK or the failure (with its message), in the order the header lists. */

typedef struct tw_gs_args {
  int32_t x_dtype;
  const void* x;
  size_t x_bytes;
  int32_t rank;
  const int64_t* x_shape;
  int32_t grid_dtype;
  const void* grid;
  size_t grid_bytes;
  const int64_t* grid_shape;
  int32_t mode, padding, align_corners;
  void* y;
  size_t y_bytes;
} tw_gs_args;

/* What the shape check establishes, for the steps after it. */
typedef struct tw_gs_sizes {
  uint64_t batch, channels, plane, points, y_count;
} tw_gs_sizes;

/* " NAME" per list entry, for messages. */
#define TW_GS_TYPE_NAME(T, table) " " #T
#define TW_GS_NAME(T) " " #T

static tw_status tw_gs_check_types(const tw_gs_args* a, const tw_gs_type** type) {
  *type = tw_gs_lookup_type(a->x_dtype);
  if (!*type) {
    const int known = a->x_dtype >= TW_DTYPE_FLOAT32 && a->x_dtype <= TW_DTYPE_INT2;
    return tw_fail(known ? TW_UNSUPPORTED : TW_INVALID_ARGUMENT, "x_dtype: %s %d (GridSample takes%s)",
                   known ? "unsupported type" : "unknown type", (int)a->x_dtype,
                   TW_GRIDSAMPLE_X_TYPES(TW_GS_TYPE_NAME));
  }
  const int32_t g = a->grid_dtype;
  switch (g) {
#define TW_GS_GRID_CASE(T) case TW_DTYPE_##T:
    TW_GRIDSAMPLE_GRID_TYPES(TW_GS_GRID_CASE)
#undef TW_GS_GRID_CASE
      return TW_OK;
    default: {
      const int known = g >= TW_DTYPE_FLOAT32 && g <= TW_DTYPE_INT2;
      return tw_fail(known ? TW_UNSUPPORTED : TW_INVALID_ARGUMENT, "grid_dtype: %s %d (GridSample takes%s grids)",
                     known ? "unsupported type" : "unknown type", (int)g, TW_GRIDSAMPLE_GRID_TYPES(TW_GS_NAME));
    }
  }
}

/* rank, mode, padding_mode, align_corners, and the taps they need. */
static tw_status tw_gs_check_modes(const tw_gs_args* a, const tw_gs_type* type) {
  if (a->mode != TW_GRIDSAMPLE_MODE_LINEAR && a->mode != TW_GRIDSAMPLE_MODE_NEAREST &&
      a->mode != TW_GRIDSAMPLE_MODE_CUBIC) {
    return tw_fail(TW_INVALID_ARGUMENT, "mode: unknown value %d (0 linear, 1 nearest, 2 cubic)", (int)a->mode);
  }
  if (a->padding < TW_GRIDSAMPLE_PADDING_ZEROS || a->padding > TW_GRIDSAMPLE_PADDING_WRAP) {
    return tw_fail(TW_INVALID_ARGUMENT, "padding_mode: unknown value %d (0 zeros, 1 border, 2 reflection, 3 wrap)",
                   (int)a->padding);
  }
  if (a->align_corners != 0 && a->align_corners != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "align_corners: must be 0 or 1, got %d", (int)a->align_corners);
  }
  if (a->mode != TW_GRIDSAMPLE_MODE_NEAREST && !type->blend[0][0]) {
    return tw_fail(TW_UNSUPPORTED, "mode: %s interpolation is not defined for x_dtype %d (bool); use nearest",
                   a->mode == TW_GRIDSAMPLE_MODE_LINEAR ? "linear" : "cubic", (int)a->x_dtype);
  }
  uint64_t taps = 1;
  for (int i = 0; i < a->rank; i++) taps *= (uint64_t)tw_gridsample_taps_per_axis(a->mode); /* <= 4^16 */
  if (taps > TW_GRIDSAMPLE_MAX_TAPS) {
    return tw_fail(TW_UNSUPPORTED, "spatial_rank: %d with this mode needs %llu taps per output element (limit %d)",
                   (int)a->rank, (unsigned long long)taps, TW_GRIDSAMPLE_MAX_TAPS);
  }
  return TW_OK;
}

static tw_status tw_gs_check_bytes(const char* name, uint64_t need, size_t got, const char* what) {
  if (need == (uint64_t)got) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: %s need %llu bytes, got %llu", name, what, (unsigned long long)need,
                 (unsigned long long)got);
}

static tw_status tw_gs_check_shapes(const tw_gs_args* a, const tw_gs_type* type, tw_gs_sizes* s) {
  const int r = a->rank;
  for (int i = 0; i < r + 2; i++) {
    if (a->x_shape[i] < 0) {
      return tw_fail(TW_INVALID_ARGUMENT, "x_shape[%d]: negative dimension %lld", i, (long long)a->x_shape[i]);
    }
    if (a->grid_shape[i] < 0) {
      return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[%d]: negative dimension %lld", i, (long long)a->grid_shape[i]);
    }
  }
  if (a->grid_shape[0] != a->x_shape[0]) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[0]: batch %lld differs from x_shape[0] = %lld",
                   (long long)a->grid_shape[0], (long long)a->x_shape[0]);
  }
  if (a->grid_shape[r + 1] != r) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[%d]: must equal spatial_rank %d, got %lld", r + 1, r,
                   (long long)a->grid_shape[r + 1]);
  }
  s->batch = (uint64_t)a->x_shape[0];
  s->channels = (uint64_t)a->x_shape[1];
  s->plane = 1;
  s->points = 1;
  int overflow = 0;
  for (int i = 0; i < r; i++) {
    s->plane = tw_mul_u64(s->plane, (uint64_t)a->x_shape[2 + i], &overflow);
    s->points = tw_mul_u64(s->points, (uint64_t)a->grid_shape[1 + i], &overflow);
  }
  const uint64_t planes = tw_mul_u64(s->batch, s->channels, &overflow);
  s->y_count = tw_mul_u64(planes, s->points, &overflow);
  const uint64_t grid_count = tw_mul_u64(tw_mul_u64(s->batch, s->points, &overflow), (uint64_t)r, &overflow);
  const uint64_t x_need = tw_mul_u64(tw_mul_u64(planes, s->plane, &overflow), type->size, &overflow);
  const uint64_t y_need = tw_mul_u64(s->y_count, type->size, &overflow);
  const uint64_t grid_need = tw_mul_u64(grid_count, tw_dtype_bits(a->grid_dtype) / 8, &overflow);
  if (overflow) return tw_fail(TW_INVALID_ARGUMENT, "x_shape/grid_shape: byte counts overflow 64 bits");
  tw_status status = tw_gs_check_bytes("x_bytes", x_need, a->x_bytes, "shape and x_dtype");
  if (status == TW_OK) status = tw_gs_check_bytes("grid_bytes", grid_need, a->grid_bytes, "shape and grid_dtype");
  if (status == TW_OK) status = tw_gs_check_bytes("y_bytes", y_need, a->y_bytes, "output shape (N, C, O...)");
  if (status != TW_OK) return status;
  if (s->y_count > 0 && s->plane > INT32_MAX) { /* plan indices are 32-bit */
    return tw_fail(TW_UNSUPPORTED, "x_shape: %llu elements per (n, c) plane; the limit is 2^31 - 1",
                   (unsigned long long)s->plane);
  }
  return TW_OK;
}

static tw_status tw_gs_check_pointers(const tw_gs_args* a, const tw_gs_type* type) {
  const uint32_t grid_size = tw_dtype_bits(a->grid_dtype) / 8;
  if (a->x_bytes && !a->x) return tw_fail(TW_INVALID_ARGUMENT, "x: NULL with %llu bytes", (unsigned long long)a->x_bytes);
  if (a->grid_bytes && !a->grid) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid: NULL with %llu bytes", (unsigned long long)a->grid_bytes);
  }
  if (a->y_bytes && !a->y) return tw_fail(TW_INVALID_ARGUMENT, "y: NULL with %llu bytes", (unsigned long long)a->y_bytes);
  tw_status status = tw_check_heap_range("x", a->x, a->x_bytes);
  if (status == TW_OK) status = tw_check_heap_range("grid", a->grid, a->grid_bytes);
  if (status == TW_OK) status = tw_check_heap_range("y", a->y, a->y_bytes);
  if (status != TW_OK) return status;
  if ((uintptr_t)a->x % type->align) return tw_fail(TW_INVALID_ARGUMENT, "x: not aligned to %u bytes", type->align);
  if ((uintptr_t)a->y % type->align) return tw_fail(TW_INVALID_ARGUMENT, "y: not aligned to %u bytes", type->align);
  if ((uintptr_t)a->grid % grid_size) return tw_fail(TW_INVALID_ARGUMENT, "grid: not aligned to %u bytes", grid_size);
  if (tw_ranges_overlap(a->y, a->y_bytes, a->x, a->x_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "y: overlaps x");
  if (tw_ranges_overlap(a->y, a->y_bytes, a->grid, a->grid_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "y: overlaps grid");
  return TW_OK;
}

/* The arguments that need no shape. */
static tw_status tw_gs_check_args(const tw_gs_args* a, const tw_gs_type** type) {
  if (a->rank < 1 || a->rank > TW_GRIDSAMPLE_MAX_RANK) {
    return tw_fail(TW_INVALID_ARGUMENT, "spatial_rank: must be in [1, %d], got %d", TW_GRIDSAMPLE_MAX_RANK,
                   (int)a->rank);
  }
  if (!a->x_shape) return tw_fail(TW_INVALID_ARGUMENT, "x_shape: NULL");
  if (!a->grid_shape) return tw_fail(TW_INVALID_ARGUMENT, "grid_shape: NULL");
  tw_status status = tw_gs_check_types(a, type);
  if (status == TW_OK) status = tw_gs_check_modes(a, *type);
  return status;
}

/* ---- normalisation ---------------------------------------------------------- */

void tw_gridsample_setup_axis(tw_gridsample_axis* axis, int64_t length, int64_t stride, int32_t padding,
                              int32_t align_corners) {
  const double L = (double)length;
  axis->length = length;
  axis->stride = stride;
  if (padding == TW_GRIDSAMPLE_PADDING_REFLECTION) {
    axis->period = align_corners ? (length > 1 ? 2 * (length - 1) : 1) : 2 * length;
    axis->mirror = align_corners ? axis->period : axis->period - 1;
  } else {
    axis->period = length;
    axis->mirror = 0;
  }
  const double s1 = align_corners ? 0.5 : L, s2 = align_corners ? 0.0 : 1.0, s3 = align_corners ? L - 1 : 0.5;
  const double lo = align_corners ? 0.0 : -0.5, hi = align_corners ? L - 1 : L - 0.5;
  /* Computed in double, then rounded once to float: exact for L < 2^23. */
#define TW_GS_SET(dst, T)                  \
  dst.s1 = (T)s1;                          \
  dst.s2 = (T)s2;                          \
  dst.s3 = (T)s3;                          \
  dst.lo = (T)lo;                          \
  dst.hi = (T)hi;                          \
  dst.range = (T)(hi - lo);                \
  dst.range2 = (T)(2 * (hi - lo));         \
  dst.last = (T)(L - 1);                   \
  dst.period = (T)axis->period;            \
  dst.clamp_lo = (T)-8;                    \
  dst.clamp_hi = (T)(L + 8);
  TW_GS_SET(axis->f, float)
  TW_GS_SET(axis->d, double)
#undef TW_GS_SET
}

/* The problem the kernels see; returns whether every axis is short enough
 * for the SIMD plan kernels. */
static int tw_gs_normalise(const tw_gs_args* a, const tw_gs_type* type, tw_gridsample_problem* problem) {
  const int r = a->rank;
  problem->rank = r;
  problem->mode = a->mode;
  problem->padding = a->padding;
  problem->taps_per_axis = tw_gridsample_taps_per_axis(a->mode);
  problem->taps = 1;
  for (int i = 0; i < r; i++) problem->taps *= problem->taps_per_axis;
  problem->weights_f64 = a->mode != TW_GRIDSAMPLE_MODE_NEAREST && type->weights_f64;
  int simd_lengths = 1;
  int64_t stride = 1;
  for (int i = r - 1; i >= 0; i--) {
    tw_gridsample_setup_axis(&problem->axis[i], a->x_shape[2 + i], stride, a->padding, a->align_corners);
    simd_lengths &= a->x_shape[2 + i] <= TW_GRIDSAMPLE_SIMD_MAX_LENGTH;
    stride *= a->x_shape[2 + i];
  }
  return simd_lengths;
}

/* float16/bfloat16 coordinates -> float32 (exact). */
static void tw_gs_stage_grid(int32_t grid_dtype, const uint16_t* h, size_t count, float* out) {
  for (size_t k = 0; k < count; k++) {
    out[k] = grid_dtype == TW_DTYPE_FLOAT16 ? tw_f16_to_f32(h[k]) : tw_bf16_to_f32(h[k]);
  }
}

/* ---- the tiles ----------------------------------------------------------------
 * Everything a tile needs, set up once per call. The driver's items are the
 * (batch item, outer spatial index) pairs; its rows x cols the two innermost
 * output axes (one row for r = 1). */

typedef void (*tw_gs_plan_simd_fn)(const tw_gridsample_problem*, const tw_gridsample_tile*, const float*,
                                   const tw_gridsample_plan*);

typedef struct tw_gs_call {
  tw_gridsample_problem problem;
  tw_gridsample_plan plan;
  tw_gridsample_tile layout; /* strides every tile shares; count and rows vary */
  tw_gridsample_blend_fn blend;
  tw_gs_plan_simd_fn plan_simd; /* NULL: the scalar plan, one run at a time */
  int32_t grid_dtype;
  size_t grid_size, elem_size, plane_bytes;
  uint64_t outer, rows, cols, channels, points;
  const unsigned char* x;
  const unsigned char* grid;
  unsigned char* y;
  float* stage; /* float16/bfloat16 grids: a tile's coordinates as float32 */
  const void* fill;
} tw_gs_call;

static void tw_gs_pick_kernels(tw_gs_call* c, const tw_gs_type* type, int simd_lengths) {
  const int simd = tw_use_simd() != 0;
  const int masked = c->problem.padding == TW_GRIDSAMPLE_PADDING_ZEROS;
  const int nearest = c->problem.mode == TW_GRIDSAMPLE_MODE_NEAREST;
  c->blend = nearest ? type->gather[masked][simd] : type->blend[masked][simd];
  c->plan_simd = NULL;
  if (simd && simd_lengths && c->grid_dtype != TW_DTYPE_FLOAT64 && !c->problem.weights_f64) {
    const int r = c->problem.rank;
    c->plan_simd = r == 2 ? tw_gridsample_plan2d__wasmsimd : r == 3 ? tw_gridsample_plan3d__wasmsimd : NULL;
  }
}

/* The float32 coordinates of `count` points from coordinate `coord` on: the
 * grid itself, or staged into `stage`. */
static const float* tw_gs_coords_f32(const tw_gs_call* c, size_t coord, size_t count, float* stage) {
  if (!c->stage) return (const float*)(const void*)c->grid + coord;
  tw_gs_stage_grid(c->grid_dtype, (const uint16_t*)(const void*)c->grid + coord, count * (size_t)c->problem.rank,
                   stage);
  return stage;
}

/* Plans a tile whose first point's first coordinate is at `coord`. */
static void tw_gs_plan_tile(const tw_gs_call* c, const tw_gridsample_tile* tile, size_t coord) {
  const size_t r = (size_t)c->problem.rank, row_coords = (size_t)c->cols * r;
  if (c->plan_simd && !c->stage) {
    c->plan_simd(&c->problem, tile, (const float*)(const void*)c->grid + coord, &c->plan);
    return;
  }
  if (c->plan_simd) { /* stage the tile's rows back to back */
    tw_gridsample_tile staged = *tile;
    staged.grid_stride = tile->count;
    for (size_t i = 0; i < tile->rows; i++) {
      tw_gs_coords_f32(c, coord + i * row_coords, tile->count, c->stage + i * tile->count * r);
    }
    c->plan_simd(&c->problem, &staged, c->stage, &c->plan);
    return;
  }
  for (size_t i = 0; i < tile->rows; i++) {
    const tw_gridsample_plan run = tw_gridsample_plan_at(&c->plan, i * tile->plan_stride);
    const size_t at = coord + i * row_coords;
    if (c->grid_dtype == TW_DTYPE_FLOAT64) {
      tw_gridsample_plan_f64__scalar(&c->problem, (const double*)(const void*)c->grid + at, 0, tile->count, &run);
    } else {
      tw_gridsample_plan_f32__scalar(&c->problem, tw_gs_coords_f32(c, at, tile->count, c->stage), 0, tile->count,
                                     &run);
    }
  }
}

static void tw_gs_tile(void* ctx, const tw_gs_tile_at* at) {
  const tw_gs_call* c = ctx;
  const uint64_t n = at->item / c->outer;
  /* the tile's first point within batch item n */
  const uint64_t p0 = ((at->item % c->outer) * c->rows + at->row0) * c->cols + at->col0;
  tw_gridsample_tile tile = c->layout;
  tile.count = at->count;
  tile.rows = at->rows;
  tw_gs_plan_tile(c, &tile, (size_t)((n * c->points + p0) * (uint64_t)c->problem.rank));
  c->blend(&tile, c->x + n * c->channels * c->plane_bytes, &c->plan, c->fill,
           c->y + (size_t)((n * c->channels * c->points + p0) * c->elem_size));
}

static void tw_gs_warm_band(void* ctx, uint64_t item, uint64_t row0, size_t rows) {
  const tw_gs_call* c = ctx;
  const uint64_t n = item / c->outer;
  const uint64_t p0 = ((item % c->outer) * c->rows + row0) * c->cols; /* the band's first point in item n */
  const size_t points = rows * (size_t)c->cols, r = (size_t)c->problem.rank;
  tw_gs_warm(c->grid + (size_t)((n * c->points + p0) * r) * c->grid_size, points * r * c->grid_size);
  for (uint64_t ch = 0; ch < c->channels; ch++) {
    tw_gs_warm(c->y + (size_t)(((n * c->channels + ch) * c->points + p0) * c->elem_size), points * c->elem_size);
  }
}

/* Plans and blends every output element: the one allocation, the walk. */
static tw_status tw_gs_run(tw_gs_call* c, const tw_gs_args* a, const tw_gs_sizes* s, const tw_gs_type* type) {
  const int r = a->rank;
  c->cols = (uint64_t)a->grid_shape[r];
  c->rows = r >= 2 ? (uint64_t)a->grid_shape[r - 1] : 1;
  c->outer = s->points / (c->rows * c->cols);
  const tw_gs_tiling tiling = tw_gs_tiling_for(s->batch * c->outer, c->rows, c->cols, (size_t)c->problem.taps);
  const int nearest = a->mode == TW_GRIDSAMPLE_MODE_NEAREST;
  const int stage = a->grid_dtype == TW_DTYPE_FLOAT16 || a->grid_dtype == TW_DTYPE_BFLOAT16;
  void* extra;
  void* scratch = tw_gs_alloc_plan(&tiling, (size_t)c->problem.taps, (size_t)c->problem.taps_per_axis,
                                   nearest ? 0 : c->problem.weights_f64 ? 8 : 4,
                                   a->padding == TW_GRIDSAMPLE_PADDING_ZEROS,
                                   stage ? tiling.tile_w * tiling.tile_h * (size_t)r * 4 : 0, &c->plan, &extra);
  if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate the plan buffer");
  /* only the SIMD f32 blend reads group flags and their compact layout */
  c->plan.compact = tw_use_simd() && a->x_dtype == TW_DTYPE_FLOAT32 && !nearest;
  c->stage = extra;
  c->channels = s->channels;
  c->points = s->points;
  c->elem_size = type->size;
  c->plane_bytes = (size_t)s->plane * type->size;
  const tw_gridsample_tile layout = {.grid_stride = (size_t)c->cols,
                                     .plan_stride = tiling.tile_w,
                                     .y_stride = (size_t)c->cols,
                                     .channels = (size_t)s->channels,
                                     .x_channel_bytes = c->plane_bytes,
                                     .y_channel_stride = (size_t)s->points};
  c->layout = layout;
  const int warm = tw_gs_should_warm(&tiling, (uint64_t)a->y_bytes + a->grid_bytes);
  const tw_gs_walk walk = {warm ? tw_gs_warm_band : NULL, tw_gs_tile, c};
  tw_gs_drive(&tiling, &walk);
  free(scratch);
  return TW_OK;
}

/* ---- the entry point ------------------------------------------------------ */

int32_t tw_gridsample(int32_t x_dtype, const void* x, size_t x_bytes, int32_t spatial_rank, const int64_t* x_shape,
                      int32_t grid_dtype, const void* grid, size_t grid_bytes, const int64_t* grid_shape,
                      int32_t mode, int32_t padding_mode, int32_t align_corners, const void* fill_value, void* y,
                      size_t y_bytes) {
  const tw_gs_args a = {x_dtype, x,    x_bytes,      spatial_rank,  x_shape, grid_dtype, grid,
                        grid_bytes, grid_shape, mode, padding_mode, align_corners, y, y_bytes};
  const tw_gs_type* type;
  tw_gs_sizes sizes;
  union { double d; uint64_t u[2]; unsigned char bytes[16]; } fill = {0};
  tw_status status = tw_gs_check_args(&a, &type);
  if (status == TW_OK) status = tw_gs_read_fill(x_dtype, type, fill_value, fill.bytes);
  if (status == TW_OK) status = tw_gs_check_shapes(&a, type, &sizes);
  if (status == TW_OK) status = tw_gs_check_pointers(&a, type);
  if (status != TW_OK) return status;

  /* empty tensors (handled here so the kernels never see them) */
  if (sizes.y_count == 0) return TW_OK;
  if (sizes.plane == 0) {
    if (padding_mode != TW_GRIDSAMPLE_PADDING_ZEROS) {
      return tw_fail(TW_INVALID_ARGUMENT,
                     "x_shape: a spatial axis has length 0, so every tap is out of bounds; only zeros padding "
                     "can fill the output");
    }
    for (uint64_t i = 0; i < sizes.y_count; i++) memcpy((unsigned char*)y + i * type->size, fill.bytes, type->size);
    return TW_OK;
  }

  tw_gs_call call = {.grid_dtype = grid_dtype,
                     .grid_size = tw_dtype_bits(grid_dtype) / 8,
                     .x = x,
                     .grid = grid,
                     .y = y,
                     .fill = fill.bytes};
  const int simd_lengths = tw_gs_normalise(&a, type, &call.problem);
  tw_gs_pick_kernels(&call, type, simd_lengths);
  return tw_gs_run(&call, &a, &sizes, type);
}
