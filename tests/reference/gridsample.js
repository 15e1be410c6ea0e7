// Plain-JS GridSample written from SEMANTICS.md §2 with the project's
// decisions (§2.7 non-finite coordinates, §2.8 PyTorch order for cubic and
// nearest), plus the documented extensions (wrap padding, fill value).
// Shares no code with the library. Values are accumulated in float64.
// `f32coords` rounds the coordinate pipeline to float32 after every step,
// as the library does for float32/float16/bfloat16 grids.

const keys = (s, A = -0.75) => {
  const a = Math.abs(s);
  if (a <= 1) return ((A + 2) * a - (A + 3)) * a * a + 1;
  if (a < 2) return ((A * a - 5 * A) * a + 8 * A) * a - 4 * A;
  return 0;
};

function rintHalfEven(x) {
  const f = Math.floor(x);
  const d = x - f;
  if (d !== 0.5) return d < 0.5 ? f : f + 1;
  return f % 2 === 0 ? f : f + 1;
}

function fold(x, lo, hi) {
  const R = hi - lo;
  if (R === 0) return lo;
  if (x < lo) {
    const d = lo - x; const k = Math.floor(d / R); const rho = d - k * R;
    return k % 2 === 0 ? lo + rho : hi - rho;
  }
  if (x > hi) {
    const d = x - hi; const k = Math.floor(d / R); const rho = d - k * R;
    return k % 2 === 0 ? hi - rho : lo + rho;
  }
  return x;
}

/**
 * x: { dims: [N, C, ...D], data } (numbers), grid: { dims: [N, ...O, r], data }.
 * Returns { dims, data: Float64Array } before any cast to x's type.
 */
export function referenceGridSample(x, grid, { mode, padding, align, fill = 0, f32coords = false }) {
  const r = x.dims.length - 2;
  const [N, C] = x.dims;
  const D = x.dims.slice(2);
  const O = grid.dims.slice(1, r + 1);
  const outCount = O.reduce((a, b) => a * b, 1);
  const planeIn = D.reduce((a, b) => a * b, 1);
  const F = f32coords ? Math.fround : (v) => v;
  const out = new Float64Array(N * C * outCount);
  for (let n = 0; n < N; n++) {
    for (let p = 0; p < outCount; p++) {
      // per axis (outermost first): list of [index or null (fill), weight]
      const axes = [];
      for (let a = 0; a < r; a++) {
        const L = D[a];
        const g = F(grid.data[(n * outCount + p) * r + (r - 1 - a)]);
        const lo = align ? 0 : -0.5;
        const hi = align ? L - 1 : L - 0.5;
        let xc = align ? F(F(F(g + 1) / 2) * (L - 1)) : F(F(F(F(g + 1) * L) - 1) / 2);
        const finite = Number.isFinite(xc);
        if (!finite) {
          if (padding === 'zeros') { axes.push([[null, 1]]); continue; }
          xc = 0;
        }
        const fetch = (i) => {
          if (padding === 'zeros') return i >= 0 && i < L ? i : null;
          if (padding === 'border') return Math.min(Math.max(i, 0), L - 1);
          if (padding === 'wrap') return ((i % L) + L) % L;
          return Math.trunc(fold(i, lo, hi)); // reflection
        };
        const preAdjust = (v) => {
          if (v >= lo && v <= hi) return v;
          if (padding === 'border') return Math.min(Math.max(v, 0), L - 1);
          if (padding === 'reflection') return F(fold(v, lo, hi));
          return v;
        };
        if (mode === 'nearest') {
          axes.push([[fetch(rintHalfEven(preAdjust(xc))), 1]]);
        } else if (mode === 'linear') {
          const v = preAdjust(xc);
          const i0 = Math.floor(v);
          const t = v - i0;
          axes.push([[fetch(i0), 1 - t], [fetch(i0 + 1), t]]);
        } else {
          const i0 = Math.floor(xc);
          const t = xc - i0;
          axes.push([[fetch(i0 - 1), keys(t + 1)], [fetch(i0), keys(t)], [fetch(i0 + 1), keys(1 - t)], [fetch(i0 + 2), keys(2 - t)]]);
        }
      }
      for (let c = 0; c < C; c++) {
        let sum = 0;
        const walk = (a, offset, weight, inside) => {
          if (a === r) { sum += weight * (inside ? x.data[(n * C + c) * planeIn + offset] : fill); return; }
          const stride = D.slice(a + 1).reduce((u, v) => u * v, 1);
          for (const [i, w] of axes[a]) walk(a + 1, offset + (i ?? 0) * stride, weight * w, inside && i !== null);
        };
        walk(0, 0, 1, true);
        out[(n * C + c) * outCount + p] = sum;
      }
    }
  }
  return { dims: [N, C, ...O], data: out };
}
