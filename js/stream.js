// Fresh results: how an operator that returns a new JS array produces it.
//
// Banding (GridSample, AveragePool): the kernel runs on one band of the
// output at a time. The band's inputs are copied into a small heap block, the
// kernel writes a small heap block, and that is copied into the result before
// the next band. The data still cross the boundary once each way, but the
// heap side of both copies stays in cache, where a whole-tensor copy-in,
// kernel and copy-out each stream through main memory. Each band is an
// ordinary call of the C kernel, so results are bit-identical to one call.
//
// The result's memory (uninitialisedBuffer) is not zero-filled: every byte is
// written before the caller sees it.
//
// Measured together, one bench run with every peer loaded, [1,3,1024,1024]
// float32, medians before -> after: GridSample linear 32.1 -> 24.9 ms,
// AveragePool 3x3 10.0 -> 8.6 ms, 7x7 10.7 -> 6.5 ms, Pad reflect (no bands,
// the unzeroed result only) 9.5 -> 6.5 ms.
import { dataLength } from './dtypes.js';
import { MAX_BLOCK_BYTES, MEMORY_LIMIT } from './limits.js';

// Heap bytes (band inputs + band output) one kernel call should touch: well
// inside a 1-2 MB L2, and large enough that the per-call cost (argument
// checks, a plan, window tables) is noise.
const DEFAULT_BAND_BYTES = 512 * 1024;
let bandBytes = DEFAULT_BAND_BYTES;

/** The current band budget in bytes. */
export function bandBudget() {
  return bandBytes;
}

/**
 * Rows per band for a call whose rows take `rowBytes` heap bytes each: as
 * many as the band budget holds, at least `least` (and 1), at most `total`
 * (or 1 when total is 0). The one band-size rule of the banded calls.
 */
export function bandRowsFor(rowBytes, total, least = 1) {
  return Math.max(1, Math.min(total, Math.max(least, Math.floor(bandBytes / rowBytes))));
}

/** The bands that cover `total` rows, `perBand` at a time: [row0, rows] pairs, in order. */
export function* bands(total, perBand) {
  for (let row0 = 0; row0 < total; row0 += perBand) yield [row0, Math.min(perBand, total - row0)];
}

/**
 * Internal (tests): sets the band budget, so that small tensors are streamed
 * in many bands; no argument restores the default.
 */
export function setBandBudget(bytes = DEFAULT_BAND_BYTES) {
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new RangeError('setBandBudget: expected a positive integer');
  bandBytes = bytes;
}

/** Whether a result of `bytes` bytes going to a fresh array is worth streaming. */
export function streams(bytes, out) {
  return (out === undefined || out === null) && bytes > bandBytes;
}

// Node's Buffer.allocUnsafeSlow returns memory the allocator has not zeroed
// and may have recycled, so a large result skips both the zero fill and,
// often, the first-touch page faults of a new ArrayBuffer: measured 1.8 ms
// against 2.9 ms for a 12 MB ArrayBuffer.prototype.slice (and 2.2 against
// 3.7 with other allocations churning). Every byte of such a buffer is
// written before the array reaches the caller. Browsers have no such call.
const allocUnsafe = typeof globalThis.Buffer?.allocUnsafeSlow === 'function' ? globalThis.Buffer.allocUnsafeSlow : null;
const UNSAFE_MIN_BYTES = 64 * 1024;

let poison = null;

/**
 * Internal (tests): fills every later uninitialised buffer with `byte`, so a
 * result byte an operator forgot to write shows up; null restores the default.
 */
export function poisonFreshBuffers(byte = null) {
  poison = byte;
}

/**
 * A new ArrayBuffer of `bytes` bytes whose contents are unspecified: the
 * caller must overwrite all of it, a chunk at a time with its pages touched
 * first (copyTouching, touchAhead): see TOUCH_CHUNK_BYTES.
 */
export function uninitialisedBuffer(bytes) {
  if (poison !== null) return new Uint8Array(bytes).fill(poison).buffer;
  if (allocUnsafe && bytes >= UNSAFE_MIN_BYTES) {
    const view = allocUnsafe(bytes);
    if (view.byteOffset === 0 && view.buffer.byteLength === bytes) return view.buffer;
  }
  return new ArrayBuffer(bytes);
}

// A fresh result's pages may be new to the process (always in a browser,
// whose large ArrayBuffers are fresh mappings that go back to the OS when
// freed; in Node when the allocator has just taken them from the OS). A
// page's first write then faults, and the kernel zeroes the page. Two rules:
// - A fault taken inside a memcpy (a TypedArray.prototype.set of a row, which
//   glibc copies with `rep movsb` from 2 KiB up) costs more than one taken by
//   a single store: writing one byte per page first, then the rows, measured
//   6.0 ms against 7.3 for a 9.1 MB result by 1080 row sets (1920x1080 RGBA
//   padded by 32; headless Chromium, medians; Node with fresh pages 5.0
//   against 6.5).
// - But not the whole result at once: touching all 8 MB of a 1080p result
//   first had the kernel zero 8 MB of new pages, which left the cache before
//   the copies wrote them again (a second trip to memory for every line).
//   So writers touch a chunk that stays in cache, then write it, then the
//   next: headless Chromium, 1080p RGBA, old / new / old / new in one page
//   (bench/image-ab-browser.mjs, load 3.5-3.9), the renderer's main-thread
//   CPU ms: flip horizontal 5.10 / 4.83 / 5.29 / 4.64, blur 5x5 7.35 / 6.61 /
//   7.42 / 6.38, rotate90 7.27 / 6.72 / 7.04 / 6.89, with the same 2,028
//   page faults per call.
// On pages that are not new the stores cost about 0.1 ms per 9 MB.
const TOUCH_MIN_BYTES = 64 * 1024;
const TOUCH_CHUNK_BYTES = 256 * 1024;
const PAGE_BYTES = 4096;

/**
 * Writes 0 to one byte in every 4 KiB step of bytes[start, start + length)
 * and to its last byte, so each page the range covers is faulted in by a
 * store. The caller overwrites the whole range afterwards.
 */
function touchRange(bytes, start, length) {
  for (let at = start; at < start + length; at += PAGE_BYTES) bytes[at] = 0;
  bytes[start + length - 1] = 0;
}

/**
 * For a writer that fills `bytes` front to back in pieces (rows): touches
 * the pages of the next chunk (TOUCH_CHUNK_BYTES) once a write reaches
 * past what is touched. `ahead(end)` before writing up to byte `end`.
 * Arrays under TOUCH_MIN_BYTES are left alone.
 */
export function touchAhead(bytes) {
  if (bytes.length < TOUCH_MIN_BYTES) return () => {};
  let touched = 0;
  return (end) => {
    while (touched < end) {
      const length = Math.min(TOUCH_CHUNK_BYTES, bytes.length - touched);
      touchRange(bytes, touched, length);
      touched += length;
    }
  };
}

/**
 * target.set(source, offset) (byte arrays), for large copies in chunks of
 * TOUCH_CHUNK_BYTES, each chunk's destination pages written first by single
 * stores (see above): the destination may be new memory (a fresh result; a
 * slice of augment.batch's tensor, 154 MB for 256 samples; a caller's
 * `out`). Measured on that batch (bench/batch-faults.mjs, old and new in one
 * process, two runs): touching first, the same 147 faults per sample took
 * 0.32 ms of system time against 0.39-0.40, and user + system 0.88-0.96 ms
 * against 0.91-1.00.
 */
export function copyTouching(target, source, offset = 0) {
  // out of range: target.set throws before writing anything, as without the touches
  if (source.length < TOUCH_MIN_BYTES || offset < 0 || offset + source.length > target.length) {
    target.set(source, offset);
    return;
  }
  for (let done = 0; done < source.length; done += TOUCH_CHUNK_BYTES) {
    const length = Math.min(TOUCH_CHUNK_BYTES, source.length - done);
    touchRange(target, offset + done, length);
    target.set(source.subarray(done, done + length), offset + done);
  }
}

// A fresh result obeys the limit of a heap result (MAX_BLOCK_BYTES), whichever path made it.

/**
 * A fresh JS-owned data array for `count` elements (the caller's class if it
 * can hold them), uninitialised: the caller must overwrite every byte.
 * Throws a RangeError naming `op` when it is over 4 GiB or the engine cannot
 * allocate it.
 */
export function freshData(info, count, like, op) {
  const Array = like && info.arrays.includes(like) ? like : info.arrays[0];
  const length = dataLength(info, count);
  const bytes = length * Array.BYTES_PER_ELEMENT;
  if (bytes > MAX_BLOCK_BYTES) throw new RangeError(`${op}: the result needs ${bytes} bytes, more than a tensor may hold (${MEMORY_LIMIT})`);
  let buffer;
  try {
    buffer = uninitialisedBuffer(bytes);
  } catch (error) {
    throw new RangeError(`${op}: out of JS memory allocating ${bytes} bytes for the result`, { cause: error });
  }
  return new Array(buffer, 0, length);
}

/** A byte view of a typed array. */
export function bytesOf(view) {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
