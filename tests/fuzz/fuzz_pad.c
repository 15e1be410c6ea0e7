/* libFuzzer harness for tw_pad_output_shape and tw_pad (src/pad/pad.h).
 *
 * Input (encoding in fuzz.h):
 *   placement byte   bits 5-7: 1 value pointer NULL (zero), 2 shape and pad
 *                    pointers NULL, 4 unused
 *   byte dtype       dtype = b % 32 (1..26 are tw_dtype values)
 *   byte rank        b < 0xC0: b % 8;  b < 0xF0: b % 34;  else (int8_t)b (negative)
 *   byte mode        b % 6 (5 is not a mode)
 *   byte order       b % 3 (2 is not an order)
 *   int  in_shape[rank], pads_begin[rank], pads_end[rank]
 *   16 bytes         the constant (its first element-size bytes are used)
 *   tail             x's data
 *
 * Beyond fuzz.h's checks: tw_pad_output_shape writes nothing on failure and
 * agrees with tw_pad (a shape it rejects, tw_pad rejects); a valid call with
 * exact buffers succeeds; and every result equals a plain reference that maps
 * each output element through pad.h's index rules one at a time. */
#include "fuzz.h"

#include "common/dtype.h"
#include "pad/pad.h"

typedef struct pad_args {
  int32_t dtype, rank, mode, order;
  const int64_t *shape, *begin, *end;
  const void* value;
  const fz_buf *in, *out;
} pad_args;

static int32_t call_pad(const void* a) {
  const pad_args* p = a;
  return tw_pad(p->dtype, p->in->p, p->in->bytes, p->rank, p->shape, p->begin, p->end, p->mode, p->order, p->value,
                p->out->p, p->out->bytes);
}

/* ---- the reference ------------------------------------------------------------ */

static int64_t floor_mod(int64_t i, int64_t n) { return ((i % n) + n) % n; }

/* Source index on an axis of n elements for position i (pad.h's src(i, n)),
 * or -1 for the constant. */
static int64_t source_index(int64_t i, int64_t n, int32_t mode) {
  if (i >= 0 && i < n) return i;
  switch (mode) {
    case TW_PAD_MODE_EDGE: return i < 0 ? 0 : n - 1;
    case TW_PAD_MODE_WRAP: return floor_mod(i, n);
    case TW_PAD_MODE_REFLECT: {
      if (n == 1) return 0;
      const int64_t period = 2 * (n - 1), j = floor_mod(i, period);
      return j < n ? j : period - j;
    }
    case TW_PAD_MODE_SYMMETRIC: {
      const int64_t period = 2 * n, j = floor_mod(i, period);
      return j < n ? j : period - 1 - j;
    }
    default: return -1;
  }
}

static int64_t max0(int64_t v) { return v > 0 ? v : 0; }

/* Element `index` of a packed or whole-byte tensor, as up to 16 bytes. */
static void get_element(const uint8_t* data, unsigned bits, uint64_t index, uint8_t* out) {
  if (bits < 8) {
    const unsigned per_byte = 8 / bits;
    out[0] = (uint8_t)((data[index / per_byte] >> (bits * (index % per_byte))) & ((1u << bits) - 1));
  } else {
    memcpy(out, data + index * (bits / 8), bits / 8);
  }
}

static void put_element(uint8_t* data, unsigned bits, uint64_t index, const uint8_t* element) {
  if (bits < 8) {
    const unsigned per_byte = 8 / bits;
    data[index / per_byte] |= (uint8_t)((element[0] & ((1u << bits) - 1)) << (bits * (index % per_byte)));
  } else {
    memcpy(data + index * (bits / 8), element, bits / 8);
  }
}

/* The expected output of a valid call (out_bytes bytes; packed padding bits 0). */
static void reference_pad(const pad_args* p, const int64_t* out_shape, uint64_t out_count, unsigned bits,
                          uint8_t* expected, size_t out_bytes) {
  static const uint8_t zero[16];
  const uint8_t* value = p->value ? p->value : zero;
  memset(expected, 0, out_bytes);
  int64_t position[TW_PAD_MAX_RANK] = {0};
  for (uint64_t k = 0; k < out_count; k++) {
    int64_t source = 0;
    int constant = 0;
    for (int d = 0; d < p->rank; d++) {
      const int64_t n = p->shape[d], pb = p->begin[d], pe = p->end[d];
      int64_t index;
      if (p->order == TW_PAD_ORDER_CROP_THEN_PAD) {
        const int64_t crop_begin = max0(-pb), kept = n - crop_begin - max0(-pe);
        index = source_index(position[d] - max0(pb), kept, p->mode);
        if (index >= 0) index += crop_begin;
      } else {
        index = source_index(position[d] - pb, n, p->mode);
      }
      if (index < 0) constant = 1;
      source = source * n + (index < 0 ? 0 : index);
    }
    uint8_t element[16];
    if (constant) memcpy(element, value, bits < 8 ? 1 : bits / 8);
    else get_element(p->in->p, bits, (uint64_t)source, element);
    put_element(expected, bits, k, element);
    for (int d = p->rank - 1; d >= 0; d--) { /* next output position, row-major */
      if (++position[d] < out_shape[d]) break;
      position[d] = 0;
    }
  }
}

/* ---- sizes ----------------------------------------------------------------------- */

static uint64_t storage(unsigned bits, uint64_t count) {
  if (count == UINT64_MAX || bits == 0) return count == UINT64_MAX ? UINT64_MAX : 0;
  return count > (UINT64_MAX - 7) / bits ? UINT64_MAX : (count * bits + 7) / 8;
}

/* ---- one input --------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const int32_t dtype = fz_byte(&in) % 32;
  const uint8_t rank_byte = fz_byte(&in);
  const int32_t rank = rank_byte < 0xC0 ? rank_byte % 8 : rank_byte < 0xF0 ? rank_byte % 34 : (int8_t)rank_byte;
  const int32_t mode = fz_byte(&in) % 6, order = fz_byte(&in) % 3;
  const int axes = rank > 0 ? rank : 0;
  int64_t* shape = malloc(sizeof(int64_t) * (size_t)(3 * axes + 1));
  FZ_CHECK(shape != NULL, "malloc");
  int64_t *begin = shape + axes, *end = shape + 2 * axes;
  for (int i = 0; i < 3 * axes; i++) shape[i] = fz_int(&in);
  uint8_t value_bytes[16];
  for (int i = 0; i < 16; i++) value_bytes[i] = fz_byte(&in);
  fz_begin_tail(&in);
  const int null_value = place.flags & 1, null_shapes = (place.flags & 2) && axes > 0;

  /* tw_pad_output_shape: writes out_shape on success only */
  int64_t* out_shape = malloc(sizeof(int64_t) * (size_t)(axes + 1));
  FZ_CHECK(out_shape != NULL, "malloc");
  for (int d = 0; d < axes; d++) out_shape[d] = INT64_C(0x7B7B7B7B7B7B7B7B);
  const int32_t shape_status = tw_pad_output_shape(rank, null_shapes ? NULL : shape, null_shapes ? NULL : begin,
                                                   null_shapes ? NULL : end, mode, order, out_shape);
  FZ_CHECK(shape_status >= TW_OK && shape_status <= TW_OUT_OF_MEMORY, "status %d", shape_status);
  for (int d = 0; d < axes && shape_status != TW_OK; d++)
    FZ_CHECK(out_shape[d] == INT64_C(0x7B7B7B7B7B7B7B7B), "failed tw_pad_output_shape wrote out_shape[%d]", d);
  for (int d = 0; d < axes && shape_status == TW_OK; d++) {
    const int64_t n = shape[d], pb = begin[d], pe = end[d];
    const int64_t expect = order == TW_PAD_ORDER_CROP_THEN_PAD ? n - max0(-pb) - max0(-pe) + max0(pb) + max0(pe)
                                                               : max0(n + pb + pe); /* SEMANTICS §4 */
    FZ_CHECK(out_shape[d] == expect, "out_shape[%d] = %lld, expected %lld", d, (long long)out_shape[d],
             (long long)expect);
  }

  /* buffers: exact when the shapes are valid and small, small otherwise */
  const unsigned bits = tw_dtype_bits(dtype);
  const uint64_t in_count = fz_count_of(shape, axes, UINT64_C(1) << 62);
  const uint64_t out_count = shape_status == TW_OK ? fz_count_of(out_shape, axes, UINT64_C(1) << 62) : 0;
  int big = 0;
  const size_t in_need = fz_budget(storage(bits ? bits : 8, in_count), &big);
  const size_t out_need = shape_status == TW_OK ? fz_budget(storage(bits ? bits : 8, out_count), &big) : 16;
  fz_buf bufs[1] = {{.bytes = big ? 64 : fz_count(in_need, &place, 0)}};
  fz_buf out = {.bytes = big ? 48 : fz_count(out_need, &place, 1)};
  fz_place_buffers(&place, bufs, 1, &out);
  if (bufs[0].p) fz_fill(&in, bufs[0].p, bufs[0].bytes);
  const size_t value_size = bits >= 8 ? bits / 8 : 1;
  uint8_t* value = null_value ? NULL : malloc(value_size);
  if (value) memcpy(value, value_bytes, value_size);

  fz_snapshot readonly = {0};
  fz_keep(&readonly, bufs[0].p, bufs[0].bytes);
  fz_keep(&readonly, value, value_size);
  fz_keep(&readonly, shape, sizeof(int64_t) * (size_t)(3 * axes));
  const pad_args args = {dtype,  rank, mode, order, null_shapes ? NULL : shape, null_shapes ? NULL : begin,
                         null_shapes ? NULL : end, value, &bufs[0], &out};
  const int overlapping = fz_overlap(bufs[0].p, bufs[0].bytes, out.p, out.bytes);
  const int32_t status = fz_two_runs(call_pad, &args, out.p, out.bytes, &readonly, overlapping);

  if (shape_status != TW_OK) FZ_CHECK(status != TW_OK, "tw_pad accepted what tw_pad_output_shape rejected");
  if (big) FZ_CHECK(status != TW_OK, "tw_pad accepted buffers smaller than its shapes need");
  const int exact = !big && place.counts < 2 && place.where != FZ_PLACE_NULL &&
                    !(place.where == FZ_PLACE_OVERLAP && overlapping);
  if (shape_status == TW_OK && bits != 0 && exact)
    FZ_CHECK(status == TW_OK || status == TW_OUT_OF_MEMORY, "a valid call failed with status %d", status);
  if (status == TW_OK && out.bytes > 0) {
    uint8_t* expected = malloc(out.bytes);
    FZ_CHECK(expected != NULL, "malloc");
    reference_pad(&args, out_shape, out_count, bits, expected, out.bytes);
    for (size_t i = 0; i < out.bytes; i++)
      FZ_CHECK(out.p[i] == expected[i], "output byte %zu is 0x%02x, the reference says 0x%02x", i, out.p[i],
               expected[i]);
    free(expected);
  }

  fz_release(&readonly);
  free(value);
  fz_free(&out);
  fz_free(&bufs[0]);
  free(out_shape);
  free(shape);
  return 0;
}
