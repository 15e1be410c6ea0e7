// Memory for augment.batch's workers: whether shared memory is usable, the
// batch tensor in plain or shared memory, and spare buffers kept for reuse.
import { TYPES, dataLength } from '../dtypes.js';
import { freshData, uninitialisedBuffer } from '../stream.js';
import { MAX_BLOCK_BYTES, MEMORY_LIMIT } from '../limits.js';

/**
 * Whether workers can share memory with this thread: Node, and browsers
 * whose page is crossOriginIsolated (COOP/COEP headers); elsewhere
 * SharedArrayBuffer is missing or cannot be posted to a worker.
 */
export function sharedMemoryUsable() {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated !== false;
}

export const isShared = (buffer) => typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer;

/**
 * A data array of `count` elements of `type` (the class `like` where the type
 * allows it), uninitialised, in a SharedArrayBuffer when `shared`; a
 * RangeError naming `op` past the limit of a tensor.
 */
export function batchData(type, count, like, shared, op) {
  const info = TYPES[type];
  if (!shared) return freshData(info, count, like, op);
  const Array = like && info.arrays.includes(like) ? like : info.arrays[0];
  const length = dataLength(info, count);
  const bytes = length * Array.BYTES_PER_ELEMENT;
  if (bytes > MAX_BLOCK_BYTES) throw new RangeError(`${op}: the result needs ${bytes} bytes, more than a tensor may hold (${MEMORY_LIMIT})`);
  try {
    return new Array(new SharedArrayBuffer(bytes), 0, length);
  } catch (error) {
    throw new RangeError(`${op}: out of JS memory allocating ${bytes} shared bytes for the result`, { cause: error });
  }
}

/**
 * Buffers kept for later copies: a copy into memory already touched is a
 * memcpy, while a fresh buffer of 750 KB costs as much again in page faults
 * as postMessage's own clone (measured in Chromium: 0.7 ms per 500x375 RGBA
 * image either way). At most SPARE_BYTES are kept per pool. `shared`: the
 * pool holds SharedArrayBuffers (the images the workers read in place),
 * otherwise ArrayBuffers (transferred to a worker and handed back).
 */
const SPARE_BYTES = 64 << 20;

export function spareBuffers(shared = false) {
  const free = new Map(); // byteLength -> [buffer]
  let held = 0;
  const Kind = shared ? SharedArrayBuffer : ArrayBuffer;
  return {
    /** A kept buffer of `bytes` bytes, or undefined. */
    take(bytes) {
      const buffer = free.get(bytes)?.pop();
      if (buffer) held -= bytes;
      return buffer;
    },
    /** A kept buffer of `bytes` bytes, or a new one. */
    get(bytes) {
      return this.take(bytes) ?? (shared ? new SharedArrayBuffer(bytes) : uninitialisedBuffer(bytes));
    },
    keep(buffers = []) {
      for (const buffer of buffers) {
        if (!(buffer instanceof Kind) || held + buffer.byteLength > SPARE_BYTES) continue;
        if (!free.has(buffer.byteLength)) free.set(buffer.byteLength, []);
        free.get(buffer.byteLength).push(buffer);
        held += buffer.byteLength;
      }
    },
  };
}
