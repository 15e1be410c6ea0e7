// Types for tensorwarp: ONNX Pad, GridSample and AveragePool in one SIMD WebAssembly module.

/**
 * Data class for each element type (ONNX names): complex types interleave (re, im);
 * float16/bfloat16 and the float8 kinds hold bit patterns; bool holds 0/1; int4/uint4/int2/uint2/float4e2m1
 * are packed (first element in the lowest bits).
 */
export interface TensorDataMap {
  float32: Float32Array;
  float64: Float64Array;
  float16: Uint16Array;
  bfloat16: Uint16Array;
  int8: Int8Array;
  uint8: Uint8Array | Uint8ClampedArray;
  int16: Int16Array;
  uint16: Uint16Array;
  int32: Int32Array;
  uint32: Uint32Array;
  int64: BigInt64Array;
  uint64: BigUint64Array;
  bool: Uint8Array;
  string: string[];
  complex64: Float32Array;
  complex128: Float64Array;
  float8e4m3fn: Uint8Array;
  float8e4m3fnuz: Uint8Array;
  float8e5m2: Uint8Array;
  float8e5m2fnuz: Uint8Array;
  float8e8m0: Uint8Array;
  float4e2m1: Uint8Array;
  int4: Uint8Array | Int8Array;
  uint4: Uint8Array;
  int2: Uint8Array | Int8Array;
  uint2: Uint8Array;
}

/** Element types (ONNX names). */
export type TensorType = keyof TensorDataMap;

/** The data class of element type K (of any type when K is left out). */
export type TensorData<K extends TensorType = TensorType> = TensorDataMap[K];

/**
 * A tensor as plain data. `Tensor<'float32'>` has `data: Float32Array`; operators return a tensor of
 * their input's type K. An onnxruntime-web Tensor is accepted as is.
 */
export interface Tensor<K extends TensorType = TensorType> {
  type: K;
  dims: readonly number[];
  data: TensorData<K>;
}

/** Element types AveragePool computes (uint8 is an extension). */
export type AveragePoolType = 'float32' | 'float64' | 'float16' | 'bfloat16' | 'uint8';

/** Element types GridSample samples (x): all but the 8-bit floats and the packed 4- and 2-bit types. */
export type GridSampleType = Exclude<TensorType, 'float8e4m3fn' | 'float8e4m3fnuz' | 'float8e5m2' | 'float8e5m2fnuz' |
  'float8e8m0' | 'float4e2m1' | 'int4' | 'uint4' | 'int2' | 'uint2'>;

/** Element types of GridSample's grid. */
export type GridType = 'float32' | 'float64' | 'float16' | 'bfloat16';

/**
 * What operators accept when the element type T is known only at run time, for an operator that takes the element
 * types A. With `type: string` the data may be any class of A (checked when the operator runs). With a literal type,
 * or a union of them (an onnxruntime-web `Tensor` of unknown type), every one must be in A and the data must be the
 * class of one of them: `{ type: 'float32', data: Uint8Array }` does not type-check.
 */
export interface TensorLike<T extends string = string, A extends TensorType = TensorType> {
  type: T;
  dims: readonly number[];
  data: string extends T ? TensorData<A> : T extends A ? TensorData<T> : never;
}

/** Element types that can live in the wasm heap (all but string). */
export type HeapTensorType = Exclude<TensorType, 'string'>;

/** A tensor living in the wasm heap, for chaining operators without copies. Made by `tensor()` only. */
export declare class HeapTensor<K extends HeapTensorType = HeapTensorType> implements Tensor<K> {
  private constructor();
  readonly type: K;
  readonly dims: readonly number[];
  readonly byteLength: number;
  /** A live view of the heap; re-read it after any operator call or allocation (memory growth replaces the buffer). */
  readonly data: TensorData<K>;
  readonly disposed: boolean;
  /** Frees the heap memory. Idempotent; the tensor is unusable afterwards. (A tensor dropped without it is freed
   * when garbage-collected, at a time the engine chooses.) */
  dispose(): void;
}

/** Natural JS value of one element: number (float16/bfloat16 too: the value, not its bits),
 * bigint or number for 64-bit ints, boolean for bool, string for string, [re, im] for complex. */
export type ElementValue = number | bigint | boolean | string | readonly [number, number];

export interface ReadyOptions {
  /**
   * Where to get the wasm: a URL (in Node also a path or a `file:` URL), its bytes, or a compiled module.
   * Default: the package's wasm/tensorwarp.wasm (bundlers emit it as an asset; Node reads it from disk).
   */
  wasm?: string | URL | ArrayBuffer | ArrayBufferView | WasmModule;
}

/** A compiled WebAssembly.Module (lib.dom declares it as an empty interface, which would also admit numbers). */
export type WasmModule = WebAssembly.Module & object;

/**
 * Loads the module once; later calls return the same promise (after a failure, the next call retries).
 * Operators are synchronous once it has resolved.
 * @throws Error (as a rejection) when WebAssembly SIMD is not available, when the wasm cannot be fetched, read,
 *   compiled or is not this version's (the message names the URL or path, what came back and the likely fix), or when
 *   `options.wasm` differs from the wasm already loaded or loading.
 * @example
 * await ready();                                              // Node, Vite, webpack, plain pages, workers
 * await ready({ wasm: 'https://cdn.example/tensorwarp.wasm' }); // another location
 */
export function ready(options?: ReadyOptions): Promise<void>;

export type PadMode = 'constant' | 'reflect' | 'edge' | 'wrap' | 'symmetric';

export interface OnnxPadOptions {
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] over `axes` (default: every axis). Negative values crop first. */
  pads: ArrayLike<number | bigint>;
  /** Default 'constant'. 'symmetric' (mirror including the edge) is an extension in this form. */
  mode?: PadMode;
  /** Constant for mode 'constant' (default: 0, false, '' or [0, 0]). */
  value?: ElementValue;
  /** Axes the pads apply to; negative counts from the end. */
  axes?: ArrayLike<number | bigint>;
  /** Write into this tensor (same type and result dims) and return it. */
  out?: Tensor | TensorLike;
}

export interface OpenVinoPadOptions {
  /** Per-axis pads at the beginning; negative crops (index mapped against the original axis). */
  padsBegin: ArrayLike<number | bigint>;
  padsEnd: ArrayLike<number | bigint>;
  /** reflect needs pads <= n-1, symmetric <= n (OpenVINO's rule). */
  mode?: PadMode;
  value?: ElementValue;
  /** Write into this tensor (same type and result dims) and return it. */
  out?: Tensor | TensorLike;
}

/**
 * ONNX Pad (latest version) or, with padsBegin/padsEnd, OpenVINO Pad-12.
 * Returns a new tensor of x's type whose data is owned by JS (or `out`).
 * @throws TypeError for arguments of the wrong kind, RangeError for wrong values (message names the argument).
 * @example
 * const y = pad({ type: 'float32', dims: [1, 3, 4, 4], data }, { pads: [0, 0, 2, 2, 0, 0, 2, 2], mode: 'reflect' });
 * const z = pad(x, { padsBegin: [0, 0, 1, -1], padsEnd: [0, 0, 1, 3], mode: 'symmetric' });
 */
export type PadOptions = OnnxPadOptions | OpenVinoPadOptions;
export function pad<T extends string, O extends Tensor | TensorLike>(x: TensorLike<T>, options: PadOptions & { out: O }): O;
export function pad<K extends TensorType>(x: Tensor<K>, options: PadOptions): Tensor<K>;
export function pad<T extends string>(x: TensorLike<T>, options: PadOptions): Tensor;

export type GridSampleMode = 'linear' | 'nearest' | 'cubic' | 'bilinear' | 'bicubic';
export type GridSamplePadding = 'zeros' | 'border' | 'reflection' | 'wrap';

export interface GridSampleOptions {
  /** Default 'linear'. 'bilinear'/'bicubic' (GridSample-16 names) are accepted. bool/string: 'nearest' only. */
  mode?: GridSampleMode;
  /** Default 'zeros'. 'wrap' is a tensorwarp extension (periodic: tap index mod axis length). */
  paddingMode?: GridSamplePadding;
  /** Default false. */
  alignCorners?: boolean;
  /** Extension: the value of out-of-bounds taps in 'zeros' mode (default 0; a string for string data). */
  fillValue?: number | bigint | boolean | string;
  /** Write into this tensor (same type and result dims) and return it. */
  out?: Tensor | TensorLike;
}

/**
 * GridSample with ONNX 16/20/22 semantics on x (N, C, D1..Dr) and grid (N, O1..Or, r), any r >= 1;
 * grid coordinates innermost first (x, y, z) in [-1, 1]. Returns (N, C, O1..Or) of x's type. Integer x is
 * computed in float64, truncated toward zero and saturated; float16/bfloat16 in float32.
 * @throws TypeError / RangeError naming the argument (grid rank or last dim not matching x, batch mismatch, ...).
 * @example
 * const y = gridSample(x, grid, { mode: 'cubic', paddingMode: 'reflection', alignCorners: false });
 */
export function gridSample<T extends string, G extends string, O extends Tensor | TensorLike>(x: TensorLike<T, GridSampleType>,
  grid: TensorLike<G, GridType>, options: GridSampleOptions & { out: O }): O;
export function gridSample<K extends GridSampleType, G extends string>(x: Tensor<K>, grid: TensorLike<G, GridType>,
  options?: GridSampleOptions): Tensor<K>;
export function gridSample<T extends string, G extends string>(x: TensorLike<T, GridSampleType>, grid: TensorLike<G, GridType>,
  options?: GridSampleOptions): Tensor;

export interface AveragePoolOptions {
  /** Required: one entry per spatial axis. */
  kernelShape: ArrayLike<number>;
  /** Default all 1. */
  strides?: ArrayLike<number>;
  /** Spatial axes only, ONNX order [x1_begin, x2_begin, ..., x1_end, x2_end]; default all 0. */
  pads?: ArrayLike<number>;
  /** Default all 1. */
  dilations?: ArrayLike<number>;
  /** Default false: floor. In ceil mode a last window starting in the end padding is dropped. */
  ceilMode?: boolean;
  /** Default false: padding taps are not counted in the divisor. */
  countIncludePad?: boolean;
  /** Default 'NOTSET' (use pads); ceil_mode is ignored with the others. */
  autoPad?: 'NOTSET' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  /** Write into this tensor (same type and result dims) and return it. */
  out?: Tensor | TensorLike;
}

/**
 * AveragePool with ONNX 1-22 semantics on x (N, C, D1..Dr), any r >= 1. Types: float32, float64, float16,
 * bfloat16 and, as an extension, uint8 (exact sums, mean rounded half to even).
 * @throws TypeError / RangeError naming the argument (kernel missing or < 1, strides/dilations < 1, pads of the
 *   wrong length or negative, kernel larger than the padded input, rank below 3).
 * @example
 * const y = averagePool(x, { kernelShape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1], ceilMode: true });
 */
export function averagePool<T extends string, O extends Tensor | TensorLike>(x: TensorLike<T, AveragePoolType>,
  options: AveragePoolOptions & { out: O }): O;
export function averagePool<K extends AveragePoolType>(x: Tensor<K>, options: AveragePoolOptions): Tensor<K>;
export function averagePool<T extends string>(x: TensorLike<T, AveragePoolType>, options: AveragePoolOptions): Tensor;

/**
 * Allocates a tensor in the wasm heap (optionally initialised from `data`). Every operator accepts heap
 * tensors as inputs and as `out`. Call `dispose()` when done.
 * @example
 * const x = tensor('float32', [1, 3, 224, 224], pixels);
 * const y = tensor('float32', [1, 3, 256, 256]);
 * pad(x, { pads: [0, 0, 16, 16, 0, 0, 16, 16], mode: 'reflect', out: y });
 */
export function tensor<K extends HeapTensorType>(type: K, dims: readonly number[], data?: TensorData<K>): HeapTensor<K>;

/** The element type names this build supports. */
export const types: readonly TensorType[];

/** The ONNX operators onnx.run runs, and the element types of their input X. */
export interface OnnxOpTypes {
  Pad: TensorType;
  GridSample: GridSampleType;
  AveragePool: AveragePoolType;
}
export type OnnxOpType = keyof OnnxOpTypes;

/** An input after X: a tensor, a plain number array (pads, axes), or null for an omitted optional input. */
export type OnnxInput = Tensor | TensorLike | ArrayLike<number | bigint> | null;

export interface OnnxRunOptions {
  /** The model's opset for the op's domain; default: the newest version tensorwarp implements. */
  opset?: number;
}

export declare const onnx: {
  /**
   * Runs one ONNX node with the semantics of the operator version `opset` resolves to. Inputs in node order
   * (`null` for an omitted optional input; plain number arrays are accepted for pads/axes); attributes by their
   * ONNX names and types (INT/INTS as numbers, FLOAT as a number taken as float32, STRING as a string). Returns the
   * node's one output, of X's element type.
   * @example
   * const [y] = onnx.run('Pad', [x, pads, value, axes], { mode: 'reflect' }, { opset: 19 });
   */
  run<Op extends OnnxOpType, K extends OnnxOpTypes[Op]>(opType: Op, inputs: readonly [Tensor<K>, ...OnnxInput[]],
    attributes?: Record<string, unknown>, options?: OnnxRunOptions): [Tensor<K>];
  run<Op extends OnnxOpType, T extends string>(opType: Op, inputs: readonly [TensorLike<T, OnnxOpTypes[Op]>, ...OnnxInput[]],
    attributes?: Record<string, unknown>, options?: OnnxRunOptions): [Tensor];
};
