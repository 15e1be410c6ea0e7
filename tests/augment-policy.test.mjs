// The policies of tensorwarp/augment against torchvision 0.14's tables
// (tests/fixtures/augment/policy-magnitudes.json.gz, written from torchvision's
// own _augmentation_space by tools/fixtures/torchvision_replay.py): the op
// spaces in order, the float32 magnitudes bit for bit, AutoAugment's
// IMAGENET sub-policies; and, over many samples, every op of each table
// reached with the magnitudes torchvision would use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { opSpace, autoAugmentSpace, IMAGENET_POLICIES, linspace32 } from '../js/augment/policy-tables.js';

await ready();

const tables = JSON.parse(gunzipSync(readFileSync(new URL('./fixtures/augment/policy-magnitudes.json.gz', import.meta.url))).toString('utf8'));

/** Our space as the fixture's { name: [magnitudes | null, signed] }. */
const asFixture = (space) => Object.fromEntries(space.map((o) => [o.op, [o.magnitudes, o.signed]]));

test('RandAugment\'s op space and float32 magnitudes equal torchvision\'s (bins 31, 17, 40, 2; two sizes)', () => {
  assert.equal(tables.randAugment.length, 8);
  for (const { bins, width, height, space } of tables.randAugment) {
    assert.deepEqual(Object.keys(asFixture(opSpace(bins, width, height, false))), Object.keys(space));
    assert.deepEqual(asFixture(opSpace(bins, width, height, false)), space, `bins ${bins}, ${width}x${height}`);
  }
});

test('TrivialAugmentWide\'s and AutoAugment\'s spaces and magnitudes equal torchvision\'s', () => {
  for (const { bins, space } of tables.trivialAugment) assert.deepEqual(asFixture(opSpace(bins, 1, 1, true)), space, `bins ${bins}`);
  for (const { width, height, space } of tables.autoAugment) {
    const ours = autoAugmentSpace(width, height);
    assert.deepEqual(Object.keys(ours).sort(), Object.keys(space).sort());
    for (const name of Object.keys(space)) assert.deepEqual([ours[name].magnitudes, ours[name].signed], space[name], name);
  }
  assert.deepEqual(IMAGENET_POLICIES, tables.imagenetPolicies);
});

test('linspace32: the 16-element vector blocks use base + f32(j·step), unfused (bin 9 of 0…0.9 is 0.26999998)', () => {
  assert.equal(linspace32(0, 0.9, 31)[9], Math.fround(0.26999998));
  assert.equal(linspace32(0, 0.3, 31)[9], 0.09000000357627869);
});

const W = 40, H = 30;
const image = { width: W, height: H, channels: 3, data: new Uint8ClampedArray(W * H * 3).map((_, i) => (i * 7) % 256) };

const mask = { width: W, height: H, data: new Uint8Array(W * H) }; // the size, without colour work

/** Every (op, signed magnitude) a policy drew over n samples. */
function drawnOps(list, n) {
  const augment = compose(list, { seed: 5 });
  const seen = new Map();
  for (let k = 0; k < n; k++) {
    for (const { op, magnitude } of augment({ mask }, k).params.transforms[0].ops) {
      if (!seen.has(op)) seen.set(op, new Set());
      seen.get(op).add(magnitude);
    }
  }
  return seen;
}

test('randAugment: all 14 ops reached; magnitudes are table[magnitude] with both signs for signed ops', () => {
  const seen = drawnOps([random.randAugment()], 400);
  const space = opSpace(31, W, H, false);
  assert.equal(seen.size, 14);
  for (const { op, magnitudes, signed } of space) {
    const m = magnitudes === null ? 0 : magnitudes[9];
    assert.deepEqual([...seen.get(op)].sort(), (signed ? [-m, m] : [m]).sort(), op);
  }
});

test('trivialAugment: all 14 ops reached, every bin of each table used, both signs', () => {
  const seen = drawnOps([random.trivialAugment()], 16000); // each (op, bin, sign) about 18 times
  assert.equal(seen.size, 14);
  for (const { op, magnitudes, signed } of opSpace(31, W, H, true)) {
    const expected = magnitudes === null ? [0] : [...new Set(signed ? [...magnitudes, ...magnitudes.map((m) => 0 - m)] : magnitudes)];
    assert.deepEqual([...seen.get(op)].sort((a, b) => a - b), expected.sort((a, b) => a - b), op);
  }
});

test('autoAugment: every op of the IMAGENET sub-policies reached with its bin\'s magnitude and both signs where signed', () => {
  const seen = drawnOps([random.autoAugment()], 3000);
  const space = autoAugmentSpace(W, H);
  const expected = new Map();
  for (const sub of IMAGENET_POLICIES) {
    for (const [op, , bin] of sub) {
      const { magnitudes, signed } = space[op];
      if (!expected.has(op)) expected.set(op, new Set());
      const m = bin === null ? 0 : magnitudes[bin];
      expected.get(op).add(m);
      if (signed) expected.get(op).add(0 - m);
    }
  }
  assert.equal(expected.size, 10);
  assert.deepEqual([...seen.keys()].sort(), [...expected.keys()].sort());
  for (const [op, values] of expected) assert.deepEqual([...seen.get(op)].sort(), [...values].sort(), op);
});

test('autoAugment: each op runs with its sub-policy probability (stated tolerance: 4 standard deviations)', () => {
  // The expected number of ops run per sample is the mean over the 25 sub-policies of p1 + p2
  const augment = compose([random.autoAugment()], { seed: 9 });
  let runs = 0, n = 4000;
  for (let k = 0; k < n; k++) runs += augment({ image }, k).params.transforms[0].ops.length;
  const mean = IMAGENET_POLICIES.reduce((s, sub) => s + sub[0][1] + sub[1][1], 0) / 25;
  const sd = Math.sqrt(n * 0.75); // a sample's count (0, 1 or 2) has a variance below 0.75
  assert.ok(Math.abs(runs - n * mean) < 4 * sd, `${runs} ops run, expected ${n * mean} ± ${4 * sd}`);
});

test('randAugment draws: ops uniform over the 14 (chi-square, p = 0.001), signed ops negative half the time (5 standard errors)', () => {
  const augment = compose([random.randAugment()], { seed: 17 });
  const counts = new Map(), signs = [0, 0];
  const n = 4000;
  for (let k = 0; k < n; k++) {
    for (const { op, magnitude } of augment({ mask }, k).params.transforms[0].ops) {
      counts.set(op, (counts.get(op) ?? 0) + 1);
      if (magnitude !== 0 && !['Posterize', 'Solarize'].includes(op)) signs[magnitude < 0 ? 1 : 0]++;
    }
  }
  const expected = (2 * n) / 14;
  const chi = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  assert.equal(counts.size, 14);
  assert.ok(chi < 34.5, `chi-square ${chi} (13 degrees of freedom)`);
  const total = signs[0] + signs[1];
  assert.ok(Math.abs(signs[1] - total / 2) < 5 * Math.sqrt(total / 4), `${signs[1]} negative of ${total}`);
});
