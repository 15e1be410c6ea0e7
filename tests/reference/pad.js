// Plain-JS Pad written straight from SEMANTICS.md §1.3/§1.4 (ONNX,
// crop-then-pad) and §4 (OpenVINO Pad-12, pad-then-crop), one element at a
// time. It shares no code with the library. Works on any array of elements
// (numbers, bigints, strings, or per-element byte strings).

const floorMod = (a, m) => ((a % m) + m) % m;

/** Source index along one axis, or -1 for the constant. */
export function sourceIndex(o, n, pb, pe, mode, order) {
  let base = 0;
  let len = n;
  let i;
  if (order === 'onnx') {
    const cropBegin = Math.max(-pb, 0);
    const cropEnd = Math.max(-pe, 0);
    base = cropBegin;
    len = n - cropBegin - cropEnd;
    i = o - Math.max(pb, 0);
  } else {
    i = o - pb;
  }
  if (i >= 0 && i < len) return base + i;
  switch (mode) {
    case 'constant': return -1;
    case 'edge': return base + (i < 0 ? 0 : len - 1);
    case 'wrap': return base + floorMod(i, len);
    case 'reflect': {
      if (len === 1) return base;
      const period = 2 * (len - 1);
      const j = floorMod(i, period);
      return base + (j < len ? j : period - j);
    }
    case 'symmetric': {
      const j = floorMod(i, 2 * len);
      return base + (j < len ? j : 2 * len - 1 - j);
    }
    default: throw new Error(`reference: mode ${mode}`);
  }
}

/** Output dims, or null where the pads are invalid. */
export function outputDims(dims, begin, end, mode, order) {
  const out = [];
  for (let d = 0; d < dims.length; d++) {
    const n = dims[d];
    let len;
    let source;
    if (order === 'onnx') {
      source = n - Math.max(-begin[d], 0) - Math.max(-end[d], 0);
      if (source < 0) return null;
      len = source + Math.max(begin[d], 0) + Math.max(end[d], 0);
    } else {
      source = n;
      len = Math.max(n + begin[d] + end[d], 0); // pads removing more than the axis leave it empty (§4)
      const bound = mode === 'reflect' ? n - 1 : mode === 'symmetric' ? n : Infinity;
      if ((begin[d] > 0 && begin[d] > bound) || (end[d] > 0 && end[d] > bound)) return null;
    }
    if (source === 0 && len > 0 && mode !== 'constant') return null;
    out.push(len);
  }
  return out;
}

/** elements: flat row-major array; returns the padded flat array and dims. */
export function referencePad(elements, dims, begin, end, mode, order, constant) {
  const outDims = outputDims(dims, begin, end, mode, order);
  if (!outDims) return null;
  const count = outDims.reduce((a, b) => a * b, 1);
  const out = new Array(count);
  for (let flat = 0; flat < count; flat++) {
    let rem = flat;
    let src = 0;
    let stride = 1;
    let isConstant = false;
    for (let d = dims.length - 1; d >= 0; d--) {
      const o = rem % outDims[d];
      rem = Math.floor(rem / outDims[d]);
      const s = sourceIndex(o, dims[d], begin[d], end[d], mode, order);
      if (s < 0) isConstant = true;
      src += s * stride;
      stride *= dims[d];
    }
    out[flat] = isConstant ? constant : elements[src];
  }
  return { dims: outDims, elements: out };
}
