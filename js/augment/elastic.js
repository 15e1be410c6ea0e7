// random.elastic: a displacement field as albumentations' ElasticTransform
// builds it, sampled together with the geometry around it in one resample.
//
// The field of an image of W×H at its point of the pipeline: 2·W·H values
// uniform in [−1, 1) (the dx plane then the dy plane, rows top to bottom,
// each 2·float24 − 1 from the generator of the transform's `field` number:
// xoshiro128** seeded as sample 0 of seed `field`), smoothed by an
// approximate Gaussian of `sigma` pixels made of three box blurs (Kovesi's
// widths for n = 3; AveragePool in float32, taps outside the image left out
// of the mean), then multiplied by `alpha` (float32). Between pixel centres
// the field is bilinear; outside the image it is that of the nearest edge.
//
// A segment with an elastic step maps an output point p to the source as
//   q = after⁻¹(p),  q' = q + d(q),  s = before⁻¹(q')
// (before: the geometry from the segment's start to the elastic step,
// after: from there to the segment's end). The source points, rounded to
// float32, are the maps of one cv2.remap (js/image/remap.js: OpenCV's
// fixed-point sampling, the warps' kernels) with the compose interpolation,
// border and fill: albumentations' ElasticTransform samples its maps with
// the same call. Forward (keypoints, boxes), q is found from q' by the
// fixed-point iteration q ← q' − d(q).
import { averagePool } from '../averagepool.js';
import { remap } from '../image/remap.js';
import { matrix as M } from '../image/matrix.js';
import { seedBase, sampleGenerator } from './generator.js';
import { bounded } from './options.js';

export const ELASTIC = {
  options: ['alpha', 'sigma', 'p'],
  // albumentations' defaults: alpha 1, sigma 50
  check: (o, a) => ({ alpha: bounded(o.alpha, 1, `${a}.alpha`, 0), sigma: bounded(o.sigma, 50, `${a}.sigma`, Number.MIN_VALUE) }),
  sample: (g) => ({ field: g.u32() }),
  step: ({ field }, { width, height }, o) => ({ kind: 'elastic', field, alpha: o.alpha, sigma: o.sigma, width, height }),
};

/** Kovesi's box widths for n = 3 passes approximating a Gaussian of sigma. */
export function boxWidths(sigma) {
  const n = 3;
  let wl = Math.floor(Math.sqrt((12 * sigma * sigma) / n + 1));
  if (wl % 2 === 0) wl--;
  const m = Math.round((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4));
  return Array.from({ length: n }, (_, i) => (i < m ? wl : wl + 2));
}

/** The displacement field of an elastic step: { dx, dy } (Float32Array planes of width·height). Cached on the step. */
export function displacement(step) {
  if (step.displacement) return step.displacement;
  const { width: W, height: H } = step;
  const g = sampleGenerator(seedBase(step.field), 0);
  let data = new Float32Array(2 * W * H);
  for (let i = 0; i < data.length; i++) data[i] = 2 * g.float24() - 1;
  for (const w of boxWidths(step.sigma)) {
    const r = (w - 1) / 2;
    data = averagePool({ type: 'float32', dims: [1, 2, H, W], data }, { kernelShape: [w, w], pads: [r, r, r, r] }).data;
  }
  for (let i = 0; i < data.length; i++) data[i] *= step.alpha;
  const field = { dx: data.subarray(0, W * H), dy: data.subarray(W * H) };
  Object.defineProperty(step, 'displacement', { value: field, enumerable: false });
  return field;
}

/**
 * The field of `step` at (x, y), written to out[o], out[o + 1]: bilinear
 * between centres, the nearest edge's value outside.
 */
function fieldInto(step, x, y, out, o) {
  const { dx, dy } = displacement(step);
  const { width: W, height: H } = step;
  const cx = Math.min(Math.max(x, 0), W - 1), cy = Math.min(Math.max(y, 0), H - 1);
  const x0 = Math.min(Math.floor(cx), Math.max(W - 2, 0)), y0 = Math.min(Math.floor(cy), Math.max(H - 2, 0));
  const x1 = Math.min(x0 + 1, W - 1), y1 = Math.min(y0 + 1, H - 1);
  const t = cx - x0, u = cy - y0;
  const i00 = y0 * W + x0, i01 = y0 * W + x1, i10 = y1 * W + x0, i11 = y1 * W + x1;
  out[o] = (dx[i00] * (1 - t) + dx[i01] * t) * (1 - u) + (dx[i10] * (1 - t) + dx[i11] * t) * u;
  out[o + 1] = (dy[i00] * (1 - t) + dy[i01] * t) * (1 - u) + (dy[i10] * (1 - t) + dy[i11] * t) * u;
}

/** The field at (x, y) as [dx, dy]. */
export function fieldAt(step, x, y) {
  const out = [0, 0];
  fieldInto(step, x, y, out, 0);
  return out;
}

const mapPoint = (m, x, y) => {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
};

/**
 * Output point -> source point through an elastic segment { before, elastic,
 * after }, as a writer (x, y, out, o) -> out[o], out[o + 1] (no allocation:
 * it runs once per output pixel).
 */
function backwardWriter(segment) {
  const b1 = M.invert(segment.before), b2 = M.invert(segment.after), step = segment.elastic;
  const d = new Float64Array(2);
  return (x, y, out, o) => {
    const w = b2[6] * x + b2[7] * y + b2[8];
    const qx = (b2[0] * x + b2[1] * y + b2[2]) / w, qy = (b2[3] * x + b2[4] * y + b2[5]) / w;
    fieldInto(step, qx, qy, d, 0);
    const px = qx + d[0], py = qy + d[1];
    const v = b1[6] * px + b1[7] * py + b1[8];
    out[o] = (b1[0] * px + b1[1] * py + b1[2]) / v;
    out[o + 1] = (b1[3] * px + b1[4] * py + b1[5]) / v;
  };
}

/** Output point -> source point through an elastic segment, as [x, y]. */
export function segmentBackward(segment) {
  const write = backwardWriter(segment);
  return (x, y) => {
    const out = [0, 0];
    write(x, y, out, 0);
    return out;
  };
}

/** Source point -> output point through an elastic segment (q + d(q) = q' solved by fixed-point iteration). */
export function segmentForward(segment) {
  return (x, y) => {
    const [tx, ty] = mapPoint(segment.before, x, y);
    let [qx, qy] = [tx, ty];
    for (let i = 0; i < 100; i++) {
      const [dx, dy] = fieldAt(segment.elastic, qx, qy);
      const [nx, ny] = [tx - dx, ty - dy];
      const done = Math.abs(nx - qx) < 1e-9 && Math.abs(ny - qy) < 1e-9;
      [qx, qy] = [nx, ny];
      if (done) break;
    }
    return mapPoint(segment.after, qx, qy);
  };
}

/**
 * `image` through an elastic segment into segment.width×segment.height:
 * the source point of every output pixel (float64, then float32) into two
 * maps, and one cv2.remap(image, mapX, mapY, interpolation, border, fill)
 * (remap.js, byte for byte). `fill` is a byte or one per channel.
 */
export function sampleElastic(image, segment, { interpolation, border, fill }) {
  const { width: Wo, height: Ho } = segment;
  const write = backwardWriter(segment);
  const mapX = new Float32Array(Wo * Ho), mapY = new Float32Array(Wo * Ho);
  const point = new Float64Array(2);
  for (let i = 0, o = 0; i < Ho; i++) {
    for (let j = 0; j < Wo; j++, o++) {
      write(j, i, point, 0);
      mapX[o] = point[0];
      mapY[o] = point[1];
    }
  }
  const fills = typeof fill === 'number' ? fill : Array.from(fill);
  return remap(image, mapX, mapY, Wo, Ho, { interpolation, border, fill: fills }, 'augment: elastic');
}
