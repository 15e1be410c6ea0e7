/* libFuzzer harness for tw_gridsample (src/gridsample/gridsample.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 raw grid (the grid's bytes come straight
 *                    from the tail; otherwise each coordinate is a tail byte
 *                    b, (int8_t)b / 64, in [-2, 2)), 2 raw shapes (grid_shape[0]
 *                    and grid_shape[r + 1] are read, not set to N and r),
 *                    4 raw fill element (8 bytes; otherwise one byte, 0 meaning
 *                    fill_value NULL)
 *   byte x_dtype     b < 0xE0: the (b % count)-th of gridsample.h's X_TYPES; else b % 32
 *   byte grid_dtype  b < 0xE0: the (b % count)-th of GRID_TYPES; else b % 32
 *   byte rank        b < 0xC0: 1 + b % 3;  b < 0xF0: b % 18;  else (int8_t)b
 *   byte mode        b % 4 (3 is not a mode)
 *   byte padding     b % 5 (4 is not a padding mode)
 *   byte align       b % 3 (2 is not 0 or 1)
 *   fill             the first bytes of one x element (the rest 0), 8 or 1
 *                    (see bit 4); passed in an exactly sized heap block
 *   int  x_shape[r + 2]
 *   int  grid_shape[r + 2], or only O_1..O_r (see bit 2)
 *   tail             x's data, then the grid's
 *
 * Beyond fuzz.h's checks: a call the header says is valid (types, modes,
 * limits, fill value, exact aligned buffers, no overlap) succeeds. */
#include <stdlib.h>
#include <string.h>

#include "common/dtype.h"
#include "common/half.h"
#include "fuzz.h"
#include "gridsample/gridsample.h"

/* The types gridsample.h lists as taken (the one list). */
#define X_TYPE_CODE(T, table) TW_DTYPE_##T,
#define GRID_TYPE_CODE(T) TW_DTYPE_##T,
static const int32_t X_TYPES[] = {TW_GRIDSAMPLE_X_TYPES(X_TYPE_CODE)};
static const int32_t GRID_TYPES[] = {TW_GRIDSAMPLE_GRID_TYPES(GRID_TYPE_CODE)};
#define X_TYPE_COUNT (sizeof X_TYPES / sizeof X_TYPES[0])
#define GRID_TYPE_COUNT (sizeof GRID_TYPES / sizeof GRID_TYPES[0])

/* Bytes per component (the alignment gridsample.h requires), 0 if x_dtype is not taken. */
static unsigned component_bytes(int32_t dtype) {
  for (size_t i = 0; i < X_TYPE_COUNT; i++)
    if (X_TYPES[i] == dtype)
      return dtype == TW_DTYPE_COMPLEX64 ? 4 : dtype == TW_DTYPE_COMPLEX128 ? 8 : tw_dtype_bits(dtype) / 8;
  return 0;
}

static int is_grid_type(int32_t dtype) {
  for (size_t i = 0; i < GRID_TYPE_COUNT; i++)
    if (GRID_TYPES[i] == dtype) return 1;
  return 0;
}

typedef struct gs_args {
  int32_t x_dtype, grid_dtype, rank, mode, padding, align;
  const void* fill;
  const int64_t *x_shape, *grid_shape;
  const fz_buf *x, *grid, *y;
} gs_args;

static int32_t call_gridsample(const void* a) {
  const gs_args* g = a;
  return tw_gridsample(g->x_dtype, g->x->p, g->x->bytes, g->rank, g->x_shape, g->grid_dtype, g->grid->p,
                       g->grid->bytes, g->grid_shape, g->mode, g->padding, g->align, g->fill, g->y->p, g->y->bytes);
}

/* Product of n dims with overflow (or a negative dim) as UINT64_MAX. */
static uint64_t product(const int64_t* dims, int n) {
  uint64_t p = 1;
  for (int i = 0; i < n; i++) {
    if (dims[i] < 0 || __builtin_mul_overflow(p, (uint64_t)dims[i], &p)) return UINT64_MAX;
  }
  return p;
}

/* The grid's coordinates from tail bytes, (int8_t)b / 64, in grid_dtype. */
static void fill_friendly_grid(fz_reader* in, int32_t dtype, uint8_t* grid, size_t bytes) {
  const unsigned size = dtype == TW_DTYPE_FLOAT64 ? 8 : dtype == TW_DTYPE_FLOAT32 ? 4 : 2;
  for (size_t at = 0; at + size <= bytes; at += size) {
    uint8_t b;
    fz_fill(in, &b, 1);
    const float v = (float)(int8_t)b / 64.0f;
    if (size == 8) {
      const double d = v;
      memcpy(grid + at, &d, 8);
    } else if (size == 4) {
      memcpy(grid + at, &v, 4);
    } else {
      const uint16_t h = dtype == TW_DTYPE_FLOAT16 ? tw_f32_to_f16(v) : tw_f32_to_bf16(v);
      memcpy(grid + at, &h, 2);
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int raw_grid = place.flags & 1, raw_shapes = place.flags & 2, raw_fill = place.flags & 4;
  const uint8_t xb = fz_byte(&in), gb = fz_byte(&in), rb = fz_byte(&in);
  const int32_t x_dtype = xb < 0xE0 ? X_TYPES[xb % X_TYPE_COUNT] : xb % 32;
  const int32_t grid_dtype = gb < 0xE0 ? GRID_TYPES[gb % GRID_TYPE_COUNT] : gb % 32;
  const int32_t rank = rb < 0xC0 ? 1 + rb % 3 : rb < 0xF0 ? rb % 18 : (int8_t)rb;
  const int32_t mode = fz_byte(&in) % 4, padding = fz_byte(&in) % 5, align = fz_byte(&in) % 3;
  uint8_t fill_bytes[16] = {0};
  if (raw_fill) fz_fill(&in, fill_bytes, 8);
  else fill_bytes[0] = fz_byte(&in);
  const int fill_null = !raw_fill && fill_bytes[0] == 0;
  const int dims = rank > 0 ? rank + 2 : 2;
  int64_t x_shape[TW_GRIDSAMPLE_MAX_RANK + 4], grid_shape[TW_GRIDSAMPLE_MAX_RANK + 4];
  for (int i = 0; i < dims; i++) x_shape[i] = fz_int(&in);
  if (raw_shapes) {
    for (int i = 0; i < dims; i++) grid_shape[i] = fz_int(&in);
  } else {
    grid_shape[0] = x_shape[0];
    for (int i = 1; i + 1 < dims; i++) grid_shape[i] = fz_int(&in);
    grid_shape[dims - 1] = rank;
  }
  fz_begin_tail(&in);

  /* sizes the header's formulas give; "big" beyond the harness's budget */
  const unsigned x_size = tw_dtype_bits(x_dtype) / 8;
  const unsigned grid_size = tw_dtype_bits(grid_dtype) / 8;
  const int spatial = rank > 0 ? rank : 0;
  const uint64_t plane = product(x_shape + 2, spatial), points = product(grid_shape + 1, spatial);
  const uint64_t nc = product(x_shape, 2);
  const uint64_t y_count = fz_times(nc, points);
  const uint64_t taps = mode == TW_GRIDSAMPLE_MODE_NEAREST ? 1 : (uint64_t)1 << (spatial * (mode == 2 ? 2 : 1));
  int big = fz_times(y_count, taps) > (1u << 20);
  const size_t x_need = fz_budget(fz_times(fz_times(nc, plane), x_size ? x_size : 1), &big);
  const size_t grid_need = fz_budget(fz_times(product(grid_shape, dims), grid_size ? grid_size : 1), &big);
  const size_t y_need = fz_budget(fz_times(y_count, x_size ? x_size : 1), &big);

  fz_buf inputs[2] = {{.bytes = big ? 40 : fz_count(x_need, &place, 0)}, {.bytes = big ? 24 : grid_need}};
  fz_buf y = {.bytes = big ? 32 : fz_count(y_need, &place, 1)};
  fz_place_buffers(&place, inputs, 2, &y);
  fz_buf *x = &inputs[0], *grid = &inputs[1];
  if (x->p) fz_fill(&in, x->p, x->bytes);
  if (grid->p && (raw_grid || !is_grid_type(grid_dtype))) fz_fill(&in, grid->p, grid->bytes);
  else if (grid->p) fill_friendly_grid(&in, grid_dtype, grid->p, grid->bytes);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, x->p, x->bytes);
  fz_keep(&readonly, grid->p, grid->bytes);
  fz_keep(&readonly, x_shape, sizeof x_shape);
  fz_keep(&readonly, grid_shape, sizeof grid_shape);
  /* the fill element in a block of exactly one element, so an over-read is caught */
  uint8_t* fill = NULL;
  if (!fill_null && x_size) {
    fill = malloc(x_size);
    memcpy(fill, fill_bytes, x_size);
    fz_keep(&readonly, fill, x_size);
  }
  const gs_args args = {x_dtype, grid_dtype, rank, mode, padding, align, fill, x_shape, grid_shape, x, grid, &y};
  const int overlapping = fz_overlap(y.p, y.bytes, x->p, x->bytes) || fz_overlap(y.p, y.bytes, grid->p, grid->bytes);
  fz_float_output_dtype = x_dtype;
  const int32_t status = fz_two_runs(call_gridsample, &args, y.p, y.bytes, &readonly, overlapping);

  if (big) FZ_CHECK(status != TW_OK, "tw_gridsample accepted buffers smaller than its shapes need");
  /* What gridsample.h calls valid must succeed. */
  const unsigned component = component_bytes(x_dtype);
  const int valid =
      !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping && component &&
      is_grid_type(grid_dtype) && rank >= 1 && rank <= TW_GRIDSAMPLE_MAX_RANK && mode <= 2 && padding <= 3 &&
      align <= 1 && !(x_dtype == TW_DTYPE_BOOL && mode != TW_GRIDSAMPLE_MODE_NEAREST) &&
      taps <= TW_GRIDSAMPLE_MAX_TAPS && !(x_dtype == TW_DTYPE_BOOL && fill_bytes[0] > 1) && grid_shape[0] == x_shape[0] &&
      grid_shape[rank + 1] == rank && (uintptr_t)x->p % component == 0 && (uintptr_t)y.p % component == 0 &&
      (uintptr_t)grid->p % grid_size == 0 && !(y_count > 0 && plane == 0 && padding != TW_GRIDSAMPLE_PADDING_ZEROS);
  if (valid) FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid call failed with status %d", status);

  fz_release(&readonly);
  free(fill);
  fz_free(&y);
  fz_free(&inputs[1]);
  fz_free(&inputs[0]);
  return 0;
}
