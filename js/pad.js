// Pad: the JS side of src/pad. Validates and marshals; all index logic is in C.
// Strings never enter the heap: an int32 index tensor is padded instead and
// mapped back, so every mode works on them too.
import { pad_mode as MODES, pad_order as ORDERS } from '../wasm/enums.js';
import { elementBytes, storageBytes } from './dtypes.js';
import { integers, choice, normaliseAxes, checkOptions } from './args.js';
import { checkTensor, inputPointer, inputBand, copyOut, outputTarget, tensorBytes, viaIndexMap, withFrame, writeHeapBox, boxRunBytes, elementCount, boolBytes } from './tensor.js';
import { check } from './module.js';
import { moveRows, rowPlan, readMap } from './rows.js';
import { bytesOf, freshData, bandBudget, bandRowsFor, bands } from './stream.js';

export const PAD_MODES = Object.freeze(Object.fromEntries(Object.entries(MODES).map(([k, v]) => [k.toLowerCase(), v])));

/**
 * Spreads ONNX pads ([begin per axis..., end per axis...] over `axes`, or
 * over every axis) into per-axis begin/end arrays.
 */
export function spreadPads(pads, axes, rank, argument, axesArgument) {
  const chosen = axes === undefined || axes === null ? [...Array(rank).keys()] : normaliseAxes(axes, rank, axesArgument);
  if (pads.length !== 2 * chosen.length) {
    throw new RangeError(`${argument}: expected ${2 * chosen.length} entries (2 per ${axes == null ? 'axis of the rank-' + rank + ' input' : 'listed axis'}), got ${pads.length}`);
  }
  const begin = new Array(rank).fill(0);
  const end = new Array(rank).fill(0);
  chosen.forEach((axis, k) => {
    begin[axis] = pads[k];
    end[axis] = pads[chosen.length + k];
  });
  return [begin, end];
}

// A fresh result from a JS x whose leading axes are untouched (NCHW padded
// in H and W) is padded in bands of slices (padBySlices, below). Otherwise it
// takes one of three paths (all give the same bytes): the index maps
// (padByMaps: rows moved in JS memory, no heap round trip), the one-pass heap
// path (x written to its place in a heap result, C writes the borders, the
// result copied out), or the plain kernel (x copied in whole, tw_pad, the
// result copied out whole). Below DEFAULT_MIN_RESULT_BYTES
// the plain kernel is the fastest: its two bulk copies stay in cache, while
// the other two pay a TypedArray.set per row. Measured (one process, the
// three paths interleaved, allocator pages reused, medians; load 2-3 on 2
// cores), maps / one-pass / plain in ms: uint8 [1,3,1024,1024] pads 64
// (4.0 MB result) reflect 2.57 / 2.14 / 1.17, constant 1.77 / 1.76 / 1.21;
// float32 [1,3,512,512] pads 32 (3.5 MB) reflect 0.98 / 0.85 / 0.65;
// float32 [1,3,224,224] pads 16 (0.8 MB) reflect 0.41 / 0.29 / 0.23; but
// float32 [1,3,640,640] pads 64 (6.7 MB) constant 1.84 / 2.75 / 2.06 (p25),
// uint8 [1,3,1536,1536] (8.3 MB) reflect 3.1 / 7.6 / 3.3 (p25), float32
// [1,3,1024,1024] (15.9 MB) reflect 3.80 / 6.18 / 5.60, constant
// 3.62 / 5.37 / 4.78, wrap 4.62 / 5.82 / 6.00, edge 3.90 / 6.01 / 5.78.
// Where the maps take a result, the one-pass path never won. It is reached
// only where the maps refuse them as too large next to the data (an axis of
// millions: rows under MIN_ROW_BYTES are under MIN_RUN_BYTES too, so they
// take the plain kernel), and there it saves the plain kernel's copy of x
// into the heap: bench/pad-onepass.mjs (one process, interleaved, load 4-5
// on 2 cores), one-pass / plain by minimum 0.58-0.71, by median 0.70-0.94,
// on float32 [4000000] reflect, uint8 [3,3000000] constant and int64
// [1,1,1000000] wrap; its heap peak is also the result alone, not x too.
const DEFAULT_MIN_RESULT_BYTES = 6 * 1024 * 1024;
const paths = { minResultBytes: DEFAULT_MIN_RESULT_BYTES, maps: true, slices: true };

/**
 * Internal (tests): the smallest result that takes the JS-memory paths,
 * whether the maps path is tried, and whether the bands of slices are
 * (padBySlices); no argument restores the defaults.
 */
export function setPadPaths({ minResultBytes = DEFAULT_MIN_RESULT_BYTES, maps = true, slices = true } = {}) {
  paths.minResultBytes = minResultBytes;
  paths.maps = maps;
  paths.slices = slices;
}

// The one-pass fresh result copies x run by run (a TypedArray.set each,
// ~55 ns of overhead per call in Node 20 besides the bytes); below this run
// length the overhead outweighs the pass it saves, and x is copied in whole.
const MIN_RUN_BYTES = 1024;

/**
 * Runs the C kernel. `constant` is the constant element's bytes (Uint8Array)
 * or, for strings, the string.
 */
export function runPad(op, x, begin, end, mode, order, constant, out, padsName = 'options.pads') {
  if (x.info.kind === 'string') return padStrings(op, x, begin, end, mode, order, constant, out, padsName);
  const names = { x: 'x', pads: padsName, out: 'options.out' };
  return withFrame(op, (frame, m) => {
    const rank = x.dims.length;
    const shapePointer = frame.int64s(x.dims);
    const beginPointer = frame.int64s(begin);
    const endPointer = frame.int64s(end);
    const outShapePointer = frame.alloc(8 * Math.max(rank, 1));
    check(m._tw_pad_output_shape(rank, shapePointer, beginPointer, endPointer, mode, order, outShapePointer), op, names);
    const dims = frame.readInt64s(outShapePointer, rank);
    const valuePointer = frame.copyIn(constant);
    const fresh = (out === undefined || out === null) && !x.heap;
    if (fresh && paths.slices) {
      const result = padBySlices(op, frame, m, x, dims, { begin, end, mode, order, valuePointer }, names);
      if (result) return result;
    }
    if (fresh && elementCount(dims) * (x.info.bits / 8) >= paths.minResultBytes) {
      const axes = { rank, shapePointer, beginPointer, endPointer, mode, order };
      const result = paths.maps ? padByMaps(op, frame, m, x, dims, axes, constant, names) : null;
      if (result) return result;
      // Otherwise (rows too short for the maps, maps too large) a fresh result
      // from a JS x: x goes straight to its place in the result and C writes
      // only the borders, when C says the borders read only that place.
      const boxPointer = frame.alloc(24 * Math.max(rank, 1));
      const selfContainedPointer = frame.alloc(4);
      check(m._tw_pad_interior(x.info.code, rank, shapePointer, beginPointer, endPointer, mode, order, boxPointer,
        selfContainedPointer), op, names);
      const box = frame.readInt64s(boxPointer, 3 * rank);
      if (frame.readInt32s(selfContainedPointer, 1)[0] === 1 && boxRunBytes(x, box, dims) >= MIN_RUN_BYTES) {
        const target = outputTarget(frame, op, x.info, dims, out, { x });
        writeHeapBox(x, box, dims, target.pointer, target.bytes);
        check(m._tw_pad_borders(x.info.code, rank, shapePointer, beginPointer, endPointer, mode, order, valuePointer,
          target.pointer, target.bytes), op, names);
        return target.finish();
      }
    }
    const target = outputTarget(frame, op, x.info, dims, out, { x });
    const inPointer = inputPointer(frame, x, 'x');
    check(m._tw_pad(x.info.code, inPointer, tensorBytes(x), rank, shapePointer, beginPointer, endPointer, mode, order,
      valuePointer, target.pointer, target.bytes), op, names);
    return target.finish();
  });
}

// The maps path: C gives each axis's index map (tw_pad_maps, the one border
// rule) and x's rows move straight into the result (js/rows.js): runs of x
// by TypedArray.set, mirrored, repeated or short wrapped runs unit by unit
// right after (js/rows.js moveSteps), fill by TypedArray.fill, so x is never
// copied into the heap and the result never copied out of it. Rows of x
// shorter than MIN_ROW_BYTES (one set per row no longer pays) and maps large
// next to the data take the other paths.
const MIN_ROW_BYTES = 512;
const MAX_MAP_ENTRIES = 1 << 20; // beyond SMALL_MAP entries, at most one per MAP_ELEMENTS_EACH result elements
const SMALL_MAP = 4096;
const MAP_ELEMENTS_EACH = 64;
const INT32_MAX = 0x7fff_ffff;

/** The maps of every axis from tw_pad_maps, or null where the path does not apply. */
function padMaps(op, frame, m, x, dims, axes, names) {
  const entries = dims.reduce((sum, n) => sum + n, 0);
  const tooMany = entries > Math.min(MAX_MAP_ENTRIES, Math.max(SMALL_MAP, elementCount(dims) / MAP_ELEMENTS_EACH));
  if (tooMany || x.dims.some((n) => n > INT32_MAX)) return null;
  const all = readMap(frame, entries, 'the index maps', (pointer, bytes) => check(m._tw_pad_maps(axes.rank,
    axes.shapePointer, axes.beginPointer, axes.endPointer, axes.mode, axes.order, pointer, bytes), op, names));
  let at = 0;
  return dims.map((n) => all.subarray(at, (at += n)));
}

/** The source row (x's row index, -1: the fill) of every result row, over the axes before `rowAxis`. */
function sourceRows(maps, xDims, rowAxis) {
  let rows = Int32Array.of(0);
  for (let d = 0; d < rowAxis; d++) {
    const map = maps[d], next = new Int32Array(rows.length * map.length);
    for (let r = 0, k = 0; r < rows.length; r++) {
      for (let o = 0; o < map.length; o++, k++) next[k] = rows[r] < 0 || map[o] < 0 ? -1 : rows[r] * xDims[d] + map[o];
    }
    rows = next;
  }
  return rows;
}

/** x's bytes as the result takes them: bool data as 0 and 1. */
function sourceBytes(x) {
  const bytes = bytesOf(x.data);
  return x.info.kind === 'bool' ? boolBytes(bytes) : bytes;
}

function padByMaps(op, frame, m, x, dims, axes, constant, names) {
  const { info } = x;
  const count = elementCount(dims);
  if (info.bits < 8 || dims.length === 0 || count === 0) return null;
  const maps = padMaps(op, frame, m, x, dims, axes, names);
  if (!maps) return null;
  // Trailing axes the pads leave alone ride along in each unit moved.
  const identity = (d) => dims[d] === x.dims[d] && maps[d].every((s, o) => s === o);
  let rowAxis = dims.length - 1, unitElements = 1;
  while (rowAxis > 0 && identity(rowAxis)) unitElements *= dims[rowAxis--];
  const unitBytes = (info.bits / 8) * unitElements;
  const rowUnits = x.dims[rowAxis];
  if (rowUnits * unitBytes < MIN_ROW_BYTES) return null; // (so x's rows, at most 4 GiB / 512, fit int32 indices)
  const plan = rowPlan(maps[rowAxis], unitBytes);
  const data = freshData(info, count, x.data.constructor, op);
  const fillUnit = new Uint8Array(unitBytes);
  for (let i = 0; i < unitBytes; i++) fillUnit[i] = constant[i % constant.length];
  moveRows({
    source: sourceBytes(x), target: bytesOf(data), rows: sourceRows(maps, x.dims, rowAxis), plan,
    sourceRowUnits: rowUnits, targetRowUnits: dims[rowAxis], unitBytes, fillUnit,
  });
  return { type: info.name, dims, data };
}

// The plain kernel in bands of slices, which every fresh result from a JS x
// takes first where it applies: where the leading axes of x are neither
// padded nor cropped, the result is the pads of x's slices along them one
// after another (a channel plane of NCHW padded in H and W), so C pads a few
// slices at a time (as many as the band budget holds, at least one) in a heap
// block, copied out to the fresh result before the next band. Each band is an
// ordinary tw_pad call, so the bytes are the same as one call's. Against one
// whole call, x, C's writes and the copy out stay in cache (float32
// [1,3,224,224] pads 16 reflect: 0.93-0.94x by minimum, 0.89-0.96x by CPU
// time, one process, interleaved, load 2.7). Against the maps path for large
// results it is 0.9x by minimum, but it runs no JS loop over thousands of
// rows, and that loop is where V8 finished its incremental marking (started
// by the external memory of every fresh 16 MB result, whichever library
// allocated it): float32 [1,3,1024,1024] pads 64, 42 calls each, one process
// with OpenCV.js interleaved (load 3-3.6), marking finalisations in the
// calls / GC ms per call / process CPU ms per call (median), maps against
// slices: edge 13 / 7.1 / 6.6 against 1 / 3.3 / 4.5, wrap 14 / 8.5 / 6.6
// against 0 / 3.7 / 3.7, reflect 0 / 0.4 / 3.4 against 0 / 0.2 / 3.2
// (OpenCV.js 7 / 3.0 / 6.3, 7 / 4.0 / 5.1, 0 / 0.9 / 4.7). Results with
// untouched leading axes whose one slice and its pad exceed
// MAX_SLICE_BAND_BYTES keep the other paths (the heap would grow for it).
const MAX_SLICE_BAND_BYTES = 16 * 1024 * 1024;

function padBySlices(op, frame, m, x, dims, pad, names) {
  const { info } = x, rank = dims.length;
  let lead = 0;
  while (lead < rank - 1 && pad.begin[lead] === 0 && pad.end[lead] === 0) lead++;
  if (info.bits < 8 || lead === 0) return null;
  const slices = elementCount(x.dims.slice(0, lead));
  const inSlice = storageBytes(info, elementCount(x.dims.slice(lead))), outSlice = storageBytes(info, elementCount(dims.slice(lead)));
  if (slices < 2 || inSlice === 0 || outSlice === 0 || slices * (inSlice + outSlice) <= bandBudget()) return null;
  if (inSlice + outSlice > MAX_SLICE_BAND_BYTES) return null;
  const perBand = bandRowsFor(inSlice + outSlice, slices);
  const inBlock = frame.alloc(perBand * inSlice, 'x'), outBlock = frame.alloc(perBand * outSlice, 'the result');
  const bandRank = rank - lead + 1;
  const shape = [perBand, ...x.dims.slice(lead)];
  const shapePointer = frame.int64s(shape);
  const beginPointer = frame.int64s([0, ...pad.begin.slice(lead)]);
  const endPointer = frame.int64s([0, ...pad.end.slice(lead)]);
  const data = freshData(info, elementCount(dims), x.data.constructor, op);
  for (const [first, count] of bands(slices, perBand)) {
    if (count !== shape[0]) frame.setInt64s(shapePointer, [(shape[0] = count), ...x.dims.slice(lead)]);
    const inPointer = inputBand(frame, x, first * inSlice, count * inSlice, inBlock);
    check(m._tw_pad(info.code, inPointer, count * inSlice, bandRank, shapePointer, beginPointer, endPointer, pad.mode,
      pad.order, pad.valuePointer, outBlock, count * outSlice), op, names);
    copyOut(outBlock, count * outSlice, data, first * outSlice);
  }
  return { type: info.name, dims, data };
}

function padStrings(op, x, begin, end, mode, order, constant, out, padsName) {
  if (out !== undefined && out !== null) throw new TypeError(`${op}: options.out is not supported for string tensors`);
  const noElement = new Uint8Array(Int32Array.of(-1).buffer);
  return viaIndexMap(x, (indices) => runPad(op, indices, begin, end, mode, order, noElement, undefined, padsName), constant);
}

/** The constant element for `value`, in the form runPad takes. */
export function constantFor(info, value, argument) {
  if (info.kind === 'string') {
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw new TypeError(`${argument}: expected a string for a string tensor`);
    return value;
  }
  return elementBytes(info, value, argument);
}

/**
 * ONNX Pad (latest version) or, with padsBegin/padsEnd, OpenVINO Pad-12.
 * See js/index.d.ts for the contract.
 */
export function pad(x, options) {
  const { pads, padsBegin, padsEnd, mode = 'constant', value, axes, out } =
    checkOptions(options, 'pad', ['pads', 'padsBegin', 'padsEnd', 'mode', 'value', 'axes', 'out']);
  const checked = checkTensor(x, 'pad: x');
  const rank = checked.dims.length;
  const modeCode = choice(mode, PAD_MODES, 'pad: options.mode');
  let begin;
  let end;
  let order;
  let padsName = 'options.pads';
  if (padsBegin !== undefined || padsEnd !== undefined) {
    if (pads !== undefined) throw new TypeError('pad: give options.pads (ONNX) or options.padsBegin/padsEnd (OpenVINO), not both');
    if (axes !== undefined) throw new TypeError('pad: options.axes belongs to the ONNX form (options.pads)');
    if (padsBegin === undefined || padsEnd === undefined) throw new TypeError('pad: options.padsBegin and options.padsEnd go together');
    begin = integers(padsBegin, 'pad: options.padsBegin');
    end = integers(padsEnd, 'pad: options.padsEnd');
    for (const [name, list] of [['padsBegin', begin], ['padsEnd', end]]) {
      if (list.length !== rank) throw new RangeError(`pad: options.${name} needs ${rank} entries (the rank of x), got ${list.length}`);
    }
    order = ORDERS.PAD_THEN_CROP;
    padsName = 'options.padsBegin/padsEnd';
  } else {
    if (pads === undefined) throw new TypeError('pad: options.pads is required (or options.padsBegin and options.padsEnd)');
    [begin, end] = spreadPads(integers(pads, 'pad: options.pads'), axes, rank, 'pad: options.pads', 'pad: options.axes');
    order = ORDERS.CROP_THEN_PAD;
  }
  const constant = modeCode === PAD_MODES.constant ? constantFor(checked.info, value, 'pad: options.value')
    : constantFor(checked.info, undefined, 'pad: options.value');
  return runPad('pad', checked, begin, end, modeCode, order, constant, out, padsName);
}
