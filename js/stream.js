// Streaming a fresh result through the cache. An operator that returns a new
// JS array can run its kernel on one band of the output at a time: the band's
// inputs are copied into a small heap block, the kernel writes a small heap
// block, and that is copied into the result before the next band. The data
// still cross the boundary once each way, but the heap side of both copies
// stays in cache, where a whole-tensor copy-in, kernel and copy-out each
// stream through main memory. Measured on [1,3,1024,1024] float32 in Node:
// GridSample linear 31.7 -> 22.1 ms, AveragePool 3x3 13.8 -> 8.7 ms (medians,
// one interleaved run). Results are bit-identical to a whole-tensor call.
import { dataLength } from './dtypes.js';

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

/** A fresh JS-owned data array for `count` elements (the caller's class if it can hold them). */
export function freshData(info, count, like) {
  const Array = like && info.arrays.includes(like) ? like : info.arrays[0];
  return new Array(dataLength(info, count));
}

/** A byte view of a typed array. */
export function bytesOf(view) {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
