/* GridSample API contract: argument validation (every failure leaves y and
 * the guard bytes after it untouched and names the argument), empty tensors,
 * fill_value conversion, and hand-worked values from SEMANTICS.md §2 that pin
 * the project's decisions (PyTorch order for cubic+border and
 * nearest+reflection, half-to-even ties, NaN grids, integer truncation and
 * saturation, wrap). Every value case runs with the SIMD and the scalar
 * kernels. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/half.h"
#include "common/status.h"
#include "gridsample/gridsample.h"
#include "harness.h"

enum { LINEAR = TW_GRIDSAMPLE_MODE_LINEAR, NEAREST = TW_GRIDSAMPLE_MODE_NEAREST, CUBIC = TW_GRIDSAMPLE_MODE_CUBIC };
enum {
  ZEROS = TW_GRIDSAMPLE_PADDING_ZEROS,
  BORDER = TW_GRIDSAMPLE_PADDING_BORDER,
  REFLECTION = TW_GRIDSAMPLE_PADDING_REFLECTION,
  WRAP = TW_GRIDSAMPLE_PADDING_WRAP
};

/* ---- errors ---------------------------------------------------------------- */

/* A valid baseline call: x float32 (1, 2, 3, 4), grid float32 (1, 2, 5, 2). */
typedef struct call {
  int32_t x_dtype;
  const void* x;
  size_t x_bytes;
  int32_t rank;
  const int64_t* x_shape;
  int32_t grid_dtype;
  const void* grid;
  size_t grid_bytes;
  const int64_t* grid_shape;
  int32_t mode, padding, align;
  const void* fill; /* one x element, or NULL for zero */
  void* y;
  size_t y_bytes;
} call;

static float base_x[24];
static float base_grid[20];
static const int64_t base_x_shape[4] = {1, 2, 3, 4};
static const int64_t base_grid_shape[4] = {1, 2, 5, 2};
static unsigned char y_area[256 + 64] __attribute__((aligned(16)));

static call baseline(void) {
  call c = {TW_DTYPE_FLOAT32, base_x,  sizeof base_x, 2, base_x_shape, TW_DTYPE_FLOAT32, base_grid, sizeof base_grid,
            base_grid_shape,  LINEAR, ZEROS,          0, NULL,         y_area,           80};
  return c;
}

static int32_t run(const call* c) {
  return tw_gridsample(c->x_dtype, c->x, c->x_bytes, c->rank, c->x_shape, c->grid_dtype, c->grid, c->grid_bytes,
                       c->grid_shape, c->mode, c->padding, c->align, c->fill, c->y, c->y_bytes);
}

/* The call must fail with `status`, mention `word` in tw_last_error() and
 * leave every byte of y_area (y and the guard after it) as it was. */
static void expect_error(const char* what, const call* c, int32_t status, const char* word) {
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    memset(y_area, 0x5A, sizeof y_area);
    const int32_t got = run(c);
    CHECK(got == status, "%s: status %d, want %d (%s)", what, got, status, tw_last_error());
    CHECK(strstr(tw_last_error(), word) != NULL, "%s: message \"%s\" does not name \"%s\"", what, tw_last_error(),
          word);
    int untouched = 1;
    for (size_t i = 0; i < sizeof y_area; i++) untouched &= y_area[i] == 0x5A;
    CHECK(untouched, "%s: y written by a failing call", what);
  }
  tw_set_simd(1);
}

static void test_errors(void) {
  call c = baseline();
  memset(y_area, 0, sizeof y_area);
  CHECK(run(&c) == TW_OK, "baseline: %s", tw_last_error());

  c = baseline(); c.rank = 0; expect_error("rank 0", &c, TW_INVALID_ARGUMENT, "spatial_rank");
  c = baseline(); c.rank = -3; expect_error("rank -3", &c, TW_INVALID_ARGUMENT, "spatial_rank");
  c = baseline(); c.rank = TW_GRIDSAMPLE_MAX_RANK + 1; expect_error("rank 17", &c, TW_INVALID_ARGUMENT, "spatial_rank");
  c = baseline(); c.x_shape = NULL; expect_error("x_shape NULL", &c, TW_INVALID_ARGUMENT, "x_shape");
  c = baseline(); c.grid_shape = NULL; expect_error("grid_shape NULL", &c, TW_INVALID_ARGUMENT, "grid_shape");
  c = baseline(); c.x_dtype = 0; expect_error("x_dtype 0", &c, TW_INVALID_ARGUMENT, "x_dtype");
  c = baseline(); c.x_dtype = 99; expect_error("x_dtype 99", &c, TW_INVALID_ARGUMENT, "x_dtype");
  c = baseline(); c.x_dtype = TW_DTYPE_STRING; expect_error("x string", &c, TW_UNSUPPORTED, "x_dtype");
  c = baseline(); c.x_dtype = TW_DTYPE_FLOAT8E4M3FN; expect_error("x float8", &c, TW_UNSUPPORTED, "x_dtype");
  c = baseline(); c.grid_dtype = TW_DTYPE_INT32; expect_error("grid int32", &c, TW_UNSUPPORTED, "grid_dtype");
  c = baseline(); c.grid_dtype = -1; expect_error("grid -1", &c, TW_INVALID_ARGUMENT, "grid_dtype");
  c = baseline(); c.mode = 3; expect_error("mode 3", &c, TW_INVALID_ARGUMENT, "mode");
  c = baseline(); c.mode = -1; expect_error("mode -1", &c, TW_INVALID_ARGUMENT, "mode");
  c = baseline(); c.padding = 4; expect_error("padding 4", &c, TW_INVALID_ARGUMENT, "padding_mode");
  c = baseline(); c.align = 2; expect_error("align 2", &c, TW_INVALID_ARGUMENT, "align_corners");

  /* bool: nearest only; fill must be 0 or 1 */
  static const int64_t b_x_shape[4] = {1, 2, 3, 4};
  static unsigned char bool_x[24];
  c = baseline(); c.x_dtype = TW_DTYPE_BOOL; c.x = bool_x; c.x_bytes = 24; c.x_shape = b_x_shape; c.y_bytes = 20;
  expect_error("linear on bool", &c, TW_UNSUPPORTED, "bool");
  c.mode = CUBIC; expect_error("cubic on bool", &c, TW_UNSUPPORTED, "bool");
  static const unsigned char bool_two = 2, bool_one = 1;
  c.mode = NEAREST; c.fill = &bool_two; expect_error("bool fill 2", &c, TW_INVALID_ARGUMENT, "fill_value");
  c.fill = &bool_one; memset(y_area, 0, sizeof y_area);
  CHECK(run(&c) == TW_OK, "nearest on bool: %s", tw_last_error());

  /* fill_value is one element's bytes, not a number to convert (the caller
   * converts, once); natively the heap check rejects only a wrapping range */
  c = baseline(); c.fill = (const void*)(uintptr_t)UINTPTR_MAX;
  expect_error("fill past the address space", &c, TW_INVALID_ARGUMENT, "fill_value");

  /* shapes */
  int64_t xs[4], gs[4];
  memcpy(xs, base_x_shape, sizeof xs); memcpy(gs, base_grid_shape, sizeof gs);
  c = baseline(); c.x_shape = xs; c.grid_shape = gs;
  xs[2] = -3; expect_error("negative x dim", &c, TW_INVALID_ARGUMENT, "x_shape[2]");
  xs[2] = 3; gs[1] = -1; expect_error("negative grid dim", &c, TW_INVALID_ARGUMENT, "grid_shape[1]");
  gs[1] = 2; gs[0] = 2; expect_error("batch mismatch", &c, TW_INVALID_ARGUMENT, "grid_shape[0]");
  gs[0] = 1; gs[3] = 3; expect_error("grid last dim", &c, TW_INVALID_ARGUMENT, "grid_shape[3]");
  gs[3] = 2;
  c = baseline(); c.x_bytes -= 1; expect_error("x_bytes short", &c, TW_INVALID_ARGUMENT, "x_bytes");
  c = baseline(); c.x_bytes += 4; expect_error("x_bytes long", &c, TW_INVALID_ARGUMENT, "x_bytes");
  c = baseline(); c.grid_bytes -= 4; expect_error("grid_bytes", &c, TW_INVALID_ARGUMENT, "grid_bytes");
  c = baseline(); c.y_bytes = 84; expect_error("y_bytes", &c, TW_INVALID_ARGUMENT, "y_bytes");
  c = baseline(); c.grid_dtype = TW_DTYPE_FLOAT64; expect_error("grid dtype vs bytes", &c, TW_INVALID_ARGUMENT, "grid_bytes");
  {
    static const int64_t huge_x[4] = {1, 1, INT64_MAX / 2, 4};
    c = baseline(); c.x_shape = huge_x; expect_error("overflow", &c, TW_INVALID_ARGUMENT, "overflow");
  }

  /* pointers */
  c = baseline(); c.x = NULL; expect_error("x NULL", &c, TW_INVALID_ARGUMENT, "x:");
  c = baseline(); c.grid = NULL; expect_error("grid NULL", &c, TW_INVALID_ARGUMENT, "grid:");
  c = baseline(); c.y = NULL; expect_error("y NULL", &c, TW_INVALID_ARGUMENT, "y:");
  c = baseline(); c.x = (const unsigned char*)base_x + 1; c.x_bytes = sizeof base_x;
  {
    /* a misaligned pointer inside a big enough buffer */
    static float big[32];
    c.x = (const unsigned char*)big + 2;
    expect_error("x misaligned", &c, TW_INVALID_ARGUMENT, "aligned");
  }
  c = baseline(); c.y = y_area + 2; expect_error("y misaligned", &c, TW_INVALID_ARGUMENT, "aligned");
  {
    /* y overlapping x or grid: regions of one buffer */
    static float shared[64];
    c = baseline(); c.x = shared; c.y = shared + 10; c.y_bytes = 80;
    CHECK(run(&c) == TW_INVALID_ARGUMENT && strstr(tw_last_error(), "overlaps x"), "y overlapping x: %s", tw_last_error());
    c = baseline(); c.x = shared + 40; c.x_bytes = 96; c.grid = shared; c.y = shared + 19; c.y_bytes = 80;
    CHECK(run(&c) == TW_INVALID_ARGUMENT && strstr(tw_last_error(), "overlaps grid"), "y overlapping grid: %s",
          tw_last_error());
    c = baseline(); c.x = shared; c.grid = shared + 4; c.y = shared + 40; c.y_bytes = 80; /* x and grid may overlap */
    CHECK(run(&c) == TW_OK, "x overlapping grid is fine: %s", tw_last_error());
  }

  /* limits */
  {
    static const int64_t x7[9] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
    static const int64_t g7[9] = {1, 1, 1, 1, 1, 1, 1, 1, 7};
    static float xv[2], gv[7];
    c = baseline(); c.rank = 7; c.x = xv; c.x_bytes = 8; c.x_shape = x7; c.grid = gv; c.grid_bytes = 28;
    c.grid_shape = g7; c.mode = CUBIC; c.y_bytes = 4;
    expect_error("cubic rank 7", &c, TW_UNSUPPORTED, "taps");
    c.mode = LINEAR; memset(y_area, 0, sizeof y_area);
    CHECK(run(&c) == TW_OK, "linear rank 7: %s", tw_last_error());
  }
  if (sizeof(size_t) >= 8) {
    /* > 2^31 - 1 elements per plane: refused before x is read */
    static const int64_t xl[3] = {1, 1, (int64_t)1 << 31};
    static const int64_t gl[3] = {1, 1, 1};
    static unsigned char tiny[1];
    c = baseline(); c.x_dtype = TW_DTYPE_UINT8; c.rank = 1; c.x = tiny; c.x_bytes = (size_t)1 << 31;
    c.x_shape = xl; c.grid_shape = gl; c.grid_bytes = 4; c.y_bytes = 1;
    expect_error("plane limit", &c, TW_UNSUPPORTED, "plane");
  }

  /* an empty spatial axis: only zeros can fill the output */
  {
    static const int64_t x0[4] = {1, 2, 0, 4};
    c = baseline(); c.x_shape = x0; c.x_bytes = 0; c.x = NULL;
    c.padding = BORDER; expect_error("empty axis border", &c, TW_INVALID_ARGUMENT, "length 0");
    c.padding = REFLECTION; expect_error("empty axis reflection", &c, TW_INVALID_ARGUMENT, "length 0");
    c.padding = WRAP; expect_error("empty axis wrap", &c, TW_INVALID_ARGUMENT, "length 0");
  }
}

/* ---- empty tensors ------------------------------------------------------------ */

static void test_empty(void) {
  /* no output elements: OK and nothing written, NULL pointers allowed */
  static const int64_t xs[4] = {1, 2, 3, 4}, gs[4] = {1, 0, 5, 2};
  memset(y_area, 0x5A, sizeof y_area);
  CHECK(tw_gridsample(TW_DTYPE_FLOAT32, base_x, sizeof base_x, 2, xs, TW_DTYPE_FLOAT32, NULL, 0, gs, CUBIC,
                      REFLECTION, 1, 0, y_area, 0) == TW_OK, "empty grid: %s", tw_last_error());
  static const int64_t xn[4] = {0, 2, 3, 4}, gn[4] = {0, 2, 5, 2};
  CHECK(tw_gridsample(TW_DTYPE_FLOAT32, NULL, 0, 2, xn, TW_DTYPE_FLOAT32, NULL, 0, gn, LINEAR, BORDER, 0, 0, NULL,
                      0) == TW_OK, "N = 0: %s", tw_last_error());
  static const int64_t xc[4] = {1, 0, 3, 4};
  CHECK(tw_gridsample(TW_DTYPE_FLOAT32, NULL, 0, 2, xc, TW_DTYPE_FLOAT32, base_grid, sizeof base_grid,
                      base_grid_shape, NEAREST, WRAP, 0, 0, y_area, 0) == TW_OK, "C = 0: %s", tw_last_error());
  int untouched = 1;
  for (size_t i = 0; i < sizeof y_area; i++) untouched &= y_area[i] == 0x5A;
  CHECK(untouched, "an empty output was written");

  /* an empty spatial axis with zeros padding: every output is the fill */
  static const int64_t x0[4] = {1, 2, 3, 0};
  static const float one_and_a_half = 1.5f;
  for (int mode = 0; mode < 3; mode++) {
    memset(y_area, 0x5A, sizeof y_area);
    CHECK(tw_gridsample(TW_DTYPE_FLOAT32, NULL, 0, 2, x0, TW_DTYPE_FLOAT32, base_grid, sizeof base_grid,
                        base_grid_shape, mode, ZEROS, 0, &one_and_a_half, y_area, 80) == TW_OK, "empty axis: %s",
          tw_last_error());
    const float* y = (const float*)(void*)y_area;
    int all = 1;
    for (int i = 0; i < 20; i++) all &= y[i] == 1.5f;
    CHECK(all, "empty axis, mode %d: not all fill", mode);
    CHECK(y_area[80] == 0x5A, "empty axis: guard written");
  }
  static const int64_t xi[3] = {1, 3, 0}, gi[3] = {1, 4, 1};
  static const float g4[4] = {0, 0, 0, 0};
  int8_t yi[12];
  static const int8_t minus_128 = -128;
  CHECK(tw_gridsample(TW_DTYPE_INT8, NULL, 0, 1, xi, TW_DTYPE_FLOAT32, g4, 16, gi, LINEAR, ZEROS, 0, &minus_128, yi,
                      12) == TW_OK, "empty axis int8: %s", tw_last_error());
  CHECK(yi[0] == -128 && yi[11] == -128, "empty axis int8 fill: %d", yi[0]);
}

/* ---- values ----------------------------------------------------------------- */

/* 1-D float32 helper: x (L), grid of n coordinates, result into y. */
static void run_1d(int mode, int pad, int align, double fill, const float* x, int64_t L, const float* g, int64_t n,
                   float* y) {
  const int64_t xs[3] = {1, 1, L}, gs[3] = {1, n, 1};
  const float fill_f32 = (float)fill;
  const int32_t st = tw_gridsample(TW_DTYPE_FLOAT32, x, (size_t)L * 4, 1, xs, TW_DTYPE_FLOAT32, g, (size_t)n * 4, gs,
                                   mode, pad, align, &fill_f32, y, (size_t)n * 4);
  CHECK(st == TW_OK, "run_1d: %s", tw_last_error());
}

static void expect_1d(const char* what, int mode, int pad, int align, double fill, const float* x, int64_t L,
                      const float* g, const float* want, int64_t n, double tol) {
  for (int simd = 0; simd < 2; simd++) {
    tw_set_simd(simd);
    float y[16];
    run_1d(mode, pad, align, fill, x, L, g, n, y);
    for (int64_t i = 0; i < n; i++) {
      const int ok = isnan(want[i]) ? isnan(y[i]) : fabs((double)y[i] - (double)want[i]) <= tol;
      CHECK(ok, "%s [%lld] (simd %d): got %.9g, want %.9g", what, (long long)i, simd, y[i], want[i]);
    }
  }
  tw_set_simd(1);
}

static void test_values(void) {
  static const float x4[4] = {10, 20, 30, 40};

  /* SEMANTICS 2.5 ties, W = 4, align 0, zeros: x = 1.5 -> 2, -0.5 -> -0 -> 0, 3.5 -> 4 (out) */
  {
    const float g[3] = {0, -1, 1}, want[3] = {30, 10, 0};
    expect_1d("nearest ties", NEAREST, ZEROS, 0, 0, x4, 4, g, want, 3, 0);
  }
  /* SEMANTICS 2.8 (2): nearest + reflection folds before rounding (PyTorch) */
  {
    const float g[3] = {-1.5f, 1.5f, 2.0f}, want[3] = {10, 30, 30};
    expect_1d("nearest reflection order", NEAREST, REFLECTION, 0, 0, x4, 4, g, want, 3, 0);
  }
  /* nearest + border clamps first: x = -0.7 -> 0 (not rint(-0.7) = -1 -> 0 either way), x = 3.6 -> 3 */
  {
    const float g[2] = {-1.1f, 1.05f}, want[2] = {10, 40};
    expect_1d("nearest border", NEAREST, BORDER, 0, 0, x4, 4, g, want, 2, 0);
  }
  /* SEMANTICS 2.3 fold example: align 1, L = 3, g = -3.5 -> x = -2.5 -> 1.5; linear gives 15 */
  {
    const float x3[3] = {0, 10, 20}, g[1] = {-3.5f}, want[1] = {15};
    expect_1d("fold example", LINEAR, REFLECTION, 1, 0, x3, 3, g, want, 1, 1e-5);
  }
  /* Keys weights at t = 0.5: -0.09375, 0.59375, 0.59375, -0.09375 (x = 3.5 on L = 8, align 0: g = 0) */
  {
    const float g[1] = {0};
    float e[8] = {0};
    for (int k = 2; k <= 5; k++) {
      memset(e, 0, sizeof e);
      e[k] = 1;
      const float want[1] = {k == 2 || k == 5 ? -0.09375f : 0.59375f};
      expect_1d("cubic weights", CUBIC, ZEROS, 0, 0, e, 8, g, want, 1, 1e-7);
    }
  }
  /* wrap: L = 4; nearest x = 4.2 -> 4 -> 0, x = -1 -> 3; linear x = 3.5 -> (x[3] + x[0]) / 2; cubic periodic */
  {
    const float g[2] = {(2 * 4.2f + 1) / 4 - 1, (2 * -1.0f + 1) / 4 - 1}, want[2] = {10, 40};
    expect_1d("nearest wrap", NEAREST, WRAP, 0, 0, x4, 4, g, want, 2, 0);
    const float gl[1] = {1}, wl[1] = {25};
    expect_1d("linear wrap", LINEAR, WRAP, 0, 0, x4, 4, gl, wl, 1, 1e-5);
    /* x = 3.5: taps 2, 3, 0, 1 -> -0.09375*30 + 0.59375*40 + 0.59375*10 - 0.09375*20 */
    const float wc[1] = {-0.09375f * 30 + 0.59375f * 40 + 0.59375f * 10 - 0.09375f * 20};
    expect_1d("cubic wrap", CUBIC, WRAP, 0, 0, x4, 4, gl, wc, 1, 1e-5);
  }
  /* SEMANTICS 2.7 decision: non-finite coordinates */
  {
    const float g[3] = {NAN, INFINITY, -INFINITY};
    const float fill3[3] = {7, 7, 7}, first[3] = {10, 10, 10};
    for (int mode = 0; mode < 3; mode++) {
      expect_1d("NaN grid zeros", mode, ZEROS, 0, 7, x4, 4, g, fill3, 3, 1e-6);
      expect_1d("NaN grid border", mode, BORDER, 0, 7, x4, 4, g, first, 3, 1e-6);
      expect_1d("NaN grid reflection", mode, REFLECTION, 1, 7, x4, 4, g, first, 3, 1e-6);
      expect_1d("NaN grid wrap", mode, WRAP, 0, 7, x4, 4, g, first, 3, 1e-6);
    }
  }
  /* zeros never reads outside: an Inf next to the border does not leak into a tap that is out of bounds */
  {
    const float xi[4] = {INFINITY, 1, 2, NAN};
    const float g[2] = {-1.5f, 1.75f}, want[2] = {0, 0}; /* x = -1.5 and 3.5+: all linear taps outside */
    expect_1d("OOB taps do not read x", LINEAR, ZEROS, 0, 0, xi, 4, g, want, 2, 0);
  }

  /* SEMANTICS 2.8 (1): cubic + border per tap (PyTorch): X = arange(16) 4x4, align 0, grid (-1.2, 0) -> 5.99325 */
  {
    float x16[16];
    for (int i = 0; i < 16; i++) x16[i] = (float)i;
    const float g[2] = {-1.2f, 0};
    const int64_t xs[4] = {1, 1, 4, 4}, gs[4] = {1, 1, 1, 2};
    for (int simd = 0; simd < 2; simd++) {
      tw_set_simd(simd);
      float y = 0;
      CHECK(tw_gridsample(TW_DTYPE_FLOAT32, x16, 64, 2, xs, TW_DTYPE_FLOAT32, g, 8, gs, CUBIC, BORDER, 0, 0, &y, 4) ==
            TW_OK, "cubic border: %s", tw_last_error());
      CHECK(fabs(y - 5.99325) < 1e-5, "cubic border per tap: got %.7g, want 5.99325", y);
    }
    tw_set_simd(1);
  }

  /* integers: float64 sum, truncation toward zero, saturation */
  {
    const int64_t xs[3] = {1, 1, 4}, gs[3] = {1, 3, 1};
    const float g[3] = {-0.5f, 0, 0.5f}; /* align 0, L = 4: x = 0.5, 1.5, 2.5 */
    const int8_t xi[4] = {100, 127, -100, -127};
    int8_t yi[3];
    CHECK(tw_gridsample(TW_DTYPE_INT8, xi, 4, 1, xs, TW_DTYPE_FLOAT32, g, 12, gs, LINEAR, ZEROS, 0, 0, yi, 3) == TW_OK,
          "int8: %s", tw_last_error());
    CHECK(yi[0] == 113 && yi[1] == 13 && yi[2] == -113, "int8 linear truncates toward zero: %d %d %d", yi[0], yi[1],
          yi[2]);
    const uint8_t xu[4] = {0, 255, 255, 0};
    uint8_t yu[3];
    CHECK(tw_gridsample(TW_DTYPE_UINT8, xu, 4, 1, xs, TW_DTYPE_FLOAT32, g, 12, gs, CUBIC, ZEROS, 0, 0, yu, 3) == TW_OK,
          "uint8: %s", tw_last_error());
    CHECK(yu[1] == 255, "uint8 cubic overshoot saturates: %d", yu[1]);
    const uint8_t xv[4] = {255, 0, 0, 255};
    CHECK(tw_gridsample(TW_DTYPE_UINT8, xv, 4, 1, xs, TW_DTYPE_FLOAT32, g, 12, gs, CUBIC, ZEROS, 0, 0, yu, 3) == TW_OK,
          "uint8: %s", tw_last_error());
    CHECK(yu[1] == 0, "uint8 cubic undershoot saturates: %d", yu[1]);
  }

  /* fill_value bytes are copied as they are, for every type and size (the
   * conversion from a number is the caller's), read back through nearest with
   * every tap outside; bool takes only 0 and 1 */
  {
    const int64_t xs[3] = {1, 1, 2}, gs[3] = {1, 1, 1};
    const float g[1] = {5};
    unsigned char x[32] __attribute__((aligned(16))) = {0}, y[16] __attribute__((aligned(16)));
    static const int32_t types[] = {TW_DTYPE_INT8,    TW_DTYPE_UINT16,  TW_DTYPE_INT32,     TW_DTYPE_UINT64,
                                    TW_DTYPE_FLOAT16, TW_DTYPE_FLOAT64, TW_DTYPE_COMPLEX64, TW_DTYPE_COMPLEX128};
    static const unsigned char pattern[16] = {0x81, 0x7f, 0xc3, 0xff, 0x01, 0xfe, 0x55, 0xaa,
                                              0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
      const size_t es = tw_dtype_bits(types[t]) / 8;
      memset(y, 0, sizeof y);
      CHECK(tw_gridsample(types[t], x, 2 * es, 1, xs, TW_DTYPE_FLOAT32, g, 4, gs, NEAREST, ZEROS, 0, pattern, y, es) ==
            TW_OK, "fill bytes, type %d: %s", (int)types[t], tw_last_error());
      CHECK(memcmp(y, pattern, es) == 0, "fill bytes, type %d: not copied as given", (int)types[t]);
    }
    CHECK(tw_gridsample(TW_DTYPE_BOOL, x, 2, 1, xs, TW_DTYPE_FLOAT32, g, 4, gs, NEAREST, ZEROS, 0, pattern, y, 1) ==
          TW_INVALID_ARGUMENT, "bool fill 0x81 accepted");
    memset(y, 0x5A, sizeof y);
    CHECK(tw_gridsample(TW_DTYPE_FLOAT32, x, 8, 1, xs, TW_DTYPE_FLOAT32, g, 4, gs, LINEAR, ZEROS, 0, NULL, y, 4) ==
          TW_OK, "NULL fill: %s", tw_last_error());
    CHECK(y[0] == 0 && y[1] == 0 && y[2] == 0 && y[3] == 0, "NULL fill is not zero");
  }

  /* complex: the two components are interpolated independently */
  {
    const int64_t xs[3] = {1, 1, 2}, gs[3] = {1, 1, 1};
    const float g[1] = {0}; /* align 0, L = 2: x = 0.5 */
    const double xc[4] = {1, -2, 3, 6};
    double yc[2];
    CHECK(tw_gridsample(TW_DTYPE_COMPLEX128, xc, 32, 1, xs, TW_DTYPE_FLOAT32, g, 4, gs, LINEAR, ZEROS, 0, 0, yc, 16) ==
          TW_OK, "complex128: %s", tw_last_error());
    CHECK(yc[0] == 2 && yc[1] == 2, "complex128 linear: %g %g", yc[0], yc[1]);
  }

  /* bool nearest is a copy */
  {
    const int64_t xs[3] = {1, 1, 4}, gs[3] = {1, 4, 1};
    const float g[4] = {-0.75f, -0.25f, 0.25f, 0.75f};
    const unsigned char xb[4] = {1, 0, 0, 1};
    unsigned char yb[4];
    CHECK(tw_gridsample(TW_DTYPE_BOOL, xb, 4, 1, xs, TW_DTYPE_FLOAT32, g, 16, gs, NEAREST, BORDER, 0, 0, yb, 4) ==
          TW_OK, "bool: %s", tw_last_error());
    CHECK(!memcmp(xb, yb, 4), "bool nearest copies");
  }
}

/* An axis longer than the SIMD plan's limit (2^20) goes through the scalar
 * plan with the SIMD blend; check values and SIMD == scalar there. */
static void test_long_axis(void) {
  const int64_t L = ((int64_t)1 << 20) + 3;
  float* x = malloc((size_t)L * 4);
  for (int64_t i = 0; i < L; i++) x[i] = (float)i;
  const int64_t xs[4] = {1, 1, 1, L}, gs[4] = {1, 1, 6, 2};
  /* align 0: x = ((g + 1) L - 1) / 2; targets in pixel units (computed in double, rounded to float) */
  const double targets[6] = {0.25, 1000.5, (double)L - 1.75, (double)L - 1, 524288.75, 3.0};
  float g[12];
  for (int i = 0; i < 6; i++) {
    g[2 * i] = (float)((2 * targets[i] + 1) / (double)L - 1);
    g[2 * i + 1] = 0; /* the single row */
  }
  for (int mode = 0; mode < 3; mode++) {
    float y[2][6];
    for (int simd = 0; simd < 2; simd++) {
      tw_set_simd(simd);
      CHECK(tw_gridsample(TW_DTYPE_FLOAT32, x, (size_t)L * 4, 2, xs, TW_DTYPE_FLOAT32, g, sizeof g, gs, mode, BORDER, 0,
                          0, y[simd], sizeof y[simd]) == TW_OK, "long axis: %s", tw_last_error());
    }
    CHECK(!memcmp(y[0], y[1], sizeof y[0]), "long axis mode %d: SIMD != scalar", mode);
    for (int i = 0; i < 6; i++) {
      /* float32 coordinates near 1e6 are only ~0.06 apart, and x is linear in the index, so interpolation is the
       * identity up to that rounding; nearest lands within 0.5 */
      const double want = targets[i] > (double)(L - 1) ? (double)(L - 1) : targets[i];
      CHECK(fabs(y[0][i] - want) <= (mode == NEAREST ? 0.56 : 0.07), "long axis mode %d [%d]: got %.3f want %.3f",
            mode, i, y[0][i], want);
    }
  }
  tw_set_simd(1);
  free(x);
}

int main(void) {
  for (size_t i = 0; i < 24; i++) base_x[i] = (float)i;
  for (size_t i = 0; i < 20; i++) base_grid[i] = (float)i / 10 - 1;
  test_errors();
  test_empty();
  test_values();
  test_long_axis();
  return TEST_MAIN_RESULT();
}
