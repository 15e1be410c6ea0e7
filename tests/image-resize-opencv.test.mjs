// resize() against cv2 4.6 (python3-opencv), byte for byte: the cases of
// tools/fixtures/resize_opencv.py (integer and fractional factors up and down,
// one axis shrinking while the other grows, exact 2x, 1x1, 1xN, Nx1, widths
// around the SIMD widths, channels 1-4, hard 0/255 edges and noise), with the
// SIMD and the scalar kernels, whole and in bands, and the plain-JS reference
// on the same cases. Then OpenCV.js 4.12 (the bench's devDependency) on the
// same sources: the same bytes for linear and area; for cubic it differs only
// where cv2 4.6's vertical pass runs in float32 vector lanes (OpenCV.js is
// built without SIMD, so its every value takes the integer formula).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { ready } from '../js/index.js';
import { resize } from '../js/image.js';
import { wasm } from '../js/module.js';
import { setBandBudget } from '../js/stream.js';
import { referenceResize } from './reference/image-resize.js';
import { resizeSource } from './support/resize-source.js';

await ready();
const m = wasm();
const fixture = JSON.parse(gunzipSync(readFileSync(new URL('./fixtures/image/resize/opencv-exact.json.gz', import.meta.url))));
const sha16 = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const sources = new Map();

function sourceOf(c) {
  const key = `${c.sw}x${c.sh}x${c.c}-${c.kind}-${c.seed}`;
  if (!sources.has(key)) {
    const img = resizeSource(c.sw, c.sh, c.c, c.kind, c.seed);
    assert.equal(sha16(img.data), c.source, `${key}: the JS source generator differs from the Python one`);
    sources.set(key, img);
  }
  return sources.get(key);
}

const label = (c) => `${c.interpolation} ${c.sw}x${c.sh}x${c.c} (${c.kind}) -> ${c.dw}x${c.dh}`;

/** Whether bytes are OpenCV's; with a stored output, the first differing byte as a message. */
function verdict(c, got) {
  if (c.data === undefined) return sha16(got) === c.sha256 ? null : `${label(c)}: SHA-256 differs`;
  const want = Buffer.from(c.data, 'base64');
  const i = want.findIndex((v, k) => v !== got[k]);
  return i < 0 && got.length === want.length ? null : `${label(c)}: byte ${i} is ${got[i]}, OpenCV ${want[i]}`;
}

function run(c, img = sourceOf(c)) {
  return resize(img, { width: c.dw, height: c.dh, interpolation: c.interpolation, antialias: false }).data;
}

test('resize equals cv2 4.6 byte for byte on every fixture case (SIMD and scalar kernels)', (t) => {
  assert.equal(fixture.versions.opencv, '4.6.0');
  const counts = {};
  try {
    for (const simd of [1, 0]) {
      m._tw_set_simd(simd);
      for (const c of fixture.cases) {
        const problem = verdict(c, run(c));
        const k = (counts[`${c.interpolation}${simd ? '' : ' (scalar)'}`] ??= { cases: 0, bytes: 0, differing: 0 });
        k.cases++;
        k.bytes += c.bytes;
        if (problem) k.differing++;
        assert.equal(problem, null);
      }
    }
  } finally {
    m._tw_set_simd(1);
  }
  for (const [k, v] of Object.entries(counts)) t.diagnostic(`${k}: ${v.cases} cases, ${v.bytes} bytes compared, ${v.differing} cases differing`);
});

test('resize in bands equals cv2 4.6 (tiny band budgets, every 5th case)', () => {
  try {
    fixture.cases.forEach((c, i) => {
      if (i % 5 !== 0 || c.dh < 2) return;
      setBandBudget(1 + ((i * 37) % 300));
      assert.equal(verdict(c, run(c)), null, `${label(c)} (banded)`);
    });
  } finally {
    setBandBudget();
  }
});

test('the plain-JS reference equals cv2 4.6 on every fixture case', () => {
  for (const c of fixture.cases) {
    const got = referenceResize(sourceOf(c), { width: c.dw, height: c.dh, interpolation: c.interpolation, antialias: false }).data;
    assert.equal(verdict(c, got), null, `${label(c)} (reference)`);
  }
});

// The module is a thenable that hands back itself: keep it wrapped, or awaiting it never ends.
const { cv } = await new Promise((resolve) => {
  const mod = createRequire(import.meta.url)('@techstark/opencv-js');
  if (typeof mod.then === 'function') mod.then((x) => resolve({ cv: x })); else resolve({ cv: mod });
});

function openCvJs(img, c) {
  const flags = { linear: cv.INTER_LINEAR, cubic: cv.INTER_CUBIC, area: cv.INTER_AREA };
  const src = cv.matFromArray(img.height, img.width, cv[`CV_8UC${img.channels}`], Array.from(img.data));
  const dst = new cv.Mat();
  try {
    cv.resize(src, dst, new cv.Size(c.dw, c.dh), 0, 0, flags[c.interpolation]);
    return new Uint8Array(dst.data);
  } finally {
    src.delete();
    dst.delete();
  }
}

test('OpenCV.js 4.12 gives the same bytes for linear and area; for cubic only cv2 4.6\'s float lanes differ, by 1', (t) => {
  const counts = { linear: [0, 0], area: [0, 0], cubic: [0, 0] };
  for (const c of fixture.cases) {
    if (!(c.interpolation in counts)) continue;
    const img = sourceOf(c);
    const ours = run(c, img), theirs = openCvJs(img, c);
    const rowValues = c.dw * c.c, lanes = rowValues - (rowValues % 8);
    for (let i = 0; i < ours.length; i++) {
      if (ours[i] === theirs[i]) continue;
      counts[c.interpolation][1]++;
      const where = `${label(c)}: byte ${i} is ${ours[i]}, OpenCV.js ${theirs[i]}`;
      assert.equal(c.interpolation, 'cubic', where);
      assert.ok(i % rowValues < lanes && Math.abs(ours[i] - theirs[i]) === 1, where);
    }
    counts[c.interpolation][0] += ours.length;
  }
  for (const [k, [bytes, differing]] of Object.entries(counts)) t.diagnostic(`OpenCV.js ${k}: ${bytes} bytes compared, ${differing} differing`);
});
