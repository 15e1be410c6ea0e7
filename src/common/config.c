#include "config.h"

static int use_simd = 1;

void tw_set_simd(int32_t enabled) { use_simd = enabled != 0; }
int tw_use_simd(void) { return use_simd; }
