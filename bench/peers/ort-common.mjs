// What onnxruntime-web and onnxruntime-node share: the single-node model for
// each workload and the timed call. Both packages expose the same
// InferenceSession / Tensor API.

import { singleNodeModel } from '../onnx-model.mjs';
import { inputsOf, outputDims } from '../workloads.mjs';

function padModel(w) {
  const { mode, begin, end, value } = w.pad;
  if (mode === 'symmetric') return { na: "ONNX Pad has no 'symmetric' mode (constant/reflect/edge/wrap only)" };
  const initializers = [{ name: 'pads', type: 'int64', dims: [begin.length * 2], data: BigInt64Array.from([...begin, ...end], BigInt) }];
  if (mode === 'constant') {
    const data = w.type === 'uint8' ? Uint8Array.of(value) : Float32Array.of(value);
    initializers.push({ name: 'constant_value', type: w.type, dims: [], data });
  }
  return {
    opType: 'Pad',
    initializers,
    attributes: { mode },
    what: `Pad opset ${w.opset} single-node model`,
  };
}

function gridSampleModel(w) {
  const { mode, paddingMode, alignCorners } = w.gs;
  // tensorwarp folds a nearest position back into the image before rounding
  // it (PyTorch's order; its README lists this under known differences),
  // onnxruntime rounds first, so exact .5 ties at folded positions differ.
  const expect = mode === 'nearest' && paddingMode === 'reflection'
    ? {
        tol: 1e-5,
        maxShare: 1e-4,
        why: 'rounds a nearest position before folding it back into the image (the ONNX reference order); tensorwarp folds first, as PyTorch does: exact .5 ties at folded positions pick the neighbouring pixel',
      }
    : undefined;
  return {
    expect,
    opType: 'GridSample',
    extraInputs: [{ name: 'grid', type: 'float32', dims: w.gridDims }],
    attributes: { mode, padding_mode: paddingMode, align_corners: alignCorners ? 1 : 0 },
    what: `GridSample opset ${w.opset} single-node model`,
  };
}

function averagePoolModel(w) {
  const { kernel, strides, pads, ceilMode, countIncludePad } = w.ap;
  return {
    opType: 'AveragePool',
    attributes: {
      kernel_shape: kernel,
      strides,
      pads,
      ceil_mode: ceilMode ? 1 : 0,
      count_include_pad: countIncludePad ? 1 : 0,
    },
    what: `AveragePool opset ${w.opset} single-node model`,
  };
}

const MODELS = { pad: padModel, gridsample: gridSampleModel, averagepool: averagePoolModel };

/**
 * A configuration over an onnxruntime package.
 *   ort: the package; sessionOptions: passed to every InferenceSession.create
 */
export function ortConfig(ort, sessionOptions) {
  return {
    async prepare(w) {
      const spec = MODELS[w.op](w);
      if (spec.na) return spec;
      const inputs = [{ name: 'X', type: w.type, dims: w.dims }, ...(spec.extraInputs ?? [])];
      const bytes = singleNodeModel({
        opType: spec.opType,
        opset: w.opset,
        inputs,
        outputs: [{ name: 'Y', type: w.type, dims: outputDims(w) }],
        initializers: spec.initializers,
        attributes: spec.attributes,
      });
      const session = await ort.InferenceSession.create(bytes, sessionOptions);
      const { x, grid } = inputsOf(w);
      return {
        what: spec.what,
        expect: spec.expect,
        // End to end as a user would call it: wrap the JS arrays, run, read the
        // output array (onnxruntime copies inputs into its heap / native
        // buffers and the output into a fresh TypedArray inside run()).
        run: async () => {
          const feeds = { X: new ort.Tensor(w.type, x.data, x.dims) };
          if (grid) feeds.grid = new ort.Tensor('float32', grid.data, grid.dims);
          const out = await session.run(feeds);
          return out.Y;
        },
        result: (y) => ({ dims: [...y.dims], data: y.data }),
        dispose: () => session.release(),
      };
    },
  };
}
