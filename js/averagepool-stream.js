// AveragePool into a fresh array, computed a cache-sized piece at a time
// (see stream.js): several (n, c) planes per call, or bands of output rows
// along the first spatial axis, each an ordinary tw_avgpool call whose pads
// are shifted so that every window is the one of the whole call.
import { avgpool_auto_pad as AUTO_PADS, avgpool_band_field as BAND } from '../wasm/enums.js';
import { elementCount, inputBand, copyOut } from './tensor.js';
import { storageBytes } from './dtypes.js';
import { bandBudget, bands as spans, freshData } from './stream.js';
import { check, checkRoom, withFrame } from './module.js';

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
 * Throws (naming `subject`) before the wrapper allocates a call's blocks
 * (`blocks`, [what, bytes] pairs) when they and the scratch C allocates for that call
 * (tw_avgpool_scratch_bytes; `call` holds tw_avgpool's arguments, heap int64
 * pointers for the shapes) cannot fit in wasm memory together.
 */
export function checkAveragePoolRoom(frame, m, op, x, call, subject, blocks, names) {
  const scratchPointer = frame.alloc(8);
  check(m._tw_avgpool_scratch_bytes(x.info.code, call.r, call.shape, call.kernel, call.strides, call.pads,
    call.dilations, call.ceil, call.countIncludePad, call.autoPad, scratchPointer), op, names);
  const scratch = frame.readUint64(scratchPointer);
  checkRoom(op, subject, [...blocks, ['working memory', scratch > 2n ** 53n ? 2 ** 53 : Number(scratch)]]);
}

/**
 * The bands of output rows along the first spatial axis, from C
 * (tw_avgpool_band_plan): where a call may be cut so that the pieces are
 * bit-identical to the whole call depends on how C groups its sums, so only C
 * says. Each band is an ordinary call on input rows [lo, hi) with the pads
 * padBegin/padEnd on that axis.
 */
function planBands(frame, m, op, pointers, g, rowsPerBand) {
  const countPointer = frame.int64s([0]);
  const plan = (bands, capacity) => check(m._tw_avgpool_band_plan(g.rank, pointers.shape, pointers.kernel,
    pointers.strides, pointers.pads, pointers.dilations, g.ceil, AUTO_PADS.NOTSET, BigInt(rowsPerBand), bands,
    BigInt(capacity), countPointer), op);
  plan(0, 0);
  const count = frame.readInt64s(countPointer, 1)[0];
  const bandsPointer = frame.alloc(8 * BAND.COUNT * count);
  plan(bandsPointer, count);
  const fields = frame.readInt64s(bandsPointer, BAND.COUNT * count);
  return Array.from({ length: count }, (_, i) => {
    const field = (name) => fields[i * BAND.COUNT + name];
    return {
      begin: field(BAND.OUT_BEGIN), end: field(BAND.OUT_END), lo: field(BAND.IN_BEGIN), hi: field(BAND.IN_END),
      padBegin: field(BAND.PAD_BEGIN), padEnd: field(BAND.PAD_END),
    };
  });
}

/**
 * A fresh result computed in cache-sized pieces (see stream.js). Planes
 * (n, c) that fit the budget go several per call; larger planes (rank >= 2)
 * are cut into bands of output rows along the first spatial axis, each an
 * ordinary call on its input rows (planBands), so the results are those of one
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
      frame.setInt64s(shapePointer, [1, perCall, ...inPlane]);
      checkAveragePoolRoom(frame, m, op, x, { r, shape: shapePointer, kernel, strides, pads: padsPointer, dilations,
        ceil: g.ceil, countIncludePad: g.countIncludePad, autoPad: AUTO_PADS.NOTSET }, 'the result',
      [['x', x.heap ? 0 : perCall * inPlaneBytes], ['the result', perCall * outPlaneBytes]], g.names);
      const xBlock = x.heap ? 0 : frame.alloc(perCall * inPlaneBytes, 'x');
      const yBlock = frame.alloc(perCall * outPlaneBytes, 'the result');
      for (const [p, count] of spans(planes, perCall)) {
        const xPointer = inputBand(frame, x, p * inPlaneBytes, count * inPlaneBytes, xBlock);
        run(xPointer, count * inPlaneBytes, [1, count, ...inPlane], g.pads, yBlock, count * outPlaneBytes,
          p * outPlaneBytes);
      }
      return;
    }
    const rowsPerBand = Math.max(1, Math.min(outPlane[0], Math.floor(budget / (outRowBytes + inRowBytes * g.strides[0]))));
    const bands = planBands(frame, m, op, { shape: shapePointer, kernel, strides, pads: padsPointer, dilations },
      { rank: r, ceil: g.ceil }, rowsPerBand);
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
