/* libFuzzer harness for Pad's index maps: tw_pad_maps (src/pad/pad.h).
 *
 * Input: fuzz_pad's header (placement byte, dtype, rank, mode, order, the
 * shape and pads as ints, 16 bytes of constant), then x's data as the tail.
 * Placement: 7 passes NULL for the maps; counts 3 passes their byte count
 * off by the delta.
 *
 * Checks: tw_pad_maps agrees with tw_pad_output_shape on what is valid (but
 * for axes too long for int32 indices, which it refuses as unsupported);
 * a failed call writes nothing; every entry is -1 or inside its axis; and
 * when the problem is small, the result the maps describe (x's element, or
 * the constant where an entry is -1) is tw_pad's, byte for byte. */
#include "fuzz.h"

#include "common/dtype.h"
#include "pad/pad.h"

/* Maps of up to this many entries are asked for (the pads can make an axis 2^60 long). */
#define MAX_ENTRIES 4096

/* The result the maps describe, element by element (bytes per element `size`). */
static void apply_maps(size_t size, const uint8_t* x, const int64_t* shape, const int32_t* maps,
                       const int64_t* out_shape, int rank, uint64_t out_count, const uint8_t* value, uint8_t* out) {
  for (uint64_t flat = 0; flat < out_count; flat++) {
    uint64_t rem = flat, stride = 1;
    int64_t src = 0;
    const int32_t* axis_map = maps;
    for (int d = 0; d < rank; d++) axis_map += out_shape[d];
    for (int d = rank - 1; d >= 0 && src >= 0; d--) {
      axis_map -= out_shape[d];
      const int32_t s = axis_map[rem % (uint64_t)out_shape[d]];
      src = s < 0 ? -1 : src + (int64_t)((uint64_t)s * stride);
      rem /= (uint64_t)out_shape[d];
      stride *= (uint64_t)shape[d];
    }
    memcpy(out + flat * size, src < 0 ? value : x + (uint64_t)src * size, size);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fz_reader in = {data, size, 0, 0, 0};
  const fz_place place = fz_read_place(&in);
  const fz_pad_header h = fz_read_pad_header(&in);
  int64_t out_shape[6];
  fz_begin_tail(&in);

  const int32_t shape_status = tw_pad_output_shape(h.rank, h.shape, h.begin, h.end, h.mode, h.order, out_shape);
  uint64_t entries = 0;
  int too_long = 0;
  for (int d = 0; shape_status == TW_OK && d < h.rank; d++) {
    entries += (uint64_t)out_shape[d];
    too_long |= h.shape[d] > INT32_MAX;
  }
  const int small = shape_status == TW_OK && entries <= MAX_ENTRIES;
  /* the maps as the placement asks: exact, NULL, or their count off */
  size_t passed = small ? (size_t)entries * 4 : 4;
  if (place.counts == 3) passed = (size_t)((int64_t)passed + place.delta < 0 ? 0 : (int64_t)passed + place.delta);
  const size_t needed = small ? (size_t)entries * 4 : 0;
  const size_t held = (passed > needed ? passed : needed) + 4;
  int32_t* block = malloc(held);
  uint8_t* before = malloc(held);
  FZ_CHECK(block && before, "malloc");
  memset(block, 0xA5, held);
  memcpy(before, block, held);
  int32_t* maps = place.where == FZ_PLACE_NULL ? NULL : block;
  const int32_t status = tw_pad_maps(h.rank, h.shape, h.begin, h.end, h.mode, h.order, maps, passed);
  FZ_CHECK(status >= TW_OK && status <= TW_OUT_OF_MEMORY, "status %d", status);
  const int should_work = small && !too_long && passed == needed && (maps || entries == 0);
  if (status != TW_OK) {
    FZ_CHECK(!should_work, "a valid call failed with %d: %s", status, tw_last_error());
    if (shape_status == TW_OK && too_long) FZ_CHECK(status == TW_UNSUPPORTED, "a long axis refused with %d", status);
    FZ_CHECK(memcmp(block, before, held) == 0, "a failed tw_pad_maps wrote");
  } else {
    FZ_CHECK(should_work, "tw_pad_maps accepted %zu bytes for %llu entries (shape status %d)", passed,
             (unsigned long long)entries, shape_status);
    FZ_CHECK(memcmp((uint8_t*)block + passed, before + passed, held - passed) == 0, "wrote past the maps");
    for (int d = 0, at = 0; d < h.rank; d++)
      for (int64_t o = 0; o < out_shape[d]; o++, at++)
        FZ_CHECK(block[at] >= -1 && block[at] < h.shape[d], "axis %d entry %lld is %d, outside [-1, %lld)", d,
                 (long long)o, block[at], (long long)h.shape[d]);
  }

  const unsigned bits = tw_dtype_bits(h.dtype);
  const uint64_t limit = UINT64_C(1) << 40; /* far past FZ_MAX_BYTES; times 16 bytes still fits */
  const uint64_t in_count = fz_count_of(h.shape, h.rank, limit), out_count = fz_count_of(out_shape, h.rank, limit);
  const size_t element = bits / 8;
  if (status == TW_OK && bits >= 8 && in_count != UINT64_MAX && out_count != UINT64_MAX &&
      in_count * element <= FZ_MAX_BYTES && out_count * element <= FZ_MAX_BYTES) {
    const size_t in_bytes = (size_t)in_count * element, out_bytes = (size_t)out_count * element;
    uint8_t* x = malloc(in_bytes ? in_bytes : 1);
    uint8_t* expected = malloc(out_bytes ? out_bytes : 1);
    uint8_t* moved = malloc(out_bytes ? out_bytes : 1);
    FZ_CHECK(x && expected && moved, "malloc");
    fz_fill(&in, x, in_bytes);
    const int32_t full =
        tw_pad(h.dtype, x, in_bytes, h.rank, h.shape, h.begin, h.end, h.mode, h.order, h.value, expected, out_bytes);
    FZ_CHECK(full == TW_OK || full == TW_OUT_OF_MEMORY, "tw_pad failed with %d on a valid call", full);
    if (full == TW_OK) {
      apply_maps(element, x, h.shape, block, out_shape, h.rank, out_count, h.value, moved);
      for (size_t i = 0; i < out_bytes; i++)
        FZ_CHECK(moved[i] == expected[i], "byte %zu from the maps is 0x%02x, tw_pad gives 0x%02x", i, moved[i],
                 expected[i]);
    }
    free(moved);
    free(expected);
    free(x);
  }
  free(before);
  free(block);
  return 0;
}
