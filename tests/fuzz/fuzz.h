/* Shared pieces of the libFuzzer harnesses (tests/fuzz/fuzz_*.c): a reader
 * that turns the fuzzer's bytes into arguments, exact-size buffers placed as
 * the input asks (separate, misaligned, overlapping, aliased, NULL), and the
 * checks every entry's contract implies.
 *
 * ---------------------------------------------------------------------------
 * The encoding (tests/fuzz/seeds.mjs writes the same one)
 *
 * Every harness reads a fixed header of bytes and integers, then uses the rest
 * of the input (the tail) as tensor data. A read past the end gives 0, so any
 * input decodes.
 *
 *   byte   one byte (0 past the end)
 *   int    one byte b, then:  b < 0x80          the value b (0..127)
 *                             0x80 <= b < 0xC0  the value 0x7F - b (-1..-64)
 *                             b >= 0xC0         the next 8 bytes, little-endian int64
 *          so small shapes and pads cost one byte and any int64 is reachable.
 *   f64    8 bytes, little-endian IEEE binary64
 *
 * The first byte of every header is the placement byte (FZ_PLACE_*):
 *   bits 0-2  where the input and output buffers go:
 *             0-3 separate exact-size blocks (the common, valid case),
 *             4 the output misaligned (offset 1..7, from the next byte),
 *             5 every input misaligned, 6 the output inside the input's block
 *             (overlapping at an offset from the next byte), 7 NULL pointers
 *   bits 3-4  byte counts: 0, 1 exact; 2 the input's count off by a small
 *             signed delta (next byte); 3 the output's count off the same way
 *   bits 5-7  harness-specific switches
 *
 * Tensor data is read cyclically from the tail (all zeros if it is empty), so
 * a short input still fills any small tensor.
 *
 * ---------------------------------------------------------------------------
 * The checks
 *
 * Each call runs twice, with the SIMD kernels and with the scalar kernels
 * (tw_set_simd), the output prefilled with a different byte pattern each
 * time. Both runs must return the same status; on success their outputs must
 * be identical (bit-exact kernels, and every output byte written); on failure
 * the output must still hold its pattern (nothing written). On any status the
 * inputs, shapes and every other argument must be unchanged. The buffers are
 * exactly as large as the byte counts passed, so AddressSanitizer reports any
 * access past them. A failed check prints what failed and aborts, and
 * libFuzzer saves the input. */
#ifndef TW_TESTS_FUZZ_FUZZ_H
#define TW_TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/config.h"
#include "common/dtype.h"
#include "common/status.h"

/* Largest tensor the harnesses allocate; a call whose shapes need more gets
 * small buffers with their true byte counts (so it must fail). */
#define FZ_MAX_BYTES (1u << 20)

/* Elements of a shape (a dim <= 0 counts as 0), or UINT64_MAX past `limit`. */
static inline uint64_t fz_count_of(const int64_t* shape, int rank, uint64_t limit) {
  uint64_t count = 1;
  for (int d = 0; d < rank; d++) {
    if (shape[d] <= 0) return 0;
    if (count > limit / (uint64_t)shape[d]) return UINT64_MAX;
    count *= (uint64_t)shape[d];
  }
  return count;
}

#define FZ_CHECK(cond, ...)                                                  \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(stderr, "FUZZ CHECK FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                          \
      fprintf(stderr, " (last error: %s)\n", tw_last_error());               \
      abort();                                                               \
    }                                                                        \
  } while (0)

/* ---- reading the input ----------------------------------------------------- */

typedef struct fz_reader {
  const uint8_t* data;
  size_t size, at;       /* the header cursor */
  size_t tail, tail_at;  /* where the tail starts (set by fz_begin_tail), its cursor */
} fz_reader;

static inline uint8_t fz_byte(fz_reader* in) { return in->at < in->size ? in->data[in->at++] : 0; }

static inline int64_t fz_int(fz_reader* in) {
  const uint8_t b = fz_byte(in);
  if (b < 0x80) return b;
  if (b < 0xC0) return 0x7F - (int64_t)b;
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)fz_byte(in) << (8 * i);
  int64_t s;
  memcpy(&s, &v, sizeof s);
  return s;
}

static inline double fz_f64(fz_reader* in) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)fz_byte(in) << (8 * i);
  double d;
  memcpy(&d, &v, sizeof d);
  return d;
}

/* The header ends here: the rest is tensor data. */
static inline void fz_begin_tail(fz_reader* in) {
  in->tail = in->at < in->size ? in->at : in->size;
  in->tail_at = 0;
}

/* Fills `bytes` bytes from the tail, cyclically; zeros if the tail is empty. */
static inline void fz_fill(fz_reader* in, void* out, size_t bytes) {
  uint8_t* o = out;
  const size_t n = in->size - in->tail;
  if (n == 0) {
    memset(o, 0, bytes);
    return;
  }
  for (size_t i = 0; i < bytes; i++) {
    o[i] = in->data[in->tail + in->tail_at];
    in->tail_at = (in->tail_at + 1) % n;
  }
}

/* ---- sizes ---------------------------------------------------------------------- */

/* a * b, UINT64_MAX on overflow (and UINT64_MAX stays UINT64_MAX). */
static inline uint64_t fz_times(uint64_t a, uint64_t b) {
  uint64_t p;
  return a == UINT64_MAX || b == UINT64_MAX || __builtin_mul_overflow(a, b, &p) ? UINT64_MAX : p;
}

/* Bytes of `rows` rows of `width` pixels of `channels` bytes, UINT64_MAX if
 * any is negative or the product overflows. */
static inline uint64_t fz_image_bytes(int64_t width, int64_t rows, int64_t channels) {
  if (width < 0 || rows < 0 || channels < 0) return UINT64_MAX;
  return fz_times(fz_times((uint64_t)width, (uint64_t)rows), (uint64_t)channels);
}

static inline int32_t fz_clamp32(int64_t v) { return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v; }

/* ---- placement --------------------------------------------------------------- */

enum {
  FZ_PLACE_OUT_MISALIGNED = 4,
  FZ_PLACE_IN_MISALIGNED = 5,
  FZ_PLACE_OVERLAP = 6,
  FZ_PLACE_NULL = 7,
};

typedef struct fz_place {
  int where;         /* bits 0-2 of the placement byte */
  int counts;        /* bits 3-4 */
  int flags;         /* bits 5-7, shifted down */
  size_t offset;     /* misalignment or overlap offset */
  int64_t delta;     /* byte-count error */
} fz_place;

static inline fz_place fz_read_place(fz_reader* in) {
  const uint8_t b = fz_byte(in);
  fz_place p = {b & 7, (b >> 3) & 3, b >> 5, 0, 0};
  if (p.where == FZ_PLACE_OUT_MISALIGNED || p.where == FZ_PLACE_IN_MISALIGNED) p.offset = 1 + fz_byte(in) % 7;
  if (p.where == FZ_PLACE_OVERLAP) p.offset = fz_byte(in);
  if (p.counts >= 2) {
    p.delta = (int8_t)fz_byte(in);
    if (p.delta == 0) p.delta = 1;
  }
  return p;
}

/* The header of the Pad harnesses after the placement byte (fuzz_pad.c
 * documents it): dtype, rank (0-6), mode, order, the shape, the begin and
 * end pads, 16 bytes of constant. */
typedef struct fz_pad_header {
  int32_t dtype, rank, mode, order;
  int64_t shape[6], begin[6], end[6];
  uint8_t value[16];
} fz_pad_header;

static inline fz_pad_header fz_read_pad_header(fz_reader* in) {
  fz_pad_header h;
  h.dtype = fz_byte(in) % 32;
  h.rank = fz_byte(in) % 7;
  h.mode = fz_byte(in) % 6;
  h.order = fz_byte(in) % 3;
  for (int d = 0; d < h.rank; d++) h.shape[d] = fz_int(in);
  for (int d = 0; d < h.rank; d++) h.begin[d] = fz_int(in);
  for (int d = 0; d < h.rank; d++) h.end[d] = fz_int(in);
  for (int i = 0; i < 16; i++) h.value[i] = fz_byte(in);
  return h;
}

/* One tensor argument: `bytes` is the count passed to the entry, `p` the
 * pointer; `block` is what was allocated (NULL if nothing), `block_bytes` its
 * size, which ends exactly at p + bytes unless the output lives inside it. */
typedef struct fz_buf {
  uint8_t* block;
  size_t block_bytes;
  uint8_t* p;
  size_t bytes;
} fz_buf;

/* An exact-size block of `bytes`, at `offset` bytes past malloc's alignment
 * (so the block ends exactly at the tensor's end). */
static inline fz_buf fz_alloc(size_t bytes, size_t offset) {
  fz_buf b = {0};
  b.block_bytes = bytes + offset;
  b.block = malloc(b.block_bytes ? b.block_bytes : 1);
  FZ_CHECK(b.block != NULL, "malloc(%zu)", b.block_bytes);
  b.p = b.block + offset;
  b.bytes = bytes;
  return b;
}

static inline void fz_free(fz_buf* b) {
  free(b->block);
  b->block = NULL;
}

/* Byte count a shape needs when it fits the harness's budget, else 0 with
 * *big = 1 (the shape's true need is then never allocated). */
static inline size_t fz_budget(uint64_t need, int* big) {
  if (need > FZ_MAX_BYTES) {
    *big = 1;
    return 0;
  }
  return (size_t)need;
}

/* The count passed for a tensor: its need, or the need plus the input's error. */
static inline size_t fz_count(size_t need, const fz_place* place, int which) {
  if (place->counts - 2 != which) return need;
  const int64_t v = (int64_t)need + place->delta;
  return v < 0 ? 0 : (size_t)v;
}

/* Places the inputs (n of them, byte counts in[i].bytes already set) and the
 * output as the placement says. Every block is exactly as long as the count
 * passed, except for FZ_PLACE_OVERLAP, where the output sits inside input 0's
 * block (which grows to hold it) and FZ_PLACE_NULL, where pointers are NULL. */
static inline void fz_place_buffers(const fz_place* place, fz_buf* in, int n, fz_buf* out) {
  const size_t out_bytes = out->bytes;
  for (int i = 0; i < n; i++) {
    const size_t bytes = in[i].bytes;
    if (place->where == FZ_PLACE_NULL) {
      in[i] = (fz_buf){NULL, 0, NULL, bytes};
      continue;
    }
    in[i] = fz_alloc(bytes, place->where == FZ_PLACE_IN_MISALIGNED ? place->offset : 0);
  }
  if (place->where == FZ_PLACE_NULL) {
    *out = (fz_buf){NULL, 0, NULL, out_bytes};
  } else if (place->where == FZ_PLACE_OVERLAP && n > 0) {
    /* Output at `offset` (bounded by input 0's size) inside input 0's block. */
    const size_t at = in[0].bytes ? place->offset % (in[0].bytes + 1) : 0;
    const size_t end = at + out_bytes > in[0].bytes ? at + out_bytes : in[0].bytes;
    uint8_t* grown = realloc(in[0].block, end ? end : 1);
    FZ_CHECK(grown != NULL, "realloc(%zu)", end);
    in[0].block = grown;
    in[0].block_bytes = end;
    in[0].p = grown;
    *out = (fz_buf){NULL, 0, grown + at, out_bytes};
  } else {
    *out = fz_alloc(out_bytes, place->where == FZ_PLACE_OUT_MISALIGNED ? place->offset : 0);
  }
}

/* The image harnesses' buffers: one input of in_need bytes, filled from the
 * tail, and one output of out_need bytes, placed as `place` says. A need over
 * the budget sets *big and both get a few bytes only (the call must fail). */
static inline void fz_place_image(fz_reader* in, const fz_place* place, uint64_t in_need, uint64_t out_need, int* big,
                                  fz_buf* input, fz_buf* out) {
  const size_t in_bytes = fz_budget(in_need, big), out_bytes = fz_budget(out_need, big);
  input->bytes = *big ? 40 : fz_count(in_bytes, place, 0);
  out->bytes = *big ? 24 : fz_count(out_bytes, place, 1);
  fz_place_buffers(place, input, 1, out);
  if (input->p) fz_fill(in, input->p, input->bytes);
}

/* [a, a + an) and [b, b + bn) share a byte. */
static inline int fz_overlap(const void* a, size_t an, const void* b, size_t bn) {
  const uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
  return an && bn && pa < pb + bn && pb < pa + an;
}

/* ---- the two runs ------------------------------------------------------------ */

/* Snapshot of every byte an entry may read but must not write. */
typedef struct fz_snapshot {
  const void* p[8];
  void* copy[8];
  size_t bytes[8];
  int n;
} fz_snapshot;

static inline void fz_keep(fz_snapshot* s, const void* p, size_t bytes) {
  if (!p || !bytes) return;
  FZ_CHECK(s->n < 8, "too many snapshots");
  s->p[s->n] = p;
  s->bytes[s->n] = bytes;
  s->copy[s->n] = malloc(bytes);
  FZ_CHECK(s->copy[s->n] != NULL, "malloc");
  memcpy(s->copy[s->n], p, bytes);
  s->n++;
}

static inline void fz_expect_unchanged(const fz_snapshot* s, const char* what) {
  for (int i = 0; i < s->n; i++)
    FZ_CHECK(memcmp(s->p[i], s->copy[i], s->bytes[i]) == 0, "%s: read-only argument %d was written", what, i);
}

static inline void fz_release(fz_snapshot* s) {
  for (int i = 0; i < s->n; i++) free(s->copy[i]);
  s->n = 0;
}

/* One entry call with its arguments bound; returns a tw_status. */
typedef int32_t (*fz_call_fn)(const void* args);

/* The output's element type when it holds floating-point values (0: compare
 * bytes only). A NaN's payload and sign are not part of the kernels' promise:
 * WebAssembly leaves them unspecified, and C compilers may swap the operands
 * of a + b, which decides whose payload survives. So two NaNs of this type in
 * the same place count as equal; every other element must match bit for bit.
 * Harnesses set it before fz_two_runs. */
static int32_t fz_float_output_dtype;

/* Is the little-endian element of `bytes` bytes at `p` a NaN? (2 bytes:
 * float16 when `is_f16`, else bfloat16.) */
static inline int fz_is_nan(const uint8_t* p, unsigned bytes, int is_f16) {
  uint64_t bits = 0;
  for (unsigned k = 0; k < bytes; k++) bits |= (uint64_t)p[k] << (8 * k);
  const uint64_t magnitude = bits & ~((uint64_t)1 << (8 * bytes - 1));
  if (bytes == 2) return magnitude > (is_f16 ? 0x7c00u : 0x7f80u);
  if (bytes == 4) return magnitude > 0x7f800000u;
  return magnitude > 0x7ff0000000000000ull;
}

/* Both outputs hold a NaN of fz_float_output_dtype at the element (or complex
 * component) containing byte i. */
static inline int fz_same_nan(const uint8_t* a, const uint8_t* b, size_t i) {
  unsigned bytes;
  int f16 = 0;
  switch (fz_float_output_dtype) {
    case TW_DTYPE_FLOAT16: bytes = 2; f16 = 1; break;
    case TW_DTYPE_BFLOAT16: bytes = 2; break;
    case TW_DTYPE_FLOAT32: case TW_DTYPE_COMPLEX64: bytes = 4; break;
    case TW_DTYPE_FLOAT64: case TW_DTYPE_COMPLEX128: bytes = 8; break;
    default: return 0;
  }
  const size_t start = i - i % bytes;
  return fz_is_nan(a + start, bytes, f16) && fz_is_nan(b + start, bytes, f16);
}

/* Runs `call` with the SIMD and then the scalar kernels, the output region
 * [out, out + out_bytes) prefilled with 0xA5 and then 0x5A, and checks what
 * the header comment promises. `readonly` holds snapshots of the inputs.
 * `out_overlaps_input`: the output shares bytes with an input, so the call
 * must fail (and nothing is prefilled). Returns the status. */
static inline int32_t fz_two_runs(fz_call_fn call, const void* args, uint8_t* out, size_t out_bytes,
                                  const fz_snapshot* readonly, int out_overlaps_input) {
  const size_t n = out ? out_bytes : 0;
  uint8_t* first = malloc(n ? n : 1);
  FZ_CHECK(first != NULL, "malloc");
  int32_t status[2];
  for (int run = 0; run < 2; run++) {
    const uint8_t pattern = run ? 0x5A : 0xA5;
    if (n && !out_overlaps_input) memset(out, pattern, n);
    fz_snapshot out_before = {0};
    fz_keep(&out_before, out, n);
    tw_set_simd(run == 0);
    status[run] = call(args);
    tw_set_simd(1);
    FZ_CHECK(status[run] >= TW_OK && status[run] <= TW_OUT_OF_MEMORY, "unknown status %d", status[run]);
    if (status[run] != TW_OK) {
      fz_expect_unchanged(&out_before, "a failed call: the output");
    } else {
      FZ_CHECK(!out_overlaps_input, "an output overlapping an input was accepted");
      if (run == 0) {
        if (n) memcpy(first, out, n);
      } else {
        for (size_t i = 0; i < n; i++)
          FZ_CHECK(out[i] == first[i] || fz_same_nan(out, first, i),
                   "SIMD and scalar results differ (or a byte was left unwritten) at output byte %zu: "
                   "0x%02x vs 0x%02x", i, first[i], out[i]);
      }
    }
    fz_release(&out_before);
    fz_expect_unchanged(readonly, "an input");
  }
  FZ_CHECK(status[0] == status[1], "SIMD status %d, scalar status %d", status[0], status[1]);
  static int trace = -1; /* TW_FUZZ_TRACE=1: say what each call returned (replaying an input) */
  if (trace < 0) trace = getenv("TW_FUZZ_TRACE") != NULL;
  if (trace) fprintf(stderr, "status %d%s%s\n", status[0], status[0] ? ": " : "", status[0] ? tw_last_error() : "");
  free(first);
  return status[0];
}

#endif
