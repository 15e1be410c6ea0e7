// Types for tensorwarp/image: images in, images out.

/**
 * An image: `height` rows of `width` pixels, rows top to bottom, channels interleaved, no row padding.
 * `channels` is 1-4 (default 4, RGBA). An `ImageData` is one.
 */
export interface Image {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array;
  readonly channels?: 1 | 2 | 3 | 4;
}

/**
 * A result: a new image with the input's channel count. Where `globalThis.ImageData` exists and channels is 4,
 * a real `ImageData` (so `putImageData` takes it); otherwise a plain object.
 */
export interface ImageResult {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
  readonly channels?: 1 | 2 | 3 | 4;
}

/** What lies outside the image (Pad's names): see the README's table for OpenCV's and PIL's names. */
export type Border = 'constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap';

/** The constant border's value: one integer 0..255 for every channel, or one per channel. */
export type Fill = number | readonly number[];

/** A point [x, y] in pixels: the centre of pixel (row i, column j) is (j, i). */
export type Point = readonly [number, number];

/** x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type AffineMatrix = [number, number, number, number, number, number];

/** Row-major 3×3; x' = (m0·x + m1·y + m2) / w, y' = (m3·x + m4·y + m5) / w, w = m6·x + m7·y + m8. */
export type PerspectiveMatrix = [number, number, number, number, number, number, number, number, number];

export type Matrix = AffineMatrix | PerspectiveMatrix;

/** torchvision RandomAffine / F.affine parameters (see matrix.affine). */
export interface AffineParameters {
  /** Degrees, counter-clockwise on screen (F.rotate's sign; minus F.affine's angle). Default 0. */
  rotate?: number;
  /** Pixels, applied last. Default [0, 0]. */
  translate?: Point;
  /** Default 1. */
  scale?: number;
  /** Degrees: a number is [x, 0]. torchvision's shear. Default 0. */
  shear?: number | Point;
  /** The fixed point of rotate, scale and shear. Default [0, 0]. */
  center?: Point;
}

/** Matrices that map source to destination (float64). */
export declare const matrix: {
  /** OpenCV getRotationMatrix2D: a counter-clockwise turn by `degrees` about `center` (default [0, 0]), scaled. */
  rotation(degrees: number, center?: Point, scale?: number): AffineMatrix;
  /** torchvision's affine as a forward matrix: T · C · R · S · SHy · SHx · C⁻¹. */
  affine(parameters?: AffineParameters): AffineMatrix;
  /** The perspective matrix mapping from4[k] to to4[k] (OpenCV getPerspectiveTransform). */
  perspective(from4: readonly Point[], to4: readonly Point[]): PerspectiveMatrix;
  /** a after b (a·b). Two affine matrices give an affine one. */
  multiply(a: AffineMatrix, b: AffineMatrix): AffineMatrix;
  multiply(a: Matrix, b: Matrix): Matrix;
  /** The inverse; RangeError if singular. */
  invert<M extends Matrix>(m: M): M;
  /** Maps points [[x, y], ...]. */
  apply(m: Matrix, points: readonly Point[]): [number, number][];
};

/** Options every function takes: `out`, an image of the result's size and channels to write into (returned). */
export interface OutOption<O> {
  out?: O;
}

export interface PadOptions extends OutOption<Image> {
  /** Pixels added on each side (non-negative integers, default 0). */
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  /** Default 'constant'. */
  border?: Border;
  fill?: Fill;
}

export interface CropOptions extends OutOption<Image> {
  /** The rectangle's top-left pixel (any integers; default 0). */
  x?: number;
  y?: number;
  /** Default: to the image's right / bottom edge. */
  width?: number;
  height?: number;
  /** What lies outside the image. Default 'constant'. */
  border?: Border;
  fill?: Fill;
}

export interface BlurOptions extends OutOption<Image> {
  /** The box: n for n × n, or [width, height]. */
  size: number | readonly [number, number];
  /** Default 'reflect' (OpenCV blur's default). */
  border?: Border;
  /** The constant border's value (counts in the mean). Default 0. */
  fill?: Fill;
}

/** resize's options; the exact rules and arithmetic are in src/image/resize.h. */
export interface ResizeOptions extends OutOption<Image> {
  /** The result's size in pixels (both required; 0 gives an empty image). */
  width: number;
  height: number;
  /**
   * 'linear' (default); 'nearest' (OpenCV INTER_NEAREST_EXACT, bit for bit); 'cubic'; 'area' (each pixel the
   * mean of the source area it covers, OpenCV INTER_AREA; integer factors give the exact block mean rounded
   * half to even). Pixel centres map half-pixel to half-pixel.
   */
  interpolation?: 'nearest' | 'linear' | 'cubic' | 'area';
  /**
   * Default true: linear and cubic widen their filter by the scale when shrinking and drop taps outside the
   * image (PIL, torchvision antialias=True). false: OpenCV's INTER_LINEAR / INTER_CUBIC (PyTorch
   * antialias=False). No effect on 'nearest' and 'area'.
   */
  antialias?: boolean;
  /** The cubic's parameter a: default -0.5 with antialias (PIL), -0.75 without (OpenCV, PyTorch). */
  cubicA?: number;
}

/** Interpolations of the warps. */
export type WarpInterpolation = 'nearest' | 'linear' | 'cubic';

export interface WarpOptions extends OutOption<Image> {
  /** The result's size; default the source's. */
  width?: number;
  height?: number;
  /** Default 'linear'; cubic is Keys with a = -0.75; nearest rounds ties up (OpenCV). */
  interpolation?: WarpInterpolation;
  /** Applied to each tap on its own, as OpenCV does. Default 'constant'. */
  border?: Border;
  fill?: Fill;
  /** The matrix already maps destination to source (OpenCV's WARP_INVERSE_MAP). Default false. */
  inverse?: boolean;
}

export interface RotateOptions extends OutOption<Image> {
  /** Default the image centre, [(w - 1) / 2, (h - 1) / 2]. */
  center?: Point;
  /** Default 1. */
  scale?: number;
  /** Grow the result to hold the whole turned image (PIL's rotate(expand=True) size). Default false. */
  expand?: boolean;
  interpolation?: WarpInterpolation;
  border?: Border;
  fill?: Fill;
}

export type FlipDirection = 'horizontal' | 'vertical' | 'both';
export type TensorLayout = 'NCHW' | 'NHWC';
export type ImageTensorType = 'float32' | 'float16' | 'uint8';

/** The data class of each toTensor type (float16: its bits). */
export interface ImageTensorDataMap {
  float32: Float32Array;
  float16: Uint16Array;
  uint8: Uint8Array;
}

/** A tensor that onnxruntime-web's `new ort.Tensor(t.type, t.data, t.dims)` takes. */
export interface ImageTensor<K extends ImageTensorType = ImageTensorType> {
  type: K;
  dims: number[];
  data: ImageTensorDataMap[K];
}

export interface ToTensorOptions<K extends ImageTensorType = 'float32'> {
  /** Default 'NCHW'. */
  layout?: TensorLayout;
  /** 3 (RGB, default for 3-4 channel images), 4 (RGBA), 1 (luma; default for 1-2 channel images). */
  channels?: 1 | 3 | 4;
  /** Default 'float32'. */
  type?: K;
  /** Default 1/255 (1 for 'uint8'). */
  scale?: number;
  /** A number or one per channel. Default 0. */
  mean?: number | readonly number[];
  /** A number or one per channel. Default 1. */
  std?: number | readonly number[];
  out?: { type: string; dims: readonly number[]; data: ArrayBufferView };
}

export interface FromTensorOptions {
  /** Default 'NCHW'. */
  layout?: TensorLayout;
  /** The images' channels: default 4 for a 3-4 channel tensor, else the tensor's. */
  channels?: 1 | 2 | 3 | 4;
  scale?: number;
  mean?: number | readonly number[];
  std?: number | readonly number[];
  /** An image, or one image per batch entry. */
  out?: Image | readonly Image[];
}

/** OpenCV copyMakeBorder. Exact. */
export declare function pad<O extends Image = ImageResult>(img: Image, options?: PadOptions & OutOption<O>): O;
/** A rectangle of the image; it may reach outside (then `border` decides). Exact. */
export declare function crop<O extends Image = ImageResult>(img: Image, options?: CropOptions & OutOption<O>): O;
/** Mirror: 'horizontal' (OpenCV flip code 1), 'vertical' (0), 'both' (-1). Exact. */
export declare function flip<O extends Image = ImageResult>(img: Image, direction: FlipDirection, options?: OutOption<O>): O;
/** Counter-clockwise quarter turns (any integer). Exact. */
/** OpenCV's warpAffine with a forward matrix (source to destination) unless `inverse`: cv2 4.6's bytes exactly. */
export declare function warpAffine<O extends Image = ImageResult>(img: Image, m: AffineMatrix | readonly number[], options?: WarpOptions & OutOption<O>): O;
/** OpenCV's warpPerspective: `m` is a row-major 3×3; cv2 4.6's bytes exactly. */
export declare function warpPerspective<O extends Image = ImageResult>(img: Image, m: PerspectiveMatrix | readonly number[], options?: WarpOptions & OutOption<O>): O;
/** Turns by `degrees` counter-clockwise on screen: cv2.warpAffine with cv2.getRotationMatrix2D(center, degrees, scale). */
export declare function rotate<O extends Image = ImageResult>(img: Image, degrees: number, options?: RotateOptions & OutOption<O>): O;

export declare function rotate90<O extends Image = ImageResult>(img: Image, turns: number, options?: OutOption<O>): O;
/** Box filter (OpenCV blur): exact mean rounded half to even. */
export declare function blur<O extends Image = ImageResult>(img: Image, options: BlurOptions & OutOption<O>): O;
/** Channels are resampled independently (no alpha premultiplication, unlike PIL's RGBA resize). */
export declare function resize<O extends Image = ImageResult>(img: Image, options: ResizeOptions & OutOption<O>): O;
/** v = ((pixel · scale) − mean[c]) / std[c] in float32; dims [N, C, H, W] or [N, H, W, C]. */
export declare function toTensor<K extends ImageTensorType = 'float32'>(
  images: Image | readonly Image[], options?: ToTensorOptions<K>): ImageTensor<K>;
/** The inverse of toTensor, rounded half to even and clamped: one image, or an array for N > 1. */
export declare function fromTensor(
  t: { type: string; dims: readonly number[]; data: ArrayBufferView },
  options?: FromTensorOptions): ImageResult | ImageResult[];
