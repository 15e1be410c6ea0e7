// OpenCV.js 4.12 (no SIMD, no threads in this build), in two layouts:
//  - planar: each NCHW channel plane as its own 1-channel Mat, which is how an
//    NCHW tensor maps onto OpenCV without a layout change (3 calls per op);
//  - hwc: one interleaved 3-channel Mat, OpenCV's native image layout; the
//    NCHW -> HWC conversion of the input and back for the output is untimed.
//
// Timed end to end: Mats created and filled from the JS arrays, the op, the
// result copied into a fresh JS array, Mats deleted.

import { createRequire } from 'node:module';
import { inputsOf, outputDims, elementCount } from '../workloads.mjs';
import { nchwToNhwc, nhwcToNchw } from './layout.mjs';
import { packageVersion } from './version.mjs';

let loading = null;

// The module object is a thenable whose then() hands back the module itself,
// so it must never be returned from a promise (that would chase then() forever):
// wrap it in a plain object.
function loadCv() {
  loading ??= new Promise((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js');
    if (typeof cv.then === 'function') cv.then((m) => resolve({ cv: m }));
    else resolve({ cv });
  });
  return loading;
}

const MODES = {
  constant: 'BORDER_CONSTANT',
  reflect: 'BORDER_REFLECT_101', // ONNX reflect excludes the edge pixel
  edge: 'BORDER_REPLICATE',
  wrap: 'BORDER_WRAP',
  symmetric: 'BORDER_REFLECT', // edge pixel repeated
};
const GS_BORDER = { zeros: 'BORDER_CONSTANT', border: 'BORDER_REPLICATE', reflection: 'BORDER_REFLECT' };
const GS_INTERP = { linear: 'INTER_LINEAR', nearest: 'INTER_NEAREST', cubic: 'INTER_CUBIC' };

function matType(cv, type, channels) {
  const depth = type === 'uint8' ? 'CV_8U' : 'CV_32F';
  return cv[`${depth}C${channels}`];
}

// A fresh view: Mat views are not cached because heap growth replaces them.
const view = (mat, type) => (type === 'uint8' ? mat.data : mat.data32F);

function matFrom(cv, rows, cols, type, channels, data) {
  const m = new cv.Mat(rows, cols, matType(cv, type, channels));
  view(m, type).set(data);
  return m;
}

/**
 * Builds the timed call for a per-image op `apply(src) -> dst Mat` (dst is
 * deleted here), over planar channels or one interleaved Mat.
 */
function imageCase(cv, w, layout, what, apply, expect) {
  const { x } = inputsOf(w);
  const [n, c, h, wd] = w.dims;
  const outDims = outputDims(w);
  const type = w.type;
  if (n !== 1) return { na: 'batch > 1 not mapped onto Mats' };
  if (layout === 'hwc') {
    const hwc = nchwToNhwc(x).data;
    return {
      what: `interleaved ${c}-ch ${what}`,
      run: () => {
        const src = matFrom(cv, h, wd, type, c, hwc);
        const dst = apply(src);
        const out = view(dst, type).slice();
        src.delete();
        dst.delete();
        return out;
      },
      result: (out) => nhwcToNchw(out, outDims),
      expect,
    };
  }
  const plane = h * wd;
  const planeOut = outDims[2] * outDims[3];
  return {
    what: `${c}x planar ${what}`,
    run: () => {
      const out = new x.data.constructor(elementCount(outDims));
      for (let ch = 0; ch < c; ch++) {
        const src = matFrom(cv, h, wd, type, 1, x.data.subarray(ch * plane, (ch + 1) * plane));
        const dst = apply(src);
        out.set(view(dst, type), ch * planeOut);
        src.delete();
        dst.delete();
      }
      return out;
    },
    result: (out) => ({ dims: outDims, data: out }),
    expect,
  };
}

function padCase(cv, w, layout) {
  const { mode, begin, end, value } = w.pad;
  const border = cv[MODES[mode]];
  const fill = new cv.Scalar(value, value, value, value);
  const what = `cv.copyMakeBorder(${MODES[mode]})`;
  return imageCase(cv, w, layout, what, (src) => {
    const dst = new cv.Mat();
    cv.copyMakeBorder(src, dst, begin[2], end[2], begin[3], end[3], border, fill);
    return dst;
  });
}

function gridSampleCase(cv, w, layout) {
  const { mode, paddingMode, alignCorners } = w.gs;
  const [, , h, wd] = w.dims;
  if (alignCorners || h !== wd) return { na: 'mapped only for align_corners = 0 and square inputs' };
  const { grid } = inputsOf(w);
  const [, ho, wo] = w.gridDims;
  const interp = cv[GS_INTERP[mode]];
  const border = cv[GS_BORDER[paddingMode]];
  const zero = new cv.Scalar(0, 0, 0, 0);
  const noMap2 = new cv.Mat();
  // The grid is an input, so turning it into a pixel map is part of the call:
  // pixel = g * W/2 + (W-1)/2 (align_corners = 0; square, so one scale fits x and y).
  let map = null;
  const what = `grid.convertTo(map, CV_32F, W/2, (W-1)/2) + cv.remap(${GS_INTERP[mode]}, ${GS_BORDER[paddingMode]})`;
  const expect = mode === 'nearest'
    ? {
        tol: 0,
        maxShare: 1e-4,
        why: 'remap INTER_NEAREST rounds positions it computes itself (float32 convertTo), and before applying the border rule (tensorwarp folds first): ties may round the other way',
      }
    : {
        tol: 0.05,
        interior: true,
        why: 'remap quantises positions to 1/32 px (INTER_BITS = 5) with fixed-point weights (~0.03 on [0,1) data), and applies the border rule per tap: compared on the interior',
      };
  const inner = imageCase(cv, w, layout, what, (src) => {
    const dst = new cv.Mat();
    cv.remap(src, dst, map, noMap2, interp, border, zero);
    return dst;
  }, expect);
  if (inner.na) {
    noMap2.delete();
    return inner;
  }
  return {
    ...inner,
    run: () => {
      const g = matFrom(cv, ho, wo, 'float32', 2, grid.data);
      map = new cv.Mat();
      g.convertTo(map, cv.CV_32F, wd / 2, (wd - 1) / 2);
      g.delete();
      const out = inner.run();
      map.delete();
      return out;
    },
    dispose: () => noMap2.delete(),
  };
}

function averagePoolCase(cv, w, layout) {
  const { kernel: k, strides: s, pads: p, ceilMode, countIncludePad } = w.ap;
  const [, , h, wd] = w.dims;
  const [, , ho, wo] = outputDims(w);
  const blurWhy = 'cv.blur always divides by the kernel area (count_include_pad = 1 at the borders): compared on the interior';
  const centred = s.every((v) => v === 1) && !ceilMode && p[0] === p[2] && p[1] === p[3] &&
    2 * p[0] === k[0] - 1 && 2 * p[1] === k[1] - 1;
  if (countIncludePad) return { na: 'not mapped' };
  if (centred) {
    return imageCase(cv, w, layout, `cv.blur(${k[1]}x${k[0]}, BORDER_CONSTANT)`, (src) => {
      const dst = new cv.Mat();
      cv.blur(src, dst, new cv.Size(k[1], k[0]), new cv.Point(-1, -1), cv.BORDER_CONSTANT);
      return dst;
    }, { tol: 1e-5, interior: true, why: blurWhy });
  }
  const noPads = p.every((v) => v === 0);
  if (noPads && !ceilMode && k[0] === s[0] && k[1] === s[1] && h % k[0] === 0 && wd % k[1] === 0) {
    return imageCase(cv, w, layout, `cv.resize(INTER_AREA, 1/${s[0]}) (= ${k[0]}x${k[1]} stride-${s[0]} average)`, (src) => {
      const dst = new cv.Mat();
      cv.resize(src, dst, new cv.Size(wo, ho), 0, 0, cv.INTER_AREA);
      return dst;
    });
  }
  // No strided box filter in OpenCV: blur at full resolution with the window
  // anchored at its top-left, then keep every s-th pixel (nearest resize by an
  // exact integer factor picks index i*s).
  if (noPads && h === ho * s[0] && wd === wo * s[1]) {
    const what = `cv.blur(${k[1]}x${k[0]}, anchor (0,0), BORDER_CONSTANT) + cv.resize(INTER_NEAREST, 1/${s[0]}) (4x the work)`;
    return imageCase(cv, w, layout, what, (src) => {
      const full = new cv.Mat();
      cv.blur(src, full, new cv.Size(k[1], k[0]), new cv.Point(0, 0), cv.BORDER_CONSTANT);
      const dst = new cv.Mat();
      cv.resize(full, dst, new cv.Size(wo, ho), 0, 0, cv.INTER_NEAREST);
      full.delete();
      return dst;
    }, { tol: 1e-5, interior: true, why: `${blurWhy}; the last (ceil_mode) row and column divide by 9` });
  }
  return { na: 'no OpenCV call reproduces these windows' };
}

const CASES = { pad: padCase, gridsample: gridSampleCase, averagepool: averagePoolCase };

export async function load({ layout }) {
  const { cv } = await loadCv();
  return {
    version: packageVersion('@techstark/opencv-js'),
    prepare: (w) => CASES[w.op](cv, w, layout),
    close() {},
  };
}
