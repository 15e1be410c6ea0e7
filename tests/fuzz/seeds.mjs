// Writes the fuzzers' seed corpus from the conformance cases in
// ../shared/conformance (or $TW_CONFORMANCE_DIR): every ONNX backend case,
// the spec examples and the OpenVINO Pad vectors, each encoded as one input
// of its harness (the encoding is documented in tests/fuzz/fuzz.h and at the
// top of each fuzz_*.c). Usage: node tests/fuzz/seeds.mjs <out-dir>; writes
// <out-dir>/<harness>/<case name>. Without the conformance folder it says so
// and writes nothing (the fuzzers then start from an empty corpus).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { conformanceDir, conformanceSkipReason, decodeTensor, onnxCases, readJson } from '../support/conformance.js';

// tw_dtype numbers (src/common/dtype.h), for the types the cases use.
const DTYPES = { float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, bool: 9, float16: 10, float64: 11 };
const PAD_MODES = { constant: 0, reflect: 1, edge: 2, wrap: 3, symmetric: 4 };
const GS_MODES = { linear: 0, bilinear: 0, nearest: 1, cubic: 2, bicubic: 2 };
const GS_PADDINGS = { zeros: 0, border: 1, reflection: 2 };
const AUTO_PADS = { NOTSET: 0, SAME_UPPER: 1, SAME_LOWER: 2, VALID: 3 };
const TAIL_LIMIT = 4096; // the harnesses fill tensors cyclically from the tail

/** fuzz.h's `int`: one byte for -64..127, else 0xC0 and 8 bytes little-endian. */
function int(v) {
  const n = BigInt(v);
  if (n >= 0n && n < 128n) return [Number(n)];
  if (n < 0n && n >= -64n) return [Number(0x7fn - n)];
  const b = Buffer.alloc(9);
  b[0] = 0xc0;
  b.writeBigInt64LE(n, 1);
  return [...b];
}

const ints = (values) => values.flatMap(int);
const bytesOf = (typed) => [...new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength)];
const tail = (bytes) => bytes.slice(0, TAIL_LIMIT);

/** One element of `type` holding `value`, as 16 bytes (fuzz_pad reads 16). */
function element(type, value) {
  const b = Buffer.alloc(16);
  if (type === 'float32') b.writeFloatLE(value, 0);
  else if (type === 'float64') b.writeDoubleLE(value, 0);
  else if (type === 'int32') b.writeInt32LE(value, 0);
  else if (type === 'int64') b.writeBigInt64LE(BigInt(value), 0);
  else throw new Error(`seeds: no constant encoder for ${type}`);
  return [...b];
}

/** fuzz_pad input: ONNX order unless `openvino`. */
function padSeed({ type, dims, data, begin, end, mode, value, openvino = false }) {
  const place = value === undefined ? 0x20 : 0; // bit 5: value pointer NULL
  return [
    place, DTYPES[type], dims.length, PAD_MODES[mode], openvino ? 1 : 0,
    ...ints(dims), ...ints(begin), ...ints(end),
    ...(value === undefined ? Array(16).fill(0) : element(type, value)),
    ...tail(bytesOf(data)),
  ];
}

function onnxPadSeed(c) {
  const x = decodeTensor(c.inputs[0]);
  const r = x.dims.length;
  let pads = c.attributes.pads; // Pad-2: an attribute
  let value = c.attributes.value;
  if (c.inputs[1]) {
    const given = c.inputs[1].data.map(Number);
    const axes = c.inputs[3] ? c.inputs[3].data.map((a) => (a < 0 ? a + r : a)) : [...Array(r).keys()];
    pads = Array(2 * r).fill(0);
    axes.forEach((a, i) => { pads[a] = given[i]; pads[r + a] = given[axes.length + i]; });
    if (c.inputs[2]) value = c.inputs[2].data[0];
  }
  const mode = c.attributes.mode ?? 'constant';
  return padSeed({ type: x.type, dims: x.dims, data: x.data, begin: pads.slice(0, r), end: pads.slice(r), mode,
                   value: mode === 'constant' ? value ?? 0 : undefined });
}

function nested(data) { // a nested array -> dims and flat values
  const dims = [];
  for (let a = data; Array.isArray(a); a = a[0]) dims.push(a.length);
  return { dims, flat: data.flat(Infinity) };
}

function gridSampleSeed(c) {
  const x = decodeTensor(c.inputs[0]), grid = decodeTensor(c.inputs[1]);
  const r = x.dims.length - 2;
  const a = c.attributes;
  return [
    0x20, 0, 0, r - 1, // raw grid; float32 x (X_TYPES[0]), float32 grid, rank r
    GS_MODES[a.mode ?? 'linear'], GS_PADDINGS[a.padding_mode ?? 'zeros'], a.align_corners ?? 0, 0,
    ...ints(x.dims), ...ints(grid.dims.slice(1, 1 + r)),
    ...tail([...bytesOf(x.data), ...bytesOf(grid.data)]),
  ];
}

function avgPoolSeed(c) {
  const x = decodeTensor(c.inputs[0]);
  const r = x.dims.length - 2;
  const a = c.attributes;
  return [
    0, 0, r - 1, a.ceil_mode ?? 0, a.count_include_pad ?? 0, AUTO_PADS[a.auto_pad ?? 'NOTSET'],
    ...ints(x.dims), ...ints(a.kernel_shape), ...ints(a.strides ?? Array(r).fill(1)),
    ...ints(a.pads ?? Array(2 * r).fill(0)), ...ints(a.dilations ?? Array(r).fill(1)),
    ...tail(bytesOf(x.data)),
  ];
}

function write(dir, harness, name, bytes) {
  mkdirSync(path.join(dir, harness), { recursive: true });
  writeFileSync(path.join(dir, harness, name), Buffer.from(bytes));
}

const out = process.argv[2];
if (!out) throw new Error('usage: node tests/fuzz/seeds.mjs <out-dir>');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (conformanceSkipReason()) { // says so loudly; throws under TW_REQUIRE_CONFORMANCE=1
  process.stderr.write('!! the fuzzers start without seeds\n');
  process.exit(0);
}
let count = 0;
const put = (harness, name, bytes) => { write(out, harness, name, bytes); count++; };

for (const c of onnxCases('Pad')) {
  put('pad', c.name, onnxPadSeed(c));
  put('pad_maps', c.name, onnxPadSeed(c)); // the same header: the maps of every conformance case
}
for (const c of onnxCases('GridSample')) put('gridsample', c.name, gridSampleSeed(c));
for (const c of onnxCases('AveragePool')) put('avgpool', c.name, avgPoolSeed(c));

// fuzz_warp: a few small warps (no conformance cases exist for them), each
// with a band (placement bit 5) and matrix entries of one byte, (int8_t)b / 16.
function warpSeed({ perspective = false, src = [5, 4], dst = [6, 3], channels = 4, interpolation, border, fill = [0, 0, 0, 0], matrix, band = [1, 2] }) {
  const pixels = Array.from({ length: src[0] * src[1] * channels }, (_, i) => (i * 37 + 11) & 0xff);
  return [
    0x20 | (perspective ? 0x80 : 0), ...ints(src), ...ints(dst), channels - 1, interpolation, border, ...fill,
    ...matrix.map((v) => (v * 16) & 0xff), ...ints(band), ...tail(pixels),
  ];
}
put('warp', 'identity-linear-constant', warpSeed({ interpolation: 1, border: 0, fill: [9, 8, 7, 6], matrix: [1, 0, 0, 0, 1, 0] }));
put('warp', 'rotate-cubic-reflect', warpSeed({ interpolation: 2, border: 2, matrix: [0.5, -0.875, 2, 0.875, 0.5, -1] }));
put('warp', 'scale-nearest-wrap-3ch', warpSeed({ channels: 3, interpolation: 0, border: 4, matrix: [1.5, 0, -0.5, 0, 0.75, 0.25] }));
put('warp', 'perspective-linear-edge', warpSeed({ perspective: true, interpolation: 1, border: 1,
  matrix: [1, 0.125, 0, 0.0625, 1, 0, 0.0625, 0.0625, 1] }));

// fuzz_warp_tensor: the fused warp -> tensor entry, matrix and params one byte
// per entry ((int8_t)b / 16: scale 1/16, mean 0, std 1 unless given).
function warpTensorSeed({ perspective = false, src = [6, 5], dst = [5, 4], channels = 4, outChannels = 3, interpolation,
  border, layout = 0, dtype = 0, bandRows = 2, matrix, params = [1, 0, 0, 0, 0, 16, 16, 16, 16] }) {
  const pixels = Array.from({ length: src[0] * src[1] * channels }, (_, i) => (i * 53 + 7) & 0xff);
  return [
    perspective ? 0x40 : 0, ...ints(src), ...ints(dst), channels - 1, outChannels - 1, interpolation, border,
    3, 1, 4, 1, layout, dtype, ...ints([bandRows]), ...matrix.map((v) => (v * 16) & 0xff), ...params.map((v) => v & 0xff),
    ...tail(pixels),
  ];
}
put('warp_tensor', 'affine-linear-reflect-nchw-f32', warpTensorSeed({ interpolation: 1, border: 2,
  matrix: [0.875, -0.25, 1, 0.25, 0.875, -0.5] }));
put('warp_tensor', 'affine-cubic-constant-nhwc-f16', warpTensorSeed({ interpolation: 2, border: 0, layout: 1, dtype: 1,
  bandRows: 0, matrix: [1.25, 0, -0.5, 0, 1.25, 0.5] }));
put('warp_tensor', 'perspective-nearest-edge-luma-u8', warpTensorSeed({ perspective: true, interpolation: 0, border: 1,
  outChannels: 1, dtype: 2, bandRows: 1, matrix: [1, 0.125, 0, 0.0625, 1, 0, 0.0625, 0.0625, 1] }));

// fuzz_blur: boxes on a small image, whole (placement 0) or a band of rows
// (bit 5), over every border (0 constant .. 4 wrap); the SIMD kernel takes
// rows of 32 lanes or more, so one seed is 12 pixels wide in RGBA.
function blurSeed({ size = [9, 5], channels = 4, box, border, fill = [0, 0, 0, 0], band = null }) {
  const pixels = Array.from({ length: size[0] * size[1] * channels }, (_, i) => (i * 29 + 3) & 0xff);
  return [
    band ? 0x20 : 0, ...ints(size), channels - 1, ...ints(box), border, ...fill, ...(band ? ints(band) : []),
    ...tail(pixels),
  ];
}
put('blur', 'box3-constant-fill', blurSeed({ box: [3, 3], border: 0, fill: [10, 20, 30, 40] }));
put('blur', 'box5x3-reflect-band', blurSeed({ size: [12, 6], box: [5, 3], border: 2, band: [2, 3] }));
put('blur', 'box4x2-edge-gray', blurSeed({ channels: 1, box: [4, 2], border: 1 }));
put('blur', 'box7-wrap-rgb', blurSeed({ channels: 3, box: [7, 7], border: 4 }));
put('blur', 'box2x6-symmetric', blurSeed({ size: [12, 4], box: [2, 6], border: 3 }));

// fuzz_resize_pil: a few PIL-path resizes, each with a band (placement bit 5)
// of destination rows [1, 3) and its named source rows (k = 0); cubic_a is
// the one-byte form, -8 / 16 = -0.5 (fuzz_resize_pil.c's header).
function resizePilSeed({ src, dst, channels = 4, interpolation }) {
  const pixels = Array.from({ length: src[0] * src[1] * channels }, (_, i) => (i * 53 + 7) & 0xff);
  return [0x20, ...ints(src), ...ints(dst), channels - 1, interpolation, 0xf8, ...ints([1, 2]), 0, ...tail(pixels)];
}
put('resize_pil', 'linear-down', resizePilSeed({ src: [13, 11], dst: [5, 4], interpolation: 1 }));
put('resize_pil', 'cubic-up-gray', resizePilSeed({ src: [5, 4], dst: [17, 9], channels: 1, interpolation: 2 }));
put('resize_pil', 'lanczos-mixed-rgb', resizePilSeed({ src: [9, 20], dst: [21, 6], channels: 3, interpolation: 4 }));
put('resize_pil', 'lanczos-width-only', resizePilSeed({ src: [20, 6], dst: [7, 6], channels: 2, interpolation: 4 }));

// fuzz_color: each colour entry once on a small RGBA or RGB image (fuzz_color.c's header: entry, size,
// channels, op, ky, two f64 parameters).
function colorSeed({ entry, size = [9, 5], channels = 4, op = 0, ky = 0, a = 0, b = 0 }) {
  const pixels = Array.from({ length: size[0] * size[1] * channels }, (_, i) => (i * 29 + 3) & 0xff);
  const f64 = (v) => { const x = Buffer.alloc(8); x.writeDoubleLE(v, 0); return [...x]; };
  return [0, entry, ...ints(size), channels - 3, ...ints([op, ky]), ...f64(a), ...f64(b), ...tail(pixels)];
}
put('color', 'contrast-rgba', colorSeed({ entry: 0, op: 2, a: 1.7 }));
put('color', 'hue-rgb', colorSeed({ entry: 0, channels: 3, op: 5, a: -0.3 }));
put('color', 'equalize-rgb', colorSeed({ entry: 1, size: [20, 14], channels: 3, op: 5 }));
put('color', 'gamma-gain', colorSeed({ entry: 2, a: 2.2, b: 1.1 }));
put('color', 'gray-1', colorSeed({ entry: 3, op: 1 }));
put('color', 'blur-5x3', colorSeed({ entry: 4, op: 5, ky: 3, a: 1.3, b: 0.8 }));

// fuzz_color's tw_color_policy_nearest (placement flag 1): channels byte c - 1, theta r00, r10 as a and b,
// then r20, r01, r11, r21 and the fill.
function policySeed({ size = [9, 5], channels = 4, theta, fill }) {
  const pixels = Array.from({ length: size[0] * size[1] * channels }, (_, i) => (i * 29 + 3) & 0xff);
  const f64 = (v) => { const x = Buffer.alloc(8); x.writeDoubleLE(v, 0); return [...x]; };
  return [0x20, 0, ...ints(size), channels - 1, ...ints([0, 0]), ...theta.flatMap(f64), ...ints([fill]), ...tail(pixels)];
}
put('color', 'policy-rotate-rgba', policySeed({ theta: [0.94, -0.19, 0.05, 0.61, 0.94, -0.02], fill: 0x80402010 }));
// tw_color_chain (placement flag 2): the packed ops as op, the step count as ky, four factors.
function chainSeed({ size = [9, 5], channels = 3, ops, factors }) {
  const pixels = Array.from({ length: size[0] * size[1] * channels }, (_, i) => (i * 29 + 3) & 0xff);
  const f64 = (v) => { const x = Buffer.alloc(8); x.writeDoubleLE(v, 0); return [...x]; };
  const packed = ops.reduce((word, op, k) => word | (op << (4 * k)), 0);
  return [0x40, 0, ...ints(size), channels - 3, ...ints([packed, ops.length]), ...[...factors, 0, 0].flatMap(f64), ...ints([0]), ...tail(pixels)];
}
put('color', 'chain-jitter-rgb', chainSeed({ ops: [3, 5, 1, 2], factors: [1.3, -0.1, 0.7, 1.2] }));
put('color', 'policy-shear-gray', policySeed({ size: [7, 6], channels: 1, theta: [1, 0.3, 0.1, 0, 1, 0], fill: 7 }));

const seeds = readJson('seed-examples.json');
for (const s of seeds.onnx_pad) {
  const { dims, flat } = nested(s.data);
  const r = dims.length;
  put('pad', s.id, padSeed({ type: 'float32', dims, data: Float32Array.from(flat), begin: s.pads.slice(0, r),
                             end: s.pads.slice(r), mode: s.mode, value: s.constant_value }));
}
// OpenVINO Pad-12 (spec examples and reference vectors): pad-then-crop, in
// int32 and float32 alternately (the vectors hold for every T).
const vectors = [
  ...seeds.openvino_pad12.map((s) => ({ name: s.id, ...nested(s.data), begin: s.pads_begin, end: s.pads_end,
                                         mode: s.pad_mode, value: s.pad_value })),
  ...readJson('openvino/pad_reference_tests.json').cases.map((v) => ({
    name: v.name, dims: v.data.dims, flat: v.data.data, begin: v.pads_begin, end: v.pads_end, mode: v.pad_mode,
    value: v.pad_value })),
];
vectors.forEach((v, i) => {
  const type = i % 2 ? 'float32' : 'int32';
  const data = type === 'int32' ? Int32Array.from(v.flat, Number) : Float32Array.from(v.flat, Number);
  put('pad', `openvino_${i}_${v.name}`, padSeed({ type, dims: v.dims, data, begin: v.begin, end: v.end, mode: v.mode,
                                             value: v.mode === 'constant' ? Number(v.value ?? 0) : undefined,
                                             openvino: true }));
});
console.log(`fuzz seeds: ${count} inputs from ${conformanceDir} in ${out}`);
