// Plain-JS resize written from the rules in src/image/resize.h. nearest: the
// INTER_NEAREST_EXACT index. antialias: false linear and cubic, and area:
// OpenCV 4.6's uint8 arithmetic (./image-resize-opencv.js). linear and cubic
// with antialias: weights in double, rounded to float32 once; both passes in
// float32 (Math.fround after every product and every sum; the first pass
// clamped to [0, 255]); round half to even, clamp. Shares no code with the
// library; the library's SIMD and scalar kernels must match it bit for bit.
import { openCvResize } from './image-resize-opencv.js';

const f32 = Math.fround;

function filterOf(interpolation, a) {
  if (interpolation === 'linear') return (x) => Math.max(0, 1 - Math.abs(x));
  return (x) => {
    const t = Math.abs(x);
    if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
    if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
    return 0;
  };
}

/**
 * The taps of destination pixel i of an axis with n source and m destination
 * pixels: { first, weights } (float32 values), or { first } for nearest
 * (linear and cubic: the antialiased rule; without antialias see
 * image-resize-opencv.js).
 */
export function axisTaps(n, m, i, { interpolation, cubicA }) {
  if (interpolation === 'nearest') {
    const step = Math.floor((n * 65536 + Math.floor(m / 2)) / m);
    const j = Math.floor((step * i + Math.floor(step / 2) - 1) / 65536);
    return { first: Math.min(Math.max(j, 0), n - 1) };
  }
  const filter = filterOf(interpolation, cubicA);
  const base = interpolation === 'linear' ? 1 : 2;
  const scale = n / m;
  const centre = (i + 0.5) * scale;
  const stretch = scale > 1 ? scale : 1;
  const raw = (j) => filter((j + 0.5 - centre) / stretch);
  // taps outside the image are dropped and the rest renormalised
  const lo = Math.max(0, Math.floor(centre - base * stretch + 0.5));
  const hi = Math.min(n, Math.floor(centre + base * stretch + 0.5));
  let sum = 0;
  for (let j = lo; j < hi; j++) sum += raw(j);
  const weights = [];
  for (let j = lo; j < hi; j++) weights.push(f32(sum !== 0 ? raw(j) / sum : raw(j)));
  return { first: lo, weights };
}

function roundHalfEvenClamp(v) {
  if (Number.isNaN(v)) return 0;
  let r = Math.round(v);
  if (r - v === 0.5 && r % 2 !== 0) r -= 1; // Math.round takes ties up
  return Math.min(255, Math.max(0, r));
}

/**
 * img: { width, height, channels, data }; returns { width, height, channels,
 * data: Uint8Array }.
 */
export function referenceResize(img, { width, height, interpolation = 'linear', antialias = true, cubicA }) {
  const { width: sw, height: sh, channels: c, data } = img;
  const options = { interpolation, antialias, cubicA: cubicA ?? (antialias ? -0.5 : -0.75) };
  const out = new Uint8Array(width * height * c);
  if (width === 0 || height === 0) return { width, height, channels: c, data: out };
  const xs = Array.from({ length: width }, (_, x) => axisTaps(sw, width, x, options));
  const ys = Array.from({ length: height }, (_, y) => axisTaps(sh, height, y, options));
  if (interpolation === 'nearest') {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let k = 0; k < c; k++) out[(y * width + x) * c + k] = data[(ys[y].first * sw + xs[x].first) * c + k];
      }
    }
    return { width, height, channels: c, data: out };
  }
  if (interpolation === 'area' || !antialias) {
    return { width, height, channels: c, data: openCvResize(img, width, height, interpolation, options.cubicA) };
  }
  // pass 1: every source row, horizontally, kept in float32
  const h = new Float32Array(sh * width * c);
  for (let j = 0; j < sh; j++) {
    for (let x = 0; x < width; x++) {
      const { first, weights } = xs[x];
      for (let k = 0; k < c; k++) {
        let sum = 0;
        for (let t = 0; t < weights.length; t++) {
          sum = f32(sum + f32(weights[t] * data[(j * sw + first + t) * c + k]));
        }
        // PIL keeps uint8 rows between the passes: overshoot is cut
        sum = 0 < sum ? sum : 0;
        sum = sum < 255 ? sum : 255;
        h[(j * width + x) * c + k] = sum;
      }
    }
  }
  // pass 2: vertically, then rounding and clamping
  for (let y = 0; y < height; y++) {
    const { first, weights } = ys[y];
    for (let i = 0; i < width * c; i++) {
      let sum = 0;
      for (let t = 0; t < weights.length; t++) sum = f32(sum + f32(weights[t] * h[(first + t) * width * c + i]));
      out[y * width * c + i] = roundHalfEvenClamp(sum);
    }
  }
  return { width, height, channels: c, data: out };
}
