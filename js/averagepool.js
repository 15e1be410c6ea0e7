// AveragePool: the JS side of src/avgpool. Validates and marshals; shapes,
// windows and divisors are computed in C.
import { avgpool_auto_pad as AUTO_PADS, avgpool_types as C_TYPES } from '../wasm/enums.js';
import { integers, flag, choice, checkOptions } from './args.js';
import { HeapTensor, checkTensor, elementCount, inputPointer, outputTarget, tensorBytes, withFrame } from './tensor.js';
import { storageBytes } from './dtypes.js';
import { streams } from './stream.js';
import { poolInBands, callAveragePool, checkAveragePoolRoom } from './averagepool-stream.js';
import { check } from './module.js';
import { MAX_INT32 } from './limits.js';

/** The element types tw_avgpool takes (avgpool.h TW_AVGPOOL_TYPES). */
export const AVERAGEPOOL_TYPES = Object.freeze(C_TYPES.map((name) => name.toLowerCase()));

function positive(values, count, name, op, minimum) {
  const list = integers(values, `${op}: ${name}`);
  if (list.length !== count) throw new RangeError(`${op}: ${name} needs ${count} entries, got ${list.length}`);
  for (const v of list) {
    if (v < minimum) throw new RangeError(`${op}: ${name} entries must be >= ${minimum}, got [${list.join(', ')}]`);
    if (v > MAX_INT32) throw new RangeError(`${op}: ${name} entry ${v} is too large`);
  }
  return list;
}

/**
 * Checks the attributes and runs the kernel. `attrs` holds ONNX-shaped
 * values: kernel (array), strides/pads/dilations (array or undefined),
 * ceilMode/countIncludePad (booleans), autoPad (a code).
 */
export function runAveragePool(op, x, attrs, out, names) {
  const rank = x.dims.length;
  if (rank < 3) throw new RangeError(`${op}: x must have rank >= 3 (N, C, spatial...), got dims [${x.dims.join(', ')}]`);
  if (!AVERAGEPOOL_TYPES.includes(x.info.name)) {
    throw new TypeError(`${op}: x must be ${AVERAGEPOOL_TYPES.join(', ')}, got ${x.info.name}`);
  }
  const r = rank - 2;
  if (attrs.kernel === undefined) throw new TypeError(`${op}: ${names.kernel} is required`);
  const kernel = positive(attrs.kernel, r, names.kernel, op, 1);
  const strides = attrs.strides === undefined ? Array(r).fill(1) : positive(attrs.strides, r, names.strides, op, 1);
  const dilations = attrs.dilations === undefined ? Array(r).fill(1) : positive(attrs.dilations, r, names.dilations, op, 1);
  const pads = attrs.pads === undefined ? Array(2 * r).fill(0) : positive(attrs.pads, 2 * r, names.pads, op, 0);
  if (attrs.pads !== undefined && attrs.autoPad !== AUTO_PADS.NOTSET && pads.some((p) => p !== 0)) {
    throw new TypeError(`${op}: ${names.pads} cannot be combined with ${names.autoPad} other than NOTSET`);
  }
  const cNames = {
    x: 'x', y: 'options.out', kernel_shape: names.kernel, strides: names.strides, pads: names.pads,
    dilations: names.dilations, auto_pad: names.autoPad,
  };
  const geometry = { kernel, strides, dilations, ceil: attrs.ceilMode ? 1 : 0, countIncludePad: attrs.countIncludePad ? 1 : 0, names: cNames };
  const { dims, effectivePads } = withFrame(op, (frame, m) => {
    const yShape = frame.alloc(8 * rank);
    const usedPads = frame.alloc(16 * r);
    check(m._tw_avgpool_output_shape(r, frame.int64s(x.dims), frame.int64s(kernel), frame.int64s(strides),
      frame.int64s(pads), frame.int64s(dilations), geometry.ceil, attrs.autoPad, yShape, usedPads), op, cNames);
    return { dims: frame.readInt64s(yShape, rank), effectivePads: frame.readInt64s(usedPads, 2 * r) };
  });
  if (streams(storageBytes(x.info, elementCount(dims)), out)) {
    // auto_pad resolved: the same windows as explicit pads with ceil_mode 0 (SAME and VALID ignore ceil_mode)
    const notset = attrs.autoPad === AUTO_PADS.NOTSET;
    return poolInBands(op, x, dims, { ...geometry, pads: effectivePads, ceil: notset ? geometry.ceil : 0 });
  }
  return withFrame(op, (frame, m) => {
    const call = { x, r, shape: frame.int64s(x.dims), kernel: frame.int64s(kernel), strides: frame.int64s(strides),
      pads: frame.int64s(pads), dilations: frame.int64s(dilations), ceil: geometry.ceil,
      countIncludePad: geometry.countIncludePad, autoPad: attrs.autoPad };
    const yBytes = storageBytes(x.info, elementCount(dims));
    const subject = out === undefined || out === null ? 'the result' : 'options.out';
    checkAveragePoolRoom(frame, m, op, x, call, subject,
      [['x', x.heap ? 0 : tensorBytes(x)], [subject, out instanceof HeapTensor ? 0 : yBytes]], cNames);
    const target = outputTarget(frame, op, x.info, dims, out, { x });
    const xPointer = inputPointer(frame, x, 'x');
    callAveragePool(m, op, { ...call, xPointer, xBytes: tensorBytes(x), y: target }, cNames);
    return target.finish();
  });
}

/** AveragePool (ONNX 1-22 semantics, any spatial rank). See js/index.d.ts. */
export function averagePool(x, options) {
  const { kernelShape, strides, pads, dilations, ceilMode, countIncludePad, autoPad = 'NOTSET', out } =
    checkOptions(options, 'averagePool', ['kernelShape', 'strides', 'pads', 'dilations', 'ceilMode', 'countIncludePad', 'autoPad', 'out']);
  const op = 'averagePool';
  const checked = checkTensor(x, `${op}: x`);
  const attrs = {
    kernel: kernelShape,
    strides,
    pads,
    dilations,
    ceilMode: flag(ceilMode, false, `${op}: options.ceilMode`),
    countIncludePad: flag(countIncludePad, false, `${op}: options.countIncludePad`),
    autoPad: choice(typeof autoPad === 'string' ? autoPad.toUpperCase() : autoPad, AUTO_PADS, `${op}: options.autoPad`),
  };
  const names = {
    kernel: 'options.kernelShape', strides: 'options.strides', pads: 'options.pads',
    dilations: 'options.dilations', autoPad: 'options.autoPad',
  };
  return runAveragePool(op, checked, attrs, out, names);
}
