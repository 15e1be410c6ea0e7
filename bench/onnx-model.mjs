// Builds single-node ONNX models as bytes, so onnxruntime can run the exact
// workloads without .onnx files in the repo or a protobuf dependency.
//
// Only the protobuf wire format the ONNX schema needs is implemented: varints,
// 32-bit floats and length-delimited fields (strings, bytes, packed ints,
// sub-messages). Field numbers are those of onnx/onnx.proto.

// --- wire format ------------------------------------------------------------

const VARINT = 0;
const FIXED32 = 5;
const LEN = 2;

// A message is built as a list of byte chunks and concatenated once at the end.
class Writer {
  constructor() {
    this.chunks = [];
  }

  bytes() {
    const size = this.chunks.reduce((n, c) => n + c.length, 0);
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  varint(value) {
    // int64 fields: negative numbers are sent as their 64-bit two's complement,
    // i.e. ten bytes; BigInt keeps that exact.
    let v = BigInt.asUintN(64, BigInt(value));
    const out = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      out.push(byte);
    } while (v !== 0n);
    this.chunks.push(Uint8Array.from(out));
  }

  tag(field, wireType) {
    this.varint((field << 3) | wireType);
  }

  int(field, value) {
    this.tag(field, VARINT);
    this.varint(value);
  }

  float(field, value) {
    this.tag(field, FIXED32);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.chunks.push(b);
  }

  raw(field, bytes) {
    this.tag(field, LEN);
    this.varint(bytes.length);
    this.chunks.push(bytes);
  }

  string(field, text) {
    this.raw(field, new TextEncoder().encode(text));
  }

  message(field, writer) {
    this.raw(field, writer.bytes());
  }
}

// --- ONNX messages ----------------------------------------------------------

// TensorProto.DataType values.
export const ONNX_TYPE = { float32: 1, uint8: 2, int64: 7 };

// AttributeProto.AttributeType values.
const ATTR = { FLOAT: 1, INT: 2, STRING: 3, INTS: 7 };

// TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9 (little-endian).
function tensorProto(name, type, dims, data) {
  const w = new Writer();
  for (const d of dims) w.int(1, d);
  w.int(2, ONNX_TYPE[type]);
  w.string(8, name);
  const view = ArrayBuffer.isView(data) ? data : null;
  if (!view) throw new TypeError(`initializer ${name}: data must be a TypedArray`);
  // raw_data is little-endian; so are all the platforms this runs on.
  w.raw(9, new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return w;
}

// ValueInfoProto { name = 1, type = 2: TypeProto { tensor_type = 1:
//   { elem_type = 1, shape = 2: TensorShapeProto { dim = 1: { dim_value = 1 } } } } }
function valueInfo(name, type, dims) {
  const shape = new Writer();
  for (const d of dims) {
    const dim = new Writer();
    dim.int(1, d);
    shape.message(1, dim);
  }
  const tensorType = new Writer();
  tensorType.int(1, ONNX_TYPE[type]);
  tensorType.message(2, shape);
  const typeProto = new Writer();
  typeProto.message(1, tensorType);
  const w = new Writer();
  w.string(1, name);
  w.message(2, typeProto);
  return w;
}

// AttributeProto: name = 1, f = 2, i = 3, s = 4, ints = 8, type = 20.
// The JS value decides the attribute type: number -> INT unless marked as
// float with { float: x }, string -> STRING, array -> INTS.
function attribute(name, value) {
  const w = new Writer();
  w.string(1, name);
  if (typeof value === 'string') {
    w.string(4, value);
    w.int(20, ATTR.STRING);
  } else if (Array.isArray(value)) {
    // proto2 `repeated int64 ints = 8` is not declared packed: one tag per value.
    for (const v of value) w.int(8, v);
    w.int(20, ATTR.INTS);
  } else if (typeof value === 'object' && 'float' in value) {
    w.float(2, value.float);
    w.int(20, ATTR.FLOAT);
  } else if (Number.isInteger(value)) {
    w.int(3, value);
    w.int(20, ATTR.INT);
  } else {
    throw new TypeError(`attribute ${name}: unsupported value ${value}`);
  }
  return w;
}

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5.
// An empty input name means "optional input omitted", as in ONNX.
function nodeProto({ opType, inputs, outputs, attributes }) {
  const w = new Writer();
  for (const i of inputs) w.string(1, i);
  for (const o of outputs) w.string(2, o);
  w.string(3, `${opType}_0`);
  w.string(4, opType);
  for (const [k, v] of Object.entries(attributes ?? {})) {
    if (v !== undefined) w.message(5, attribute(k, v));
  }
  return w;
}

/**
 * One-node ONNX model.
 *   opType, opset: operator and default-domain opset version
 *   inputs / outputs: [{ name, type, dims }] graph inputs and outputs
 *   initializers: [{ name, type, dims, data }] constant inputs (pads, constant_value)
 *   nodeInputs: the node's input names in order ('' = omitted optional input)
 *   attributes: { name: value } (see attribute())
 * Returns the serialised ModelProto as a Uint8Array.
 */
export function singleNodeModel({ opType, opset, inputs, outputs, initializers = [], nodeInputs, attributes }) {
  const graph = new Writer();
  graph.message(1, nodeProto({
    opType,
    inputs: nodeInputs ?? [...inputs.map((i) => i.name), ...initializers.map((i) => i.name)],
    outputs: outputs.map((o) => o.name),
    attributes,
  }));
  graph.string(2, `${opType.toLowerCase()}_bench`);
  for (const t of initializers) graph.message(5, tensorProto(t.name, t.type, t.dims, t.data));
  for (const i of inputs) graph.message(11, valueInfo(i.name, i.type, i.dims));
  for (const o of outputs) graph.message(12, valueInfo(o.name, o.type, o.dims));

  const opsetId = new Writer();
  opsetId.string(1, ''); // default ONNX domain
  opsetId.int(2, opset);

  // ModelProto: ir_version = 1, producer_name = 2, graph = 7, opset_import = 8.
  // IR version 10 covers every opset used here (up to 22).
  const model = new Writer();
  model.int(1, 10);
  model.string(2, 'tensorwarp-bench');
  model.message(7, graph);
  model.message(8, opsetId);
  return model.bytes();
}
