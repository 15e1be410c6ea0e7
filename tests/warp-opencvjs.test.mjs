// warpAffine, warpPerspective and rotate against OpenCV.js 4.12 (the
// @techstark/opencv-js devDependency the bench uses), byte for byte, in this
// process: a 4-channel image with hard hash-noise values, the bench's turn
// and keystone, a far-outside (int32 overflow of the affine 1/1024 grid) and
// a tie-heavy matrix, with and without WARP_INVERSE_MAP, every interpolation
// and border, a fill per channel; rotate against getRotationMatrix2D.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { ready } from '../js/index.js';
import { warpAffine, warpPerspective, rotate, matrix } from '../js/image.js';

await ready();
// The module is a thenable that hands back itself: keep it wrapped, or awaiting it never ends.
const { cv } = await new Promise((resolve) => {
  const m = createRequire(import.meta.url)('@techstark/opencv-js');
  if (typeof m.then === 'function') m.then((x) => resolve({ cv: x })); else resolve({ cv: m });
});

const W = 97, H = 61;
const data = new Uint8ClampedArray(W * H * 4);
for (let i = 0; i < data.length; i++) data[i] = Math.imul(i, 2654435761) >>> 24 > 127 ? 255 : Math.imul(i, 40503) >>> 24;
const img = { width: W, height: H, data };
const BORDERS = { constant: cv.BORDER_CONSTANT, edge: cv.BORDER_REPLICATE, reflect: cv.BORDER_REFLECT_101, symmetric: cv.BORDER_REFLECT, wrap: cv.BORDER_WRAP };
const INTERPOLATIONS = { nearest: cv.INTER_NEAREST, linear: cv.INTER_LINEAR, cubic: cv.INTER_CUBIC };
const FILL = [10, 20, 30, 40];

/** OpenCV.js's bytes for `call(src, dst)`. */
function opencv(call) {
  const src = cv.matFromImageData(img), dst = new cv.Mat();
  try {
    call(src, dst);
    return new Uint8Array(dst.data);
  } finally {
    src.delete();
    dst.delete();
  }
}

function equalBytes(a, b) {
  let n = 0;
  for (let k = 0; k < a.length; k++) n += a[k] === b[k];
  return a.length === b.length ? n : -1;
}

test(`warps equal OpenCV.js ${cv.getBuildInformation().match(/OpenCV ([0-9.]+)/)?.[1]} byte for byte`, () => {
  const matrices = {
    turn: matrix.rotation(15, [W / 2, H / 2], 1.1),
    keystone: matrix.perspective([[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]], [[9, 3], [88, 0], [96, 60], [3, 55]]),
    far: [1, 0.2, 2.3e6, -0.1, 1, 5],
    ties: [2, 0, 0.5, 0, 0.5, 1.25],
  };
  let total = 0, same = 0;
  const failures = [];
  for (const [name, m] of Object.entries(matrices)) {
    for (const inverse of [false, true]) {
      for (const [interpolation, ci] of Object.entries(INTERPOLATIONS)) {
        for (const [border, cb] of Object.entries(BORDERS)) {
          const want = opencv((src, dst) => {
            const mat = cv.matFromArray(m.length === 6 ? 2 : 3, 3, cv.CV_64F, m);
            const flags = ci | (inverse ? cv.WARP_INVERSE_MAP : 0);
            (m.length === 6 ? cv.warpAffine : cv.warpPerspective)(src, dst, mat, new cv.Size(W, H), flags, cb, new cv.Scalar(...FILL));
            mat.delete();
          });
          const got = (m.length === 6 ? warpAffine : warpPerspective)(img, m, { interpolation, border, fill: FILL, inverse }).data;
          const n = equalBytes(want, got);
          total += want.length;
          same += Math.max(n, 0);
          if (n !== want.length) failures.push(`${name}${inverse ? ' inverse' : ''} ${interpolation} ${border}: ${n} of ${want.length}`);
        }
      }
    }
  }
  for (const degrees of [0, 90, 15, -33.5]) {
    for (const [interpolation, ci] of Object.entries(INTERPOLATIONS)) {
      const want = opencv((src, dst) => {
        const M = cv.getRotationMatrix2D(new cv.Point(40.5, 30.25), degrees, 1.2);
        cv.warpAffine(src, dst, M, new cv.Size(W, H), ci, cv.BORDER_REFLECT_101, new cv.Scalar());
        M.delete();
      });
      const got = rotate(img, degrees, { center: [40.5, 30.25], scale: 1.2, interpolation, border: 'reflect' }).data;
      const n = equalBytes(want, got);
      total += want.length;
      same += Math.max(n, 0);
      if (n !== want.length) failures.push(`rotate ${degrees} ${interpolation}: ${n} of ${want.length}`);
    }
  }
  console.log(`# ${same} of ${total} bytes equal (${Object.keys(matrices).length * 30 + 12} warps)`);
  assert.deepEqual(failures, []);
});
