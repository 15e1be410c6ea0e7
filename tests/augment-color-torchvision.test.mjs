// tensorwarp/augment's colour transforms and policies against torchvision
// 0.14: the params in tests/fixtures/augment/color-cases.json (drawn by the
// pipelines of tests/support/augment-color.mjs), replayed here, must give the
// bytes torchvision's functional ops give for the same values
// (color-expected.json.gz, tools/fixtures/torchvision_replay.py), exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ready } from '../js/index.js';
import { compose } from '../js/augment.js';
import { COLOR_PIPELINES, GEOMETRY_PIPELINES, testImage } from './support/augment-color.mjs';

await ready();

const read = (name) => readFileSync(new URL(`./fixtures/augment/${name}`, import.meta.url));
const fixture = (name) => JSON.parse(name.endsWith('.gz') ? gunzipSync(read(name)).toString('utf8') : read(name).toString('utf8'));
const { cases } = fixture('color-cases.json');
const { expected } = fixture('color-expected.json.gz');
const PIPELINES = { ...COLOR_PIPELINES, ...GEOMETRY_PIPELINES };

/** Which transforms a case's params ran (fired), for the report. */
const ran = (params) => params.transforms.filter((e) => e.fired).map((e) => e.transform).join('+') || 'none';

function replayed(c) {
  const augment = compose(PIPELINES[c.pipeline], { seed: 24 });
  const image = testImage(c.width, c.height, c.channels, c.seed);
  return augment.replay(c.params, { image }).image;
}

/** The cases of `pipelines` whose replay differs from torchvision: [{ case, pipeline, differing bytes }]. */
function misses(pipelines) {
  const out = [];
  cases.forEach((c, i) => {
    if (!pipelines.includes(c.pipeline)) return;
    const got = replayed(c).data, want = Buffer.from(expected[i], 'base64');
    assert.equal(got.length, want.length, `case ${i}: size`);
    const differing = want.reduce((n, v, j) => n + (v !== got[j] ? 1 : 0), 0);
    if (differing > 0) out.push({ case: i, pipeline: c.pipeline, ran: ran(c.params), differing });
  });
  return out;
}

const EXACT = ['colorJitter', 'colorJitterWide', 'grayscale', 'erasing', 'erasingValues', 'posterize', 'solarize', 'sharpness',
  'autocontrast', 'equalize', 'invert', 'chain'];

test('colour transforms: replays equal torchvision 0.14 byte for byte', () => {
  assert.equal(cases.length, expected.length);
  const count = cases.filter((c) => EXACT.includes(c.pipeline)).length;
  assert.ok(count >= 70, `${count} cases`);
  assert.deepEqual(misses(EXACT), []);
});

test('policies: RandAugment, TrivialAugmentWide, AutoAugment replays equal torchvision, geometric ops included', () => {
  const policies = ['randAugment', 'randAugment3', 'trivialAugment', 'autoAugment'];
  const fired = cases.filter((c) => policies.includes(c.pipeline)).flatMap((c) => c.params.transforms[0].ops.map((o) => o.op));
  assert.ok(fired.length >= 20, `${fired.length} ops`);
  assert.deepEqual(misses(policies), []);
});

test('policies\' geometric ops (ShearX/Y, TranslateX/Y, Rotate, both signs) on RGB and RGBA with fills equal F.affine / F.rotate', () => {
  const geometric = Object.keys(GEOMETRY_PIPELINES);
  assert.equal(cases.filter((c) => geometric.includes(c.pipeline)).length, 14);
  assert.deepEqual(misses(geometric), []);
});

test('gaussianBlur and gamma replays equal torchvision', () => {
  assert.deepEqual(misses(['gaussianBlur', 'gaussianBlurWide', 'gamma']), []);
});
