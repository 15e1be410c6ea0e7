#include "heap.h"

#include <malloc.h>

size_t tw_heap_bytes_in_use(void) {
#ifdef __EMSCRIPTEN__
  return (size_t)mallinfo().uordblks;
#else
  return (size_t)mallinfo2().uordblks;
#endif
}
