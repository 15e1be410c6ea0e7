// Plain-JS AveragePool written straight from SEMANTICS.md §3.2-3.3, one
// output element at a time, in float64. Shares no code with the library.

/** Per-axis geometry: output length and begin pad, or null if invalid. */
export function axisGeometry(L, k, s, d, pb, pe, ceil, autoPad) {
  const K = (k - 1) * d + 1;
  let out;
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    out = Math.ceil(L / s);
    const P = Math.max(0, (out - 1) * s + K - L);
    pb = autoPad === 'SAME_UPPER' ? Math.floor(P / 2) : Math.ceil(P / 2);
    pe = P - pb;
  } else if (autoPad === 'VALID') {
    pb = pe = 0;
    out = Math.floor((L - K) / s) + 1;
  } else if (ceil) {
    out = Math.ceil((L + pb + pe - K) / s) + 1;
    if ((out - 1) * s >= L + pb) out--;
  } else {
    out = Math.floor((L + pb + pe - K) / s) + 1;
  }
  if (K > L + pb + pe && !(autoPad.startsWith('SAME') && L === 0)) return null;
  if (out < 0 || (out === 0 && L > 0)) return null;
  return { out, pb, pe };
}

/** x: Float64Array-like data of shape dims (N, C, spatial...). */
export function referenceAveragePool(data, dims, { kernel, strides, pads, dilations, ceil = false, cip = false, autoPad = 'NOTSET' }) {
  const r = dims.length - 2;
  const spatial = dims.slice(2);
  const s = strides ?? Array(r).fill(1);
  const d = dilations ?? Array(r).fill(1);
  const p = pads ?? Array(2 * r).fill(0);
  const geo = [];
  for (let a = 0; a < r; a++) {
    const g = axisGeometry(spatial[a], kernel[a], s[a], d[a], p[a], p[r + a], ceil, autoPad);
    if (!g) return null;
    geo.push(g);
  }
  const outSpatial = geo.map((g) => g.out);
  const outDims = [dims[0], dims[1], ...outSpatial];
  const planeIn = spatial.reduce((a, b) => a * b, 1);
  const planeOut = outSpatial.reduce((a, b) => a * b, 1);
  const out = new Float64Array(dims[0] * dims[1] * planeOut);
  for (let nc = 0; nc < dims[0] * dims[1]; nc++) {
    for (let flat = 0; flat < planeOut; flat++) {
      // per-axis tap lists: [index or -1 for pad, counted?]
      let rem = flat;
      const idx = new Array(r);
      for (let a = r - 1; a >= 0; a--) { idx[a] = rem % outSpatial[a]; rem = Math.floor(rem / outSpatial[a]); }
      const taps = idx.map((o, a) => {
        const list = [];
        let divisor = 0;
        for (let j = 0; j < kernel[a]; j++) {
          const t = o * s[a] - geo[a].pb + j * d[a];
          if (t >= 0 && t < spatial[a]) { list.push(t); divisor++; }
          else if (t >= -geo[a].pb && t < spatial[a] + geo[a].pe && cip) divisor++;
        }
        return { list, divisor };
      });
      const D = taps.reduce((acc, t) => acc * t.divisor, 1);
      let sum = 0;
      const walk = (a, offset) => {
        if (a === r) { sum += data[nc * planeIn + offset]; return; }
        const stride = spatial.slice(a + 1).reduce((x, y) => x * y, 1);
        for (const t of taps[a].list) walk(a + 1, offset + t * stride);
      };
      walk(0, 0);
      out[nc * planeOut + flat] = D === 0 ? NaN : sum / D;
    }
  }
  return { dims: outDims, data: out };
}
