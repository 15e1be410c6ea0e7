/* flip and rotate90 (src/image/flip.h) natively under ASan/UBSan: every
 * direction and turn count against a pixel-by-pixel reference, SIMD against
 * scalar (the kernels only move bytes, so both must equal the reference) on
 * sizes around the vector widths, each buffer exactly sized on the heap so a
 * read or write past either end is caught; bad arguments write nothing. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/status.h"
#include "harness.h"
#include "image/flip.h"

static const int SIDES[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 70};
#define SIDE_COUNT (int)(sizeof SIDES / sizeof SIDES[0])

/* The source pixel (row, column) of output pixel (r, c): the rules of flip.h. */
static void source_of(int op, int w, int h, int r, int c, int* sr, int* sc) {
  switch (op) {
    case 1: *sr = r; *sc = w - 1 - c; break;             /* horizontal */
    case 2: *sr = h - 1 - r; *sc = c; break;             /* vertical */
    case 3: *sr = h - 1 - r; *sc = w - 1 - c; break;     /* both */
    case 10: *sr = r; *sc = c; break;                    /* 0 turns */
    case 11: *sr = c; *sc = w - 1 - r; break;            /* 1 turn */
    case 12: *sr = h - 1 - r; *sc = w - 1 - c; break;    /* 2 turns */
    default: *sr = h - 1 - c; *sc = r; break;            /* 3 turns */
  }
}

static int run(int op, const uint8_t* in, size_t bytes, uint8_t* out, int w, int h, int ch) {
  if (op < 10) return tw_image_flip(in, bytes, out, bytes, w, h, ch, op);
  /* turns: also with an equivalent count outside 0..3 */
  const int turns = op - 10 + 4 * harness_rand_int(-3, 3);
  return tw_image_rotate90(in, bytes, out, bytes, w, h, ch, turns, 0, (op % 2) ? w : h);
}

static void check_case(int op, int w, int h, int ch, int simd) {
  const size_t bytes = (size_t)w * h * ch;
  uint8_t* in = malloc(bytes);
  uint8_t* out = malloc(bytes);
  for (size_t i = 0; i < bytes; i++) in[i] = (uint8_t)harness_rand();
  memset(out, 0xa5, bytes);
  tw_set_simd(simd);
  const int status = run(op, in, bytes, out, w, h, ch);
  tw_set_simd(1);
  CHECK(status == TW_OK, "op %d %dx%dx%d: status %d (%s)", op, w, h, ch, status, tw_last_error());
  const int turned = op == 11 || op == 13;
  const int ow = turned ? h : w, oh = turned ? w : h;
  int bad = 0;
  for (int r = 0; r < oh && !bad; r++) {
    for (int c = 0; c < ow && !bad; c++) {
      int sr, sc;
      source_of(op, w, h, r, c, &sr, &sc);
      if (memcmp(out + ((size_t)r * ow + c) * ch, in + ((size_t)sr * w + sc) * ch, (size_t)ch) != 0) bad = 1;
      CHECK(!bad, "op %d %dx%dx%d simd %d: output pixel (%d, %d) is not input (%d, %d)", op, w, h, ch, simd, r, c, sr, sc);
    }
  }
  free(in);
  free(out);
}

static void test_every_size(void) {
  const int ops[] = {1, 2, 3, 10, 11, 12, 13};
  for (int o = 0; o < 7; o++)
    for (int ch = 1; ch <= 4; ch++)
      for (int a = 0; a < SIDE_COUNT; a++)
        for (int b = 0; b < SIDE_COUNT; b++)
          for (int simd = 0; simd <= 1; simd++) check_case(ops[o], SIDES[a], SIDES[b], ch, simd);
}

/* rotate90 in bands of output rows (random heights, each band its own exactly
 * sized block) equals the whole turn, byte for byte. */
static void check_bands(int turns, int w, int h, int ch, int simd) {
  const size_t bytes = (size_t)w * h * ch;
  const int out_w = turns % 2 ? h : w, out_h = turns % 2 ? w : h;
  const size_t out_row = (size_t)out_w * ch;
  uint8_t* in = malloc(bytes);
  uint8_t* whole = malloc(bytes);
  for (size_t i = 0; i < bytes; i++) in[i] = (uint8_t)harness_rand();
  tw_set_simd(simd);
  CHECK(tw_image_rotate90(in, bytes, whole, bytes, w, h, ch, turns, 0, out_h) == TW_OK, "whole turn");
  for (int r0 = 0; r0 < out_h;) {
    const int rows = harness_rand_int(1, out_h - r0);
    uint8_t* band = malloc((size_t)rows * out_row);
    const int status = tw_image_rotate90(in, bytes, band, (size_t)rows * out_row, w, h, ch, turns, r0, rows);
    CHECK(status == TW_OK, "band %d + %d: status %d (%s)", r0, rows, status, tw_last_error());
    CHECK(memcmp(band, whole + (size_t)r0 * out_row, (size_t)rows * out_row) == 0, "turns %d %dx%dx%d simd %d: band %d + %d differs",
          turns, w, h, ch, simd, r0, rows);
    free(band);
    r0 += rows;
  }
  tw_set_simd(1);
  free(in);
  free(whole);
}

static void test_bands(void) {
  for (int turns = 0; turns < 4; turns++)
    for (int ch = 1; ch <= 4; ch++)
      for (int a = 0; a < SIDE_COUNT; a++)
        for (int simd = 0; simd <= 1; simd++) check_bands(turns, SIDES[a], SIDES[(a * 5 + 3) % SIDE_COUNT], ch, simd);
}

static void test_bad_arguments(void) {
  uint8_t in[48] = {0}, out[48];
  memset(out, 7, sizeof out);
  CHECK(tw_image_flip(in, 48, out, 48, 4, 3, 4, 0) == TW_INVALID_ARGUMENT, "direction 0");
  CHECK(tw_image_flip(in, 48, out, 48, 4, 3, 4, 4) == TW_INVALID_ARGUMENT, "direction 4");
  CHECK(tw_image_flip(in, 48, out, 48, 4, 3, 5, 1) == TW_INVALID_ARGUMENT, "channels 5");
  CHECK(tw_image_flip(in, 48, out, 48, 4, 3, 0, 1) == TW_INVALID_ARGUMENT, "channels 0");
  CHECK(tw_image_flip(in, 48, out, 48, -4, -3, 4, 1) == TW_INVALID_ARGUMENT, "negative sizes");
  CHECK(tw_image_flip(in, 47, out, 48, 4, 3, 4, 1) == TW_INVALID_ARGUMENT, "in_bytes");
  CHECK(tw_image_rotate90(in, 48, out, 44, 4, 3, 4, 1, 0, 4) == TW_INVALID_ARGUMENT, "out_bytes");
  CHECK(tw_image_rotate90(in, 48, out, 36, 4, 3, 4, 1, 0, 4) == TW_INVALID_ARGUMENT, "out_bytes of a band");
  CHECK(tw_image_rotate90(in, 48, out, 12, 4, 3, 4, 1, 4, 1) == TW_INVALID_ARGUMENT, "a row past the end");
  CHECK(tw_image_rotate90(in, 48, out, 12, 4, 3, 4, 1, -1, 1) == TW_INVALID_ARGUMENT, "first_row -1");
  CHECK(tw_image_rotate90(in, 48, out, 0, 4, 3, 4, 1, 2, -1) == TW_INVALID_ARGUMENT, "rows -1");
  CHECK(tw_image_rotate90(in, 48, out, 48, 4, 3, 4, 1, 0x7fffffff, 4) == TW_INVALID_ARGUMENT, "first_row + rows overflows");
  CHECK(tw_image_rotate90(in, 12, in + 8, 12, 4, 3, 1, 1, 0, 4) == TW_INVALID_ARGUMENT, "overlap");
  CHECK(tw_image_rotate90(NULL, 48, out, 48, 4, 3, 4, 1, 0, 4) == TW_INVALID_ARGUMENT, "NULL");
  CHECK(tw_image_rotate90(in, (size_t)0, out, 0, 0x7fffffff, 0, 4, 1, 0, 0) == TW_OK, "empty");
  for (int i = 0; i < 48; i++) CHECK(out[i] == 7, "byte %d written", i);
}

int main(void) {
  test_every_size();
  test_bands();
  test_bad_arguments();
  return TEST_MAIN_RESULT();
}
