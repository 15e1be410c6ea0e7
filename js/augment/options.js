// Option checks for tensorwarp/augment's transforms: each throws a TypeError
// (wrong kind) or RangeError (wrong value) whose message names the transform
// and the option ("random.affine: options.scale ...").
// The checks themselves are js/args.js's (the one set); these add augment's
// defaults (`fallback` when the option is absent) and ranges.
import { describe, checkOptions, flag, finite as number, size, positiveSize, oneOf as oneOfNames } from '../args.js';

export { checkOptions, describe, flag as boolean };

/** A probability in [0, 1] (default `fallback`). */
export function probability(value, fallback, argument) {
  if (value === undefined) return fallback;
  const p = number(value, argument);
  if (p < 0 || p > 1) throw new RangeError(`${argument}: a probability must lie in [0, 1], got ${p}`);
  return p;
}

/** A number within [min, max] (default `fallback`). */
export function bounded(value, fallback, argument, min = -Infinity, max = Infinity) {
  if (value === undefined) return fallback;
  const v = number(value, argument);
  if (v < min || v > max) throw new RangeError(`${argument}: expected a number in [${min}, ${max}], got ${v}`);
  return v;
}

/** A positive integer (required when `fallback` is undefined). */
export function positiveInteger(value, fallback, argument) {
  if (value === undefined) {
    if (fallback === undefined) throw new TypeError(`${argument} is required: a positive integer`);
    return fallback;
  }
  return positiveSize(value, argument);
}

/** A non-negative integer (default `fallback`). */
export function count(value, fallback, argument) {
  return value === undefined ? fallback : size(value, argument);
}

/** One of the strings `choices` (default `fallback`). */
export function oneOf(value, fallback, choices, argument) {
  return value === undefined ? fallback : oneOfNames(value, choices, argument);
}

/**
 * A range [lo, hi] with lo ≤ hi, both in [min, max]. A number d means
 * [−d, d] when `signed` (torchvision's rule for degrees and shear; d ≥ 0),
 * else [d, d].
 */
export function range(value, fallback, argument, { signed = false, min = -Infinity, max = Infinity } = {}) {
  if (value === undefined) return fallback;
  let pair;
  if (typeof value === 'number') {
    const d = number(value, argument);
    if (signed && d < 0) throw new RangeError(`${argument}: a single number d means [-d, d] and must be >= 0, got ${d}`);
    pair = signed ? [-d, d] : [d, d];
  } else {
    pair = pairOf(value, argument);
  }
  const [lo, hi] = pair;
  if (lo > hi) throw new RangeError(`${argument}: reversed range [${lo}, ${hi}] (expected [lo, hi] with lo <= hi)`);
  if (lo < min || hi > max) {
    // min: Number.MIN_VALUE stands for "> 0"; say so rather than print 5e-324
    if (min === Number.MIN_VALUE && hi <= max) throw new RangeError(`${argument}: expected values > 0, got ${typeof value === 'number' ? value : `[${lo}, ${hi}]`}`);
    throw new RangeError(`${argument}: expected a range within [${min}, ${max}], got [${lo}, ${hi}]`);
  }
  return pair;
}

/** [a, b]: two finite numbers. */
export function pairOf(value, argument, length = 2) {
  if (value === null || typeof value !== 'object' || typeof value.length !== 'number') {
    throw new TypeError(`${argument}: expected [${length === 2 ? 'a, b' : `${length} numbers`}], got ${describe(value)}`);
  }
  if (value.length !== length) throw new RangeError(`${argument}: expected ${length} numbers, got ${value.length}`);
  return Array.from(value, (v, i) => number(v, `${argument}[${i}]`));
}

/** Deep-freezes a plain options object (arrays inside too). */
export function freeze(value) {
  if (value !== null && typeof value === 'object') {
    Object.values(value).forEach(freeze);
    Object.freeze(value);
  }
  return value;
}
