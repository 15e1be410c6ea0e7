// tensorwarp itself, in two configurations:
//  - end to end: JS TypedArrays in, a fresh JS TypedArray out (the default API;
//    the wrapper copies into and out of the wasm heap inside the call);
//  - resident: input (and grid) already in heap tensors, output written into a
//    preallocated heap tensor via { out } (the zero-copy API), so only the
//    kernel and the call overhead are timed.
// A module that fails to load or a call that throws is an error in the
// report, never a quiet n/a.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputsOf, outputDims } from '../workloads.mjs';

// This checkout's wrapper, or another build given as TENSORWARP_MODULE=<path
// to its index.js> (e.g. an installed package, to compare two builds).
const MODULE = process.env.TENSORWARP_MODULE
  ? pathToFileURL(resolve(process.env.TENSORWARP_MODULE))
  : new URL('../../js/index.js', import.meta.url);

const FUNCTION = { pad: 'pad', gridsample: 'gridSample', averagepool: 'averagePool' };

// The op's options in tensorwarp's API for a workload.
function options(w) {
  if (w.op === 'pad') {
    const { mode, begin, end, value } = w.pad;
    // ONNX has no symmetric mode: tensorwarp takes it in the OpenVINO Pad-12
    // form (separate begin/end arrays).
    if (mode === 'symmetric') return { padsBegin: begin, padsEnd: end, mode };
    return mode === 'constant' ? { pads: [...begin, ...end], mode, value } : { pads: [...begin, ...end], mode };
  }
  if (w.op === 'gridsample') {
    const { mode, paddingMode, alignCorners } = w.gs;
    return { mode, paddingMode, alignCorners };
  }
  const { kernel, strides, pads, ceilMode, countIncludePad } = w.ap;
  return { kernelShape: kernel, strides, pads, ceilMode, countIncludePad };
}

// The call with positional inputs; gridSample is the only op with two.
function call(tw, w, x, grid, opts) {
  const fn = tw[FUNCTION[w.op]];
  return w.op === 'gridsample' ? fn(x, grid, opts) : fn(x, opts);
}

function describe(w, resident) {
  const fn = FUNCTION[w.op];
  const o = options(w);
  const args = Object.entries(o).map(([k, v]) => `${k}: ${JSON.stringify(v).replaceAll('"', "'")}`).join(', ');
  const inputs = w.op === 'gridsample' ? 'x, grid' : 'x';
  return resident ? `${fn}(${inputs}, { ${args}, out }) on heap tensors` : `${fn}(${inputs}, { ${args} })`;
}

// An AveragePool opset variant: the same workload through tensorwarp's ONNX
// node API at that opset, so its time can be seen not to depend on it.
function onnxRunCase(tw, w, resident) {
  if (resident) return { na: 'opset variants run end to end only' };
  const { kernel, strides, pads, ceilMode, countIncludePad } = w.ap;
  const attributes = {
    kernel_shape: kernel,
    strides,
    pads,
    ceil_mode: ceilMode ? 1 : 0,
    count_include_pad: countIncludePad ? 1 : 0,
  };
  const { x } = inputsOf(w);
  const options = { opset: w.opset };
  return {
    // Without the number, so the report lists one line for all opsets of a workload.
    what: `onnx.run('AveragePool', [x], ${JSON.stringify(attributes).replaceAll('"', '')}, { opset: N })`,
    run: () => tw.onnx.run('AveragePool', [x], attributes, options)[0],
    result: (y) => ({ dims: [...y.dims], data: y.data }),
  };
}

export async function load({ resident }) {
  const tw = await import(MODULE);
  await tw.ready();
  let version;
  if (process.env.TENSORWARP_MODULE) version = `tensorwarp from ${process.env.TENSORWARP_MODULE}`;
  else {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    version = `tensorwarp ${pkg.version} (this checkout)`;
  }
  return {
    version,
    prepare(w) {
      if (w.variantOf) return onnxRunCase(tw, w, resident);
      const opts = options(w);
      const { x, grid } = inputsOf(w);
      const what = describe(w, resident);
      if (!resident) {
        return {
          what,
          run: () => call(tw, w, x, grid, opts),
          result: (y) => ({ dims: [...y.dims], data: y.data }),
        };
      }
      const held = [];
      const heapTensor = (t) => {
        const h = tw.tensor(t.type, t.dims);
        held.push(h);
        h.data.set(t.data); // .data is re-read each time: heap growth replaces views
        return h;
      };
      try {
        const xh = heapTensor(x);
        const gh = grid ? heapTensor(grid) : undefined;
        const out = tw.tensor(w.type, outputDims(w));
        held.push(out);
        const ropts = { ...opts, out };
        return {
          what,
          run: () => call(tw, w, xh, gh, ropts),
          // Copied out once, untimed, for the agreement check.
          result: () => ({ dims: outputDims(w), data: out.data.slice() }),
          dispose: () => held.forEach((h) => h.dispose()),
        };
      } catch (err) {
        held.forEach((h) => h.dispose());
        throw err;
      }
    },
    close() {},
  };
}
