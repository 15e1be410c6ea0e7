/* GridSample internals: the normalised problem the entry layer (gridsample.c)
 * hands to the kernels, the per-tile plan, and the micro-kernel prototypes.
 *
 * Flow per call (STYLE P1/P3):
 *   entry     validate, normalise shapes, convert fill_value, pick kernels
 *   plan      per tile of output locations: tap indices (after padding),
 *             tap weights and out-of-bounds masks, computed once ...
 *   blend     ... and applied to every channel by a kernel that only gathers
 *             and sums (no mode or padding decision inside it).
 *
 * Kernel names: tw_gridsample_<what>__<isa>, isa = scalar | wasmsimd.
 * The scalar kernels are the reference; every wasmsimd kernel produces
 * bit-identical results (same operations in the same order, no FMA).
 */
#ifndef TW_GRIDSAMPLE_INTERNAL_H
#define TW_GRIDSAMPLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "gridsample.h"

/* Plan entries (points x taps) per tile, and the tile size cap. An entry is
 * 8-16 bytes, so a tile's plan (<= 256 KB) stays in L2; tall tiles let each
 * line of x serve many output rows (64 x 4 cubic tiles measured ~15% slower
 * than 64 x 16). */
#define TW_GRIDSAMPLE_TILE_ENTRIES 16384
#define TW_GRIDSAMPLE_TILE_MAX_POINTS 2048
/* Grid plus output bytes from which the tile driver warms the cache for each
 * band of tiles (gridsample.c). */
#define TW_GRIDSAMPLE_WARM_MIN_BYTES (2u << 20)
/* Output tiles are this many points wide (fewer for narrow outputs or big plans). */
#define TW_GRIDSAMPLE_TILE_WIDTH 64

/* The SIMD plan kernels handle coordinates with |x| < 2^22 on axes of length
 * <= 2^20: there every integer they form is exact in float32 (the modulo for
 * reflection/wrap is a reciprocal multiply with exact correction steps). Groups
 * with any other lane (huge or non-finite) go through the scalar per-point
 * routine, so the result is the same bits either way. */
#define TW_GRIDSAMPLE_SIMD_MAX_COORD 4194304.0f
#define TW_GRIDSAMPLE_SIMD_MAX_LENGTH (1 << 20)

/* Keys cubic convolution (A = -0.75) for fraction t and u = 1 - t (both
 * rounded once from their exact values, t = x - floor(x), u = floor(x) + 1 - x):
 *   W(t + 1) = A t u^2             W(t)     = u (1 + t - (A+2) t^2)
 *   W(1 - t) = t (1 + u - (A+2) u^2)    W(2 - t) = A u t^2
 * These are SEMANTICS 2.5's polynomials factored at their roots (expand them
 * to check). Every factor is exact or well away from 0 (the brackets lie in
 * [0.75, 1.2]), so each weight has a small relative error; the expanded
 * Horner forms cancel near their roots and leave absolute errors of ~1e-7
 * (float32) on weights that should be ~0. Evaluated as
 *   w0 = (A*t)*(u*u)   w1 = u*((1+t) - (A2*t)*t)   w2 = t*((1+u) - (A2*u)*u)   w3 = (A*u)*(t*t)
 * in this order by every kernel. */
#define TW_GS_CUBIC_A (-0.75)
#define TW_GS_CUBIC_A2 (1.25) /* A + 2 */

/* Taps per axis (K) of a mode: nearest 1, linear 2, cubic 4. */
static inline int tw_gridsample_taps_per_axis(int32_t mode) {
  return mode == TW_GRIDSAMPLE_MODE_NEAREST ? 1 : mode == TW_GRIDSAMPLE_MODE_LINEAR ? 2 : 4;
}

/* double -> integer element: truncate toward zero, saturate to the type's
 * range, NaN -> 0 (gridsample.h; used for results and for fill_value). The
 * bounds are compared as doubles; each is exact or rounds away from the
 * range (2^63, 2^64), so every value that passes converts without UB. */
#define TW_GS_DEFINE_TO_INT(suffix, type, lo, hi)     \
  static inline type tw_gs_to_##suffix(double v) {    \
    if (v != v) return 0;                             \
    if (v <= (double)(lo)) return (lo);               \
    if (v >= (double)(hi)) return (hi);               \
    return (type)v;                                   \
  }
TW_GS_DEFINE_TO_INT(i8, int8_t, INT8_MIN, INT8_MAX)
TW_GS_DEFINE_TO_INT(u8, uint8_t, 0, UINT8_MAX)
TW_GS_DEFINE_TO_INT(i16, int16_t, INT16_MIN, INT16_MAX)
TW_GS_DEFINE_TO_INT(u16, uint16_t, 0, UINT16_MAX)
TW_GS_DEFINE_TO_INT(i32, int32_t, INT32_MIN, INT32_MAX)
TW_GS_DEFINE_TO_INT(u32, uint32_t, 0, UINT32_MAX)
TW_GS_DEFINE_TO_INT(i64, int64_t, INT64_MIN, INT64_MAX)
TW_GS_DEFINE_TO_INT(u64, uint64_t, 0, UINT64_MAX)
#undef TW_GS_DEFINE_TO_INT

/* Per-axis constants of the coordinate pipeline, in one coordinate type.
 * x = ((g + 1) * s1 - s2) * s3 reproduces both documented formulas with
 * their operation order: align 1 (s1, s2, s3) = (1/2, 0, L-1),
 * align 0 (s1, s2, s3) = (L, 1, 1/2); subtracting 0 and multiplying by 1/2
 * are exact. */
#define TW_GS_AXIS_CONSTANTS(T) \
  struct {                      \
    T s1, s2, s3;               \
    T lo, hi;    /* in-range borders */                         \
    T range;     /* hi - lo (0 only for align 1 with L = 1) */  \
    T range2;    /* 2 * range: period of the continuous fold */ \
    T last;      /* L - 1: border clamp */                      \
    T period;    /* index period (see tw_gridsample_axis) */    \
    T clamp_lo, clamp_hi; /* -8 and L + 8: safe bounds for an integer conversion */ \
  }

typedef struct tw_gridsample_axis {
  int64_t length; /* L >= 1 */
  int64_t stride; /* elements between neighbours along this axis in an x plane */
  /* Index period and mirror constant of the per-tap rule:
   *   reflection: period = 2L (align 0), 2(L-1) (align 1, L >= 2), 1 (align 1, L = 1);
   *               m = i mod period; index = m < L ? m : mirror - m,
   *               mirror = period - 1 (align 0) or period (align 1).
   *   wrap:       period = L; index = i mod L.
   *   zeros/border: unused (period = L). */
  int64_t period, mirror;
  TW_GS_AXIS_CONSTANTS(float) f;
  TW_GS_AXIS_CONSTANTS(double) d;
} tw_gridsample_axis;

typedef struct tw_gridsample_problem {
  int32_t rank;          /* r */
  int32_t mode;          /* tw_gridsample_mode */
  int32_t padding;       /* tw_gridsample_padding */
  int32_t taps_per_axis; /* K: 1, 2 or 4 */
  int32_t taps;          /* T = K^r */
  int32_t weights_f64;   /* 1: plan weights are double, 0: float (nearest: none) */
  tw_gridsample_axis axis[TW_GRIDSAMPLE_MAX_RANK]; /* axis[0] = D_1, the outermost */
} tw_gridsample_problem;

/* Per-axis constants for an axis of `length` elements `stride` apart, with
 * the given padding and align_corners (gridsample.c). */
void tw_gridsample_setup_axis(tw_gridsample_axis* axis, int64_t length, int64_t stride, int32_t padding,
                              int32_t align_corners);

/* A tile's plan. Entry (point p, tap t) of each array lives at
 * tw_gridsample_slot(p, t, taps): groups of 4 points, tap-major inside a
 * group, so a SIMD kernel loads 4 points' entries of one tap at once.
 * Taps are ordered like a row-major loop over the axes' taps (innermost
 * axis fastest); a tap's weight is ((w_axis0 * w_axis1) * ...) in that
 * order; its index is always inside the plane (out-of-bounds taps hold 0).
 * flags (one byte per group) let the SIMD f32 blend take shortcuts that give
 * the same bits. 0 is always correct and is all a plan built for any other
 * consumer contains (compact = 0). A flagged group stores only what its
 * shortcut reads (compact layout):
 *   ROWS, EDGE, MIRRORED: the weights, and at tap slot r (not r * K) the
 *         index of row r's first element (MIRRORED: its lowest, the row's
 *         last tap); no masks;
 *   FILL: the weights only. */
typedef struct tw_gridsample_plan {
  size_t taps;          /* T = K^r */
  size_t taps_per_axis; /* K; a "row" is K consecutive taps along the innermost axis */
  uint32_t* index;      /* element index within an x plane */
  uint32_t* mask;       /* ~0u: out of bounds (ZEROS only); NULL for other paddings */
  float* w32;           /* weights when !weights_f64 (NULL for nearest) */
  double* w64;          /* weights when weights_f64 */
  uint8_t* flags;       /* per group: TW_GS_GROUP_* */
  int compact;          /* the consumer reads flags (the SIMD f32 blend): plan kernels may set them */
} tw_gridsample_plan;

enum {
  /* every row of the group's points reads K consecutive x elements, index
   * (row, 0) first, and no tap is out of bounds: one wide load per row */
  TW_GS_GROUP_ROWS = 1,
  /* every tap of the group's points is out of bounds (ZEROS): no x read */
  TW_GS_GROUP_FILL = 2,
  /* every row of the group's points reads one x element K times (the
   * innermost coordinate clamped to an edge: BORDER beside x), no mask:
   * one lane load per row instead of one per tap */
  TW_GS_GROUP_EDGE = 4,
  /* like ROWS, with each row's K elements in descending order (REFLECTION
   * beyond an edge of x) */
  TW_GS_GROUP_MIRRORED = 8,
};

static inline size_t tw_gridsample_slot(size_t point, size_t tap, size_t taps) {
  return ((point >> 2) * taps + tap) * 4 + (point & 3);
}

/* The plan from point `first` on; first must be a multiple of 4 so that the
 * group layout lines up. */
static inline tw_gridsample_plan tw_gridsample_plan_at(const tw_gridsample_plan* plan, size_t first) {
  tw_gridsample_plan at = *plan;
  const size_t offset = first * plan->taps;
  at.index += offset;
  if (at.mask) at.mask += offset;
  if (at.w32) at.w32 += offset;
  if (at.w64) at.w64 += offset;
  at.flags += first / 4;
  return at;
}

/* A tile of output locations: `rows` runs of `count` consecutive points, for
 * `channels` channels. Run i's coordinates start at point i * grid_stride of
 * the grid pointer given, its plan at point i * plan_stride of the plan (a
 * multiple of 4, so every run starts a new group of 4), its outputs at
 * element i * y_stride of the output pointer. Channel c reads the x plane at
 * byte c * x_channel_bytes and writes at element c * y_channel_stride.
 * Kernels take whole tiles and all channels: per-call costs stay off the
 * short runs, and the SIMD f32 blend can reuse each group's plan entries for
 * every channel while they are in L1. */
typedef struct tw_gridsample_tile {
  size_t count, rows;
  size_t grid_stride, plan_stride, y_stride;
  size_t channels, x_channel_bytes, y_channel_stride;
} tw_gridsample_tile;

/* ---- plan kernels ---------------------------------------------------------
 * Coordinates of point p of a run are grid[p * r .. p * r + r - 1]
 * (innermost axis first). The scalar kernels plan points [first, first +
 * count) of one run; the SIMD kernels plan a tile (r = 2 and r = 3, float32
 * coordinates, float32 weights or nearest). */
void tw_gridsample_plan_f32__scalar(const tw_gridsample_problem* problem, const float* grid, size_t first,
                                    size_t count, const tw_gridsample_plan* plan);
void tw_gridsample_plan_f64__scalar(const tw_gridsample_problem* problem, const double* grid, size_t first,
                                    size_t count, const tw_gridsample_plan* plan);
void tw_gridsample_plan2d__wasmsimd(const tw_gridsample_problem* problem, const tw_gridsample_tile* tile,
                                    const float* grid, const tw_gridsample_plan* plan);
void tw_gridsample_plan3d__wasmsimd(const tw_gridsample_problem* problem, const tw_gridsample_tile* tile,
                                    const float* grid, const tw_gridsample_plan* plan);

/* ---- pieces of the scalar plan ------------------------------------------- */

/* One axis's taps for one point. */
typedef struct tw_gridsample_axis_taps {
  int32_t index[4]; /* in [0, L) */
  uint32_t oob[4];  /* ~0u: out of bounds (ZEROS) */
  double t, u;      /* fraction t and 1 - t (linear/cubic) */
} tw_gridsample_axis_taps;

/* Fills index and oob of `out` for the mode's taps from base tap `base`
 * (cubic: base - 1 .. base + 2; else base, base + 1 or base alone) by the
 * padding rule, applied to each tap on its own (gridsample.h, Padding). */
void tw_gridsample_pad_taps_f32(float base, const tw_gridsample_axis* axis, int32_t mode, int32_t padding,
                                tw_gridsample_axis_taps* out);
void tw_gridsample_pad_taps_f64(double base, const tw_gridsample_axis* axis, int32_t mode, int32_t padding,
                                tw_gridsample_axis_taps* out);

/* One axis's float32 weights (linear: w[0..1], cubic: w[0..3]) from t and u
 * rounded to float32, in the order stated above. */
void tw_gs_weights_f32(int32_t mode, double t, double u, float* w);

/* Every tap out of bounds (ZEROS), t = 0, u = 1. */
void tw_gridsample_taps_all_out(int32_t mode, tw_gridsample_axis_taps* out);

/* Writes point p's plan entries (index, mask, weight of every tap, in tap
 * order) from its per-axis taps, and clears its group's flags. */
void tw_gridsample_store_point(const tw_gridsample_problem* problem, const tw_gridsample_axis_taps* axis_taps,
                               size_t p, const tw_gridsample_plan* plan);

/* ---- blend kernels --------------------------------------------------------
 * One tile, every channel: y[p] = sum over t of w(p,t) * value(p,t),
 * where value is x[index(p,t)], or *fill (an element of x's type) where
 * mask(p,t) is set. The sum runs over t in order, starting from the first
 * tap's product. Gather kernels (nearest) copy value(p,0). */
typedef void (*tw_gridsample_blend_fn)(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan,
                                       const void* fill, void* y);

#define TW_GS_DECLARE_BLEND(name)                                                                 \
  void tw_gridsample_##name(const tw_gridsample_tile* tile, const void* x, const tw_gridsample_plan* plan, \
                            const void* fill, void* y);

/* X-macro of the scalar blend kernels: (suffix, x element type, sum type,
 * components per element). Masked variants are named <suffix>_masked. */
#define TW_GS_BLEND_TYPES(X)          \
  X(f32, float, float, 1)             \
  X(f16, uint16_t, float, 1)          \
  X(bf16, uint16_t, float, 1)         \
  X(c64, float, float, 2)             \
  X(f64, double, double, 1)           \
  X(c128, double, double, 2)          \
  X(i8, int8_t, double, 1)            \
  X(u8, uint8_t, double, 1)           \
  X(i16, int16_t, double, 1)          \
  X(u16, uint16_t, double, 1)         \
  X(i32, int32_t, double, 1)          \
  X(u32, uint32_t, double, 1)         \
  X(i64, int64_t, double, 1)          \
  X(u64, uint64_t, double, 1)

#define TW_GS_DECLARE_SCALAR_BLEND(suffix, xtype, acctype, comps) \
  TW_GS_DECLARE_BLEND(blend_##suffix##__scalar)                   \
  TW_GS_DECLARE_BLEND(blend_##suffix##_masked__scalar)
TW_GS_BLEND_TYPES(TW_GS_DECLARE_SCALAR_BLEND)
#undef TW_GS_DECLARE_SCALAR_BLEND

TW_GS_DECLARE_BLEND(blend_f32__wasmsimd)
TW_GS_DECLARE_BLEND(blend_f32_masked__wasmsimd)

/* Nearest: copy one element of 1, 2, 4, 8 or 16 bytes. */
#define TW_GS_GATHER_SIZES(X) X(x8) X(x16) X(x32) X(x64) X(x128)
#define TW_GS_DECLARE_GATHER(size)                  \
  TW_GS_DECLARE_BLEND(gather_##size##__scalar)      \
  TW_GS_DECLARE_BLEND(gather_##size##_masked__scalar)
TW_GS_GATHER_SIZES(TW_GS_DECLARE_GATHER)
#undef TW_GS_DECLARE_GATHER

TW_GS_DECLARE_BLEND(gather_x32__wasmsimd)
TW_GS_DECLARE_BLEND(gather_x32_masked__wasmsimd)

#endif
