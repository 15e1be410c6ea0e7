#include "heap.h"

#include <malloc.h>
#include <stdint.h>

size_t tw_heap_bytes_in_use(void) {
#ifdef __EMSCRIPTEN__
  return (size_t)mallinfo().uordblks;
#else
  return (size_t)mallinfo2().uordblks;
#endif
}

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
extern unsigned char __heap_base; /* defined by the linker: the first byte after data and stack */
#endif

int tw_heap_range_ok(const void* pointer, size_t bytes) {
  if (bytes == 0) return 1;
  const uintptr_t start = (uintptr_t)pointer;
#ifdef __EMSCRIPTEN__
  const uintptr_t low = (uintptr_t)&__heap_base, high = *emscripten_get_sbrk_ptr(); /* sbrk(0) */
  return start >= low && start <= high && bytes <= high - start;
#else
  return start != 0 && bytes - 1 <= UINTPTR_MAX - start;
#endif
}

tw_status tw_check_heap_range(const char* name, const void* pointer, size_t bytes) {
  if (tw_heap_range_ok(pointer, bytes)) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: %zu bytes at address %#zx are not inside the wasm heap", name, bytes,
                 (size_t)(uintptr_t)pointer);
}

tw_status tw_check_parameter_range(const char* name, const void* pointer, size_t bytes) {
  if (bytes == 0) return TW_OK;
#ifdef __EMSCRIPTEN__
  const uintptr_t start = (uintptr_t)pointer, high = *emscripten_get_sbrk_ptr();
  if (start != 0 && start <= high && bytes <= high - start) return TW_OK;
  return tw_fail(TW_INVALID_ARGUMENT, "%s: %zu bytes at address %#zx are not inside wasm memory in use", name, bytes,
                 (size_t)start);
#else
  return tw_check_heap_range(name, pointer, bytes);
#endif
}
