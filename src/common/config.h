/* Kernel selection. The module ships one SIMD build; the scalar kernels stay
 * compiled in as the reference the SIMD kernels are tested against, and
 * tw_set_simd(0) routes every operator through them (tests only). */
#ifndef TW_COMMON_CONFIG_H
#define TW_COMMON_CONFIG_H

#include <stdint.h>

#include "export.h"

/* 1 (default): operators use their *__wasmsimd kernels; 0: their *__scalar ones. */
TW_EXPORT void tw_set_simd(int32_t enabled);
int tw_use_simd(void);

#endif
