// The generator of tensorwarp/augment (js/augment/generator.js): SplitMix64 and
// xoshiro128** against known-answer vectors computed independently from the
// published algorithms (tools/fixtures/prng.py, Python integers), and the
// (seed, k) seeding: same pair -> same stream, another k or seed -> another.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { splitMix64, seedBase, sampleGenerator, checkSeed } from '../js/augment/generator.js';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/augment/prng.json', import.meta.url), 'utf8'));

test('SplitMix64 gives the published outputs (seed 1234567: 6457827717110365317, ...) and the fixture ones', () => {
  for (const [seed, expected] of Object.entries(vectors.splitmix64)) {
    let state = BigInt(seed);
    const got = [];
    for (let i = 0; i < expected.length; i++) {
      const [out, next] = splitMix64(state);
      got.push(String(out));
      state = next;
    }
    assert.deepEqual(got, expected, `seed ${seed}`);
  }
  assert.equal(vectors.splitmix64['1234567'][0], '6457827717110365317');
});

test('sample generators: 32-bit outputs and 53-bit floats equal the independent Python vectors', () => {
  for (const { seed, k, u32, floats } of vectors.samples) {
    const g = sampleGenerator(seedBase(seed), k);
    assert.deepEqual(Array.from({ length: u32.length }, g.u32), u32, `seed ${seed}, k ${k}: u32`);
    assert.deepEqual(Array.from({ length: floats.length }, g.float), floats.map(Number), `seed ${seed}, k ${k}: floats`);
  }
});

test('the same (seed, k) gives the same stream; another k or seed gives another', () => {
  const stream = (seed, k) => {
    const g = sampleGenerator(seedBase(seed), k);
    return Array.from({ length: 16 }, g.u32);
  };
  assert.deepEqual(stream(42, 17), stream(42, 17));
  const seen = new Set();
  for (let k = 0; k < 200; k++) seen.add(stream(42, k).join());
  for (let seed = 0; seed < 50; seed++) seen.add(stream(seed, 17).join());
  assert.equal(seen.size, 200 + 49, 'every (seed, k) pair gives its own stream (42, 17 counted once)');
});

test('float, float24, int and uniform stay in their ranges', () => {
  const g = sampleGenerator(seedBase(3), 9);
  for (let i = 0; i < 10000; i++) {
    const f = g.float(), h = g.float24(), n = g.int(7), u = g.uniform(-2, 3);
    assert.ok(f >= 0 && f < 1 && h >= 0 && h < 1 && Number.isInteger(n) && n >= 0 && n < 7 && u >= -2 && u < 3);
  }
});

test('seeds: non-negative safe integers or BigInts below 2^64', () => {
  assert.equal(checkSeed(2n ** 64n - 1n, 'seed'), 2n ** 64n - 1n);
  assert.throws(() => checkSeed(-1, 'seed'), RangeError);
  assert.throws(() => checkSeed(1.5, 'seed'), RangeError);
  assert.throws(() => checkSeed(2n ** 64n, 'seed'), RangeError);
  assert.throws(() => checkSeed('1', 'seed'), TypeError);
});
