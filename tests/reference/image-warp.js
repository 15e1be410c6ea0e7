// Plain-JS reference for the image warps (src/image/warp.h), written from
// the header's arithmetic: float32 coordinates and weights (Math.fround after
// every operation), the taps' border rules written out as OpenCV states them,
// the sum over taps in row-major order, round half to even, clamp to
// [0, 255]. The C kernels (SIMD and scalar) must match it bit for bit.
const f = Math.fround;
const A = f(-0.75);
const A2 = f(1.25);

/** Round half to even of a finite number. */
function roundHalfEven(v) {
  const r = Math.round(v); // half up
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The destination-to-source point of pixel (j, i), as the header orders it. */
function sourcePoint(m, i, j) {
  const row = (a, b, c) => f(f(a * j) + f(f(b * i) + c));
  const X = row(m[0], m[1], m[2]);
  const Y = row(m[3], m[4], m[5]);
  if (m.length === 6) return [X, Y];
  const q = f(1 / row(m[6], m[7], m[8]));
  return [f(X * q), f(Y * q)];
}

const mod = (a, n) => ((a % n) + n) % n;

/** Source index of tap i on an axis of length L, or -1 (constant border: the fill). */
function borderIndex(i, L, border) {
  if (i >= 0 && i < L) return i;
  switch (border) {
    case 'constant': return -1;
    case 'edge': return i < 0 ? 0 : L - 1;
    case 'reflect': { // dcb|abcd|cba
      if (L === 1) return 0;
      const k = mod(i, 2 * L - 2);
      return k < L ? k : 2 * L - 2 - k;
    }
    case 'symmetric': { // cba|abcd|dcb
      const k = mod(i, 2 * L);
      return k < L ? k : 2 * L - 1 - k;
    }
    case 'wrap': return mod(i, L);
    default: throw new Error(`unknown border ${border}`);
  }
}

/** One axis: [{ index, weight }] for source coordinate s. */
function axisTaps(s, L, interpolation, border) {
  const K = { nearest: 1, linear: 2, cubic: 4 }[interpolation];
  const first = interpolation === 'cubic' ? -1 : 0;
  // A non-finite coordinate (W = 0): with the constant border every tap is
  // outside (weights as for t = 0), otherwise coordinate 0.
  const outside = !Number.isFinite(s) && border === 'constant';
  if (!Number.isFinite(s)) s = 0;
  let base, weights;
  if (interpolation === 'nearest') {
    base = Math.floor(f(s + 0.5));
    weights = [1];
  } else {
    base = Math.floor(s);
    const t = f(s - base);
    const u = t === 0 ? 1 : f(f(base + 1) - s);
    weights = interpolation === 'linear' ? [u, t] : [
      f(f(A * t) * f(u * u)),
      f(u * f(f(1 + t) - f(f(A2 * t) * t))),
      f(t * f(f(1 + u) - f(f(A2 * u) * u))),
      f(f(A * u) * f(t * t)),
    ];
  }
  if (outside) return weights.map((weight) => ({ index: -1, weight }));
  // Taps base + first + k, exactly even for huge bases: periodic rules only
  // need base modulo their period, the others only need base near the image.
  const periodic = border === 'reflect' || border === 'symmetric' || border === 'wrap';
  const period = border === 'wrap' ? L : border === 'symmetric' ? 2 * L : Math.max(2 * L - 2, 1);
  const b = periodic ? mod(base, period) : Math.min(Math.max(base, -8), L + 8);
  return weights.map((weight, k) => ({ index: borderIndex(b + first + k, L, border), weight }));
}

/**
 * Warps `src` ({ width, height, channels, data }) with the destination-to-
 * source matrix m (6 or 9 numbers) into a width x height image.
 * opts: interpolation, border, fill (one number per channel).
 */
export function referenceWarp(src, m, { width, height, interpolation = 'linear', border = 'constant', fill }) {
  const C = src.channels;
  const mf = Array.from(m, (v) => f(v));
  const out = new Uint8Array(width * height * C);
  const fillOf = (c) => (fill ? fill[c] : 0);
  for (let i = 0; i < height; i++) {
    for (let j = 0; j < width; j++) {
      const [sx, sy] = sourcePoint(mf, i, j);
      const ty = axisTaps(sy, src.height, interpolation, border);
      const tx = axisTaps(sx, src.width, interpolation, border);
      for (let c = 0; c < C; c++) {
        let sum = 0;
        let firstTap = true;
        for (const y of ty) {
          for (const x of tx) {
            const v = y.index < 0 || x.index < 0 ? fillOf(c) : src.data[(y.index * src.width + x.index) * C + c];
            if (interpolation === 'nearest') {
              sum = v;
              continue;
            }
            const term = f(f(y.weight * x.weight) * v);
            sum = firstTap ? term : f(sum + term);
            firstTap = false;
          }
        }
        out[(i * width + j) * C + c] = Math.min(255, Math.max(0, roundHalfEven(sum)));
      }
    }
  }
  return out;
}
