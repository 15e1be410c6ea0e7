// Element types: their C code and element size (generated from
// src/common/dtype.h: the enum and TW_DTYPE_BITS), the TypedArray classes that may hold them, and how a natural JS value (a
// constant, a fill value) becomes the element's bytes.
import { dtype as CODES, dtype_bits as BITS } from '../wasm/enums.js';
import { describe } from './args.js';

// kind: how values are written. arrays: accepted data classes (first = what we create).
// Sizes are not here: `bits` comes from C's table.
const TABLE = {
  float32: { kind: 'float', arrays: [Float32Array] },
  float64: { kind: 'float', arrays: [Float64Array] },
  float16: { kind: 'minifloat', arrays: [Uint16Array], format: { exponent: 5, mantissa: 10, bias: 15, ieee: true } },
  bfloat16: { kind: 'minifloat', arrays: [Uint16Array], format: { exponent: 8, mantissa: 7, bias: 127, ieee: true } },
  int8: { kind: 'int', arrays: [Int8Array], range: [-128, 127] },
  uint8: { kind: 'int', arrays: [Uint8Array, Uint8ClampedArray], range: [0, 255] },
  int16: { kind: 'int', arrays: [Int16Array], range: [-32768, 32767] },
  uint16: { kind: 'int', arrays: [Uint16Array], range: [0, 65535] },
  int32: { kind: 'int', arrays: [Int32Array], range: [-(2 ** 31), 2 ** 31 - 1] },
  uint32: { kind: 'int', arrays: [Uint32Array], range: [0, 2 ** 32 - 1] },
  int64: { kind: 'bigint', arrays: [BigInt64Array], range: [-(2n ** 63n), 2n ** 63n - 1n] },
  uint64: { kind: 'bigint', arrays: [BigUint64Array], range: [0n, 2n ** 64n - 1n] },
  bool: { kind: 'bool', arrays: [Uint8Array] },
  string: { kind: 'string', arrays: [Array] },
  complex64: { kind: 'complex', arrays: [Float32Array], components: 2 },
  complex128: { kind: 'complex', arrays: [Float64Array], components: 2 },
  float8e4m3fn: { kind: 'minifloat', arrays: [Uint8Array], format: { exponent: 4, mantissa: 3, bias: 7, nan: 0x7f, max: 448 } },
  float8e4m3fnuz: { kind: 'minifloat', arrays: [Uint8Array], format: { exponent: 4, mantissa: 3, bias: 8, nan: 0x80, max: 240, unsignedZero: true } },
  float8e5m2: { kind: 'minifloat', arrays: [Uint8Array], format: { exponent: 5, mantissa: 2, bias: 15, ieee: true } },
  float8e5m2fnuz: { kind: 'minifloat', arrays: [Uint8Array], format: { exponent: 5, mantissa: 2, bias: 16, nan: 0x80, max: 57344, unsignedZero: true } },
  float8e8m0: { kind: 'e8m0', arrays: [Uint8Array] },
  float4e2m1: { kind: 'minifloat', arrays: [Uint8Array], format: { exponent: 2, mantissa: 1, bias: 1, max: 6 } },
  int4: { kind: 'int', arrays: [Uint8Array, Int8Array], range: [-8, 7] },
  uint4: { kind: 'int', arrays: [Uint8Array], range: [0, 15] },
  int2: { kind: 'int', arrays: [Uint8Array, Int8Array], range: [-2, 1] },
  uint2: { kind: 'int', arrays: [Uint8Array], range: [0, 3] },
};

export const TYPES = Object.freeze(Object.fromEntries(Object.entries(TABLE).map(([name, info]) => {
  const code = CODES[name.toUpperCase()];
  const bits = BITS[name.toUpperCase()];
  if (code === undefined || bits === undefined) throw new Error(`tensorwarp: no C code or size for type ${name}`);
  return [name, Object.freeze({ name, code, bits, components: 1, ...info })];
})));

export const TYPE_NAMES = Object.freeze(Object.keys(TYPES));

/** Type info or a TypeError naming the argument. */
export function typeInfo(type, argument) {
  const info = typeof type === 'string' && Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  if (!info) throw new TypeError(`${argument}: unknown element type ${describe(type)}; expected one of ${TYPE_NAMES.join(', ')}`);
  return info;
}

/** Length of the data array that holds `count` elements. */
export function dataLength(info, count) {
  if (info.kind === 'string') return count;
  if (info.bits < 8) return Math.ceil((count * info.bits) / 8);
  return count * info.components;
}

/** Bytes that `count` elements occupy in the heap. */
export function storageBytes(info, count) {
  return Math.ceil((count * info.bits) / 8);
}

/** Rounds to the nearest integer, ties to even (Python's round(), numpy's rint): the one copy. */
export function roundHalfEven(x) {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff !== 0.5) return diff < 0.5 ? floor : floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

function exponentOf(v) {
  let e = Math.floor(Math.log2(v));
  if (2 ** e > v) e--; // log2 can be off by one next to powers of two
  else if (2 ** (e + 1) <= v) e++;
  return e;
}

/**
 * Encodes a number as a small float (float16, bfloat16, float8 kinds,
 * float4e2m1) with round-half-to-even, straight from the double (no double
 * rounding through float32). Beyond the largest finite value IEEE formats
 * give ±Inf; formats without infinity saturate (ONNX Cast's default).
 */
function encodeMinifloat(value, format, argument) {
  const { exponent, mantissa, bias, ieee, nan, max, unsignedZero } = format;
  const expMask = 2 ** exponent - 1;
  if (Number.isNaN(value)) {
    if (ieee) return (expMask * 2 ** mantissa) + 2 ** (mantissa - 1);
    if (nan === undefined) throw new RangeError(`${argument}: NaN has no representation in this type`);
    return nan;
  }
  const minExponent = 1 - bias;
  const largest = ieee ? (2 - 2 ** -mantissa) * 2 ** (expMask - 1 - bias) : max;
  const encodeFinite = (v) => {
    if (v < 2 ** minExponent) return v / 2 ** (minExponent - mantissa); // subnormal (or zero)
    const e = exponentOf(v);
    return (e + bias) * 2 ** mantissa + (v / 2 ** (e - mantissa) - 2 ** mantissa);
  };
  const magnitude = Math.abs(value);
  let bits;
  if (magnitude === Infinity) {
    bits = ieee ? expMask * 2 ** mantissa : encodeFinite(largest);
  } else {
    const quantum = 2 ** (Math.max(minExponent, magnitude > 0 ? exponentOf(magnitude) : minExponent) - mantissa);
    const rounded = roundHalfEven(magnitude / quantum) * quantum;
    if (rounded > largest) bits = ieee ? expMask * 2 ** mantissa : encodeFinite(largest);
    else bits = encodeFinite(rounded);
  }
  const negative = value < 0 || Object.is(value, -0);
  if (!negative || (unsignedZero && bits === 0)) return bits;
  return bits + 2 ** (exponent + mantissa);
}

/**
 * The bytes of one element holding `value`, the type's natural JS value
 * (number, bigint, boolean, string index, [re, im]). `undefined`/`null`
 * means the type's zero. Packed types: one byte, element in the low bits.
 */
export function elementBytes(info, value, argument) {
  const bytes = new Uint8Array(Math.max(1, info.bits / 8));
  if (value === undefined || value === null) return bytes;
  const view = new DataView(bytes.buffer);
  const expectNumber = () => {
    if (typeof value !== 'number') throw new TypeError(`${argument}: expected a number for ${info.name}, got ${describe(value)}`);
  };
  switch (info.kind) {
    case 'float':
      expectNumber();
      if (info.bits === 32) view.setFloat32(0, value, true);
      else view.setFloat64(0, value, true);
      break;
    case 'minifloat': {
      expectNumber();
      const encoded = encodeMinifloat(value, info.format, argument);
      if (info.bits === 16) view.setUint16(0, encoded, true);
      else bytes[0] = encoded;
      break;
    }
    case 'e8m0': {
      expectNumber();
      if (Number.isNaN(value)) { bytes[0] = 0xff; break; }
      const e = Math.log2(value);
      if (!(value > 0) || !Number.isInteger(e) || e < -127 || e > 127) {
        throw new RangeError(`${argument}: float8e8m0 holds only powers of two 2^-127..2^127 (got ${value})`);
      }
      bytes[0] = e + 127;
      break;
    }
    case 'int': {
      expectNumber();
      const [lo, hi] = info.range;
      if (!Number.isInteger(value) || value < lo || value > hi) {
        throw new RangeError(`${argument}: expected an integer in [${lo}, ${hi}] for ${info.name}, got ${value}`);
      }
      if (info.bits < 8) bytes[0] = value & (2 ** info.bits - 1);
      else if (info.bits === 8) bytes[0] = value & 0xff;
      else if (info.bits === 16) view.setUint16(0, value & 0xffff, true);
      else view.setUint32(0, value >>> 0, true);
      break;
    }
    case 'bigint': {
      if (typeof value !== 'bigint' && !(typeof value === 'number' && Number.isSafeInteger(value))) {
        throw new TypeError(`${argument}: expected a bigint or a safe integer for ${info.name}, got ${describe(value)}`);
      }
      const big = BigInt(value);
      const [lo, hi] = info.range;
      if (big < lo || big > hi) throw new RangeError(`${argument}: ${big} is outside the range of ${info.name}`);
      view.setBigUint64(0, BigInt.asUintN(64, big), true);
      break;
    }
    case 'bool':
      if (typeof value !== 'boolean' && value !== 0 && value !== 1) {
        throw new TypeError(`${argument}: expected a boolean for bool, got ${describe(value)}`);
      }
      bytes[0] = value ? 1 : 0;
      break;
    case 'complex': {
      if (!Array.isArray(value) || value.length !== 2 || value.some((v) => typeof v !== 'number')) {
        throw new TypeError(`${argument}: expected [re, im] numbers for ${info.name}`);
      }
      const Float = info.arrays[0];
      new Float(bytes.buffer).set(value);
      break;
    }
    default:
      throw new TypeError(`${argument}: ${info.name} values have no byte form`);
  }
  return bytes;
}
