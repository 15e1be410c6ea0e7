// Loading the wasm module, and the one place that knows the heap protocol:
// allocations belong to a frame and are freed in `finally`; heap views are
// re-read after every allocation (memory growth replaces the buffer).
import createTensorwarpModule from '../wasm/tensorwarp.mjs';
import { status as STATUS } from '../wasm/enums.js';

// The smallest module using a SIMD instruction: (func (result v128) i32.const 0 i8x16.splat).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type: () -> v128
  0x03, 0x02, 0x01, 0x00, //                         function 0 has type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code
]);

let loading = null;
let instance = null;

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' &&
  typeof window === 'undefined';

async function load(options) {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(SIMD_PROBE)) {
    throw new Error('tensorwarp needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+)');
  }
  const source = options.wasm;
  const moduleArgs = {};
  if (source instanceof WebAssembly.Module) {
    moduleArgs.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(source, imports).then((inst) => receive(inst, source));
      return {};
    };
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    moduleArgs.wasmBinary = source;
  } else if (typeof source === 'string' || source instanceof URL) {
    moduleArgs.locateFile = () => String(source);
  } else if (source !== undefined) {
    throw new TypeError('ready: options.wasm must be a URL, a string, an ArrayBuffer, a typed array or a WebAssembly.Module');
  } else if (isNode) {
    // Emscripten 3.1.6's web loader would fetch() a file: URL, which Node refuses.
    const { readFile } = await import(/* webpackIgnore: true */ 'node:fs/promises');
    moduleArgs.wasmBinary = await readFile(new URL('../wasm/tensorwarp.wasm', import.meta.url));
  }
  instance = await createTensorwarpModule(moduleArgs);
  return undefined;
}

/**
 * Loads the module once. Every later call returns the same promise; after a
 * failure the next call tries again. Operators are synchronous once it resolves.
 */
export function ready(options = {}) {
  if (!loading) {
    loading = load(options ?? {}).catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** The Emscripten module; throws if `ready()` has not resolved. */
export function wasm() {
  if (!instance) throw new Error('tensorwarp: the module is not loaded; await ready() before calling an operator');
  return instance;
}

const decoder = new TextDecoder();

function lastError(m) {
  const start = m._tw_last_error() >>> 0;
  const heap = m.HEAPU8;
  let end = start;
  while (heap[end] !== 0) end++;
  return decoder.decode(heap.subarray(start, end));
}

/** Throws the JS error for a non-OK status from the C layer. */
export function check(statusCode, op) {
  if (statusCode === STATUS.OK) return;
  const m = wasm();
  const message = `${op}: ${lastError(m)}`;
  if (statusCode === STATUS.UNSUPPORTED) throw new TypeError(message);
  throw new RangeError(message); // INVALID_ARGUMENT, OUT_OF_MEMORY
}

/**
 * Runs `body(frame, module)` with a frame whose allocations are all freed
 * when it returns or throws.
 */
export function withFrame(op, body) {
  const m = wasm();
  const pointers = [];
  const frame = {
    /** A heap block of `bytes` bytes (at least 1); its address as an unsigned number. */
    alloc(bytes) {
      if (bytes > 0xffff_fff0) throw new RangeError(`${op}: ${bytes} bytes do not fit in wasm memory (4 GiB)`);
      const pointer = m._malloc(Math.max(bytes, 1)) >>> 0;
      if (pointer === 0) throw new RangeError(`${op}: out of wasm memory allocating ${bytes} bytes`);
      pointers.push(pointer);
      return pointer;
    },
    /** Copies a typed array's bytes into a new heap block. */
    copyIn(view) {
      const pointer = frame.alloc(view.byteLength);
      m.HEAPU8.set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), pointer);
      return pointer;
    },
    /** int64 array for shapes and pads (values already validated integers). */
    int64s(values) {
      return frame.setInt64s(frame.alloc(8 * values.length), values);
    },
    /** Overwrites an int64 array allocated by int64s (same length); returns its pointer. */
    setInt64s(pointer, values) {
      const view = new BigInt64Array(m.HEAPU8.buffer, pointer, values.length);
      for (let i = 0; i < values.length; i++) view[i] = BigInt(values[i]);
      return pointer;
    },
    /** Reads `count` int64 values back as numbers. */
    readInt64s(pointer, count) {
      return Array.from(new BigInt64Array(m.HEAPU8.buffer, pointer, count), Number);
    },
  };
  try {
    return body(frame, m);
  } finally {
    for (const pointer of pointers) m._free(pointer);
  }
}
