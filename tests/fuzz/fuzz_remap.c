/* libFuzzer harness for tw_image_remap (src/warp/warp.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   (applies to the whole-destination call) bits 5-7: 1 also
 *                    run a band, 2 raw maps (f32 entries; otherwise one byte
 *                    each, (int8_t)b / 8, so k/8 ties and points just
 *                    outside), 4 map_bytes off by one map element
 *   int  src_width, src_height, dst_width, dst_height
 *   byte channels       b < 0xE0: 1 + b % 4; else b % 8 (0, 5, 6, 7 invalid)
 *   byte interpolation  b % 4 (3, area, is not a remap's)
 *   byte border         b % 6 (5 is not one)
 *   4 bytes fill        little-endian, channel c in byte c
 *   int  row0, rows     the band (bit 5)
 *   maps             dst_width * dst_height x values, then as many y (bit 6)
 *   tail             the source pixels
 *
 * Beyond fuzz.h's checks (SIMD against the scalar reference kernels, nothing
 * written on failure, inputs and maps unchanged, exact-size buffers under
 * ASan: a map over-read is caught): a call warp.h calls valid succeeds, and
 * a band gives exactly those rows of the whole destination. */
#include "fuzz.h"
#include "image/image.h"
#include "warp/warp.h"

/* Sides beyond this are refused by size (big) before the harness allocates. */
#define SIDE_CAP (1 << 12)
/* Destinations with more pixels than this get no map blocks (the call must fail on map_bytes). */
#define MAP_CAP (1 << 14)

typedef struct remap_args {
  int32_t src_width, src_height, channels, interpolation, border, dst_width, dst_height, row0, rows;
  uint32_t fill;
  const float *map_x, *map_y;
  size_t map_bytes;
  const fz_buf *src, *dst;
} remap_args;

static int32_t call_remap(const void* p) {
  const remap_args* r = p;
  return tw_image_remap(r->src->p, r->src->bytes, r->src_width, r->src_height, r->channels, r->map_x, r->map_y,
                        r->map_bytes, r->interpolation, r->border, r->fill, r->dst->p, r->dst->bytes, r->dst_width,
                        r->dst_height, r->row0, r->rows);
}

static void check_band(const remap_args* whole, const fz_snapshot* readonly, int32_t row0, int32_t rows) {
  if (row0 < 0 || rows < 0 || row0 > whole->dst_height - rows) return;
  const size_t row_bytes = (size_t)whole->dst_width * (size_t)whole->channels;
  fz_buf dst = fz_alloc((size_t)rows * row_bytes, 0);
  remap_args band = *whole;
  band.dst = &dst;
  band.row0 = row0;
  band.rows = rows;
  const int32_t status = fz_two_runs(call_remap, &band, dst.p, dst.bytes, readonly, 0);
  FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a band of a valid remap failed with status %d", status);
  if (status == TW_OK && dst.bytes)
    FZ_CHECK(memcmp(dst.p, whole->dst->p + (size_t)row0 * row_bytes, dst.bytes) == 0,
             "band rows [%d, %d) differ from the whole destination's", row0, row0 + rows);
  fz_free(&dst);
}

static float read_f32(fz_reader* in) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v |= (uint32_t)fz_byte(in) << (8 * i);
  float f;
  memcpy(&f, &v, sizeof f);
  return f;
}

/* A map of `count` floats in a block of exactly that size (NULL for 0). */
static float* read_map(fz_reader* in, size_t count, int raw) {
  if (count == 0) return NULL;
  float* map = malloc(count * sizeof(float));
  FZ_CHECK(map != NULL, "malloc");
  for (size_t k = 0; k < count; k++) map[k] = raw ? read_f32(in) : (float)(int8_t)fz_byte(in) / 8.0f;
  return map;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int run_band = place.flags & 1, raw_maps = place.flags & 2, wrong_map_bytes = place.flags & 4;
  const int32_t src_width = fz_clamp32(fz_int(&in)), src_height = fz_clamp32(fz_int(&in));
  const int32_t dst_width = fz_clamp32(fz_int(&in)), dst_height = fz_clamp32(fz_int(&in));
  const uint8_t cb = fz_byte(&in);
  const int32_t channels = cb < 0xE0 ? 1 + cb % 4 : cb % 8;
  const int32_t interpolation = fz_byte(&in) % 4, border = fz_byte(&in) % 6;
  uint32_t fill = 0;
  for (int k = 0; k < 4; k++) fill |= (uint32_t)fz_byte(&in) << (8 * k);
  const int32_t band_row0 = fz_clamp32(fz_int(&in)), band_rows = fz_clamp32(fz_int(&in));

  int big = src_width > SIDE_CAP || src_height > SIDE_CAP || dst_width > SIDE_CAP || dst_height > SIDE_CAP;
  const int sides_ok = dst_width >= 0 && dst_height >= 0;
  const uint64_t pixels = sides_ok ? (uint64_t)dst_width * (uint64_t)dst_height : 0;
  const int maps_fit = sides_ok && pixels <= MAP_CAP;
  float* map_x = maps_fit ? read_map(&in, (size_t)pixels, raw_maps) : NULL;
  float* map_y = maps_fit ? read_map(&in, (size_t)pixels, raw_maps) : NULL;
  size_t map_bytes = maps_fit ? (size_t)pixels * sizeof(float) : 0;
  if (wrong_map_bytes) map_bytes = map_bytes ? map_bytes - sizeof(float) : sizeof(float);
  fz_begin_tail(&in);

  fz_buf inputs[1] = {{0}}, dst = {0};
  fz_place_image(&in, &place, fz_image_bytes(src_width, src_height, channels),
                 fz_image_bytes(dst_width, dst_height, channels), &big, &inputs[0], &dst);
  fz_snapshot readonly = {0};
  fz_keep(&readonly, inputs[0].p, inputs[0].bytes);
  if (map_x) fz_keep(&readonly, map_x, (size_t)pixels * sizeof(float));
  if (map_y) fz_keep(&readonly, map_y, (size_t)pixels * sizeof(float));
  const remap_args whole = {src_width, src_height, channels, interpolation, border, dst_width, dst_height, 0,
                            dst_height, fill,      map_x,      map_y,    map_bytes, &inputs[0], &dst};
  const int overlapping = fz_overlap(inputs[0].p, inputs[0].bytes, dst.p, dst.bytes);
  const int32_t status = fz_two_runs(call_remap, &whole, dst.p, dst.bytes, &readonly, overlapping);

  if (big) FZ_CHECK(status != TW_OK, "tw_image_remap accepted buffers smaller than its sizes need");
  if (!maps_fit && pixels) FZ_CHECK(status != TW_OK, "tw_image_remap accepted maps smaller than the destination");
  const int exact = !big && maps_fit && !wrong_map_bytes && place.counts < 2 && place.where != FZ_PLACE_NULL &&
                    !overlapping;
  const int empty_src = src_width == 0 || src_height == 0, empty_dst = dst_width == 0 || dst_height == 0;
  const int valid = exact && src_width >= 0 && src_height >= 0 && channels >= 1 && channels <= 4 &&
                    interpolation <= TW_IMAGE_INTERPOLATION_CUBIC && border <= TW_IMAGE_BORDER_WRAP &&
                    !(empty_src && !empty_dst && border != TW_IMAGE_BORDER_CONSTANT);
  if (valid) FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid remap failed with status %d", status);
  if (run_band && valid && status == TW_OK) check_band(&whole, &readonly, band_row0, band_rows);

  fz_release(&readonly);
  free(map_x);
  free(map_y);
  fz_free(&dst);
  fz_free(&inputs[0]);
  return 0;
}
