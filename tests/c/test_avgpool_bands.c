/* Native tests of the AveragePool band planner (tw_avgpool_band_plan,
 * avgpool.h), which the wrapper uses to cut a large call into bands:
 *  1. on random small geometries, its band starts equal a plain walk over
 *     the candidate edges (the planner's contract, one edge at a time), and
 *     a band table too small for the plan is refused;
 *  2. axes of 2^40 rows (the longest x may have) are planned without
 *     walking them: a walk of 2^40 steps takes hours, and an alarm ends the
 *     run if one happens. The planner used to walk every candidate edge to
 *     count them; fuzz_avgpool found it (a 39 s timeout). */
#define _POSIX_C_SOURCE 200809L /* alarm */
#include <stdint.h>
#include <unistd.h>

#include "avgpool/avgpool-plan.h"
#include "avgpool/avgpool.h"
#include "common/status.h"
#include "harness.h"

enum { MAX_BANDS = 512, FIELDS = TW_AVGPOOL_BAND_FIELD_COUNT };

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* The band starts of a 2-D call (x [1, 1, H, W]), found by walking every
 * candidate edge origin + k·step and keeping those with a data-touching
 * window before them and a window inside the padded axis at them. Returns
 * the count, or -1 when the geometry is invalid. */
static int64_t walked_starts(const int64_t* shape, const int64_t* kernel, const int64_t* strides, const int64_t* pads,
                             int64_t rows_per_band, int64_t* starts) {
  tw_avgpool_axis axes[TW_AVGPOOL_MAX_SPATIAL_RANK];
  if (tw_avgpool_resolve_axes(2, shape, kernel, strides, pads, NULL, 0, TW_AVGPOOL_AUTO_PAD_NOTSET, axes) != TW_OK)
    return -1;
  tw_avgpool_axis* a = &axes[0];
  a->blocked = tw_avgpool_axis_blocked(a);
  if (rows_per_band > a->out) rows_per_band = a->out > 0 ? a->out : 1;
  int64_t count = 0;
  starts[count++] = 0;
  if (a->in == 0) return count;
  const int64_t span = (a->kernel - 1) * a->dilation + 1, group = tw_avgpool_group_rows(a);
  const int64_t step = max64(1, rows_per_band / group) * group, origin = group > 1 ? a->pad_begin : 0;
  for (int64_t b = origin + step; b < a->out; b += step) {
    const int touches_before = (b - 1) * a->stride - a->pad_begin + span > 0;
    const int starts_in_data = b * a->stride - a->pad_begin <= a->in - 1;
    const int fits = b * a->stride - a->pad_begin + span <= a->in + a->pad_end;
    if (touches_before && starts_in_data && fits && count < MAX_BANDS) starts[count++] = b;
  }
  return count;
}

static void check_against_walk(void) {
  int compared = 0;
  for (int trial = 0; trial < 20000; trial++) {
    const int64_t k = harness_rand_int(1, 6), s = harness_rand_int(1, 4);
    const int64_t shape[4] = {1, 1, harness_rand_int(0, 60), harness_rand_int(1, 5)};
    const int64_t kernel[2] = {k, 1}, strides[2] = {s, 1};
    const int64_t pads[4] = {harness_rand_int(0, (int)k - 1), 0, harness_rand_int(0, (int)k - 1), 0};
    const int64_t rows_per_band = harness_rand_int(1, 12);
    int64_t want[MAX_BANDS], bands[MAX_BANDS * FIELDS], count = -7;
    const int64_t walked = walked_starts(shape, kernel, strides, pads, rows_per_band, want);
    const int32_t status = tw_avgpool_band_plan(2, shape, kernel, strides, pads, NULL, 0, TW_AVGPOOL_AUTO_PAD_NOTSET,
                                                rows_per_band, NULL, 0, &count);
    if (walked < 0) {
      CHECK(status != TW_OK, "trial %d: a geometry the axes refuse was planned", trial);
      continue;
    }
    CHECK(status == TW_OK && count == walked, "trial %d: H %lld k %lld s %lld pads %lld/%lld rows %lld: %lld bands, the walk %lld",
          trial, (long long)shape[2], (long long)k, (long long)s, (long long)pads[0], (long long)pads[2],
          (long long)rows_per_band, (long long)count, (long long)walked);
    if (status != TW_OK || count != walked || count > MAX_BANDS) continue;
    int64_t again = 0;
    CHECK(tw_avgpool_band_plan(2, shape, kernel, strides, pads, NULL, 0, TW_AVGPOOL_AUTO_PAD_NOTSET, rows_per_band,
                               bands, count, &again) == TW_OK && again == count, "trial %d: the second call", trial);
    for (int64_t i = 0; i < count; i++)
      CHECK(bands[i * FIELDS + TW_AVGPOOL_BAND_FIELD_OUT_BEGIN] == want[i], "trial %d: band %lld starts at %lld, the walk %lld",
            trial, (long long)i, (long long)bands[i * FIELDS + TW_AVGPOOL_BAND_FIELD_OUT_BEGIN], (long long)want[i]);
    if (count > 1)
      CHECK(tw_avgpool_band_plan(2, shape, kernel, strides, pads, NULL, 0, TW_AVGPOOL_AUTO_PAD_NOTSET, rows_per_band,
                                 bands, count - 1, &again) == TW_INVALID_ARGUMENT, "trial %d: a table one band short", trial);
    compared++;
  }
  CHECK(compared > 15000, "only %d plans compared", compared);
}

static int64_t plan_count(const int64_t* shape, const int64_t* kernel, const int64_t* pads, int64_t rows_per_band) {
  const int64_t strides[2] = {1, 1};
  int64_t count = -1;
  const int32_t status = tw_avgpool_band_plan(2, shape, kernel, strides, pads, NULL, 0, TW_AVGPOOL_AUTO_PAD_NOTSET,
                                              rows_per_band, NULL, 0, &count);
  CHECK(status == TW_OK, "status %d", status);
  return count;
}

static void check_long_axes(void) {
  const int64_t T = (int64_t)1 << 40, one[2] = {1, 1}, no_pads[4] = {0, 0, 0, 0};
  /* 2^40 rows, a band per row or per 3 rows */
  const int64_t rows[4] = {1, 1, T, 1};
  CHECK(plan_count(rows, one, no_pads, 1) == T, "2^40 one-row bands");
  CHECK(plan_count(rows, one, no_pads, 3) == (T - 1) / 3 + 1, "2^40 rows in bands of 3");
}

int main(void) {
  alarm(60); /* a walk over 2^40 windows would run for hours */
  check_against_walk();
  check_long_axes();
  return TEST_MAIN_RESULT();
}
