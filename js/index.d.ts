// Types for tensorwarp: ONNX Pad, GridSample and AveragePool in one SIMD WebAssembly module.

/** Element types (ONNX names). */
export type TensorType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64'
  | 'bool' | 'string' | 'complex64' | 'complex128'
  | 'float8e4m3fn' | 'float8e4m3fnuz' | 'float8e5m2' | 'float8e5m2fnuz' | 'float8e8m0' | 'float4e2m1'
  | 'int4' | 'uint4' | 'int2' | 'uint2';

/**
 * Data for each type: float32/complex64 Float32Array (complex: interleaved re, im);
 * float64/complex128 Float64Array; float16/bfloat16 Uint16Array bit patterns;
 * int64/uint64 BigInt64Array/BigUint64Array; bool Uint8Array (0/1); uint8 Uint8Array or
 * Uint8ClampedArray; float8 kinds Uint8Array bit patterns; int4/uint4/int2/uint2/float4e2m1
 * packed Uint8Array (first element in the lowest bits); string string[].
 */
export type TensorData =
  | Float32Array | Float64Array | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array
  | Int32Array | Uint32Array | BigInt64Array | BigUint64Array | string[];

/** A tensor as plain data; an onnxruntime-web Tensor is accepted as is. */
export interface Tensor {
  type: TensorType | string;
  dims: readonly number[];
  data: TensorData;
}

/** A tensor living in the wasm heap, for chaining operators without copies. */
export declare class HeapTensor implements Tensor {
  readonly type: TensorType;
  readonly dims: readonly number[];
  readonly byteLength: number;
  /** Byte address in the wasm heap. */
  readonly pointer: number;
  /** A live view of the heap; re-read it after any operator call or allocation (memory growth replaces the buffer). */
  readonly data: Exclude<TensorData, string[]>;
  readonly disposed: boolean;
  /** Frees the heap memory. Idempotent; the tensor is unusable afterwards. */
  dispose(): void;
}

/** Natural JS value of one element: number (float16/bfloat16 too: the value, not its bits),
 * bigint or number for 64-bit ints, boolean for bool, string for string, [re, im] for complex. */
export type ElementValue = number | bigint | boolean | string | readonly [number, number];

export interface ReadyOptions {
  /** Where to get the wasm: a URL, its bytes, or a compiled module. Default: next to wasm/tensorwarp.mjs. */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

/**
 * Loads the module once; later calls return the same promise (after a failure, the next call retries).
 * Operators are synchronous once it has resolved.
 * @throws Error when WebAssembly SIMD is not available.
 */
export function ready(options?: ReadyOptions): Promise<void>;

export type PadMode = 'constant' | 'reflect' | 'edge' | 'wrap' | 'symmetric';

export interface OnnxPadOptions<T extends Tensor> {
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] over `axes` (default: every axis). Negative values crop first. */
  pads: ArrayLike<number | bigint>;
  /** Default 'constant'. 'symmetric' (mirror including the edge) is an extension in this form. */
  mode?: PadMode;
  /** Constant for mode 'constant' (default: 0, false, '' or [0, 0]). */
  value?: ElementValue;
  /** Axes the pads apply to; negative counts from the end. */
  axes?: ArrayLike<number | bigint>;
  /** Write into this tensor (same type and result dims) and return it. */
  out?: T;
}

export interface OpenVinoPadOptions<T extends Tensor> {
  /** Per-axis pads at the beginning; negative crops (index mapped against the original axis). */
  padsBegin: ArrayLike<number | bigint>;
  padsEnd: ArrayLike<number | bigint>;
  /** reflect needs pads <= n-1, symmetric <= n (OpenVINO's rule). */
  mode?: PadMode;
  value?: ElementValue;
  out?: T;
}

/**
 * ONNX Pad (latest version) or, with padsBegin/padsEnd, OpenVINO Pad-12.
 * Returns a new tensor of x's type whose data is owned by JS (or `out`).
 * @throws TypeError for arguments of the wrong kind, RangeError for wrong values (message names the argument).
 * @example
 * const y = pad({ type: 'float32', dims: [1, 3, 4, 4], data }, { pads: [0, 0, 2, 2, 0, 0, 2, 2], mode: 'reflect' });
 * const z = pad(x, { padsBegin: [0, 0, 1, -1], padsEnd: [0, 0, 1, 3], mode: 'symmetric' });
 */
export function pad<T extends Tensor = Tensor>(x: Tensor, options: OnnxPadOptions<T> | OpenVinoPadOptions<T>): T;

/**
 * Allocates a tensor in the wasm heap (optionally initialised from `data`). Every operator accepts heap
 * tensors as inputs and as `out`. Call `dispose()` when done.
 * @example
 * const x = tensor('float32', [1, 3, 224, 224], pixels);
 * const y = tensor('float32', [1, 3, 256, 256]);
 * pad(x, { pads: [0, 0, 16, 16, 0, 0, 16, 16], mode: 'reflect', out: y });
 */
export function tensor(type: Exclude<TensorType, 'string'>, dims: readonly number[], data?: TensorData): HeapTensor;

/** The element type names this build supports. */
export const types: readonly TensorType[];

export interface OnnxRunOptions {
  /** The model's opset for the op's domain; default: the newest version tensorwarp implements. */
  opset?: number;
}

export declare const onnx: {
  /**
   * Runs one ONNX node with the semantics of the operator version `opset` resolves to. Inputs in node order
   * (`null` for an omitted optional input; plain number arrays are accepted for pads/axes); attributes by their
   * ONNX names and types (INT/INTS as numbers, FLOAT as a number taken as float32, STRING as a string).
   * @example
   * const [y] = onnx.run('Pad', [x, pads, value, axes], { mode: 'reflect' }, { opset: 19 });
   */
  run(opType: 'Pad' | 'GridSample' | 'AveragePool' | string, inputs: ReadonlyArray<Tensor | ArrayLike<number | bigint> | null>,
    attributes?: Record<string, unknown>, options?: OnnxRunOptions): Tensor[];
};
