// Loading the wasm module, and the one place that knows the heap protocol:
// allocations belong to a frame and are freed in `finally`; heap views are
// re-read after every allocation (memory growth replaces the buffer).
import { status as STATUS } from '../wasm/enums.js';
import { instantiate, builtinFiles, checkSourceKind } from './load.js';
import { MAX_BLOCK_BYTES, MEMORY_LIMIT } from './limits.js';

let loading = null; // the promise of the load in progress or done
let loadedFrom; //     its options.wasm (undefined: the default location)
let instance = null;

/**
 * Loads the module once. Every later call returns the same promise; after a
 * failure the next call tries again. Operators are synchronous once it resolves.
 * Asking for another wasm once a load has started is an error, not ignored.
 */
export function ready(options) {
  return readyWith(options, builtinFiles());
}

/** ready() with `files`, the local file access of the environment (see load.js). */
export function readyWith(options = {}, files = null) {
  if (options === null || typeof options !== 'object') {
    return Promise.reject(new TypeError('ready: options must be an object such as { wasm: url }'));
  }
  for (const key of Object.keys(options)) {
    if (key !== 'wasm') return Promise.reject(new TypeError(`ready: unknown option "${key}" (the one option is wasm)`));
  }
  const source = options.wasm;
  try {
    checkSourceKind(source); // a wrong kind is named as such, loaded or not
  } catch (error) {
    return Promise.reject(error);
  }
  if (loading) {
    if (source === undefined || sameSource(source, loadedFrom)) return loading;
    return Promise.reject(new Error(`ready: the module is already ${instance ? 'loaded' : 'loading'} from ` +
      `${describe(loadedFrom)}, so options.wasm ${describe(source)} would be ignored; ` +
      'call ready() without options, or pass the same wasm'));
  }
  loadedFrom = source;
  loading = instantiate(source, files).then((m) => {
    instance = m;
  }, (error) => {
    loading = null;
    loadedFrom = undefined;
    throw error;
  });
  return loading;
}

function sameSource(a, b) {
  if (a === b) return true;
  const href = (s) => (s instanceof URL ? s.href : typeof s === 'string' ? s : null);
  return href(a) !== null && href(a) === href(b);
}

function describe(source) {
  if (source === undefined) return 'the default location';
  if (typeof source === 'string' || source instanceof URL) return String(source);
  if (source instanceof WebAssembly.Module) return 'a WebAssembly.Module';
  return `${source?.constructor?.name ?? typeof source} bytes`;
}

/** The Emscripten module; throws if `ready()` has not resolved. */
export function wasm() {
  if (!instance) throw new Error('tensorwarp: the module is not loaded; await ready() before calling an operator');
  return instance;
}

/** The WebAssembly.Module the loaded module was made from: workers make their own instance from it. */
export function compiledModule() {
  return wasm().tensorwarpCompiled;
}

const decoder = new TextDecoder();

/** The C layer's message for its last failure (tw_last_error), as a string. */
export function lastError(m = wasm()) {
  const start = m._tw_last_error() >>> 0;
  const heap = m.HEAPU8;
  let end = start;
  while (heap[end] !== 0) end++;
  return decoder.decode(heap.subarray(start, end));
}

/**
 * Throws the JS error for a non-OK status from the C layer. C messages start
 * with the C parameter at fault ("pads: ...", "kernel_shape[0] = 6: ..."); `names` maps such a parameter
 * to the argument's JS name ({ pads: 'options.pads' }), so that the message
 * names what the caller passed.
 */
export function check(statusCode, op, names = {}) {
  if (statusCode === STATUS.OK) return;
  const m = wasm();
  const text = lastError(m);
  const parameter = /^[a-z_]+/.exec(text)?.[0] ?? '';
  const name = Object.hasOwn(names, parameter) ? names[parameter] : undefined;
  const message = `${op}: ${typeof name === 'string' ? name + text.slice(parameter.length) : text}`;
  if (statusCode === STATUS.UNSUPPORTED) throw new TypeError(message);
  throw new RangeError(message); // INVALID_ARGUMENT, OUT_OF_MEMORY
}

/**
 * The one place the wrapper allocates heap memory: a block of `bytes` bytes
 * (at least 1), its address as an unsigned number. Errors name the operator
 * and `what` the block is for.
 */
export function allocate(op, what, bytes) {
  if (bytes > MAX_BLOCK_BYTES) throw new RangeError(`${op}: ${what} needs ${bytes} bytes, more than wasm memory can hold (${MEMORY_LIMIT})`);
  const pointer = wasm()._malloc(Math.max(bytes, 1)) >>> 0;
  if (pointer === 0) throw new RangeError(`${op}: out of wasm memory allocating ${bytes} bytes for ${what}`);
  return pointer;
}

/**
 * Throws a RangeError naming `subject` (the result or options.out) before
 * anything is allocated when the blocks a call needs at once (`blocks`:
 * [what, bytes] pairs, the wrapper's and C's working memory) cannot
 * fit in wasm memory beside what is in use: the call could only fail, after
 * growing the memory for nothing. (A sum that fits may still fail if the
 * engine refuses to grow; that is reported by allocate or C.)
 */
export function checkRoom(op, subject, blocks) {
  const m = wasm();
  const needed = blocks.reduce((sum, [, bytes]) => sum + bytes, 0);
  const free = MAX_BLOCK_BYTES - m._tw_heap_bytes_in_use();
  if (needed <= free) return;
  const parts = blocks.filter(([, bytes]) => bytes > 0).map(([what, bytes]) => `${what} ${bytes}`).join(', ');
  throw new RangeError(`${op}: ${subject} cannot be computed in wasm memory: the call needs ${needed} bytes at once (${parts}), more than the ${free} a ${MEMORY_LIMIT} memory has left`);
}

// The heap's int64 view is indexed by 8-byte word; the allocator's blocks
// are 8-byte aligned (a view made per call costs more than the values).
function int64Index(pointer) {
  if (pointer % 8 !== 0) throw new Error(`tensorwarp: internal error: int64 array at ${pointer} is not 8-byte aligned`);
  return pointer / 8;
}

/**
 * Runs `body(frame, module)` with a frame whose allocations are all freed
 * when it returns or throws.
 */
export function withFrame(op, body) {
  const m = wasm();
  const blocks = new Map(); // pointer -> bytes
  const frame = {
    /** A heap block of `bytes` bytes (at least 1) for `what` (named in errors); its address as an unsigned number. */
    alloc(bytes, what = 'working memory') {
      const pointer = allocate(op, what, bytes);
      blocks.set(pointer, bytes);
      return pointer;
    },
    /** The size a block of this frame was allocated with. */
    capacity(pointer) {
      const bytes = blocks.get(pointer);
      if (bytes === undefined) throw new Error(`tensorwarp: internal error: ${pointer} is not a block of this frame`);
      return bytes;
    },
    /** Copies a typed array's bytes into a new heap block. */
    copyIn(view) {
      return frame.write(frame.alloc(view.byteLength), view);
    },
    /**
     * Copies a typed array's bytes into `block` (a block of this frame) at
     * byte `offset`, checked to fit the block; returns the block. With
     * tensor.js copyOut, the image functions' one way into the heap.
     */
    write(block, view, offset = 0) {
      const bytes = view instanceof Uint8Array ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      if (offset + bytes.length > frame.capacity(block)) throw new Error('tensorwarp: internal error: a copy overflows its block');
      m.HEAPU8.set(bytes, block + offset);
      return block;
    },
    /** A Uint8Array over `bytes` heap bytes at `pointer`, for reading only, valid until the next allocation (memory growth replaces the buffer). */
    view(pointer, bytes) {
      return new Uint8Array(m.HEAPU8.buffer, pointer, bytes);
    },
    /** A new Uint8Array holding `bytes` heap bytes at `pointer` (a fresh result handed out with one copy). */
    slice(pointer, bytes) {
      return m.HEAPU8.slice(pointer, pointer + bytes);
    },
    /** Reads `count` int32 values (index maps, row ranges) back as a new Int32Array. */
    readInt32s(pointer, count) {
      if (pointer % 4 !== 0) throw new Error(`tensorwarp: internal error: int32 array at ${pointer} is not 4-byte aligned`);
      return m.HEAP32.slice(pointer / 4, pointer / 4 + count);
    },
    /** Reads one uint64 (a byte count C computed) as a BigInt. */
    readUint64(pointer) {
      return m.HEAPU64[int64Index(pointer)];
    },
    /** int64 array for shapes and pads (values already validated integers). */
    int64s(values) {
      return frame.setInt64s(frame.alloc(8 * values.length), values);
    },
    /** Overwrites an int64 array allocated by int64s (same length); returns its pointer. */
    setInt64s(pointer, values) {
      if (8 * values.length > frame.capacity(pointer)) throw new Error('tensorwarp: internal error: int64 array overflows its block');
      const heap = m.HEAP64, first = int64Index(pointer);
      for (let i = 0; i < values.length; i++) heap[first + i] = BigInt(values[i]);
      return pointer;
    },
    /** Reads `count` int64 values back as numbers. */
    readInt64s(pointer, count) {
      const heap = m.HEAP64, first = int64Index(pointer), values = new Array(count);
      for (let i = 0; i < count; i++) values[i] = Number(heap[first + i]);
      return values;
    },
  };
  try {
    return body(frame, m);
  } finally {
    for (const pointer of blocks.keys()) m._free(pointer);
  }
}
