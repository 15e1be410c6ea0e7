// The one resample of tensorwarp/augment: a geometric segment of the pipeline
// (its composite forward 3×3) applied to an image with one warp, optionally
// written as a model tensor. Every image pixel the pipeline produces goes
// through warpSegment() or, for the last segment, resample().
//
// Antialias (compose option, default true): where the backward map
// (destination to source) steps more than 2 source pixels per destination
// pixel along a source axis (measured at the destination's centre: the
// lengths of the rows of its Jacobian), the source region the destination
// reads is first reduced by the integer part f of that step with resize
// 'area' (OpenCV's INTER_AREA mean of f×f blocks, src/image/resize.h), and the
// warp then reads the reduced image through the adjusted matrix. With
// antialias false, or no axis above 2, the segment is exactly one
// warpPerspective(image, matrix) call (affine matrices go through warpAffine
// with the same float64 inverse, which gives the same bytes).
import { warpAffine, crop, resize } from '../image.js';
import { tensorFrom } from '../image/convert.js';
import { warpPerspective } from '../image/warp.js';
import { matrix as M } from '../image/matrix.js';
import { warpToTensor } from '../image/warp-tensor.js';
import { sampleElastic } from './elastic.js';

const isAffine = (m) => m[6] === 0 && m[7] === 0 && m[8] === 1;
const isIdentity = (m) => m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 0 && m[4] === 1 && m[5] === 0 && isAffine(m);

/**
 * The one warp that applies `forward` into width×height: warpPerspective's
 * matrix and options, or, when the matrix is affine, warpAffine's (its first
 * two rows, inverted by warpAffine as cv2.warpAffine inverts them).
 */
function warpArguments(forward, width, height, sampling) {
  const options = { width, height, interpolation: sampling.interpolation, border: sampling.border, fill: sampling.fill };
  return { matrix: isAffine(forward) ? forward.slice(0, 6) : forward, options };
}

/** warpPerspective(image, forward) into width×height, or warpAffine(image, its first two rows) when it is affine. */
function warpOnce(image, forward, width, height, sampling) {
  const { matrix, options } = warpArguments(forward, width, height, sampling);
  return (matrix.length === 6 ? warpAffine : warpPerspective)(image, matrix, options);
}

// A step within 1e-9 of an integer counts as that integer (1 / 0.2 is 4.999999999999999 in float64).
const reductionFactor = (step) => (step > 2 + 1e-9 ? Math.floor(step + 1e-9) : 1);

/**
 * The antialias reduction for warping `image` by `forward` into width×height:
 * null when none is needed, else { region: { x, y, width, height }, fx, fy }
 * (the source rectangle, a multiple of fx×fy, that the warp reads).
 */
export function antialiasReduction(forward, width, height, image) {
  const b = M.invert(forward);
  const x = (width - 1) / 2, y = (height - 1) / 2;
  const w = b[6] * x + b[7] * y + b[8];
  if (!(w > 0)) return null;
  const u = b[0] * x + b[1] * y + b[2], v = b[3] * x + b[4] * y + b[5];
  const ww = w * w;
  const fx = reductionFactor(Math.hypot((b[0] * w - u * b[6]) / ww, (b[1] * w - u * b[7]) / ww));
  const fy = reductionFactor(Math.hypot((b[3] * w - v * b[6]) / ww, (b[4] * w - v * b[7]) / ww));
  if (fx === 1 && fy === 1) return null;
  // The source bounding box of the destination's pixel area, with room for the cubic taps, within the image
  const corners = [[-0.5, -0.5], [width - 0.5, -0.5], [width - 0.5, height - 0.5], [-0.5, height - 0.5]];
  const xs = [], ys = [];
  for (const [cx, cy] of corners) {
    const cw = b[6] * cx + b[7] * cy + b[8];
    if (!(cw > 0)) return { region: { x: 0, y: 0, width: ceilTo(image.width, fx), height: ceilTo(image.height, fy) }, fx, fy };
    xs.push((b[0] * cx + b[1] * cy + b[2]) / cw);
    ys.push((b[3] * cx + b[4] * cy + b[5]) / cw);
  }
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 3 * fx), x1 = Math.min(image.width, Math.ceil(Math.max(...xs)) + 3 * fx);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 3 * fy), y1 = Math.min(image.height, Math.ceil(Math.max(...ys)) + 3 * fy);
  if (x1 <= x0 || y1 <= y0) return null; // the destination sees only the border
  return { region: { x: x0, y: y0, width: ceilTo(x1 - x0, fx), height: ceilTo(y1 - y0, fy) }, fx, fy };
}

const ceilTo = (n, f) => Math.ceil(n / f) * f;

/** The image and forward matrix the warp reads after the antialias reduction (if any). */
function reduced(image, forward, width, height, sampling) {
  if (!sampling.antialias) return { image, forward };
  const plan = antialiasReduction(forward, width, height, image);
  if (plan === null) return { image, forward };
  const { region: r, fx, fy } = plan;
  const block = crop(image, { ...r, border: sampling.border, fill: sampling.fill });
  const small = resize(block, { width: r.width / fx, height: r.height / fy, interpolation: 'area' });
  // reduced pixel (u, v) is the mean of the block whose centre is source (x + fx·u + (fx − 1) / 2, ...)
  const toSource = [fx, 0, r.x + (fx - 1) / 2, 0, fy, r.y + (fy - 1) / 2, 0, 0, 1];
  return { image: small, forward: M.multiply(forward, toSource) };
}

/**
 * One segment of the pipeline (compose.js): `image` resampled into
 * segment.width×segment.height by the forward matrix segment.before, or,
 * when segment.elastic is set, through the elastic sampling field
 * (elastic.js; no antialias reduction there). sampling: { interpolation,
 * border, fill, antialias }. May return `image` itself for the identity.
 */
export function warpSegment(image, segment, sampling) {
  const { width, height } = segment;
  if (segment.elastic) return sampleElastic(image, segment, sampling);
  const forward = segment.before;
  if (isIdentity(forward) && width === image.width && height === image.height) return image;
  const r = reduced(image, forward, width, height, sampling);
  return warpOnce(r.image, r.forward, width, height, sampling);
}

/**
 * What warpSegment(image, segment, sampling) warps, without warping: { image, matrix, options } (the warp's
 * arguments after the antialias reduction), or null when warpSegment returns `image` itself (the identity at
 * the same size). Not for elastic segments.
 */
export function segmentWarp(image, segment, sampling) {
  const { width, height } = segment;
  const forward = segment.before;
  if (isIdentity(forward) && width === image.width && height === image.height) return null;
  const r = reduced(image, forward, width, height, sampling);
  return { image: r.image, ...warpArguments(r.forward, width, height, sampling) };
}

/**
 * The final resample of a pipeline: plan = { before, elastic, after, width,
 * height, interpolation, border, fill, antialias, matrix } (a segment with
 * the sampling; matrix null: the image is already the result).
 * Returns { image } or, with `tensor` (toTensor's options), { tensor }: the
 * tensor equals toTensor(image, tensor) of the image the call without
 * `tensor` returns, bit for bit. `tensor` is checked against toTensor's
 * options; its errors name `op` (the user's call: 'augment', 'augment.replay').
 */
export function resample(image, plan, { tensor } = {}, op = 'augment') {
  const argument = `${op}: options.tensor`;
  if (tensor !== undefined && plan.matrix !== null && !plan.elastic) {
    // The fused warp -> tensor (src/warp/warp-tensor.h): toTensor(warpOnce(...)) bit for bit, no image between.
    const r = reduced(image, plan.before, plan.width, plan.height, plan);
    const { matrix, options } = warpArguments(r.forward, plan.width, plan.height, plan);
    return { tensor: warpToTensor(r.image, matrix, options, tensor, op, argument) };
  }
  let out = image;
  if (plan.matrix !== null) {
    out = warpSegment(image, plan, plan);
    if (out === image) out = warpOnce(image, plan.before, plan.width, plan.height, plan); // a fresh result, never the input
  }
  return tensor === undefined ? { image: out } : { tensor: tensorFrom(out, tensor, op, argument) };
}
