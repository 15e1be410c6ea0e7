// GridSample: the JS side of src/gridsample. Validates and marshals; the
// sampling itself is in C. Strings are sampled through an int32 index map
// (nearest only), like Pad does.
import {
  gridsample_mode as MODES, gridsample_padding as PADDINGS, gridsample_mode_names as MODE_NAMES,
  gridsample_padding_names as PADDING_NAMES, gridsample_x_types as C_X_TYPES, gridsample_grid_types as C_GRID_TYPES,
} from '../wasm/enums.js';
import { flag, choice, checkOptions, describe } from './args.js';
import { checkTensor, elementCount, inputPointer, outputTarget, tensorBytes, viaIndexMap, withFrame } from './tensor.js';
import { storageBytes, elementBytes } from './dtypes.js';
import { streams } from './stream.js';
import { sampleInBands, callGridSample } from './gridsample-stream.js';

// Names, values and type lists all come from gridsample.h (wasm/enums.js).
const byName = (names, codes) => Object.freeze(Object.fromEntries(Object.entries(names).map(([name, key]) => [name, codes[key]])));
/** Mode names of every ONNX version: v16's bilinear/bicubic and v20's linear/cubic. */
export const GRIDSAMPLE_MODES = byName(MODE_NAMES, MODES);
export const GRIDSAMPLE_PADDINGS = byName(PADDING_NAMES, PADDINGS);
/** The x types tw_gridsample takes; strings are sampled through an int32 index map. */
export const GRIDSAMPLE_X_TYPES = Object.freeze(Object.keys(C_X_TYPES).map((name) => name.toLowerCase()));
export const GRIDSAMPLE_GRID_TYPES = Object.freeze(C_GRID_TYPES.map((name) => name.toLowerCase()));

/**
 * Checks shapes and types and runs the kernel. `x` and `grid` are checked
 * tensors; `fill` a number (the zeros-mode value) or, for strings, a string.
 */
export function runGridSample(op, x, grid, mode, padding, alignCorners, fill, out) {
  const rank = x.dims.length;
  if (rank < 3) throw new RangeError(`${op}: x must have rank >= 3 (N, C, spatial...), got dims [${x.dims.join(', ')}]`);
  const r = rank - 2;
  if (!GRIDSAMPLE_GRID_TYPES.includes(grid.info.name)) {
    throw new TypeError(`${op}: grid must be ${GRIDSAMPLE_GRID_TYPES.join(', ')}, got ${grid.info.name}`);
  }
  if (grid.dims.length !== r + 2 || grid.dims[r + 1] !== r) {
    throw new RangeError(`${op}: grid must have dims [N, ${Array.from({ length: r }, (_, i) => `O${i + 1}`).join(', ')}, ${r}] for a rank-${rank} x, got [${grid.dims.join(', ')}]`);
  }
  if (grid.dims[0] !== x.dims[0]) {
    throw new RangeError(`${op}: grid batch ${grid.dims[0]} does not match x batch ${x.dims[0]}`);
  }
  const { kind } = x.info;
  if ((kind === 'bool' || kind === 'string') && mode !== MODES.NEAREST) {
    throw new TypeError(`${op}: ${x.info.name} data can only be sampled with mode "nearest"`);
  }
  if (kind !== 'string' && !GRIDSAMPLE_X_TYPES.includes(x.info.name)) {
    throw new TypeError(`${op}: x of type ${x.info.name} cannot be sampled`);
  }
  if (kind === 'string') return sampleStrings(op, x, grid, padding, alignCorners, fill, out);
  const fillBytes = fillElement(x.info, fill, `${op}: options.fillValue`);
  const dims = [x.dims[0], x.dims[1], ...grid.dims.slice(1, r + 1)];
  if (streams(storageBytes(x.info, elementCount(dims)), out)) {
    return sampleInBands(op, x, grid, dims, mode, padding, alignCorners, fillBytes);
  }
  return withFrame(op, (frame, m) => {
    const target = outputTarget(frame, op, x.info, dims, out, { x, grid });
    const xPointer = inputPointer(frame, x, 'x');
    const gridPointer = inputPointer(frame, grid, 'grid');
    callGridSample(m, op, { x, xPointer, xBytes: tensorBytes(x), xShape: frame.int64s(x.dims), grid, gridPointer,
      gridBytes: tensorBytes(grid), gridShape: frame.int64s(grid.dims), mode, padding, alignCorners,
      fill: frame.copyIn(fillBytes), y: target });
    return target.finish();
  });
}

/**
 * The fill value as the bytes of one x element, the form tw_gridsample takes:
 * the one rule for a value becoming an element (elementBytes, as Pad's
 * constant: an integer type takes only integers in its range, int64/uint64
 * a bigint or safe integer, bool only true/false/0/1). A complex x takes a
 * real number (the fill is (value, 0)).
 */
function fillElement(info, value, argument) {
  if (info.kind === 'complex') {
    if (typeof value !== 'number') throw new TypeError(`${argument}: expected a number for ${info.name}, got ${describe(value)}`);
    return elementBytes(info, [value, 0], argument);
  }
  return elementBytes(info, value, argument);
}

function sampleStrings(op, x, grid, padding, alignCorners, fill, out) {
  if (out !== undefined && out !== null) throw new TypeError(`${op}: options.out is not supported for string tensors`);
  if (typeof fill !== 'string') throw new TypeError(`${op}: options.fillValue must be a string for string data, got ${describe(fill)}`);
  return viaIndexMap(x, (indices) => runGridSample(op, indices, grid, MODES.NEAREST, padding, alignCorners, -1, undefined), fill);
}

/**
 * GridSample (ONNX 16/20/22 semantics, any spatial rank), plus the
 * extensions paddingMode 'wrap' and fillValue. See js/index.d.ts.
 */
export function gridSample(x, grid, options) {
  const { mode = 'linear', paddingMode = 'zeros', alignCorners, fillValue, out } =
    checkOptions(options, 'gridSample', ['mode', 'paddingMode', 'alignCorners', 'fillValue', 'out']);
  const checkedX = checkTensor(x, 'gridSample: x');
  const checkedGrid = checkTensor(grid, 'gridSample: grid');
  const modeCode = choice(mode, GRIDSAMPLE_MODES, 'gridSample: options.mode');
  const padding = choice(paddingMode, GRIDSAMPLE_PADDINGS, 'gridSample: options.paddingMode');
  const align = flag(alignCorners, false, 'gridSample: options.alignCorners');
  if (fillValue !== undefined && padding !== PADDINGS.ZEROS) {
    throw new TypeError('gridSample: options.fillValue applies to paddingMode "zeros" only');
  }
  const fill = fillValue ?? (checkedX.info.kind === 'string' ? '' : 0);
  return runGridSample('gridSample', checkedX, checkedGrid, modeCode, padding, align, fill, out);
}
