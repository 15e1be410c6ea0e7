// The benchmark's workloads: the exact shapes and attributes every
// configuration runs, their deterministic inputs, output shapes, and the
// "interior" masks used where a peer's semantics differ near the borders.
//
// Inputs are derived from a fixed seed, so a child process regenerates
// bit-identical data instead of receiving it over IPC.

const N1024 = [1, 3, 1024, 1024];
const N224 = [1, 3, 224, 224];

// pads as [begin per axis, end per axis] over N, C, H, W (ONNX order).
const padsHW = (p) => ({ begin: [0, 0, p, p], end: [0, 0, p, p] });

function padWorkload(id, type, dims, mode, p) {
  // A non-zero constant, so a peer that ignores the value cannot pass.
  const value = mode === 'constant' ? (type === 'uint8' ? 7 : 0.5) : 0;
  return { id, op: 'pad', type, dims, pad: { mode, ...padsHW(p), value } };
}

const GS_MODES = ['linear', 'nearest', 'cubic'];
const GS_PADDING = ['zeros', 'border', 'reflection'];

function gsWorkload(id, dims, mode, paddingMode) {
  const [, , h, w] = dims;
  return {
    id, op: 'gridsample', type: 'float32', dims,
    gridDims: [1, h, w, 2],
    gs: { mode, paddingMode, alignCorners: false },
  };
}

function apWorkload(id, kernel, strides, pads, ceilMode) {
  return {
    id, op: 'averagepool', type: 'float32', dims: N1024,
    ap: { kernel, strides, pads, ceilMode, countIncludePad: false },
  };
}

export const OPS = ['pad', 'gridsample', 'averagepool'];
const OP_ALIASES = { gs: 'gridsample', ap: 'averagepool' };

// Default-domain opsets the onnxruntime models are built at for the main
// tables: Pad 19 has 'wrap'; GridSample 20 names the modes linear/cubic
// (onnxruntime rejects those names below 20); AveragePool 18 is the last
// opset before onnxruntime switched to a much slower generic kernel.
export const MAIN_OPSET = { pad: 19, gridsample: 20, averagepool: 18 };
// AveragePool is also measured at these opsets: onnxruntime with models built
// at each (its opset 18 run is the main one), tensorwarp through
// onnx.run(..., { opset }) at each, 18 included, since its main run goes
// through averagePool(), which has no opset.
export const AP_VARIANT_OPSETS = [18, 19, 22];

export const WORKLOADS = [
  padWorkload('pad_f32_constant', 'float32', N1024, 'constant', 64),
  padWorkload('pad_f32_reflect', 'float32', N1024, 'reflect', 64),
  padWorkload('pad_f32_edge', 'float32', N1024, 'edge', 64),
  padWorkload('pad_f32_wrap', 'float32', N1024, 'wrap', 64),
  padWorkload('pad_f32_symmetric', 'float32', N1024, 'symmetric', 64),
  padWorkload('pad_u8_constant', 'uint8', N1024, 'constant', 64),
  padWorkload('pad_u8_reflect', 'uint8', N1024, 'reflect', 64),
  padWorkload('pad_f32_reflect_224', 'float32', N224, 'reflect', 16),
  ...GS_MODES.flatMap((m) => GS_PADDING.map((p) => gsWorkload(`gs_${m}_${p}`, N1024, m, p))),
  gsWorkload('gs_linear_zeros_224', N224, 'linear', 'zeros'),
  apWorkload('ap_k3s1p1', [3, 3], [1, 1], [1, 1, 1, 1], false),
  apWorkload('ap_k7s1p3', [7, 7], [1, 1], [3, 3, 3, 3], false),
  apWorkload('ap_k2s2', [2, 2], [2, 2], [0, 0, 0, 0], false),
  apWorkload('ap_k3s2_ceil', [3, 3], [2, 2], [0, 0, 0, 0], true),
].map((w) => ({ ...w, key: w.id, opset: MAIN_OPSET[w.op] }));

// The AveragePool workloads again, at each variant opset. `key` tells them
// apart from the main run of the same workload.
export const VARIANTS = WORKLOADS.filter((w) => w.op === 'averagepool').flatMap((w) =>
  AP_VARIANT_OPSETS.map((opset) => ({ ...w, key: `${w.id}@op${opset}`, opset, mainOpset: w.opset, variantOf: w.id })));

/** Workloads selected by `--only` tokens: an op name/alias or a workload id prefix. */
export function selectWorkloads(tokens) {
  if (!tokens || tokens.length === 0) return { main: WORKLOADS, variants: VARIANTS };
  const pick = (w) => tokens.some((t) => (OP_ALIASES[t] ?? t) === w.op || w.id.startsWith(t));
  return { main: WORKLOADS.filter(pick), variants: VARIANTS.filter(pick) };
}

// --- inputs -------------------------------------------------------------------

// mulberry32: tiny, fast, and identical in every process for the same seed.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const count = (dims) => dims.reduce((a, b) => a * b, 1);

function randomTensor(type, dims, seed) {
  const next = prng(seed);
  const n = count(dims);
  const data = type === 'uint8' ? new Uint8Array(n) : new Float32Array(n);
  if (type === 'uint8') for (let i = 0; i < n; i++) data[i] = (next() * 256) | 0;
  else for (let i = 0; i < n; i++) data[i] = next();
  return { type, dims, data };
}

// The GridSample transform: a 15 degree rotation with 1.1x scale about the
// centre, in normalised coordinates. Corners of the output map outside
// [-1, 1], so every padding mode matters.
export const GS_ANGLE_DEG = 15;
export const GS_SCALE = 1.1;

function rotationGrid(gridDims) {
  const [, ho, wo] = gridDims;
  const th = (GS_ANGLE_DEG * Math.PI) / 180;
  const c = GS_SCALE * Math.cos(th);
  const s = GS_SCALE * Math.sin(th);
  const data = new Float32Array(ho * wo * 2);
  for (let i = 0; i < ho; i++) {
    // Pixel centres in normalised coordinates (align_corners = 0).
    const v = (2 * i + 1) / ho - 1;
    for (let j = 0; j < wo; j++) {
      const u = (2 * j + 1) / wo - 1;
      const k = 2 * (i * wo + j);
      data[k] = c * u - s * v;
      data[k + 1] = s * u + c * v;
    }
  }
  return { type: 'float32', dims: gridDims, data };
}

const inputCache = new Map();

// Workloads share inputs (all 1024^2 float32 workloads read the same X), so
// they are cached; the caller treats them as read-only.
function cached(key, make) {
  if (!inputCache.has(key)) inputCache.set(key, make());
  return inputCache.get(key);
}

/** { x, grid? }: read-only JS tensors { type, dims, data }. */
export function inputsOf(w) {
  const seed = w.type === 'uint8' ? 0x75381 : 0xf3201;
  const x = cached(`x:${w.type}:${w.dims}`, () => randomTensor(w.type, w.dims, seed + w.dims[3]));
  if (w.op !== 'gridsample') return { x };
  const grid = cached(`grid:${w.gridDims}`, () => rotationGrid(w.gridDims));
  return { x, grid };
}

// --- shapes -----------------------------------------------------------------

function poolExtent(size, k, s, pBegin, pEnd, ceil) {
  const span = size + pBegin + pEnd - k;
  let out = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
  // ONNX (and onnxruntime): with ceil_mode a window starting inside the end
  // padding is dropped.
  if (ceil && (out - 1) * s >= size + pBegin) out -= 1;
  return out;
}

export function outputDims(w) {
  const [n, c, h, wd] = w.dims;
  if (w.op === 'pad') return w.dims.map((d, i) => d + w.pad.begin[i] + w.pad.end[i]);
  if (w.op === 'gridsample') return [n, c, w.gridDims[1], w.gridDims[2]];
  const { kernel: k, strides: s, pads: p, ceilMode } = w.ap;
  return [n, c, poolExtent(h, k[0], s[0], p[0], p[2], ceilMode), poolExtent(wd, k[1], s[1], p[1], p[3], ceilMode)];
}

export const BYTES_PER_ELEMENT = { float32: 4, uint8: 1 };

export function outputBytes(w) {
  return count(outputDims(w)) * BYTES_PER_ELEMENT[w.type];
}

export { count as elementCount };

// --- interior masks ------------------------------------------------------------

/**
 * 1 where an output pixel (same for every channel) is computed the same way by
 * every reasonable implementation, 0 near the borders where documented peer
 * differences live:
 *  - GridSample: every cubic tap (4x4, plus one pixel of slack for peers that
 *    compute coordinates themselves) lies inside the input;
 *  - AveragePool: the whole window lies inside the input (no padding counted).
 * Pad has no such region (null).
 */
export function interiorMask(w) {
  const [, , ho, wo] = outputDims(w);
  const mask = new Uint8Array(ho * wo);
  const [, , h, wd] = w.dims;
  if (w.op === 'gridsample') {
    const g = inputsOf(w).grid.data;
    // align_corners = 0: pixel = ((g + 1) * size - 1) / 2
    const inside = (p, size) => Math.floor(p) - 2 >= 0 && Math.floor(p) + 3 <= size - 1;
    for (let i = 0; i < ho * wo; i++) {
      const x = ((g[2 * i] + 1) * wd - 1) / 2;
      const y = ((g[2 * i + 1] + 1) * h - 1) / 2;
      mask[i] = inside(x, wd) && inside(y, h) ? 1 : 0;
    }
    return mask;
  }
  if (w.op === 'averagepool') {
    const { kernel: k, strides: s, pads: p } = w.ap;
    const ok = (o, axis, size) => {
      const start = o * s[axis] - p[axis];
      return start >= 0 && start + k[axis] <= size;
    };
    for (let i = 0; i < ho; i++) {
      for (let j = 0; j < wo; j++) mask[i * wo + j] = ok(i, 0, h) && ok(j, 1, wd) ? 1 : 0;
    }
    return mask;
  }
  return null;
}

// --- the same GridSample transform as a projective matrix --------------------

/**
 * tf.image.transform takes [a0 a1 a2 b0 b1 b2 c0 c1] mapping an output pixel
 * index (x, y) to an input pixel position (pixel centres at integers). This is
 * the rotation grid above rewritten in that convention, in float64, so tfjs
 * computes its coordinates rather than reading the float32 grid.
 */
export function gsProjectiveMatrix(w) {
  const [, , h, wd] = w.dims;
  const [, ho, wo] = w.gridDims;
  const th = (GS_ANGLE_DEG * Math.PI) / 180;
  const c = GS_SCALE * Math.cos(th);
  const s = GS_SCALE * Math.sin(th);
  const cxo = (wo - 1) / 2;
  const cyo = (ho - 1) / 2;
  const a0 = (c * wd) / wo;
  const a1 = (-s * wd) / ho;
  const b0 = (s * h) / wo;
  const b1 = (c * h) / ho;
  const a2 = (wd - 1) / 2 - a0 * cxo - a1 * cyo;
  const b2 = (h - 1) / 2 - b0 * cxo - b1 * cyo;
  return [a0, a1, a2, b0, b1, b2, 0, 0];
}
