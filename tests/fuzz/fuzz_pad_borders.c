/* libFuzzer harness for Pad's one-pass fresh result: tw_pad_interior and
 * tw_pad_borders (src/pad/pad.h).
 *
 * Input: fuzz_pad's header (placement byte, dtype, rank, mode, order, the
 * shape and pads as ints, 16 bytes of constant), then x's data as the tail.
 * Placement: where 4 misaligns out, 7 passes NULL; counts 3 passes out's byte
 * count off by the delta. Flags bit 0: the constant pointer is NULL.
 *
 * Checks: tw_pad_interior agrees with tw_pad_output_shape on what is valid,
 * and its box lies inside x and inside the output. When the problem is valid
 * and small: the output is prefilled with a pattern, x's box copied in, and
 * tw_pad_borders run with the SIMD and with the scalar kernels; if the
 * interior said self-contained and the byte count is right it must succeed
 * and give tw_pad's bytes exactly; otherwise it must fail and leave every
 * byte as it was. */
#include "fuzz.h"

#include "common/dtype.h"
#include "pad/pad.h"

/* x's box (box[3d]: first x index, box[3d + 1]: first output index,
 * box[3d + 2]: length) into out, element by element. */
static void copy_box(size_t size, const uint8_t* in, const int64_t* shape, uint8_t* out, const int64_t* out_shape,
                     int rank, const int64_t* box) {
  uint64_t total = 1;
  for (int d = 0; d < rank; d++) total *= (uint64_t)box[3 * d + 2];
  for (uint64_t flat = 0; flat < total; flat++) {
    uint64_t rem = flat, src = 0, dst = 0, src_stride = 1, dst_stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
      const uint64_t j = rem % (uint64_t)box[3 * d + 2];
      rem /= (uint64_t)box[3 * d + 2];
      src += ((uint64_t)box[3 * d] + j) * src_stride;
      dst += ((uint64_t)box[3 * d + 1] + j) * dst_stride;
      src_stride *= (uint64_t)shape[d];
      dst_stride *= (uint64_t)out_shape[d];
    }
    memcpy(out + dst * size, in + src * size, size);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const fz_pad_header h = fz_read_pad_header(&in);
  int64_t out_shape[6], box[18];
  fz_begin_tail(&in);

  int32_t self_contained = -1;
  const int32_t interior =
      tw_pad_interior(h.dtype, h.rank, h.shape, h.begin, h.end, h.mode, h.order, box, &self_contained);
  const int32_t shape_status = tw_pad_output_shape(h.rank, h.shape, h.begin, h.end, h.mode, h.order, out_shape);
  FZ_CHECK(interior >= TW_OK && interior <= TW_OUT_OF_MEMORY, "status %d", interior);
  const unsigned bits = tw_dtype_bits(h.dtype);
  FZ_CHECK((interior == TW_OK) == (shape_status == TW_OK && bits != 0), "tw_pad_interior %d, tw_pad_output_shape %d",
           interior, shape_status);
  if (interior != TW_OK) return 0;
  FZ_CHECK(self_contained == 0 || self_contained == 1, "self_contained %d", self_contained);
  if (bits < 8) FZ_CHECK(!self_contained, "a packed type called self-contained");
  for (int d = 0; d < h.rank; d++) {
    const int64_t x_begin = box[3 * d], out_begin = box[3 * d + 1], len = box[3 * d + 2];
    FZ_CHECK(len >= 0 && (len == 0 || (x_begin >= 0 && x_begin + len <= h.shape[d] && out_begin >= 0 &&
                                       out_begin + len <= out_shape[d])),
             "axis %d: box (%lld, %lld, %lld) outside x (%lld) or the output (%lld)", d, (long long)x_begin,
             (long long)out_begin, (long long)len, (long long)h.shape[d], (long long)out_shape[d]);
  }

  const uint64_t limit = UINT64_C(1) << 40; /* far past FZ_MAX_BYTES; times 16 bytes still fits */
  const uint64_t in_count = fz_count_of(h.shape, h.rank, limit), out_count = fz_count_of(out_shape, h.rank, limit);
  const size_t element = bits >= 8 ? bits / 8 : 1;
  if (bits < 8 || in_count == UINT64_MAX || out_count == UINT64_MAX || in_count * element > FZ_MAX_BYTES ||
      out_count * element > FZ_MAX_BYTES)
    return 0;
  const size_t in_bytes = (size_t)in_count * element, out_bytes = (size_t)out_count * element;
  uint8_t* x = malloc(in_bytes ? in_bytes : 1);
  uint8_t* expected = malloc(out_bytes ? out_bytes : 1);
  FZ_CHECK(x && expected, "malloc");
  fz_fill(&in, x, in_bytes);
  const void* constant = place.flags & 1 ? NULL : h.value;
  const int32_t full =
      tw_pad(h.dtype, x, in_bytes, h.rank, h.shape, h.begin, h.end, h.mode, h.order, constant, expected, out_bytes);
  FZ_CHECK(full == TW_OK || full == TW_OUT_OF_MEMORY, "tw_pad failed with %d on a valid call", full);

  /* out as the placement asks: exact, misaligned, NULL, or its count off */
  size_t passed = out_bytes;
  if (place.counts == 3) passed = (size_t)((int64_t)out_bytes + place.delta < 0 ? 0 : (int64_t)out_bytes + place.delta);
  const size_t offset = place.where == FZ_PLACE_OUT_MISALIGNED ? place.offset : 0;
  const size_t held = (passed > out_bytes ? passed : out_bytes) + offset;
  uint8_t* block = malloc(held ? held : 1);
  uint8_t* before = malloc(held ? held : 1);
  FZ_CHECK(block && before, "malloc");
  uint8_t* out = place.where == FZ_PLACE_NULL ? NULL : block + offset;
  const int should_work = self_contained && passed == out_bytes && (out || out_bytes == 0) && full == TW_OK;

  for (int run = 0; run < 2; run++) {
    memset(block, run ? 0x5A : 0xA5, held);
    if (out && self_contained) copy_box(element, x, h.shape, out, out_shape, h.rank, box);
    memcpy(before, block, held);
    tw_set_simd(run == 0);
    const int32_t status =
        tw_pad_borders(h.dtype, h.rank, h.shape, h.begin, h.end, h.mode, h.order, constant, out, passed);
    tw_set_simd(1);
    FZ_CHECK(status >= TW_OK && status <= TW_OUT_OF_MEMORY, "status %d", status);
    if (status != TW_OK) {
      FZ_CHECK(!should_work || status == TW_OUT_OF_MEMORY, "a valid one-pass call failed with %d", status);
      FZ_CHECK(memcmp(block, before, held) == 0, "a failed tw_pad_borders wrote");
      continue;
    }
    FZ_CHECK(should_work, "tw_pad_borders accepted a call it cannot complete (self-contained %d, %zu of %zu bytes)",
             self_contained, passed, out_bytes);
    for (size_t i = 0; i < out_bytes; i++)
      FZ_CHECK(out[i] == expected[i], "run %d: output byte %zu is 0x%02x, tw_pad gives 0x%02x", run, i, out[i],
               expected[i]);
    for (size_t i = 0; i < offset; i++) FZ_CHECK(block[i] == before[i], "wrote before out");
  }
  free(before);
  free(block);
  free(expected);
  free(x);
  return 0;
}
