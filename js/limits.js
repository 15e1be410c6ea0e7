// The numeric limits the wrapper shares, each named once (the C entries
// hold the same ones: sizes are int32_t, and the heap is a 4 GiB wasm32
// memory whose allocator hands out at most MAX_BLOCK_BYTES).

/** The largest int32: the C entries take sizes, sides and offsets as int32_t. */
export const MAX_INT32 = 0x7fffffff;

/** How much memory a wasm32 module can address, in words for messages. */
export const MEMORY_LIMIT = '4 GiB';

/** The largest block the allocator can hand out in that memory; a fresh result obeys the same limit. */
export const MAX_BLOCK_BYTES = 0xffff_fff0;
