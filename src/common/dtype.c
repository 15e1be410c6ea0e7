#include "dtype.h"

#include "checked.h"

uint32_t tw_dtype_bits(int32_t dtype) {
  switch ((tw_dtype)dtype) {
    case TW_DTYPE_UINT2: case TW_DTYPE_INT2:
      return 2;
    case TW_DTYPE_UINT4: case TW_DTYPE_INT4: case TW_DTYPE_FLOAT4E2M1:
      return 4;
    case TW_DTYPE_UINT8: case TW_DTYPE_INT8: case TW_DTYPE_BOOL:
    case TW_DTYPE_FLOAT8E4M3FN: case TW_DTYPE_FLOAT8E4M3FNUZ: case TW_DTYPE_FLOAT8E5M2:
    case TW_DTYPE_FLOAT8E5M2FNUZ: case TW_DTYPE_FLOAT8E8M0:
      return 8;
    case TW_DTYPE_UINT16: case TW_DTYPE_INT16: case TW_DTYPE_FLOAT16: case TW_DTYPE_BFLOAT16:
      return 16;
    case TW_DTYPE_FLOAT32: case TW_DTYPE_INT32: case TW_DTYPE_UINT32:
      return 32;
    case TW_DTYPE_FLOAT64: case TW_DTYPE_INT64: case TW_DTYPE_UINT64: case TW_DTYPE_COMPLEX64:
      return 64;
    case TW_DTYPE_COMPLEX128:
      return 128;
    case TW_DTYPE_STRING:
      return 0;
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
