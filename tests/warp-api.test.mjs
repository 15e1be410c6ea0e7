// warpAffine, warpPerspective and rotate (tensorwarp/image): forward and
// inverse matrices against the plain-JS reference (bit for bit), options,
// `out`, rotate's expand size against PIL 9.4, quarter turns exact, and bad
// input (the error names the argument; `out` is left as it was).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { warpAffine, warpPerspective, rotate, matrix } from '../js/image.js';
import { referenceWarp } from './reference/image-warp.js';
import { cvInvertAffine, cvInvertPerspective, cvRotationMatrix } from '../js/image/warp-matrix.js';
import { rng } from './support/random.js';

await ready();

const pil = JSON.parse(readFileSync(new URL('./fixtures/image/warp/pil-rotate.json', import.meta.url), 'utf8'));

function randomImage(r, width, height, channels) {
  const data = new Uint8ClampedArray(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = r.int(0, 255);
  return channels === 4 ? { width, height, data } : { width, height, channels, data };
}

const channelsOf = (img) => img.channels ?? 4;
const bytes = (img) => new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length);

test('warpAffine and warpPerspective: forward matrices are inverted as OpenCV inverts them, inverse: true is taken as is; bit-exact against the reference', () => {
  const r = rng(21);
  for (const channels of [1, 2, 3, 4]) {
    for (const interpolation of ['nearest', 'linear', 'cubic']) {
      for (const border of ['constant', 'edge', 'reflect', 'symmetric', 'wrap']) {
        const img = randomImage(r, r.int(1, 20), r.int(1, 15), channels);
        const fill = Array.from({ length: channels }, () => r.int(0, 255));
        const forward = matrix.rotation(r.int(-180, 180), [img.width / 2, img.height / 2], 0.5 + r.next());
        const width = r.int(1, 25), height = r.int(1, 18);
        const opts = { width, height, interpolation, border, fill };
        const want = referenceWarp({ ...img, channels }, cvInvertAffine(forward), opts);
        const label = `${channels} channels ${interpolation} ${border}`;
        const got = warpAffine(img, forward, opts);
        assert.equal(got.width, width);
        assert.equal(got.height, height);
        assert.deepEqual(bytes(got), want, `affine ${label}`);
        assert.deepEqual(bytes(warpAffine(img, cvInvertAffine(forward), { ...opts, inverse: true })), want, `inverse ${label}`);
        const backward = matrix.invert(forward); // another rounding of the inverse: the same arithmetic on it
        assert.deepEqual(bytes(warpAffine(img, backward, { ...opts, inverse: true })),
          referenceWarp({ ...img, channels }, backward, opts), `inverse (matrix.invert) ${label}`);
        const p = matrix.perspective([[0, 0], [10, 0], [10, 10], [0, 10]], [[1, 0], [9, 2], [11, 9], [-1, 12]]);
        const wantP = referenceWarp({ ...img, channels }, cvInvertPerspective(p), opts);
        assert.deepEqual(bytes(warpPerspective(img, p, opts)), wantP, `perspective ${label}`);
      }
    }
  }
});

test('defaults: the source size, linear, constant border with fill 0; a number fill is every channel', () => {
  const r = rng(4);
  const img = randomImage(r, 13, 9, 4);
  const m = [0.9, 0.2, 1.5, -0.1, 1.1, -2];
  const got = warpAffine(img, m);
  assert.equal(got.width, 13);
  assert.equal(got.height, 9);
  const want = referenceWarp({ ...img, channels: 4 }, cvInvertAffine(m), { width: 13, height: 9, interpolation: 'linear', border: 'constant', fill: [0, 0, 0, 0] });
  assert.deepEqual(bytes(got), want);
  const seven = referenceWarp({ ...img, channels: 4 }, cvInvertAffine(m), { width: 13, height: 9, fill: [7, 7, 7, 7] });
  assert.deepEqual(bytes(warpAffine(img, m, { fill: 7 })), seven);
});

test('out: the result is written into it and it is returned', () => {
  const r = rng(8);
  const img = randomImage(r, 11, 7, 3);
  const out = { width: 5, height: 4, channels: 3, data: new Uint8ClampedArray(60) };
  const m = [1, 0, -2, 0, 1, -1];
  assert.equal(warpAffine(img, m, { width: 5, height: 4, out }), out);
  assert.deepEqual(bytes(out), bytes(warpAffine(img, m, { width: 5, height: 4 })));
  assert.equal(rotate(img, 30, { out: { ...out, width: 11, height: 7, data: new Uint8ClampedArray(231) } }).width, 11);
});

test('integer translations and quarter turns are exact copies', () => {
  const r = rng(9);
  const img = randomImage(r, 9, 6, 4);
  for (const interpolation of ['nearest', 'linear', 'cubic']) {
    const moved = warpAffine(img, [1, 0, 2, 0, 1, -1], { interpolation, border: 'wrap' });
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 9; j++) {
        const si = (i + 1) % 6, sj = (j - 2 + 9) % 9;
        assert.deepEqual([...moved.data.subarray((i * 9 + j) * 4, (i * 9 + j) * 4 + 4)],
          [...img.data.subarray((si * 9 + sj) * 4, (si * 9 + sj) * 4 + 4)], `${interpolation} (${j}, ${i})`);
      }
    }
    // 90 degrees counter-clockwise on screen with expand: (x, y) -> (y, w - 1 - x)
    const turned = rotate(img, 90, { expand: true, interpolation });
    assert.equal(turned.width, 6);
    assert.equal(turned.height, 9);
    for (let y = 0; y < 6; y++) {
      for (let x = 0; x < 9; x++) {
        const at = ((9 - 1 - x) * 6 + y) * 4;
        assert.deepEqual([...turned.data.subarray(at, at + 4)], [...img.data.subarray((y * 9 + x) * 4, (y * 9 + x) * 4 + 4)],
          `${interpolation} quarter turn (${x}, ${y})`);
      }
    }
  }
});

test(`rotate(expand: true) has PIL ${pil.pil}'s rotate(expand=True) size (${pil.cases.length} cases)`, () => {
  for (const c of pil.cases) {
    const img = { width: c.width, height: c.height, data: new Uint8ClampedArray(c.width * c.height * 4) };
    const opts = c.center ? { expand: true, center: c.center } : { expand: true };
    const got = rotate(img, c.degrees, opts);
    assert.deepEqual([got.width, got.height], c.expanded, `${c.width}x${c.height} ${c.degrees} degrees about ${c.center}`);
  }
});

test('rotate: cv2.getRotationMatrix2D about the default centre ((w - 1) / 2, (h - 1) / 2); scale and fill apply', () => {
  const r = rng(12);
  const img = randomImage(r, 10, 8, 4);
  const forward = cvRotationMatrix(25, [4.5, 3.5], 1.3);
  const want = referenceWarp({ ...img, channels: 4 }, cvInvertAffine(forward), { width: 10, height: 8, interpolation: 'cubic', border: 'reflect', fill: [1, 2, 3, 4] });
  assert.deepEqual(bytes(rotate(img, 25, { scale: 1.3, interpolation: 'cubic', border: 'reflect', fill: [1, 2, 3, 4] })), want);
});

test('bad input: errors name the argument and out is left as it was; a 0 width gives an empty image', () => {
  const img = { width: 4, height: 3, data: new Uint8ClampedArray(48) };
  const out = { width: 4, height: 3, data: new Uint8ClampedArray(48).fill(9) };
  const cases = [
    [() => warpAffine(img, [1, 0, 0, 0, 1], { out }), RangeError, /matrix/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, NaN], { out }), RangeError, /matrix\[5\]/],
    [() => warpAffine(img, [1, 2, 0, 2, 4, 0], { out }), RangeError, /matrix.*singular/],
    [() => warpAffine(img, [1, 2, 0, 2, 4, 0], { out, inverse: true }), RangeError, /singular/],
    [() => warpPerspective(img, [1, 0, 0, 0, 1, 0], { out }), RangeError, /matrix/],
    [() => warpAffine(img, 'm', { out }), TypeError, /matrix/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, interpolation: 'area' }), TypeError, /interpolation/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, border: 'mirror' }), TypeError, /border/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, fill: [1, 2] }), RangeError, /fill/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, width: 1.5 }), RangeError, /width/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, height: -1 }), RangeError, /height/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, inverse: 1 }), TypeError, /inverse/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, width: 5 }), RangeError, /out/],
    [() => warpAffine(img, [1, 0, 0, 0, 1, 0], { out, size: 5 }), TypeError, /size/],
    [() => warpAffine({ width: 4, height: 3, data: new Uint8ClampedArray(47) }, [1, 0, 0, 0, 1, 0], { out }), RangeError, /data/],
    [() => rotate(img, NaN, { out }), RangeError, /degrees/],
    [() => rotate(img, 10, { out, scale: 0 }), RangeError, /scale/],
    [() => rotate(img, 10, { out, center: [1] }), RangeError, /center/],
    [() => rotate(img, 10, { out, expand: 'yes' }), TypeError, /expand/],
  ];
  for (const [call, type, pattern] of cases) {
    assert.throws(call, (e) => e instanceof type && pattern.test(e.message), String(call));
    assert.ok(out.data.every((v) => v === 9), `out written by ${call}`);
  }
  const empty = warpAffine(img, [1, 0, 0, 0, 1, 0], { width: 0 });
  assert.equal(empty.width, 0);
  assert.equal(empty.data.length, 0);
});

test('a matrix with no float64 inverse: the error says why (a zero determinant, or one that overflows)', () => {
  const img = { width: 2, height: 2, data: new Uint8ClampedArray(16) };
  assert.throws(() => warpAffine(img, [1, 2, 0, 2, 4, 0]),
    { name: 'RangeError', message: 'warpAffine: matrix is singular in float64 (determinant 0): no warp' });
  assert.throws(() => warpPerspective(img, [1e200, 0, 0, 0, 1e200, 0, 0, 0, 1]),
    { name: 'RangeError', message: 'warpPerspective: matrix is singular in float64 (determinant Infinity): no warp' });
});

test('prepared warps: each call releases its handle (the C table holds 64), and the heap in use is as before', async () => {
  const { wasm } = await import('../js/module.js');
  const m = wasm();
  const img = randomImage(rng(77), 9, 7, 3);
  const before = m._tw_heap_bytes_in_use() >>> 0;
  for (let k = 0; k < 100; k++) {
    warpAffine(img, [1, 0.1 * (k % 5), 0.5, 0, 1, 0], { width: 11, height: 5, interpolation: 'cubic' });
    warpPerspective(img, [1, 0, 0, 0, 1, 0, 0.01, 0, 1], { border: 'wrap' });
  }
  assert.equal(m._tw_heap_bytes_in_use() >>> 0, before);
  // a made-up handle is refused by C, whatever its value
  for (const handle of [0, 1, 64, 65, 0xffffffff]) {
    assert.notEqual(m._tw_warp_run(handle, 0, 0, 0, 0, 0, 0), 0, `handle ${handle}`);
    assert.notEqual(m._tw_warp_release(handle), 0, `handle ${handle}`);
  }
});
