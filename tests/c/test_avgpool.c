/* Native tests of the AveragePool C layer (ASan/UBSan, SIMD through SIMDe):
 *  1. every micro-kernel variant against the scalar reference, bit for bit,
 *     sizes around the vector width, inputs allocated to their exact length
 *     (so an over-read is an ASan error) and canary bytes after outputs;
 *  2. the corners of SEMANTICS §3.2-3.4, pinned with exact expected values;
 *  3. randomised differential tests of tw_avgpool against a direct
 *     double-precision reference written from SEMANTICS §3 (below), every
 *     attribute combination, 1-D to 4-D, all five dtypes, SIMD and scalar
 *     paths compared bit for bit;
 *  4. precision on large tensors, exactness on integer data, Inf/NaN and
 *     large dynamic range;
 *  5. error cases: status, a message naming the argument, y untouched. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "avgpool/avgpool-kernels.h"
#include "avgpool/avgpool.h"
#include "common/config.h"
#include "common/dtype.h"
#include "common/half.h"
#include "common/status.h"
#include "harness.h"

#define GUARD 64
#define CANARY 0xA5

static double rand01(void) { return (double)(harness_rand() >> 11) * 0x1p-53; }

/* ---- reference, straight from SEMANTICS §3 ------------------------------ */

typedef struct ref_axis {
  int64_t L, k, s, d, pb, pe, out;
} ref_axis;

static int64_t ref_floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}
static int64_t ref_ceil_div(int64_t a, int64_t b) { return -ref_floor_div(-a, b); }

/* §3.2. Returns 0 when some output length would be < 1 (invalid), except
 * SAME on an empty axis, whose length 0 is legal. */
static int ref_geometry(int r, const int64_t* x_shape, const int64_t* kernel, const int64_t* strides,
                        const int64_t* pads, const int64_t* dilations, int ceil_mode, int auto_pad, ref_axis* ax) {
  for (int i = 0; i < r; i++) {
    ref_axis a = {.L = x_shape[2 + i], .k = kernel[i], .s = strides[i], .d = dilations[i]};
    const int64_t K = (a.k - 1) * a.d + 1;
    if (auto_pad == TW_AVGPOOL_AUTO_PAD_NOTSET) {
      a.pb = pads[i];
      a.pe = pads[r + i];
      /* an effective kernel larger than the padded input is an error (the
       * ceil formula alone would still give 1 when it is larger by < s) */
      if (K > a.L + a.pb + a.pe) return 0;
      if (ceil_mode) {
        a.out = ref_ceil_div(a.L + a.pb + a.pe - K, a.s) + 1;
        if ((a.out - 1) * a.s >= a.L + a.pb) a.out--;
      } else {
        a.out = ref_floor_div(a.L + a.pb + a.pe - K, a.s) + 1;
      }
    } else if (auto_pad == TW_AVGPOOL_AUTO_PAD_VALID) {
      a.out = ref_floor_div(a.L - K, a.s) + 1;
    } else {
      a.out = ref_ceil_div(a.L, a.s);
      int64_t P = (a.out - 1) * a.s + K - a.L;
      if (P < 0) P = 0;
      a.pb = auto_pad == TW_AVGPOOL_AUTO_PAD_SAME_UPPER ? ref_floor_div(P, 2) : ref_ceil_div(P, 2);
      a.pe = P - a.pb;
      if (a.L == 0) a.out = a.out < 0 ? 0 : a.out;
    }
    if (a.out < 1 && !(auto_pad != TW_AVGPOOL_AUTO_PAD_NOTSET && auto_pad != TW_AVGPOOL_AUTO_PAD_VALID && a.L == 0))
      return 0;
    ax[i] = a;
  }
  return 1;
}

/* §3.3: for every output element, the sum over the product of data taps and
 * the divisor D (product over axes of #data taps, or of #data + #pad taps). */
static void ref_pool(int r, const ref_axis* ax, int64_t planes, const double* x, int cip, double* sums,
                     int64_t* divisors) {
  int64_t in_plane = 1, out_plane = 1;
  for (int a = 0; a < r; a++) in_plane *= ax[a].L, out_plane *= ax[a].out;
  for (int64_t p = 0; p < planes; p++) {
    for (int64_t flat = 0; flat < out_plane; flat++) {
      int64_t o[8], rem = flat;
      for (int a = r - 1; a >= 0; a--) o[a] = rem % ax[a].out, rem /= ax[a].out;
      int64_t data[8][72], n_data[8], divisor = 1; /* k <= 72 in these tests */
      for (int a = 0; a < r; a++) {
        int64_t counted = 0;
        n_data[a] = 0;
        for (int64_t j = 0; j < ax[a].k; j++) {
          const int64_t t = o[a] * ax[a].s - ax[a].pb + j * ax[a].d;
          if (t >= 0 && t < ax[a].L) data[a][n_data[a]++] = t;
          if (t >= -ax[a].pb && t < ax[a].L + ax[a].pe) counted++; /* data or pad tap; overhang excluded */
        }
        divisor *= cip ? counted : n_data[a];
      }
      double sum = 0;
      int64_t j[8] = {0};
      int any = 1;
      for (int a = 0; a < r; a++) any &= n_data[a] > 0;
      while (any) {
        int64_t index = 0;
        for (int a = 0; a < r; a++) index = index * ax[a].L + data[a][j[a]];
        sum += x[p * in_plane + index];
        int a = r - 1;
        while (a >= 0 && ++j[a] == n_data[a]) j[a--] = 0;
        if (a < 0) break;
      }
      sums[p * out_plane + flat] = sum;
      divisors[p * out_plane + flat] = divisor;
    }
  }
}

/* ---- 1. micro-kernels ----------------------------------------------------- */

static const size_t widths[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Exactly `count` elements, so ASan reports any read past the last one. */
static void* exact_buffer(size_t count, size_t size) {
  void* p = malloc(count ? count * size : 1);
  double* d = p;
  float* f = p;
  for (size_t i = 0; i < count; i++) {
    if (size == 8) d[i] = rand01();
    else f[i] = (float)rand01();
  }
  return p;
}

static int guard_intact(const uint8_t* guard) {
  for (size_t i = 0; i < GUARD; i++)
    if (guard[i] != CANARY) return 0;
  return 1;
}

/* Rows of the variant tables, generated from avgpool.inc (one table per
 * type: the X-macro row expands only for its own type). The scalar variant
 * comes first and is checked against the definition; every other variant
 * against the scalar one, bit for bit. */
#define MAX_VARIANTS 4
#define VARIANT_ROW_f32(type, ctype, isa) VARIANT_ROW_f32_##type(isa)
#define VARIANT_ROW_f64(type, ctype, isa) VARIANT_ROW_f64_##type(isa)
#define VARIANT_ROW_f32_f64(isa)
#define VARIANT_ROW_f64_f32(isa)
#define VARIANT_ROW_f32_f32(isa) VARIANT_ROW(f32, isa)
#define VARIANT_ROW_f64_f64(isa) VARIANT_ROW(f64, isa)
#define VARIANT_ROW(type, isa)                                                                                  \
  {#isa,                                                                                                        \
   tw_avgpool_##type##_vsum__##isa,                                                                             \
   tw_avgpool_##type##_vblock__##isa,                                                                           \
   tw_avgpool_##type##_hsum_s1__##isa,                                                                          \
   tw_avgpool_##type##_hsum_s2__##isa,                                                                          \
   tw_avgpool_##type##_hsum__##isa,                                                                             \
   tw_avgpool_##type##_hsum_split__##isa},

#define KERNEL_TESTS(type, ctype)                                                                                  \
  static void test_kernels_##type(void) {                                                                          \
    typedef struct {                                                                                                 \
      const char* isa;                                                                                               \
      tw_avgpool_##type##_vsum_fn vsum;                                                                              \
      tw_avgpool_##type##_vblock_fn vblock;                                                                          \
      tw_avgpool_##type##_hsum_fn hsum_s1, hsum_s2, hsum;                                                           \
      tw_avgpool_##type##_hsum_split_fn hsum_split;                                                                  \
    } variant;                                                                                                       \
    static const variant v[] = {TW_AVGPOOL_KERNELS(VARIANT_ROW_##type)};                                             \
    const size_t nv = COUNT(v);                                                                                      \
    CHECK(strcmp(v[0].isa, "scalar") == 0 && nv <= MAX_VARIANTS, "avgpool.inc: scalar first, at most 4 per type"); \
    const size_t z = sizeof(ctype);                                                                                  \
    for (size_t wi = 0; wi < COUNT(widths); wi++) {                                                                  \
      const size_t w = widths[wi];                                                                                   \
      ctype out[MAX_VARIANTS][65 * 2 + GUARD];                                                                                  \
      /* vsum: n rows `step` apart */                                                                                \
      for (size_t n = 1; n <= 7; n++) {                                                                              \
        const size_t step = w + (size_t)harness_rand_int(0, 3);                                                      \
        const size_t len = n == 0 ? 0 : (n - 1) * step + w;                                                          \
        ctype* x = exact_buffer(len, z);                                                                             \
        for (size_t vi = 0; vi < nv; vi++) {                                                                             \
          memset(out[vi], CANARY, sizeof out[vi]);                                                                   \
          v[vi].vsum(w, n, x, step, out[vi]);                                                                        \
          CHECK(guard_intact((uint8_t*)(out[vi] + w)), #type " vsum %s w %zu n %zu: wrote past y", v[vi].isa, w, n); \
        }                                                                                                            \
        int ok = 1;                                                                                                  \
        for (size_t i = 0; i < w; i++) {                                                                             \
          ctype e = x[i];                                                                                            \
          for (size_t j = 1; j < n; j++) e += x[j * step + i];                                                       \
          ok &= memcmp(&e, &out[0][i], z) == 0;                                                                      \
        }                                                                                                            \
        CHECK(ok, #type " vsum scalar w %zu n %zu differs from the definition", w, n);                              \
        for (size_t vi = 1; vi < nv; vi++)                                                                           \
          CHECK(memcmp(out[0], out[vi], w * z) == 0, #type " vsum %s != scalar w %zu n %zu", v[vi].isa, w, n);       \
        free(x);                                                                                                     \
      }                                                                                                              \
      /* vblock: count windows of k rows, rows `step` apart, outputs `y_step` apart */                              \
      for (size_t k = 1; k <= 12; k++)                                                                               \
        for (size_t count = 1; count <= k; count++) {                                                                \
          ctype tmp[65];                                                                                             \
          const size_t step = w + (size_t)harness_rand_int(0, 2), y_step = w + (size_t)harness_rand_int(0, 2);       \
          const size_t len = (k + count - 2) * step + w, y_len = (count - 1) * y_step + w;                           \
          ctype* x = exact_buffer(len, z);                                                                           \
          ctype* yv[MAX_VARIANTS];                                                                                              \
          for (size_t vi = 0; vi < nv; vi++) {                                                                           \
            yv[vi] = malloc(y_len * z + GUARD);                                                                      \
            memset(yv[vi], CANARY, y_len * z + GUARD);                                                               \
            v[vi].vblock(w, k, count, x, step, yv[vi], y_step, tmp);                                                 \
            CHECK(guard_intact((uint8_t*)(yv[vi] + y_len)), #type " vblock %s: wrote past y", v[vi].isa);            \
          }                                                                                                          \
          int ok = 1, same = 1;                                                                                      \
          for (size_t c = 0; c < count; c++)                                                                         \
            for (size_t i = 0; i < w; i++) {                                                                         \
              ctype suffix = x[(k - 1) * step + i];                                                                  \
              for (size_t j = k - 1; j-- > c;) suffix += x[j * step + i];                                            \
              ctype e = suffix;                                                                                      \
              if (c > 0) {                                                                                           \
                ctype prefix = x[k * step + i];                                                                      \
                for (size_t j = 1; j < c; j++) prefix += x[(k + j) * step + i];                                      \
                e = suffix + prefix;                                                                                 \
              }                                                                                                      \
              ok &= memcmp(&e, &yv[0][c * y_step + i], z) == 0;                                                      \
              for (size_t vi = 1; vi < nv; vi++) same &= memcmp(&yv[0][c * y_step + i], &yv[vi][c * y_step + i], z) == 0; \
            }                                                                                                        \
          CHECK(ok, #type " vblock scalar w %zu k %zu count %zu differs from the definition", w, k, count);          \
          CHECK(same, #type " vblock variant != scalar w %zu k %zu count %zu", w, k, count);                         \
          free(x);                                                                                                   \
          for (size_t vi = 0; vi < nv; vi++) free(yv[vi]);                                                           \
        }                                                                                                            \
      /* hsum: n outputs, k taps d apart, stride s */                                                               \
      for (size_t k = 1; k <= 7; k++)                                                                                \
        for (size_t s = 1; s <= 4; s++)                                                                              \
          for (size_t d = 1; d <= 3; d++) {                                                                          \
            const size_t n = w;                                                                                      \
            const size_t len = n == 0 ? 0 : (n - 1) * s + (k - 1) * d + 1;                                           \
            ctype* x = exact_buffer(len, z);                                                                         \
            const ctype divisor = (ctype)harness_rand_int(1, 60);                                                    \
            for (size_t vi = 0; vi < nv; vi++) {                                                                         \
              const tw_avgpool_##type##_hsum_fn fns[3] = {s == 1 ? v[vi].hsum_s1 : NULL, s == 2 ? v[vi].hsum_s2 : NULL, \
                                                          v[vi].hsum};                                               \
              for (int f = 0; f < 3; f++) {                                                                          \
                if (fns[f] == NULL) continue;                                                                        \
                memset(out[vi], CANARY, sizeof out[vi]);                                                             \
                fns[f](n, x, k, s, d, divisor, out[vi]);                                                             \
                CHECK(guard_intact((uint8_t*)(out[vi] + n)), #type " hsum %s #%d: wrote past y", v[vi].isa, f);     \
                int ok = 1;                                                                                          \
                for (size_t o = 0; o < n; o++) {                                                                     \
                  ctype e = x[o * s];                                                                                \
                  for (size_t j = 1; j < k; j++) e += x[o * s + j * d];                                              \
                  e = e / divisor;                                                                                   \
                  ok &= memcmp(&e, &out[vi][o], z) == 0;                                                             \
                }                                                                                                    \
                CHECK(ok, #type " hsum %s #%d n %zu k %zu s %zu d %zu: not bit-exact", v[vi].isa, f, n, k, s, d);    \
              }                                                                                                      \
            }                                                                                                        \
            free(x);                                                                                                 \
          }                                                                                                          \
      /* hsum_split: long kernels as q partial sums of m taps plus k mod m taps */                                  \
      for (size_t k = 1; k <= 40; k += (k < 12 ? 1 : 7))                                                            \
        for (size_t m = 1; m <= k; m += (m < 9 ? 1 : 5)) {                                                           \
          const size_t n = w, len = n == 0 ? 0 : n + k - 1, q = k / m;                                               \
          ctype* x = exact_buffer(len, z);                                                                           \
          ctype tmp[65 + 40];                                                                                        \
          const ctype divisor = (ctype)k;                                                                            \
          for (size_t vi = 0; vi < nv; vi++) {                                                                           \
            memset(out[vi], CANARY, sizeof out[vi]);                                                                 \
            v[vi].hsum_split(n, x, k, m, tmp, divisor, out[vi]);                                                     \
            CHECK(guard_intact((uint8_t*)(out[vi] + n)), #type " hsum_split %s: wrote past y", v[vi].isa);           \
          }                                                                                                          \
          int ok = 1;                                                                                                \
          for (size_t o = 0; o < n; o++) {                                                                           \
            ctype e = 0;                                                                                             \
            for (size_t i = 0; i < q; i++) {                                                                         \
              ctype part = x[o + i * m];                                                                             \
              for (size_t j = 1; j < m; j++) part += x[o + i * m + j];                                               \
              e = i == 0 ? part : e + part;                                                                          \
            }                                                                                                        \
            for (size_t j = q * m; j < k; j++) e += x[o + j];                                                        \
            e = e / divisor;                                                                                         \
            ok &= memcmp(&e, &out[0][o], z) == 0;                                                                    \
          }                                                                                                          \
          CHECK(ok, #type " hsum_split scalar n %zu k %zu m %zu differs from the definition", n, k, m);              \
          for (size_t vi = 1; vi < nv; vi++)                                                                         \
            CHECK(memcmp(out[0], out[vi], n * z) == 0, #type " hsum_split %s != scalar n %zu k %zu m %zu", v[vi].isa, n, \
                  k, m);                                                                                             \
          free(x);                                                                                                   \
        }                                                                                                            \
    }                                                                                                                \
  }
KERNEL_TESTS(f32, float)
KERNEL_TESTS(f64, double)

/* ---- operator harness ----------------------------------------------------- */

typedef struct pool_args {
  int32_t dtype, r;
  int64_t x_shape[8], kernel[6], strides[6], pads[12], dilations[6];
  int32_t ceil_mode, cip, auto_pad;
} pool_args;

static size_t dtype_size(int32_t dtype) { return tw_dtype_bits(dtype) / 8; }

/* Stores value (a double holding a representable value of dtype) into x[i]. */
static void store(int32_t dtype, void* x, size_t i, double value) {
  switch (dtype) {
    case TW_DTYPE_FLOAT32: ((float*)x)[i] = (float)value; break;
    case TW_DTYPE_FLOAT64: ((double*)x)[i] = value; break;
    case TW_DTYPE_FLOAT16: ((uint16_t*)x)[i] = tw_f32_to_f16((float)value); break;
    case TW_DTYPE_BFLOAT16: ((uint16_t*)x)[i] = tw_f32_to_bf16((float)value); break;
    case TW_DTYPE_UINT8: ((uint8_t*)x)[i] = (uint8_t)value; break;
  }
}

static double load(int32_t dtype, const void* x, size_t i) {
  switch (dtype) {
    case TW_DTYPE_FLOAT32: return ((const float*)x)[i];
    case TW_DTYPE_FLOAT64: return ((const double*)x)[i];
    case TW_DTYPE_FLOAT16: return tw_f16_to_f32(((const uint16_t*)x)[i]);
    case TW_DTYPE_BFLOAT16: return tw_bf16_to_f32(((const uint16_t*)x)[i]);
    case TW_DTYPE_UINT8: return ((const uint8_t*)x)[i];
  }
  return 0;
}

/* Random data of dtype, exactly representable: [0, 1) for floats, 0..255 for uint8. */
static double random_value(int32_t dtype) {
  const double v = rand01();
  switch (dtype) {
    case TW_DTYPE_FLOAT32: return (float)v;
    case TW_DTYPE_FLOAT16: return tw_f16_to_f32(tw_f32_to_f16((float)v));
    case TW_DTYPE_BFLOAT16: return tw_bf16_to_f32(tw_f32_to_bf16((float)v));
    case TW_DTYPE_UINT8: return (double)(harness_rand() % 256);
  }
  return v;
}

/* Does y (dtype) match the reference sum / divisor? */
static int matches(int32_t dtype, const void* y, size_t i, double sum, int64_t divisor, double* error) {
  const double got = load(dtype, y, i);
  *error = 0;
  if (divisor == 0) {
    if (dtype == TW_DTYPE_UINT8) return got == 0; /* documented: no NaN in uint8 */
    return got != got;
  }
  if (sum != sum) return got != got;
  const double exact = sum / (double)divisor;
  if (isinf(exact)) return got == exact;
  switch (dtype) {
    /* absolute on [0, 1) data; relative for the huge values of test_non_finite */
    case TW_DTYPE_FLOAT32: *error = fabs(got - exact); return *error <= 1e-5 * fmax(1.0, fabs(exact));
    case TW_DTYPE_FLOAT64: *error = fabs(got - exact); return *error <= 1e-12 * fmax(1.0, fabs(exact));
    case TW_DTYPE_FLOAT16:
    case TW_DTYPE_BFLOAT16: {
      /* within one unit in the last place of the correctly rounded value */
      const uint16_t want = dtype == TW_DTYPE_FLOAT16 ? tw_f32_to_f16((float)exact) : tw_f32_to_bf16((float)exact);
      const uint16_t have = ((const uint16_t*)y)[i];
      return abs((int)want - (int)have) <= 1;
    }
    case TW_DTYPE_UINT8: {
      /* exact integer mean, rounded half to even */
      const int64_t s = (int64_t)sum;
      int64_t q = s / divisor;
      const int64_t twice_rem = 2 * (s % divisor);
      if (twice_rem > divisor || (twice_rem == divisor && (q & 1))) q++;
      return got == (double)q;
    }
  }
  return 0;
}

static int64_t product(const int64_t* v, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; i++) p *= v[i];
  return p;
}

/* Runs tw_avgpool on the SIMD and the scalar path (canaries after y, bit
 * equality between them) and returns the output (caller frees), or NULL
 * after recording a failure. */
static uint8_t* run_both(const pool_args* a, const void* x, size_t x_bytes, size_t y_bytes, const char* what) {
  uint8_t* y[2];
  for (int simd = 0; simd < 2; simd++) {
    y[simd] = malloc(y_bytes + GUARD);
    memset(y[simd], CANARY, y_bytes + GUARD);
    tw_set_simd(simd);
    const int32_t status = tw_avgpool(a->dtype, x, x_bytes, a->r, a->x_shape, a->kernel, a->strides, a->pads,
                                      a->dilations, a->ceil_mode, a->cip, a->auto_pad, y[simd], y_bytes);
    CHECK(status == TW_OK, "%s: status %d (%s)", what, status, tw_last_error());
    CHECK(guard_intact(y[simd] + y_bytes), "%s: wrote past y (simd %d)", what, simd);
  }
  tw_set_simd(1);
  CHECK(memcmp(y[0], y[1], y_bytes) == 0, "%s: SIMD and scalar results differ", what);
  free(y[0]);
  return y[1];
}

static void describe(const pool_args* a, char* buf, size_t size) {
  int n = snprintf(buf, size, "dtype %d x[", a->dtype);
  for (int i = 0; i < a->r + 2; i++) n += snprintf(buf + n, size - n, "%s%lld", i ? "," : "", (long long)a->x_shape[i]);
  n += snprintf(buf + n, size - n, "] k");
  for (int i = 0; i < a->r; i++) n += snprintf(buf + n, size - n, " %lld", (long long)a->kernel[i]);
  n += snprintf(buf + n, size - n, " s");
  for (int i = 0; i < a->r; i++) n += snprintf(buf + n, size - n, " %lld", (long long)a->strides[i]);
  n += snprintf(buf + n, size - n, " d");
  for (int i = 0; i < a->r; i++) n += snprintf(buf + n, size - n, " %lld", (long long)a->dilations[i]);
  n += snprintf(buf + n, size - n, " pads");
  for (int i = 0; i < 2 * a->r; i++) n += snprintf(buf + n, size - n, " %lld", (long long)a->pads[i]);
  snprintf(buf + n, size - n, " ceil %d cip %d auto_pad %d", a->ceil_mode, a->cip, a->auto_pad);
}

/* Full check of one configuration against the reference. `values` (optional)
 * supplies the input; otherwise it is random. Returns the max abs error. */
static double check_case(const pool_args* a, const double* values) {
  char what[512];
  describe(a, what, sizeof what);
  ref_axis ax[6];
  const int valid = ref_geometry(a->r, a->x_shape, a->kernel, a->strides, a->pads, a->dilations, a->ceil_mode,
                                 a->auto_pad, ax);
  int64_t y_shape[8], eff[12];
  memset(y_shape, 0x5A, sizeof y_shape);
  const int32_t shape_status = tw_avgpool_output_shape(a->r, a->x_shape, a->kernel, a->strides, a->pads, a->dilations,
                                                       a->ceil_mode, a->auto_pad, y_shape, eff);
  if (!valid) {
    CHECK(shape_status == TW_INVALID_ARGUMENT && strstr(tw_last_error(), "kernel_shape") != NULL,
          "%s: expected kernel_shape error, got %d (%s)", what, shape_status, tw_last_error());
    CHECK(y_shape[0] == 0x5A5A5A5A5A5A5A5All, "%s: y_shape written on failure", what);
    return 0;
  }
  CHECK(shape_status == TW_OK, "%s: output_shape status %d (%s)", what, shape_status, tw_last_error());
  if (shape_status != TW_OK) return 0;
  CHECK(y_shape[0] == a->x_shape[0] && y_shape[1] == a->x_shape[1], "%s: y_shape N, C", what);
  for (int i = 0; i < a->r; i++) {
    CHECK(y_shape[2 + i] == ax[i].out, "%s: axis %d out %lld, reference %lld", what, i, (long long)y_shape[2 + i],
          (long long)ax[i].out);
    CHECK(eff[i] == ax[i].pb && eff[a->r + i] == ax[i].pe, "%s: axis %d effective pads", what, i);
  }
  const int64_t planes = a->x_shape[0] * a->x_shape[1];
  const int64_t in_count = planes * product(a->x_shape + 2, a->r), out_count = product(y_shape, a->r + 2);
  const size_t z = dtype_size(a->dtype);
  double* xd = malloc((size_t)(in_count ? in_count : 1) * sizeof(double));
  void* x = malloc((size_t)(in_count ? in_count : 1) * z);
  for (int64_t i = 0; i < in_count; i++) {
    xd[i] = values ? values[i] : random_value(a->dtype);
    store(a->dtype, x, (size_t)i, xd[i]);
    xd[i] = load(a->dtype, x, (size_t)i); /* what the kernel actually sees */
  }
  double* sums = malloc((size_t)(out_count ? out_count : 1) * sizeof(double));
  int64_t* divisors = malloc((size_t)(out_count ? out_count : 1) * sizeof(int64_t));
  ref_pool(a->r, ax, planes, xd, a->cip, sums, divisors);
  uint8_t* y = run_both(a, x, (size_t)in_count * z, (size_t)out_count * z, what);
  double max_error = 0;
  int bad = 0;
  for (int64_t i = 0; i < out_count && bad < 3; i++) {
    double error;
    if (!matches(a->dtype, y, (size_t)i, sums[i], divisors[i], &error)) {
      bad++;
      CHECK(0, "%s: y[%lld] = %.9g, reference %.9g / %lld", what, (long long)i, load(a->dtype, y, (size_t)i),
            sums[i], (long long)divisors[i]);
    }
    if (error > max_error) max_error = error;
  }
  free(y), free(sums), free(divisors), free(x), free(xd);
  return max_error;
}

static pool_args args_1d(int32_t dtype, int64_t L, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t pe,
                         int32_t ceil_mode, int32_t cip, int32_t auto_pad) {
  return (pool_args){.dtype = dtype, .r = 1, .x_shape = {1, 1, L}, .kernel = {k}, .strides = {s}, .pads = {pb, pe},
                     .dilations = {d}, .ceil_mode = ceil_mode, .cip = cip, .auto_pad = auto_pad};
}

/* Runs a float32 1-D case on x = [1..L] and compares with exact expectations
 * (NAN allowed). */
static void expect_1d(const char* name, pool_args a, const float* expected, int64_t out) {
  int64_t y_shape[3], eff[2];
  const int32_t status = tw_avgpool_output_shape(1, a.x_shape, a.kernel, a.strides, a.pads, a.dilations, a.ceil_mode,
                                                 a.auto_pad, y_shape, eff);
  CHECK(status == TW_OK && y_shape[2] == out, "%s: output length %lld, expected %lld", name,
        (long long)y_shape[2], (long long)out);
  if (status != TW_OK || y_shape[2] != out) return;
  float x[64];
  for (int64_t i = 0; i < a.x_shape[2]; i++) x[i] = (float)(i + 1);
  float* y = (float*)run_both(&a, x, (size_t)a.x_shape[2] * 4, (size_t)out * 4, name);
  for (int64_t i = 0; i < out; i++) {
    const int same = isnan(expected[i]) ? isnan(y[i]) : y[i] == expected[i];
    CHECK(same, "%s: y[%lld] = %.9g, expected %.9g", name, (long long)i, y[i], expected[i]);
  }
  free(y);
}

/* ---- 2. SEMANTICS corners --------------------------------------------------- */

static void test_corners(void) {
  const float third = 1.0f / 3.0f;
  /* §3.4.1: ceil-mode overhang 2; windows {1}, {2,3,4}, {5,6,7}, {8} */
  expect_1d("ceil overhang 2, cip 0", args_1d(TW_DTYPE_FLOAT32, 8, 3, 3, 1, 2, 0, 1, 0, 0), (float[]){1, 3, 6, 8}, 4);
  expect_1d("ceil overhang 2, cip 1", args_1d(TW_DTYPE_FLOAT32, 8, 3, 3, 1, 2, 0, 1, 1, 0),
            (float[]){third, 3, 6, 8}, 4);
  /* §3.4.2: SAME_UPPER with dilation: K = 3, P = 2, pads 1/1 */
  expect_1d("SAME_UPPER dilated, cip 0", args_1d(TW_DTYPE_FLOAT32, 5, 2, 1, 2, 0, 0, 0, 0, TW_AVGPOOL_AUTO_PAD_SAME_UPPER),
            (float[]){2, 2, 3, 4, 4}, 5);
  expect_1d("SAME_UPPER dilated, cip 1", args_1d(TW_DTYPE_FLOAT32, 5, 2, 1, 2, 0, 0, 0, 1, TW_AVGPOOL_AUTO_PAD_SAME_UPPER),
            (float[]){1, 2, 3, 4, 2}, 5);
  expect_1d("SAME_LOWER dilated", args_1d(TW_DTYPE_FLOAT32, 5, 2, 1, 2, 0, 0, 0, 0, TW_AVGPOOL_AUTO_PAD_SAME_LOWER),
            (float[]){2, 2, 3, 4, 4}, 5);
  /* VALID with dilation: floor((5 - 3)/1) + 1 = 3 */
  expect_1d("VALID dilated", args_1d(TW_DTYPE_FLOAT32, 5, 2, 1, 2, 0, 0, 0, 0, TW_AVGPOOL_AUTO_PAD_VALID),
            (float[]){2, 3, 4}, 3);
  /* §3.4.3: SAME with negative pad_shape (L 4, k 1, s 2 -> P = -1, clamped to 0) */
  expect_1d("SAME negative pad", args_1d(TW_DTYPE_FLOAT32, 4, 1, 2, 1, 9, 9, 0, 1, TW_AVGPOOL_AUTO_PAD_SAME_UPPER),
            (float[]){1, 3}, 2);
  {
    int64_t y_shape[3], eff[2] = {-7, -7};
    const int64_t shape[3] = {1, 1, 4}, k = 1, s = 2, d = 1;
    CHECK(tw_avgpool_output_shape(1, shape, &k, &s, NULL, &d, 0, TW_AVGPOOL_AUTO_PAD_SAME_LOWER, y_shape, eff) ==
                  TW_OK &&
              eff[0] == 0 && eff[1] == 0 && y_shape[2] == 2,
          "SAME negative pad: effective pads %lld %lld", (long long)eff[0], (long long)eff[1]);
  }
  /* §3.2/3.4.4: ceil_mode ignored with auto_pad */
  expect_1d("VALID ignores ceil", args_1d(TW_DTYPE_FLOAT32, 5, 2, 2, 1, 0, 0, 1, 0, TW_AVGPOOL_AUTO_PAD_VALID),
            (float[]){1.5f, 3.5f}, 2);
  expect_1d("SAME ignores ceil, cip 0", args_1d(TW_DTYPE_FLOAT32, 5, 2, 2, 1, 0, 0, 1, 0, TW_AVGPOOL_AUTO_PAD_SAME_UPPER),
            (float[]){1.5f, 3.5f, 5}, 3);
  expect_1d("SAME ignores ceil, cip 1", args_1d(TW_DTYPE_FLOAT32, 5, 2, 2, 1, 0, 0, 1, 1, TW_AVGPOOL_AUTO_PAD_SAME_UPPER),
            (float[]){1.5f, 3.5f, 2.5f}, 3);
  expect_1d("SAME_LOWER puts the odd pad first",
            args_1d(TW_DTYPE_FLOAT32, 5, 2, 2, 1, 0, 0, 0, 1, TW_AVGPOOL_AUTO_PAD_SAME_LOWER),
            (float[]){0.5f, 2.5f, 4.5f}, 3);
  /* §3.2: floor mode keeps a window made only of end padding */
  expect_1d("floor all-padding window, cip 1", args_1d(TW_DTYPE_FLOAT32, 4, 2, 2, 1, 0, 3, 0, 1, 0),
            (float[]){1.5f, 3.5f, 0}, 3);
  expect_1d("floor all-padding window, cip 0", args_1d(TW_DTYPE_FLOAT32, 4, 2, 2, 1, 0, 3, 0, 0, 0),
            (float[]){1.5f, 3.5f, NAN}, 3);
  expect_1d("begin all-padding window, cip 0", args_1d(TW_DTYPE_FLOAT32, 3, 2, 1, 1, 3, 0, 0, 0, 0),
            (float[]){NAN, NAN, 1, 1.5f, 2.5f}, 5);
  /* ceil mode drops a last window starting in the end padding... */
  expect_1d("ceil drops window in end pad", args_1d(TW_DTYPE_FLOAT32, 4, 2, 2, 1, 0, 1, 1, 1, 0),
            (float[]){1.5f, 3.5f}, 2);
  /* ...but keeps one starting on the last element (overhang 1, not counted) */
  expect_1d("ceil overhang 1", args_1d(TW_DTYPE_FLOAT32, 5, 2, 2, 1, 0, 0, 1, 1, 0), (float[]){1.5f, 3.5f, 5}, 3);
  /* test_averagepool_2d_ceil_last_window_starts_on_pad: L 2, k 3, s 3, pads 1, ceil -> one window, divisor 9 */
  {
    pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, 2, 2}, .kernel = {3, 3}, .strides = {3, 3},
                   .pads = {1, 1, 1, 1}, .dilations = {1, 1}, .ceil_mode = 1, .cip = 1};
    const float x[4] = {1, 2, 4, 8};
    float* y = (float*)run_both(&a, x, sizeof x, 4, "ceil last window on pad, cip 1");
    CHECK(y[0] == 15.0f / 9.0f, "ceil last window on pad, cip 1: %.9g", y[0]);
    free(y);
    a.cip = 0;
    y = (float*)run_both(&a, x, sizeof x, 4, "ceil last window on pad, cip 0");
    CHECK(y[0] == 15.0f / 4.0f, "ceil last window on pad, cip 0: %.9g", y[0]);
    free(y);
  }
  /* uint8 rounds the exact mean half to even */
  {
    pool_args a = {.dtype = TW_DTYPE_UINT8, .r = 1, .x_shape = {1, 1, 8}, .kernel = {2}, .strides = {2},
                   .dilations = {1}};
    const uint8_t x[8] = {1, 2, 2, 3, 0, 1, 254, 255};
    uint8_t* y = run_both(&a, x, 8, 4, "uint8 half to even");
    CHECK(y[0] == 2 && y[1] == 2 && y[2] == 0 && y[3] == 254, "uint8 half to even: %d %d %d %d", y[0], y[1], y[2],
          y[3]);
    free(y);
    const uint8_t x3[3] = {0, 0, 1}; /* 1/3 -> 0 */
    a.x_shape[2] = 3, a.kernel[0] = 3, a.strides[0] = 1;
    y = run_both(&a, x3, 3, 1, "uint8 thirds");
    CHECK(y[0] == 0, "uint8 1/3 -> %d", y[0]);
    free(y);
    /* all-padding window, cip 0: no NaN in uint8 -> 0 */
    a = (pool_args){.dtype = TW_DTYPE_UINT8, .r = 1, .x_shape = {1, 1, 4}, .kernel = {2}, .strides = {2},
                    .pads = {0, 3}, .dilations = {1}};
    const uint8_t x4[4] = {9, 9, 9, 9};
    y = run_both(&a, x4, 4, 3, "uint8 all padding");
    CHECK(y[0] == 9 && y[1] == 9 && y[2] == 0, "uint8 all padding: %d %d %d", y[0], y[1], y[2]);
    free(y);
  }
  /* N or C = 0: OK, nothing written, nothing read */
  {
    const int64_t shape[4] = {0, 3, 5, 5}, k[2] = {2, 2};
    uint8_t canary[GUARD];
    memset(canary, CANARY, sizeof canary);
    CHECK(tw_avgpool(TW_DTYPE_FLOAT32, NULL, 0, 2, shape, k, NULL, NULL, NULL, 0, 0, 0, canary, 0) == TW_OK,
          "N = 0: %s", tw_last_error());
    const int64_t shape_c[4] = {2, 0, 5, 5};
    CHECK(tw_avgpool(TW_DTYPE_FLOAT32, NULL, 0, 2, shape_c, k, NULL, NULL, NULL, 0, 0, 0, NULL, 0) == TW_OK,
          "C = 0: %s", tw_last_error());
    CHECK(guard_intact(canary), "N = 0 wrote y");
  }
  /* SAME on an empty axis: output length 0, OK */
  {
    const int64_t shape[4] = {1, 1, 0, 5}, k[2] = {2, 2};
    int64_t y_shape[4];
    CHECK(tw_avgpool_output_shape(2, shape, k, NULL, NULL, NULL, 0, TW_AVGPOOL_AUTO_PAD_SAME_UPPER, y_shape, NULL) ==
                  TW_OK &&
              y_shape[2] == 0 && y_shape[3] == 5,
          "SAME on an empty axis");
    CHECK(tw_avgpool(TW_DTYPE_FLOAT32, NULL, 0, 2, shape, k, NULL, NULL, NULL, 0, 0, TW_AVGPOOL_AUTO_PAD_SAME_UPPER,
                     NULL, 0) == TW_OK,
          "SAME on an empty axis: %s", tw_last_error());
  }
  /* An empty input axis padded into windows: every window is all padding */
  {
    pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, 3, 0}, .kernel = {1, 2}, .strides = {1, 1},
                   .pads = {0, 1, 0, 2}, .dilations = {1, 1}, .cip = 1};
    float* y = (float*)run_both(&a, NULL, 0, 3 * 2 * 4, "empty axis, cip 1");
    CHECK(y[0] == 0 && y[5] == 0, "empty axis, cip 1: %g", y[0]);
    free(y);
    a.cip = 0;
    y = (float*)run_both(&a, NULL, 0, 3 * 2 * 4, "empty axis, cip 0");
    CHECK(isnan(y[0]) && isnan(y[5]), "empty axis, cip 0: %g", y[0]);
    free(y);
  }
  /* NULL strides/pads/dilations are the ONNX defaults */
  {
    const int64_t shape[3] = {1, 1, 6}, k = 3;
    const float x[6] = {1, 2, 3, 4, 5, 6};
    float y[4];
    CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, sizeof x, 1, shape, &k, NULL, NULL, NULL, 0, 0, 0, y, sizeof y) == TW_OK &&
              y[0] == 2 && y[3] == 5,
          "defaults: %s", tw_last_error());
  }
}

/* ---- 3. randomised differential tests -------------------------------------- */

static const int64_t inner_widths[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33};
static const int32_t dtypes[] = {TW_DTYPE_FLOAT32, TW_DTYPE_FLOAT64, TW_DTYPE_FLOAT16, TW_DTYPE_BFLOAT16,
                                 TW_DTYPE_UINT8};

static pool_args random_args(int r, int32_t dtype) {
  pool_args a = {.dtype = dtype, .r = r};
  a.x_shape[0] = harness_rand_int(1, 2);
  a.x_shape[1] = harness_rand_int(1, 3);
  const int outer_max = r == 1 ? 1 : r == 2 ? 12 : r == 3 ? 8 : 5;
  for (int i = 0; i < r; i++) {
    const int innermost = i == r - 1;
    a.x_shape[2 + i] = innermost ? inner_widths[harness_rand() % COUNT(inner_widths)] : harness_rand_int(1, outer_max);
    a.kernel[i] = harness_rand_int(1, r >= 3 ? 4 : 7);
    a.strides[i] = harness_rand_int(0, 3) == 0 ? harness_rand_int(2, 4) : harness_rand_int(1, 2);
    a.dilations[i] = harness_rand_int(0, 3) == 0 ? harness_rand_int(2, 3) : 1;
    a.pads[i] = harness_rand_int(0, 3) == 0 ? 0 : harness_rand_int(0, (int)a.kernel[i] + 1);
    a.pads[r + i] = harness_rand_int(0, 3) == 0 ? 0 : harness_rand_int(0, (int)a.kernel[i] + 1);
  }
  a.ceil_mode = harness_rand_int(0, 1);
  a.cip = harness_rand_int(0, 1);
  const int pick = harness_rand_int(0, 9);
  a.auto_pad = pick < 6 ? TW_AVGPOOL_AUTO_PAD_NOTSET : pick - 6;
  return a;
}

static void test_random(void) {
  double worst[5] = {0};
  for (int iteration = 0; iteration < 4000; iteration++) {
    const int r = 1 + iteration % 4;
    const int32_t dtype = dtypes[(iteration / 4) % COUNT(dtypes)];
    const pool_args a = random_args(r, dtype);
    const double e = check_case(&a, NULL);
    const size_t slot = (iteration / 4) % COUNT(dtypes);
    if (e > worst[slot]) worst[slot] = e;
  }
  printf("random: worst abs error f32 %.3g, f64 %.3g\n", worst[0], worst[1]);
}

/* Long kernels: the generic (row-wise) vblock for k > 8 and hsum_split for
 * k >= 17, with borders, on every axis that can use them. */
static void test_random_long(void) {
  for (int iteration = 0; iteration < 300; iteration++) {
    const int r = 1 + iteration % 3;
    pool_args a = {.dtype = iteration % 5 == 4 ? TW_DTYPE_FLOAT64 : TW_DTYPE_FLOAT32, .r = r};
    a.x_shape[0] = 1;
    a.x_shape[1] = harness_rand_int(1, 2);
    for (int i = 0; i < r; i++) {
      const int innermost = i == r - 1;
      a.x_shape[2 + i] = innermost ? harness_rand_int(17, 70) : harness_rand_int(9, r == 3 ? 16 : 40);
      a.kernel[i] = harness_rand_int(innermost ? 9 : 5, (int)a.x_shape[2 + i] - 1);
      a.strides[i] = harness_rand_int(0, 4) == 0 ? 2 : 1;
      a.dilations[i] = 1;
      a.pads[i] = harness_rand_int(0, (int)a.kernel[i] / 2);
      a.pads[r + i] = harness_rand_int(0, (int)a.kernel[i] / 2);
    }
    a.ceil_mode = harness_rand_int(0, 1);
    a.cip = harness_rand_int(0, 1);
    check_case(&a, NULL);
  }
}

/* Every inner width around the vector width x kernels 1..7 x strides 1..2,
 * with and without pads, in 2-D (where the interior/border split and the
 * blocked vertical sums live). */
static void test_sweep_2d(void) {
  for (size_t wi = 0; wi < COUNT(inner_widths); wi++)
    for (int64_t k = 1; k <= 7; k++)
      for (int64_t s = 1; s <= 2; s++)
        for (int variant = 0; variant < 3; variant++) {
          pool_args a = {.dtype = variant == 2 ? TW_DTYPE_FLOAT64 : TW_DTYPE_FLOAT32, .r = 2,
                         .x_shape = {1, 2, 11, inner_widths[wi]}, .kernel = {k, k}, .strides = {s, s},
                         .dilations = {1, 1}, .ceil_mode = variant == 1, .cip = variant == 1};
          if (variant >= 1) a.pads[0] = a.pads[1] = a.pads[2] = a.pads[3] = k / 2;
          check_case(&a, NULL);
        }
}

/* ---- 4. precision, exactness, non-finite values ---------------------------- */

static void test_large(void) {
  /* [1,1,1024,1024] k 7 s 1 p 3: the blocked vertical sums over 1024 rows */
  for (int cip = 0; cip <= 1; cip++) {
    pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, 1024, 1024}, .kernel = {7, 7},
                   .strides = {1, 1}, .pads = {3, 3, 3, 3}, .dilations = {1, 1}, .cip = cip};
    const double e = check_case(&a, NULL);
    printf("large 1024x1024 k7 cip %d: max abs error %.3g\n", cip, e);
  }
  /* a 1x1x1x8192 row, short and long kernels */
  {
    pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, 1, 8192}, .kernel = {1, 7}, .strides = {1, 1},
                   .pads = {0, 3, 0, 3}, .dilations = {1, 1}};
    double e = check_case(&a, NULL);
    a.kernel[1] = 63, a.pads[1] = a.pads[3] = 31;
    const double e2 = check_case(&a, NULL);
    printf("row 8192: k7 %.3g, k63 %.3g\n", e, e2);
  }
  /* 4096-wide rows, tall kernel (blocked) and a long 1-D row */
  {
    pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, 40, 4096}, .kernel = {15, 3},
                   .strides = {1, 1}, .pads = {7, 1, 7, 1}, .dilations = {1, 1}, .cip = 1};
    const double e = check_case(&a, NULL);
    pool_args b = args_1d(TW_DTYPE_FLOAT32, 4096, 33, 1, 1, 16, 16, 0, 0, 0);
    const double e2 = check_case(&b, NULL);
    printf("4096 wide: k15x3 %.3g, 1-D k33 %.3g\n", e, e2);
  }
}

/* Integer-valued float data: every sum is exact, so y is the correctly
 * rounded mean, bit for bit, through the blocked sums too. */
static void test_exact_integers(void) {
  for (int dtype_index = 0; dtype_index < 2; dtype_index++) {
    pool_args a = {.dtype = dtype_index ? TW_DTYPE_FLOAT64 : TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 2, 64, 67},
                   .kernel = {7, 5}, .strides = {1, 1}, .pads = {3, 2, 3, 2}, .dilations = {1, 1}};
    const size_t n = 2 * 64 * 67;
    double* values = malloc(n * sizeof(double));
    for (size_t i = 0; i < n; i++) values[i] = (double)(harness_rand() % 16);
    ref_axis ax[2];
    ref_geometry(2, a.x_shape, a.kernel, a.strides, a.pads, a.dilations, 0, 0, ax);
    const size_t out = 2 * (size_t)(ax[0].out * ax[1].out);
    double* sums = malloc(out * sizeof(double));
    int64_t* divisors = malloc(out * sizeof(int64_t));
    ref_pool(2, ax, 2, values, 0, sums, divisors);
    const size_t z = dtype_index ? 8 : 4;
    void* x = malloc(n * z);
    for (size_t i = 0; i < n; i++) store(a.dtype, x, i, values[i]);
    uint8_t* y = run_both(&a, x, n * z, out * z, "integer data");
    int exact = 1;
    for (size_t i = 0; i < out; i++)
      exact &= dtype_index ? ((double*)y)[i] == sums[i] / (double)divisors[i]
                           : ((float*)y)[i] == (float)(sums[i] / (double)divisors[i]);
    CHECK(exact, "integer data (dtype %d): not the correctly rounded mean", a.dtype);
    free(y), free(x), free(sums), free(divisors), free(values);
  }
}

/* Inf, NaN and a huge value in the data: they affect exactly the windows
 * holding them (nothing is ever subtracted back out). */
static void test_non_finite(void) {
  const int64_t H = 40, W = 9;
  double* values = malloc((size_t)(H * W) * sizeof(double));
  for (int64_t i = 0; i < H * W; i++) values[i] = (float)rand01();
  values[5 * W + 3] = INFINITY;
  values[12 * W + 7] = -INFINITY;
  values[20 * W + 4] = NAN;
  values[30 * W + 1] = 1e30;
  pool_args a = {.dtype = TW_DTYPE_FLOAT32, .r = 2, .x_shape = {1, 1, H, W}, .kernel = {6, 3}, .strides = {1, 1},
                 .pads = {2, 1, 3, 1}, .dilations = {1, 1}};
  check_case(&a, values);
  a.dtype = TW_DTYPE_FLOAT64;
  check_case(&a, values);
  free(values);
}

/* ---- 5. errors -------------------------------------------------------------- */

typedef struct error_case {
  const char* name;
  int32_t expected_status;
  const char* expected_word; /* must appear in tw_last_error() */
} error_case;

static void expect_error(const error_case* c, int32_t status, const uint8_t* y, size_t y_size) {
  CHECK(status == c->expected_status, "%s: status %d, expected %d (%s)", c->name, status, c->expected_status,
        tw_last_error());
  CHECK(strstr(tw_last_error(), c->expected_word) != NULL, "%s: message \"%s\" does not name %s", c->name,
        tw_last_error(), c->expected_word);
  int intact = 1;
  for (size_t i = 0; i < y_size; i++) intact &= y[i] == CANARY;
  CHECK(intact, "%s: y was written", c->name);
}

static void test_errors(void) {
  float x[2 * 3 * 6 * 6];
  for (size_t i = 0; i < COUNT(x); i++) x[i] = (float)i;
  uint8_t y[2 * 3 * 5 * 5 * 4 + GUARD];
  const size_t x_bytes = sizeof x, y_bytes = 2 * 3 * 5 * 5 * 4;
  const int64_t shape[4] = {2, 3, 6, 6}, k[2] = {2, 2}, s[2] = {1, 1}, p[4] = {0, 0, 0, 0}, d[2] = {1, 1};
#define TRY(label, status, word, dtype, xp, xb, r, sh, kk, ss, pp, dd, ceil, cip, ap, yp, yb)                     \
  do {                                                                                                             \
    memset(y, CANARY, sizeof y);                                                                                   \
    const error_case c = {label, status, word};                                                                    \
    expect_error(&c, tw_avgpool(dtype, xp, xb, r, sh, kk, ss, pp, dd, ceil, cip, ap, yp, yb), y, sizeof y);        \
  } while (0)
  /* the valid call first, so the error cases below differ in one thing only */
  memset(y, CANARY, sizeof y);
  CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes) == TW_OK, "valid call: %s",
        tw_last_error());
  CHECK(guard_intact(y + y_bytes), "valid call wrote past y");

  const int32_t I = TW_INVALID_ARGUMENT;
  const int64_t k0[2] = {0, 2}, k_big[2] = {8, 2}, k_huge[2] = {INT64_C(1) << 31, 1}, s0[2] = {1, 0},
                d0[2] = {0, 1}, d_big[2] = {1, 6}, p_neg[4] = {0, 0, -1, 0}, p_huge[4] = {0, INT64_C(1) << 31, 0, 0};
  const int64_t shape_neg[4] = {2, -3, 6, 6}, shape_big[4] = {1, 1, INT64_C(1) << 41, 1};
  const int64_t shape_overflow[4] = {INT64_C(1) << 40, INT64_C(1) << 40, 6, 6};
  TRY("dtype unknown", I, "dtype", 99, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("dtype int32", TW_UNSUPPORTED, "dtype", TW_DTYPE_INT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("dtype string", TW_UNSUPPORTED, "dtype", TW_DTYPE_STRING, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("rank 0", I, "spatial_rank", TW_DTYPE_FLOAT32, x, x_bytes, 0, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("rank 17", I, "spatial_rank", TW_DTYPE_FLOAT32, x, x_bytes, 17, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("shape NULL", I, "x", TW_DTYPE_FLOAT32, x, x_bytes, 2, NULL, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("shape negative", I, "x", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape_neg, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("shape too big", I, "x", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape_big, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("shape overflow", I, "x", TW_DTYPE_FLOAT64, x, x_bytes, 2, shape_overflow, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("kernel NULL", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, NULL, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("kernel 0", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k0, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("kernel 2^31", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k_huge, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("kernel too big", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k_big, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("dilated kernel too big", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d_big, 0, 0, 0, y,
      y_bytes);
  TRY("VALID kernel too big", I, "kernel_shape", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k_big, s, p, d, 0, 0,
      TW_AVGPOOL_AUTO_PAD_VALID, y, y_bytes);
  TRY("stride 0", I, "strides", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s0, p, d, 0, 0, 0, y, y_bytes);
  TRY("dilation 0", I, "dilations", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d0, 0, 0, 0, y, y_bytes);
  TRY("pad negative", I, "pads", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p_neg, d, 0, 0, 0, y, y_bytes);
  TRY("pad 2^31", I, "pads", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p_huge, d, 0, 0, 0, y, y_bytes);
  TRY("auto_pad 4", I, "auto_pad", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 4, y, y_bytes);
  TRY("auto_pad -1", I, "auto_pad", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, -1, y, y_bytes);
  TRY("ceil_mode 2", I, "ceil_mode", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 2, 0, 0, y, y_bytes);
  TRY("count_include_pad 2", I, "count_include_pad", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 2, 0, y,
      y_bytes);
  TRY("x_bytes short", I, "x", TW_DTYPE_FLOAT32, x, x_bytes - 1, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("x_bytes long", I, "x", TW_DTYPE_FLOAT32, x, x_bytes + 4, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("x as float64", I, "x", TW_DTYPE_FLOAT64, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  TRY("y_bytes short", I, "y", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes - 4);
  TRY("y_bytes long", I, "y", TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes + 1);
  TRY("x NULL", I, "x", TW_DTYPE_FLOAT32, NULL, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes);
  /* overlap: y inside x (x's canary check is on y's buffer, so use x's own bytes) */
  {
    float big[2 * 3 * 6 * 6 + 2 * 3 * 5 * 5];
    memcpy(big, x, sizeof x);
    const error_case c = {"x overlaps y", I, "overlap"};
    memset(y, CANARY, sizeof y);
    expect_error(&c,
                 tw_avgpool(TW_DTYPE_FLOAT32, big, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, big + 10, y_bytes), y,
                 sizeof y);
    CHECK(memcmp(big, x, sizeof x) == 0, "x overlaps y: x was modified");
  }
  /* pads are ignored (not even read) with auto_pad */
  memset(y, CANARY, sizeof y);
  CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p_neg, d, 0, 0, TW_AVGPOOL_AUTO_PAD_VALID, y,
                   y_bytes) == TW_OK,
        "pads ignored with VALID: %s", tw_last_error());
  /* output_shape: the same validation, and nothing written on failure */
  int64_t y_shape[4] = {-9, -9, -9, -9}, eff[4] = {-9, -9, -9, -9};
  CHECK(tw_avgpool_output_shape(2, shape, k_big, s, p, d, 0, 0, y_shape, eff) == I && y_shape[0] == -9 && eff[0] == -9,
        "output_shape failure wrote its outputs");
  CHECK(tw_avgpool_output_shape(2, shape, k, s, p, d, 0, 0, NULL, eff) == I &&
            strstr(tw_last_error(), "y_shape") != NULL,
        "output_shape: NULL y_shape");
  CHECK(tw_avgpool_output_shape(2, shape, k, s, p, d, 0, 0, y_shape, NULL) == TW_OK && y_shape[2] == 5,
        "output_shape: effective_pads may be NULL");
  /* the module still works after errors */
  memset(y, CANARY, sizeof y);
  CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, x_bytes, 2, shape, k, s, p, d, 0, 0, 0, y, y_bytes) == TW_OK &&
            ((float*)y)[0] == (0 + 1 + 6 + 7) / 4.0f,
        "valid call after errors: %s", tw_last_error());
#undef TRY
}

int main(void) {
  test_kernels_f32();
  test_kernels_f64();
  test_corners();
  test_sweep_2d();
  test_random();
  test_random_long();
  test_large();
  test_exact_integers();
  test_non_finite();
  test_errors();
  return TEST_MAIN_RESULT();
}
