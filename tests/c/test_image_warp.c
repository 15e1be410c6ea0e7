/* tw_image_warp: argument validation (every failure names the argument and
 * leaves dst and the guard bytes after it untouched), empty images, a few
 * hand-worked values (integer translations are exact, per-tap borders,
 * ties of nearest), SIMD against scalar on random warps, and bands against
 * one call. Bit-exactness against the plain-JS reference is in
 * tests/image-warp.test.mjs. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "harness.h"
#include "warp/warp.h"

enum { NEAREST = TW_IMAGE_INTERPOLATION_NEAREST, LINEAR = TW_IMAGE_INTERPOLATION_LINEAR,
       CUBIC = TW_IMAGE_INTERPOLATION_CUBIC };
enum { CONSTANT = TW_IMAGE_BORDER_CONSTANT, EDGE = TW_IMAGE_BORDER_EDGE, REFLECT = TW_IMAGE_BORDER_REFLECT,
       SYMMETRIC = TW_IMAGE_BORDER_SYMMETRIC, WRAP = TW_IMAGE_BORDER_WRAP };

typedef struct call {
  const uint8_t* src;
  size_t src_bytes;
  int32_t sw, sh, ch;
  const double* m;
  int32_t perspective, interp, border;
  uint32_t fill;
  uint8_t* dst;
  size_t dst_bytes;
  int32_t dw, dh, row0, rows;
} call;

static int32_t run(const call* c) {
  return tw_image_warp(c->src, c->src_bytes, c->sw, c->sh, c->ch, c->m, c->perspective, c->interp, c->border,
                       c->fill, c->dst, c->dst_bytes, c->dw, c->dh, c->row0, c->rows);
}

static uint8_t base_src[4 * 3 * 2];
static const double identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
static uint8_t dst_area[64 + 32];

/* A valid call: 4x3 source with 2 channels, 5x2 destination. */
static call baseline(void) {
  call c = {base_src, sizeof base_src, 4, 3, 2, identity, 0, LINEAR, CONSTANT, 0, dst_area, 20, 5, 2, 0, 2};
  return c;
}

static void expect_error(const char* what, const call* c, int32_t status, const char* word) {
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    memset(dst_area, 0x5A, sizeof dst_area);
    const int32_t got = run(c);
    CHECK(got == status, "%s: status %d, want %d (%s)", what, got, status, tw_last_error());
    CHECK(strstr(tw_last_error(), word) != NULL, "%s: message \"%s\" does not name \"%s\"", what, tw_last_error(),
          word);
    int untouched = 1;
    for (size_t i = 0; i < sizeof dst_area; i++) untouched &= dst_area[i] == 0x5A;
    CHECK(untouched, "%s: dst written by a failing call", what);
  }
  tw_set_simd(1);
}

static void test_errors(void) {
  call c = baseline();
  CHECK(run(&c) == TW_OK, "baseline: %s", tw_last_error());
#define BAD(field, value, status, word) \
  do {                                  \
    c = baseline();                     \
    c.field = value;                    \
    expect_error(#field " = " #value, &c, status, word); \
  } while (0)
  BAD(ch, 0, TW_INVALID_ARGUMENT, "channels");
  BAD(ch, 5, TW_INVALID_ARGUMENT, "channels");
  BAD(perspective, 2, TW_INVALID_ARGUMENT, "perspective");
  BAD(interp, 3, TW_INVALID_ARGUMENT, "interpolation"); /* area: resize only */
  BAD(interp, -1, TW_INVALID_ARGUMENT, "interpolation");
  BAD(border, 5, TW_INVALID_ARGUMENT, "border");
  BAD(border, -1, TW_INVALID_ARGUMENT, "border");
  BAD(m, NULL, TW_INVALID_ARGUMENT, "matrix");
  BAD(sw, -1, TW_INVALID_ARGUMENT, "src_width");
  BAD(sh, -3, TW_INVALID_ARGUMENT, "src_height");
  BAD(dw, -1, TW_INVALID_ARGUMENT, "dst_width");
  BAD(dh, -1, TW_INVALID_ARGUMENT, "dst_height");
  BAD(sw, 1 << 24, TW_UNSUPPORTED, "src_width");
  BAD(dw, 1 << 24, TW_UNSUPPORTED, "dst_width");
  BAD(row0, -1, TW_INVALID_ARGUMENT, "row0");
  BAD(row0, 1, TW_INVALID_ARGUMENT, "row0"); /* rows 2 from row 1 of 2 */
  BAD(rows, 3, TW_INVALID_ARGUMENT, "rows");
  BAD(rows, -1, TW_INVALID_ARGUMENT, "rows");
  BAD(src_bytes, sizeof base_src - 1, TW_INVALID_ARGUMENT, "src_bytes");
  BAD(src_bytes, sizeof base_src + 1, TW_INVALID_ARGUMENT, "src_bytes");
  BAD(dst_bytes, 19, TW_INVALID_ARGUMENT, "dst_bytes");
  BAD(dst_bytes, 21, TW_INVALID_ARGUMENT, "dst_bytes");
  BAD(src, NULL, TW_INVALID_ARGUMENT, "src");
  BAD(dst, NULL, TW_INVALID_ARGUMENT, "dst");
  BAD(dst, (uint8_t*)base_src + 4, TW_INVALID_ARGUMENT, "overlaps");
#undef BAD
  /* a source too large for 32-bit byte offsets (never read: checks come first) */
  c = baseline();
  c.sw = 1 << 23;
  c.sh = 1 << 8;
  c.src_bytes = (size_t)1 << 32;
  expect_error("2^32-byte source", &c, TW_UNSUPPORTED, "src_bytes");

  const double nan_m[6] = {1, 0, NAN, 0, 1, 0}, inf_m[9] = {1, 0, 0, 0, 1, 0, 0, INFINITY, 1};
  const double singular[6] = {1, 2, 5, 2, 4, 7}, singular3[9] = {1, 2, 3, 2, 4, 6, 0, 0, 1};
  c = baseline();
  c.m = nan_m;
  expect_error("NaN matrix", &c, TW_INVALID_ARGUMENT, "matrix[2]");
  c.m = inf_m;
  c.perspective = 1;
  expect_error("infinite perspective matrix", &c, TW_INVALID_ARGUMENT, "matrix[7]");
  c.m = singular3;
  expect_error("singular 3x3", &c, TW_INVALID_ARGUMENT, "singular");
  c = baseline();
  c.m = singular;
  expect_error("singular affine", &c, TW_INVALID_ARGUMENT, "singular");
  c.m = (const double[6]){2, 0, 0, 0, 2, 0};
  CHECK(run(&c) == TW_OK, "affine with 6 numbers: %s", tw_last_error());
}

static void test_empty(void) {
  call c = baseline();
  c.rows = 0;
  c.dst_bytes = 0;
  memset(dst_area, 0x5A, sizeof dst_area);
  CHECK(run(&c) == TW_OK && dst_area[0] == 0x5A, "no rows: succeeds, writes nothing");
  c = baseline();
  c.sw = 0;
  c.src_bytes = 0;
  c.fill = 0x0201;
  CHECK(run(&c) == TW_OK, "empty source, constant: %s", tw_last_error());
  int filled = 1;
  for (int k = 0; k < 20; k++) filled &= dst_area[k] == (k % 2 ? 2 : 1);
  CHECK(filled, "empty source: every pixel is the fill");
  c.border = EDGE;
  expect_error("empty source, edge", &c, TW_INVALID_ARGUMENT, "empty");
}

/* ---- values ------------------------------------------------------------------ */

static uint8_t src_img[17 * 13 * 4];
static uint8_t out_a[40 * 30 * 4], out_b[40 * 30 * 4];

static int32_t warp(const uint8_t* src, int sw, int sh, int ch, const double* m, int persp, int interp, int border,
                    uint32_t fill, uint8_t* dst, int dw, int dh, int row0, int rows) {
  return tw_image_warp(src, (size_t)(sw * sh * ch), sw, sh, ch, m, persp, interp, border, fill,
                       dst, (size_t)(dw * rows * ch), dw, dh, row0, rows);
}

/* Integer translations move pixels exactly, for every interpolation. */
static void test_translation(void) {
  for (size_t k = 0; k < sizeof src_img; k++) src_img[k] = (uint8_t)harness_rand();
  const double m[6] = {1, 0, 3, 0, 1, -2}; /* destination (j, i) reads source (j + 3, i - 2) */
  for (int interp = 0; interp < 3; interp++) {
    for (int simd = 0; simd < 2; simd++) {
      tw_set_simd(simd);
      CHECK(warp(src_img, 17, 13, 3, m, 0, interp, EDGE, 0, out_a, 17, 13, 0, 13) == TW_OK, "%s", tw_last_error());
      int exact = 1;
      for (int i = 0; i < 13; i++) {
        for (int j = 0; j < 17; j++) {
          int si = i - 2, sj = j + 3;
          si = si < 0 ? 0 : si > 12 ? 12 : si;
          sj = sj > 16 ? 16 : sj;
          for (int c = 0; c < 3; c++) exact &= out_a[(i * 17 + j) * 3 + c] == src_img[(si * 17 + sj) * 3 + c];
        }
      }
      CHECK(exact, "integer translation, interpolation %d, simd %d: not an exact copy", interp, simd);
    }
  }
  tw_set_simd(1);
}

/* Hand-worked values on a 1-channel row "10 20 30 40" (1 row high). */
static void test_values(void) {
  const uint8_t row[4] = {10, 20, 30, 40};
  uint8_t out[4];
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    /* nearest ties go up: x = j + 0.5 reads j + 1 */
    const double half[6] = {1, 0, 0.5, 0, 1, 0};
    CHECK(warp(row, 4, 1, 1, half, 0, NEAREST, EDGE, 0, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 20 && out[1] == 30 && out[2] == 40 && out[3] == 40, "nearest ties: %d %d %d %d", out[0], out[1],
          out[2], out[3]);
    /* linear at x = -0.5 and 3.5 with each border, per tap: reflect reads
     * index -1 as 1 (20), symmetric as 0 (10), wrap as 3 (40) */
    const double left[6] = {1, 0, -0.5, 0, 1, 0};
    CHECK(warp(row, 4, 1, 1, left, 0, LINEAR, REFLECT, 0, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 15, "reflect at x = -0.5: (20 + 10) / 2 = 15, got %d", out[0]);
    CHECK(warp(row, 4, 1, 1, left, 0, LINEAR, SYMMETRIC, 0, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 10, "symmetric at x = -0.5: 10, got %d", out[0]);
    CHECK(warp(row, 4, 1, 1, left, 0, LINEAR, WRAP, 0, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 25, "wrap at x = -0.5: (40 + 10) / 2 = 25, got %d", out[0]);
    CHECK(warp(row, 4, 1, 1, left, 0, LINEAR, CONSTANT, 0x2d, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 28, "constant 45 at x = -0.5: (45 + 10) / 2 = 27.5 -> 28 (half to even), got %d", out[0]);
    CHECK(out[1] == 15 && out[2] == 25, "x = 0.5, 1.5: 15 25, got %d %d", out[1], out[2]);
    /* the y axis is outside too for a 1-row image at y = -0.5: constant
     * mixes the fill in (per tap, no coordinate clamp) */
    const double up[6] = {1, 0, 0, 0, 1, -0.5};
    CHECK(warp(row, 4, 1, 1, up, 0, LINEAR, CONSTANT, 0, out, 4, 1, 0, 1) == TW_OK, "%s", tw_last_error());
    CHECK(out[0] == 5 && out[1] == 10 && out[3] == 20, "y = -0.5, constant 0: halves, got %d %d %d", out[0], out[1],
          out[3]);
  }
  tw_set_simd(1);
}

/* SIMD against scalar, and bands against one call, on random warps. */
static void test_simd_and_bands(void) {
  for (size_t k = 0; k < sizeof src_img; k++) src_img[k] = (uint8_t)harness_rand();
  for (int trial = 0; trial < 300; trial++) {
    const int ch = harness_rand_int(1, 4), sw = harness_rand_int(1, 17), sh = harness_rand_int(1, 13);
    const int dw = harness_rand_int(1, 40), dh = harness_rand_int(1, 30);
    const int persp = harness_rand_int(0, 1), interp = harness_rand_int(0, 2), border = harness_rand_int(0, 4);
    const double angle = harness_rand_int(0, 359) * 3.14159265358979 / 180, scale = 0.3 + harness_rand_int(0, 20) / 10.0;
    double m[9] = {cos(angle) * scale, -sin(angle) * scale, harness_rand_int(-20, 20) / 3.0,
                   sin(angle) * scale, cos(angle) * scale,  harness_rand_int(-20, 20) / 3.0,
                   persp ? harness_rand_int(-10, 10) / 200.0 : 0, persp ? harness_rand_int(-10, 10) / 200.0 : 0, 1};
    const uint32_t fill = (uint32_t)harness_rand();
    tw_set_simd(0);
    CHECK(warp(src_img, sw, sh, ch, m, persp, interp, border, fill, out_a, dw, dh, 0, dh) == TW_OK, "%s",
          tw_last_error());
    tw_set_simd(1);
    memset(out_b, 0, sizeof out_b);
    for (int row0 = 0; row0 < dh;) { /* uneven bands */
      const int rows = harness_rand_int(1, dh - row0);
      CHECK(warp(src_img, sw, sh, ch, m, persp, interp, border, fill, out_b + row0 * dw * ch, dw, dh, row0, rows) ==
                TW_OK, "%s", tw_last_error());
      row0 += rows;
    }
    const size_t bytes = (size_t)(dw * dh * ch);
    CHECK(memcmp(out_a, out_b, bytes) == 0,
          "trial %d: SIMD in bands differs from scalar (%dx%d ch %d -> %dx%d, persp %d, interp %d, border %d)", trial,
          sw, sh, ch, dw, dh, persp, interp, border);
  }
}

/* Prepared warps (tw_warp_prepare / tw_warp_run / tw_warp_release): the
 * one-shot call's bytes in uneven bands, one handle for two sources. */
static void test_prepared(void) {
  static uint8_t other[sizeof src_img];
  for (size_t k = 0; k < sizeof src_img; k++) other[k] = (uint8_t)harness_rand();
  for (int trial = 0; trial < 200; trial++) {
    const int ch = harness_rand_int(1, 4), sw = harness_rand_int(1, 17), sh = harness_rand_int(1, 13);
    const int dw = harness_rand_int(1, 40), dh = harness_rand_int(1, 30);
    const int persp = harness_rand_int(0, 1), interp = harness_rand_int(0, 2), border = harness_rand_int(0, 4);
    double m[9] = {harness_rand_int(-20, 20) / 9.0, harness_rand_int(-20, 20) / 7.0, harness_rand_int(-20, 20) / 3.0,
                   harness_rand_int(-20, 20) / 7.0, harness_rand_int(-20, 20) / 9.0, harness_rand_int(-20, 20) / 3.0,
                   persp ? harness_rand_int(-10, 10) / 200.0 : 0, persp ? harness_rand_int(-10, 10) / 200.0 : 0, 1};
    if (m[0] * m[4] - m[1] * m[3] == 0) m[0] += 1;
    const uint32_t fill = (uint32_t)harness_rand();
    const size_t src_bytes = (size_t)(sw * sh * ch), row_bytes = (size_t)(dw * ch);
    uint32_t handle = 0;
    const int32_t prepared = tw_warp_prepare(sw, sh, ch, m, persp, interp, border, fill, dw, dh, &handle);
    const int32_t once = warp(src_img, sw, sh, ch, m, persp, interp, border, fill, out_a, dw, dh, 0, dh);
    CHECK(prepared == once, "trial %d: prepare says %d, the one-shot call %d", trial, prepared, once);
    if (prepared != TW_OK) continue;
    for (int pass = 0; pass < 2; pass++) { /* the same handle for a second source */
      const uint8_t* src = pass ? other : src_img;
      if (pass) CHECK(warp(src, sw, sh, ch, m, persp, interp, border, fill, out_a, dw, dh, 0, dh) == TW_OK, "%s",
                      tw_last_error());
      memset(out_b, 0, sizeof out_b);
      tw_set_simd(harness_rand_int(0, 1));
      for (int row0 = 0; row0 < dh;) {
        const int rows = harness_rand_int(1, dh - row0);
        CHECK(tw_warp_run(handle, src, src_bytes, out_b + row0 * (int)row_bytes, rows * row_bytes, row0, rows) == TW_OK,
              "%s", tw_last_error());
        row0 += rows;
      }
      tw_set_simd(1);
      CHECK(memcmp(out_a, out_b, row_bytes * (size_t)dh) == 0, "trial %d pass %d: prepared bands differ", trial, pass);
    }
    CHECK(tw_warp_release(handle) == TW_OK, "%s", tw_last_error());
  }
}

/* A handle is looked up, never trusted: made-up, released and stale handles
 * fail and write nothing; a bad band fails; 64 live handles at most. */
static void test_handles(void) {
  uint8_t src[4 * 3 * 2] = {0}, dst[5 * 2 * 2 + 8];
  uint32_t handle = 0, first = 0;
  CHECK(tw_warp_prepare(4, 3, 2, identity, 0, LINEAR, CONSTANT, 0, 5, 2, &first) == TW_OK, "%s", tw_last_error());
  CHECK(tw_warp_release(first) == TW_OK, "%s", tw_last_error());
  CHECK(tw_warp_prepare(4, 3, 2, identity, 0, LINEAR, CONSTANT, 0, 5, 2, &handle) == TW_OK, "%s", tw_last_error());
  CHECK(handle != first, "a new prepared warp got the released handle %u again", (unsigned)handle);
  const uint32_t bad[] = {0, first, handle + 1, handle + 64, handle ^ 0x80000000u, 63, 0xFFFFFFFFu};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    memset(dst, 0x5A, sizeof dst);
    CHECK(tw_warp_run(bad[k], src, sizeof src, dst, 20, 0, 2) == TW_INVALID_ARGUMENT, "run with handle %u accepted",
          (unsigned)bad[k]);
    CHECK(strstr(tw_last_error(), "handle") != NULL, "message \"%s\" does not name the handle", tw_last_error());
    CHECK(dst[0] == 0x5A && dst[19] == 0x5A, "run with handle %u wrote dst", (unsigned)bad[k]);
    CHECK(tw_warp_release(bad[k]) == TW_INVALID_ARGUMENT, "release of handle %u accepted", (unsigned)bad[k]);
  }
  memset(dst, 0x5A, sizeof dst);
  CHECK(tw_warp_run(handle, src, sizeof src, dst, 20, 1, 2) == TW_INVALID_ARGUMENT && strstr(tw_last_error(), "row0"),
        "rows past the destination: %s", tw_last_error());
  CHECK(tw_warp_run(handle, src, sizeof src - 1, dst, 20, 0, 2) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "src_bytes"), "short source: %s", tw_last_error());
  CHECK(tw_warp_run(handle, src, sizeof src, dst, 19, 0, 2) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "dst_bytes"), "short dst: %s", tw_last_error());
  CHECK(dst[0] == 0x5A && dst[19] == 0x5A, "a failing run wrote dst");
  CHECK(tw_warp_run(handle, src, sizeof src, dst, 20, 0, 2) == TW_OK, "the handle works after failures: %s",
        tw_last_error());
  CHECK(tw_warp_release(handle) == TW_OK, "%s", tw_last_error());
  CHECK(tw_warp_release(handle) == TW_INVALID_ARGUMENT, "a second release accepted");
  /* failures of prepare write no handle */
  handle = 7;
  CHECK(tw_warp_prepare(4, 3, 2, identity, 2, LINEAR, CONSTANT, 0, 5, 2, &handle) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "perspective"), "perspective 2: %s", tw_last_error());
  CHECK(tw_warp_prepare(4, 3, 0, identity, 0, LINEAR, CONSTANT, 0, 5, 2, &handle) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "channels"), "channels 0: %s", tw_last_error());
  CHECK(tw_warp_prepare(4, 3, 2, NULL, 0, LINEAR, CONSTANT, 0, 5, 2, &handle) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "matrix"), "matrix NULL: %s", tw_last_error());
  CHECK(tw_warp_prepare(4, 3, 2, identity, 0, LINEAR, CONSTANT, 0, 5, 2, NULL) == TW_INVALID_ARGUMENT &&
            strstr(tw_last_error(), "handle"), "handle NULL: %s", tw_last_error());
  CHECK(handle == 7, "a failing prepare wrote the handle");
  uint32_t live[65];
  int n = 0;
  while (n < 65 && tw_warp_prepare(4, 3, 2, identity, 0, NEAREST, EDGE, 0, 5, 2, &live[n]) == TW_OK) n++;
  CHECK(n == 64, "%d warps prepared at once, want 64 (then: %s)", n, tw_last_error());
  CHECK(strstr(tw_last_error(), "handle") != NULL, "65th prepare: %s", tw_last_error());
  for (int k = 0; k < n; k++) CHECK(tw_warp_release(live[k]) == TW_OK, "%s", tw_last_error());
}

/* tw_image_remap: identity maps copy the source (every interpolation and
 * border, in bands), bad maps fail naming the argument and write nothing. */
static void test_remap(void) {
  enum { W = 7, H = 5, C = 3 };
  static uint8_t src[W * H * C], dst[W * H * C + 16];
  static float mx[W * H], my[W * H];
  for (size_t k = 0; k < sizeof src; k++) src[k] = (uint8_t)harness_rand();
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) mx[i * W + j] = (float)j, my[i * W + j] = (float)i;
  for (int interp = NEAREST; interp <= CUBIC; interp++) {
    for (int border = CONSTANT; border <= WRAP; border++) {
      for (int simd = 0; simd < 2; simd++) {
        tw_set_simd(simd);
        memset(dst, 0, sizeof dst);
        for (int row0 = 0; row0 < H; row0 += 2) {
          const int rows = row0 + 2 <= H ? 2 : H - row0;
          CHECK(tw_image_remap(src, sizeof src, W, H, C, mx, my, sizeof mx, interp, border, 0x010203u,
                               dst + row0 * W * C, (size_t)(rows * W * C), W, H, row0, rows) == TW_OK,
                "%s", tw_last_error());
        }
        CHECK(memcmp(dst, src, sizeof src) == 0, "identity remap, interpolation %d border %d simd %d: not a copy",
              interp, border, simd);
      }
    }
  }
  tw_set_simd(1);
  static const struct {
    const char* what;
    int32_t status;
    const char* word;
  } cases[] = {{"map_bytes short", TW_INVALID_ARGUMENT, "map_bytes"}, {"map_x NULL", TW_INVALID_ARGUMENT, "map_x"},
               {"dst on map_y", TW_INVALID_ARGUMENT, "overlaps a map"}, {"interpolation 3", TW_INVALID_ARGUMENT,
               "interpolation"}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    memset(dst, 0x5A, sizeof dst);
    const float* x = k == 1 ? NULL : mx;
    uint8_t* out = k == 2 ? (uint8_t*)my : dst;
    const size_t map_bytes = k == 0 ? sizeof mx - 4 : sizeof mx;
    const int32_t got = tw_image_remap(src, sizeof src, W, H, C, x, my, map_bytes, k == 3 ? 3 : LINEAR, EDGE, 0, out,
                                       (size_t)(W * C), W, H, 0, 1);
    CHECK(got == cases[k].status && strstr(tw_last_error(), cases[k].word) != NULL, "%s: status %d (%s)",
          cases[k].what, got, tw_last_error());
    int untouched = 1;
    for (size_t i = 0; i < sizeof dst; i++) untouched &= dst[i] == 0x5A;
    CHECK(untouched, "%s: dst written", cases[k].what);
  }
  CHECK(mx[1] == 1.0f && my[W] == 1.0f, "a failing remap wrote a map");
}

int main(void) {
  test_errors();
  test_empty();
  test_translation();
  test_values();
  test_simd_and_bands();
  test_prepared();
  test_handles();
  test_remap();
  return TEST_MAIN_RESULT();
}
