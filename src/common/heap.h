/* The wasm heap as the entries see it: bytes in use (for the leak tests) and
 * the check every C entry makes on every data buffer it is handed.
 *
 * Entries never trust a (pointer, byte count) pair: the byte count is first
 * checked against the shape (checked.h), then tw_check_heap_range() checks
 * that the bytes lie inside memory the heap has handed out. NEW ENTRIES
 * (pad, gridsample, the image kernels, ...) CALL IT FOR EVERY INPUT AND
 * OUTPUT BUFFER before touching any of them. */
#ifndef TW_COMMON_HEAP_H
#define TW_COMMON_HEAP_H

#include <stddef.h>

#include "export.h"
#include "status.h"

TW_EXPORT size_t tw_heap_bytes_in_use(void);

/* [pointer, pointer + bytes) lies inside the heap. An empty range (bytes = 0)
 * is accepted whatever the pointer, NULL included: it is never dereferenced.
 *
 * In wasm: the range must start at or above __heap_base (below it lie the
 * static data and the C stack) and end at or below the current break,
 * sbrk(0): everything malloc has handed out lies between the two, and
 * nothing above the break is the caller's. A block that was freed, or bytes
 * past a block's end but below the break, cannot be told apart from live
 * ones here; the JS wrapper records block sizes for that.
 *
 * Natively (the sanitizer tests) there is no heap boundary to ask for, so
 * the check is weaker: non-NULL, and the range does not wrap the address
 * space. AddressSanitizer covers the rest there. */
int tw_heap_range_ok(const void* pointer, size_t bytes);

/* TW_OK, or TW_INVALID_ARGUMENT with a message naming `name`. */
tw_status tw_check_heap_range(const char* name, const void* pointer, size_t bytes);

/* For a small by-pointer PARAMETER (one fill element, a pad value), not a
 * data buffer: a C caller in the same module may pass the address of a
 * local, which lies on the wasm stack below __heap_base. The range must lie
 * inside memory in use, [1, sbrk(0)) in wasm (static data, stack, heap), so
 * reading it cannot trap; natively as tw_check_heap_range. Such a parameter
 * is only read, never written. */
tw_status tw_check_parameter_range(const char* name, const void* pointer, size_t bytes);

#endif
