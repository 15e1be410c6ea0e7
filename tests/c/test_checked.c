/* Native tests of src/common/checked.h and of the byte counts built on it:
 *  1. the u32 family is the arithmetic size_t gets in wasm32: products and
 *     sums that fit 64 bits but not 32 are caught, and saturate;
 *  2. tw_fits_bits / tw_fits_size reject what a 32-bit size_t cannot hold
 *     and the saturation marker of an overflowed chain;
 *  3. tw_ranges_overlap at the edges, including ranges that reach the top
 *     of the address space (no end address is formed);
 *  4. tw_dtype_storage_bytes saturates instead of wrapping, and tw_pad
 *     rejects a shape whose byte count wrapped to the bytes given;
 *  5. the native (weaker) form of the heap-range check every entry makes:
 *     NULL and ranges that wrap the address space are rejected, through
 *     tw_avgpool too. The wasm form is tested from node (heap-range.test.mjs). */
#include <stdint.h>
#include <string.h>

#include "common/checked.h"
#include "avgpool/avgpool.h"
#include "common/dtype.h"
#include "common/heap.h"
#include "common/status.h"
#include "harness.h"
#include "pad/pad.h"

static void test_u32_family(void) {
  int overflow = 0;
  CHECK(tw_mul_u32(65536, 65535, &overflow) == 0xffff0000u && !overflow, "2^16 * (2^16 - 1) fits 32 bits");
  CHECK(tw_mul_u32(65536, 65536, &overflow) == UINT32_MAX && overflow, "2^32 must overflow a 32-bit size");
  overflow = 0;
  CHECK(tw_add_u32(0xfffffff0u, 15, &overflow) == UINT32_MAX && !overflow, "2^32 - 1 fits");
  CHECK(tw_add_u32(0xfffffff0u, 16, &overflow) == UINT32_MAX && overflow, "2^32 must overflow");
  /* sticky: a later fitting step does not clear the flag */
  CHECK(tw_mul_u32(2, 3, &overflow) == 6 && overflow, "the flag stays set");
  overflow = 0;
  CHECK(tw_mul_u64(UINT64_C(1) << 32, UINT64_C(1) << 31, &overflow) == UINT64_C(1) << 63 && !overflow, "2^63 fits");
  CHECK(tw_mul_u64(UINT64_C(1) << 32, UINT64_C(1) << 32, &overflow) == UINT64_MAX && overflow, "2^64 overflows");
  overflow = 0;
  CHECK(tw_add_u64(UINT64_MAX - 1, 1, &overflow) == UINT64_MAX && !overflow, "UINT64_MAX itself is a sum");
  CHECK(tw_add_u64(UINT64_MAX, 1, &overflow) == UINT64_MAX && overflow, "UINT64_MAX + 1 overflows");
  overflow = 0;
  CHECK(tw_mul_size(SIZE_MAX / 2 + 1, 2, &overflow) == SIZE_MAX && overflow, "size_t products are checked");
}

static void test_fits(void) {
  CHECK(tw_fits_bits(UINT32_MAX, 32), "2^32 - 1 fits a 32-bit size_t");
  CHECK(!tw_fits_bits(UINT64_C(1) << 32, 32), "2^32 does not fit a 32-bit size_t");
  CHECK(!tw_fits_bits((UINT64_C(1) << 32) + 16, 32), "2^32 + 16 (wraps to 16) does not fit");
  CHECK(tw_fits_bits(UINT64_MAX - 1, 64), "a 64-bit size_t holds 2^64 - 2");
  CHECK(!tw_fits_bits(UINT64_MAX, 64), "the saturation marker is never a size");
  CHECK(!tw_fits_size(UINT64_MAX), "tw_fits_size rejects the marker");
  CHECK(tw_fits_size(SIZE_MAX - 1), "tw_fits_size holds SIZE_MAX - 1");
  CHECK(tw_fits_size(SIZE_MAX) == (SIZE_MAX != UINT64_MAX), "SIZE_MAX fits unless it is the marker");
}

static void test_overlap(void) {
  char buffer[64];
  CHECK(!tw_ranges_overlap(buffer, 16, buffer + 16, 16), "adjacent ranges do not overlap");
  CHECK(!tw_ranges_overlap(buffer + 16, 16, buffer, 16), "adjacent ranges do not overlap (swapped)");
  CHECK(tw_ranges_overlap(buffer, 17, buffer + 16, 16), "one shared byte is an overlap");
  CHECK(tw_ranges_overlap(buffer + 16, 16, buffer, 17), "one shared byte is an overlap (swapped)");
  CHECK(tw_ranges_overlap(buffer + 4, 1, buffer, 64), "containment is an overlap");
  CHECK(!tw_ranges_overlap(buffer, 0, buffer, 64), "an empty range overlaps nothing");
  /* A range ending exactly at the top of the address space, and one below it. */
  const void* top = (const void*)(UINTPTR_MAX - 15);
  CHECK(tw_ranges_overlap(top, 16, (const void*)(UINTPTR_MAX - 3), 4), "ranges at the top overlap");
  CHECK(!tw_ranges_overlap(top, 16, (const void*)(UINTPTR_MAX - 31), 16), "the range below the top does not");
  CHECK(!tw_ranges_overlap((const void*)16, 16, top, 16), "a low range and the top range do not overlap");
}

static void test_storage_bytes(void) {
  CHECK(tw_dtype_storage_bytes(TW_DTYPE_INT4, 3) == 2, "3 int4 need 2 bytes");
  CHECK(tw_dtype_storage_bytes(TW_DTYPE_COMPLEX128, UINT64_C(1) << 59) == UINT64_C(1) << 63, "2^59 complex128");
  CHECK(tw_dtype_storage_bytes(TW_DTYPE_FLOAT64, UINT64_C(1) << 60) == UINT64_C(1) << 63, "2^60 float64");
  /* 2^61 float64 are 2^64 bytes: that wrapped to 0 */
  CHECK(tw_dtype_storage_bytes(TW_DTYPE_FLOAT64, UINT64_C(1) << 61) == UINT64_MAX, "2^61 float64 saturate");
  CHECK(tw_dtype_storage_bytes(TW_DTYPE_UINT8, UINT64_MAX) == UINT64_MAX, "the +7 of the rounding saturates");
}

/* x = float64[2^60, 2] with 0 bytes and no data: its 2^64 bytes wrapped to 0,
 * so x passed the size check and the crop read its one row from NULL. */
static void test_pad_rejects_wrapped_input(void) {
  const int64_t shape[2] = {INT64_C(1) << 60, 2}, begin[2] = {0, 0}, end[2] = {-((INT64_C(1) << 60) - 1), 0};
  double out[2] = {42, 42};
  const int32_t status = tw_pad(TW_DTYPE_FLOAT64, NULL, 0, 2, shape, begin, end, 0, 0, NULL, out, sizeof out);
  CHECK(status != TW_OK, "a 2^64-byte x given as 0 bytes must be rejected (status %d)", (int)status);
  CHECK(out[0] == 42 && out[1] == 42, "out untouched");
  CHECK(strstr(tw_last_error(), "x") != NULL, "the message names x: %s", tw_last_error());
}

static void test_heap_range(void) {
  char buffer[16];
  void* top = (void*)(UINTPTR_MAX - 7);
  CHECK(tw_heap_range_ok(buffer, sizeof buffer), "a real buffer");
  CHECK(tw_heap_range_ok(NULL, 0) && tw_heap_range_ok(top, 0), "an empty range, whatever the pointer");
  CHECK(!tw_heap_range_ok(NULL, 1), "NULL with bytes");
  CHECK(tw_heap_range_ok(top, 8), "a range ending at the top of the address space");
  CHECK(!tw_heap_range_ok(top, 9), "a range that wraps");
  CHECK(tw_check_heap_range("y", top, 16) == TW_INVALID_ARGUMENT && strstr(tw_last_error(), "y: 16 bytes at") != NULL,
        "the message names the buffer: %s", tw_last_error());

  /* AveragePool x [1, 1, 4] float32, kernel 2, stride 2 -> y [1, 1, 2] at a wrapping address */
  const float x[4] = {1, 2, 3, 4};
  const int64_t shape[3] = {1, 1, 4}, kernel[1] = {2}, strides[1] = {2};
  void* wrapping = (void*)(UINTPTR_MAX - 3);
  CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, sizeof x, 1, shape, kernel, strides, NULL, NULL, 0, 0, 0, wrapping, 8) ==
            TW_INVALID_ARGUMENT,
        "y wrapping the address space: %s", tw_last_error());
  CHECK(strncmp(tw_last_error(), "y: ", 3) == 0, "names y: %s", tw_last_error());
  float y[2];
  CHECK(tw_avgpool(TW_DTYPE_FLOAT32, x, sizeof x, 1, shape, kernel, strides, NULL, NULL, 0, 0, 0, y, sizeof y) == TW_OK &&
            y[0] == 1.5f && y[1] == 3.5f,
        "the valid call");
}

int main(void) {
  test_u32_family();
  test_fits();
  test_overlap();
  test_storage_bytes();
  test_pad_rejects_wrapped_input();
  test_heap_range();
  return TEST_MAIN_RESULT();
}
