// The rules the hover read-outs explain, written from the ONNX spec
// (GridSample-22, AveragePool-22) with the project's decisions
// (SEMANTICS.md §2.8: GridSample follows PyTorch's order for cubic and
// nearest) plus tensorwarp's 'wrap' padding mode. They only describe a pixel
// the library has already computed; the browser tests check that the
// description and the library agree (sum of weight x tap = the output pixel)
// on every output pixel.

/** GridSample's denormalisation: [-1, 1] -> pixel-centre coordinates. */
export function denormalise(n, size, alignCorners) {
  // align_corners: -1 and 1 are the centres of the first and last pixels;
  // otherwise they are the outer edges of the first and last pixels.
  return alignCorners ? ((n + 1) / 2) * (size - 1) : ((n + 1) * size - 1) / 2;
}

/** Round half to even, as the spec's nearest mode does (np.rint / nearbyint). */
function rint(x) {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return Math.round(x);
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Folds x into [lo, hi] by reflecting at the borders, repeatedly (SEMANTICS
 * §2.3), rounded to float32 where the library's float32 plan rounds.
 */
function reflect(x, lo, hi) {
  const f = Math.fround;
  const range = hi - lo;
  if (range <= 0) return lo;
  if (x >= lo && x <= hi) return x;
  const below = x < lo;
  const d = f(below ? lo - x : x - hi);
  const r2 = d % (2 * range); // fmod: exact
  const odd = r2 >= range;
  const rho = odd ? f(r2 - range) : r2;
  return below !== odd ? f(lo + rho) : f(hi - rho);
}

/** Keys' cubic convolution weights (alpha = -0.75) for the 4 taps around a point `t` past the second tap. */
function cubicWeights(t) {
  const a = -0.75;
  const near = (d) => ((a + 2) * d - (a + 3)) * d * d + 1; // |d| <= 1
  const far = (d) => ((a * d - 5 * a) * d + 8 * a) * d - 4 * a; // 1 < |d| < 2
  return [far(t + 1), near(t), near(1 - t), far(2 - t)];
}

/**
 * What GridSample reads for one grid point (nx, ny) on a W x H plane, in the
 * library's order (SEMANTICS §2.8, PyTorch's): linear and nearest first move
 * an outside coordinate back in (border clamps, reflection folds; nearest
 * rounds half to even only after that); cubic leaves the coordinate alone
 * and pads each of its 16 taps by itself. The coordinate is computed in
 * float32 as the library does for a float32 grid, so nearest picks the
 * same pixel at exact ties.
 *
 * Returns { raw, moved, x, y, taps }, positions in pixel-centre coordinates:
 * raw, the grid point ({ x, y }); moved, raw after border/reflection moved
 * it inside (linear and nearest only; otherwise raw itself); x, y, the point
 * the taps are formed around (moved, rounded for nearest); taps, each
 * { x, y, weight, read }, where read is the pixel actually read ({ x, y })
 * or null for a zero from padding_mode 'zeros'.
 */
export function gridSampleTaps(nx, ny, W, H, mode, paddingMode, alignCorners) {
  const f = Math.fround;
  const unnormalise = (g, size) => (alignCorners ? f(f(f(g + 1) * 0.5) * (size - 1)) : f(f(f(f(g + 1) * size) - 1) * 0.5));
  const [loX, hiX, loY, hiY] = alignCorners ? [0, W - 1, 0, H - 1] : [-0.5, W - 0.5, -0.5, H - 0.5];
  const moveInside = (v, size, lo, hi) => {
    if (mode === 'cubic') return v;
    if (paddingMode === 'border') return Math.min(size - 1, Math.max(0, v));
    if (paddingMode === 'reflection') return reflect(v, lo, hi);
    return v;
  };
  const raw = { x: unnormalise(nx, W), y: unnormalise(ny, H) };
  const moved = { x: moveInside(raw.x, W, loX, hiX), y: moveInside(raw.y, H, loY, hiY) };
  const x = mode === 'nearest' ? rint(moved.x) : moved.x;
  const y = mode === 'nearest' ? rint(moved.y) : moved.y;
  // The pixel a tap index reads along one axis (null: outside, zeros mode).
  // 'wrap' (a tensorwarp extension) takes each tap index modulo the axis length.
  const readAt = (i, size, lo, hi) => {
    if (paddingMode === 'border') return Math.min(size - 1, Math.max(0, i));
    if (paddingMode === 'reflection') return Math.trunc(reflect(i, lo, hi));
    if (paddingMode === 'wrap') return ((i % size) + size) % size;
    return i >= 0 && i < size ? i : null;
  };
  const tap = (tx, ty, weight) => {
    const rx = readAt(tx, W, loX, hiX);
    const ry = readAt(ty, H, loY, hiY);
    return { x: tx, y: ty, weight, read: rx === null || ry === null ? null : { x: rx, y: ry } };
  };
  if (mode === 'nearest') return { raw, moved, x, y, taps: [tap(Math.trunc(x), Math.trunc(y), 1)] };
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  if (mode === 'linear') {
    return {
      raw, moved, x, y,
      taps: [
        tap(x0, y0, (1 - fx) * (1 - fy)), tap(x0 + 1, y0, fx * (1 - fy)),
        tap(x0, y0 + 1, (1 - fx) * fy), tap(x0 + 1, y0 + 1, fx * fy),
      ],
    };
  }
  const wx = cubicWeights(fx);
  const wy = cubicWeights(fy);
  const taps = [];
  for (let b = 0; b < 4; b++) {
    for (let a = 0; a < 4; a++) taps.push(tap(x0 - 1 + a, y0 - 1 + b, wy[b] * wx[a]));
  }
  return { raw, moved, x, y, taps };
}

/** Sum of weight x value over the taps, for each of the planes (Float32Array [C, H, W]). */
export function weightedSum(taps, planes, W, H, channels = 3) {
  const out = new Array(channels).fill(0);
  for (const t of taps) {
    if (!t.read) continue;
    for (let c = 0; c < channels; c++) out[c] += t.weight * planes[c * W * H + t.read.y * W + t.read.x];
  }
  return out;
}

/**
 * The explicit pads [top, left, bottom, right] AveragePool uses for
 * auto_pad (NOTSET: the given pads; VALID: none; SAME_*: enough for
 * ceil(size / stride) outputs, the odd pixel at the end for SAME_UPPER and
 * at the beginning for SAME_LOWER).
 */
export function resolvePads(autoPad, pads, size, kernel, strides, dilations) {
  if (autoPad === 'NOTSET') return pads;
  if (autoPad === 'VALID') return [0, 0, 0, 0];
  const begin = [];
  const end = [];
  for (let a = 0; a < 2; a++) {
    const out = Math.ceil(size[a] / strides[a]);
    const total = Math.max(0, (out - 1) * strides[a] + (kernel[a] - 1) * dilations[a] + 1 - size[a]);
    const small = Math.floor(total / 2);
    begin.push(autoPad === 'SAME_UPPER' ? small : total - small);
    end.push(autoPad === 'SAME_UPPER' ? total - small : small);
  }
  return [begin[0], begin[1], end[0], end[1]];
}

/**
 * The window of AveragePool output (ox, oy) on an H x W plane. pads are
 * [top, left, bottom, right]. Each tap is { x, y, image, counted }: inside
 * the image, or in the explicit padding (counted only with
 * count_include_pad), or past it (a ceil_mode window hanging over the end:
 * never counted). divisor = number of counted taps.
 */
export function poolWindow(ox, oy, W, H, { kernel, strides, dilations, pads, countIncludePad }) {
  const [top, left, bottom, right] = pads;
  const taps = [];
  let divisor = 0;
  for (let ky = 0; ky < kernel[0]; ky++) {
    const y = oy * strides[0] - top + ky * dilations[0];
    for (let kx = 0; kx < kernel[1]; kx++) {
      const x = ox * strides[1] - left + kx * dilations[1];
      const image = x >= 0 && x < W && y >= 0 && y < H;
      const padded = x >= -left && x < W + right && y >= -top && y < H + bottom;
      const counted = image || (countIncludePad && padded);
      if (counted) divisor++;
      taps.push({ x, y, image, padded, counted });
    }
  }
  return { taps, divisor };
}
