/* wasm SIMD Pad micro-kernels. A fill is a splatted 16-byte pattern stored
 * 64 bytes per iteration; because every element size divides 16, the tail is
 * simply the pattern's first bytes. A mirrored run loads 16 source bytes
 * ending at the current position and reverses their elements with a shuffle. */
#include <stdint.h>
#include <string.h>

#include "common/simd.h"
#include "pad-kernels.h"

static inline void fill_pattern(v128_t pattern, size_t bytes, uint8_t* dst) {
  for (; bytes >= 64; bytes -= 64, dst += 64) {
    wasm_v128_store(dst, pattern);
    wasm_v128_store(dst + 16, pattern);
    wasm_v128_store(dst + 32, pattern);
    wasm_v128_store(dst + 48, pattern);
  }
  for (; bytes >= 16; bytes -= 16, dst += 16) wasm_v128_store(dst, pattern);
  if (bytes != 0) {
    uint8_t tail[16];
    wasm_v128_store(tail, pattern);
    memcpy(dst, tail, bytes);
  }
}

void tw_pad_fill_x8__wasmsimd(size_t count, const void* element, void* dst) {
  fill_pattern(wasm_v128_load8_splat(element), count, dst);
}
void tw_pad_fill_x16__wasmsimd(size_t count, const void* element, void* dst) {
  fill_pattern(wasm_v128_load16_splat(element), count * 2, dst);
}
void tw_pad_fill_x32__wasmsimd(size_t count, const void* element, void* dst) {
  fill_pattern(wasm_v128_load32_splat(element), count * 4, dst);
}
void tw_pad_fill_x64__wasmsimd(size_t count, const void* element, void* dst) {
  fill_pattern(wasm_v128_load64_splat(element), count * 8, dst);
}
void tw_pad_fill_x128__wasmsimd(size_t count, const void* element, void* dst) {
  fill_pattern(wasm_v128_load(element), count * 16, dst);
}

/* dst[i] = src_last[-i]: `end` walks down from one past src_last; each full
 * vector covers 16 / size elements, the rest goes element by element. */
#define DEFINE_REVERSE(bits, reverse_vector)                                        \
  void tw_pad_reverse_x##bits##__wasmsimd(size_t count, const void* src_last, void* dst) { \
    const size_t size = (bits) / 8;                                                 \
    const uint8_t* end = (const uint8_t*)src_last + size;                          \
    uint8_t* out = dst;                                                             \
    size_t bytes = count * size;                                                    \
    for (; bytes >= 16; bytes -= 16, end -= 16, out += 16) {                        \
      const v128_t v = wasm_v128_load(end - 16);                                    \
      wasm_v128_store(out, reverse_vector);                                         \
    }                                                                               \
    for (; bytes != 0; bytes -= size, end -= size, out += size) memcpy(out, end - size, size); \
  }

DEFINE_REVERSE(8, wasm_i8x16_shuffle(v, v, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
DEFINE_REVERSE(16, wasm_i16x8_shuffle(v, v, 7, 6, 5, 4, 3, 2, 1, 0))
DEFINE_REVERSE(32, wasm_i32x4_shuffle(v, v, 3, 2, 1, 0))
DEFINE_REVERSE(64, wasm_i64x2_shuffle(v, v, 1, 0))
DEFINE_REVERSE(128, v)

#define MOVE_TWO(type)                                   \
  do {                                                   \
    type first, last;                                    \
    memcpy(&first, in, sizeof first);                    \
    memcpy(&last, in + bytes - sizeof last, sizeof last); \
    memcpy(out, &first, sizeof first);                   \
    memcpy(out + bytes - sizeof last, &last, sizeof last); \
  } while (0)

/* bytes < 16: the first and the last 8, 4 or 2 bytes (they may overlap). */
static void copy_short(size_t bytes, const uint8_t* in, uint8_t* out) {
  if (bytes >= 8) MOVE_TWO(uint64_t);
  else if (bytes >= 4) MOVE_TWO(uint32_t);
  else if (bytes >= 2) MOVE_TWO(uint16_t);
  else if (bytes == 1) *out = *in;
}
#undef MOVE_TWO

/* Below this many bytes a forward run is memcpy (pad-kernels.h). */
#define TW_PAD_MEMCPY_BELOW 2048

/* Up to this many bytes a forward run is moved by unaligned vectors here
 * rather than memcpy: in wasm memcpy is `memory.copy`, a call out of the
 * module that costs more than a few vector moves. Wrap's borders are such
 * runs (64 float32 elements on each side of every row of the 1024² bench
 * case, two calls per row). */
#define TW_PAD_VECTORS_UPTO 256

/* 16 <= bytes: whole vectors from the start, then the last 16 bytes (which
 * may overlap the loop's last vector; src and dst never overlap). */
static void copy_vectors(size_t bytes, const uint8_t* in, uint8_t* out) {
  const v128_t last = wasm_v128_load(in + bytes - 16);
  for (size_t i = 0; i + 16 <= bytes; i += 16) wasm_v128_store(out + i, wasm_v128_load(in + i));
  wasm_v128_store(out + bytes - 16, last);
}

/* A forward run. Runs up to TW_PAD_VECTORS_UPTO bytes are moved by vectors,
 * then up to 2 KiB by memcpy; longer ones are copied here: the
 * first vector is stored wherever dst is; the loop then
 * starts at dst's next 16-byte boundary (rewriting up to 15 bytes the first
 * store wrote, with the same values), so every store after the first is
 * aligned whatever the run's position in its row. The last vector ends
 * exactly at the run's end and may overlap the loop's last one in the same
 * way. Runs shorter than a vector take two overlapping scalar moves (a byte
 * loop would be turned back into memcpy by the compiler). */
void tw_pad_copy__wasmsimd(size_t bytes, const void* src, void* dst) {
  const uint8_t* in = src;
  uint8_t* out = dst;
  if (bytes < 16) {
    copy_short(bytes, in, out);
    return;
  }
  if (bytes <= TW_PAD_VECTORS_UPTO) {
    copy_vectors(bytes, in, out);
    return;
  }
  if (bytes < TW_PAD_MEMCPY_BELOW) {
    memcpy(out, in, bytes);
    return;
  }
  const uint8_t* const in_last = in + bytes - 16;
  uint8_t* const out_last = out + bytes - 16;
  wasm_v128_store(out, wasm_v128_load(in));
  const size_t head = 16 - ((uintptr_t)out & 15);
  in += head;
  out += head;
  bytes -= head;
  for (; bytes >= 64; bytes -= 64, in += 64, out += 64) {
    const v128_t a = wasm_v128_load(in), b = wasm_v128_load(in + 16);
    const v128_t c = wasm_v128_load(in + 32), d = wasm_v128_load(in + 48);
    wasm_v128_store(out, a);
    wasm_v128_store(out + 16, b);
    wasm_v128_store(out + 32, c);
    wasm_v128_store(out + 48, d);
  }
  for (; bytes >= 16; bytes -= 16, in += 16, out += 16) wasm_v128_store(out, wasm_v128_load(in));
  if (bytes != 0) wasm_v128_store(out_last, wasm_v128_load(in_last));
}
