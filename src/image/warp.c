/* Image warp entry: validates every argument (the caller is never trusted),
 * normalises the problem (the matrix in float32, the two axes with
 * GridSample's per-tap padding constants), handles empty images, picks the
 * kernels, and hands the destination band to the shared tile driver
 * (gridsample/gridsample-driver.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/heap.h"
#include "common/repeat.h"
#include "common/status.h"
#include "gridsample/gridsample-driver.h"
#include "image-check.h"
#include "warp-internal.h"

/* Per-axis sizes beyond which float32 pixel coordinates stop being exact. */
#define TW_WARP_MAX_SIDE ((1 << 24) - 1)

typedef struct tw_warp_args {
  const uint8_t* src;
  size_t src_bytes;
  int32_t src_width, src_height, channels;
  const double* matrix;
  int32_t perspective, interpolation, border;
  uint32_t fill;
  uint8_t* dst;
  size_t dst_bytes;
  int32_t dst_width, dst_height, row0, rows;
} tw_warp_args;

/* ---- validation ------------------------------------------------------------ */

static tw_status tw_warp_check_options(const tw_warp_args* a) {
  const tw_status status = tw_image_check_channels("channels", a->channels);
  if (status != TW_OK) return status;
  if (a->perspective != 0 && a->perspective != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "perspective: must be 0 or 1, got %d", (int)a->perspective);
  }
  if (a->interpolation != TW_IMAGE_INTERPOLATION_NEAREST && a->interpolation != TW_IMAGE_INTERPOLATION_LINEAR &&
      a->interpolation != TW_IMAGE_INTERPOLATION_CUBIC) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: %d is not nearest (0), linear (1) or cubic (2)",
                   (int)a->interpolation);
  }
  if (a->border < TW_IMAGE_BORDER_CONSTANT || a->border > TW_IMAGE_BORDER_WRAP) {
    return tw_fail(TW_INVALID_ARGUMENT, "border: unknown value %d (0 constant .. 4 wrap)", (int)a->border);
  }
  return TW_OK;
}

/* Finite entries and a non-singular linear part (affine) or 3x3 (perspective). */
static tw_status tw_warp_check_matrix(const double* m, int perspective) {
  if (!m) return tw_fail(TW_INVALID_ARGUMENT, "matrix: NULL");
  const int n = perspective ? 9 : 6;
  for (int k = 0; k < n; k++) {
    if (!isfinite(m[k])) return tw_fail(TW_INVALID_ARGUMENT, "matrix[%d]: not finite (%g)", k, m[k]);
  }
  const double det = perspective ? m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                                       m[2] * (m[3] * m[7] - m[4] * m[6])
                                 : m[0] * m[4] - m[1] * m[3];
  if (det == 0 || !isfinite(det)) {
    return tw_fail(TW_INVALID_ARGUMENT, "matrix: singular (determinant %g); a warp needs an invertible matrix", det);
  }
  return TW_OK;
}

static tw_status tw_warp_check_side(const char* name, int32_t v) {
  if (v < 0) return tw_fail(TW_INVALID_ARGUMENT, "%s: must be >= 0, got %d", name, (int)v);
  if (v > TW_WARP_MAX_SIDE) return tw_fail(TW_UNSUPPORTED, "%s: %d is beyond the limit 2^24 - 1", name, (int)v);
  return TW_OK;
}

static tw_status tw_warp_check_sizes(const tw_warp_args* a) {
  tw_status status = tw_warp_check_side("src_width", a->src_width);
  if (status == TW_OK) status = tw_warp_check_side("src_height", a->src_height);
  if (status == TW_OK) status = tw_warp_check_side("dst_width", a->dst_width);
  if (status == TW_OK) status = tw_warp_check_side("dst_height", a->dst_height);
  if (status != TW_OK) return status;
  if (a->row0 < 0 || a->rows < 0 || a->row0 > a->dst_height - a->rows) {
    return tw_fail(TW_INVALID_ARGUMENT, "row0/rows: rows [%d, %d + %d) are not inside the destination's %d",
                   (int)a->row0, (int)a->row0, (int)a->rows, (int)a->dst_height);
  }
  status = tw_image_check_bytes("src_bytes", a->src_bytes, a->src_width, a->src_height, a->channels);
  if (status == TW_OK) status = tw_image_check_bytes("dst_bytes", a->dst_bytes, a->dst_width, a->rows, a->channels);
  if (status != TW_OK) return status;
  if ((uint64_t)a->src_bytes > INT32_MAX) { /* plan indices are 32-bit byte offsets */
    return tw_fail(TW_UNSUPPORTED, "src_bytes: %llu; the limit is 2^31 - 1", (unsigned long long)a->src_bytes);
  }
  return TW_OK;
}

static tw_status tw_warp_check_pointers(const tw_warp_args* a) {
  return tw_image_check_buffers("src", a->src, a->src_bytes, "dst", a->dst, a->dst_bytes);
}

static tw_status tw_warp_check(const tw_warp_args* a) {
  tw_status status = tw_warp_check_options(a);
  if (status == TW_OK) status = tw_warp_check_matrix(a->matrix, a->perspective);
  if (status == TW_OK) status = tw_warp_check_sizes(a);
  if (status == TW_OK) status = tw_warp_check_pointers(a);
  return status;
}

/* ---- normalisation --------------------------------------------------------- */

void tw_warp_problem_init(tw_warp_problem* p, int32_t src_width, int32_t src_height, int32_t channels,
                          const double* matrix, int32_t perspective, int32_t interpolation, int32_t border) {
  static const int32_t modes[] = {
      [TW_IMAGE_INTERPOLATION_NEAREST] = TW_GRIDSAMPLE_MODE_NEAREST,
      [TW_IMAGE_INTERPOLATION_LINEAR] = TW_GRIDSAMPLE_MODE_LINEAR,
      [TW_IMAGE_INTERPOLATION_CUBIC] = TW_GRIDSAMPLE_MODE_CUBIC,
  };
  int32_t align_corners; /* the border as a GridSample padding rule (image-check.h) */
  const int32_t padding = tw_image_gridsample_padding(border, &align_corners);
  memset(p, 0, sizeof *p);
  p->gs.rank = 2;
  p->gs.mode = modes[interpolation];
  p->gs.padding = padding;
  p->gs.taps_per_axis = tw_gridsample_taps_per_axis(p->gs.mode);
  p->gs.taps = p->gs.taps_per_axis * p->gs.taps_per_axis;
  p->gs.weights_f64 = 0;
  const int64_t row_bytes = (int64_t)src_width * channels;
  tw_gridsample_setup_axis(&p->gs.axis[0], src_height, row_bytes, padding, align_corners);
  tw_gridsample_setup_axis(&p->gs.axis[1], src_width, channels, padding, align_corners);
  for (int k = 0; k < 9; k++) p->m[k] = k < 6 || perspective ? (float)matrix[k] : 0.0f;
  p->perspective = perspective;
  p->channels = channels;
}

/* ---- the tiles --------------------------------------------------------------- */

typedef struct tw_warp_call {
  tw_warp_problem problem;
  tw_gridsample_plan plan;
  tw_gridsample_tile layout;
  tw_gridsample_blend_fn blend;
  tw_warp_interior_fn interior;
  const uint8_t* src;
  uint8_t* dst;
  size_t row_bytes; /* destination */
  int64_t row0;
  int32_t width;
  uint32_t fill;
  int warm;
  tw_warp_span* spans; /* of the current band's rows (scratch) */
} tw_warp_call;

/* Destination columns [j0, j1) of `rows` rows from `row` (output at `out`,
 * the first row's) through the plan and blend kernels. */
static void tw_warp_bordered(const tw_warp_call* c, int64_t row, size_t rows, int64_t j0, int64_t j1, uint8_t* out) {
  if (j1 <= j0) return;
  tw_gridsample_tile tile = c->layout;
  tile.count = (size_t)(j1 - j0);
  tile.rows = rows;
  tw_image_warp_plan__scalar(&c->problem, &tile, row, j0, &c->plan);
  c->blend(&tile, c->src, &c->plan, &c->fill, out + (size_t)j0 * (size_t)c->problem.channels);
}

static void copy_bytes(size_t bytes, const void* src, void* dst) { memcpy(dst, src, bytes); }

/* `pixels` pixels of `channels` bytes at `at` set to the fill (channel c in byte c of `fill`). */
static void tw_warp_fill_pixels(uint32_t fill, size_t channels, uint8_t* at, size_t pixels) {
  const size_t bytes = pixels * channels;
  if (bytes == 0) return;
  for (size_t k = 0; k < channels; k++) at[k] = (uint8_t)(fill >> (8 * k));
  tw_repeat_first_unit(at, channels, bytes, copy_bytes);
}

/* Destination columns [j0, j1) set to the fill. */
static void tw_warp_fill(const tw_warp_call* c, int64_t j0, int64_t j1, uint8_t* out) {
  if (j1 <= j0) return;
  const size_t ch = (size_t)c->problem.channels;
  tw_warp_fill_pixels(c->fill, ch, out + (size_t)j0 * ch, (size_t)(j1 - j0));
}

/* Whether every tap of destination pixel (j, i) lies inside the source
 * (the interior kernels' check, one pixel). */
static int tw_warp_point_inside(const tw_warp_problem* p, int64_t i, int64_t j) {
  float sx, sy, t, u;
  tw_warp_source_point(p, (float)i, (float)j, &sx, &sy);
  return tw_warp_bases_inside(p, tw_warp_fraction(sy, p->gs.mode, &t, &u), tw_warp_fraction(sx, p->gs.mode, &t, &u));
}

/* Destination columns [j0, j1) through the interior kernel. Where it stops
 * (perspective: a group of 4 with a tap outside), the columns up to the
 * next group whose first pixel is inside go through the plan and blend
 * kernels in one call, and the interior kernel resumes there. */
static void tw_warp_interior(const tw_warp_call* c, int64_t row, int64_t j0, int64_t j1, uint8_t* out) {
  const size_t ch = (size_t)c->problem.channels;
  for (int64_t j = j0; j < j1;) {
    j += (int64_t)c->interior(&c->problem, c->src, row, j, (size_t)(j1 - j), out + (size_t)j * ch);
    int64_t k = j + 4;
    while (k < j1 && !tw_warp_point_inside(&c->problem, row, k)) k += 4;
    k = k < j1 ? k : j1;
    tw_warp_bordered(c, row, 1, j, k, out);
    j = k;
  }
}

static int64_t tw_warp_clip(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Row r of a tile: its span (tw_warp_span) cut to the tile's columns. */
static tw_warp_span tw_warp_span_in_tile(const tw_warp_call* c, size_t r, int64_t j0, int64_t j1) {
  const tw_warp_span* s = &c->spans[r];
  const tw_warp_span cut = {(int32_t)tw_warp_clip(s->fill_lo, j0, j1), (int32_t)tw_warp_clip(s->inner_lo, j0, j1),
                            (int32_t)tw_warp_clip(s->inner_hi, j0, j1), (int32_t)tw_warp_clip(s->fill_hi, j0, j1)};
  return cut;
}

/* Whether a cut span is bordered across the whole tile. */
static int tw_warp_all_bordered(const tw_warp_span* s, int64_t j0, int64_t j1) {
  return s->fill_lo == j0 && s->fill_hi == j1 && s->inner_lo == s->inner_hi;
}

/* A tile, row by row; consecutive rows bordered across the whole tile go
 * through the plan and blend kernels in one call. */
static void tw_warp_tile(void* ctx, const tw_gs_tile_at* at) {
  const tw_warp_call* c = ctx;
  const int64_t j0 = (int64_t)at->col0, j1 = j0 + (int64_t)at->count;
  for (size_t r = 0; r < at->rows;) {
    const tw_warp_span s = tw_warp_span_in_tile(c, r, j0, j1);
    const int64_t row = c->row0 + (int64_t)(at->row0 + r);
    uint8_t* out = c->dst + (at->row0 + r) * c->row_bytes;
    if (tw_warp_all_bordered(&s, j0, j1)) {
      size_t n = 1;
      while (r + n < at->rows) {
        const tw_warp_span next = tw_warp_span_in_tile(c, r + n, j0, j1);
        if (!tw_warp_all_bordered(&next, j0, j1)) break;
        n++;
      }
      tw_warp_bordered(c, row, n, j0, j1, out);
      r += n;
      continue;
    }
    tw_warp_fill(c, j0, s.fill_lo, out);
    tw_warp_bordered(c, row, 1, s.fill_lo, s.inner_lo, out);
    tw_warp_interior(c, row, s.inner_lo, s.inner_hi, out);
    tw_warp_bordered(c, row, 1, s.inner_hi, s.fill_hi, out);
    tw_warp_fill(c, s.fill_hi, j1, out);
    r++;
  }
}

/* Before each band of tiles: its rows' spans, and the cache warming. */
static void tw_warp_band(void* ctx, uint64_t item, uint64_t row0, size_t rows) {
  const tw_warp_call* c = ctx;
  (void)item;
  for (size_t r = 0; r < rows; r++) tw_warp_row_span(&c->problem, c->row0 + (int64_t)(row0 + r), c->width, &c->spans[r]);
  if (c->warm) tw_gs_warm(c->dst + (size_t)row0 * c->row_bytes, rows * c->row_bytes);
}

static void tw_warp_pick_kernels(tw_warp_call* c) {
  const int simd = tw_use_simd() != 0;
  const int nearest = c->problem.gs.mode == TW_GRIDSAMPLE_MODE_NEAREST;
  static const tw_gridsample_blend_fn blends[2][2] = {
      /* [nearest][simd]; masks are planned for every border (all clear but
       * for CONSTANT), so one kernel per ISA serves them all */
      {tw_image_warp_blend_masked__scalar, tw_image_warp_blend_masked__wasmsimd},
      {tw_image_warp_gather_masked__scalar, tw_image_warp_gather_masked__wasmsimd},
  };
  c->blend = blends[nearest][simd];
  c->interior = simd ? tw_image_warp_interior__wasmsimd : tw_image_warp_interior__scalar;
}

static tw_status tw_warp_run(tw_warp_call* c, const tw_warp_args* a) {
  const tw_gs_tiling tiling = tw_gs_tiling_for(1, (uint64_t)a->rows, (uint64_t)a->dst_width,
                                               (size_t)c->problem.gs.taps);
  const int nearest = c->problem.gs.mode == TW_GRIDSAMPLE_MODE_NEAREST;
  void* extra;
  void* scratch = tw_gs_alloc_plan(&tiling, (size_t)c->problem.gs.taps, (size_t)c->problem.gs.taps_per_axis,
                                   nearest ? 0 : 4, 1,
                                   tiling.tile_h * sizeof(tw_warp_span), &c->plan, &extra);
  if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate the plan buffer");
  const tw_gridsample_tile layout = {.plan_stride = tiling.tile_w,
                                     .y_stride = (size_t)a->dst_width,
                                     .channels = (size_t)a->channels};
  c->layout = layout;
  c->row_bytes = (size_t)a->dst_width * (size_t)a->channels;
  c->width = a->dst_width;
  c->warm = tw_gs_should_warm(&tiling, a->dst_bytes);
  c->spans = extra;
  const tw_gs_walk walk = {tw_warp_band, tw_warp_tile, c};
  tw_gs_drive(&tiling, &walk);
  free(scratch);
  return TW_OK;
}

/* ---- the entry point ---------------------------------------------------------- */

int32_t tw_image_warp(const uint8_t* src, size_t src_bytes, int32_t src_width, int32_t src_height, int32_t channels,
                      const double* matrix, int32_t perspective, int32_t interpolation, int32_t border, uint32_t fill,
                      uint8_t* dst, size_t dst_bytes, int32_t dst_width, int32_t dst_height, int32_t row0,
                      int32_t rows) {
  const tw_warp_args a = {src,  src_bytes, src_width, src_height, channels,  matrix, perspective, interpolation,
                          border, fill,    dst,       dst_bytes,  dst_width, dst_height, row0,   rows};
  tw_status status = tw_warp_check(&a);
  if (status != TW_OK) return status;
  if (dst_bytes == 0) return TW_OK;
  if (src_bytes == 0) { /* no source pixel: every tap is outside */
    status = tw_image_check_extensible(1, border);
    if (status != TW_OK) return status;
    tw_warp_fill_pixels(fill, (size_t)channels, dst, dst_bytes / (size_t)channels);
    return TW_OK;
  }
  tw_warp_call call = {.src = src, .dst = dst, .row0 = row0, .fill = fill};
  tw_warp_problem_init(&call.problem, src_width, src_height, channels, matrix, perspective, interpolation, border);
  tw_warp_pick_kernels(&call);
  return tw_warp_run(&call, &a);
}
