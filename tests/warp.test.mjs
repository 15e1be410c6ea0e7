// tw_image_warp (src/warp/warp.h) against the plain-JS reference
// (tests/reference/image-warp.js), bit for bit, with the SIMD and the scalar
// kernels: widths around the vector width, 1x1, 1xN and Nx1 images, every
// interpolation x border, channels 1-4, affine and perspective, bands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, withFrame, check } from '../js/module.js';
import { image_border as BORDER, image_interpolation as INTERPOLATION } from '../wasm/enums.js';
import { referenceWarp } from './reference/image-warp.js';
import { rng } from './support/random.js';

await ready();

const INTERPOLATIONS = ['nearest', 'linear', 'cubic'];
const BORDERS = ['constant', 'edge', 'reflect', 'symmetric', 'wrap'];
const WIDTHS = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17];

/**
 * Calls tw_image_warp for the whole destination in bands of `bandRows` rows
 * (default: one band); `simd` picks the kernels. m maps destination to source.
 */
function warpC(src, m, { width, height, interpolation, border, fill, simd = true, bandRows = height }) {
  const mod = wasm();
  const C = src.channels, rowBytes = width * C;
  const out = new Uint8Array(width * height * C);
  const fillWord = Array.from({ length: C }, (_, c) => fill[c] * 2 ** (8 * c)).reduce((a, b) => a + b, 0);
  withFrame('warp', (frame, w) => {
    const srcPointer = frame.copyIn(src.data);
    const matrix = frame.copyIn(Float64Array.from(m));
    const band = frame.alloc(bandRows * rowBytes);
    try {
      mod._tw_set_simd(simd ? 1 : 0);
      for (let row0 = 0; row0 < height; row0 += bandRows) {
        const rows = Math.min(bandRows, height - row0);
        check(w._tw_image_warp(srcPointer, src.data.length, src.width, src.height, C, matrix, m.length === 9 ? 1 : 0,
          INTERPOLATION[interpolation.toUpperCase()], BORDER[border.toUpperCase()], fillWord, band, rows * rowBytes,
          width, height, row0, rows), 'warp');
        out.set(w.HEAPU8.subarray(band, band + rows * rowBytes), row0 * rowBytes);
      }
    } finally {
      mod._tw_set_simd(1);
    }
  });
  return out;
}

function randomImage(r, width, height, channels) {
  return { width, height, channels, data: Uint8Array.from({ length: width * height * channels }, () => r.int(0, 255)) };
}

/** A destination-to-source rotation and scale about the centres, plus a shift (and a perspective row). */
function randomMatrix(r, src, width, height, perspective) {
  const angle = r.next() * 2 * Math.PI, scale = 0.4 + r.next() * 1.6;
  const cos = Math.cos(angle) / scale, sin = Math.sin(angle) / scale;
  const cx = (src.width - 1) / 2 + (r.next() - 0.5) * 3, cy = (src.height - 1) / 2 + (r.next() - 0.5) * 3;
  const ox = (width - 1) / 2, oy = (height - 1) / 2;
  const m = [cos, -sin, cx - cos * ox + sin * oy, sin, cos, cy - sin * ox - cos * oy];
  if (!perspective) return m;
  const g = (r.next() - 0.5) * 0.02, h = (r.next() - 0.5) * 0.02;
  return [...m, g, h, 1 - g * ox - h * oy];
}

function firstDifference(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return `byte ${i}: ${a[i]} vs ${b[i]}`;
  return null;
}

function assertBytes(got, want, label) {
  assert.equal(got.length, want.length, `${label}: length`);
  const diff = firstDifference(got, want);
  assert.equal(diff, null, `${label}: ${diff}`);
}

test('warps match the reference bit for bit, SIMD and scalar: widths around the vector width, every interpolation x border, channels 1-4', () => {
  const r = rng(14);
  let cases = 0;
  for (const perspective of [false, true]) {
    for (const width of WIDTHS) {
      for (const interpolation of INTERPOLATIONS) {
        for (const border of BORDERS) {
          const channels = 1 + (cases % 4);
          const src = randomImage(r, r.int(1, 12), r.int(1, 9), channels);
          const height = r.int(1, 6);
          const m = randomMatrix(r, src, width, height, perspective);
          const fill = Array.from({ length: channels }, () => r.int(0, 255));
          const opts = { width, height, interpolation, border, fill };
          const want = referenceWarp(src, m, opts);
          const label = `${perspective ? 'perspective' : 'affine'} ${src.width}x${src.height}x${channels} -> ${width}x${height} ${interpolation} ${border}`;
          assertBytes(warpC(src, m, { ...opts, simd: false }), want, `scalar ${label}`);
          assertBytes(warpC(src, m, opts), want, `SIMD ${label}`);
          cases++;
        }
      }
    }
  }
  assert.equal(cases, 2 * WIDTHS.length * 15);
});

test('1x1, 1xN and Nx1 sources and destinations, every interpolation x border', () => {
  const r = rng(7);
  const shapes = [[1, 1], [1, 9], [9, 1], [17, 1], [1, 17]];
  for (const [sw, sh] of shapes) {
    for (const [dw, dh] of shapes) {
      for (const interpolation of INTERPOLATIONS) {
        for (const border of BORDERS) {
          const src = randomImage(r, sw, sh, 4);
          const m = randomMatrix(r, src, dw, dh, r.next() < 0.5);
          const opts = { width: dw, height: dh, interpolation, border, fill: [1, 2, 3, 4] };
          const want = referenceWarp(src, m, opts);
          const label = `${sw}x${sh} -> ${dw}x${dh} ${interpolation} ${border}`;
          assertBytes(warpC(src, m, { ...opts, simd: false }), want, `scalar ${label}`);
          assertBytes(warpC(src, m, opts), want, `SIMD ${label}`);
        }
      }
    }
  }
});

test('ties, huge and non-finite coordinates follow the reference (nearest ties go up; W = 0 reads the fill or coordinate 0)', () => {
  const r = rng(3);
  const src = randomImage(r, 6, 5, 3);
  const matrices = [
    [1, 0, 0.5, 0, 1, -0.5], // every coordinate a tie
    [1, 0, 1e9, 0, 1, -3e9], // far outside: periodic borders reduce, the others clamp
    [1, 0, 0, 0, 1, 0, 1, 0, -3], // W = 0 on column 3: non-finite coordinates there
    [0.5, 0, -0.25, 0, 0.5, -0.25], // zoom in, quarter-pixel phases
  ];
  for (const m of matrices) {
    for (const interpolation of INTERPOLATIONS) {
      for (const border of BORDERS) {
        const opts = { width: 9, height: 7, interpolation, border, fill: [9, 8, 7] };
        const want = referenceWarp(src, m, opts);
        assertBytes(warpC(src, m, { ...opts, simd: false }), want, `scalar [${m}] ${interpolation} ${border}`);
        assertBytes(warpC(src, m, opts), want, `SIMD [${m}] ${interpolation} ${border}`);
      }
    }
  }
});

test('bands give the one-call result (1, 3 and 7 rows per band)', () => {
  const r = rng(11);
  const src = randomImage(r, 40, 30, 4);
  for (const interpolation of INTERPOLATIONS) {
    for (const border of ['constant', 'reflect']) {
      const m = randomMatrix(r, src, 37, 23, interpolation === 'cubic');
      const opts = { width: 37, height: 23, interpolation, border, fill: [0, 50, 100, 255] };
      const whole = warpC(src, m, opts);
      for (const bandRows of [1, 3, 7]) assertBytes(warpC(src, m, { ...opts, bandRows }), whole, `${interpolation} ${border} bands of ${bandRows}`);
    }
  }
});

test('integer translations copy pixels exactly, every interpolation', () => {
  const r = rng(5);
  const src = randomImage(r, 33, 21, 4);
  for (const interpolation of INTERPOLATIONS) {
    const out = warpC(src, [1, 0, -4, 0, 1, 3], { width: 33, height: 21, interpolation, border: 'wrap', fill: [0, 0, 0, 0] });
    for (let i = 0; i < 21; i++) {
      for (let j = 0; j < 33; j++) {
        const si = (i + 3) % 21, sj = (j - 4 + 33) % 33;
        for (let c = 0; c < 4; c++) {
          assert.equal(out[(i * 33 + j) * 4 + c], src.data[(si * 33 + sj) * 4 + c], `${interpolation} (${j}, ${i}) channel ${c}`);
        }
      }
    }
  }
});
