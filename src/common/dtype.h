/* Element types. The values are ONNX's TensorProto.DataType numbers, so a
 * type read from a model needs no translation. The JS wrapper's table is
 * generated from this enum at build time (tools/gen-enums.mjs). */
#ifndef TW_COMMON_DTYPE_H
#define TW_COMMON_DTYPE_H

#include <stdint.h>

#include "export.h"

typedef enum tw_dtype {
  TW_DTYPE_FLOAT32 = 1,         /* IEEE binary32 */
  TW_DTYPE_UINT8 = 2,           /* unsigned 8-bit integer */
  TW_DTYPE_INT8 = 3,            /* signed 8-bit integer */
  TW_DTYPE_UINT16 = 4,          /* unsigned 16-bit integer */
  TW_DTYPE_INT16 = 5,           /* signed 16-bit integer */
  TW_DTYPE_INT32 = 6,           /* signed 32-bit integer */
  TW_DTYPE_INT64 = 7,           /* signed 64-bit integer */
  TW_DTYPE_STRING = 8,          /* handled in JS through an index map; no C kernel sees it */
  TW_DTYPE_BOOL = 9,            /* one byte, 0 or 1 */
  TW_DTYPE_FLOAT16 = 10,        /* IEEE binary16, stored as its bit pattern */
  TW_DTYPE_FLOAT64 = 11,        /* IEEE binary64 */
  TW_DTYPE_UINT32 = 12,         /* unsigned 32-bit integer */
  TW_DTYPE_UINT64 = 13,         /* unsigned 64-bit integer */
  TW_DTYPE_COMPLEX64 = 14,      /* two binary32: real, imaginary */
  TW_DTYPE_COMPLEX128 = 15,     /* two binary64: real, imaginary */
  TW_DTYPE_BFLOAT16 = 16,       /* upper half of a binary32, stored as its bit pattern */
  TW_DTYPE_FLOAT8E4M3FN = 17,   /* 8-bit float, 4 exponent bits, no infinities */
  TW_DTYPE_FLOAT8E4M3FNUZ = 18, /* same, no negative zero */
  TW_DTYPE_FLOAT8E5M2 = 19,     /* 8-bit float, 5 exponent bits */
  TW_DTYPE_FLOAT8E5M2FNUZ = 20, /* same, no negative zero */
  TW_DTYPE_UINT4 = 21,          /* two per byte, first element in the low nibble */
  TW_DTYPE_INT4 = 22,           /* two per byte, first element in the low nibble */
  TW_DTYPE_FLOAT4E2M1 = 23,     /* two per byte, first element in the low nibble */
  TW_DTYPE_FLOAT8E8M0 = 24,     /* 8-bit exponent-only scale type */
  TW_DTYPE_UINT2 = 25,          /* four per byte, first element in the lowest two bits */
  TW_DTYPE_INT2 = 26,           /* four per byte, first element in the lowest two bits */
} tw_dtype;

/* Bits one element occupies, per type: the one table of element sizes. C
 * reads it through tw_dtype_bits(); tools/gen-enums.mjs turns it into
 * wasm/enums.js's dtype_bits for the JS wrapper. STRING is 0: it has no
 * fixed-size representation. Every tw_dtype needs an entry (tw_dtype_bits
 * switches over the enum with no default, so a missing one does not compile). */
#define TW_DTYPE_BITS(X)                                                                              \
  X(FLOAT32, 32) X(UINT8, 8) X(INT8, 8) X(UINT16, 16) X(INT16, 16) X(INT32, 32) X(INT64, 64)        \
  X(STRING, 0) X(BOOL, 8) X(FLOAT16, 16) X(FLOAT64, 64) X(UINT32, 32) X(UINT64, 64)                 \
  X(COMPLEX64, 64) X(COMPLEX128, 128) X(BFLOAT16, 16) X(FLOAT8E4M3FN, 8) X(FLOAT8E4M3FNUZ, 8)       \
  X(FLOAT8E5M2, 8) X(FLOAT8E5M2FNUZ, 8) X(UINT4, 4) X(INT4, 4) X(FLOAT4E2M1, 4) X(FLOAT8E8M0, 8)    \
  X(UINT2, 2) X(INT2, 2)

/* The same entries as constant expressions, TW_DTYPE_BITS_<T>, for static
 * tables (gridsample.c's per-type table) that need a size at compile time. */
enum {
#define TW_DTYPE_BITS_CONSTANT(T, bits) TW_DTYPE_BITS_##T = bits,
  TW_DTYPE_BITS(TW_DTYPE_BITS_CONSTANT)
#undef TW_DTYPE_BITS_CONSTANT
};

/* The table's entry for `dtype`; 0 for an unknown number (and STRING). */
TW_EXPORT uint32_t tw_dtype_bits(int32_t dtype);

/* Bytes `count` elements occupy, rounding packed sub-byte types up;
 * UINT64_MAX when that does not fit 64 bits (tw_fits_size() rejects it). */
uint64_t tw_dtype_storage_bytes(int32_t dtype, uint64_t count);

#endif
