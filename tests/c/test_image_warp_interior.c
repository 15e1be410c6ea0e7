/* The warps' interior path (warp-internal.h): row spans and interior kernels.
 *   spans      for affine rows, [inner_lo, inner_hi) is exactly the set of
 *              columns whose every tap lies inside the source, and outside
 *              [fill_lo, fill_hi) (constant border) exactly the columns with
 *              no tap inside on some axis; checked column by column with the
 *              plain predicate on every row of random warps.
 *   kernels    the scalar and SIMD interior kernels against the plan and blend
 *              kernels (the bordered path, which was the only path before),
 *              on every sub-run of the interior span that starts and ends at
 *              each offset mod 4; perspective: where each kernel stops, and
 *              the pixels it wrote.
 *   whole      SIMD against scalar through tw_image_warp on sizes around the
 *              vector width, 1xN and Nx1 images, channels 1-4, every
 *              interpolation x border, with translations that put the
 *              interior's ends at each column mod 4.
 * Bit-exactness against the plain-JS reference: tests/warp.test.mjs. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "gridsample/gridsample-driver.h"
#include "harness.h"
#include "image/warp-internal.h"

#define MAX_SIDE 40
static uint8_t src_img[MAX_SIDE * MAX_SIDE * 4];

/* ---- the plain predicates ------------------------------------------------- */

/* Per axis: how many of the K taps of destination pixel (j, i) lie inside. */
static void taps_inside(const tw_warp_problem* p, int64_t i, int64_t j, int inside[2]) {
  float sx, sy, t, u;
  tw_warp_source_point(p, (float)i, (float)j, &sx, &sy);
  const int K = p->gs.taps_per_axis, first = p->gs.mode == TW_GRIDSAMPLE_MODE_CUBIC ? -1 : 0;
  const float s[2] = {sy, sx};
  for (int a = 0; a < 2; a++) {
    inside[a] = 0;
    if (!isfinite(s[a])) continue;
    const double base = tw_warp_fraction(s[a], p->gs.mode, &t, &u);
    for (int k = 0; k < K; k++) {
      const double tap = base + first + k;
      inside[a] += tap >= 0 && tap < (double)p->gs.axis[a].length;
    }
  }
}

/* ---- random problems ------------------------------------------------------ */

typedef struct setup {
  int sw, sh, ch, dw, dh, interp, border, persp;
  double m[9];
  tw_warp_problem p;
} setup;

static setup random_setup(int persp) {
  setup s;
  s.sw = harness_rand_int(1, MAX_SIDE);
  s.sh = harness_rand_int(1, MAX_SIDE);
  s.ch = harness_rand_int(1, 4);
  s.dw = harness_rand_int(1, MAX_SIDE);
  s.dh = harness_rand_int(1, MAX_SIDE);
  s.interp = harness_rand_int(0, 2);
  s.border = harness_rand_int(0, 4);
  s.persp = persp;
  const double angle = harness_rand_int(0, 359) * 3.14159265358979 / 180;
  const double scale = harness_rand_int(1, 30) / 10.0;
  const double m[9] = {cos(angle) * scale, -sin(angle) * scale, harness_rand_int(-40, 80) / 3.0,
                       sin(angle) * scale, cos(angle) * scale,  harness_rand_int(-40, 80) / 3.0,
                       persp ? harness_rand_int(-10, 10) / 300.0 : 0, persp ? harness_rand_int(-10, 10) / 300.0 : 0, 1};
  memcpy(s.m, m, sizeof m);
  /* a quarter of the warps axis-aligned (slope 0 on one axis per row) */
  if (harness_rand_int(0, 3) == 0) s.m[1] = s.m[3] = 0;
  tw_warp_problem_init(&s.p, s.sw, s.sh, s.ch, s.m, persp, s.interp, s.border);
  return s;
}

/* ---- spans ------------------------------------------------------------------ */

static void test_spans(void) {
  for (int trial = 0; trial < 400; trial++) {
    const setup s = random_setup(0);
    const int K = s.p.gs.taps_per_axis;
    for (int i = 0; i < s.dh; i++) {
      tw_warp_span span;
      tw_warp_row_span(&s.p, i, s.dw, &span);
      CHECK(0 <= span.fill_lo && span.fill_lo <= span.inner_lo && span.inner_lo <= span.inner_hi &&
                span.inner_hi <= span.fill_hi && span.fill_hi <= s.dw,
            "trial %d row %d: span %d %d %d %d out of order (width %d)", trial, i, span.fill_lo, span.inner_lo,
            span.inner_hi, span.fill_hi, s.dw);
      for (int j = 0; j < s.dw; j++) {
        int in[2];
        taps_inside(&s.p, i, j, in);
        const int all = in[0] == K && in[1] == K, none = in[0] == 0 || in[1] == 0;
        const int inner = j >= span.inner_lo && j < span.inner_hi, fill = j < span.fill_lo || j >= span.fill_hi;
        CHECK(inner == all, "trial %d (%dx%d -> %dx%d, interp %d, border %d) row %d col %d: in span %d, every tap "
              "inside %d", trial, s.sw, s.sh, s.dw, s.dh, s.interp, s.border, i, j, inner, all);
        if (s.border == TW_IMAGE_BORDER_CONSTANT) {
          CHECK(fill == none, "trial %d row %d col %d: fill %d, no tap inside %d", trial, i, j, fill, none);
        } else {
          CHECK(!fill, "trial %d row %d col %d: a fill column with border %d", trial, i, j, s.border);
        }
      }
    }
  }
}

/* ---- kernels ------------------------------------------------------------------ */

/* Columns [col, col + n) of row i through the plan and blend scalar kernels. */
static void bordered(const setup* s, int64_t i, int64_t col, size_t n, uint8_t* out) {
  const tw_gs_tiling tiling = tw_gs_tiling_for(1, 1, n, (size_t)s->p.gs.taps);
  tw_gridsample_plan plan;
  void* extra;
  const int nearest = s->p.gs.mode == TW_GRIDSAMPLE_MODE_NEAREST;
  void* scratch = tw_gs_alloc_plan(&tiling, (size_t)s->p.gs.taps, (size_t)s->p.gs.taps_per_axis, nearest ? 0 : 4,
                                   1, 0, &plan, &extra);
  CHECK(scratch != NULL, "malloc");
  if (!scratch) return;
  const tw_gridsample_tile tile = {.count = n, .rows = 1, .plan_stride = tiling.tile_w, .y_stride = n,
                                   .channels = (size_t)s->ch};
  tw_image_warp_plan__scalar(&s->p, &tile, i, col, &plan);
  const uint32_t fill = 0x5a3c1e07u;
  const tw_gridsample_blend_fn blend = nearest ? tw_image_warp_gather_masked__scalar : tw_image_warp_blend_masked__scalar;
  blend(&tile, src_img, &plan, &fill, out);
  free(scratch);
}

/* Every sub-run [a, b) of the row's interior span with a and b at each
 * offset mod 4 from the span's start and end, written by both interior
 * kernels into exact-size blocks, against the bordered path. */
static void check_interior_runs(const setup* s, int64_t i, const tw_warp_span* span, int trial) {
  const int64_t lo = span->inner_lo, hi = span->inner_hi;
  for (int64_t a = lo; a < hi && a < lo + 5; a++) {
    for (int64_t b = hi; b > a && b > hi - 5; b--) {
      const size_t n = (size_t)(b - a), bytes = n * (size_t)s->ch;
      uint8_t* want = malloc(bytes);
      uint8_t* got_scalar = malloc(bytes);
      uint8_t* got_simd = malloc(bytes);
      bordered(s, i, a, n, want);
      const size_t done_scalar = tw_image_warp_interior__scalar(&s->p, src_img, i, a, n, got_scalar);
      const size_t done_simd = tw_image_warp_interior__wasmsimd(&s->p, src_img, i, a, n, got_simd);
      CHECK(done_scalar == n && done_simd == n, "trial %d: affine interior kernels stopped (%zu, %zu of %zu)", trial,
            done_scalar, done_simd, n);
      CHECK(memcmp(want, got_scalar, bytes) == 0, "trial %d (%dx%d ch %d, interp %d, border %d) row %lld [%lld, "
            "%lld): scalar interior differs from plan + blend", trial, s->sw, s->sh, s->ch, s->interp, s->border,
            (long long)i, (long long)a, (long long)b);
      CHECK(memcmp(want, got_simd, bytes) == 0, "trial %d (%dx%d ch %d, interp %d, border %d) row %lld [%lld, "
            "%lld): SIMD interior differs from plan + blend", trial, s->sw, s->sh, s->ch, s->interp, s->border,
            (long long)i, (long long)a, (long long)b);
      free(want);
      free(got_scalar);
      free(got_simd);
    }
  }
}

/* Perspective: the scalar kernel stops at the first pixel with a tap outside,
 * the SIMD kernel at the start of its group; what they wrote matches. */
/* Returns how many pixels the SIMD kernel wrote (and both were compared on). */
static size_t check_perspective_row(const setup* s, int64_t i, int trial) {
  const size_t n = (size_t)s->dw, bytes = n * (size_t)s->ch;
  uint8_t* want = malloc(bytes);
  uint8_t* got_scalar = malloc(bytes);
  uint8_t* got_simd = malloc(bytes);
  bordered(s, i, 0, n, want);
  const size_t done_scalar = tw_image_warp_interior__scalar(&s->p, src_img, i, 0, n, got_scalar);
  const size_t done_simd = tw_image_warp_interior__wasmsimd(&s->p, src_img, i, 0, n, got_simd);
  size_t first_out = 0;
  for (int in[2]; first_out < n; first_out++) {
    taps_inside(&s->p, i, (int64_t)first_out, in);
    if (in[0] != s->p.gs.taps_per_axis || in[1] != s->p.gs.taps_per_axis) break;
  }
  CHECK(done_scalar == first_out, "trial %d row %lld: scalar stopped at %zu, first pixel outside %zu", trial,
        (long long)i, done_scalar, first_out);
  CHECK(done_simd == (first_out == n ? n : first_out & ~(size_t)3), "trial %d row %lld: SIMD stopped at %zu, first "
        "pixel outside %zu", trial, (long long)i, done_simd, first_out);
  CHECK(memcmp(want, got_scalar, done_scalar * (size_t)s->ch) == 0, "trial %d row %lld: scalar perspective pixels",
        trial, (long long)i);
  CHECK(memcmp(want, got_simd, done_simd * (size_t)s->ch) == 0, "trial %d row %lld: SIMD perspective pixels", trial,
        (long long)i);
  free(want);
  free(got_scalar);
  free(got_simd);
  return done_simd;
}

static void test_kernels(void) {
  for (size_t k = 0; k < sizeof src_img; k++) src_img[k] = (uint8_t)harness_rand();
  int runs = 0;
  size_t perspective_pixels = 0;
  for (int trial = 0; trial < 300; trial++) {
    const setup s = random_setup(trial % 3 == 2);
    for (int i = 0; i < s.dh; i++) {
      if (s.persp) {
        perspective_pixels += check_perspective_row(&s, i, trial);
        continue;
      }
      tw_warp_span span;
      tw_warp_row_span(&s.p, i, s.dw, &span);
      if (span.inner_hi > span.inner_lo) {
        check_interior_runs(&s, i, &span, trial);
        runs++;
      }
    }
  }
  CHECK(runs > 500, "only %d rows had an interior", runs);
  CHECK(perspective_pixels > 1000, "only %zu perspective pixels compared", perspective_pixels);
}

/* ---- whole warps: SIMD against scalar ---------------------------------------- */

static uint8_t out_scalar[MAX_SIDE * MAX_SIDE * 4 + 16], out_simd[MAX_SIDE * MAX_SIDE * 4 + 16];

static void compare_warp(int sw, int sh, int ch, const double* m, int persp, int interp, int border, int dw, int dh) {
  const size_t bytes = (size_t)(dw * dh * ch);
  const uint32_t fill = 0x80402010u;
  memset(out_scalar, 0xA5, sizeof out_scalar);
  memset(out_simd, 0xA5, sizeof out_simd);
  tw_set_simd(0);
  const int32_t a = tw_image_warp(src_img, (size_t)(sw * sh * ch), sw, sh, ch, m, persp, interp, border, fill,
                                  out_scalar, bytes, dw, dh, 0, dh);
  tw_set_simd(1);
  const int32_t b = tw_image_warp(src_img, (size_t)(sw * sh * ch), sw, sh, ch, m, persp, interp, border, fill,
                                  out_simd, bytes, dw, dh, 0, dh);
  CHECK(a == TW_OK && b == TW_OK, "%s", tw_last_error());
  CHECK(memcmp(out_scalar, out_simd, sizeof out_simd) == 0,
        "SIMD differs from scalar: %dx%d ch %d -> %dx%d, m = %g %g %g / %g %g %g, persp %d, interp %d, border %d", sw,
        sh, ch, dw, dh, m[0], m[1], m[2], m[3], m[4], m[5], persp, interp, border);
}

static void test_whole(void) {
  static const int sides[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17};
  const int n = (int)(sizeof sides / sizeof sides[0]);
  for (int a = 0; a < n; a++) {
    for (int b = 0; b < n; b++) {
      const int w = sides[a], h = sides[b];
      const int ch = 1 + (a + b) % 4, interp = (a + 2 * b) % 3, border = (2 * a + b) % 5;
      /* translations put the interior's left end at column k (k = 0..7),
       * and the destination wider than the source puts its right end inside */
      for (int k = 0; k < 8; k++) {
        const double m[9] = {1, 0, -k - 0.25, 0, 1, 0.5 - (k % 3), 0, 0, 1};
        compare_warp(w, h, ch, m, 0, interp, border, w + 5, h);
        const double mp[9] = {1, 0.01 * k, -k - 0.25, 0.02, 1, 0.5, 0.002 * k, -0.001, 1};
        compare_warp(w, h, ch, mp, 1, interp, border, w + 5, h);
      }
    }
  }
  /* every interpolation x border x channel count on 1x1, 1xN and Nx1 */
  static const int shapes[][2] = {{1, 1}, {1, 17}, {17, 1}, {16, 3}};
  for (int s = 0; s < 4; s++) {
    for (int interp = 0; interp < 3; interp++) {
      for (int border = 0; border < 5; border++) {
        for (int ch = 1; ch <= 4; ch++) {
          const double m[9] = {0.9, 0.1, 0.3, -0.05, 1.1, 0.2, 0, 0, 1};
          compare_warp(shapes[s][0], shapes[s][1], ch, m, 0, interp, border, 9, 9);
        }
      }
    }
  }
}

int main(void) {
  test_spans();
  test_kernels();
  test_whole();
  return TEST_MAIN_RESULT();
}
