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
