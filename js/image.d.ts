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
 * What a page can draw (an `<img>`, canvas, `ImageBitmap`, `OffscreenCanvas`, `VideoFrame`, `<video>`, SVG `<image>`):
 * every function reads it once into an RGBA `ImageData` (sRGB, not premultiplied), as `fromSource` does.
 */
export type ImageSource = CanvasImageSource;

/** An image argument: an image object, or in a browser a source it is read from. */
export type ImageInput = Image | ImageSource;

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
  /** OpenCV getRotationMatrix2D (its float32 centre; exact at multiples of 90°): a counter-clockwise turn by `degrees` about `center` (default [0, 0]), scaled. */
  rotation(degrees: number, center?: Point, scale?: number): AffineMatrix;
  /** torchvision's affine as a forward matrix: T · C · R · S · SHy · SHx · C⁻¹. */
  affine(parameters?: AffineParameters): AffineMatrix;
  /** The perspective matrix mapping from4[k] to to4[k]: OpenCV getPerspectiveTransform entry for entry (float32 points, its LU). */
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

/** resize's options; the exact rules and arithmetic are in src/image/resize.h (and src/image/resize-pil.h for PIL's). */
export interface ResizeOptions extends OutOption<Image> {
  /** The result's size in pixels (both required; 0 gives an empty image). */
  width: number;
  height: number;
  /**
   * 'linear' (default); 'nearest' (OpenCV INTER_NEAREST_EXACT, bit for bit); 'cubic'; 'area' (OpenCV
   * INTER_AREA bit for bit: the mean of the covered source area when both axes shrink, OpenCV's two-tap blend
   * where an axis grows); 'lanczos' (PIL's LANCZOS, a = 3, byte for byte; always antialiased). Pixel centres
   * map half-pixel to half-pixel.
   */
  interpolation?: 'nearest' | 'linear' | 'cubic' | 'area' | 'lanczos';
  /**
   * Default true: linear and cubic widen their filter by the scale when shrinking and drop taps outside the
   * image, with the bytes of PIL 9.4's Image.resize BILINEAR / BICUBIC on each channel. false: OpenCV's
   * INTER_LINEAR / INTER_CUBIC, bit for bit (cv2 4.6); a RangeError with 'lanczos'. No effect on 'nearest'
   * and 'area'.
   */
  antialias?: boolean;
  /**
   * The cubic's parameter a: default -0.5 with antialias (PIL's BICUBIC), -0.75 without (OpenCV, PyTorch).
   * Another value with antialias runs PIL's arithmetic with that a.
   */
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
export interface ImageTensor<K extends ImageTensorType = ImageTensorType, D extends number[] = number[]> {
  type: K;
  /** [N, C, H, W] or [N, H, W, C]; N is 1 for toTensor of one image (not of an array). */
  dims: D;
  data: ImageTensorDataMap[K];
}

/** A tensor fromTensor reads as one image: [C, H, W] / [H, W, C], or a batch of 1. */
export type SingleImageDims = readonly [number, number, number] | readonly [1, number, number, number];

/** What fromTensor takes: an ImageTensor, an onnxruntime Tensor, or any { type, dims, data }. */
export interface TensorLike {
  type: string;
  dims: readonly number[];
  data: ArrayBufferView;
}

export interface ToTensorOptions<K extends ImageTensorType = 'float32'> {
  /** Default 'NCHW'. */
  layout?: TensorLayout;
  /** 3 (RGB, default for 3-4 channel images), 4 (RGBA), 1 (luma; default for 1-2 channel images). */
  channels?: 1 | 3 | 4;
  /** Default 'float32'. */
  type?: K;
  /**
   * Given: each value is pixel · scale. Not given: pixel / 255 (a float32 division, torchvision's
   * ToTensor; for 'uint8' the pixel itself).
   */
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
  /** p = ((v · std[c]) + mean[c]) / scale. Default 1/255 (1 for 'uint8'). */
  scale?: number;
  mean?: number | readonly number[];
  std?: number | readonly number[];
  /** An image, or one image per batch entry. */
  out?: Image | readonly Image[];
}

/** OpenCV copyMakeBorder. Exact. */
export declare function pad<O extends Image = ImageResult>(img: ImageInput, options?: PadOptions & OutOption<O>): O;
/** A rectangle of the image; it may reach outside (then `border` decides). Exact. */
export declare function crop<O extends Image = ImageResult>(img: ImageInput, options?: CropOptions & OutOption<O>): O;
/** Mirror: 'horizontal' (OpenCV flip code 1), 'vertical' (0), 'both' (-1). Exact. */
export declare function flip<O extends Image = ImageResult>(img: ImageInput, direction: FlipDirection, options?: OutOption<O>): O;
/** OpenCV's warpAffine with a forward matrix (source to destination) unless `inverse`: cv2 4.6's bytes exactly. */
export declare function warpAffine<O extends Image = ImageResult>(img: ImageInput, m: AffineMatrix | readonly number[], options?: WarpOptions & OutOption<O>): O;
/** OpenCV's warpPerspective: `m` is a row-major 3×3; cv2 4.6's bytes exactly. */
export declare function warpPerspective<O extends Image = ImageResult>(img: ImageInput, m: PerspectiveMatrix | readonly number[], options?: WarpOptions & OutOption<O>): O;
/** Turns by `degrees` counter-clockwise on screen: cv2.warpAffine with cv2.getRotationMatrix2D(center, degrees, scale). */
export declare function rotate<O extends Image = ImageResult>(img: ImageInput, degrees: number, options?: RotateOptions & OutOption<O>): O;

/** Counter-clockwise quarter turns (any integer). Exact. */
export declare function rotate90<O extends Image = ImageResult>(img: ImageInput, turns: number, options?: OutOption<O>): O;
/** Box filter (OpenCV blur): exact mean rounded half to even. */
export declare function blur<O extends Image = ImageResult>(img: ImageInput, options: BlurOptions & OutOption<O>): O;
/** Channels are resampled independently (no alpha premultiplication, unlike PIL's RGBA and LA resize). */
export declare function resize<O extends Image = ImageResult>(img: ImageInput, options: ResizeOptions & OutOption<O>): O;
/**
 * v = ((pixel / 255) − mean[c]) / std[c] in float32 (torchvision ToTensor + Normalize, bit for bit), or
 * ((pixel · scale) − mean[c]) / std[c] when scale is given; dims [N, C, H, W] or [N, H, W, C].
 */
export declare function toTensor<K extends ImageTensorType = 'float32'>(
  images: ImageInput, options?: ToTensorOptions<K>): ImageTensor<K, [1, number, number, number]>;
export declare function toTensor<K extends ImageTensorType = 'float32'>(
  images: ImageInput | readonly ImageInput[], options?: ToTensorOptions<K>): ImageTensor<K>;
/**
 * The inverse of toTensor, rounded half to even and clamped: one image for a tensor of one image
 * (dims of 3 entries, or N = 1) or with `out` one image; an array for N > 1.
 */
export declare function fromTensor<O extends Image>(t: TensorLike, options: Omit<FromTensorOptions, 'out'> & { out: O }): O;
export declare function fromTensor(
  t: TensorLike & { dims: SingleImageDims }, options?: Omit<FromTensorOptions, 'out'> & { out?: undefined }): ImageResult;
export declare function fromTensor(t: TensorLike, options?: FromTensorOptions): ImageResult | ImageResult[];

/**
 * The pixels of a CanvasImageSource as an `ImageData` (RGBA, sRGB, not premultiplied: a semi-transparent pixel's
 * colour comes back rounded through the canvas's premultiplied storage); an image object is returned as it is.
 * TypeError naming what was given and what to do: an `<img>` not loaded yet (`await img.decode()`), a closed
 * `ImageBitmap` or `VideoFrame`, a tainted (cross-origin) canvas, a `Blob` (decode it with `createImageBitmap`),
 * or a runtime without canvases (Node: pass image objects).
 */
export declare function fromSource(source: ImageInput): Image;

// ---- Colour functionals (issue 24): torchvision 0.14's torchvision.transforms.functional ops of the same names on
// uint8 images of 3 (RGB) or 4 (RGBA) channels, computed from R, G and B as torchvision computes them on the CHW
// uint8 tensor, byte for byte (README "Colour"); a 4-channel image's alpha is copied unchanged. Each returns a new
// image with the input's channels (or `out`). Bad arguments throw a TypeError or RangeError naming the function
// and the argument; images of 1 or 2 channels are a RangeError.

/**
 * F.adjust_brightness: blend with black. `factor` >= 0 (0 black, 1 the image).
 * @example const brighter = adjustBrightness(imageData, 1.2);
 * @throws RangeError if factor is negative or not finite.
 */
export declare function adjustBrightness<O extends Image = ImageResult>(img: ImageInput, factor: number, options?: OutOption<O>): O;
/** F.adjust_contrast: blend with the mean gray level (float32, torch's sum order). `factor` >= 0. */
export declare function adjustContrast<O extends Image = ImageResult>(img: ImageInput, factor: number, options?: OutOption<O>): O;
/** F.adjust_saturation: blend with each pixel's gray. `factor` >= 0 (0 gray, 1 the image). */
export declare function adjustSaturation<O extends Image = ImageResult>(img: ImageInput, factor: number, options?: OutOption<O>): O;
/**
 * F.adjust_hue: rotates the hue by `shift`, a fraction of the colour wheel in [-0.5, 0.5]. As in torchvision,
 * 0 is not exactly the identity (float32 HSV round trip: about a quarter of the bytes of a random image drop by 1).
 */
export declare function adjustHue<O extends Image = ImageResult>(img: ImageInput, shift: number, options?: OutOption<O>): O;

export interface GammaOptions<O> extends OutOption<O> {
  /** Multiplies (v/255)^gamma before the clamp to [0, 1]; any finite number. Default 1. */
  gain?: number;
}
/**
 * F.adjust_gamma: 255·clamp(gain·(v/255)^gamma, 0, 1), truncated. `gamma` >= 0.
 * @example const linear = adjustGamma(imageData, 2.2);
 */
export declare function adjustGamma<O extends Image = ImageResult>(img: ImageInput, gamma: number, options?: GammaOptions<O>): O;
/** F.adjust_sharpness: blend with a 3x3 smoothed copy (images of at most 2 rows or columns are returned as they are). `factor` >= 0. */
export declare function adjustSharpness<O extends Image = ImageResult>(img: ImageInput, factor: number, options?: OutOption<O>): O;
/** F.posterize: keeps the top `bits` bits (an integer 0..8) of each colour byte. */
export declare function posterize<O extends Image = ImageResult>(img: ImageInput, bits: number, options?: OutOption<O>): O;
/** F.solarize: inverts each colour byte >= `threshold` (compared in float32; at most 255, as torchvision). */
export declare function solarize<O extends Image = ImageResult>(img: ImageInput, threshold: number, options?: OutOption<O>): O;
/** F.invert: 255 − v for each colour byte. */
export declare function invert<O extends Image = ImageResult>(img: ImageInput, options?: OutOption<O>): O;
/** F.autocontrast: stretches each colour channel's range to 0..255 (a flat channel stays). */
export declare function autocontrast<O extends Image = ImageResult>(img: ImageInput, options?: OutOption<O>): O;
/** F.equalize: histogram equalisation per colour channel (PIL's rule; below 256 pixels nothing changes). */
export declare function equalize<O extends Image = ImageResult>(img: ImageInput, options?: OutOption<O>): O;

export interface GrayscaleOptions<O> extends OutOption<O> {
  /** 1: a one-channel image; 3: gray in R, G and B; 4 (of an RGBA image): gray in R, G and B, alpha kept. Default: the input's. */
  channels?: 1 | 3 | 4;
}
/** F.rgb_to_grayscale: trunc(0.2989·R + 0.587·G + 0.114·B) in float32 (white gives 254, as in torchvision). */
export declare function grayscale<O extends Image = ImageResult>(img: ImageInput, options?: GrayscaleOptions<O>): O;

export interface GaussianBlurOptions<O> extends OutOption<O> {
  /** Kernel width and height: n, or [width, height]; odd, 1..255, and size / 2 smaller than the image's side. */
  size: number | readonly [number, number];
  /** > 0: one for both axes, or [x, y]. Default 0.15·k + 0.35 per axis (torchvision's). */
  sigma?: number | readonly [number, number];
}
/**
 * F.gaussian_blur: reflect border (edge not repeated); torch's kernel weights and its fused multiply-add order,
 * reproduced exactly.
 * @example const soft = gaussianBlur(imageData, { size: 5, sigma: 1.5 });
 */
export declare function gaussianBlur<O extends Image = ImageResult>(img: ImageInput, options: GaussianBlurOptions<O>): O;

export interface EraseOptions<O> extends OutOption<O> {
  /** The rectangle's left column and top row (default 0); it is clipped to the image. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  /** One number for R, G and B, or one per colour channel; stored as torch stores a number in uint8 (truncated, low byte: -1.7 gives 255). Default 0. */
  value?: number | readonly [number, number, number];
}
/** F.erase: sets a rectangle of the colour channels to `value` (alpha kept). */
export declare function erase<O extends Image = ImageResult>(img: ImageInput, options: EraseOptions<O>): O;
