// tw_image_warp against OpenCV 4.6 (fixtures from tools/fixtures/warp.py:
// cv2.warpAffine / cv2.warpPerspective with WARP_INVERSE_MAP, one thread).
// OpenCV rounds each source coordinate to 1/32 pixel and uses fixed-point
// weights (linear: 1/1024 per axis product... 15-bit for cubic), so the
// values differ slightly from our float32 arithmetic. Pinned: linear within 2
// away from the border. The distribution of every difference is printed.
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

/** Whether destination pixel (j, i) samples at least `margin` pixels inside the source. */
function inside(matrix, j, i, margin) {
  const [a, b, c, d, e, f, g = 0, h = 0, k = 1] = matrix;
  const w = g * j + h * i + k;
  const x = (a * j + b * i + c) / w, y = (d * j + e * i + f) / w;
  return x >= margin && y >= margin && x <= W - 1 - margin && y <= H - 1 - margin;
}

test(`warps against OpenCV ${fixtures.opencv}: linear within 2 away from the border; distribution of differences`, () => {
  const summary = {};
  let worst = null;
  for (const c of fixtures.cases) {
    const want = Buffer.from(c.data, 'base64');
    const got = warp(c.matrix, c.interpolation, c.border);
    const key = `${c.interpolation}`;
    const s = (summary[key] ??= { inner: [0, 0, 0, 0], all: [0, 0, 0, 0], max: 0, innerMax: 0 });
    for (let i = 0; i < H; i++) {
      for (let j = 0; j < W; j++) {
        const away = inside(c.matrix, j, i, 2);
        for (let ch = 0; ch < C; ch++) {
          const p = (i * W + j) * C + ch;
          const diff = Math.abs(got[p] - want[p]);
          const bucket = Math.min(diff, 3);
          s.all[bucket]++;
          s.max = Math.max(s.max, diff);
          if (away) {
            s.inner[bucket]++;
            s.innerMax = Math.max(s.innerMax, diff);
            if (c.interpolation === 'linear' && diff > 2 && !worst) {
              worst = `${c.name} linear ${c.border} (${j}, ${i}) channel ${ch}: ${got[p]} vs OpenCV ${want[p]}`;
            }
          }
        }
      }
    }
  }
  for (const [key, s] of Object.entries(summary)) {
    const share = (counts) => counts.map((n) => (100 * n / counts.reduce((x, y) => x + y, 0)).toFixed(2) + '%').join(' / ');
    console.log(`# ${key}: |diff| 0 / 1 / 2 / >=3 away from the border ${share(s.inner)} (max ${s.innerMax}); ` +
      `everywhere ${share(s.all)} (max ${s.max})`);
  }
  assert.equal(worst, null);
});
