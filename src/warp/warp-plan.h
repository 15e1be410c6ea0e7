/* A prepared warp (warp.h's manual states what it computes): everything a
 * warp needs that does not depend on the source pixels or the band, built
 * once by tw_warp_plan_prepare (validated geometry, the float64 matrix, the
 * affine per-column deltas, the weight table, the kernels' scratch, OpenCV's
 * perspective block width), then run for any number of bands of destination
 * rows (tw_warp_plan_rows), from any source of the prepared size, and freed
 * once (tw_warp_plan_release). The one-shot entries (tw_image_warp,
 * tw_image_remap), the fused warp -> tensor (warp-tensor.c) and the JS
 * handles (tw_warp_prepare, warp.h) are all this. */
#ifndef TW_WARP_WARP_PLAN_H
#define TW_WARP_WARP_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "common/status.h"
#include "warp-fixed.h"

/* What a warp is, before validation (the arguments of the entries). */
typedef struct tw_warp_geometry {
  int32_t src_width, src_height, channels;
  int32_t kind;          /* TW_WARP_KIND_* */
  int32_t perspective;   /* the argument as given (0 or 1: affine or perspective; checked) */
  const double* matrix;  /* affine 6, perspective 9 numbers, destination -> source */
  const float* map_x;    /* remap: dst_width * dst_height source x, then y */
  const float* map_y;
  size_t map_bytes;      /* remap: bytes of each map */
  int32_t interpolation, border;
  uint32_t fill;
  int32_t dst_width, dst_height;
} tw_warp_geometry;

typedef struct tw_warp_plan {
  tw_warp_fixed w;                 /* the kernels' view; w.src is set per band */
  int32_t dst_width, dst_height;
  size_t src_bytes;                /* what a source must have */
  uint32_t fill;
  int32_t* scratch;                /* affine deltas, then the coordinate run */
  tw_warp_coords run;
} tw_warp_plan;

/* Checks the geometry (every rule of warp.h; messages name the argument). */
tw_status tw_warp_check_geometry(const tw_warp_geometry* g);

/* Checks a band against a prepared plan: rows inside the destination, the
 * byte counts, pointers in the heap and not overlapping (nor the maps), and
 * a border that can extend an empty source. */
tw_status tw_warp_check_band(const tw_warp_plan* p, const uint8_t* src, size_t src_bytes, const uint8_t* dst,
                             size_t dst_bytes, int32_t row0, int32_t rows);

/* Validates g and prepares p (one scratch allocation). On failure p owns
 * nothing and need not be released. */
tw_status tw_warp_plan_prepare(tw_warp_plan* p, const tw_warp_geometry* g);

/* Destination rows [row0, row0 + rows) from src into dst; the band was
 * checked (tw_warp_check_band). */
void tw_warp_plan_rows(tw_warp_plan* p, const uint8_t* src, uint8_t* dst, int32_t row0, int32_t rows);

/* Frees what p owns (p may be zeroed or released already). */
void tw_warp_plan_release(tw_warp_plan* p);

#endif
