/* One include for the wasm SIMD intrinsics. Under Emscripten this is clang's
 * own <wasm_simd128.h>; natively SIMDe provides the same names, so the exact
 * *-wasmsimd.c sources run under AddressSanitizer/UBSan in `make test-native`. */
#ifndef TW_COMMON_SIMD_H
#define TW_COMMON_SIMD_H

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#else
#define SIMDE_WASM_SIMD128_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
#endif

#endif
