// MixUp, CutMix, randomChoice and random.oneOf of them (js/augment/mix.js): the arithmetic against torch's float32 ops
// (tests/fixtures/augment/mix.json from tools/fixtures/mix.py, torchvision v2's rules written out with
// torch 1.13), the λ distribution (statistically, fixed seeds), seeding per batch, layouts, and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mixUp, cutMix, randomChoice, random } from '../js/augment.js';
import { mixRolled, pasteRolled, cutBox, betaDraw } from '../js/augment/mix.js';
import { seedBase, sampleGenerator } from '../js/augment/generator.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/augment/mix.json', import.meta.url)));
const floats = (b64) => new Float32Array(new Uint8Array(Buffer.from(b64, 'base64')).buffer);
const bits = (a) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

test('mixUp and cutMix give torch\'s float32 bytes for the same λ and box centre (torchvision v2 rules)', () => {
  let compared = 0;
  for (const group of fixture.groups) {
    const x = floats(group.x), labels = floats(group.labels);
    const [n, , h, w] = group.dims;
    for (const c of group.cases) {
      if (c.kind === 'mixUp') {
        assert.deepEqual(bits(mixRolled(x, n, x.length / n, c.lambda)), bits(floats(c.out)), `mixUp λ=${c.lambda}`);
        assert.deepEqual(bits(mixRolled(labels, n, group.classes, c.lambda)), bits(floats(c.outLabels)));
      } else {
        const box = cutBox(c.rx, c.ry, c.lambda, h, w);
        assert.deepEqual([box.x, box.y, box.width, box.height], c.box, `cutMix box λ=${c.lambda}`);
        assert.equal(1 - (box.width * box.height) / (w * h), c.lambdaAdjusted);
        assert.deepEqual(bits(pasteRolled(x, group.dims, 'NCHW', box)), bits(floats(c.out)));
        assert.deepEqual(bits(mixRolled(labels, n, group.classes, c.lambdaAdjusted)), bits(floats(c.outLabels)));
      }
      compared++;
    }
  }
  assert.equal(compared, 40);
});

test('λ ~ Beta(α, α): mean and variance within 5 standard errors (20,000 draws per α, fixed seed)', () => {
  for (const alpha of [0.2, 1, 4]) {
    const base = seedBase(9);
    const draws = Array.from({ length: 20000 }, (_, k) => betaDraw(sampleGenerator(base, k), alpha));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (draws.length - 1);
    const expected = 1 / (4 * (2 * alpha + 1)); // Beta(α, α): mean 1/2, variance 1 / (4(2α + 1))
    assert.ok(draws.every((v) => v >= 0 && v <= 1));
    assert.ok(Math.abs(mean - 0.5) < 5 * Math.sqrt(expected / draws.length), `α=${alpha}: mean ${mean}`);
    // the variance of a sample variance is about (μ4 − σ⁴)/n ≤ σ⁴·2/n for these shapes (|excess kurtosis| < 2)
    assert.ok(Math.abs(variance - expected) < 5 * expected * Math.sqrt(4 / draws.length), `α=${alpha}: variance ${variance} vs ${expected}`);
  }
});

test('λ for a tiny α: a number in [0, 1] even where both Gamma draws underflow to 0 (was NaN: 0/0)', () => {
  // Beta(α, α) for α → 0 puts half its mass near 0 and half near 1 (variance → 1/4)
  for (const alpha of [1e-3, 5e-3]) {
    const base = seedBase(11);
    const draws = Array.from({ length: 4000 }, (_, k) => betaDraw(sampleGenerator(base, k), alpha));
    assert.ok(draws.every((v) => v >= 0 && v <= 1), `α=${alpha}: a draw outside [0, 1] (NaN?)`);
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    assert.ok(Math.abs(mean - 0.5) < 5 * Math.sqrt(0.25 / draws.length), `α=${alpha}: mean ${mean}`);
    assert.ok(draws.filter((v) => v > 0.01 && v < 0.99).length < 0.05 * draws.length, `α=${alpha}: mass in the middle`);
  }
  const b = batchOf(3, 1, 4, 5, 2);
  for (let k = 0; k < 20; k++) {
    const cut = cutMix({ alpha: 1e-3, seed: 1, numClasses: 2 })(b, k), mix = mixUp({ alpha: 1e-3, seed: 1, numClasses: 2 })(b, k);
    assert.ok(Number.isFinite(cut.params.lambda) && Number.isInteger(cut.params.box.width), `cutMix k=${k}: ${JSON.stringify(cut.params)}`);
    assert.ok(Number.isFinite(mix.params.lambda) && mix.tensor.data.every(Number.isFinite), `mixUp k=${k}: ${mix.params.lambda}`);
  }
});

const batchOf = (n, c, h, w, classes) => ({
  tensor: { type: 'float32', dims: [n, c, h, w], data: Float32Array.from({ length: n * c * h * w }, (_, i) => (i * 7919) % 251) },
  labels: Array.from({ length: n }, (_, i) => i % classes),
});

test('seeded per batch: batch k always draws the same λ and box; the inputs are not written', () => {
  const b = batchOf(4, 3, 8, 10, 5);
  const before = b.tensor.data.slice();
  const cut = cutMix({ alpha: 1, seed: 3, numClasses: 5 });
  const one = cut(b, 7), two = cut(b, 7), other = cut(b, 8);
  assert.deepEqual(one.params, two.params);
  assert.deepEqual(bits(one.tensor.data), bits(two.tensor.data));
  assert.notDeepEqual(one.params, other.params);
  assert.deepEqual(b.tensor.data, before);
  assert.deepEqual(one.labels.dims, [4, 5]);
  const { box, lambda } = one.params;
  assert.equal(lambda, 1 - (box.width * box.height) / 80);
  // label rows still sum to 1: λ of the sample's own class, 1 − λ of the one before it
  for (let i = 0; i < 4; i++) {
    const row = one.labels.data.subarray(i * 5, i * 5 + 5);
    assert.ok(Math.abs(row.reduce((a, v) => a + v, 0) - 1) < 1e-6);
  }
  const mixed = mixUp({ alpha: 0.4, seed: 3, numClasses: 5 })(b, 7);
  assert.equal(typeof mixed.params.lambda, 'number');
  assert.deepEqual(Object.keys(mixed.params), ['transform', 'lambda']);
});

test('cutMix NHWC pastes the same box as NCHW, channel by channel', () => {
  const nchw = batchOf(3, 2, 6, 9, 3);
  const [n, c, h, w] = nchw.tensor.dims;
  const nhwc = new Float32Array(nchw.tensor.data.length);
  for (let i = 0; i < n; i++) for (let k = 0; k < c; k++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    nhwc[((i * h + y) * w + x) * c + k] = nchw.tensor.data[((i * c + k) * h + y) * w + x];
  }
  const a = cutMix({ seed: 4, numClasses: 3 })(nchw, 2);
  const b = cutMix({ seed: 4, numClasses: 3, layout: 'NHWC' })({ tensor: { type: 'float32', dims: [n, h, w, c], data: nhwc }, labels: nchw.labels }, 2);
  assert.deepEqual(a.params, b.params);
  assert.ok(a.params.box.width > 0 || a.params.box.height > 0 || a.params.lambda === 1);
  for (let i = 0; i < n; i++) for (let k = 0; k < c; k++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    assert.equal(b.tensor.data[((i * h + y) * w + x) * c + k], a.tensor.data[((i * c + k) * h + y) * w + x]);
  }
});

test('randomChoice picks by p, seeded per batch, and says which', () => {
  const b = batchOf(2, 1, 4, 4, 2);
  const choice = randomChoice([mixUp({ numClasses: 2 }), cutMix({ numClasses: 2 })], { p: [0.25, 0.75], seed: 1 });
  const picks = Array.from({ length: 4000 }, (_, k) => choice(b, k).params.choice);
  const share = picks.filter((c) => c === 1).length / picks.length;
  assert.ok(Math.abs(share - 0.75) < 5 * Math.sqrt(0.75 * 0.25 / 4000), `share ${share}`);
  assert.deepEqual(choice(b, 5), choice(b, 5));
  assert.equal(randomChoice([mixUp({ numClasses: 2 }), cutMix({ numClasses: 2 })], { p: [0, 1] })(b, 0).params.transform, 'cutMix');
});

test('random.oneOf of batch transforms: by weights as randomChoice by p, then unfired with probability 1 - p', () => {
  const b = batchOf(3, 2, 4, 5, 4);
  const children = () => [mixUp({ numClasses: 4, seed: 2 }), cutMix({ numClasses: 4, seed: 2 })];
  const one = random.oneOf(children(), { weights: [1, 3], seed: 9 }), choice = randomChoice(children(), { p: [1, 3], seed: 9 });
  for (let k = 0; k < 40; k++) {
    const a = one(b, k), c = choice(b, k);
    assert.deepEqual(a.params, { ...c.params, fired: true });
    assert.deepEqual(a.tensor.data, c.tensor.data);
    assert.deepEqual(a.labels.data, c.labels.data);
  }
  const never = random.oneOf(children(), { p: 0 })(b, 3);
  assert.deepEqual(never.params, { transform: 'oneOf', fired: false, lambda: 1 });
  assert.deepEqual(never.tensor.data, b.tensor.data);
  assert.notEqual(never.tensor.data, b.tensor.data, 'a copy, as the mixing transforms give');
  assert.deepEqual(never.labels, { type: 'float32', dims: [3, 4], data: Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0) });
  const half = random.oneOf(children(), { p: 0.3, seed: 5 });
  const fired = Array.from({ length: 3000 }, (_, k) => half(b, k).params.fired).filter(Boolean).length / 3000;
  assert.ok(Math.abs(fired - 0.3) < 5 * Math.sqrt(0.3 * 0.7 / 3000), `fired ${fired}`); // 5 standard deviations
  assert.throws(() => random.oneOf([mixUp(), random.flip()]), { name: 'TypeError', message: /^random\.oneOf: options\.transforms\[0\]/ });
  assert.throws(() => random.oneOf([mixUp()], { weights: [1, 2] }), { name: 'RangeError', message: /^random\.oneOf: options\.weights/ });
  assert.throws(() => random.oneOf([mixUp()], { p: 2 }), { name: 'RangeError', message: /^random\.oneOf: options\.p/ });
  assert.throws(() => random.oneOf([mixUp()], { n: 2 }), { name: 'TypeError', message: /^random\.oneOf: unknown option "n"/ });
});

test('bad input: TypeError/RangeError naming the transform and the argument', () => {
  const b = batchOf(2, 1, 4, 4, 2);
  assert.throws(() => mixUp({ alpha: 0 }), { name: 'RangeError', message: /^mixUp: options\.alpha/ });
  assert.throws(() => mixUp({ alpha: '1' }), { name: 'TypeError', message: /^mixUp: options\.alpha/ });
  assert.throws(() => cutMix({ beta: 1 }), { name: 'TypeError', message: /^cutMix: unknown option "beta"/ });
  assert.throws(() => cutMix({ layout: 'CHW' }), { name: 'RangeError', message: /^cutMix: options\.layout/ });
  assert.throws(() => mixUp()(b, 0), { name: 'TypeError', message: /^mixUp: batch\.labels: class indices need options\.numClasses/ });
  assert.throws(() => mixUp({ numClasses: 2 })({ ...b, labels: [0, 5] }, 0), { name: 'RangeError', message: /^mixUp: batch\.labels\[1\]/ });
  assert.throws(() => mixUp({ numClasses: 2 })({ ...b, tensor: { dims: [2, 16], data: new Uint8Array(32) } }, 0), { name: 'TypeError', message: /^mixUp: batch\.tensor/ });
  assert.throws(() => mixUp({ numClasses: 2 })(b, -1), { name: 'RangeError', message: /^mixUp: k/ });
  assert.throws(() => cutMix({ numClasses: 2 })({ ...b, tensor: { type: 'float32', dims: [2, 16], data: new Float32Array(32) } }, 0), { name: 'RangeError', message: /^cutMix: batch\.tensor/ });
  assert.throws(() => cutMix({ numClasses: 0 }), { name: 'RangeError', message: /^cutMix: options\.numClasses: expected a positive integer, got 0$/ });
  assert.throws(() => mixUp({ numClasses: '3' }), { name: 'TypeError', message: /^mixUp: options\.numClasses: expected a positive integer, got "3"$/ });
  assert.throws(() => mixUp({ seed: -1 }), { name: 'RangeError', message: /^mixUp: options\.seed/ });
  assert.throws(() => randomChoice([mixUp()], { seed: 'x' }), { name: 'TypeError', message: /^randomChoice: options\.seed/ });
  assert.throws(() => randomChoice([]), { name: 'TypeError', message: /^randomChoice: transforms/ });
  assert.throws(() => randomChoice([mixUp()], { p: [-1] }), { name: 'RangeError', message: /^randomChoice: options\.p/ });
});
