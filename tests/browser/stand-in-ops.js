// Test doubles for gridSample() and averagePool(), for as long as the
// library does not export them. demo.test.mjs serves this file to the page
// (through Playwright routing, never in the real demo) so the GridSample and
// AveragePool panels' drawing, hover and error paths run in CI today. They
// are slow, plain-JS readings of the ONNX spec (GridSample-22 on 4-D input,
// AveragePool-22 on 2-D spatial input; plus the 'wrap'
// padding mode js/index.d.ts announces), float32 NCHW only: they test the
// panels, not tensorwarp. The suite stops using each one as soon as the
// real function exists.

function denormalise(n, size, alignCorners) {
  return alignCorners ? ((n + 1) / 2) * (size - 1) : ((n + 1) * size - 1) / 2;
}

function roundHalfEven(v) {
  const f = Math.floor(v);
  if (v - f !== 0.5) return Math.round(v);
  return f % 2 === 0 ? f : f + 1;
}

function reflectInto(v, lo, hi) {
  const span = hi - lo;
  if (span <= 0) return lo;
  let d;
  if (v < lo) {
    d = lo - v;
    const n = Math.trunc(d / span);
    return n % 2 === 0 ? lo + (d - n * span) : hi - (d - n * span);
  }
  if (v > hi) {
    d = v - hi;
    const n = Math.trunc(d / span);
    return n % 2 === 0 ? hi - (d - n * span) : lo + (d - n * span);
  }
  return v;
}

function keys(t) {
  const a = -0.75;
  const inner = (d) => ((a + 2) * d - (a + 3)) * d * d + 1;
  const outer = (d) => ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
  return [outer(t + 1), inner(t), inner(1 - t), outer(2 - t)];
}

export function gridSample(x, grid, { mode = 'linear', paddingMode = 'zeros', alignCorners = false } = {}) {
  if (!['linear', 'nearest', 'cubic'].includes(mode)) throw new TypeError(`gridSample (stand-in): bad mode ${mode}`);
  if (!['zeros', 'border', 'reflection', 'wrap'].includes(paddingMode)) throw new TypeError(`gridSample (stand-in): bad paddingMode ${paddingMode}`);
  const [N, C, H, W] = x.dims;
  const [, Ho, Wo] = grid.dims;
  const out = new Float32Array(N * C * Ho * Wo);
  const [lx, hx, ly, hy] = alignCorners ? [0, W - 1, 0, H - 1] : [-0.5, W - 0.5, -0.5, H - 0.5];
  const fold = (v, size, lo, hi) => {
    if (v >= lo && v <= hi) return v;
    if (paddingMode === 'border') return Math.min(size - 1, Math.max(0, v));
    if (paddingMode === 'reflection') return reflectInto(v, lo, hi);
    return v;
  };
  const index = (i, size, lo, hi) => {
    if (paddingMode === 'border') return Math.min(size - 1, Math.max(0, i));
    if (paddingMode === 'reflection') return Math.trunc(reflectInto(i, lo, hi));
    if (paddingMode === 'wrap') return ((i % size) + size) % size; // tensorwarp's extension, as js/index.d.ts states it
    return i >= 0 && i < size ? i : -1;
  };
  for (let n = 0; n < N; n++) {
    for (let oy = 0; oy < Ho; oy++) {
      for (let ox = 0; ox < Wo; ox++) {
        const g = 2 * ((n * Ho + oy) * Wo + ox);
        let sx = denormalise(grid.data[g], W, alignCorners);
        let sy = denormalise(grid.data[g + 1], H, alignCorners);
        if (mode === 'nearest') {
          sx = roundHalfEven(sx);
          sy = roundHalfEven(sy);
        }
        sx = fold(sx, W, lx, hx);
        sy = fold(sy, H, ly, hy);
        for (let c = 0; c < C; c++) {
          const plane = (n * C + c) * H * W;
          const pixel = (i, j) => {
            const r = index(j, H, ly, hy);
            const q = index(i, W, lx, hx);
            return r < 0 || q < 0 ? 0 : x.data[plane + r * W + q];
          };
          let value;
          if (mode === 'nearest') {
            value = pixel(Math.trunc(sx), Math.trunc(sy));
          } else {
            const x0 = Math.floor(sx);
            const y0 = Math.floor(sy);
            const tx = sx - x0;
            const ty = sy - y0;
            if (mode === 'linear') {
              value = (1 - ty) * ((1 - tx) * pixel(x0, y0) + tx * pixel(x0 + 1, y0)) +
                ty * ((1 - tx) * pixel(x0, y0 + 1) + tx * pixel(x0 + 1, y0 + 1));
            } else {
              const wx = keys(tx);
              const wy = keys(ty);
              value = 0;
              for (let b = 0; b < 4; b++) {
                let rowSum = 0;
                for (let a = 0; a < 4; a++) rowSum += wx[a] * pixel(x0 - 1 + a, y0 - 1 + b);
                value += wy[b] * rowSum;
              }
            }
          }
          out[((n * C + c) * Ho + oy) * Wo + ox] = value;
        }
      }
    }
  }
  return { type: 'float32', dims: [N, C, Ho, Wo], data: out };
}

export function averagePool(x, options = {}) {
  const { kernelShape, strides = [1, 1], dilations = [1, 1], ceilMode = false, countIncludePad = false, autoPad = 'NOTSET' } = options;
  let pads = options.pads ?? [0, 0, 0, 0];
  const [N, C, H, W] = x.dims;
  const size = [H, W];
  if (!kernelShape || kernelShape.length !== 2) throw new RangeError('averagePool (stand-in): kernelShape needs 2 entries');
  const span = [0, 1].map((a) => (kernelShape[a] - 1) * dilations[a] + 1);
  const outDims = [0, 0];
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    const begin = [];
    const end = [];
    for (let a = 0; a < 2; a++) {
      outDims[a] = Math.ceil(size[a] / strides[a]);
      const total = Math.max(0, (outDims[a] - 1) * strides[a] + span[a] - size[a]);
      const half = Math.floor(total / 2);
      begin.push(autoPad === 'SAME_UPPER' ? half : total - half);
      end.push(autoPad === 'SAME_UPPER' ? total - half : half);
    }
    pads = [...begin, ...end];
  } else if (autoPad === 'VALID') {
    pads = [0, 0, 0, 0];
    for (let a = 0; a < 2; a++) outDims[a] = Math.floor((size[a] - span[a]) / strides[a]) + 1;
  } else {
    for (let a = 0; a < 2; a++) {
      if (pads[a] >= span[a] || pads[a + 2] >= span[a]) throw new RangeError('averagePool (stand-in): pads must be smaller than the window');
      const free = size[a] + pads[a] + pads[a + 2] - span[a];
      if (free < 0) throw new RangeError(`averagePool (stand-in): the window (${span[a]}) is larger than the padded input (${size[a] + pads[a] + pads[a + 2]})`);
      outDims[a] = (ceilMode ? Math.ceil(free / strides[a]) : Math.floor(free / strides[a])) + 1;
      if (ceilMode && (outDims[a] - 1) * strides[a] >= size[a] + pads[a]) outDims[a]--;
    }
  }
  const [Ho, Wo] = outDims;
  const out = new Float32Array(N * C * Ho * Wo);
  for (let nc = 0; nc < N * C; nc++) {
    for (let oy = 0; oy < Ho; oy++) {
      for (let ox = 0; ox < Wo; ox++) {
        let sum = 0;
        let count = 0;
        for (let ky = 0; ky < kernelShape[0]; ky++) {
          const iy = oy * strides[0] - pads[0] + ky * dilations[0];
          for (let kx = 0; kx < kernelShape[1]; kx++) {
            const ix = ox * strides[1] - pads[1] + kx * dilations[1];
            if (iy >= 0 && iy < H && ix >= 0 && ix < W) {
              sum += x.data[nc * H * W + iy * W + ix];
              count++;
            } else if (countIncludePad && iy >= -pads[0] && iy < H + pads[2] && ix >= -pads[1] && ix < W + pads[3]) {
              count++;
            }
          }
        }
        out[nc * Ho * Wo + oy * Wo + ox] = count ? sum / count : NaN;
      }
    }
  }
  return { type: 'float32', dims: [N, C, Ho, Wo], data: out };
}
