// The fused warp -> tensor (src/warp/warp-tensor.h, js/image/warp-tensor.js):
// bit for bit toTensor(warpAffine / warpPerspective(...)) on random cases
// (every interpolation, border, channel mapping, layout and type), with the
// SIMD and the scalar kernels, in bands of any size; a batch writes each
// sample into its slice; the C entry rejects bad buffers writing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm } from '../js/module.js';
import { warpAffine, warpPerspective, toTensor } from '../js/image.js';
import { warpToTensor, warpToTensorBatch } from '../js/image/warp-tensor.js';
import {
  dtype as DTYPE, status as STATUS, image_border as BORDER, image_interpolation as INTERPOLATION,
  image_layout as LAYOUT,
} from '../wasm/enums.js';
import { rng } from './support/random.js';

await ready();
const m = wasm();

const bytesOf = (t) => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);

function withSimd(simd, body) {
  m._tw_set_simd(simd ? 1 : 0);
  try {
    return body();
  } finally {
    m._tw_set_simd(1);
  }
}

/** A random forward matrix around the image (rotation, scale, shift; perspective: a small last row). */
function randomMatrix(r, w, h, perspective) {
  const angle = r.next() * 2 * Math.PI, scale = 0.3 + r.next() * 2;
  const c = Math.cos(angle) * scale, s = Math.sin(angle) * scale;
  const m6 = [c, -s, (r.next() - 0.3) * w, s, c, (r.next() - 0.3) * h];
  if (!perspective) return m6;
  return [...m6, (r.next() - 0.5) * 0.01, (r.next() - 0.5) * 0.01, 1];
}

function randomTensorOptions(r, imageChannels) {
  const channels = r.pick([1, 3, 4].filter((c) => c <= imageChannels || (c === 3 && imageChannels <= 2)));
  const type = r.pick(['float32', 'float16', 'uint8']);
  const perChannel = (lo, span) => Array.from({ length: channels }, () => lo + r.next() * span);
  const o = { layout: r.pick(['NCHW', 'NHWC']), channels, type };
  if (r.next() < 0.7) o.mean = perChannel(-0.5, 1);
  if (r.next() < 0.7) o.std = perChannel(0.1, 1);
  if (type === 'uint8' || r.next() < 0.3) o.scale = 0.2 + r.next() * 2;
  return o;
}

function randomCase(r) {
  const channels = r.int(1, 4);
  const sw = r.int(0, 3) === 0 ? r.int(1, 3) : r.int(1, 40), sh = r.int(1, 30);
  const image = { width: sw, height: sh, channels, data: r.bytes(sw * sh * channels) };
  const perspective = r.next() < 0.4;
  const options = {
    width: r.int(1, 37), height: r.int(1, 29),
    interpolation: r.pick(['nearest', 'linear', 'cubic']),
    border: r.pick(['constant', 'edge', 'reflect', 'symmetric', 'wrap']),
    fill: Array.from({ length: channels }, () => r.int(0, 255)),
  };
  return { image, matrix: randomMatrix(r, sw, sh, perspective), options, tensor: randomTensorOptions(r, channels) };
}

function expected({ image, matrix, options, tensor }) {
  const warped = (matrix.length === 6 ? warpAffine : warpPerspective)(image, matrix, options);
  return toTensor(warped, tensor);
}

test('warpToTensor equals toTensor(warp) bit for bit: SIMD and scalar, any band size', () => {
  const r = rng(0x5eed1);
  for (let k = 0; k < 300; k++) {
    const c = randomCase(r);
    const want = expected(c);
    const bands = [0, 1, r.int(2, 7), c.options.height];
    for (const simd of [true, false]) {
      for (const bandRows of bands) {
        const got = withSimd(simd, () => warpToTensorBatch([c], c.tensor, bandRows));
        const what = `case ${k} simd ${simd} bands ${bandRows}: ${JSON.stringify({ ...c, image: [c.image.width, c.image.height, c.image.channels] })}`;
        assert.equal(got.type, want.type, what);
        assert.deepEqual(got.dims, want.dims, what);
        assert.deepEqual(bytesOf(got), bytesOf(want), what);
      }
    }
  }
});

test('warpToTensor: the augment workload shape (500x375 RGBA -> 224^2 NCHW float32, normalised)', () => {
  const r = rng(7);
  const image = { width: 500, height: 375, data: r.bytes(500 * 375 * 4) };
  const tensor = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
  for (const border of ['constant', 'reflect']) {
    const options = { width: 224, height: 224, border, fill: [1, 2, 3, 4] };
    const matrix = randomMatrix(r, 500, 375, false);
    const want = toTensor(warpAffine(image, matrix, options), tensor);
    for (const simd of [true, false]) {
      assert.deepEqual(bytesOf(withSimd(simd, () => warpToTensor(image, matrix, options, tensor))), bytesOf(want), border);
    }
  }
});

test('warpToTensorBatch writes sample n into its slice; out is filled in place', () => {
  const r = rng(99);
  const tensor = { layout: 'NCHW', mean: 0.5, std: 0.25 };
  const samples = [0, 1, 2].map(() => {
    const w = r.int(5, 30), h = r.int(5, 30);
    return { image: { width: w, height: h, data: r.bytes(w * h * 4) }, matrix: randomMatrix(r, w, h, r.next() < 0.5),
      options: { width: 11, height: 9, border: 'reflect' } };
  });
  const want = samples.map((s) => bytesOf(expected({ ...s, tensor })));
  const out = { type: 'float32', dims: [3, 3, 9, 11], data: new Float32Array(3 * 3 * 9 * 11) };
  const got = warpToTensorBatch(samples, { ...tensor, out });
  assert.equal(got, out);
  const all = bytesOf(out);
  want.forEach((bytes, n) => assert.deepEqual(all.subarray(n * bytes.length, (n + 1) * bytes.length), bytes, `sample ${n}`));
});

test('warpToTensorBatch: bad arguments are TypeError/RangeError naming them, nothing leaked', () => {
  const img = { width: 4, height: 4, data: new Uint8Array(64) };
  const before = m._tw_heap_bytes_in_use();
  const sample = (over) => ({ image: img, matrix: [1, 0, 0, 0, 1, 0], options: { width: 3, height: 3 }, ...over });
  assert.throws(() => warpToTensorBatch([], {}), { name: 'TypeError', message: /samples/ });
  assert.throws(() => warpToTensorBatch([sample({ matrix: [1, 0, 0, 0, 0, 0] })], {}), { name: 'RangeError', message: /singular/ });
  assert.throws(() => warpToTensorBatch([sample({ options: { bogus: 1 } })], {}), { name: 'TypeError', message: /bogus/ });
  assert.throws(() => warpToTensorBatch([sample(), sample({ options: { width: 4, height: 3 } })], {}),
    { name: 'RangeError', message: /samples\[1\].*one size/ });
  assert.throws(() => warpToTensorBatch([sample()], { layout: 'NWHC' }), { name: 'TypeError', message: /options\.layout/ });
  assert.throws(() => warpToTensorBatch([sample()], { std: 0 }), { name: 'RangeError', message: /options\.std/ });
  assert.throws(() => warpToTensorBatch([sample({ options: { border: 'mirror' } })], {}), { name: 'TypeError', message: /border/ });
  assert.equal(m._tw_heap_bytes_in_use(), before);
});

// The C entry straight through the export, bypassing the wrapper's checks.
function entry({ src, srcBytes = 48, matrix, params, out, outBytes = 4 * 3 * 2 * 2, bandRows = 0, perspective = 0 }) {
  return m._tw_image_warp_to_tensor(src, srcBytes, 4, 4, 3, matrix, perspective, INTERPOLATION.LINEAR, BORDER.CONSTANT,
    0, 2, 2, 3, LAYOUT.NCHW, DTYPE.FLOAT32, params, out, outBytes, bandRows);
}

test('tw_image_warp_to_tensor: bad buffers and counts are INVALID_ARGUMENT naming them, nothing written', () => {
  const block = m._malloc(512) >>> 0;
  const src = block + 64, matrix = block + 112, params = block + 184, out = block + 224;
  try {
    new Float64Array(m.HEAPU8.buffer, matrix, 6).set([1, 0, 0, 0, 1, 0]);
    new Float32Array(m.HEAPU8.buffer, params, 10).set([1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    const good = { src, matrix, params, out };
    assert.equal(entry(good), STATUS.OK);
    const cases = [
      ['out', { out: 0xfffffff0 }], ['out', { out: 16 }], ['src', { src: 16 }], ['matrix', { matrix: 0xfffffff0 }],
      ['params', { params: 16 }], ['out_bytes', { outBytes: 47 }], ['src_bytes', { srcBytes: 47 }],
      ['out: overlaps src', { out: block + 24 }], ['out: overlaps matrix', { out: matrix + 8 }], ['band_rows', { bandRows: -1 }],
      ['perspective', { perspective: 2 }],
    ];
    for (const [name, over] of cases) {
      new Float32Array(m.HEAPU8.buffer, out, 12).fill(-7);
      const low = m.HEAPU8.slice(0, 64);
      assert.equal(entry({ ...good, ...over }), STATUS.INVALID_ARGUMENT, `${name} ${JSON.stringify(over)}`);
      const text = new TextDecoder().decode(m.HEAPU8.subarray(m._tw_last_error() >>> 0, m.HEAPU8.indexOf(0, m._tw_last_error() >>> 0)));
      assert.ok(text.startsWith(name), `${JSON.stringify(over)}: "${text}" names ${name}`);
      if (over.out === undefined) assert.deepEqual(Array.from(new Float32Array(m.HEAPU8.buffer, out, 12)), Array(12).fill(-7));
      assert.deepEqual(m.HEAPU8.slice(0, 64), low, 'nothing below the heap is written');
    }
  } finally {
    m._free(block);
  }
});
