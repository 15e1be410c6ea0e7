// TensorFlow.js with the wasm backend (XNNPACK inside, SIMD; under Node the
// backend is single-threaded).
//
// Timed: tf.tensor from the JS array (copied into the wasm heap), the op,
// dataSync (copied out into a fresh array), dispose. tf.pad and tf.mirrorPad
// work on NCHW as is. tf.avgPool and tf.image.transform only take NHWC: the
// NCHW input is transposed to NHWC and the result back with tf.transpose
// inside the timed call, as in the published peer run (its tables exempt only
// the OpenCV 'hwc' column from layout conversion).

import { inputsOf, outputDims, gsProjectiveMatrix } from '../workloads.mjs';
import { packageVersion } from './version.mjs';

// ONNX GridSample padding_mode -> tf.image.transform fillMode. TF's 'reflect'
// (d c b a | a b c d | d c b a) is ONNX reflection with align_corners = 0.
const FILL = { zeros: 'constant', border: 'nearest', reflection: 'reflect' };
const INTERP = { linear: 'bilinear', nearest: 'nearest' };

function padCase(tf, w) {
  const { mode, begin, end, value } = w.pad;
  if (w.type !== 'float32') return { na: 'tfjs has no uint8 tensor dtype (float32/int32/bool/complex64/string only)' };
  if (mode === 'edge' || mode === 'wrap') {
    return { na: `tf.pad / tf.mirrorPad have no '${mode}' mode (constant, reflect, symmetric only)` };
  }
  const paddings = begin.map((b, i) => [b, end[i]]);
  const { x } = inputsOf(w);
  const op = mode === 'constant' ? (t) => tf.pad(t, paddings, value) : (t) => tf.mirrorPad(t, paddings, mode);
  return {
    what: mode === 'constant' ? `tf.pad(x, paddings, ${value})` : `tf.mirrorPad(x, paddings, '${mode}')`,
    run: () => {
      const xt = tf.tensor(x.data, x.dims, 'float32');
      const y = op(xt);
      const out = y.dataSync();
      xt.dispose();
      y.dispose();
      return out;
    },
    result: (data) => ({ dims: outputDims(w), data }),
  };
}

// Runs the NHWC-only `op` on NCHW data: tf.transpose in and out, timed.
function nhwcCase(tf, w, what, op, expect) {
  const { x } = inputsOf(w);
  return {
    what: `tf.transpose + ${what} + tf.transpose`,
    run: () => {
      const xt = tf.tensor4d(x.data, x.dims, 'float32');
      const y = tf.tidy(() => tf.transpose(op(tf.transpose(xt, [0, 2, 3, 1])), [0, 3, 1, 2]));
      const out = y.dataSync();
      xt.dispose();
      y.dispose();
      return out;
    },
    result: (data) => ({ dims: outputDims(w), data }),
    expect,
  };
}

function gridSampleCase(tf, w) {
  const { mode, paddingMode, alignCorners } = w.gs;
  if (!INTERP[mode]) return { na: 'tf.image.transform supports only nearest/bilinear interpolation' };
  if (alignCorners) return { na: 'tf.image.transform has no align_corners = 1 equivalent here' };
  const matrix = gsProjectiveMatrix(w);
  const [, , ho, wo] = outputDims(w);
  const what = `tf.image.transform(x, affine[1,8], '${INTERP[mode]}', '${FILL[paddingMode]}', 0)`;
  const expect = {
    // tfjs computes sample positions from the matrix in float32 instead of
    // reading the float32 grid, so positions differ by ~1e-4 px.
    tol: 2e-3,
    why: 'tf.image.transform takes a projective matrix, not a grid: it computes positions itself (float32), so values differ by ~1e-4',
  };
  if (mode === 'nearest') {
    expect.maxShare = 1e-4;
    expect.why += '; nearest rounding flips where a position lies within that error of a pixel boundary';
  }
  if (paddingMode === 'reflection') {
    expect.interior = true;
    expect.why += '; fill mode reflect sends negative coordinates to the far edge (wrong near the borders): compared on the interior';
  }
  // Inside tf.tidy (nhwcCase), so the matrix tensor is freed with the rest.
  const op = (xt) => tf.image.transform(xt, tf.tensor2d(matrix, [1, 8], 'float32'), INTERP[mode], FILL[paddingMode], 0, [ho, wo]);
  return nhwcCase(tf, w, what, op, expect);
}

// ONNX AveragePool (count_include_pad = 0) -> tf.avgPool's pad argument, when
// tfjs computes the very same windows and divisors.
function tfPad(w) {
  const { kernel, strides, pads, ceilMode } = w.ap;
  const [, , h] = w.dims;
  const [, , ho] = outputDims(w);
  const allZero = pads.every((p) => p === 0);
  if (!ceilMode && allZero) return { pad: "'valid'", value: 'valid' };
  if (!ceilMode && pads.every((p) => p === pads[0]) && strides.every((s) => s === 1)) {
    return { pad: String(pads[0]), value: pads[0] };
  }
  // 'same' pads (out - 1) * s + k - in in total, the smaller half first; with
  // no begin padding that is exactly ONNX's ceil_mode window set.
  const sameTotal = (ho - 1) * strides[0] + kernel[0] - h;
  if (ceilMode && allZero && ho === Math.ceil(h / strides[0]) && sameTotal >= 0 && sameTotal < 2) {
    return { pad: "'same'", value: 'same', note: "ceil_mode = 1 as pad 'same', which pads the end only: identical windows and divisors" };
  }
  return { na: 'no tf.avgPool padding reproduces these windows' };
}

function averagePoolCase(tf, w) {
  const { kernel, strides, countIncludePad } = w.ap;
  if (countIncludePad) return { na: 'tf.avgPool never counts padding' };
  const p = tfPad(w);
  if (p.na) return p;
  const what = `tf.avgPool(x, [${kernel}], [${strides}], ${p.pad})${p.note ? ` (${p.note})` : ''}`;
  return nhwcCase(tf, w, what, (xt) => tf.avgPool(xt, kernel, strides, p.value));
}

const CASES = { pad: padCase, gridsample: gridSampleCase, averagepool: averagePoolCase };

export async function load() {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-wasm');
  await tf.setBackend('wasm');
  await tf.ready();
  return {
    version: `${packageVersion('@tensorflow/tfjs-core')}, ${packageVersion('@tensorflow/tfjs-backend-wasm')}`,
    prepare: (w) => CASES[w.op](tf, w),
    close() {},
  };
}
