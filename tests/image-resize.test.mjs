// resize() of tensorwarp/image: the public function against the plain-JS
// reference (bit for bit, fresh and `out`, banded and whole), against the
// OpenCV and PIL fixtures of tools/fixtures/resize.py (OpenCV exact, PIL within 1),
// and bad input (TypeError/RangeError naming the argument, nothing written,
// nothing leaked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { resize } from '../js/image.js';
import { wasm } from '../js/module.js';
import { setBandBudget } from '../js/stream.js';
import { referenceResize as referenceFloat } from './reference/image-resize.js';
import { referenceResizePil } from './reference/image-resize-pil.js';
import { rng } from './support/random.js';
import { countingCalls } from './support/spy.js';

await ready();
const m = wasm();
const KINDS = ['nearest', 'linear', 'cubic', 'area', 'lanczos'];
// antialias true (the default) linear/cubic and lanczos take the PIL path (src/image/resize-pil.h)
const takesPil = ({ interpolation = 'linear', antialias = true }) =>
  interpolation === 'lanczos' || (antialias && (interpolation === 'linear' || interpolation === 'cubic'));
const referenceResize = (img, options) => (takesPil(options) ? referenceResizePil(img, options) : referenceFloat(img, options));
const entryOf = (options) => (takesPil(options) ? '_tw_image_resize_pil' : '_tw_image_resize');
const FIXTURES = new URL('./fixtures/image/resize/', import.meta.url);
const readFixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'));
const bytes = (b64) => new Uint8Array(Buffer.from(b64, 'base64'));

function randomImage(r, width, height, channels) {
  return { width, height, channels, data: new Uint8ClampedArray(r.bytes(width * height * channels)) };
}

function assertSameBytes(got, want, label) {
  assert.equal(got.length, want.length, `${label}: length`);
  const i = got.findIndex((v, k) => v !== want[k]);
  if (i >= 0) assert.fail(`${label}: byte ${i} is ${got[i]}, expected ${want[i]}`);
}

test('resize matches the reference: every interpolation, antialias on/off, channels 1-4, fresh and out', () => {
  const r = rng(21);
  for (const interpolation of KINDS) {
    for (const antialias of interpolation === 'lanczos' ? [true] : [true, false]) {
      for (const channels of [1, 2, 3, 4]) {
        const img = randomImage(r, r.int(1, 30), r.int(1, 30), channels);
        const options = { width: r.int(1, 30), height: r.int(1, 30), interpolation, antialias };
        const label = `${img.width}x${img.height}x${channels} -> ${options.width}x${options.height} ${interpolation} aa=${antialias}`;
        const want = referenceResize(img, options).data;
        const fresh = resize(img, options);
        assert.equal(fresh.channels ?? 4, channels, label);
        assert.ok(fresh.data instanceof Uint8ClampedArray, label);
        assertSameBytes(fresh.data, want, label);
        const out = { width: options.width, height: options.height, channels, data: new Uint8Array(want.length).fill(0xa5) };
        assert.equal(resize(img, { ...options, out }), out, `${label}: returns out`);
        assertSameBytes(out.data, want, `${label} (out)`);
      }
    }
  }
});

test('resize defaults: linear, antialias true, cubicA -0.5 with antialias and -0.75 without', () => {
  const r = rng(22);
  const img = randomImage(r, 23, 17, 4);
  assertSameBytes(resize(img, { width: 9, height: 7 }).data,
    referenceResize(img, { width: 9, height: 7, interpolation: 'linear', antialias: true }).data, 'defaults');
  for (const [antialias, cubicA] of [[true, -0.5], [false, -0.75]]) {
    const got = resize(img, { width: 31, height: 5, interpolation: 'cubic', antialias }).data;
    assertSameBytes(got, referenceResize(img, { width: 31, height: 5, interpolation: 'cubic', antialias, cubicA }).data,
      `cubicA default with antialias=${antialias}`);
  }
  const a = resize(img, { width: 31, height: 5, interpolation: 'cubic', cubicA: -1 }).data;
  assertSameBytes(a, referenceResize(img, { width: 31, height: 5, interpolation: 'cubic', antialias: true, cubicA: -1 }).data, 'cubicA -1');
});

test('resize in bands equals one whole call (tiny band budgets)', () => {
  const r = rng(23);
  try {
    for (const interpolation of KINDS) {
      for (const antialias of interpolation === 'lanczos' ? [true] : [true, false]) {
        const img = randomImage(r, 37, 41, 4);
        const options = { width: r.pick([13, 37, 70]), height: r.pick([9, 20, 41, 83]), interpolation, antialias };
        setBandBudget();
        const whole = resize(img, options).data;
        setBandBudget(1 + r.int(0, 400));
        const { value: { data: banded }, calls } = countingCalls(m, entryOf(options), () => resize(img, options));
        assert.ok(calls > 1, `${interpolation}: ran in ${calls} band(s)`);
        assertSameBytes(banded, whole, `${interpolation} aa=${antialias} banded`);
        assertSameBytes(whole, referenceResize(img, options).data, `${interpolation} aa=${antialias} reference`);
      }
    }
  } finally {
    setBandBudget();
  }
});

test('resize: out may be the input itself when the sizes match', () => {
  const r = rng(24);
  const img = randomImage(r, 16, 12, 3);
  const want = referenceResize(img, { width: 16, height: 12, interpolation: 'cubic', antialias: true }).data;
  assert.equal(resize(img, { width: 16, height: 12, interpolation: 'cubic', out: img }), img);
  assertSameBytes(img.data, want, 'in place');
});

test('resize: a width or height of 0 gives an empty image; ImageData stays ImageData-shaped', () => {
  const img = randomImage(rng(25), 5, 4, 4);
  for (const [width, height] of [[0, 3], [3, 0], [0, 0]]) {
    const got = resize(img, { width, height });
    assert.equal(got.width, width);
    assert.equal(got.height, height);
    assert.equal(got.data.length, 0);
  }
  const empty = { width: 0, height: 0, channels: 4, data: new Uint8ClampedArray(0) };
  assert.equal(resize(empty, { width: 0, height: 2 }).data.length, 0);
});

// ---- fixtures (tools/fixtures/resize.py; CI needs no Python) ---------------

const sources = readFixture('sources').sources.map((s) => ({ ...s, data: bytes(s.data) }));

/** Differences against a fixture file: { histogram, perCase: [{ label, max }] }. */
function againstFixture(name) {
  const fixture = readFixture(name);
  const histogram = [];
  const perCase = [];
  for (const c of fixture.cases) {
    const src = sources[c.source];
    const got = resize(src, { width: c.width, height: c.height, ...fixture.options }).data;
    const want = bytes(c.data);
    assert.equal(got.length, want.length);
    let max = 0;
    for (let i = 0; i < got.length; i++) {
      const d = Math.abs(got[i] - want[i]);
      histogram[d] = (histogram[d] ?? 0) + 1;
      max = Math.max(max, d);
    }
    perCase.push({ label: `${src.width}x${src.height}x${src.channels} -> ${c.width}x${c.height}`, max });
  }
  return { histogram: Object.fromEntries(histogram.map((n, d) => [d, n]).filter(([, n]) => n)), perCase };
}

function expectWithin(name, tolerance, t) {
  const { histogram, perCase } = againstFixture(name);
  t.diagnostic(`${name}: |difference| histogram ${JSON.stringify(histogram)}`);
  for (const { label, max } of perCase) {
    assert.ok(max <= tolerance, `${name} ${label}: max difference ${max} > ${tolerance}`);
  }
}

test('nearest is identical to OpenCV INTER_NEAREST_EXACT', (t) => expectWithin('nearest', 0, t));
// antialias: false and area follow OpenCV 4.6's integer arithmetic (resize.h); the
// exhaustive fixtures are tests/image-resize-opencv.test.mjs's.
test('linear without antialias is identical to OpenCV INTER_LINEAR', (t) => expectWithin('linear-opencv', 0, t));
test('area is identical to OpenCV INTER_AREA, one axis shrinking and one growing included', (t) =>
  expectWithin('area', 0, t));
test('cubic without antialias is identical to OpenCV INTER_CUBIC', (t) => expectWithin('cubic-opencv', 0, t));
// The PIL path is Pillow's own arithmetic (src/image/resize-pil.h); tests/image-resize-pil.test.mjs has more cases.
test('linear with antialias is identical to PIL BILINEAR', (t) => expectWithin('linear-pil', 0, t));
test('cubic with antialias is identical to PIL BICUBIC', (t) => expectWithin('cubic-pil', 0, t));
test('nearest against PIL NEAREST: differs only at ties and OpenCV fixed-point steps (measured)', (t) => {
  const { histogram } = againstFixture('nearest-pil');
  const total = Object.values(histogram).reduce((a, b) => a + b, 0);
  t.diagnostic(`nearest vs PIL: ${histogram[0]} of ${total} bytes equal`);
  assert.ok(histogram[0] > 0.5 * total);
});

// ---- bad input ---------------------------------------------------------------

test('bad input: TypeError/RangeError naming the argument, nothing written, nothing leaked', () => {
  const img = randomImage(rng(26), 6, 5, 4);
  const out = { width: 3, height: 2, channels: 4, data: new Uint8ClampedArray(24).fill(7) };
  const cases = [
    [() => resize(img), TypeError, /options\.width/],
    [() => resize(img, { height: 2 }), TypeError, /options\.width/],
    [() => resize(img, { width: 2 }), TypeError, /options\.height/],
    [() => resize(img, { width: -1, height: 2 }), RangeError, /options\.width/],
    [() => resize(img, { width: 2.5, height: 2 }), RangeError, /options\.width/],
    [() => resize(img, { width: '2', height: 2 }), TypeError, /options\.width/],
    [() => resize(img, { width: 2, height: NaN }), RangeError, /options\.height/],
    [() => resize(img, { width: 2, height: 2, interpolation: 'bilinear' }), TypeError, /options\.interpolation/],
    [() => resize(img, { width: 2, height: 2, antialias: 'yes' }), TypeError, /options\.antialias/],
    [() => resize(img, { width: 2, height: 2, cubicA: Infinity }), RangeError, /options\.cubicA/],
    [() => resize(img, { width: 2, height: 2, cubicA: '-0.5' }), TypeError, /options\.cubicA/],
    [() => resize(img, { width: 2, height: 2, colour: 1 }), TypeError, /colour/],
    [() => resize({ ...img, data: img.data.subarray(1) }, { width: 3, height: 2, out }), RangeError, /img\.data/],
    [() => resize({ ...img, data: Array.from(img.data) }, { width: 3, height: 2, out }), TypeError, /img\.data/],
    [() => resize({ ...img, channels: 5 }, { width: 3, height: 2, out }), RangeError, /img\.channels/],
    [() => resize(null, { width: 3, height: 2, out }), TypeError, /img/],
    [() => resize(img, { width: 4, height: 2, out }), RangeError, /options\.out/],
    [() => resize(img, { width: 3, height: 2, out: { ...out, channels: 3, data: new Uint8Array(18) } }), RangeError, /options\.out/],
    [() => resize({ width: 0, height: 5, channels: 4, data: new Uint8Array(0) }, { width: 3, height: 2, out }), RangeError, /img/],
  ];
  const before = m._tw_heap_bytes_in_use();
  for (const [call, ErrorClass, pattern] of cases) {
    assert.throws(call, (e) => e instanceof ErrorClass && pattern.test(e.message), String(call));
    assert.ok(out.data.every((v) => v === 7), `${call}: out was written`);
  }
  assert.equal(m._tw_heap_bytes_in_use(), before, 'heap bytes leaked');
  // and the next call works
  assertSameBytes(resize(img, { width: 3, height: 2, out }).data, referenceResize(img, { width: 3, height: 2 }).data, 'after errors');
});
