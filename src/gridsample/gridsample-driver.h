/* The tile driver of the plan/blend samplers: GridSample (gridsample.c).
 * (The image warps have their own fixed-point kernels: warp/warp-fixed.h.)
 *
 * An entry validates its arguments and normalises the problem; then the
 * driver walks the output in tiles and calls the entry's tile function, which
 * plans the tile (tap indices, weights, masks; gridsample-internal.h) and
 * blends it. The driver owns what does not depend on the sampler: the tile
 * size, the order of the tiles, cache warming, and the one scratch allocation
 * that holds a tile's plan.
 *
 * The output is `items` independent blocks of rows x cols points (GridSample:
 * every (batch item, outer spatial index) pair; an image: one). Inside a block
 * the driver visits bands of tile_h rows top to bottom and, in each band,
 * tiles of tile_w columns left to right. */
#ifndef TW_GRIDSAMPLE_DRIVER_H
#define TW_GRIDSAMPLE_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "gridsample-internal.h"

typedef struct tw_gs_tiling {
  uint64_t items, rows, cols;
  size_t tile_w, tile_h; /* tile_w is a multiple of 4 (plan groups) */
} tw_gs_tiling;

/* Tiles of at most TW_GRIDSAMPLE_TILE_ENTRIES plan entries (points x taps):
 * tile_w x tile_h over the rows x cols of each block. A rotated or scaled
 * sampling maps a compact tile to a compact patch of the input that the
 * gathers reuse, while a run of whole output rows sweeps hundreds of input
 * rows (GridSample 1024^2, 90 degree rotation: ~49 ms with row runs, ~14 ms
 * with tiles, the same as no rotation). */
tw_gs_tiling tw_gs_tiling_for(uint64_t items, uint64_t rows, uint64_t cols, size_t taps);

/* One tile's place: block `item`, rows [row0, row0 + rows), columns
 * [col0, col0 + count). */
typedef struct tw_gs_tile_at {
  uint64_t item, row0, col0;
  size_t rows, count;
} tw_gs_tile_at;

/* The entry's side of the walk. warm_band (may be NULL) runs before each band
 * of tiles, with the band's first row and row count. */
typedef struct tw_gs_walk {
  void (*warm_band)(void* ctx, uint64_t item, uint64_t row0, size_t rows);
  void (*tile)(void* ctx, const tw_gs_tile_at* at);
  void* ctx;
} tw_gs_walk;

/* Visits every tile of `tiling` in the order described above. */
void tw_gs_drive(const tw_gs_tiling* tiling, const tw_gs_walk* walk);

/* Whether warming pays: tiles split rows and the bytes a band touches are
 * large (when it all fits in L2, 224^2 x 3, the extra pass costs more than
 * it saves). */
int tw_gs_should_warm(const tw_gs_tiling* tiling, uint64_t streamed_bytes);

/* Reads one byte per cache line of [p, p + bytes), in address order.
 * A tile reads and writes its rows in runs of tile_w elements, too short
 * for the hardware prefetchers to follow: on large tensors every such access
 * waits on memory (GridSample 1024^2 x 3, 15 degree rotation: linear 16 ->
 * 10.5 ms, nearest 10 -> 8.5 ms, cubic 27 -> 24 ms with warming).
 * WebAssembly has no prefetch instruction; a sequential read of the band
 * is one the prefetchers do follow. */
void tw_gs_warm(const void* p, size_t bytes);

/* The scratch of a call: the plan of one tile (weight_size 0 (nearest), 4 or
 * 8 bytes per entry; masks when `masked`) and `extra_bytes` for the entry
 * (4-aligned, at *extra). One malloc; NULL when it fails. The caller frees
 * the returned pointer. */
void* tw_gs_alloc_plan(const tw_gs_tiling* tiling, size_t taps, size_t taps_per_axis, size_t weight_size,
                       int masked, size_t extra_bytes, tw_gridsample_plan* plan, void** extra);

#endif
