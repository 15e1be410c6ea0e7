/* Pad entry layer: validates everything (it never trusts the caller), turns
 * both pad orders into tw_pad_axis form, and hands packed sub-byte types to
 * a byte-per-element detour. Spec logic lives here and in pad-execute.c's
 * index map, not in the micro-kernels. */
#include <stdlib.h>
#include <string.h>

#include "common/checked.h"
#include "common/heap.h"
#include "common/dtype.h"
#include "common/heap.h"
#include "pad-plan.h"

/* Pads and dims beyond 2^60 cannot describe a tensor that fits in memory;
 * bounding them keeps every sum below in int64 range. */
#define PAD_LIMIT (INT64_C(1) << 60)

static const char* mode_name(int32_t mode) {
  static const char* const names[] = {"constant", "reflect", "edge", "wrap", "symmetric"};
  return mode >= 0 && mode < 5 ? names[mode] : "?";
}

static int64_t max0(int64_t v) { return v > 0 ? v : 0; }

static tw_status describe_axes(int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                               const int64_t* pads_end, int32_t mode, int32_t order, tw_pad_axis* axes) {
  if (rank < 0 || rank > TW_PAD_MAX_RANK)
    return tw_fail(TW_INVALID_ARGUMENT, "x: rank %d is outside [0, %d]", rank, TW_PAD_MAX_RANK);
  if (mode < TW_PAD_MODE_CONSTANT || mode > TW_PAD_MODE_SYMMETRIC)
    return tw_fail(TW_INVALID_ARGUMENT, "mode: unknown pad mode %d", mode);
  if (order != TW_PAD_ORDER_CROP_THEN_PAD && order != TW_PAD_ORDER_PAD_THEN_CROP)
    return tw_fail(TW_INVALID_ARGUMENT, "order: unknown pad order %d", order);
  if (rank > 0 && (!in_shape || !pads_begin || !pads_end))
    return tw_fail(TW_INVALID_ARGUMENT, "pads: shape or pads pointer is NULL");
  for (int d = 0; d < rank; d++) {
    const int64_t n = in_shape[d], pb = pads_begin[d], pe = pads_end[d];
    if (n < 0 || n > PAD_LIMIT)
      return tw_fail(TW_INVALID_ARGUMENT, "x: dimension %d has invalid length %lld", d, (long long)n);
    if (pb < -PAD_LIMIT || pb > PAD_LIMIT || pe < -PAD_LIMIT || pe > PAD_LIMIT)
      return tw_fail(TW_INVALID_ARGUMENT, "pads: axis %d pads (%lld, %lld) are out of range", d,
                     (long long)pb, (long long)pe);
    tw_pad_axis* axis = &axes[d];
    axis->in_len = n;
    if (order == TW_PAD_ORDER_CROP_THEN_PAD) {
      const int64_t crop_begin = max0(-pb), crop_end = max0(-pe);
      if (crop_begin + crop_end > n)
        return tw_fail(TW_INVALID_ARGUMENT,
                       "pads: axis %d has length %lld but the negative pads remove %lld elements", d,
                       (long long)n, (long long)(crop_begin + crop_end));
      axis->src_begin = crop_begin;
      axis->src_len = n - crop_begin - crop_end;
      axis->shift = max0(pb);
      axis->out_len = axis->src_len + max0(pb) + max0(pe);
    } else {
      axis->src_begin = 0;
      axis->src_len = n;
      axis->shift = pb;
      axis->out_len = max0(n + pb + pe); /* pads removing more than the axis leave it empty (SEMANTICS §4) */
      /* OpenVINO Pad-12: one reflection only, so a pad may not exceed it. */
      const int64_t bound = mode == TW_PAD_MODE_REFLECT ? n - 1 : mode == TW_PAD_MODE_SYMMETRIC ? n : PAD_LIMIT;
      if ((pb > 0 && pb > bound) || (pe > 0 && pe > bound))
        return tw_fail(TW_INVALID_ARGUMENT, "pads: %s padding of axis %d (length %lld) allows at most %lld, got (%lld, %lld)",
                       mode_name(mode), d, (long long)n, (long long)max0(bound), (long long)pb, (long long)pe);
    }
    if (axis->src_len == 0 && axis->out_len > 0 && mode != TW_PAD_MODE_CONSTANT)
      return tw_fail(TW_INVALID_ARGUMENT, "pads: axis %d is empty%s; %s padding needs at least one element",
                     d, n ? " after cropping" : "", mode_name(mode));
  }
  return TW_OK;
}

int32_t tw_pad_output_shape(int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                            const int64_t* pads_end, int32_t mode, int32_t order, int64_t* out_shape) {
  tw_pad_axis axes[TW_PAD_MAX_RANK];
  const tw_status status = describe_axes(rank, in_shape, pads_begin, pads_end, mode, order, axes);
  if (status != TW_OK) return status;
  if (rank > 0 && !out_shape) return tw_fail(TW_INVALID_ARGUMENT, "out_shape: NULL");
  for (int d = 0; d < rank; d++) out_shape[d] = axes[d].out_len;
  return TW_OK;
}

/* Element count of a shape, or UINT64_MAX if it exceeds 2^62. */
static uint64_t element_count(const tw_pad_axis* axes, int rank, int use_out) {
  uint64_t count = 1;
  for (int d = 0; d < rank; d++) {
    const uint64_t len = (uint64_t)(use_out ? axes[d].out_len : axes[d].in_len);
    if (len == 0) return 0;
    if (count > (UINT64_C(1) << 62) / len) return UINT64_MAX;
    count *= len;
  }
  return count;
}

/* Packed element i of `in` (bits per element, first element in the low bits). */
static uint8_t packed_element(const uint8_t* in, unsigned bits, uint64_t i) {
  const unsigned per_byte = 8 / bits;
  return (uint8_t)((in[i / per_byte] >> (bits * (i % per_byte))) & ((1u << bits) - 1));
}

/* The range [*begin, *begin + *len) of input indices that some output index of
 * `axis` reads; *len = 0 if none does (every output element is the constant).
 * Scans the axis once: the cost is of the order of the output's elements. */
static void read_range(const tw_pad_axis* axis, tw_pad_mode mode, int64_t* begin, int64_t* len) {
  int64_t lo = INT64_MAX, hi = -1;
  for (int64_t o = 0; o < axis->out_len; o++) {
    const int64_t s = tw_pad_source_index(axis, mode, o);
    if (s < 0) continue;
    lo = s < lo ? s : lo;
    hi = s > hi ? s : hi;
  }
  *begin = hi < 0 ? 0 : lo;
  *len = hi < 0 ? 0 : hi - lo + 1;
}

/* Unpacks the box [begin[d], begin[d] + len[d]) of the packed input (shape
 * axes[d].in_len) into one byte per element, row-major. */
static void unpack_box(const uint8_t* in, unsigned bits, int rank, const tw_pad_axis* axes, const int64_t* begin,
                       const int64_t* len, uint8_t* dst) {
  uint64_t stride[TW_PAD_MAX_RANK], s = 1;
  for (int d = rank - 1; d >= 0; d--) {
    stride[d] = s;
    s *= (uint64_t)axes[d].in_len;
  }
  const int row = rank - 1;
  const int64_t row_begin = rank ? begin[row] : 0, row_len = rank ? len[row] : 1;
  int64_t c[TW_PAD_MAX_RANK] = {0};
  for (;;) {
    uint64_t first = (uint64_t)row_begin;
    for (int d = 0; d < row; d++) first += (uint64_t)(begin[d] + c[d]) * stride[d];
    for (int64_t i = 0; i < row_len; i++) *dst++ = packed_element(in, bits, first + (uint64_t)i);
    int d = row - 1;
    for (; d >= 0 && ++c[d] == len[d]; d--) c[d] = 0;
    if (d < 0) return;
  }
}

/* Packed 2-/4-bit types: unpack the part of x that the output reads to one
 * byte per element, pad those bytes, pack again. The unused high bits of the
 * last output byte are zero. Only the part read is unpacked, so a crop of a
 * large input costs what it keeps. */
static tw_status pad_packed(tw_pad_problem* problem, unsigned bits, const uint8_t* in, uint8_t* out,
                            uint64_t out_count, size_t out_bytes) {
  const uint8_t value = (uint8_t)(*(const uint8_t*)problem->value & ((1u << bits) - 1));
  problem->value = &value;
  problem->element_size = 1;
  int64_t begin[TW_PAD_MAX_RANK], len[TW_PAD_MAX_RANK];
  tw_pad_problem box = *problem;
  uint64_t box_count = 1;
  for (int d = 0; d < problem->rank; d++) {
    read_range(&problem->axes[d], problem->mode, &begin[d], &len[d]);
    box_count *= (uint64_t)len[d]; /* <= the input's count */
    /* the same index map, relative to the box */
    box.axes[d].in_len = len[d];
    box.axes[d].src_begin -= begin[d];
  }
  int overflow = 0;
  const uint64_t scratch_bytes = tw_add_u64(box_count, out_count, &overflow);
  if (overflow || !tw_fits_size(scratch_bytes))
    return tw_fail(TW_OUT_OF_MEMORY, "pads: %llu + %llu unpacked %u-bit elements do not fit in this address space",
                   (unsigned long long)box_count, (unsigned long long)out_count, bits);
  uint8_t* scratch = malloc(scratch_bytes ? (size_t)scratch_bytes : 1);
  if (!scratch) return tw_fail(TW_OUT_OF_MEMORY, "scratch: no memory for unpacking %u-bit elements", bits);
  uint8_t* unpacked_in = scratch;
  uint8_t* unpacked_out = scratch + box_count;
  tw_status status = TW_OK;
  if (box_count == 0) {
    memset(unpacked_out, value, (size_t)out_count); /* nothing of x is read */
  } else {
    unpack_box(in, bits, problem->rank, problem->axes, begin, len, unpacked_in);
    status = tw_pad_execute(&box, unpacked_in, unpacked_out);
  }
  if (status == TW_OK) {
    memset(out, 0, out_bytes);
    const unsigned per_byte = 8 / bits;
    for (uint64_t i = 0; i < out_count; i++)
      out[i / per_byte] |= (uint8_t)(unpacked_out[i] << (bits * (i % per_byte)));
  }
  free(scratch);
  return status;
}

int32_t tw_pad(int32_t dtype, const void* in, size_t in_bytes, int32_t rank, const int64_t* in_shape,
               const int64_t* pads_begin, const int64_t* pads_end, int32_t mode, int32_t order,
               const void* value, void* out, size_t out_bytes) {
  const unsigned bits = tw_dtype_bits(dtype);
  if (bits == 0) return tw_fail(TW_UNSUPPORTED, "x: element type %d has no fixed size (string tensors are padded by the JS layer)", dtype);
  tw_pad_problem problem = {.rank = rank, .mode = (tw_pad_mode)mode};
  tw_status status = describe_axes(rank, in_shape, pads_begin, pads_end, mode, order, problem.axes);
  if (status != TW_OK) return status;

  const uint64_t in_count = element_count(problem.axes, rank, 0);
  const uint64_t out_count = element_count(problem.axes, rank, 1);
  if (in_count == UINT64_MAX || !tw_fits_size(tw_dtype_storage_bytes(dtype, in_count)))
    return tw_fail(TW_INVALID_ARGUMENT, "x: the shape's storage is too large for this address space");
  if (out_count == UINT64_MAX || !tw_fits_size(tw_dtype_storage_bytes(dtype, out_count)))
    return tw_fail(TW_OUT_OF_MEMORY, "pads: the result is too large for this address space");
  if (tw_dtype_storage_bytes(dtype, in_count) != in_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "x: %zu data bytes given, the shape needs %llu", in_bytes,
                   (unsigned long long)tw_dtype_storage_bytes(dtype, in_count));
  if (tw_dtype_storage_bytes(dtype, out_count) != out_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "out: %zu bytes given, the result needs %llu", out_bytes,
                   (unsigned long long)tw_dtype_storage_bytes(dtype, out_count));
  if ((in_bytes && !in) || (out_bytes && !out)) return tw_fail(TW_INVALID_ARGUMENT, "x/out: NULL data pointer");
  if ((status = tw_check_heap_range("x", in, in_bytes)) != TW_OK) return status;
  if ((status = tw_check_heap_range("out", out, out_bytes)) != TW_OK) return status;
  if (value && (status = tw_check_parameter_range("value", value, bits < 8 ? 1 : bits / 8)) != TW_OK) return status;
  if (tw_ranges_overlap(in, in_bytes, out, out_bytes)) return tw_fail(TW_INVALID_ARGUMENT, "out: overlaps x");
  if (out_count == 0) return TW_OK;

  static const uint8_t zero[16];
  problem.value = value ? value : zero;
  if (bits < 8) return pad_packed(&problem, bits, in, out, out_count, out_bytes);
  problem.element_size = bits / 8;
  return tw_pad_execute(&problem, in, out);
}

/* ---- a fresh result in one pass (pad.h) ---------------------------------- */

/* The box of axis `a`: x's [*x_begin, *x_begin + *len) at output [*out_begin, ...). */
static void axis_box(const tw_pad_axis* a, int64_t* x_begin, int64_t* out_begin, int64_t* len) {
  int64_t begin, end;
  tw_pad_interior_of(a, &begin, &end);
  *out_begin = begin;
  *len = end - begin;
  *x_begin = a->src_begin + begin - a->shift;
}

/* Every output index of `a` outside its box reads the constant or an input
 * index inside the box. Decided in O(1), conservatively: all of an axis's
 * reads lie in its source region, so a box that holds that whole region
 * qualifies (always so for ONNX Pad), as does an axis with no border or a
 * constant one. A crop the borders might read past (OpenVINO Pad-12, a
 * negative pad beside a non-constant one) is left to tw_pad; scanning the
 * border instead would cost the pads' length, which can be 2^60. */
static int borders_read_inside(const tw_pad_axis* a, tw_pad_mode mode, int64_t x_begin, int64_t len) {
  if (mode == TW_PAD_MODE_CONSTANT || len == a->out_len) return 1;
  return x_begin == a->src_begin && len == a->src_len;
}

/* Whether tw_pad_borders can complete the output from the box alone. */
static int is_self_contained(unsigned bits, const tw_pad_axis* axes, int rank, tw_pad_mode mode) {
  if (bits < 8) return 0; /* a packed box does not start on a byte */
  for (int d = 0; d < rank; d++)
    if (axes[d].out_len == 0 || axes[d].src_len == 0) return 1; /* empty, or all constant: nothing is read */
  for (int d = 0; d < rank; d++) {
    int64_t x_begin, out_begin, len;
    axis_box(&axes[d], &x_begin, &out_begin, &len);
    if (!borders_read_inside(&axes[d], mode, x_begin, len)) return 0;
  }
  return 1;
}

int32_t tw_pad_interior(int32_t dtype, int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                        const int64_t* pads_end, int32_t mode, int32_t order, int64_t* box, int32_t* self_contained) {
  const unsigned bits = tw_dtype_bits(dtype);
  if (bits == 0) return tw_fail(TW_UNSUPPORTED, "x: element type %d has no fixed size", dtype);
  tw_pad_axis axes[TW_PAD_MAX_RANK];
  const tw_status status = describe_axes(rank, in_shape, pads_begin, pads_end, mode, order, axes);
  if (status != TW_OK) return status;
  if ((rank > 0 && !box) || !self_contained) return tw_fail(TW_INVALID_ARGUMENT, "box: NULL");
  for (int d = 0; d < rank; d++) axis_box(&axes[d], &box[3 * d], &box[3 * d + 1], &box[3 * d + 2]);
  *self_contained = is_self_contained(bits, axes, rank, (tw_pad_mode)mode);
  return TW_OK;
}

int32_t tw_pad_borders(int32_t dtype, int32_t rank, const int64_t* in_shape, const int64_t* pads_begin,
                       const int64_t* pads_end, int32_t mode, int32_t order, const void* value, void* out,
                       size_t out_bytes) {
  const unsigned bits = tw_dtype_bits(dtype);
  if (bits == 0) return tw_fail(TW_UNSUPPORTED, "x: element type %d has no fixed size", dtype);
  tw_pad_problem problem = {.rank = rank, .mode = (tw_pad_mode)mode, .in_inside_out = 1};
  tw_status status = describe_axes(rank, in_shape, pads_begin, pads_end, mode, order, problem.axes);
  if (status != TW_OK) return status;
  if (!is_self_contained(bits, problem.axes, rank, problem.mode))
    return tw_fail(bits < 8 ? TW_UNSUPPORTED : TW_INVALID_ARGUMENT,
                   "pads: the borders of this result read elements of x outside the box it keeps; use tw_pad");
  const uint64_t out_count = element_count(problem.axes, rank, 1);
  if (out_count == UINT64_MAX || !tw_fits_size(tw_dtype_storage_bytes(dtype, out_count)))
    return tw_fail(TW_OUT_OF_MEMORY, "pads: the result is too large for this address space");
  if (tw_dtype_storage_bytes(dtype, out_count) != out_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "out: %zu bytes given, the result needs %llu", out_bytes,
                   (unsigned long long)tw_dtype_storage_bytes(dtype, out_count));
  if (out_bytes && !out) return tw_fail(TW_INVALID_ARGUMENT, "out: NULL data pointer");
  problem.element_size = bits / 8;
  if ((status = tw_check_heap_range("out", out, out_bytes)) != TW_OK) return status;
  if (value && (status = tw_check_parameter_range("value", value, problem.element_size)) != TW_OK) return status;
  if (out_count == 0) return TW_OK;

  static const uint8_t zero[16];
  problem.value = value ? value : zero;
  /* The box as the input: its rows lie in out, out_len apart; the same index
   * map, relative to the box's first element. */
  uint64_t origin = 0; /* the box's first element, as an output element index; < out_count */
  for (int d = 0; d < rank; d++) {
    tw_pad_axis* a = &problem.axes[d];
    int64_t x_begin, out_begin, len;
    axis_box(a, &x_begin, &out_begin, &len);
    origin = origin * (uint64_t)a->out_len + (uint64_t)(len ? out_begin : 0);
    a->in_len = len;
    a->src_begin -= x_begin;
  }
  return tw_pad_execute(&problem, (const uint8_t*)out + origin * problem.element_size, out);
}

/* ---- index maps (pad.h) -------------------------------------------------- */

int32_t tw_pad_maps(int32_t rank, const int64_t* in_shape, const int64_t* pads_begin, const int64_t* pads_end,
                    int32_t mode, int32_t order, int32_t* maps, size_t maps_bytes) {
  tw_pad_axis axes[TW_PAD_MAX_RANK];
  tw_status status = describe_axes(rank, in_shape, pads_begin, pads_end, mode, order, axes);
  if (status != TW_OK) return status;
  int overflow = 0;
  uint64_t entries = 0;
  for (int d = 0; d < rank; d++) {
    if (axes[d].in_len > INT32_MAX)
      return tw_fail(TW_UNSUPPORTED, "x: axis %d has %lld elements; its map holds int32 indices", d,
                     (long long)axes[d].in_len);
    entries = tw_add_u64(entries, (uint64_t)axes[d].out_len, &overflow);
  }
  const uint64_t bytes = tw_mul_u64(entries, sizeof *maps, &overflow);
  if (overflow || bytes != maps_bytes)
    return tw_fail(TW_INVALID_ARGUMENT, "maps: the output lengths need %s%llu bytes, got %zu", overflow ? "over " : "",
                   (unsigned long long)bytes, maps_bytes);
  if ((status = tw_check_heap_range("maps", maps, maps_bytes)) != TW_OK) return status;
  for (int d = 0; d < rank; d++) {
    for (int64_t o = 0; o < axes[d].out_len; o++) *maps++ = (int32_t)tw_pad_source_index(&axes[d], (tw_pad_mode)mode, o);
  }
  return TW_OK;
}
