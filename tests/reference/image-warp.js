// Plain-JS reference for the image warps (src/warp/warp.h), written from
// the header's statement of OpenCV 4.6's fixed-point arithmetic: source
// positions on a 1/32-pixel grid (affine: per-row and per-column integers
// on a 1/1024 grid; perspective: blocks of doubles), saturated to int16,
// the int16 2-D weight tables with their rounding correction, per-tap
// border rules, (Σ w·v + 2^14) >> 15 clamped. The C kernels (SIMD and
// scalar) must match it bit for bit.
const f = Math.fround;
const INT_MIN = -2147483648, INT_MAX = 2147483647;

/** Round half to even of a finite number. */
function roundHalfEven(v) {
  const r = Math.round(v); // half up
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** OpenCV's saturate_cast<int>(double) on x86-64: round half to even, INT_MIN when out of int32 (or NaN). */
function cvRound(v) {
  if (Number.isNaN(v)) return INT_MIN;
  const r = roundHalfEven(v);
  return r >= INT_MIN && r <= INT_MAX ? r : INT_MIN;
}

const sat16 = (v) => Math.min(32767, Math.max(-32768, v));
const mod = (a, n) => ((a % n) + n) % n;

/** 1-D float32 kernel at fraction k / 32. */
function kernel1d(interpolation, k) {
  const t = f(k * f(1 / 32));
  if (interpolation === 'linear') return [f(1 - t), t];
  const A = -0.75;
  const t1 = f(t + 1), u = f(1 - t);
  const c0 = f(f(f(f(f(A * t1) + 3.75) * t1) - 6) * t1) + 3;
  const c1 = f(f(f(f(f(1.25 * t) - 2.25) * t) * t) + 1);
  const c2 = f(f(f(f(f(1.25 * u) - 2.25) * u) * u) + 1);
  return [f(c0), c1, c2, f(f(f(1 - f(c0)) - c1) - c2)];
}

const tables = {};

/** The int16 2-D weights of fractions (fx, fy): K*K numbers, row-major. */
function weights2d(interpolation, fx, fy) {
  const key = `${interpolation} ${fx} ${fy}`;
  if (tables[key]) return tables[key];
  const vy = kernel1d(interpolation, fy), vx = kernel1d(interpolation, fx);
  const K = vx.length;
  const flat = new Array(K * K + 2 * K + 2).fill(0);
  let sum = 0;
  for (let r = 0; r < K; r++) {
    for (let c = 0; c < K; c++) {
      const w = Math.min(32767, Math.max(-32768, roundHalfEven(f(f(vy[r] * vx[c]) * 32768))));
      flat[r * K + c] = w;
      sum += w;
    }
  }
  const diff = sum - 32768;
  if (diff !== 0) {
    // the first minimum / maximum among flat indices a*K + b, a, b in {K/2, K/2 + 1}
    const h = K / 2;
    let lo = h * K + h, hi = lo;
    for (let a = h; a < h + 2; a++) {
      for (let b = h; b < h + 2; b++) {
        const q = a * K + b;
        if (flat[q] < flat[lo]) lo = q;
        else if (flat[q] > flat[hi]) hi = q;
      }
    }
    flat[diff < 0 ? hi : lo] -= diff;
  }
  return (tables[key] = flat.slice(0, K * K));
}

/** Source index of tap p on an axis of n pixels, or -1 (constant border: the fill). */
function borderIndex(p, n, border) {
  if (p >= 0 && p < n) return p;
  switch (border) {
    case 'constant': return -1;
    case 'edge': return p < 0 ? 0 : n - 1;
    case 'reflect': { // dcb|abcd|cba (BORDER_REFLECT_101)
      if (n === 1) return 0;
      const q = mod(p, 2 * n - 2);
      return q < n ? q : 2 * n - 2 - q;
    }
    case 'symmetric': { // cba|abcd|dcb (BORDER_REFLECT)
      const q = mod(p, 2 * n);
      return q < n ? q : 2 * n - 1 - q;
    }
    case 'wrap': return mod(p, n);
    default: throw new Error(`unknown border ${border}`);
  }
}

/** [sx, sy, fx, fy] of destination pixel (j, i): the tap position (int16) and the 5-bit fractions. */
function sourcePosition(m, i, j, nearest, blockWidth) {
  if (m.length === 6) {
    const rd = nearest ? 512 : 16;
    const X = (cvRound((m[1] * i + m[2]) * 1024) + rd + cvRound(m[0] * j * 1024)) | 0;
    const Y = (cvRound((m[4] * i + m[5]) * 1024) + rd + cvRound(m[3] * j * 1024)) | 0;
    if (nearest) return [sat16(X >> 10), sat16(Y >> 10), 0, 0];
    const x = X >> 5, y = Y >> 5;
    return [sat16(x >> 5), sat16(y >> 5), x & 31, y & 31];
  }
  const xb = Math.floor(j / blockWidth) * blockWidth, x1 = j - xb;
  const X0 = m[0] * xb + m[1] * i + m[2], Y0 = m[3] * xb + m[4] * i + m[5], W0 = m[6] * xb + m[7] * i + m[8];
  let W = W0 + m[6] * x1;
  W = W !== 0 ? (nearest ? 1 : 32) / W : 0;
  // std::max(INT_MIN, std::min(INT_MAX, v)): NaN gives INT_MAX
  const clamp = (v) => Math.max(INT_MIN, v < INT_MAX ? v : INT_MAX);
  const X = roundHalfEven(clamp((X0 + m[0] * x1) * W)), Y = roundHalfEven(clamp((Y0 + m[3] * x1) * W));
  if (nearest) return [sat16(X), sat16(Y), 0, 0];
  return [sat16(X >> 5), sat16(Y >> 5), X & 31, Y & 31];
}

/**
 * Warps `src` ({ width, height, channels, data }) with the destination-to-
 * source matrix m (6 or 9 numbers) into a width x height image.
 * opts: interpolation, border, fill (one number per channel).
 */
export function referenceWarp(src, m, { width, height, interpolation = 'linear', border = 'constant', fill }) {
  const C = src.channels;
  const out = new Uint8Array(width * height * C);
  const fillOf = (c) => (fill ? fill[c] : 0);
  const nearest = interpolation === 'nearest';
  const K = { nearest: 1, linear: 2, cubic: 4 }[interpolation];
  const first = interpolation === 'cubic' ? -1 : 0;
  const blockWidth = Math.min(Math.floor(1024 / Math.min(16, height)), width);
  const value = (y, x, c) => (y < 0 || x < 0 ? fillOf(c) : src.data[(y * src.width + x) * C + c]);
  for (let i = 0; i < height; i++) {
    for (let j = 0; j < width; j++) {
      const [sx, sy, fx, fy] = sourcePosition(m, i, j, nearest, blockWidth);
      const o = (i * width + j) * C;
      if (nearest) {
        let x = borderIndex(sx, src.width, border), y = borderIndex(sy, src.height, border);
        if (x < 0 || y < 0) x = y = -1;
        for (let c = 0; c < C; c++) out[o + c] = value(y, x, c);
        continue;
      }
      const w = weights2d(interpolation, fx, fy);
      const xs = [], ys = [];
      for (let k = 0; k < K; k++) {
        xs.push(borderIndex(sx + first + k, src.width, border));
        ys.push(borderIndex(sy + first + k, src.height, border));
      }
      for (let c = 0; c < C; c++) {
        let sum = 0;
        for (let r = 0; r < K; r++) for (let k = 0; k < K; k++) sum += w[r * K + k] * value(ys[r], xs[k], c);
        out[o + c] = Math.min(255, Math.max(0, (sum + 16384) >> 15));
      }
    }
  }
  return out;
}
