/* Prepared warps (warp-plan.h): prepare once, run bands of rows, release.
 * The rows run TW_WARP_RUN pixels at a time (perspective rows in tiles of a
 * few rows, below): their coordinates into the plan's scratch, then their
 * values into dst, through the kernels of the registry (warp.inc) for the
 * ISA tw_use_simd() selects when the band runs; or both at once by the
 * registry's fused kernel for the kind and interpolation where there is one. */
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "warp-plan.h"

static tw_warp_coords_fn pick_coords(int32_t kind, int simd) {
#define TW_WARP_COORD_ENTRY(name, KIND, isa, uses_simd) {TW_WARP_KIND_##KIND, uses_simd, tw_image_warp_##name##_coords__##isa},
  static const struct {
    int32_t kind;
    int simd;
    tw_warp_coords_fn fn;
  } table[] = {TW_WARP_COORD_KERNELS(TW_WARP_COORD_ENTRY)};
#undef TW_WARP_COORD_ENTRY
  for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
    if (table[k].kind == kind && table[k].simd == simd) return table[k].fn;
  }
  return NULL;
}

static tw_warp_sample_fn pick_sample(int32_t interpolation, int simd) {
#define TW_WARP_SAMPLE_ENTRY(name, INTERPOLATION, isa, uses_simd) \
  {TW_IMAGE_INTERPOLATION_##INTERPOLATION, uses_simd, tw_image_warp_##name##__##isa},
  static const struct {
    int32_t interpolation;
    int simd;
    tw_warp_sample_fn fn;
  } table[] = {TW_WARP_SAMPLE_KERNELS(TW_WARP_SAMPLE_ENTRY)};
#undef TW_WARP_SAMPLE_ENTRY
  for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
    if (table[k].interpolation == interpolation && table[k].simd == simd) return table[k].fn;
  }
  return NULL;
}

/* The fused kernel for this kind and interpolation, or NULL (then coords + sample). */
static tw_warp_fused_fn pick_fused(int32_t kind, int32_t interpolation, int simd) {
#define TW_WARP_FUSED_ENTRY(name, KIND, INTERPOLATION, isa, uses_simd) \
  {TW_WARP_KIND_##KIND, TW_IMAGE_INTERPOLATION_##INTERPOLATION, uses_simd, tw_image_warp_##name##__##isa},
  static const struct {
    int32_t kind, interpolation;
    int simd;
    tw_warp_fused_fn fn;
  } table[] = {TW_WARP_FUSED_KERNELS(TW_WARP_FUSED_ENTRY)};
#undef TW_WARP_FUSED_ENTRY
  for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
    if (table[k].kind == kind && table[k].interpolation == interpolation && table[k].simd == simd) return table[k].fn;
  }
  return NULL;
}

/* The kernels' view: the source's shape, the matrix in double as given, the
 * fill bytes, OpenCV's perspective block width, the weight table, the maps. */
static void init_view(tw_warp_fixed* w, const tw_warp_geometry* g) {
  memset(w, 0, sizeof *w);
  w->width = g->src_width;
  w->height = g->src_height;
  w->channels = g->channels;
  w->interpolation = g->interpolation;
  w->border = g->border;
  for (int k = 0; k < 4; k++) w->fill[k] = (uint8_t)(g->fill >> (8 * k));
  w->perspective = g->kind == TW_WARP_KIND_PERSPECTIVE;
  if (g->kind != TW_WARP_KIND_REMAP) {
    for (int k = 0; k < (w->perspective ? 9 : 6); k++) w->m[k] = g->matrix[k];
  } else {
    w->map_x = g->map_x;
    w->map_y = g->map_y;
    w->map_stride = (size_t)g->dst_width;
  }
  const int32_t block_rows = g->dst_height < 16 ? g->dst_height : 16; /* OpenCV: BLOCK_SZ / 2 */
  const int32_t block_width = 1024 / (block_rows ? block_rows : 1);
  w->block_width = block_width < g->dst_width ? block_width : g->dst_width;
  w->table = tw_warp_fixed_table(g->interpolation);
}

tw_status tw_warp_plan_prepare(tw_warp_plan* p, const tw_warp_geometry* g) {
  memset(p, 0, sizeof *p);
  const tw_status status = tw_warp_check_geometry(g);
  if (status != TW_OK) return status;
  init_view(&p->w, g);
  p->dst_width = g->dst_width;
  p->dst_height = g->dst_height;
  p->src_bytes = (size_t)g->src_width * (size_t)g->src_height * (size_t)g->channels;
  p->fill = g->fill;
  const size_t deltas = g->kind == TW_WARP_KIND_AFFINE ? 2 * (size_t)g->dst_width : 0;
  p->scratch = malloc((deltas + 3 * TW_WARP_RUN) * sizeof(int32_t));
  if (!p->scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: could not allocate the coordinate buffer");
  int32_t* run = p->scratch + deltas;
  p->run = (tw_warp_coords){run, run + TW_WARP_RUN, run + 2 * TW_WARP_RUN};
  if (deltas) {
    tw_warp_affine_deltas(p->w.m, g->dst_width, p->scratch, p->scratch + g->dst_width);
    p->w.adelta = p->scratch;
    p->w.bdelta = p->scratch + g->dst_width;
  }
  return TW_OK;
}

/* `pixels` pixels of `channels` bytes at `at` set to the fill (channel c in byte c of `fill`). */
static void fill_pixels(uint32_t fill, size_t channels, uint8_t* at, size_t pixels) {
  for (size_t p = 0; p < pixels; p++) {
    for (size_t k = 0; k < channels; k++) at[p * channels + k] = (uint8_t)(fill >> (8 * k));
  }
}

/* Rows of a perspective warp are run in tiles of this many rows, a run of
 * columns at a time across them: a perspective row's source points lie on a
 * line whose slope and step change along it, so the source bytes one row
 * reads are mostly not the ones the row before read, and the nearest
 * sampler waits on memory. Across a tile the neighbouring rows read
 * neighbouring source bytes while they are in cache (perspective nearest at
 * 1080p: about 25% less CPU; linear the same; rotations run slower in tiles,
 * so affine rows stay whole). Only the order of the runs changes. */
#define TW_WARP_PERSPECTIVE_TILE_ROWS 8

void tw_warp_plan_rows(tw_warp_plan* p, const uint8_t* src, uint8_t* dst, int32_t row0, int32_t rows) {
  const size_t C = (size_t)p->w.channels, row_bytes = (size_t)p->dst_width * C;
  if (p->src_bytes == 0) { /* no source pixel: every tap is outside (CONSTANT, checked) */
    fill_pixels(p->fill, C, dst, (size_t)rows * (size_t)p->dst_width);
    return;
  }
  const int simd = tw_use_simd() != 0;
  const int32_t kind = p->w.map_x ? TW_WARP_KIND_REMAP : p->w.perspective ? TW_WARP_KIND_PERSPECTIVE : TW_WARP_KIND_AFFINE;
  const tw_warp_coords_fn coords = pick_coords(kind, simd);
  const tw_warp_sample_fn sample = pick_sample(p->w.interpolation, simd);
  const tw_warp_fused_fn fused = C == 4 ? pick_fused(kind, p->w.interpolation, simd) : NULL; /* warp.inc */
  const int32_t tile = kind == TW_WARP_KIND_PERSPECTIVE ? TW_WARP_PERSPECTIVE_TILE_ROWS : 1;
  p->w.src = src;
  for (int32_t t = 0; t < rows; t += tile) {
    const int32_t t_end = rows - t < tile ? rows : t + tile;
    for (int32_t col = 0; col < p->dst_width; col += TW_WARP_RUN) {
      const int32_t n = p->dst_width - col < TW_WARP_RUN ? p->dst_width - col : TW_WARP_RUN;
      for (int32_t r = t; r < t_end; r++) {
        uint8_t* out = dst + (size_t)r * row_bytes + (size_t)col * C;
        if (fused) {
          fused(&p->w, row0 + r, col, n, out);
          continue;
        }
        coords(&p->w, row0 + r, col, n, &p->run);
        sample(&p->w, &p->run, n, out);
      }
    }
  }
  p->w.src = NULL;
}

void tw_warp_plan_release(tw_warp_plan* p) {
  free(p->scratch);
  p->scratch = NULL;
}
