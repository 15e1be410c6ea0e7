/* libFuzzer harness for tw_avgpool_output_shape, tw_avgpool,
 * tw_avgpool_scratch_bytes and tw_avgpool_band_plan (src/avgpool/avgpool.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 strides NULL, 2 pads NULL, 4 dilations NULL
 *   byte dtype       b < 0xE0: the (b % count)-th of avgpool.h's TYPES; else b % 32
 *   byte rank        b < 0xC0: 1 + b % 3;  b < 0xF0: b % 18;  else (int8_t)b
 *   byte ceil_mode, byte count_include_pad
 *                    b < 0xE0: b % 2; else (int8_t)b (negative: invalid)
 *   byte auto_pad    b < 0xE0: b % 4; else (int8_t)b
 *   int  x_shape[r + 2], kernel[r], strides[r], pads[2r], dilations[r]
 *   tail             x's data
 *
 * Beyond fuzz.h's checks: tw_avgpool_output_shape writes nothing on failure,
 * and on success gives N, C and output lengths that follow avgpool.h's
 * formulas from the pads it reports; tw_avgpool agrees with it (rejects what
 * it rejects; a call with a taken dtype and exact, separate, element-aligned
 * buffers succeeds); tw_avgpool_scratch_bytes agrees with tw_avgpool; the
 * band plan of a valid geometry tiles the first axis's output rows in order,
 * each band reading input rows inside the axis. */
#include "avgpool/avgpool.h"
#include "common/dtype.h"
#include "fuzz.h"

/* The types avgpool.h lists as taken (the one list). */
#define TYPE_CODE(T) TW_DTYPE_##T,
static const int32_t TYPES[] = {TW_AVGPOOL_TYPES(TYPE_CODE)};
#define TYPE_COUNT ((int)(sizeof TYPES / sizeof TYPES[0]))

#define MAX_AXES (TW_AVGPOOL_MAX_SPATIAL_RANK + 1)
#define SENTINEL INT64_C(0x7B7B7B7B7B7B7B7B)

typedef struct pool_args {
  int32_t dtype, rank, ceil_mode, count_include_pad, auto_pad;
  const int64_t *x_shape, *kernel, *strides, *pads, *dilations;
  const fz_buf *x, *y;
} pool_args;

static int32_t call_avgpool(const void* a) {
  const pool_args* p = a;
  return tw_avgpool(p->dtype, p->x->p, p->x->bytes, p->rank, p->x_shape, p->kernel, p->strides, p->pads,
                    p->dilations, p->ceil_mode, p->count_include_pad, p->auto_pad, p->y->p, p->y->bytes);
}

static uint64_t plus(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* avgpool.h's output length for one axis, from the pads the entry reports. */
static int64_t expected_length(int64_t L, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t pe, int ceil_mode,
                               int auto_pad) {
  const int64_t K = (k - 1) * d + 1;
  if (auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_UPPER || auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_LOWER)
    return L / s + (L % s != 0);
  if (auto_pad == TW_AVGPOOL_AUTO_PAD_VALID) return floor_div(L - K, s) + 1;
  const int64_t span = L + pb + pe - K;
  if (!ceil_mode) return floor_div(span, s) + 1;
  int64_t out = -floor_div(-span, s) + 1;
  if ((out - 1) * s >= L + pb) out--;
  return out;
}

/* tw_avgpool_scratch_bytes (what tw_avgpool would allocate): writes only on
 * success, fails whenever tw_avgpool's checks before the buffers fail, and
 * gives a size for every call tw_avgpool ran. */
static void check_scratch_bytes(const pool_args* a, int32_t shape_status, int32_t status, size_t y_bytes, int taken) {
  uint64_t scratch = (uint64_t)SENTINEL;
  const int32_t got = tw_avgpool_scratch_bytes(a->dtype, a->rank, a->x_shape, a->kernel, a->strides, a->pads,
                                               a->dilations, a->ceil_mode, a->count_include_pad, a->auto_pad, &scratch);
  FZ_CHECK(got >= TW_OK && got <= TW_OUT_OF_MEMORY, "scratch_bytes status %d", got);
  if (got != TW_OK) FZ_CHECK(scratch == (uint64_t)SENTINEL, "scratch_bytes wrote its result on failure");
  if (shape_status != TW_OK || !taken) FZ_CHECK(got != TW_OK, "scratch_bytes accepted what tw_avgpool rejects");
  if (status == TW_OK && y_bytes > 0)
    FZ_CHECK(got == TW_OK && scratch != UINT64_MAX, "tw_avgpool ran a call whose scratch size is unknown");
}

/* tw_avgpool_band_plan on a valid geometry: bands tile the first spatial
 * axis's output rows [0, O_1) in order, each reading input rows inside it. */
static void check_band_plan(const pool_args* a, int32_t shape_status, const int64_t* y_shape, int64_t rows_per_band) {
  int64_t count = SENTINEL;
  int32_t got = tw_avgpool_band_plan(a->rank, a->x_shape, a->kernel, a->strides, a->pads, a->dilations, a->ceil_mode,
                                     a->auto_pad, rows_per_band, NULL, 0, &count);
  FZ_CHECK(got == TW_OK || shape_status != TW_OK, "band_plan rejected a geometry output_shape took: %d", got);
  if (got != TW_OK || count < 1 || count > 4096) {
    FZ_CHECK(got != TW_OK || count >= 1, "band_plan: %lld bands", (long long)count);
    return;
  }
  int64_t* bands = malloc((size_t)count * TW_AVGPOOL_BAND_FIELD_COUNT * sizeof *bands);
  FZ_CHECK(bands != NULL, "malloc");
  int64_t again = 0;
  got = tw_avgpool_band_plan(a->rank, a->x_shape, a->kernel, a->strides, a->pads, a->dilations, a->ceil_mode,
                             a->auto_pad, rows_per_band, bands, count, &again);
  FZ_CHECK(got == TW_OK && again == count, "band_plan's second call: status %d, %lld bands", got, (long long)again);
  const int64_t in = a->x_shape[2], out = y_shape[2];
  int64_t next = 0;
  for (int64_t b = 0; b < count; b++) {
    const int64_t* f = bands + b * TW_AVGPOOL_BAND_FIELD_COUNT;
    FZ_CHECK(f[TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] == next && f[TW_AVGPOOL_BAND_FIELD_OUT_END] >= next,
             "band %lld: rows [%lld, %lld) after %lld", (long long)b, (long long)f[TW_AVGPOOL_BAND_FIELD_OUT_BEGIN],
             (long long)f[TW_AVGPOOL_BAND_FIELD_OUT_END], (long long)next);
    FZ_CHECK(f[TW_AVGPOOL_BAND_FIELD_IN_BEGIN] >= 0 && f[TW_AVGPOOL_BAND_FIELD_IN_BEGIN] <= f[TW_AVGPOOL_BAND_FIELD_IN_END] &&
                 f[TW_AVGPOOL_BAND_FIELD_IN_END] <= in && f[TW_AVGPOOL_BAND_FIELD_PAD_BEGIN] >= 0 &&
                 f[TW_AVGPOOL_BAND_FIELD_PAD_END] >= 0,
             "band %lld reads rows [%lld, %lld) of %lld with pads %lld, %lld", (long long)b,
             (long long)f[TW_AVGPOOL_BAND_FIELD_IN_BEGIN], (long long)f[TW_AVGPOOL_BAND_FIELD_IN_END], (long long)in,
             (long long)f[TW_AVGPOOL_BAND_FIELD_PAD_BEGIN], (long long)f[TW_AVGPOOL_BAND_FIELD_PAD_END]);
    next = f[TW_AVGPOOL_BAND_FIELD_OUT_END];
  }
  FZ_CHECK(next == out, "the bands end at row %lld of %lld", (long long)next, (long long)out);
  free(bands);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const uint8_t db = fz_byte(&in), rb = fz_byte(&in), cb = fz_byte(&in), ib = fz_byte(&in), ab = fz_byte(&in);
  const int32_t dtype = db < 0xE0 ? TYPES[db % TYPE_COUNT] : db % 32;
  const int32_t rank = rb < 0xC0 ? 1 + rb % 3 : rb < 0xF0 ? rb % 18 : (int8_t)rb;
  const int32_t ceil_mode = cb < 0xE0 ? cb % 2 : (int8_t)cb, count_include_pad = ib < 0xE0 ? ib % 2 : (int8_t)ib;
  const int32_t auto_pad = ab < 0xE0 ? ab % 4 : (int8_t)ab;
  const int r = rank > 0 ? rank : 0;
  int64_t x_shape[MAX_AXES + 2], kernel[MAX_AXES], strides[MAX_AXES], pads[2 * MAX_AXES], dilations[MAX_AXES];
  for (int i = 0; i < r + 2; i++) x_shape[i] = fz_int(&in);
  for (int i = 0; i < r; i++) kernel[i] = fz_int(&in);
  for (int i = 0; i < r; i++) strides[i] = fz_int(&in);
  for (int i = 0; i < 2 * r; i++) pads[i] = fz_int(&in);
  for (int i = 0; i < r; i++) dilations[i] = fz_int(&in);
  fz_begin_tail(&in);
  const int64_t* strides_arg = place.flags & 1 ? NULL : strides;
  const int64_t* pads_arg = place.flags & 2 ? NULL : pads;
  const int64_t* dilations_arg = place.flags & 4 ? NULL : dilations;

  /* tw_avgpool_output_shape: writes y_shape and effective_pads on success only */
  int64_t y_shape[MAX_AXES + 2], effective[2 * MAX_AXES];
  for (int i = 0; i < MAX_AXES + 2; i++) y_shape[i] = SENTINEL;
  for (int i = 0; i < 2 * MAX_AXES; i++) effective[i] = SENTINEL;
  const int32_t shape_status = tw_avgpool_output_shape(rank, x_shape, kernel, strides_arg, pads_arg, dilations_arg,
                                                       ceil_mode, auto_pad, y_shape, effective);
  FZ_CHECK(shape_status >= TW_OK && shape_status <= TW_OUT_OF_MEMORY, "status %d", shape_status);
  for (int i = 0; i < MAX_AXES + 2; i++)
    FZ_CHECK(y_shape[i] == SENTINEL || (shape_status == TW_OK && i < r + 2), "y_shape[%d] written", i);
  for (int i = 0; i < 2 * MAX_AXES; i++)
    FZ_CHECK(effective[i] == SENTINEL || (shape_status == TW_OK && i < 2 * r), "effective_pads[%d] written", i);
  if (shape_status == TW_OK) {
    FZ_CHECK(y_shape[0] == x_shape[0] && y_shape[1] == x_shape[1], "y_shape's N, C");
    for (int i = 0; i < r; i++) {
      const int64_t s = strides_arg ? strides[i] : 1, d = dilations_arg ? dilations[i] : 1;
      const int64_t pb = effective[i], pe = effective[r + i];
      FZ_CHECK(pb >= 0 && pe >= 0, "effective pads (%lld, %lld) on axis %d", (long long)pb, (long long)pe, i);
      const int64_t want = expected_length(x_shape[2 + i], kernel[i], s, d, pb, pe, ceil_mode, auto_pad);
      FZ_CHECK(y_shape[2 + i] == want, "axis %d: output length %lld, the formula gives %lld", i,
               (long long)y_shape[2 + i], (long long)want);
    }
  }

  /* buffers, and a work budget: planes x the larger plane x the taps summed */
  const unsigned element = tw_dtype_bits(dtype) >= 8 ? tw_dtype_bits(dtype) / 8 : 1;
  uint64_t planes = 0, in_plane = 1, out_plane = 1, large_plane = 1, taps = 1;
  int big = 0;
  if (r > 0 && x_shape[0] >= 0 && x_shape[1] >= 0) planes = fz_times((uint64_t)x_shape[0], (uint64_t)x_shape[1]);
  for (int i = 0; i < r; i++) {
    const uint64_t D = x_shape[2 + i] > 0 ? (uint64_t)x_shape[2 + i] : 0;
    const uint64_t O = shape_status == TW_OK ? (uint64_t)y_shape[2 + i] : 0;
    in_plane = fz_times(in_plane, D);
    out_plane = fz_times(out_plane, O);
    large_plane = fz_times(large_plane, (D > O ? D : O) + 1);
    taps = plus(taps, kernel[i] > 0 && (uint64_t)kernel[i] < D + 1 ? (uint64_t)kernel[i] : D + 1);
  }
  if (fz_times(fz_times(planes, large_plane), taps) > (1u << 21)) big = 1;
  const size_t x_need = fz_budget(fz_times(fz_times(planes, in_plane), element), &big);
  const size_t y_need = shape_status == TW_OK ? fz_budget(fz_times(fz_times(planes, out_plane), element), &big) : 16;
  fz_buf inputs[1] = {{.bytes = big ? 40 : fz_count(x_need, &place, 0)}};
  fz_buf y = {.bytes = big ? 24 : fz_count(y_need, &place, 1)};
  fz_place_buffers(&place, inputs, 1, &y);
  fz_buf* x = &inputs[0];
  if (x->p) fz_fill(&in, x->p, x->bytes);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, x->p, x->bytes);
  fz_keep(&readonly, x_shape, sizeof x_shape);
  fz_keep(&readonly, kernel, sizeof kernel);
  fz_keep(&readonly, strides, sizeof strides);
  fz_keep(&readonly, pads, sizeof pads);
  fz_keep(&readonly, dilations, sizeof dilations);
  const pool_args args = {dtype,   rank,        ceil_mode,  count_include_pad, auto_pad, x_shape, kernel,
                          strides_arg, pads_arg, dilations_arg, x, &y};
  const int overlapping = fz_overlap(x->p, x->bytes, y.p, y.bytes);
  fz_float_output_dtype = dtype;
  const int32_t status = fz_two_runs(call_avgpool, &args, y.p, y.bytes, &readonly, overlapping);

  if (shape_status != TW_OK) FZ_CHECK(status != TW_OK, "tw_avgpool accepted what tw_avgpool_output_shape rejected");
  if (big) FZ_CHECK(status != TW_OK, "tw_avgpool accepted buffers smaller than its shapes need");
  int taken = 0;
  for (int i = 0; i < TYPE_COUNT; i++) taken |= TYPES[i] == dtype;
  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL && !overlapping &&
                    (uintptr_t)x->p % element == 0 && (uintptr_t)y.p % element == 0;
  if (shape_status == TW_OK && taken && (count_include_pad == 0 || count_include_pad == 1) && exact)
    FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid call failed with status %d", status);

  check_scratch_bytes(&args, shape_status, status, y.bytes, taken);
  if (shape_status == TW_OK && r >= 1) check_band_plan(&args, shape_status, y_shape, 1 + (int64_t)(size % 7));

  fz_release(&readonly);
  fz_free(&y);
  fz_free(&inputs[0]);
  return 0;
}
