// tw_image_warp against OpenCV 4.6 (fixtures from tools/fixtures/warp.py:
// cv2.warpAffine / cv2.warpPerspective with WARP_INVERSE_MAP, one thread, a
// 32x24 RGBA photo-like source): every byte equal, on every interpolation
// and border the fixture holds. The counts are printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { withFrame, check } from '../js/module.js';
import { image_border as BORDER, image_interpolation as INTERPOLATION } from '../wasm/enums.js';

await ready();

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/image/warp/opencv.json', import.meta.url), 'utf8'));
const { width: W, height: H, channels: C } = fixtures;
const source = Buffer.from(fixtures.source, 'base64');
const fillWord = fixtures.fill.reduce((word, v, c) => word + v * 2 ** (8 * c), 0);

function warp(matrix, interpolation, border) {
  const out = new Uint8Array(W * H * C);
  withFrame('warp', (frame, m) => {
    const src = frame.copyIn(source);
    const mat = frame.copyIn(Float64Array.from(matrix));
    const dst = frame.alloc(out.length);
    check(m._tw_image_warp(src, source.length, W, H, C, mat, matrix.length === 9 ? 1 : 0,
      INTERPOLATION[interpolation.toUpperCase()], BORDER[border.toUpperCase()], fillWord, dst, out.length, W, H, 0, H), 'warp');
    out.set(m.HEAPU8.subarray(dst, dst + out.length));
  });
  return out;
}

test(`warps against OpenCV ${fixtures.opencv}: every byte equal`, () => {
  const summary = {};
  const failures = [];
  for (const c of fixtures.cases) {
    const want = Buffer.from(c.data, 'base64');
    const got = warp(c.matrix, c.interpolation, c.border);
    const s = (summary[`${c.interpolation} ${c.border}`] ??= { bytes: 0, equal: 0 });
    let equal = 0;
    for (let p = 0; p < want.length; p++) equal += got[p] === want[p];
    s.bytes += want.length;
    s.equal += equal;
    if (equal !== want.length) failures.push(`${c.name} ${c.interpolation} ${c.border}: ${equal} of ${want.length}`);
  }
  for (const [key, s] of Object.entries(summary)) console.log(`# ${key}: ${s.equal} of ${s.bytes} bytes equal`);
  assert.deepEqual(failures, []);
});
