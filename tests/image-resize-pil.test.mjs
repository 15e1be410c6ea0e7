// resize()'s PIL path (src/image/resize-pil.h): byte for byte against
// Debian's Pillow 9.4 (tests/fixtures/image/resize-pil.json from
// tools/fixtures/resize_pil.py), SIMD and scalar kernels, whole and in
// one-row bands; against the plain-JS reference (tests/reference/
// image-resize-pil.js) on random sizes and a non-default cubicA; lanczos's
// antialias rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { resize } from '../js/image.js';
import { wasm } from '../js/module.js';
import { setBandBudget } from '../js/stream.js';
import { referenceResizePil } from './reference/image-resize-pil.js';
import { rng } from './support/random.js';

await ready();
const m = wasm();
const fixture = JSON.parse(readFileSync(new URL('./fixtures/image/resize-pil.json', import.meta.url), 'utf8'));

/** The generator's inputs (tools/fixtures/resize_pil.py source_image), rebuilt. */
function sourceImage(kind, width, height, channels, seed) {
  let data;
  if (kind === 'noise') {
    data = rng(seed).bytes(width * height * channels);
  } else {
    data = new Uint8Array(width * height * channels);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < channels; c++) {
          data[(y * width + x) * channels + c] = kind === 'edges'
            ? 255 * ((Math.floor((x * 5) / 7) + Math.floor((y * 3) / 4) + c) & 1)
            : (x * 37 + y * 23 + c * 64 + seed) % 256;
        }
      }
    }
  }
  return { width, height, channels, data: new Uint8ClampedArray(data.buffer) };
}

const shortHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

function firstDifference(got, want) {
  return got.findIndex((v, i) => v !== want[i]);
}

function runFixture(label, run) {
  let bytes = 0;
  const failures = [];
  for (const [sw, sh, channels, dw, dh, kind, seed, interpolation, hash, data] of fixture.cases) {
    const img = sourceImage(kind, sw, sh, channels, seed);
    const got = run(img, { width: dw, height: dh, interpolation });
    const name = `${sw}x${sh}x${channels} ${kind} -> ${dw}x${dh} ${interpolation}`;
    if (data !== undefined) {
      const want = Buffer.from(data, 'base64');
      const i = firstDifference(got, want);
      if (i >= 0) failures.push(`${name}: byte ${i} is ${got[i]}, PIL gives ${want[i]}`);
    }
    if (shortHash(got) !== hash) failures.push(`${name}: sha256 differs from PIL's`);
    bytes += got.length;
  }
  assert.deepEqual(failures.slice(0, 10), [], `${label}: ${failures.length} of ${fixture.cases.length} cases differ`);
  return bytes;
}

test('resize PIL path: every fixture case equals Pillow 9.4, SIMD and scalar kernels', (t) => {
  try {
    for (const simd of [1, 0]) {
      m._tw_set_simd(simd);
      const bytes = runFixture(`simd=${simd}`, (img, options) => resize(img, options).data);
      t.diagnostic(`simd=${simd}: ${fixture.cases.length} cases, ${bytes} bytes compared, 0 differing (PIL ${fixture.versions.pil})`);
    }
  } finally {
    m._tw_set_simd(1);
  }
});

test('resize PIL path: one-row bands give the bytes of the whole image', () => {
  try {
    setBandBudget(1);
    runFixture('banded', (img, options) => resize(img, options).data);
  } finally {
    setBandBudget();
  }
});

test('resize PIL path: antialias true (the default) is the PIL path for linear and cubic; lanczos always is', () => {
  const img = sourceImage('noise', 23, 17, 3, 7);
  for (const interpolation of ['linear', 'cubic', 'lanczos']) {
    const want = referenceResizePil(img, { width: 9, height: 31, interpolation }).data;
    assert.deepEqual(resize(img, { width: 9, height: 31, interpolation }).data, new Uint8ClampedArray(want.buffer));
    assert.deepEqual(resize(img, { width: 9, height: 31, interpolation, antialias: true }).data,
      new Uint8ClampedArray(want.buffer));
  }
  assert.throws(() => resize(img, { width: 9, height: 31, interpolation: 'lanczos', antialias: false }),
    { name: 'RangeError', message: /^resize: options\.antialias: 'lanczos' is PIL's LANCZOS/ });
});

test('resize PIL path matches the plain-JS reference on random sizes, channels 1-4, and a non-default cubicA', () => {
  const r = rng(2323);
  for (let n = 0; n < 120; n++) {
    const channels = r.int(1, 4);
    const img = sourceImage(r.pick(['noise', 'edges', 'ramp']), r.int(1, 40), r.int(1, 40), channels, r.int(1, 1e6));
    const options = { width: r.int(1, 40), height: r.int(1, 40), interpolation: r.pick(['linear', 'cubic', 'lanczos']) };
    if (options.interpolation === 'cubic' && n % 3 === 0) options.cubicA = r.pick([-0.75, -1, 0.5, -2.25]);
    const got = resize(img, options).data;
    const want = referenceResizePil(img, options).data;
    const i = firstDifference(got, want);
    assert.equal(i, -1, `${img.width}x${img.height}x${channels} -> ${JSON.stringify(options)}: byte ${i} is ${got[i]}, reference ${want[i]}`);
  }
  // a non-default a changes the bytes (the same arithmetic with that a)
  const img = sourceImage('edges', 20, 20, 1, 1);
  assert.notDeepEqual(resize(img, { width: 13, height: 29, interpolation: 'cubic', cubicA: -0.75 }).data,
    resize(img, { width: 13, height: 29, interpolation: 'cubic' }).data);
});

test('resize PIL path: the fixture facts (RGB direct = per channel; RGBA direct is premultiplied, not per channel)', (t) => {
  const { rgbDirectVsPerChannel: rgb, rgbaDirectVsPerChannel: rgba } = fixture.facts;
  assert.equal(rgb.differing, 0);
  assert.ok(rgba.differing > 0);
  t.diagnostic(`Pillow RGB direct vs per channel: ${rgb.differing} of ${rgb.bytes} bytes differ; RGBA: ${rgba.differing} of ${rgba.bytes}`);
});
