// Argument checks shared by the operators: each throws a TypeError (wrong
// kind) or RangeError (wrong value) whose message names the argument.

/** An array-like of integers (numbers or bigints) as safe-integer numbers. */
export function integers(values, argument) {
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number' || typeof values === 'string') {
    throw new TypeError(`${argument}: expected an array of integers`);
  }
  return Array.from(values, (v) => {
    if (typeof v === 'bigint') {
      if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new RangeError(`${argument}: ${v} is too large`);
      }
      return Number(v);
    }
    if (typeof v !== 'number') throw new TypeError(`${argument}: expected integers, got ${typeof v}`);
    if (!Number.isSafeInteger(v)) throw new RangeError(`${argument}: expected integers, got ${v}`);
    return v;
  });
}

/** A boolean flag; 0 and 1 are accepted too. */
export function flag(value, fallback, argument) {
  if (value === undefined) return fallback;
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  throw new TypeError(`${argument}: expected a boolean (or 0/1), got ${String(value)}`);
}

/** One of `choices` (an object name -> code); returns the code. */
export function choice(value, choices, argument) {
  if (typeof value === 'string' && Object.hasOwn(choices, value)) return choices[value];
  const names = Object.keys(choices).map((c) => `"${c}"`).join(', ');
  throw new TypeError(`${argument}: expected one of ${names}, got ${JSON.stringify(value)}`);
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
