// AveragePool into a fresh array, computed a cache-sized piece at a time
// (see stream.js): several (n, c) planes per call, or bands of output rows
// along the first spatial axis, each an ordinary tw_avgpool call whose pads
// are shifted so that every window is the one of the whole call.
import { avgpool_auto_pad as AUTO_PADS } from '../wasm/enums.js';
import { elementCount, inputBand, copyOut } from './tensor.js';
import { storageBytes } from './dtypes.js';
import { bandBudget, freshData } from './stream.js';
import { check, withFrame } from './module.js';

/**
 * The one call of the C entry tw_avgpool (src/avgpool/avgpool.h): x is the
 * checked input (its type), the other pointers heap int64 arrays, y the
 * { pointer, bytes } it writes.
 */
export function callAveragePool(m, op, { x, xPointer, xBytes, r, shape, kernel, strides, pads, dilations, ceil, countIncludePad, autoPad, y }, names) {
  check(m._tw_avgpool(x.info.code, xPointer, xBytes, r, shape, kernel, strides, pads, dilations, ceil,
    countIncludePad, autoPad, y.pointer, y.bytes), op, names);
}

/**
 * The output rows [begin, end) of the first spatial axis as a call of their
 * own, on input rows [lo, hi) with adjusted pads: window o of the band
 * starts at o·s - pb' in band coordinates, the same input row as window
 * begin + o of the whole axis, so every window keeps its data taps, its pad
 * taps and its divisor. A band ending before the last window gets exactly the
 * end pad its last window reaches (none if it ends in the data), so its
 * length is a whole number of strides and ceil_mode changes nothing; the last
 * band keeps the axis's end and end pad.
 */
function bandAxis(axis, begin, end) {
  const { length, out, kernel, stride, dilation, padBegin, padEnd } = axis;
  const span = (kernel - 1) * dilation + 1;
  const lo = Math.max(0, begin * stride - padBegin);
  const last = end === out;
  const reach = (end - 1) * stride - padBegin + span; // one past the last tap of the band
  const hi = last ? length : Math.min(length, reach);
  return {
    lo, hi, padBegin: padBegin + lo - begin * stride,
    padEnd: last ? padEnd : Math.max(0, reach - hi),
  };
}

/**
 * Where the bands along an axis start (the first at 0). A band edge b must
 * leave both bands a window that touches data (so each band has input rows),
 * and the last band must start at a window that fits in the padded axis (a
 * band whose only window overhangs, ceil mode, would be smaller than its
 * kernel). With stride and dilation 1 the C code sums interior windows k at
 * a time from the first interior one, so edges are a multiple of k from
 * there: an edge inside such a group would change the rounding.
 */
function bandStarts(axis, rowsPerBand) {
  const { length, out, kernel, stride, dilation, padBegin, padEnd } = axis;
  if (length === 0) return [0]; // windows of padding only: one band
  const span = (kernel - 1) * dilation + 1;
  const grouped = stride === 1 && dilation === 1;
  const step = grouped ? Math.max(1, Math.floor(rowsPerBand / kernel)) * kernel : Math.max(1, rowsPerBand);
  const origin = grouped ? padBegin : 0; // the first interior window, if there is one
  const firstData = Math.ceil(Math.max(0, padBegin - span + 1) / stride);
  const lastStart = Math.min(out - 1, Math.floor((length - 1 + padBegin) / stride),
    Math.floor((length + padBegin + padEnd - span) / stride));
  const starts = [0];
  for (let b = origin + step; b <= lastStart; b += step) if (b > firstData) starts.push(b);
  return starts;
}

/**
 * A fresh result computed in cache-sized pieces (see stream.js). Planes
 * (n, c) that fit the budget go several per call; larger planes (rank >= 2)
 * are cut into bands of output rows along the first spatial axis, each an
 * ordinary call on its input rows (bandAxis), so the results are those of one
 * whole call. `g` holds explicit pads (auto_pad already resolved).
 */
export function poolInBands(op, x, dims, g) {
  const r = dims.length - 2;
  const planes = dims[0] * dims[1];
  const inPlane = x.dims.slice(2), outPlane = dims.slice(2);
  const inRowBytes = storageBytes(x.info, elementCount(inPlane.slice(1)));
  const outRowBytes = storageBytes(x.info, elementCount(outPlane.slice(1)));
  const inPlaneBytes = inRowBytes * inPlane[0], outPlaneBytes = outRowBytes * outPlane[0];
  const budget = bandBudget();
  const result = freshData(x.info, elementCount(dims), x.data?.constructor, op);
  withFrame(op, (frame, m) => {
    const kernel = frame.int64s(g.kernel), strides = frame.int64s(g.strides), dilations = frame.int64s(g.dilations);
    const shapePointer = frame.int64s(x.dims), padsPointer = frame.int64s(g.pads);
    const run = (xPointer, xBytes, shape, pads, yBlock, yBytes, resultOffset) => {
      frame.setInt64s(shapePointer, shape);
      frame.setInt64s(padsPointer, pads);
      callAveragePool(m, op, { x, xPointer, xBytes, r, shape: shapePointer, kernel, strides, pads: padsPointer, dilations,
        ceil: g.ceil, countIncludePad: g.countIncludePad, autoPad: AUTO_PADS.NOTSET, y: { pointer: yBlock, bytes: yBytes } }, g.names);
      copyOut(yBlock, yBytes, result, resultOffset);
    };
    if (r === 1 || inPlaneBytes + outPlaneBytes <= budget) {
      const perCall = Math.max(1, Math.min(planes, Math.floor(budget / (inPlaneBytes + outPlaneBytes))));
      const xBlock = x.heap ? 0 : frame.alloc(perCall * inPlaneBytes, 'x');
      const yBlock = frame.alloc(perCall * outPlaneBytes, 'the result');
      for (let p = 0; p < planes; p += perCall) {
        const count = Math.min(perCall, planes - p);
        const xPointer = inputBand(frame, x, p * inPlaneBytes, count * inPlaneBytes, xBlock);
        run(xPointer, count * inPlaneBytes, [1, count, ...inPlane], g.pads, yBlock, count * outPlaneBytes,
          p * outPlaneBytes);
      }
      return;
    }
    const axis = {
      length: inPlane[0], out: outPlane[0], kernel: g.kernel[0], stride: g.strides[0], dilation: g.dilations[0],
      padBegin: g.pads[0], padEnd: g.pads[r],
    };
    const starts = bandStarts(axis, Math.floor(budget / (outRowBytes + inRowBytes * axis.stride)));
    const bands = starts.map((begin, i) => ({ begin, end: i + 1 < starts.length ? starts[i + 1] : axis.out }))
      .map((band) => ({ ...band, ...bandAxis(axis, band.begin, band.end) }));
    const xBlock = x.heap ? 0 : frame.alloc(Math.max(...bands.map((b) => b.hi - b.lo)) * inRowBytes, 'x');
    const yBlock = frame.alloc(Math.max(...bands.map((b) => b.end - b.begin)) * outRowBytes, 'the result');
    for (let p = 0; p < planes; p++) {
      for (const band of bands) {
        const xBytes = (band.hi - band.lo) * inRowBytes;
        const xPointer = inputBand(frame, x, p * inPlaneBytes + band.lo * inRowBytes, xBytes, xBlock);
        const pads = [...g.pads];
        pads[0] = band.padBegin;
        pads[r] = band.padEnd;
        run(xPointer, xBytes, [1, 1, band.hi - band.lo, ...inPlane.slice(1)], pads, yBlock,
          (band.end - band.begin) * outRowBytes, p * outPlaneBytes + band.begin * outRowBytes);
      }
    }
  });
  return { type: x.info.name, dims, data: result };
}
