/* Validation of the warps (warp-plan.h): every argument of every entry, the
 * caller never trusted. Geometry once per prepared warp, the buffers per band. */
#include <math.h>

#include "common/checked.h"
#include "common/heap.h"
#include "image/image-check.h"
#include "warp-plan.h"

/* Per-axis size limit (int32 sizes with room; OpenCV's int16 maps reach
 * only source pixels below 32768 anyway). */
#define TW_WARP_MAX_SIDE ((1 << 24) - 1)

static tw_status check_options(const tw_warp_geometry* g) {
  const tw_status status = tw_image_check_channels("channels", g->channels);
  if (status != TW_OK) return status;
  if (g->kind != TW_WARP_KIND_REMAP && g->perspective != 0 && g->perspective != 1) {
    return tw_fail(TW_INVALID_ARGUMENT, "perspective: must be 0 or 1, got %d", (int)g->perspective);
  }
  if (g->interpolation != TW_IMAGE_INTERPOLATION_NEAREST && g->interpolation != TW_IMAGE_INTERPOLATION_LINEAR &&
      g->interpolation != TW_IMAGE_INTERPOLATION_CUBIC) {
    return tw_fail(TW_INVALID_ARGUMENT, "interpolation: %d is not nearest (0), linear (1) or cubic (2)",
                   (int)g->interpolation);
  }
  if (g->border < TW_IMAGE_BORDER_CONSTANT || g->border > TW_IMAGE_BORDER_WRAP) {
    return tw_fail(TW_INVALID_ARGUMENT, "border: unknown value %d (0 constant .. 4 wrap)", (int)g->border);
  }
  return TW_OK;
}

/* Finite entries and a non-singular linear part (affine) or 3x3 (perspective). */
static tw_status check_matrix(const double* m, int perspective) {
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

/* Both maps: dst_width * dst_height float32 each, in the heap. */
static tw_status check_maps(const tw_warp_geometry* g) {
  int overflow = 0;
  const uint64_t need = tw_mul_u64((uint64_t)g->dst_width * (uint64_t)g->dst_height, sizeof(float), &overflow);
  if (overflow || !tw_fits_size(need)) {
    return tw_fail(TW_UNSUPPORTED, "map_bytes: a %d x %d map does not fit the address space", (int)g->dst_width,
                   (int)g->dst_height);
  }
  if (need != (uint64_t)g->map_bytes) {
    return tw_fail(TW_INVALID_ARGUMENT, "map_bytes: a %d x %d destination needs maps of %llu bytes, got %llu",
                   (int)g->dst_width, (int)g->dst_height, (unsigned long long)need, (unsigned long long)g->map_bytes);
  }
  tw_status status = tw_check_heap_range("map_x", g->map_x, g->map_bytes);
  if (status == TW_OK) status = tw_check_heap_range("map_y", g->map_y, g->map_bytes);
  return status;
}

static tw_status check_side(const char* name, int32_t v) {
  if (v < 0) return tw_fail(TW_INVALID_ARGUMENT, "%s: must be >= 0, got %d", name, (int)v);
  if (v > TW_WARP_MAX_SIDE) return tw_fail(TW_UNSUPPORTED, "%s: %d is beyond the limit 2^24 - 1", name, (int)v);
  return TW_OK;
}

static tw_status check_sides(const tw_warp_geometry* g) {
  tw_status status = check_side("src_width", g->src_width);
  if (status == TW_OK) status = check_side("src_height", g->src_height);
  if (status == TW_OK) status = check_side("dst_width", g->dst_width);
  if (status == TW_OK) status = check_side("dst_height", g->dst_height);
  if (status != TW_OK) return status;
  const uint64_t src_bytes = (uint64_t)g->src_width * (uint64_t)g->src_height * (uint64_t)g->channels;
  if (src_bytes > INT32_MAX) { /* source offsets are 32-bit */
    return tw_fail(TW_UNSUPPORTED, "src_bytes: %llu; the limit is 2^31 - 1", (unsigned long long)src_bytes);
  }
  return TW_OK;
}

tw_status tw_warp_check_geometry(const tw_warp_geometry* g) {
  tw_status status = check_options(g);
  if (status == TW_OK && g->kind != TW_WARP_KIND_REMAP) {
    status = check_matrix(g->matrix, g->kind == TW_WARP_KIND_PERSPECTIVE);
  }
  if (status == TW_OK) status = check_sides(g);
  if (status == TW_OK && g->kind == TW_WARP_KIND_REMAP) status = check_maps(g);
  return status;
}

tw_status tw_warp_check_band(const tw_warp_plan* p, const uint8_t* src, size_t src_bytes, const uint8_t* dst,
                             size_t dst_bytes, int32_t row0, int32_t rows) {
  const tw_warp_fixed* w = &p->w;
  if (row0 < 0 || rows < 0 || row0 > p->dst_height - rows) {
    return tw_fail(TW_INVALID_ARGUMENT, "row0/rows: rows [%d, %d + %d) are not inside the destination's %d",
                   (int)row0, (int)row0, (int)rows, (int)p->dst_height);
  }
  tw_status status = tw_image_check_bytes("src_bytes", src_bytes, w->width, w->height, w->channels);
  if (status == TW_OK) status = tw_image_check_bytes("dst_bytes", dst_bytes, p->dst_width, rows, w->channels);
  if (status == TW_OK) status = tw_image_check_buffers("src", src, src_bytes, "dst", dst, dst_bytes);
  if (status != TW_OK) return status;
  if (w->map_x) {
    const size_t map_bytes = (size_t)p->dst_width * (size_t)p->dst_height * sizeof(float);
    if (tw_ranges_overlap(dst, dst_bytes, w->map_x, map_bytes) || tw_ranges_overlap(dst, dst_bytes, w->map_y, map_bytes)) {
      return tw_fail(TW_INVALID_ARGUMENT, "dst: overlaps a map");
    }
  }
  if (src_bytes == 0 && dst_bytes != 0) return tw_image_check_extensible(1, w->border); /* nothing to repeat */
  return TW_OK;
}
