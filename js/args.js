// Argument checks shared by the operators, the image functions and augment:
// the one module of option validators. Each throws a TypeError (wrong kind)
// or RangeError (wrong value) whose message names the argument.
import { MAX_INT32 } from './limits.js';

/** A short description of any value for an error message (never throws: symbols, bigints, odd objects). */
export function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : String(value);
  if (Array.isArray(value)) return 'an array';
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? `a ${name}` : 'an object';
}

// More entries than any list of per-axis values needs (ranks are at most 32
// in C): a longer array-like is refused before it is copied.
const MAX_ENTRIES = 1 << 16;

/** An array-like of integers (numbers or bigints) as safe-integer numbers. */
export function integers(values, argument) {
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') {
    throw new TypeError(`${argument}: expected an array of integers`);
  }
  const { length } = values;
  if (!Number.isSafeInteger(length) || length < 0 || length > MAX_ENTRIES) {
    throw new RangeError(`${argument}: expected an array of at most ${MAX_ENTRIES} integers, got length ${length}`);
  }
  const result = new Array(length); // a plain loop: Array.from over an array-like costs microseconds a call
  for (let i = 0; i < length; i++) result[i] = safeInteger(values[i], argument);
  return result;
}

/** One entry of integers(): a number or bigint that is a safe integer, as a number. */
function safeInteger(v, argument) {
  if (typeof v === 'bigint') {
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError(`${argument}: ${v} is too large`);
    }
    return Number(v);
  }
  if (typeof v !== 'number') throw new TypeError(`${argument}: expected integers, got ${describe(v)}`);
  if (!Number.isSafeInteger(v)) throw new RangeError(`${argument}: expected integers, got ${v}`);
  return v;
}

/**
 * A boolean option (absent: `fallback`): true or false only, the one rule for
 * every boolean option of the JS API. 0/1 and "true" are refused rather than
 * read by truthiness (ONNX's 0/1 attributes go through binaryAttribute).
 */
export function flag(value, fallback, argument) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${argument}: expected true or false, got ${describe(value)}`);
  return value;
}

/** An ONNX INT attribute that is 0 or 1 (absent: false). */
export function binaryAttribute(value, argument) {
  if (value === undefined) return false;
  if (typeof value !== 'number') throw new TypeError(`${argument}: expected 0 or 1, got ${describe(value)}`);
  if (value !== 0 && value !== 1) throw new RangeError(`${argument}: expected 0 or 1, got ${describe(value)}`);
  return value === 1;
}

/** A finite number. */
export function finite(value, argument) {
  if (typeof value !== 'number') throw new TypeError(`${argument}: expected a finite number, got ${describe(value)}`);
  if (!Number.isFinite(value)) throw new RangeError(`${argument}: expected a finite number, got ${value}`);
  return value;
}

/** An integer (offsets, pads, turns). */
export function integer(value, argument) {
  if (typeof value !== 'number') throw new TypeError(`${argument}: expected an integer, got ${describe(value)}`);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${argument}: expected an integer, got ${value}`);
  return value;
}

/** An integer in [least, MAX_INT32] (C takes it as int32_t), `what` naming the rule in messages. */
function int32From(least, what) {
  return (value, argument) => {
    if (typeof value !== 'number') throw new TypeError(`${argument}: expected ${what}, got ${describe(value)}`);
    // an integer too large is said so: "expected a non-negative integer, got 3000000000" reads as a contradiction
    if (Number.isInteger(value) && value > MAX_INT32) throw new RangeError(`${argument}: expected ${what} below 2^31, got ${value}`);
    if (!Number.isInteger(value) || value < least) throw new RangeError(`${argument}: expected ${what}, got ${value}`);
    return value;
  };
}

/** A width, height, count or similar size: a non-negative integer below 2^31. */
export const size = int32From(0, 'a non-negative integer');

/** A size that must be at least 1 (a box, a crop): a positive integer below 2^31. */
export const positiveSize = int32From(1, 'a positive integer');

/** One of the keys of `choices` (an object name -> code); returns the code (TypeError listing the keys). */
export function choice(value, choices, argument) {
  if (typeof value === 'string' && Object.hasOwn(choices, value)) return choices[value];
  const names = Object.keys(choices).map((c) => `'${c}'`).join(', ');
  throw new TypeError(`${argument}: expected one of ${names}, got ${describe(value)}`);
}

/** One of the strings `names`; returns it (choice() over names that are their own codes). */
export function oneOf(value, names, argument) {
  return choice(value, Object.fromEntries(names.map((n) => [n, n])), argument);
}

/** Normalises axes in [-rank, rank-1] to [0, rank-1]; rejects repeats. */
export function normaliseAxes(axes, rank, argument) {
  const out = integers(axes, argument).map((a) => {
    if (a < -rank || a >= rank) throw new RangeError(`${argument}: axis ${a} is outside [${-rank}, ${rank - 1}]`);
    return a < 0 ? a + rank : a;
  });
  if (new Set(out).size !== out.length) throw new RangeError(`${argument}: repeated axis in [${out.join(', ')}]`);
  return out;
}

export function checkOptions(options, op, allowed) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw new TypeError(`${op}: options must be an object`);
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) throw new TypeError(`${op}: unknown option "${key}"; expected ${allowed.join(', ')}`);
  }
  return options;
}
