/* Heap accounting for the leak tests: bytes currently allocated by malloc. */
#ifndef TW_COMMON_HEAP_H
#define TW_COMMON_HEAP_H

#include <stddef.h>

#include "export.h"

TW_EXPORT size_t tw_heap_bytes_in_use(void);

#endif
