// The configurations (columns of the report), in report order. Each one is
// loaded lazily, so `--peers` can leave a library out entirely (and a missing
// tensorwarp build does not stop the peers from running).
//
// load() resolves to { title, version, prepare(workload), close() }; see
// bench-case.mjs for what prepare returns.
//
// `isolate` gives the reason a configuration must run in its own child
// process (the report still comes from this one process, which drives it).
// `opsets`: which AveragePool opset variants (workloads.mjs) the configuration
// also runs: 'all' of them, or 'others' than the main table's opset (an
// onnxruntime main run already is a model at that opset).

const peer = (file) => import(new URL(`./peers/${file}`, import.meta.url));

export const CONFIGS = [
  {
    name: 'tensorwarp',
    title: 'tensorwarp end to end: JS TypedArray in, fresh JS TypedArray out',
    opsets: 'all',
    load: async () => (await peer('tensorwarp.mjs')).load({ resident: false }),
  },
  {
    name: 'tensorwarp-resident',
    title: 'tensorwarp resident: input already in a heap tensor, output into a resident `out` tensor',
    resident: true,
    load: async () => (await peer('tensorwarp.mjs')).load({ resident: true }),
  },
  {
    name: 'ort-web-t1',
    title: 'onnxruntime-web (wasm, SIMD) in Node, numThreads = 1',
    opsets: 'others',
    load: async () => (await peer('ort-web.mjs')).load({ threads: 1 }),
  },
  {
    name: 'ort-web-t2',
    title: 'onnxruntime-web (wasm, SIMD) in Node, numThreads = 2',
    opsets: 'others',
    // onnxruntime-web reads env.wasm.numThreads once, when it first
    // initialises its wasm module; ort-web-t1 already did that in the main
    // process, so a second thread count needs a process of its own.
    isolate: 'ort-web thread count is fixed per process',
    load: async () => (await peer('ort-web.mjs')).load({ threads: 2 }),
  },
  {
    name: 'ort-node-t1',
    title: 'onnxruntime-node, native CPU EP, intraOpNumThreads = 1 (not usable in browsers)',
    opsets: 'others',
    load: async () => (await peer('ort-node.mjs')).load({ threads: 1 }),
  },
  {
    name: 'ort-node-t2',
    title: 'onnxruntime-node, native CPU EP, intraOpNumThreads = 2 (not usable in browsers)',
    opsets: 'others',
    load: async () => (await peer('ort-node.mjs')).load({ threads: 2 }),
  },
  {
    name: 'tfjs-wasm',
    title: 'tfjs-core + tfjs-backend-wasm (SIMD, 1 thread under Node); NCHW<->NHWC tf.transpose timed where the op needs NHWC',
    load: async () => (await peer('tfjs.mjs')).load(),
  },
  {
    name: 'opencv-js',
    title: 'OpenCV.js, three planar 1-channel Mats',
    load: async () => (await peer('opencv.mjs')).load({ layout: 'planar' }),
  },
  {
    name: 'opencv-js-hwc',
    title: 'OpenCV.js, one interleaved 3-channel Mat; NCHW<->HWC conversion untimed',
    load: async () => (await peer('opencv.mjs')).load({ layout: 'hwc' }),
  },
  {
    name: 'floor-copy',
    title: 'floor: Uint8Array.prototype.set of the output byte count between two preallocated buffers',
    floor: true,
    load: async () => (await peer('floor-copy.mjs')).load(),
  },
  {
    name: 'floor-fresh',
    title: 'floor of a fresh result: Uint8Array.prototype.slice of an output-sized buffer (a new JS-owned array, first touch included)',
    floor: true,
    load: async () => (await peer('floor-copy.mjs')).load({ fresh: true }),
  },
];

/**
 * Configurations selected by `--peers` tokens. A token selects the
 * configuration of that name and every `<token>-...` one, so `tensorwarp`
 * means both tensorwarp columns and `ort-web` both thread counts.
 */
export function selectConfigs(tokens) {
  if (!tokens || tokens.length === 0) return CONFIGS;
  const unknown = tokens.filter((t) => !CONFIGS.some((c) => c.name === t || c.name.startsWith(`${t}-`)));
  if (unknown.length) {
    throw new Error(`unknown --peers ${unknown.join(', ')}; known: ${CONFIGS.map((c) => c.name).join(', ')}`);
  }
  return CONFIGS.filter((c) => tokens.some((t) => c.name === t || c.name.startsWith(`${t}-`)));
}

/** Does configuration `spec` run workload `w` (a main workload or an opset variant)? */
export function runsWorkload(spec, w) {
  if (!w.variantOf) return true;
  return spec.opsets === 'all' || (spec.opsets === 'others' && w.opset !== w.mainOpset);
}

export function configByName(name) {
  const c = CONFIGS.find((x) => x.name === name);
  if (!c) throw new Error(`unknown configuration ${name}`);
  return c;
}
