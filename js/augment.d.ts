// Types for tensorwarp/augment: seeded random augmentation pipelines whose
// masks, boxes and keypoints follow the image.
import type {
  Image, ImageResult, Border, Fill, PerspectiveMatrix, ImageTensor, ImageTensorType, ToTensorOptions, WarpInterpolation,
} from './image.js';

/** A range [lo, hi] (lo <= hi); where noted a number d means [-d, d]. */
export type Range = readonly [number, number];

export interface Probability {
  /** The probability that the transform fires (default 1); otherwise it is the identity. */
  p?: number;
}

export interface ResizedCropOptions extends Probability {
  width: number;
  height: number;
  /** Fraction of the area (torchvision RandomResizedCrop). Default [0.08, 1]. */
  scale?: number | Range;
  /** Aspect ratio w / h, drawn log-uniformly. Default [3/4, 4/3]. */
  ratio?: number | Range;
}
export interface CropOptions extends Probability {
  width: number;
  height: number;
  /** Default 'random'. */
  position?: 'random' | 'center';
  /** Centre the image in a larger crop, outside following `border` (default false: a RangeError at the call). */
  padIfNeeded?: boolean;
}
export interface FlipOptions extends Probability {
  /** Probability of a horizontal flip. Default 0.5. */
  horizontal?: number;
  /** Probability of a vertical flip. Default 0. */
  vertical?: number;
}
export interface Rotate90Options extends Probability {
  /** Counter-clockwise quarter turns to pick from, uniformly. Default [0, 1, 2, 3]. */
  turns?: readonly number[];
}
export interface RotateOptions extends Probability {
  /** Degrees counter-clockwise: d means [-d, d]. */
  degrees: number | Range;
  /** Grow the result to hold the whole turned image (PIL's size). Default false. */
  expand?: boolean;
}
export interface AffineOptions extends Probability {
  /** Degrees counter-clockwise: d means [-d, d]. Default 0. */
  degrees?: number | Range;
  /** Maximum translation as fractions of width and height (rounded to whole pixels, as torchvision). */
  translate?: readonly [number, number] | null;
  scale?: number | Range | null;
  /** Degrees: d (x in [-d, d]), [a, b] (x), [a, b, c, d] (x and y). */
  shear?: number | Range | readonly [number, number, number, number] | null;
}
export interface PerspectiveOptions extends Probability {
  /** torchvision RandomPerspective's distortion_scale, 0..1. Default 0.5. */
  distortion?: number;
}
export interface ElasticOptions extends Probability {
  /** Displacement scale in pixels. Default 1 (albumentations). */
  alpha?: number;
  /** Smoothing (Gaussian sigma) in pixels. Default 50 (albumentations). */
  sigma?: number;
}
export interface BlurOptions extends Probability {
  /** Odd box sizes drawn from this range. Default [3, 7]. */
  size?: number | Range;
}
export interface DownscaleOptions extends Probability {
  /** Scale of the intermediate image, in (0, 1]. Default 0.25. */
  scale?: number | Range;
}
export interface PadOptions extends Probability {
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  /** Pad to at least this size, centred (albumentations PadIfNeeded). Not with top..left. */
  minWidth?: number;
  minHeight?: number;
}

export interface ResizeOptions extends Probability {
  /** { width, height }, or { shorter } (torchvision Resize(s)), or { longer } (albumentations LongestMaxSize). */
  width?: number;
  height?: number;
  shorter?: number;
  longer?: number;
}

/** torchvision ColorJitter: d means [max(0, 1 - d), 1 + d]; hue h in [0, 0.5] means [-h, h]. Default 0 (off). */
export interface ColorJitterOptions extends Probability {
  brightness?: number | Range;
  contrast?: number | Range;
  saturation?: number | Range;
  /** Within [-0.5, 0.5]. */
  hue?: number | Range;
}
/** torchvision RandomGrayscale. Default p 0.1. */
export type GrayscaleOptions = Probability;
export interface GaussianBlurOptions extends Probability {
  /** Odd kernel size, or [width, height]. Required. */
  size: number | readonly [number, number];
  /** sigma drawn uniformly (float32), the same for both axes. Default [0.1, 2]. */
  sigma?: number | Range;
}
export interface ErasingOptions extends Probability {
  /** Fraction of the area. Default [0.02, 0.33]. */
  scale?: Range;
  /** Aspect h / w, log-uniform. Default [0.3, 3.3]. */
  ratio?: Range;
  /** A number, one per channel, or 'random' (torchvision's N(0, 1) patch written into uint8). Default 0. */
  value?: number | readonly number[] | 'random';
}
export interface PosterizeOptions extends Probability {
  /** 0..8. Required. */
  bits: number;
}
export interface SolarizeOptions extends Probability {
  /** Values >= threshold are inverted. Required, 0..255. */
  threshold: number;
}
export interface SharpnessOptions extends Probability {
  /** torchvision's sharpness_factor, >= 0. Required. */
  factor: number;
}
/** RandomAutocontrast / RandomEqualize / RandomInvert. Default p 0.5. */
export type PhotometricOptions = Probability;
export interface GammaOptions extends Probability {
  /** Drawn uniformly. Default [0.8, 1.2] (albumentations RandomGamma's gamma_limit / 100). */
  gamma?: number | Range;
  /** Default 1. */
  gain?: number;
}
export interface NoiseOptions extends Probability {
  /** Default 0. */
  mean?: number;
  /** Standard deviation in uint8 units, drawn uniformly. Default [sqrt(10), sqrt(50)]. */
  std?: number | Range;
}
/** A policy's fill: a number for every channel or one per channel (0..255). Default 0. */
export type PolicyFill = number | readonly number[] | null;
export interface RandAugmentOptions extends Probability {
  /** Default 2. */
  numOps?: number;
  /** The bin used, below bins. Default 9. */
  magnitude?: number;
  /** Default 31. */
  bins?: number;
  fill?: PolicyFill;
}
export interface TrivialAugmentOptions extends Probability {
  /** Default 31. */
  bins?: number;
  fill?: PolicyFill;
}
export interface AutoAugmentOptions extends Probability {
  /** Only 'imagenet' (the default). */
  policy?: 'imagenet';
  fill?: PolicyFill;
}
export interface OneOfOptions extends Probability {
  /** One non-negative weight per transform (default: uniform). */
  weights?: readonly number[];
}
export interface SomeOfOptions extends Probability {
  /** How many distinct transforms run, in list order. Default 1. */
  n?: number;
}

export interface TransformOptionsMap {
  resizedCrop: ResizedCropOptions;
  crop: CropOptions;
  flip: FlipOptions;
  rotate90: Rotate90Options;
  rotate: RotateOptions;
  affine: AffineOptions;
  perspective: PerspectiveOptions;
  elastic: ElasticOptions;
  blur: BlurOptions;
  downscale: DownscaleOptions;
  pad: PadOptions;
  resize: ResizeOptions;
  colorJitter: ColorJitterOptions;
  grayscale: GrayscaleOptions;
  gaussianBlur: GaussianBlurOptions;
  erasing: ErasingOptions;
  posterize: PosterizeOptions;
  solarize: SolarizeOptions;
  sharpness: SharpnessOptions;
  autocontrast: PhotometricOptions;
  equalize: PhotometricOptions;
  invert: PhotometricOptions;
  gamma: GammaOptions;
  noise: NoiseOptions;
  randAugment: RandAugmentOptions;
  trivialAugment: TrivialAugmentOptions;
  autoAugment: AutoAugmentOptions;
}
/** The transforms made of transforms: random.oneOf(transforms, options), random.someOf(transforms, options). */
export interface GrammarOptionsMap {
  oneOf: OneOfOptions;
  someOf: SomeOfOptions;
}
export type TransformName = keyof TransformOptionsMap | keyof GrammarOptionsMap;

/** What random.<name>() returns: a frozen plain object, structured-cloneable (options validated and normalised). */
export interface Transform<N extends TransformName = TransformName> {
  readonly transform: N;
  readonly options: Readonly<Record<string, unknown>>;
}

export declare const random: {
  readonly [N in keyof TransformOptionsMap]: (options?: TransformOptionsMap[N]) => Transform<N>;
} & {
  readonly [N in keyof GrammarOptionsMap]: (transforms: readonly Transform[], options?: GrammarOptionsMap[N]) => Transform<N>;
} & {
  /** random.oneOf of batch transforms (mixUp(), cutMix()): a batch transform; with probability `p` (default 1) one child by `weights`. */
  readonly oneOf: (transforms: readonly BatchTransform[], options?: { weights?: readonly number[]; p?: number; seed?: number | bigint }) => BatchTransform;
};

/** A policy op that ran: torchvision's op name and the signed float32 magnitude it used (0 without one). */
export interface PolicyOp {
  op: 'Identity' | 'ShearX' | 'ShearY' | 'TranslateX' | 'TranslateY' | 'Rotate' | 'Brightness' | 'Color' | 'Contrast' |
    'Sharpness' | 'Posterize' | 'Solarize' | 'AutoContrast' | 'Equalize' | 'Invert';
  magnitude: number;
}

export type BoxFormat = 'xyxy' | 'xywh' | 'cxcywh';

export interface ComposeOptions {
  /** A non-negative safe integer or a bigint below 2^64. Default 0. */
  seed?: number | bigint;
  /** Default 'linear'. */
  interpolation?: WarpInterpolation;
  /** Default 'constant'. */
  border?: Border;
  /** The constant border's value. Default 0. */
  fill?: Fill;
  /** Reduce by the integer factor first where the composite shrinks more than 2x. Default true. */
  antialias?: boolean;
  /** The mask's label outside the image. Default 0. */
  maskFill?: number;
  /** Default 'xyxy'. */
  boxFormat?: BoxFormat;
  /** Box coordinates divided by the width and height. Default false. */
  normalized?: boolean;
  /** Drop a box when less than this fraction of its (transformed) area stays in the image. Default 0. */
  minVisibility?: number;
}

/** A mask: one label byte per pixel. */
export interface Mask {
  readonly width: number;
  readonly height: number;
  readonly channels?: 1;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** [x1, y1, x2, y2] (or xywh, cxcywh) by the edges; entries after the fourth (a label...) are carried along. */
export type Box = readonly [number, number, number, number, ...unknown[]];
/** [x, y] in pixel-centre coordinates; entries after y are carried along. */
export type Keypoint = readonly [number, number, ...unknown[]];

export interface Targets {
  image?: Image;
  mask?: Mask;
  boxes?: readonly Box[];
  keypoints?: readonly Keypoint[];
}

export interface CallOptions<K extends ImageTensorType = 'float32'> {
  /** Write the result as a model tensor (toTensor's options) in r.tensor instead of r.image. */
  tensor?: Omit<ToTensorOptions<K>, 'out'>;
}

/** One transform's draw: its name, whether it fired, and its sampled values (plain JSON). */
export interface TransformParams {
  transform: TransformName;
  fired: boolean;
  [value: string]: unknown;
}

export interface Params {
  /** The sample index k. */
  index: number;
  /** The input's size. */
  width: number;
  height: number;
  transforms: TransformParams[];
}

export interface Result<K extends ImageTensorType = 'float32'> {
  /** The image (absent when a tensor was asked for). */
  image?: ImageResult;
  /** One sample: dims [1, C, H, W] (or [1, H, W, C]), so fromTensor gives one image back. */
  tensor?: ImageTensor<K, [1, number, number, number]>;
  mask?: { width: number; height: number; channels: 1; data: Uint8ClampedArray };
  boxes?: number[][];
  /** For each result box, the index of the input box it came from. */
  boxIndices?: number[];
  keypoints?: number[][];
  /** Whether each keypoint lies on the output image. */
  visible?: boolean[];
  params: Params;
  /** The composite forward matrix (input pixel centres to output), null when elastic fired. */
  matrix: PerspectiveMatrix | null;
}

export interface Augment {
  <K extends ImageTensorType = 'float32'>(targets: Targets, k: number, options?: CallOptions<K>): Result<K>;
  /** The same transform again, bit for bit (targets of the size the params were drawn for). */
  replay<K extends ImageTensorType = 'float32'>(params: Params, targets: Targets, options?: CallOptions<K>): Result<K>;
  /** Output points back to input points. */
  inverse(params: Params, points: readonly Keypoint[]): [number, number][];
  /** compose(spec.transforms, spec.options) rebuilds this pipeline (structured-cloneable, e.g. for a worker). */
  readonly spec: { transforms: Transform[]; options: ComposeOptions };
  /**
   * The pipeline over many images (or targets): sample n uses index
   * indices[n] (default n), so the bytes are those of `workers: 0` on any
   * number of workers. With `tensor`, { tensor [N, C, H, W], results }.
   */
  readonly batch: Batch;
}

export interface BatchOptions<K extends ImageTensorType = 'float32'> {
  /** Web Workers (browsers) or worker_threads (Node), each with its own module instance; default 0: this thread. */
  workers?: number;
  /**
   * toTensor's options: every sample written into one tensor [N, C, H, W] (or [N, H, W, C]). `out`: a
   * tensor to write the batch into (an earlier batch's, say: a new tensor of 150 MB costs a page fault
   * per 4 KB on first write); in shared memory, the workers write into it themselves.
   */
  tensor?: BatchTensorOptions<K>;
  /** The sample index of each image (default 0..N-1). */
  indices?: readonly number[];
  /** true: the images' buffers are moved to the workers (detached here) instead of copied. Default false. */
  transfer?: boolean;
  /**
   * The shared-memory path: the batch tensor in a SharedArrayBuffer that the workers write their samples
   * into. Default: true where SharedArrayBuffer is usable (Node; pages served with COOP/COEP, i.e.
   * crossOriginIsolated), else false (the transfer path: the same bytes, the calling thread copying each
   * chunk's tensor in). true where it is not usable is a TypeError.
   */
  shared?: boolean;
}

export type BatchTensorOptions<K extends ImageTensorType = 'float32'> = Omit<ToTensorOptions<K>, 'out'> & { out?: ImageTensor<K> };

export interface Batch {
  <K extends ImageTensorType = 'float32'>(images: readonly (Image | Targets)[], options: BatchOptions<K> & { tensor: BatchTensorOptions<K> }): Promise<{ tensor: ImageTensor<K>; results: Omit<Result<K>, 'tensor' | 'image'>[] }>;
  (images: readonly (Image | Targets)[], options?: BatchOptions & { tensor?: undefined }): Promise<Result[]>;
  /** Ends this pipeline's workers (they otherwise stay up between batches; an idle pool does not keep Node running). */
  close(): Promise<void>;
}

export declare function compose(transforms: readonly Transform[], options?: ComposeOptions): Augment;

/** Labels for a batch transform: float32 [N, classes] (one-hot or smoothed), or N class indices with `numClasses`. */
export type MixLabels = { readonly dims: readonly number[]; readonly data: Float32Array } | readonly number[] | Int32Array | Uint8Array;

/** A batch as a mixing transform takes it: a float32 tensor [N, ...] and its labels. */
export interface MixBatch {
  readonly tensor: { readonly type?: 'float32'; readonly dims: readonly number[]; readonly data: Float32Array };
  readonly labels: MixLabels;
}

export interface MixParams {
  /** 'oneOf' only when a random.oneOf of batch transforms did not fire (fired: false, lambda 1). */
  readonly transform: 'mixUp' | 'cutMix' | 'oneOf';
  /** The weight of each sample itself (1 − λ goes to sample i − 1); for CutMix, corrected to the box's share. */
  readonly lambda: number;
  /** CutMix: λ as drawn from Beta(α, α), before the correction. */
  readonly drawn?: number;
  /** CutMix: the box pasted from sample i − 1, in pixels. */
  readonly box?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** randomChoice and random.oneOf: the index of the transform that ran. */
  readonly choice?: number;
  /** random.oneOf of batch transforms: whether one ran (its `p`). */
  readonly fired?: boolean;
}

export interface MixResult {
  readonly tensor: { readonly type: 'float32'; readonly dims: number[]; readonly data: Float32Array };
  readonly labels: { readonly type: 'float32'; readonly dims: [number, number]; readonly data: Float32Array };
  readonly params: MixParams;
}

/** A batch transform: batch k always draws the same values (seeded); the inputs are not written. */
export type BatchTransform = (batch: MixBatch, k: number) => MixResult;

export interface MixOptions {
  /** Beta(α, α)'s α, > 0 (default 1). */
  alpha?: number;
  /** Default 0. */
  seed?: number | bigint;
  /** Needed when labels are class indices. */
  numClasses?: number;
}

/** torchvision v2.MixUp: x′ᵢ = λ·xᵢ + (1 − λ)·xᵢ₋₁ (float32, as torch), labels likewise. */
export declare function mixUp(options?: MixOptions): BatchTransform;
/** torchvision v2.CutMix: sample i − 1's box pasted into sample i; labels mixed by the box's share. */
export declare function cutMix(options?: MixOptions & { layout?: 'NCHW' | 'NHWC' }): BatchTransform;
/** torchvision v2.RandomChoice: one of the transforms per batch, by `p` (default equal). */
export declare function randomChoice(transforms: readonly BatchTransform[], options?: { p?: readonly number[]; seed?: number | bigint }): BatchTransform;

/** An item of a loader's dataset: an image (a source, Blob, File or URL in browsers) and what follows it. */
export interface LoaderItem<L = unknown> {
  readonly image: Image | CanvasImageSource | Blob | string;
  readonly label?: L;
  readonly mask?: Mask;
  readonly boxes?: readonly Box[];
  readonly keypoints?: readonly Keypoint[];
}

export type LoaderDataset<L = unknown> =
  | readonly (LoaderItem<L> | Image | CanvasImageSource | Blob | string)[]
  | { readonly length: number; get(i: number): LoaderItem<L> | Image | CanvasImageSource | Blob | string | Promise<LoaderItem<L> | Image | CanvasImageSource | Blob | string> };

export interface LoaderOptions<K extends ImageTensorType = 'float32'> {
  /** Default 1. */
  batchSize?: number;
  /** A seeded shuffle per epoch (default false: dataset order). */
  shuffle?: boolean;
  /** Default 0. */
  seed?: number | bigint;
  /** The epoch: the shuffle and the samples' indices (epoch·length + i) follow it. Default 0. */
  epoch?: number;
  /** Workers that fetch, decode and augment (default 0: this thread). */
  workers?: number;
  /** Batches prepared ahead of the consumer (default 2). */
  prefetch?: number;
  /** Drop the last batch when it is short (default false). */
  dropLast?: boolean;
  /** toTensor's options: each batch as one tensor. */
  tensor?: Omit<ToTensorOptions<K>, 'out'>;
  /** The pipeline (default: none, the images as they are). */
  augment?: Augment;
  /** A batch transform (mixUp, cutMix, randomChoice), applied to each batch's tensor and labels. */
  batchTransform?: BatchTransform;
  /** augment.batch's `shared` (default: shared memory where usable). */
  shared?: boolean;
  /**
   * true: a batch's tensor is written again for a later batch once the next batch is asked for (copy what
   * you keep); saves a new tensor's page faults per batch. Default false: every batch its own tensor.
   */
  recycle?: boolean;
}

export interface LoaderBatch<L = unknown, K extends ImageTensorType = 'float32'> {
  /** The batch tensor (with `tensor`), mixed when there is a batch transform. */
  readonly tensor?: ImageTensor<K> | MixResult['tensor'];
  /** The items' labels, or the batch transform's float32 [N, classes]. */
  readonly labels: L[] | MixResult['labels'];
  /** Per sample: what followed the image (mask, boxes, keypoints; the image itself without `tensor`). */
  readonly targets: Omit<Result<K>, 'params' | 'tensor'>[];
  /** The dataset indices of the samples. */
  readonly indices: number[];
  /** Per sample, the pipeline's params; and the batch transform's. */
  readonly params: { readonly samples: Params[]; readonly batch: MixParams | null };
}

export interface Loader<L = unknown, K extends ImageTensorType = 'float32'> extends AsyncIterable<LoaderBatch<L, K>> {
  /** Batches in the epoch. */
  readonly batches: number;
}

/** Batches of a dataset for `for await`, seeded per epoch, independent of the worker count. */
export declare function loader<L = unknown, K extends ImageTensorType = 'float32'>(dataset: LoaderDataset<L>, options?: LoaderOptions<K>): Loader<L, K>;
