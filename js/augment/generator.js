// The random generator of tensorwarp/augment: xoshiro128** 1.1 (Blackman and
// Vigna), seeded through SplitMix64 (Steele, Lea and Flood), so that sample
// k's numbers depend on (seed, k) alone: not on other samples, the order they
// are drawn in, the process or the number of workers.
//
//   base  = the first SplitMix64 output from state `seed`
//   o1, o2 = the first two SplitMix64 outputs from state base XOR k
//   xoshiro128** state = [low 32 bits of o1, high of o1, low of o2, high of o2]
//
// SplitMix64 runs on BigInt (three outputs per sample); xoshiro128** on 32-bit
// integers (Math.imul, shifts), exact on every platform. The state is never
// all zero: SplitMix64's output function is a bijection, so o1 and o2 (from
// different states) are not both 0. tools/fixtures/prng.py computes the
// known-answer vectors the tests compare against.

const MASK64 = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;
const TWO_POW_53 = 2 ** 53;

/** One SplitMix64 step from `state`: [output, next state] (BigInt, mod 2^64). */
export function splitMix64(state) {
  const next = (state + GAMMA) & MASK64;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [z ^ (z >> 31n), next];
}

/** A seed: a non-negative safe integer or a BigInt in [0, 2^64) (RangeError/TypeError naming `argument`). */
export function checkSeed(seed, argument) {
  if (typeof seed === 'bigint') {
    if (seed < 0n || seed > MASK64) throw new RangeError(`${argument}: expected an integer in [0, 2^64), got ${seed}`);
    return seed;
  }
  if (typeof seed !== 'number') throw new TypeError(`${argument}: expected a non-negative integer, got ${typeof seed}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`${argument}: expected a non-negative safe integer, got ${seed}`);
  return BigInt(seed);
}

/** A sample index: a non-negative safe integer. */
export function checkIndex(k, argument) {
  if (typeof k !== 'number') throw new TypeError(`${argument}: expected a sample index (a non-negative integer), got ${typeof k}`);
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`${argument}: expected a non-negative safe integer, got ${k}`);
  return k;
}

/** The per-seed part of the seeding (computed once per pipeline). */
export function seedBase(seed) {
  return splitMix64(checkSeed(seed, 'seed'))[0];
}

/**
 * The generator of sample k: { u32(), float(), float24(), int(n), uniform(a, b) }.
 * `base` is seedBase(seed).
 */
export function sampleGenerator(base, k) {
  const [o1, state] = splitMix64(base ^ BigInt(k));
  const [o2] = splitMix64(state);
  let s0 = Number(o1 & 0xffffffffn) | 0, s1 = Number(o1 >> 32n) | 0;
  let s2 = Number(o2 & 0xffffffffn) | 0, s3 = Number(o2 >> 32n) | 0;
  /** xoshiro128**: the next 32-bit output (an unsigned integer). */
  function u32() {
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }
  /** Uniform in [0, 1) on the 2^53 grid: two outputs a, b -> ((a >> 5)·2^26 + (b >> 6)) / 2^53. */
  const float = () => ((u32() >>> 5) * 67108864 + (u32() >>> 6)) / TWO_POW_53;
  return {
    u32,
    float,
    /** Uniform in [0, 1) on the 2^24 grid from one output: (a >> 8) / 2^24 (the elastic field's noise). */
    float24: () => (u32() >>> 8) / 16777216,
    /** Uniform in [a, b) (a when a = b): a + (b − a)·float(). */
    uniform: (a, b) => a + (b - a) * float(),
    /** An integer in [0, n), n ≤ 2^32: floor(n·float()) (bias below n / 2^53). */
    int: (n) => Math.floor(n * float()),
  };
}
