// Finds ../shared/conformance (or $TW_CONFORMANCE_DIR) and decodes its JSON
// cases into tensors. When the folder is missing the suites report their
// cases as skipped with a loud banner, and fail outright when CI sets
// TW_REQUIRE_CONFORMANCE=1: a missing oracle never counts as a pass.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const conformanceDir = process.env.TW_CONFORMANCE_DIR ?? path.resolve(root, '../shared/conformance');
export const conformanceFound = existsSync(path.join(conformanceDir, 'onnx'));

export function conformanceSkipReason() {
  if (conformanceFound) return false;
  const message = `CONFORMANCE DATA NOT FOUND at ${conformanceDir}: the ONNX/OpenVINO conformance cases did NOT run`;
  process.stderr.write(`\n${'!'.repeat(100)}\n!! ${message}\n${'!'.repeat(100)}\n\n`);
  if (process.env.TW_REQUIRE_CONFORMANCE === '1') throw new Error(message);
  return message;
}

export function readJson(relative) {
  return JSON.parse(readFileSync(path.join(conformanceDir, relative), 'utf8'));
}

/** Every onnx/<case>.json whose op is `op`. */
export function onnxCases(op) {
  if (!conformanceFound) return [];
  return readdirSync(path.join(conformanceDir, 'onnx'))
    .filter((f) => f.startsWith('test_') && f.endsWith('.json'))
    .map((f) => readJson(path.join('onnx', f)))
    .filter((c) => c.op === op);
}

const ARRAYS = {
  float32: Float32Array, float64: Float64Array, int8: Int8Array, uint8: Uint8Array, int16: Int16Array,
  uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
  bool: Uint8Array, float16: Uint16Array, bfloat16: Uint16Array,
};

function decodeNumber(v) {
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  return v;
}

/** A case's tensor JSON -> { type, dims, data } (null stays null). */
export function decodeTensor(t) {
  if (t === null) return null;
  const { dtype, dims } = t;
  if (dtype === 'string') return { type: 'string', dims, data: [...t.data] };
  const Array = ARRAYS[dtype];
  if (!Array) throw new Error(`conformance: no decoder for dtype ${dtype}`);
  let data;
  if (dtype === 'float16' || dtype === 'bfloat16') data = Uint16Array.from(t.bits);
  else if (dtype === 'int64' || dtype === 'uint64') data = Array.from(t.data, (v) => BigInt(v));
  else if (dtype === 'bool') data = Uint8Array.from(t.data, (v) => (v ? 1 : 0));
  else data = Array.from(t.data, decodeNumber);
  return { type: dtype, dims, data };
}

/** The case's tolerance hint from onnx/index.json: { atol, rtol } (rtol 0 when absent). */
export function toleranceFor(name) {
  const entry = readJson('onnx/index.json').cases.find((c) => c.name === name);
  if (!entry) throw new Error(`conformance: ${name} is not in index.json`);
  return { atol: entry.tolerance_hint.atol ?? 0, rtol: entry.tolerance_hint.rtol ?? 0 };
}
