// ONNX Pad, versions 1, 2, 11, 13, 18, 19, 21, 23, 24, 25 (SEMANTICS.md §1).
import { pad_order as ORDERS } from '../wasm/enums.js';
import { integers, choice } from './args.js';
import { checkTensor } from './tensor.js';
import { PAD_MODES, spreadPads, runPad, constantFor } from './pad.js';
import { elementBytes } from './dtypes.js';

const FLOATS = ['float16', 'float32', 'float64'];
const NUMERIC = [...FLOATS, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const V13 = [...NUMERIC, 'bfloat16', 'string', 'bool', 'complex64', 'complex128'];
const V21 = [...V13, 'float8e4m3fn', 'float8e4m3fnuz', 'float8e5m2', 'float8e5m2fnuz', 'uint4', 'int4'];
const V23 = [...V21, 'float4e2m1'];
const V24 = [...V23, 'float8e8m0'];
const V25 = [...V24, 'uint2', 'int2'];
const TYPES_SINCE = { 1: FLOATS, 2: FLOATS, 11: NUMERIC, 13: V13, 18: V13, 19: V13, 21: V21, 23: V23, 24: V24, 25: V25 };
const BASIC_MODES = { constant: PAD_MODES.constant, reflect: PAD_MODES.reflect, edge: PAD_MODES.edge };
const WRAP_MODES = { ...BASIC_MODES, wrap: PAD_MODES.wrap };

export const padSchema = {
  versions: [1, 2, 11, 13, 18, 19, 21, 23, 24, 25],
  attributes: (v) => (v === 1 ? ['mode', 'paddings', 'value'] : v === 2 ? ['mode', 'pads', 'value'] : ['mode']),
  inputs: (v) => (v < 11 ? [1, 1] : v < 18 ? [2, 3] : [2, 4]),
  run: runOnnxPad,
};

function int64Input(tensor, argument, allowInt32) {
  if (Array.isArray(tensor) || (ArrayBuffer.isView(tensor) && !(tensor instanceof DataView))) {
    return integers(tensor, argument); // plain arrays are accepted for pads/axes
  }
  const checked = checkTensor(tensor, argument);
  const ok = checked.info.name === 'int64' || (allowInt32 && checked.info.name === 'int32');
  if (!ok) throw new TypeError(`${argument}: expected an int64${allowInt32 ? ' or int32' : ''} tensor, got ${checked.info.name}`);
  if (checked.dims.length !== 1) throw new RangeError(`${argument}: expected a 1-D tensor, got dims [${checked.dims.join(', ')}]`);
  return integers(checked.heap ? checked.heap.data : checked.data, argument);
}

function runOnnxPad(version, inputs, attributes, op) {
  const x = checkTensor(inputs[0], `${op}: input 0 (data)`);
  const allowed = TYPES_SINCE[version];
  if (!allowed.includes(x.info.name)) {
    throw new TypeError(`${op}: Pad-${version} does not take ${x.info.name} data (allowed: ${allowed.join(', ')})`);
  }
  const rank = x.dims.length;
  const mode = choice(attributes.mode ?? 'constant', version >= 19 ? WRAP_MODES : BASIC_MODES, `${op}: attribute mode`);
  let pads;
  let axes;
  let constant;
  if (version < 11) {
    const name = version === 1 ? 'paddings' : 'pads';
    if (attributes[name] === undefined) throw new TypeError(`${op}: attribute ${name} is required by Pad-${version}`);
    pads = integers(attributes[name], `${op}: attribute ${name}`);
    const value = attributes.value ?? 0;
    if (typeof value !== 'number') throw new TypeError(`${op}: attribute value must be a number (FLOAT)`);
    // A FLOAT attribute holds a float32; it is then converted to T.
    constant = elementBytes(x.info, Math.fround(value), `${op}: attribute value`);
  } else {
    if (inputs[1] === undefined || inputs[1] === null) throw new TypeError(`${op}: input 1 (pads) is required`);
    pads = int64Input(inputs[1], `${op}: input 1 (pads)`, false);
    if (inputs[3] !== undefined && inputs[3] !== null) axes = int64Input(inputs[3], `${op}: input 3 (axes)`, true);
    constant = constantInput(inputs[2], x.info, `${op}: input 2 (constant_value)`);
  }
  const [begin, end] = spreadPads(pads, axes, rank, `${op}: pads`, `${op}: input 3 (axes)`);
  return [runPad(op, x, begin, end, mode, ORDERS.CROP_THEN_PAD, constant, undefined, version < 11 ? `attribute ${version === 1 ? 'paddings' : 'pads'}` : 'input 1 (pads)')];
}

/** The constant_value input: a scalar (or [1]) tensor of T, taken bit for bit. */
function constantInput(tensor, info, argument) {
  if (tensor === undefined || tensor === null) return constantFor(info, undefined, argument);
  const c = checkTensor(tensor, argument);
  if (c.info !== info) throw new TypeError(`${argument}: expected type ${info.name} (the data's type), got ${c.info.name}`);
  if (c.count !== 1 || c.dims.length > 1) throw new RangeError(`${argument}: expected a scalar, got dims [${c.dims.join(', ')}]`);
  if (info.kind === 'string') return c.data[0];
  const data = c.heap ? c.heap.data : c.data;
  const bytes = new Uint8Array(Math.max(1, info.bits / 8));
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, bytes.length));
  if (info.bits < 8) bytes[0] &= (1 << info.bits) - 1;
  if (info.kind === 'bool') bytes[0] = bytes[0] ? 1 : 0;
  return bytes;
}
