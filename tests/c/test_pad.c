/* Native tests of the Pad C layer (built with ASan/UBSan, SIMD via SIMDe):
 *  1. every micro-kernel variant against a direct loop, sizes around the
 *     vector width, with guard bytes on both sides of the output;
 *  2. tw_pad (SIMD and scalar paths) against an independent per-element
 *     reference written from SEMANTICS.md, random shapes, pads, modes, orders
 *     and element sizes, bit-exact;
 *  3. error cases: a status, a message, and not one byte of `out` written. */
#define _DEFAULT_SOURCE /* mmap's MAP_ANONYMOUS and MAP_NORESERVE under -std=c11 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "common/config.h"
#include "common/dtype.h"
#include "harness.h"
#include "pad/pad-kernels.h"
#include "pad/pad.h"

#define GUARD 32
#define GUARD_BYTE 0xA5

/* ---- 1. micro-kernels --------------------------------------------------- */

static void test_kernels(void) {
  static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100};
  typedef struct {
    const char* name;
    size_t size;
    tw_pad_fill_fn fill;
    tw_pad_reverse_fn reverse;
  } variant;
#define TW_PAD_VARIANT(bits, isa, simd) {#isa " x" #bits, bits / 8, tw_pad_fill_x##bits##__##isa, tw_pad_reverse_x##bits##__##isa},
  static const variant variants[] = {TW_PAD_KERNELS(TW_PAD_VARIANT)};
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
    const variant* var = &variants[v];
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
      const size_t count = counts[c], bytes = count * var->size;
      uint8_t src[100 * 16 + 1], element[16], buffer[100 * 16 + 2 * GUARD], expected[100 * 16];
      for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)harness_rand();
      for (size_t i = 0; i < 16; i++) element[i] = (uint8_t)harness_rand();

      memset(buffer, GUARD_BYTE, sizeof buffer);
      var->fill(count, element, buffer + GUARD);
      for (size_t i = 0; i < count; i++) memcpy(expected + i * var->size, element, var->size);
      CHECK(memcmp(buffer + GUARD, expected, bytes) == 0, "%s fill count %zu", var->name, count);
      for (size_t i = 0; i < GUARD; i++)
        CHECK(buffer[i] == GUARD_BYTE && buffer[GUARD + bytes + i] == GUARD_BYTE, "%s fill guard", var->name);

      if (count == 0) continue;
      memset(buffer, GUARD_BYTE, sizeof buffer);
      const uint8_t* last = src + (count - 1) * var->size;
      var->reverse(count, last, buffer + GUARD);
      for (size_t i = 0; i < count; i++) memcpy(expected + i * var->size, last - i * var->size, var->size);
      CHECK(memcmp(buffer + GUARD, expected, bytes) == 0, "%s reverse count %zu", var->name, count);
      for (size_t i = 0; i < GUARD; i++)
        CHECK(buffer[i] == GUARD_BYTE && buffer[GUARD + bytes + i] == GUARD_BYTE, "%s reverse guard", var->name);
    }
  }
}

/* Every copy kernel, every length up to 200 and every destination and source
 * misalignment within a vector, with guard bytes on both sides. */
static void test_copy_kernels(void) {
  typedef struct {
    const char* name;
    tw_pad_copy_fn copy;
  } variant;
#define TW_PAD_COPY_VARIANT(isa, simd) {#isa " copy", tw_pad_copy__##isa},
  static const variant variants[] = {TW_PAD_COPY_KERNELS(TW_PAD_COPY_VARIANT)};
#undef TW_PAD_COPY_VARIANT
  uint8_t src[200 + 16], buffer[200 + 16 + 2 * GUARD];
  for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)harness_rand();
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
    for (size_t bytes = 0; bytes <= 200; bytes++)
      for (size_t dst_shift = 0; dst_shift < 16; dst_shift++) {
        const size_t src_shift = (bytes * 7 + dst_shift * 3) % 16;
        memset(buffer, GUARD_BYTE, sizeof buffer);
        variants[v].copy(bytes, src + src_shift, buffer + GUARD + dst_shift);
        CHECK(memcmp(buffer + GUARD + dst_shift, src + src_shift, bytes) == 0, "%s %zu bytes, dst +%zu, src +%zu",
              variants[v].name, bytes, dst_shift, src_shift);
        int guards = 1;
        for (size_t i = 0; i < GUARD + dst_shift; i++) guards &= buffer[i] == GUARD_BYTE;
        for (size_t i = GUARD + dst_shift + bytes; i < sizeof buffer; i++) guards &= buffer[i] == GUARD_BYTE;
        CHECK(guards, "%s %zu bytes, dst +%zu: wrote outside the run", variants[v].name, bytes, dst_shift);
      }
}

/* ---- 2. tw_pad against a reference --------------------------------------- */

static int64_t floor_mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

/* Index along one axis per SEMANTICS.md §1.3/1.4/§4, or -1 for the constant. */
static int64_t reference_index(int64_t o, int64_t n, int64_t pb, int64_t pe, int mode, int order) {
  int64_t base = 0, len = n, i;
  if (order == TW_PAD_ORDER_CROP_THEN_PAD) {
    const int64_t cb = pb < 0 ? -pb : 0, ce = pe < 0 ? -pe : 0;
    base = cb;
    len = n - cb - ce;
    i = o - (pb > 0 ? pb : 0);
  } else {
    i = o - pb;
  }
  if (i >= 0 && i < len) return base + i;
  switch (mode) {
    case TW_PAD_MODE_CONSTANT: return -1;
    case TW_PAD_MODE_EDGE: return base + (i < 0 ? 0 : len - 1);
    case TW_PAD_MODE_WRAP: return base + floor_mod(i, len);
    case TW_PAD_MODE_REFLECT: {
      if (len == 1) return base;
      const int64_t j = floor_mod(i, 2 * len - 2);
      return base + (j < len ? j : 2 * len - 2 - j);
    }
    default: {
      const int64_t j = floor_mod(i, 2 * len);
      return base + (j < len ? j : 2 * len - 1 - j);
    }
  }
}

static void reference_pad(size_t size, const uint8_t* in, int rank, const int64_t* shape, const int64_t* pb,
                          const int64_t* pe, int mode, int order, const uint8_t* value, uint8_t* out,
                          const int64_t* out_shape) {
  int64_t count = 1;
  for (int d = 0; d < rank; d++) count *= out_shape[d];
  for (int64_t flat = 0; flat < count; flat++) {
    int64_t rem = flat, src = 0, stride = 1;
    int constant = 0;
    for (int d = rank - 1; d >= 0; d--) {
      const int64_t o = rem % out_shape[d];
      rem /= out_shape[d];
      const int64_t s = reference_index(o, shape[d], pb[d], pe[d], mode, order);
      if (s < 0) constant = 1;
      src += s * stride;
      stride *= shape[d];
    }
    memcpy(out + flat * size, constant ? value : in + src * size, size);
  }
}

static const int32_t dtype_for_size[] = {0, TW_DTYPE_UINT8, TW_DTYPE_FLOAT16, 0, TW_DTYPE_FLOAT32, 0, 0, 0,
                                         TW_DTYPE_FLOAT64, 0, 0, 0, 0, 0, 0, 0, TW_DTYPE_COMPLEX128};

/* Copies x's box (tw_pad_interior: per axis x begin, out begin, length) into
 * out, element by element: step 2 of the one-pass fresh result. */
static void copy_box(size_t size, const uint8_t* in, const int64_t* shape, uint8_t* out, const int64_t* out_shape,
                     int rank, const int64_t* box) {
  int64_t count = 1;
  for (int d = 0; d < rank; d++) count *= box[3 * d + 2];
  for (int64_t flat = 0; flat < count; flat++) {
    int64_t rem = flat, src = 0, dst = 0, src_stride = 1, dst_stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
      const int64_t j = rem % box[3 * d + 2];
      rem /= box[3 * d + 2];
      src += (box[3 * d] + j) * src_stride;
      dst += (box[3 * d + 1] + j) * dst_stride;
      src_stride *= shape[d];
      dst_stride *= out_shape[d];
    }
    memcpy(out + dst * size, in + src * size, size);
  }
}

static int borders_self_contained, borders_refused;

/* The one-pass fresh result (tw_pad_interior, the box copied in, then
 * tw_pad_borders) gives tw_pad's bytes exactly, writes nothing outside out,
 * and when the problem is not self-contained refuses without writing. */
static void check_borders(size_t size, const uint8_t* in, int rank, const int64_t* shape, const int64_t* pb,
                          const int64_t* pe, int mode, int order, const uint8_t* value, const uint8_t* expected,
                          const int64_t* out_shape, int64_t out_count, uint8_t* out) {
  int64_t box[3 * 6];
  int32_t self_contained = -1;
  CHECK(tw_pad_interior(dtype_for_size[size], rank, shape, pb, pe, mode, order, box, &self_contained) == TW_OK,
        "tw_pad_interior: %s", tw_last_error());
  const size_t bytes = (size_t)out_count * size;
  memset(out, GUARD_BYTE, bytes + 2 * GUARD);
  if (self_contained) copy_box(size, in, shape, out + GUARD, out_shape, rank, box);
  const int32_t status = tw_pad_borders(dtype_for_size[size], rank, shape, pb, pe, mode, order, value, out + GUARD, bytes);
  if (!self_contained) {
    borders_refused++;
    CHECK(status == TW_INVALID_ARGUMENT, "tw_pad_borders accepted a problem that is not self-contained");
    int untouched = 1;
    for (size_t i = 0; i < bytes + 2 * GUARD; i++) untouched &= out[i] == GUARD_BYTE;
    CHECK(untouched, "tw_pad_borders wrote although it refused");
    return;
  }
  borders_self_contained++;
  CHECK(status == TW_OK, "tw_pad_borders status %d: %s", status, tw_last_error());
  CHECK(memcmp(out + GUARD, expected, bytes) == 0, "borders: rank %d size %zu mode %d order %d shape[0]=%lld pb[0]=%lld pe[0]=%lld",
        rank, size, mode, order, (long long)shape[0], (long long)pb[0], (long long)pe[0]);
  for (int i = 0; i < GUARD; i++)
    CHECK(out[i] == GUARD_BYTE && out[GUARD + bytes + i] == GUARD_BYTE, "borders guard");
}


static int maps_checked;

/* The result from tw_pad_maps (pad.h): element (o_0, ..., o_{r-1}) is x's at
 * (map_0[o_0], ...), or the constant when an entry is -1; it must equal
 * tw_pad's bytes, and the maps entry writes nothing past its maps. */
static void check_maps(size_t size, const uint8_t* in, int rank, const int64_t* shape, const int64_t* pb,
                       const int64_t* pe, int mode, int order, const uint8_t* value, const uint8_t* expected,
                       const int64_t* out_shape, int64_t out_count, uint8_t* out) {
  int32_t maps[6 * 64 + 1];
  int64_t entries = 0, first[6];
  for (int d = 0; d < rank; d++) {
    first[d] = entries;
    entries += out_shape[d];
  }
  if (entries > 6 * 64) return;
  maps[entries] = -7;
  CHECK(tw_pad_maps(rank, shape, pb, pe, mode, order, maps, (size_t)entries * 4) == TW_OK, "tw_pad_maps: %s",
        tw_last_error());
  CHECK(maps[entries] == -7, "tw_pad_maps wrote past its maps");
  for (int64_t flat = 0; flat < out_count; flat++) {
    int64_t rem = flat, src = 0, stride = 1;
    for (int d = rank - 1; d >= 0 && src >= 0; d--) {
      const int32_t s = maps[first[d] + rem % out_shape[d]];
      CHECK(s >= -1 && s < shape[d], "map entry %d outside axis %d of length %lld", s, d, (long long)shape[d]);
      src = s < 0 ? -1 : src + s * stride;
      rem /= out_shape[d];
      stride *= shape[d];
    }
    memcpy(out + flat * (int64_t)size, src < 0 ? value : in + src * (int64_t)size, size);
  }
  CHECK(memcmp(out, expected, (size_t)out_count * size) == 0, "maps: rank %d size %zu mode %d order %d shape[0]=%lld pb[0]=%lld pe[0]=%lld",
        rank, size, mode, order, (long long)shape[0], (long long)pb[0], (long long)pe[0]);
  maps_checked++;
}

static void test_random_pads(void) {
  static const size_t sizes[] = {1, 2, 4, 8, 16};
  int cases = 0;
  while (cases < 3000) {
    const int rank = harness_rand_int(1, 6);
    const size_t size = sizes[harness_rand_int(0, 4)];
    const int order = harness_rand_int(0, 1);
    const int mode = order == TW_PAD_ORDER_PAD_THEN_CROP ? (int[]){0, 1, 2, 3, 4}[harness_rand_int(0, 4)]
                                                         : harness_rand_int(0, 4);
    int64_t shape[6], pb[6], pe[6], out_shape[6];
    int64_t in_count = 1;
    for (int d = 0; d < rank; d++) {
      shape[d] = harness_rand_int(rank > 3 ? 1 : 0, rank > 3 ? 4 : 9);
      const int64_t big = shape[d] * 3 + 2; /* oversized pads too */
      pb[d] = harness_rand_int(0, 3) == 0 ? 0 : harness_rand_int(-(int)shape[d], (int)big);
      pe[d] = harness_rand_int(0, 3) == 0 ? 0 : harness_rand_int(-(int)shape[d], (int)big);
      in_count *= shape[d];
    }
    const int32_t status_shape = tw_pad_output_shape(rank, shape, pb, pe, mode, order, out_shape);
    if (status_shape != TW_OK) continue; /* invalid combinations are covered in test_errors */
    int64_t out_count = 1;
    for (int d = 0; d < rank; d++) out_count *= out_shape[d];
    if (out_count > 20000) continue;
    cases++;
    uint8_t* in = malloc((size_t)in_count * size + 1);
    uint8_t* expected = malloc((size_t)out_count * size + 1);
    uint8_t* out = malloc((size_t)out_count * size + 2 * GUARD);
    uint8_t value[16];
    for (int64_t i = 0; i < in_count * (int64_t)size; i++) in[i] = (uint8_t)harness_rand();
    for (int i = 0; i < 16; i++) value[i] = (uint8_t)harness_rand();
    reference_pad(size, in, rank, shape, pb, pe, mode, order, value, expected, out_shape);
    for (int simd = 0; simd <= 1; simd++) {
      tw_set_simd(simd);
      memset(out, GUARD_BYTE, (size_t)out_count * size + 2 * GUARD);
      const int32_t status = tw_pad(dtype_for_size[size], in, (size_t)in_count * size, rank, shape, pb, pe, mode,
                                    order, value, out + GUARD, (size_t)out_count * size);
      CHECK(status == TW_OK, "status %d: %s", status, tw_last_error());
      int same = memcmp(out + GUARD, expected, (size_t)out_count * size) == 0;
      CHECK(same, "rank %d size %zu mode %d order %d simd %d shape[0]=%lld pb[0]=%lld pe[0]=%lld", rank, size, mode,
            order, simd, (long long)shape[0], (long long)pb[0], (long long)pe[0]);
      for (int i = 0; i < GUARD; i++)
        CHECK(out[i] == GUARD_BYTE && out[GUARD + out_count * (int64_t)size + i] == GUARD_BYTE, "guard");
      check_borders(size, in, rank, shape, pb, pe, mode, order, value, expected, out_shape, out_count, out);
    }
    check_maps(size, in, rank, shape, pb, pe, mode, order, value, expected, out_shape, out_count, out);
    free(in);
    free(expected);
    free(out);
  }
  tw_set_simd(1);
  CHECK(borders_self_contained > 1000 && borders_refused > 20, "one-pass cases: %d self-contained, %d refused",
        borders_self_contained, borders_refused);
  CHECK(maps_checked > 1000, "only %d cases checked through the maps", maps_checked);
}

/* Packed 4- and 2-bit: compare against unpacked bytes through the same reference. */
static void test_packed(void) {
  for (int trial = 0; trial < 800; trial++) {
    const int bits = trial % 2 ? 4 : 2;
    const int32_t dtype = bits == 4 ? TW_DTYPE_INT4 : TW_DTYPE_UINT2;
    const int per = 8 / bits, mask = (1 << bits) - 1;
    const int rank = harness_rand_int(1, 3);
    const int mode = harness_rand_int(0, 4), order = (trial / 2) % 2;
    int64_t shape[3], pb[3], pe[3], out_shape[3], in_count = 1, out_count = 1;
    for (int d = 0; d < rank; d++) {
      shape[d] = harness_rand_int(1, 7);
      pb[d] = harness_rand_int(-1, 5);
      pe[d] = harness_rand_int(-1, 5);
      in_count *= shape[d];
    }
    if (tw_pad_output_shape(rank, shape, pb, pe, mode, order, out_shape) != TW_OK) continue;
    for (int d = 0; d < rank; d++) out_count *= out_shape[d];
    uint8_t bytes_in[400], bytes_ref[20000], packed_in[200], packed_out[5000 + GUARD], value = (uint8_t)harness_rand();
    memset(packed_in, 0, sizeof packed_in);
    for (int64_t i = 0; i < in_count; i++) {
      bytes_in[i] = (uint8_t)(harness_rand() & mask);
      packed_in[i / per] |= (uint8_t)(bytes_in[i] << (bits * (i % per)));
    }
    const uint8_t value_bits = value & mask;
    reference_pad(1, bytes_in, rank, shape, pb, pe, mode, order, &value_bits, bytes_ref, out_shape);
    const size_t out_bytes = (size_t)(out_count + per - 1) / per;
    memset(packed_out, GUARD_BYTE, sizeof packed_out);
    const int32_t status = tw_pad(dtype, packed_in, (size_t)(in_count + per - 1) / per, rank, shape, pb, pe, mode, order,
                                  &value, packed_out, out_bytes);
    CHECK(status == TW_OK, "packed status %d %s", status, tw_last_error());
    int same = 1;
    for (int64_t i = 0; i < out_count; i++) same &= ((packed_out[i / per] >> (bits * (i % per))) & mask) == bytes_ref[i];
    CHECK(same, "packed %d-bit mode %d order %d", bits, mode, order);
    if (out_count % per) CHECK((packed_out[out_bytes - 1] >> (bits * (out_count % per))) == 0, "packed tail bits zero");
    CHECK(packed_out[out_bytes] == GUARD_BYTE, "packed guard");
    /* a packed box does not start on a byte: no one-pass result */
    int64_t box[3 * 3];
    int32_t self_contained = -1;
    CHECK(tw_pad_interior(dtype, rank, shape, pb, pe, mode, order, box, &self_contained) == TW_OK && self_contained == 0,
          "packed: tw_pad_interior self_contained %d", self_contained);
    CHECK(tw_pad_borders(dtype, rank, shape, pb, pe, mode, order, NULL, packed_out, out_bytes) == TW_UNSUPPORTED &&
              packed_out[out_bytes] == GUARD_BYTE,
          "packed: tw_pad_borders must refuse");
  }
}

/* A packed crop reads only the elements it keeps: x is 2^32 int2 elements
 * (1 GiB) of which only the first page is readable; the rest is reserved
 * address space that faults on access. Unpacking all of x (what the 32-bit
 * size_t wrap made fatal in wasm32) would fault here. */
static void test_packed_large_crop(void) {
  const size_t in_bytes = (size_t)1 << 30, page = 4096;
  uint8_t* in = mmap(NULL, in_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  CHECK(in != MAP_FAILED, "reserve 1 GiB");
  if (in == MAP_FAILED) return;
  CHECK(mprotect(in, page, PROT_READ | PROT_WRITE) == 0, "first page readable");
  in[0] = 0x4e; /* elements 0..3: 2, 3, 0, 1 (uint2) */
  in[1] = 0xb4; /* elements 4..7: 0, 1, 3, 2 */
  const int64_t shape[] = {INT64_C(1) << 32};
  uint8_t out[2 + GUARD];
  for (int order = 0; order <= 1; order++) {
    memset(out, GUARD_BYTE, sizeof out);
    const int64_t pb[] = {-2}, pe[] = {-((INT64_C(1) << 32) - 6)};
    int32_t status = tw_pad(TW_DTYPE_UINT2, in, in_bytes, 1, shape, pb, pe, TW_PAD_MODE_CONSTANT, order, NULL, out, 1);
    CHECK(status == TW_OK, "packed large crop order %d: %d %s", order, status, tw_last_error());
    CHECK(out[0] == 0x44 && out[1] == GUARD_BYTE, "packed large crop order %d: got 0x%02x", order, out[0]);
  }
  /* keep elements 0..2 (2, 3, 0) and reflect-pad 2 before them: 0, 3, 2, 3, 0 */
  memset(out, GUARD_BYTE, sizeof out);
  const int64_t pb[] = {2}, pe[] = {3 - (INT64_C(1) << 32)};
  const int32_t status = tw_pad(TW_DTYPE_UINT2, in, in_bytes, 1, shape, pb, pe, TW_PAD_MODE_REFLECT, 0, NULL, out, 2);
  CHECK(status == TW_OK, "packed large crop + reflect: %d %s", status, tw_last_error());
  CHECK(out[0] == 0xec && out[1] == 0x00 && out[2] == GUARD_BYTE, "packed large crop + reflect: got 0x%02x 0x%02x",
        out[0], out[1]);
  munmap(in, in_bytes);
}

/* OpenVINO Pad-12: an axis whose pads remove more than its length comes out
 * empty, out_dim = max(n + pb + pe, 0) (SEMANTICS.md §4), in every mode. */
static void test_openvino_negative_total(void) {
  const int64_t shape[] = {2, 3};
  for (int mode = 0; mode <= 4; mode++) {
    int64_t out_shape[2] = {-7, -7};
    const int32_t status = tw_pad_output_shape(2, shape, (int64_t[]){-2, 0}, (int64_t[]){-1, 0}, mode,
                                               TW_PAD_ORDER_PAD_THEN_CROP, out_shape);
    CHECK(status == TW_OK && out_shape[0] == 0 && out_shape[1] == 3, "openvino negative total mode %d: %d %s [%lld, %lld]",
          mode, status, tw_last_error(), (long long)out_shape[0], (long long)out_shape[1]);
    uint8_t in[6] = {1, 2, 3, 4, 5, 6}, out = GUARD_BYTE;
    CHECK(tw_pad(TW_DTYPE_UINT8, in, 6, 2, shape, (int64_t[]){-2, 0}, (int64_t[]){-1, 0}, mode,
                 TW_PAD_ORDER_PAD_THEN_CROP, NULL, &out, 0) == TW_OK && out == GUARD_BYTE,
          "openvino negative total mode %d: tw_pad %s", mode, tw_last_error());
  }
  /* far past the axis, and on an empty axis */
  int64_t out_len = -7;
  CHECK(tw_pad_output_shape(1, (int64_t[]){4}, (int64_t[]){-9}, (int64_t[]){2}, TW_PAD_MODE_CONSTANT,
                            TW_PAD_ORDER_PAD_THEN_CROP, &out_len) == TW_OK && out_len == 0, "crop past the axis");
  CHECK(tw_pad_output_shape(1, (int64_t[]){0}, (int64_t[]){-1}, (int64_t[]){0}, TW_PAD_MODE_EDGE,
                            TW_PAD_ORDER_PAD_THEN_CROP, &out_len) == TW_OK && out_len == 0, "crop an empty axis");
  /* the ONNX form still rejects a crop longer than the axis */
  CHECK(tw_pad_output_shape(1, (int64_t[]){4}, (int64_t[]){-3}, (int64_t[]){-2}, TW_PAD_MODE_CONSTANT,
                            TW_PAD_ORDER_CROP_THEN_PAD, &out_len) != TW_OK, "onnx crop longer than the axis");
}

/* ---- 3. errors ------------------------------------------------------------ */

static void expect_error(const char* what, int32_t dtype, size_t in_bytes, int rank, const int64_t* shape,
                         const int64_t* pb, const int64_t* pe, int mode, int order, size_t out_bytes) {
  uint8_t in[64] = {0}, out[64];
  memset(out, GUARD_BYTE, sizeof out);
  const int32_t status = tw_pad(dtype, in, in_bytes, rank, shape, pb, pe, mode, order, NULL, out, out_bytes);
  CHECK(status != TW_OK, "%s: expected an error", what);
  CHECK(tw_last_error()[0] != '\0', "%s: message", what);
  int untouched = 1;
  for (size_t i = 0; i < sizeof out; i++) untouched &= out[i] == GUARD_BYTE;
  CHECK(untouched, "%s: out written on error", what);
}

static void test_errors(void) {
  const int64_t s4[] = {4}, s0[] = {0}, s22[] = {2, 2};
  expect_error("crop more than the axis", TW_DTYPE_UINT8, 4, 1, s4, (int64_t[]){-3}, (int64_t[]){-2}, 0, 0, 0);
  expect_error("reflect on empty axis", TW_DTYPE_UINT8, 0, 1, s0, (int64_t[]){1}, (int64_t[]){0}, 1, 0, 1);
  expect_error("edge on cropped-empty axis", TW_DTYPE_UINT8, 4, 1, s4, (int64_t[]){-4}, (int64_t[]){1}, 2, 0, 1);
  expect_error("wrap on empty axis", TW_DTYPE_UINT8, 0, 1, s0, (int64_t[]){0}, (int64_t[]){2}, 3, 0, 2);
  expect_error("unknown mode", TW_DTYPE_UINT8, 4, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 9, 0, 6);
  expect_error("unknown order", TW_DTYPE_UINT8, 4, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 7, 6);
  expect_error("unknown dtype", 99, 4, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 6);
  expect_error("string dtype", TW_DTYPE_STRING, 4, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 6);
  expect_error("in_bytes mismatch", TW_DTYPE_FLOAT32, 15, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 24);
  expect_error("out_bytes too small", TW_DTYPE_FLOAT32, 16, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 20);
  expect_error("out_bytes too large", TW_DTYPE_FLOAT32, 16, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 28);
  expect_error("negative dim", TW_DTYPE_UINT8, 0, 1, (int64_t[]){-1}, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 1);
  expect_error("rank too big", TW_DTYPE_UINT8, 4, 99, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, 6);
  expect_error("huge pads", TW_DTYPE_UINT8, 4, 1, s4, (int64_t[]){INT64_MAX}, (int64_t[]){1}, 0, 0, 6);
  expect_error("result larger than memory", TW_DTYPE_FLOAT64, 4 * 8, 2, s22, (int64_t[]){INT64_C(1) << 40, 0},
               (int64_t[]){INT64_C(1) << 40, 0}, 0, 0, 8);
  expect_error("openvino reflect pad > n-1", TW_DTYPE_UINT8, 4, 2, s22, (int64_t[]){0, 2}, (int64_t[]){0, 0}, 1, 1, 8);
  expect_error("openvino symmetric pad > n", TW_DTYPE_UINT8, 4, 2, s22, (int64_t[]){0, 3}, (int64_t[]){0, 0}, 4, 1, 10);

  /* overlapping buffers */
  uint8_t buffer[16] = {0};
  CHECK(tw_pad(TW_DTYPE_UINT8, buffer, 4, 1, s4, (int64_t[]){1}, (int64_t[]){1}, 0, 0, NULL, buffer + 2, 6) != TW_OK,
        "overlap rejected");
}

int main(void) {
  test_kernels();
  test_copy_kernels();
  test_random_pads();
  test_packed();
  test_packed_large_crop();
  test_openvino_negative_total();
  test_errors();
  return TEST_MAIN_RESULT();
}
