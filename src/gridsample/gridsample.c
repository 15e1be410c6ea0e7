/* GridSample entry layer: everything spec-shaped happens here (STYLE P1).
 * It validates every argument (the caller is never trusted), normalises the
 * problem into per-axis constants, converts fill_value to x's type, handles
 * empty tensors, picks the plan and blend kernels once, and then runs
 * tiles of output locations: plan the tile, blend it for every channel. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/half.h"
#include "common/status.h"
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

/* Returns 0 for a type GridSample does not take (or an unknown number). */
static const tw_gs_type* tw_gs_lookup_type(int32_t dtype) {
  static const tw_gs_type f32 = {4, 4, 0,
                                 {{tw_gridsample_blend_f32__scalar, tw_gridsample_blend_f32__wasmsimd},
                                  {tw_gridsample_blend_f32_masked__scalar, tw_gridsample_blend_f32_masked__wasmsimd}},
                                 TW_GS_GATHER_X32};
  static const tw_gs_type f64 = {8, 8, 1, TW_GS_BLEND(f64), TW_GS_GATHER(x64)};
  static const tw_gs_type f16 = {2, 2, 0, TW_GS_BLEND(f16), TW_GS_GATHER(x16)};
  static const tw_gs_type bf16 = {2, 2, 0, TW_GS_BLEND(bf16), TW_GS_GATHER(x16)};
  static const tw_gs_type c64 = {8, 4, 0, TW_GS_BLEND(c64), TW_GS_GATHER(x64)};
  static const tw_gs_type c128 = {16, 8, 1, TW_GS_BLEND(c128), TW_GS_GATHER(x128)};
  static const tw_gs_type i8 = {1, 1, 1, TW_GS_BLEND(i8), TW_GS_GATHER(x8)};
  static const tw_gs_type u8 = {1, 1, 1, TW_GS_BLEND(u8), TW_GS_GATHER(x8)};
  static const tw_gs_type i16 = {2, 2, 1, TW_GS_BLEND(i16), TW_GS_GATHER(x16)};
  static const tw_gs_type u16 = {2, 2, 1, TW_GS_BLEND(u16), TW_GS_GATHER(x16)};
  static const tw_gs_type i32 = {4, 4, 1, TW_GS_BLEND(i32), TW_GS_GATHER_X32};
  static const tw_gs_type u32 = {4, 4, 1, TW_GS_BLEND(u32), TW_GS_GATHER_X32};
  static const tw_gs_type i64 = {8, 8, 1, TW_GS_BLEND(i64), TW_GS_GATHER(x64)};
  static const tw_gs_type u64 = {8, 8, 1, TW_GS_BLEND(u64), TW_GS_GATHER(x64)};
  static const tw_gs_type boolean = {1, 1, 0, {{NULL, NULL}, {NULL, NULL}}, TW_GS_GATHER(x8)};
  switch (dtype) {
    case TW_DTYPE_FLOAT32: return &f32;
    case TW_DTYPE_FLOAT64: return &f64;
    case TW_DTYPE_FLOAT16: return &f16;
    case TW_DTYPE_BFLOAT16: return &bf16;
    case TW_DTYPE_COMPLEX64: return &c64;
    case TW_DTYPE_COMPLEX128: return &c128;
    case TW_DTYPE_INT8: return &i8;
    case TW_DTYPE_UINT8: return &u8;
    case TW_DTYPE_INT16: return &i16;
    case TW_DTYPE_UINT16: return &u16;
    case TW_DTYPE_INT32: return &i32;
    case TW_DTYPE_UINT32: return &u32;
    case TW_DTYPE_INT64: return &i64;
    case TW_DTYPE_UINT64: return &u64;
    case TW_DTYPE_BOOL: return &boolean;
    default: return NULL;
  }
}

/* ---- fill_value ----------------------------------------------------------- */

/* double -> float rounding to odd: an inexact result gets its last bit set,
 * so a following rounding to float16/bfloat16 (>= 2 bits narrower) rounds as
 * if from the exact double: no double-rounding error. */
static float tw_gs_f64_to_f32_odd(double v) {
  float f = (float)v;
  if ((double)f == v || isnan(v)) return f;
  if (fabs((double)f) > fabs(v)) f = nextafterf(f, 0.0f); /* truncate toward zero */
  return tw_f32_from_bits(tw_f32_bits(f) | 1u);
}

/* Writes fill_value as one element of x's type into `out` (16 bytes). */
static tw_status tw_gs_convert_fill(int32_t dtype, double v, void* out) {
  int is_int = 0;
  switch (dtype) {
    case TW_DTYPE_INT8: case TW_DTYPE_UINT8: case TW_DTYPE_INT16: case TW_DTYPE_UINT16:
    case TW_DTYPE_INT32: case TW_DTYPE_UINT32: case TW_DTYPE_INT64: case TW_DTYPE_UINT64:
      is_int = 1;
      break;
    default:
      break;
  }
  if (is_int && isnan(v)) {
    return tw_fail(TW_INVALID_ARGUMENT, "fill_value: NaN cannot be converted to integer x_dtype %d", (int)dtype);
  }
  switch (dtype) {
    case TW_DTYPE_FLOAT32: { const float f = (float)v; memcpy(out, &f, 4); break; }
    case TW_DTYPE_FLOAT64: memcpy(out, &v, 8); break;
    case TW_DTYPE_FLOAT16: { const uint16_t h = tw_f32_to_f16(tw_gs_f64_to_f32_odd(v)); memcpy(out, &h, 2); break; }
    case TW_DTYPE_BFLOAT16: { const uint16_t h = tw_f32_to_bf16(tw_gs_f64_to_f32_odd(v)); memcpy(out, &h, 2); break; }
    case TW_DTYPE_COMPLEX64: { const float c[2] = {(float)v, 0.0f}; memcpy(out, c, 8); break; }
    case TW_DTYPE_COMPLEX128: { const double c[2] = {v, 0.0}; memcpy(out, c, 16); break; }
#define TW_GS_FILL_INT(dtype, suffix, type) \
  case dtype: { const type i = tw_gs_to_##suffix(v); memcpy(out, &i, sizeof i); break; }
    TW_GS_FILL_INT(TW_DTYPE_INT8, i8, int8_t)
    TW_GS_FILL_INT(TW_DTYPE_UINT8, u8, uint8_t)
    TW_GS_FILL_INT(TW_DTYPE_INT16, i16, int16_t)
    TW_GS_FILL_INT(TW_DTYPE_UINT16, u16, uint16_t)
    TW_GS_FILL_INT(TW_DTYPE_INT32, i32, int32_t)
    TW_GS_FILL_INT(TW_DTYPE_UINT32, u32, uint32_t)
    TW_GS_FILL_INT(TW_DTYPE_INT64, i64, int64_t)
    TW_GS_FILL_INT(TW_DTYPE_UINT64, u64, uint64_t)
#undef TW_GS_FILL_INT
    case TW_DTYPE_BOOL: {
      if (!(v == 0 || v == 1)) {
        return tw_fail(TW_INVALID_ARGUMENT, "fill_value: must be 0 or 1 for bool x, got %g", v);
      }
      const uint8_t b = v == 1;
      memcpy(out, &b, 1);
      break;
    }
    default:
      return tw_fail(TW_INVALID_ARGUMENT, "x_dtype: %d", (int)dtype);
  }
  return TW_OK;
}

/* ---- shapes and sizes ----------------------------------------------------- */

static int tw_gs_mul(uint64_t a, uint64_t b, uint64_t* out) { return !__builtin_mul_overflow(a, b, out); }

/* [a, a + a_bytes) and [b, b + b_bytes) share a byte. */
static int tw_gs_overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
  const uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
  return a_bytes && b_bytes && pa < pb + b_bytes && pb < pa + a_bytes;
}

static void tw_gs_setup_axis(tw_gridsample_axis* axis, int64_t length, int64_t stride, int32_t padding,
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

/* float16/bfloat16 coordinates -> float32 (exact). */
static void tw_gs_stage_grid(int32_t grid_dtype, const uint16_t* h, size_t count, float* out) {
  for (size_t k = 0; k < count; k++) {
    out[k] = grid_dtype == TW_DTYPE_FLOAT16 ? tw_f16_to_f32(h[k]) : tw_bf16_to_f32(h[k]);
  }
}

/* ---- cache warming ----------------------------------------------------------
 * A tile reads its grid and writes its outputs in runs of tile_w elements,
 * one per row, and the hardware prefetchers do not follow runs that short:
 * on large tensors every such access waits on memory (1024^2 x 3, 15 degree
 * rotation: linear 16 -> 10.5 ms, nearest 10 -> 8.5 ms, cubic 27 -> 24 ms
 * with warming). WebAssembly has no prefetch instruction, so before a band
 * of tiles we read one byte per cache line of the band's grid rows and output
 * rows in address order, which the prefetchers do follow. */
static void tw_gs_warm(const void* p, size_t bytes) {
  const unsigned char* b = p;
  uint32_t sum = 0;
  for (size_t i = 0; i < bytes; i += 64) sum += b[i];
  volatile uint32_t sink = sum; /* a volatile store the compiler must keep, and with it the reads */
  (void)sink;
}

/* ---- the entry point ------------------------------------------------------ */

int32_t tw_gridsample(int32_t x_dtype, const void* x, size_t x_bytes, int32_t spatial_rank, const int64_t* x_shape,
                      int32_t grid_dtype, const void* grid, size_t grid_bytes, const int64_t* grid_shape,
                      int32_t mode, int32_t padding_mode, int32_t align_corners, double fill_value, void* y,
                      size_t y_bytes) {
  /* -- arguments that need no shape -- */
  if (spatial_rank < 1 || spatial_rank > TW_GRIDSAMPLE_MAX_RANK) {
    return tw_fail(TW_INVALID_ARGUMENT, "spatial_rank: must be in [1, %d], got %d", TW_GRIDSAMPLE_MAX_RANK,
                   (int)spatial_rank);
  }
  const int r = spatial_rank;
  if (!x_shape) return tw_fail(TW_INVALID_ARGUMENT, "x_shape: NULL");
  if (!grid_shape) return tw_fail(TW_INVALID_ARGUMENT, "grid_shape: NULL");
  const tw_gs_type* type_entry = tw_gs_lookup_type(x_dtype);
  if (!type_entry) {
    const int known = x_dtype >= TW_DTYPE_FLOAT32 && x_dtype <= TW_DTYPE_INT2;
    return tw_fail(known ? TW_UNSUPPORTED : TW_INVALID_ARGUMENT,
                   "x_dtype: %s %d (GridSample takes float32/64, float16, bfloat16, complex64/128, "
                   "8/16/32/64-bit integers and bool)",
                   known ? "unsupported type" : "unknown type", (int)x_dtype);
  }
  const tw_gs_type type = *type_entry;
  if (grid_dtype != TW_DTYPE_FLOAT32 && grid_dtype != TW_DTYPE_FLOAT64 && grid_dtype != TW_DTYPE_FLOAT16 &&
      grid_dtype != TW_DTYPE_BFLOAT16) {
    const int known = grid_dtype >= TW_DTYPE_FLOAT32 && grid_dtype <= TW_DTYPE_INT2;
    return tw_fail(known ? TW_UNSUPPORTED : TW_INVALID_ARGUMENT,
                   "grid_dtype: %s %d (GridSample takes float32, float64, float16 and bfloat16 grids)",
                   known ? "unsupported type" : "unknown type", (int)grid_dtype);
  }
  const uint32_t grid_size = tw_dtype_bits(grid_dtype) / 8;
  if (mode != TW_GRIDSAMPLE_MODE_LINEAR && mode != TW_GRIDSAMPLE_MODE_NEAREST && mode != TW_GRIDSAMPLE_MODE_CUBIC) {
    return tw_fail(TW_INVALID_ARGUMENT, "mode: unknown value %d (0 linear, 1 nearest, 2 cubic)", (int)mode);
  }
  if (padding_mode < TW_GRIDSAMPLE_PADDING_ZEROS || padding_mode > TW_GRIDSAMPLE_PADDING_WRAP) {
    return tw_fail(TW_INVALID_ARGUMENT, "padding_mode: unknown value %d (0 zeros, 1 border, 2 reflection, 3 wrap)",
                   (int)padding_mode);
  }
  if (align_corners != 0 && align_corners != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "align_corners: must be 0 or 1, got %d", (int)align_corners);
  }
  if (mode != TW_GRIDSAMPLE_MODE_NEAREST && !type.blend[0][0]) {
    return tw_fail(TW_UNSUPPORTED, "mode: %s interpolation is not defined for x_dtype %d (bool); use nearest",
                   mode == TW_GRIDSAMPLE_MODE_LINEAR ? "linear" : "cubic", (int)x_dtype);
  }
  const int taps_per_axis = tw_gridsample_taps_per_axis(mode);
  uint64_t taps = 1;
  for (int a = 0; a < r; a++) taps *= (uint64_t)taps_per_axis; /* <= 4^16 */
  if (taps > TW_GRIDSAMPLE_MAX_TAPS) {
    return tw_fail(TW_UNSUPPORTED, "spatial_rank: %d with this mode needs %llu taps per output element (limit %d)",
                   r, (unsigned long long)taps, TW_GRIDSAMPLE_MAX_TAPS);
  }
  union { double d; uint64_t u[2]; unsigned char bytes[16]; } fill = {0};
  tw_status status = tw_gs_convert_fill(x_dtype, fill_value, fill.bytes);
  if (status != TW_OK) return status;

  /* -- shapes -- */
  for (int i = 0; i < r + 2; i++) {
    if (x_shape[i] < 0) return tw_fail(TW_INVALID_ARGUMENT, "x_shape[%d]: negative dimension %lld", i, (long long)x_shape[i]);
    if (grid_shape[i] < 0) {
      return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[%d]: negative dimension %lld", i, (long long)grid_shape[i]);
    }
  }
  if (grid_shape[0] != x_shape[0]) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[0]: batch %lld differs from x_shape[0] = %lld",
                   (long long)grid_shape[0], (long long)x_shape[0]);
  }
  if (grid_shape[r + 1] != r) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid_shape[%d]: must equal spatial_rank %d, got %lld", r + 1, r,
                   (long long)grid_shape[r + 1]);
  }
  const uint64_t batch = (uint64_t)x_shape[0], channels = (uint64_t)x_shape[1];
  uint64_t plane = 1, points = 1, x_count, y_count, grid_count, x_need, y_need, grid_need;
  int ok = 1;
  for (int a = 0; a < r; a++) {
    ok &= tw_gs_mul(plane, (uint64_t)x_shape[2 + a], &plane);
    ok &= tw_gs_mul(points, (uint64_t)grid_shape[1 + a], &points);
  }
  ok &= tw_gs_mul(batch, channels, &x_count) && tw_gs_mul(x_count, plane, &x_count);
  ok &= tw_gs_mul(batch, channels, &y_count) && tw_gs_mul(y_count, points, &y_count);
  ok &= tw_gs_mul(batch, points, &grid_count) && tw_gs_mul(grid_count, (uint64_t)r, &grid_count);
  ok &= tw_gs_mul(x_count, type.size, &x_need) && tw_gs_mul(y_count, type.size, &y_need) &&
        tw_gs_mul(grid_count, grid_size, &grid_need);
  if (!ok) return tw_fail(TW_INVALID_ARGUMENT, "x_shape/grid_shape: byte counts overflow 64 bits");
  if (x_need != (uint64_t)x_bytes) {
    return tw_fail(TW_INVALID_ARGUMENT, "x_bytes: shape and x_dtype need %llu bytes, got %llu",
                   (unsigned long long)x_need, (unsigned long long)x_bytes);
  }
  if (grid_need != (uint64_t)grid_bytes) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid_bytes: shape and grid_dtype need %llu bytes, got %llu",
                   (unsigned long long)grid_need, (unsigned long long)grid_bytes);
  }
  if (y_need != (uint64_t)y_bytes) {
    return tw_fail(TW_INVALID_ARGUMENT, "y_bytes: output shape (N, C, O...) needs %llu bytes, got %llu",
                   (unsigned long long)y_need, (unsigned long long)y_bytes);
  }

  if (y_count > 0 && plane > INT32_MAX) { /* plan indices are 32-bit */
    return tw_fail(TW_UNSUPPORTED, "x_shape: %llu elements per (n, c) plane; the limit is 2^31 - 1",
                   (unsigned long long)plane);
  }

  /* -- pointers -- */
  if (x_bytes && !x) return tw_fail(TW_INVALID_ARGUMENT, "x: NULL with %llu bytes", (unsigned long long)x_bytes);
  if (grid_bytes && !grid) {
    return tw_fail(TW_INVALID_ARGUMENT, "grid: NULL with %llu bytes", (unsigned long long)grid_bytes);
  }
  if (y_bytes && !y) return tw_fail(TW_INVALID_ARGUMENT, "y: NULL with %llu bytes", (unsigned long long)y_bytes);
  if ((uintptr_t)x % type.align) return tw_fail(TW_INVALID_ARGUMENT, "x: not aligned to %u bytes", type.align);
  if ((uintptr_t)y % type.align) return tw_fail(TW_INVALID_ARGUMENT, "y: not aligned to %u bytes", type.align);
  if ((uintptr_t)grid % grid_size) return tw_fail(TW_INVALID_ARGUMENT, "grid: not aligned to %u bytes", grid_size);
  if (tw_gs_overlap(y, y_bytes, x, x_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "y: overlaps x");
  if (tw_gs_overlap(y, y_bytes, grid, grid_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "y: overlaps grid");

  /* -- empty tensors (handled here so the kernels never see them) -- */
  if (y_count == 0) return TW_OK;
  if (plane == 0) {
    if (padding_mode != TW_GRIDSAMPLE_PADDING_ZEROS) {
      return tw_fail(TW_INVALID_ARGUMENT,
                     "x_shape: a spatial axis has length 0, so every tap is out of bounds; only zeros padding "
                     "can fill the output");
    }
    for (uint64_t i = 0; i < y_count; i++) memcpy((unsigned char*)y + i * type.size, fill.bytes, type.size);
    return TW_OK;
  }

  /* -- normalised problem -- */
  tw_gridsample_problem problem;
  problem.rank = r;
  problem.mode = mode;
  problem.padding = padding_mode;
  problem.taps_per_axis = taps_per_axis;
  problem.taps = (int32_t)taps;
  problem.weights_f64 = mode != TW_GRIDSAMPLE_MODE_NEAREST && type.weights_f64;
  int simd_lengths = 1;
  int64_t stride = 1;
  for (int a = r - 1; a >= 0; a--) {
    tw_gs_setup_axis(&problem.axis[a], x_shape[2 + a], stride, padding_mode, align_corners);
    simd_lengths &= x_shape[2 + a] <= TW_GRIDSAMPLE_SIMD_MAX_LENGTH;
    stride *= x_shape[2 + a];
  }

  /* -- kernels -- */
  const int simd = tw_use_simd() != 0;
  const int masked = padding_mode == TW_GRIDSAMPLE_PADDING_ZEROS;
  const tw_gridsample_blend_fn blend =
      mode == TW_GRIDSAMPLE_MODE_NEAREST ? type.gather[masked][simd] : type.blend[masked][simd];
  void (*plan_simd)(const tw_gridsample_problem*, const tw_gridsample_tile*, const float*,
                    const tw_gridsample_plan*) = NULL;
  if (simd && simd_lengths && grid_dtype != TW_DTYPE_FLOAT64 && !problem.weights_f64) {
    plan_simd = r == 2 ? tw_gridsample_plan2d__wasmsimd : r == 3 ? tw_gridsample_plan3d__wasmsimd : NULL;
  }

  /* -- tiles --
   * Output locations are processed in tiles of tile_h x tile_w over the two
   * innermost output axes (rows of tile_w for r = 1). A rotated or scaled
   * grid maps a compact tile to a compact patch of x that each channel's
   * gathers reuse, while a run of whole output rows sweeps hundreds of x rows
   * (1024^2, 90 degree rotation: ~49 ms with row runs, ~14 ms with tiles,
   * the same as no rotation). A tile holds at most TILE_ENTRIES plan entries
   * (points x taps). */
  const uint64_t cols = (uint64_t)grid_shape[r], rows = r >= 2 ? (uint64_t)grid_shape[r - 1] : 1;
  const uint64_t outer = points / (rows * cols);
  size_t tile_points = (TW_GRIDSAMPLE_TILE_ENTRIES / (size_t)taps) & ~(size_t)3;
  tile_points = tile_points < 4 ? 4 : tile_points > TW_GRIDSAMPLE_TILE_MAX_POINTS ? TW_GRIDSAMPLE_TILE_MAX_POINTS
                                                                                   : tile_points;
  size_t tile_w = rows > 1 && tile_points > TW_GRIDSAMPLE_TILE_WIDTH ? TW_GRIDSAMPLE_TILE_WIDTH : tile_points;
  const size_t cols_up = ((size_t)cols + 3) & ~(size_t)3;
  if (tile_w > cols_up) tile_w = cols_up;
  size_t tile_h = tile_points / tile_w;
  if (tile_h > rows) tile_h = (size_t)rows;

  /* Warm only when tiles split rows and the data is large: when it all
   * fits in L2 (224^2 x 3) the extra pass costs more than it saves. */
  const int warm = cols > tile_w && y_bytes + grid_bytes >= TW_GRIDSAMPLE_WARM_MIN_BYTES;

  /* -- scratch: the one allocation -- */
  const size_t entries = tile_w * tile_h * (size_t)taps;
  const size_t weight_bytes = mode == TW_GRIDSAMPLE_MODE_NEAREST ? 0 : entries * (problem.weights_f64 ? 8 : 4);
  const size_t mask_bytes = masked ? entries * 4 : 0;
  const int stage_grid = grid_dtype == TW_DTYPE_FLOAT16 || grid_dtype == TW_DTYPE_BFLOAT16;
  const size_t stage_bytes = stage_grid ? tile_w * tile_h * (size_t)r * 4 : 0;
  const size_t flag_bytes = tile_w * tile_h / 4;
  unsigned char* scratch = malloc(weight_bytes + entries * 4 + mask_bytes + stage_bytes + flag_bytes);
  if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate the plan buffer");
  tw_gridsample_plan plan;
  plan.taps = (size_t)taps;
  plan.taps_per_axis = (size_t)taps_per_axis;
  plan.flags = scratch + weight_bytes + entries * 4 + mask_bytes + stage_bytes;
  /* only the SIMD f32 blend reads group flags and their compact layout */
  plan.compact = simd && x_dtype == TW_DTYPE_FLOAT32 && mode != TW_GRIDSAMPLE_MODE_NEAREST;
  plan.w64 = problem.weights_f64 && weight_bytes ? (double*)(void*)scratch : NULL;
  plan.w32 = !problem.weights_f64 && weight_bytes ? (float*)(void*)scratch : NULL;
  plan.index = (uint32_t*)(void*)(scratch + weight_bytes);
  plan.mask = masked ? plan.index + entries : NULL;
  float* stage = stage_grid ? (float*)(void*)(scratch + weight_bytes + entries * 4 + mask_bytes) : NULL;

  const unsigned char* xb = x;
  const unsigned char* gb = grid;
  unsigned char* yb = y;
  const size_t plane_bytes = (size_t)plane * type.size;
  /* Every tile shares these strides; only its count and rows vary. */
  const tw_gridsample_tile tile_layout = {.grid_stride = (size_t)cols,
                                          .plan_stride = tile_w,
                                          .y_stride = (size_t)cols,
                                          .channels = (size_t)channels,
                                          .x_channel_bytes = plane_bytes,
                                          .y_channel_stride = (size_t)points};
  for (uint64_t n = 0; n < batch; n++) {
    for (uint64_t o = 0; o < outer; o++) {
      for (uint64_t row0 = 0; row0 < rows; row0 += tile_h) {
        if (warm) {
          const size_t band_rows = (size_t)(rows - row0 < tile_h ? rows - row0 : tile_h);
          const uint64_t band_p0 = (o * rows + row0) * cols; /* the band's first point in this batch item */
          tw_gs_warm(gb + (size_t)((n * points + band_p0) * (uint64_t)r) * grid_size,
                     band_rows * (size_t)cols * (size_t)r * grid_size);
          for (uint64_t c = 0; c < channels; c++) {
            tw_gs_warm(yb + (size_t)(((n * channels + c) * points + band_p0) * type.size),
                       band_rows * (size_t)cols * type.size);
          }
        }
        for (uint64_t col0 = 0; col0 < cols; col0 += tile_w) {
          tw_gridsample_tile tile = tile_layout;
          tile.count = (size_t)(cols - col0 < tile_w ? cols - col0 : tile_w);
          tile.rows = (size_t)(rows - row0 < tile_h ? rows - row0 : tile_h);
          const uint64_t p0 = (o * rows + row0) * cols + col0; /* the tile's first point in this batch item */
          const size_t first_coord = (size_t)((n * points + p0) * (uint64_t)r);

          /* plan the tile once */
          if (grid_dtype == TW_DTYPE_FLOAT64 || !plan_simd) {
            for (size_t i = 0; i < tile.rows; i++) {
              const tw_gridsample_plan run_plan = tw_gridsample_plan_at(&plan, i * tile_w);
              const size_t coord = first_coord + i * (size_t)cols * (size_t)r;
              if (grid_dtype == TW_DTYPE_FLOAT64) {
                tw_gridsample_plan_f64__scalar(&problem, (const double*)(const void*)gb + coord, 0, tile.count,
                                               &run_plan);
              } else if (stage_grid) {
                tw_gs_stage_grid(grid_dtype, (const uint16_t*)(const void*)gb + coord, tile.count * (size_t)r, stage);
                tw_gridsample_plan_f32__scalar(&problem, stage, 0, tile.count, &run_plan);
              } else {
                tw_gridsample_plan_f32__scalar(&problem, (const float*)(const void*)gb + coord, 0, tile.count,
                                               &run_plan);
              }
            }
          } else if (stage_grid) {
            tw_gridsample_tile staged = tile;
            staged.grid_stride = tile.count;
            for (size_t i = 0; i < tile.rows; i++) {
              tw_gs_stage_grid(grid_dtype, (const uint16_t*)(const void*)gb + first_coord + i * (size_t)cols * (size_t)r,
                               tile.count * (size_t)r, stage + i * tile.count * (size_t)r);
            }
            plan_simd(&problem, &staged, stage, &plan);
          } else {
            plan_simd(&problem, &tile, (const float*)(const void*)gb + first_coord, &plan);
          }

          /* blend it for every channel */
          blend(&tile, xb + n * channels * plane_bytes, &plan, fill.bytes,
                yb + (size_t)((n * channels * points + p0) * type.size));
        }
      }
    }
  }
  free(scratch);
  return TW_OK;
}
