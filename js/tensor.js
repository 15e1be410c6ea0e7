// Tensors as the wrapper sees them: plain { type, dims, data } objects (an
// onnxruntime-web Tensor qualifies as is) and heap-resident tensors that live
// in the wasm heap for chaining operators without copies.
import { TYPES, typeInfo, dataLength, storageBytes } from './dtypes.js';
import { wasm, withFrame } from './module.js';
import { bytesOf, freshData } from './stream.js';

// A safety net for heap tensors dropped without dispose(): when one is
// garbage-collected its block is freed. GC timing is unspecified, so this
// bounds a leak rather than replacing dispose(). Only tensor() registers:
// a HeapTensor over memory someone else owns is never freed here.
const reclaim = new FinalizationRegistry((pointer) => wasm()._free(pointer));

/** A tensor whose data lives in the wasm heap. Create with `tensor()`. */
export class HeapTensor {
  #pointer;
  #length;
  constructor(info, dims, pointer) {
    this.type = info.name;
    this.dims = Object.freeze([...dims]);
    this.#pointer = pointer;
    this.#length = dataLength(info, elementCount(dims));
    this.byteLength = storageBytes(info, elementCount(dims));
  }

  /** Byte address in the wasm heap (throws once disposed). */
  get pointer() {
    if (this.#pointer === 0) throw new TypeError('tensor: this heap tensor has been disposed');
    return this.#pointer;
  }

  /** A view of the current heap buffer; re-read it after any operator call or allocation. */
  get data() {
    const Array = TYPES[this.type].arrays[0];
    return new Array(wasm().HEAPU8.buffer, this.pointer, this.#length);
  }

  get disposed() {
    return this.#pointer === 0;
  }

  /** Frees the heap memory. Idempotent. */
  dispose() {
    if (this.#pointer !== 0) {
      reclaim.unregister(this);
      wasm()._free(this.#pointer);
      this.#pointer = 0;
    }
  }
}

export function elementCount(dims) {
  let count = 1;
  for (const d of dims) count *= d;
  return count;
}

function checkDims(dims, argument) {
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) {
    throw new TypeError(`${argument}.dims: expected an array of non-negative integers`);
  }
  const out = Array.from(dims, Number);
  for (const d of out) {
    if (!Number.isSafeInteger(d) || d < 0) {
      throw new RangeError(`${argument}.dims: expected non-negative integers, got [${out.join(', ')}]`);
    }
  }
  return out;
}

/**
 * Allocates a tensor in the wasm heap; optionally copies `data` into it.
 * Its memory is uninitialised otherwise. Call `.dispose()` when done.
 */
export function tensor(type, dims, data) {
  const info = typeInfo(type, 'tensor: type');
  if (info.kind === 'string') throw new TypeError('tensor: string tensors cannot live in the wasm heap');
  const shape = checkDims(dims, 'tensor');
  const bytes = storageBytes(info, elementCount(shape));
  if (bytes > 0xffff_fff0) throw new RangeError(`tensor: ${bytes} bytes do not fit in wasm memory`);
  const m = wasm();
  const pointer = m._malloc(Math.max(bytes, 1)) >>> 0;
  if (pointer === 0) throw new RangeError(`tensor: out of wasm memory allocating ${bytes} bytes`);
  const t = new HeapTensor(info, shape, pointer);
  reclaim.register(t, pointer, t);
  if (data !== undefined) {
    try {
      m.HEAPU8.set(bytesOf(checkTensor({ type, dims: shape, data }, 'tensor').data), pointer);
    } catch (error) {
      t.dispose();
      throw error;
    }
  }
  return t;
}

/**
 * Validates a tensor argument and returns { info, dims, count, data, heap }:
 * `data` is the caller's array (for heap tensors: null), `heap` the
 * HeapTensor or null. Throws TypeError/RangeError naming `argument`.
 */
export function checkTensor(t, argument) {
  if (t instanceof HeapTensor) {
    const pointer = t.pointer; // throws if disposed
    return { info: TYPES[t.type], dims: [...t.dims], count: elementCount(t.dims), data: null, heap: t, pointer };
  }
  if (t === null || typeof t !== 'object') throw new TypeError(`${argument}: expected a tensor { type, dims, data }`);
  const info = typeInfo(t.type, `${argument}.type`);
  const dims = checkDims(t.dims, argument);
  const count = elementCount(dims);
  let data = t.data;
  if (info.kind === 'string') {
    if (!Array.isArray(data) || data.some((s) => typeof s !== 'string')) {
      throw new TypeError(`${argument}.data: expected an array of strings for a string tensor`);
    }
  } else if (info.name === 'float16' && globalThis.Float16Array && data instanceof globalThis.Float16Array) {
    data = new Uint16Array(data.buffer, data.byteOffset, data.length);
  } else if (!info.arrays.some((Array) => data instanceof Array)) {
    const expected = info.arrays.map((Array) => Array.name).join(' or ');
    throw new TypeError(`${argument}.data: expected a ${expected} for type ${info.name}, got ${data?.constructor?.name ?? typeof data}`);
  }
  const length = dataLength(info, count);
  if (data.length !== length) {
    throw new RangeError(`${argument}: dims [${dims.join(', ')}] need ${length} data entries, got ${data.length}`);
  }
  return { info, dims, count, data, heap: null, pointer: 0 };
}

/**
 * Runs an index-moving operator on a string tensor: `run` gets an int32
 * tensor of element indices (a checked tensor) and returns the moved indices,
 * where -1 marks "no element"; those become `missing`.
 */
export function viaIndexMap(x, run, missing) {
  const indices = Int32Array.from({ length: x.count }, (_, i) => i);
  const moved = run({ info: TYPES.int32, dims: x.dims, count: x.count, data: indices, heap: null, pointer: 0 });
  return { type: 'string', dims: moved.dims, data: Array.from(moved.data, (i) => (i < 0 ? missing : x.data[i])) };
}

/** Heap bytes of a checked tensor. */
export function tensorBytes(checked) {
  return storageBytes(checked.info, checked.count);
}

/**
 * Copies bytes [offset, offset + bytes) of a checked JS tensor's data to the
 * heap at `pointer`. bool data may hold any byte and the kernels move bytes,
 * so it is normalised to 0/1 here.
 */
function copyToHeap(checked, offset, bytes, pointer) {
  const heap = wasm().HEAPU8;
  if (checked.info.kind === 'bool') {
    const { data } = checked;
    for (let i = 0; i < bytes; i++) heap[pointer + i] = data[offset + i] !== 0 ? 1 : 0;
    return;
  }
  heap.set(bytesOf(checked.data).subarray(offset, offset + bytes), pointer);
}

/** Copies an input tensor into the frame (or passes a heap tensor's address). */
export function inputPointer(frame, checked) {
  if (checked.heap) return checked.pointer;
  const bytes = tensorBytes(checked);
  const pointer = frame.alloc(bytes);
  copyToHeap(checked, 0, bytes, pointer);
  return pointer;
}

/**
 * The heap address of bytes [offset, offset + bytes) of an input: a heap
 * tensor's own, or `block` once they are copied there (a band of a JS input).
 */
export function inputBand(checked, offset, bytes, block) {
  if (checked.heap) return checked.pointer + offset;
  copyToHeap(checked, offset, bytes, block);
  return block;
}

/**
 * Where an operator writes its result. `out` (optional) is the caller's
 * tensor; it must have the result's type and dims. Returns
 * { pointer, bytes, finish } where finish() produces the value to return.
 */
export function outputTarget(frame, info, dims, out, op, like) {
  const count = elementCount(dims);
  const bytes = storageBytes(info, count);
  const length = dataLength(info, count);
  if (out !== undefined && out !== null) {
    const target = checkTensor(out, `${op}: options.out`);
    if (target.info !== info || target.dims.length !== dims.length || target.dims.some((d, i) => d !== dims[i])) {
      throw new RangeError(`${op}: options.out must be a ${info.name} tensor of dims [${dims.join(', ')}], got ${target.info.name} [${target.dims.join(', ')}]`);
    }
    if (target.heap) return { pointer: target.pointer, bytes, finish: () => out };
    const pointer = frame.alloc(bytes);
    return {
      pointer,
      bytes,
      finish: () => {
        const Array = target.data.constructor;
        target.data.set(new Array(wasm().HEAPU8.buffer, pointer, length));
        return out;
      },
    };
  }
  const pointer = frame.alloc(bytes);
  return {
    pointer,
    bytes,
    finish: () => {
      const data = freshData(info, count, like);
      new Uint8Array(data.buffer).set(wasm().HEAPU8.subarray(pointer, pointer + bytes));
      return { type: info.name, dims, data };
    },
  };
}

export { withFrame };
