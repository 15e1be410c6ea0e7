#include "dtype.h"

#include "checked.h"

uint32_t tw_dtype_bits(int32_t dtype) {
  switch ((tw_dtype)dtype) {
#define TW_DTYPE_BITS_CASE(name, bits) \
  case TW_DTYPE_##name:                \
    return bits;
    TW_DTYPE_BITS(TW_DTYPE_BITS_CASE)
#undef TW_DTYPE_BITS_CASE
  }
  return 0;
}

uint64_t tw_dtype_storage_bytes(int32_t dtype, uint64_t count) {
  /* Whole groups of 8 elements are bits bytes each; only the last partial
   * group rounds up. Counting bits first would wrap 64 bits far earlier. */
  const uint64_t bits = tw_dtype_bits(dtype);
  int overflow = 0;
  const uint64_t whole = tw_mul_u64(count / 8, bits, &overflow);
  const uint64_t bytes = tw_add_u64(whole, ((count % 8) * bits + 7) / 8, &overflow);
  return overflow ? UINT64_MAX : bytes;
}
