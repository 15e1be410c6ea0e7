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

export type GridSampleMode = 'linear' | 'nearest' | 'cubic' | 'bilinear' | 'bicubic';
export type GridSamplePadding = 'zeros' | 'border' | 'reflection' | 'wrap';

export interface GridSampleOptions<T extends Tensor> {
  /** Default 'linear'. 'bilinear'/'bicubic' (GridSample-16 names) are accepted. bool/string: 'nearest' only. */
  mode?: GridSampleMode;
  /** Default 'zeros'. 'wrap' is a tensorwarp extension (periodic: tap index mod axis length). */
  paddingMode?: GridSamplePadding;
  /** Default false; 0/1 accepted. */
  alignCorners?: boolean | 0 | 1;
  /** Extension: the value of out-of-bounds taps in 'zeros' mode (default 0; a string for string data). */
  fillValue?: number | boolean | string;
  out?: T;
}

/**
 * GridSample with ONNX 16/20/22 semantics on x (N, C, D1..Dr) and grid (N, O1..Or, r), any r >= 1;
 * grid coordinates innermost first (x, y, z) in [-1, 1]. Returns (N, C, O1..Or) of x's type. Integer x is
 * computed in float64, truncated toward zero and saturated; float16/bfloat16 in float32.
 * @throws TypeError / RangeError naming the argument (grid rank or last dim not matching x, batch mismatch, ...).
 * @example
 * const y = gridSample(x, grid, { mode: 'cubic', paddingMode: 'reflection', alignCorners: false });
 */
export function gridSample<T extends Tensor = Tensor>(x: Tensor, grid: Tensor, options?: GridSampleOptions<T>): T;

export interface AveragePoolOptions<T extends Tensor> {
  /** Required: one entry per spatial axis. */
  kernelShape: ArrayLike<number>;
  /** Default all 1. */
  strides?: ArrayLike<number>;
  /** Spatial axes only, ONNX order [x1_begin, x2_begin, ..., x1_end, x2_end]; default all 0. */
  pads?: ArrayLike<number>;
  /** Default all 1. */
  dilations?: ArrayLike<number>;
  /** Default false: floor. In ceil mode a last window starting in the end padding is dropped. */
  ceilMode?: boolean | 0 | 1;
  /** Default false: padding taps are not counted in the divisor. */
  countIncludePad?: boolean | 0 | 1;
  /** Default 'NOTSET' (use pads); ceil_mode is ignored with the others. */
  autoPad?: 'NOTSET' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  out?: T;
}

/**
 * AveragePool with ONNX 1-22 semantics on x (N, C, D1..Dr), any r >= 1. Types: float32, float64, float16,
 * bfloat16 and, as an extension, uint8 (exact sums, mean rounded half to even).
 * @throws TypeError / RangeError naming the argument (kernel missing or < 1, strides/dilations < 1, pads of the
 *   wrong length or negative, kernel larger than the padded input, rank below 3).
 * @example
 * const y = averagePool(x, { kernelShape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1], ceilMode: true });
 */
export function averagePool<T extends Tensor = Tensor>(x: Tensor, options: AveragePoolOptions<T>): T;

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
