// Tensors as the wrapper sees them: plain { type, dims, data } objects (an
// onnxruntime-web Tensor qualifies as is) and heap-resident tensors that live
// in the wasm heap for chaining operators without copies.
import { TYPES, typeInfo, dataLength, storageBytes } from './dtypes.js';
import { allocate, wasm, withFrame } from './module.js';
import { bytesOf, copyTouching, freshData } from './stream.js';
import { integers, describe } from './args.js';

// A safety net for heap tensors dropped without dispose(): when one is
// garbage-collected its block is freed. GC timing is unspecified, so this
// bounds a leak rather than replacing dispose(). Only tensor() registers:
// a view into another heap tensor's block is never freed here.
const reclaim = new FinalizationRegistry((pointer) => wasm()._free(pointer));

// Only this module makes HeapTensors: a heap tensor always lies inside a
// block whose size was recorded where it was allocated, and every write into
// it is checked against that size.
const CREATE = Symbol('HeapTensor');
let blockOf; // (value) => { pointer, bytes } of a live HeapTensor, null for anything else; throws once disposed

/**
 * A tensor whose data lives in the wasm heap. Create with `tensor()`. Its
 * type, dims and address are fixed for its lifetime: the object is frozen.
 */
export class HeapTensor {
  #pointer;
  #bytes; // the size of its block, recorded where the block was allocated
  #owner; // the HeapTensor whose block this one views, or null
  #length;
  constructor(token, info, dims, pointer, bytes, owner = null) {
    if (token !== CREATE) throw new TypeError('HeapTensor: heap tensors are created by tensor(); the constructor is not public');
    this.#pointer = pointer;
    this.#bytes = bytes;
    this.#owner = owner;
    this.#length = dataLength(info, elementCount(dims));
    this.type = info.name;
    this.dims = Object.freeze([...dims]);
    this.byteLength = bytes;
    Object.freeze(this);
  }

  static {
    blockOf = (value, argument) => {
      if (typeof value !== 'object' || value === null || !(#pointer in value)) return null;
      if (value.disposed) throw new TypeError(`${argument}: this heap tensor has been disposed`);
      return { pointer: value.#pointer, bytes: value.#bytes };
    };
  }

  /** Byte address in the wasm heap (throws once disposed). */
  get pointer() {
    return liveBlock(this, 'pointer').pointer;
  }

  /** A view of the current heap buffer; re-read it after any operator call or allocation. */
  get data() {
    const Array = TYPES[this.type].arrays[0];
    return new Array(wasm().HEAPU8.buffer, liveBlock(this, 'data').pointer, this.#length);
  }

  get disposed() {
    return this.#pointer === 0 || (this.#owner !== null && this.#owner.disposed);
  }

  /** Frees the heap memory. Idempotent. */
  dispose() {
    if (this.#pointer !== 0) {
      if (this.#owner === null) {
        reclaim.unregister(this);
        wasm()._free(this.#pointer);
      }
      this.#pointer = 0;
    }
  }
}

function liveBlock(t, member) {
  const block = blockOf(t, `HeapTensor.${member}`);
  if (!block) throw new TypeError(`HeapTensor.${member}: not a heap tensor made by tensor()`);
  return block;
}

/**
 * Internal (tests): a heap tensor of `type` and `dims` viewing the bytes of
 * `owner`'s block from `byteOffset`; it must lie inside that block. It frees
 * nothing, and is disposed when its owner is.
 */
export function heapTensorView(owner, byteOffset, type, dims) {
  const block = blockOf(owner, 'heapTensorView: owner');
  if (!block) throw new TypeError('heapTensorView: owner must be a HeapTensor');
  const info = typeInfo(type, 'heapTensorView: type');
  const shape = checkDims(dims, 'heapTensorView: dims');
  const bytes = storageBytes(info, elementCount(shape));
  if (!Number.isSafeInteger(byteOffset) || byteOffset < 0 || byteOffset + bytes > block.bytes) {
    throw new RangeError(`heapTensorView: ${bytes} bytes at offset ${byteOffset} do not fit in the owner's ${block.bytes}`);
  }
  return new HeapTensor(CREATE, info, shape, block.pointer + byteOffset, bytes, owner);
}

export function elementCount(dims) {
  let count = 1;
  for (const d of dims) count *= d;
  return count;
}

/** Dims as numbers; `name` is the argument ("x.dims"). */
function checkDims(dims, name) {
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) {
    throw new TypeError(`${name}: expected an array of non-negative integers, got ${describe(dims)}`);
  }
  const out = integers(dims, name);
  if (out.some((d) => d < 0)) throw new RangeError(`${name}: expected non-negative integers, got [${out.join(', ')}]`);
  return out;
}

/**
 * The data array of a tensor of `info` and `dims` (float16 data in a
 * Float16Array seen as its bits); `name` is the data argument ("x.data"),
 * `tensorName` the tensor's in a length mismatch ("x").
 */
function checkData(info, dims, data, name, tensorName) {
  if (info.kind === 'string') {
    if (!Array.isArray(data) || data.some((s) => typeof s !== 'string')) {
      throw new TypeError(`${name}: expected an array of strings for a string tensor`);
    }
  } else if (info.name === 'float16' && globalThis.Float16Array && data instanceof globalThis.Float16Array) {
    data = new Uint16Array(data.buffer, data.byteOffset, data.length);
  } else if (!ArrayBuffer.isView(data) || !info.arrays.some((Array) => data instanceof Array)) {
    const expected = info.arrays.map((Array) => Array.name).join(' or ');
    throw new TypeError(`${name}: expected a ${expected} for type ${info.name}, got ${describe(data)}`);
  }
  const length = dataLength(info, elementCount(dims));
  if (data.length !== length) {
    throw new RangeError(`${tensorName}: dims [${dims.join(', ')}] need ${length} data entries, got ${data.length}`);
  }
  return data;
}

/**
 * Allocates a tensor in the wasm heap; optionally copies `data` into it.
 * Its memory is uninitialised otherwise. Call `.dispose()` when done.
 */
export function tensor(type, dims, data) {
  const info = typeInfo(type, 'tensor: type');
  if (info.kind === 'string') throw new TypeError('tensor: type: string tensors cannot live in the wasm heap');
  const shape = checkDims(dims, 'tensor: dims');
  const count = elementCount(shape);
  const source = data === undefined ? null : { info, data: checkData(info, shape, data, 'tensor: data', 'tensor: data') };
  const bytes = storageBytes(info, count);
  const pointer = allocate('tensor', `dims [${shape.join(', ')}]`, bytes);
  const t = new HeapTensor(CREATE, info, shape, pointer, bytes);
  reclaim.register(t, pointer, t);
  if (source) writeHeap(source, 0, bytes, pointer, bytes);
  return t;
}

/**
 * Validates an input tensor argument and returns { info, dims, count, data,
 * heap, pointer, region }: `data` is the caller's array (null when the data
 * are read from the heap), `heap` the HeapTensor read in place or null,
 * `region` the heap block { pointer, bytes } the input came from (for
 * overlap checks) or null. A bool heap tensor holding bytes other than 0 and
 * 1 is read through a normalised copy, as bool JS data are (copyToHeap): a
 * nonzero byte is true everywhere. Throws TypeError/RangeError naming
 * `argument`.
 */
export function checkTensor(t, argument) {
  const checked = describeTensor(t, argument);
  if (checked.heap && checked.info.kind === 'bool') {
    const { pointer, bytes } = checked.region;
    const stored = wasm().HEAPU8.subarray(pointer, pointer + bytes);
    const normal = boolBytes(stored);
    if (normal !== stored) return { ...checked, data: normal, heap: null, pointer: 0 };
  }
  return checked;
}

/** Bool bytes as 0 and 1 (any nonzero byte is true): `bytes` itself when they already are, else a new copy. */
export function boolBytes(bytes) {
  return bytes.some((b) => b > 1) ? Uint8Array.from(bytes, (b) => (b ? 1 : 0)) : bytes;
}

/** checkTensor without the bool normalisation: the tensor as it is (for `out`). */
function describeTensor(t, argument) {
  const block = blockOf(t, argument);
  if (block) {
    return { info: TYPES[t.type], dims: [...t.dims], count: elementCount(t.dims), data: null, heap: t, pointer: block.pointer, region: block };
  }
  if (t === null || typeof t !== 'object') throw new TypeError(`${argument}: expected a tensor { type, dims, data }`);
  if (t instanceof HeapTensor) throw new TypeError(`${argument}: not a heap tensor made by tensor()`);
  const info = typeInfo(t.type, `${argument}.type`);
  const dims = checkDims(t.dims, `${argument}.dims`);
  const data = checkData(info, dims, t.data, `${argument}.data`, argument);
  return { info, dims, count: elementCount(dims), data, heap: null, pointer: 0, region: null };
}

/**
 * Runs an index-moving operator on a string tensor: `run` gets an int32
 * tensor of element indices (a checked tensor) and returns the moved indices,
 * where -1 marks "no element"; those become `missing`.
 */
export function viaIndexMap(x, run, missing) {
  const indices = Int32Array.from({ length: x.count }, (_, i) => i);
  const moved = run({ info: TYPES.int32, dims: x.dims, count: x.count, data: indices, heap: null, pointer: 0, region: null });
  return { type: 'string', dims: moved.dims, data: Array.from(moved.data, (i) => (i < 0 ? missing : x.data[i])) };
}

/** Heap bytes of a checked tensor. */
export function tensorBytes(checked) {
  return storageBytes(checked.info, checked.count);
}

/**
 * The one place JS writes tensor data into the heap: bytes [offset, offset +
 * bytes) of a checked JS tensor's data go to `pointer`, the start of a block
 * of `capacity` bytes (its size as recorded where it was allocated). bool
 * data may hold any byte and the kernels move bytes, so it is normalised to
 * 0/1 here.
 */
function writeHeap(checked, offset, bytes, pointer, capacity) {
  if (!(bytes <= capacity)) throw new RangeError(`tensorwarp: internal error: ${bytes} bytes do not fit in a block of ${capacity}`);
  const heap = wasm().HEAPU8;
  if (checked.info.kind === 'bool') {
    const { data } = checked;
    for (let i = 0; i < bytes; i++) heap[pointer + i] = data[offset + i] !== 0 ? 1 : 0;
    return;
  }
  heap.set(bytesOf(checked.data).subarray(offset, offset + bytes), pointer);
}

/**
 * writeHeap for a box of x inside a larger tensor (Pad's one-pass fresh
 * result, src/pad/pad.h): along axis d, x's elements [box[3d], box[3d] +
 * box[3d + 2]) go to indices [box[3d + 1], ...) of a tensor of `outDims`
 * whose block starts at `pointer` and holds `capacity` bytes. Trailing axes
 * that the box spans whole in x and in the output merge into one run; each
 * run is one TypedArray.set. Element types of 8 bits or more.
 */
export function writeHeapBox(checked, box, outDims, pointer, capacity) {
  const { info, dims } = checked;
  const size = storageBytes(info, 1);
  if (!(info.bits >= 8 && storageBytes(info, elementCount(outDims)) <= capacity)) {
    throw new RangeError('tensorwarp: internal error: the box does not fit in its block');
  }
  const rank = dims.length;
  const length = (d) => box[3 * d + 2];
  if (dims.some((_, d) => length(d) === 0)) return;
  const runAxis = boxRunAxis(dims, box, outDims);
  const xStride = new Array(rank);
  const outStride = new Array(rank);
  for (let d = rank - 1, xs = size, os = size; d >= 0; d--) {
    xStride[d] = xs;
    outStride[d] = os;
    xs *= dims[d];
    os *= outDims[d];
  }
  const runBytes = rank === 0 ? size : length(runAxis) * xStride[runAxis];
  const source = bytesOf(checked.data);
  const heap = wasm().HEAPU8;
  const bool = info.kind === 'bool';
  const index = new Array(Math.max(runAxis, 0)).fill(0);
  for (;;) {
    let from = 0;
    let to = pointer;
    for (let d = 0; d < rank; d++) {
      const i = d < runAxis ? index[d] : 0;
      from += (box[3 * d] + i) * xStride[d];
      to += (box[3 * d + 1] + i) * outStride[d];
    }
    if (bool) for (let i = 0; i < runBytes; i++) heap[to + i] = source[from + i] !== 0 ? 1 : 0;
    else heap.set(source.subarray(from, from + runBytes), to);
    let d = runAxis - 1;
    while (d >= 0 && ++index[d] === length(d)) index[d--] = 0;
    if (d < 0) return;
  }
}

/** The outermost axis of writeHeapBox's runs: the axes after it are spanned whole. */
function boxRunAxis(dims, box, outDims) {
  let axis = dims.length - 1;
  while (axis > 0 && box[3 * axis + 2] === dims[axis] && box[3 * axis + 2] === outDims[axis]) axis--;
  return axis;
}

/** The bytes of each of writeHeapBox's runs (each run costs one TypedArray.set). */
export function boxRunBytes(checked, box, outDims) {
  const { info, dims } = checked;
  const axis = boxRunAxis(dims, box, outDims);
  if (axis < 0) return storageBytes(info, 1);
  return storageBytes(info, box[3 * axis + 2] * elementCount(dims.slice(axis + 1)));
}

/** The one place heap bytes are copied out: `bytes` bytes at `pointer` into a JS typed array `target` at byte `offset`. */
export function copyOut(pointer, bytes, target, offset = 0) {
  copyTouching(bytesOf(target), wasm().HEAPU8.subarray(pointer, pointer + bytes), offset);
}

/** Copies an input tensor into the frame (or passes a heap tensor's address); `argument` names it in size errors. */
export function inputPointer(frame, checked, argument) {
  if (checked.heap) return checked.pointer;
  const bytes = tensorBytes(checked);
  const pointer = frame.alloc(bytes, argument);
  writeHeap(checked, 0, bytes, pointer, bytes);
  return pointer;
}

/**
 * The heap address of bytes [offset, offset + bytes) of an input: a heap
 * tensor's own, or `block` (allocated by `frame`) once they are copied there
 * (a band of a JS input).
 */
export function inputBand(frame, checked, offset, bytes, block) {
  if (checked.heap) {
    if (offset + bytes > checked.region.bytes) throw new RangeError(`tensorwarp: internal error: band [${offset}, ${offset + bytes}) is outside the input's ${checked.region.bytes} bytes`);
    return checked.pointer + offset;
  }
  writeHeap(checked, offset, bytes, block, frame.capacity(block));
  return block;
}

function overlaps(a, b) {
  return a.bytes > 0 && b.bytes > 0 && a.pointer < b.pointer + b.bytes && b.pointer < a.pointer + a.bytes;
}

// How outputTarget starts its refusal of an `out` of the wrong type or dims.
const OUT_REFUSAL = 'options.out must be';

/**
 * Whether `error` is outputTarget's refusal of an `out` of the wrong type
 * (TypeError) or dims (RangeError), as opposed to any other failure.
 */
export function refusedOut(error) {
  return (error instanceof TypeError || error instanceof RangeError) && error.message.includes(OUT_REFUSAL);
}

/**
 * Where an operator writes its result. `out` (optional) is the caller's
 * tensor; it must have the result's type and dims, and a heap `out` must not
 * overlap any of `inputs` (checked inputs by argument name; the first one's
 * data class is the fresh result's). Returns { pointer, bytes, finish } where
 * finish() produces the value to return.
 */
export function outputTarget(frame, op, info, dims, out, inputs) {
  const count = elementCount(dims);
  const bytes = storageBytes(info, count);
  if (out !== undefined && out !== null) {
    const target = describeTensor(out, `${op}: options.out`);
    const wrongDims = target.dims.length !== dims.length || target.dims.some((d, i) => d !== dims[i]);
    if (target.info !== info || wrongDims) {
      const message = `${op}: ${OUT_REFUSAL} a ${info.name} tensor of dims [${dims.join(', ')}], got ${target.info.name} [${target.dims.join(', ')}]`;
      throw target.info !== info ? new TypeError(message) : new RangeError(message);
    }
    if (target.heap) {
      for (const [name, input] of Object.entries(inputs)) {
        if (input.region && overlaps(input.region, target.region)) {
          throw new RangeError(`${op}: options.out overlaps ${name}; the result cannot be written over an input`);
        }
      }
      if (!(bytes <= target.region.bytes)) throw new RangeError(`tensorwarp: internal error: ${bytes} bytes do not fit in options.out's ${target.region.bytes}`);
      return { pointer: target.pointer, bytes, finish: () => out };
    }
    const pointer = frame.alloc(bytes, 'options.out');
    return { pointer, bytes, finish: () => { copyOut(pointer, bytes, target.data); return out; } };
  }
  const pointer = frame.alloc(bytes, 'the result');
  const like = Object.values(inputs)[0]?.data?.constructor;
  return {
    pointer,
    bytes,
    finish: () => {
      const data = freshData(info, count, like, op);
      copyOut(pointer, bytes, data);
      return { type: info.name, dims, data };
    },
  };
}

export { withFrame };
