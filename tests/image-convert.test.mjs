// toTensor and fromTensor (tensorwarp/image): against the float32 reference (tests/reference/image.js) bit for
// bit; against the formula evaluated by numpy in float32 (tests/fixtures/image/to-tensor.json); SIMD against
// scalar on widths around the vector width; what onnxruntime-web's Tensor accepts; out, batches, bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-web';
import { ready, tensor } from '../js/index.js';
import { toTensor, fromTensor } from '../js/image.js';
import { wasm, lastError } from '../js/module.js';
import { poisonFreshBuffers } from '../js/stream.js';
import { referenceToTensor, referenceFromTensor, makeImage } from './reference/image.js';
import { assertSameImage, fixtureImage, randomImage, assertRejects } from './support/image.js';
import { assertSameTensor } from './support/compare.js';
import { rng } from './support/random.js';

await ready();
poisonFreshBuffers(0xa5);

const fixture = JSON.parse(readFileSync(new URL('./fixtures/image/to-tensor.json', import.meta.url), 'utf8'));
const floats = (b64) => { const b = Buffer.from(b64, 'base64'); return new Float32Array(b.buffer, b.byteOffset, b.length / 4); };
const halves = (b64) => { const b = Buffer.from(b64, 'base64'); return new Uint16Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length)); };

function withScalar(body) {
  const m = wasm();
  m._tw_set_simd(0);
  try {
    return body();
  } finally {
    m._tw_set_simd(1);
  }
}

test('toTensor equals the formula evaluated in float32 by numpy (RGB, luma, float16)', () => {
  const img = fixtureImage(fixture.source);
  const { mean, std } = fixture;
  const rgb = toTensor(img, { mean, std });
  assert.deepEqual(rgb.dims, [1, 3, img.height, img.width]);
  assertSameTensor(rgb, { type: 'float32', dims: rgb.dims, data: floats(fixture.rgb_nchw_float32) }, 'rgb');
  const half = toTensor(img, { mean, std, type: 'float16' });
  assertSameTensor(half, { type: 'float16', dims: rgb.dims, data: halves(fixture.rgb_nchw_float16) }, 'float16');
  const luma = toTensor(img, { channels: 1, mean: fixture.luma_mean, std: fixture.luma_std });
  assertSameTensor(luma, { type: 'float32', dims: [1, 1, img.height, img.width], data: floats(fixture.luma_float32) }, 'luma');
});

const torchvisionCases = JSON.parse(readFileSync(new URL('./fixtures/image/to-tensor-torchvision.json', import.meta.url), 'utf8')).cases;

/** NCHW values [C, H, W] as NHWC [H, W, C]. */
function toNHWC(values, channels, height, width) {
  const out = new Float32Array(values.length);
  for (let c = 0; c < channels; c++) {
    for (let i = 0; i < height * width; i++) out[i * channels + c] = values[c * height * width + i];
  }
  return out;
}

test('toTensor equals torchvision ToTensor() then Normalize(mean, std) bit for bit: every byte, channels 1/3/4, NCHW and NHWC, SIMD and scalar', () => {
  let values = 0;
  for (const { source, channels, mean, std, nchw_float32: expectedBits } of torchvisionCases) {
    const img = fixtureImage(source);
    const nchw = floats(expectedBits);
    const options = mean === null ? { channels } : { channels, mean, std };
    const label = `${source.channels} -> ${channels} mean ${mean}`;
    const dims = [1, channels, img.height, img.width];
    const expected = { type: 'float32', dims, data: nchw };
    assertSameTensor(toTensor(img, options), expected, `simd NCHW ${label}`);
    assertSameTensor(withScalar(() => toTensor(img, options)), expected, `scalar NCHW ${label}`);
    const nhwc = { type: 'float32', dims: [1, img.height, img.width, channels], data: toNHWC(nchw, channels, img.height, img.width) };
    assertSameTensor(toTensor(img, { ...options, layout: 'NHWC' }), nhwc, `simd NHWC ${label}`);
    assertSameTensor(withScalar(() => toTensor(img, { ...options, layout: 'NHWC' })), nhwc, `scalar NHWC ${label}`);
    values += nchw.length;
  }
  assert.equal(values, 256 * (3 + 3 + 3 + 4 + 4 + 1 + 1 + 3 + 3), 'every case, every byte of every channel');
});

test('the scale form stays a product: scale float32(1/255) is not torchvision\'s division', () => {
  const img = makeImage(16, 16, 4, (r, c, k) => (r * 16 + c + 85 * k) % 256);
  const product = toTensor(img, { scale: 1 / 255 });
  const division = toTensor(img);
  let differing = 0;
  product.data.forEach((v, i) => {
    const x = img.data[Math.floor((i % 256)) * 4 + Math.floor(i / 256)];
    assert.equal(v, Math.fround(x * Math.fround(1 / 255)), `product at ${i}`);
    assert.equal(division.data[i], Math.fround(x / 255), `division at ${i}`);
    if (v !== division.data[i]) differing++;
  });
  assert.ok(differing > 0, 'some bytes differ between the two forms, so the default is not the product');
});

test('random images, every layout, channel mapping and type, SIMD and scalar: equal to the reference', () => {
  const r = rng(31);
  const widths = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17];
  let trial = 0;
  for (const cin of [1, 2, 3, 4]) {
    for (const channels of [1, 3, 4].filter((c) => c <= cin || (c === 3 && cin <= 2))) {
      for (const type of ['float32', 'float16', 'uint8']) {
        for (const layout of ['NCHW', 'NHWC']) {
          trial++;
          const width = widths[trial % widths.length], height = r.pick([1, 2, 3, 6]);
          const batch = Array.from({ length: r.int(1, 3) }, () => randomImage(r, width, height, cin));
          const mean = Array.from({ length: channels }, () => (r.next() - 0.5) * (type === 'uint8' ? 100 : 2));
          const std = Array.from({ length: channels }, () => (r.next() < 0.5 ? -1 : 1) * (0.05 + r.next()));
          const scale = trial % 3 === 0 ? undefined : type === 'uint8' ? 1 + r.next() : r.next() / 100;
          const options = { layout, channels, type, scale, mean, std };
          const expected = referenceToTensor(batch, options);
          const label = `${cin}->${channels} ${type} ${layout} ${width}x${height}`;
          assertSameTensor(toTensor(batch, options), expected, `simd ${label}`);
          assertSameTensor(withScalar(() => toTensor(batch, options)), expected, `scalar ${label}`);
          // and back, from the tensor just made
          const imageChannels = r.pick([1, 2, 3, 4]);
          const back = { layout, scale, mean, std, channels: imageChannels };
          const images = fromTensor(expected, back);
          const list = batch.length === 1 ? [images] : images;
          list.forEach((img, n) => assertSameImage(img, referenceFromTensor(expected, n, back), `fromTensor ${label} ${n}`));
        }
      }
    }
  }
});

test('RGBA to float32 RGB planes (the SIMD kernel\'s own loop): widths 1-17, 1x1, 1xN, Nx1, SIMD and scalar', () => {
  const r = rng(43);
  const options = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
  for (const side of [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17]) {
    for (const [width, height] of [[side, 1], [1, side], [side, 3], [side, side]]) {
      const batch = [randomImage(r, width, height, 4), randomImage(r, width, height, 4)];
      for (const scale of [undefined, 1 / 255, 0.75]) {
        const expected = referenceToTensor(batch, { layout: 'NCHW', channels: 3, type: 'float32', scale, ...options });
        assertSameTensor(toTensor(batch, { ...options, scale }), expected, `simd ${width}x${height} scale ${scale}`);
        assertSameTensor(withScalar(() => toTensor(batch, { ...options, scale })), expected, `scalar ${width}x${height} scale ${scale}`);
      }
    }
  }
});

test('defaults: NCHW, RGB, float32, x / 255; a single image is a batch of 1', () => {
  const img = randomImage(rng(5), 4, 3, 4);
  const t = toTensor(img);
  assertSameTensor(t, referenceToTensor([img], { layout: 'NCHW', channels: 3, type: 'float32', mean: [0, 0, 0], std: [1, 1, 1] }), 'defaults');
  assert.equal(t.data[0], Math.fround(img.data[0] / 255));
  const bytes = toTensor(img, { type: 'uint8', layout: 'NHWC', channels: 4 });
  assert.deepEqual([...bytes.data], [...img.data], 'uint8 with the default scale 1 is the pixels');
  const grey = randomImage(rng(6), 3, 2, 1);
  assert.deepEqual(toTensor(grey).dims, [1, 1, 2, 3], 'a grey image gives 1 channel by default');
});

test('fromTensor inverts toTensor (alpha 255), rounds half to even and clamps', () => {
  const img = makeImage(16, 16, 4, (r, c, k) => (k === 3 ? 255 : (r * 16 + c + 85 * k) % 256));
  const options = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
  assertSameImage(fromTensor(toTensor(img, options), options), img, 'round trip with ImageNet normalisation');
  const t = { type: 'float32', dims: [1, 1, 1, 6], data: Float32Array.of(0.5, 1.5, 2.5, -3, 300, NaN) };
  assert.deepEqual([...fromTensor(t, { scale: 1 }).data], [0, 2, 2, 0, 255, 0]);
  const rgba = fromTensor({ type: 'uint8', dims: [1, 1, 2], data: Uint8Array.of(7, 9) }, { scale: 1 });
  assert.deepEqual([rgba.width, rgba.height, rgba.channels ?? 4], [2, 1, 1], 'a 1-channel tensor gives a grey image by default');
  const grey = fromTensor({ type: 'uint8', dims: [1, 1, 2], data: Uint8Array.of(7, 9) }, { scale: 1, channels: 4 });
  assert.deepEqual([...grey.data], [7, 7, 7, 255, 9, 9, 9, 255]);
});

test('onnxruntime-web takes the tensors: new ort.Tensor(t.type, t.data, t.dims)', () => {
  const img = randomImage(rng(7), 5, 4, 4);
  for (const type of ['float32', 'float16', 'uint8']) {
    const t = toTensor([img, img], { type });
    const o = new ort.Tensor(t.type, t.data, t.dims);
    assert.equal(o.type, type);
    assert.deepEqual([...o.dims], [2, 3, 4, 5]);
    assert.equal(o.data, t.data);
    assertSameImage(fromTensor(o)[1], fromTensor(t)[1], `${type}: an ort.Tensor goes back as well`);
  }
});

test('out: a tensor for toTensor (also a heap tensor), images for fromTensor', () => {
  const img = randomImage(rng(8), 3, 2, 4);
  const expected = referenceToTensor([img], { layout: 'NCHW', channels: 3, type: 'float32', mean: [0, 0, 0], std: [1, 1, 1] });
  const out = { type: 'float32', dims: [1, 3, 2, 3], data: new Float32Array(18) };
  assert.equal(toTensor(img, { out }), out);
  assertSameTensor(out, expected, 'out');
  const heap = tensor('float32', [1, 3, 2, 3]);
  try {
    assert.equal(toTensor(img, { out: heap }), heap);
    assertSameTensor({ type: 'float32', dims: [1, 3, 2, 3], data: heap.data }, expected, 'heap out');
    const back = { width: 3, height: 2, data: new Uint8ClampedArray(24) };
    assert.equal(fromTensor(heap, { out: back }), back, 'a heap tensor as input');
  } finally {
    heap.dispose();
  }
  const wrong = { type: 'float32', dims: [1, 3, 3, 2], data: new Float32Array(18).fill(7) };
  assert.throws(() => toTensor(img, { out: wrong }), { name: 'RangeError', message: /toTensor: options\.out must be a float32 tensor of dims \[1, 3, 2, 3\]/ });
  assert.ok(wrong.data.every((v) => v === 7), 'nothing written');
  const pair = [makeImage(3, 2, 4, () => 1), makeImage(3, 2, 4, () => 1)];
  const result = fromTensor(toTensor([img, img]), { out: pair });
  assert.deepEqual(result, pair);
  assert.throws(() => fromTensor(toTensor([img, img]), { out: pair[0] }), { name: 'RangeError', message: /fromTensor: options\.out: expected an array of 2 images/ });
});

test('empty images give empty tensors and back', () => {
  const t = toTensor(makeImage(0, 3, 4, () => 0));
  assert.deepEqual([t.dims, t.data.length], [[1, 3, 3, 0], 0]);
  const img = fromTensor(t);
  assert.deepEqual([img.width, img.height, img.data.length], [0, 3, 0]);
});

test('bad input: TypeError or RangeError naming the argument, nothing leaked', () => {
  const img = randomImage(rng(9), 4, 3, 4);
  const before = wasm()._tw_heap_bytes_in_use();
  assertRejects((bad) => toTensor(bad), 'toTensor: img');
  assertRejects((bad) => toTensor([img, bad]), 'toTensor: img[1]');
  assert.throws(() => toTensor([]), { name: 'RangeError', message: /toTensor: img: expected an image or a non-empty array/ });
  assert.throws(() => toTensor([img, randomImage(rng(1), 4, 4, 4)]), { name: 'RangeError', message: /toTensor: img\[1\] is 4x4 of 4 channels, img\[0\] 4x3 of 4/ });
  assert.throws(() => toTensor(img, { layout: 'CHW' }), { name: 'TypeError', message: /toTensor: options\.layout: expected one of 'NCHW', 'NHWC'/ });
  assert.throws(() => toTensor(img, { type: 'int32' }), { name: 'TypeError', message: /toTensor: options\.type/ });
  assert.throws(() => toTensor(img, { channels: 5 }), { name: 'RangeError', message: /toTensor: options\.channels/ });
  assert.throws(() => toTensor(randomImage(rng(1), 2, 2, 3), { channels: 4 }), { name: 'RangeError', message: /toTensor: options\.channels: 4 channels cannot be made from images of 3/ });
  assert.throws(() => toTensor(img, { mean: [0, 0] }), { name: 'RangeError', message: /toTensor: options\.mean: expected one value per channel \(3\), got 2/ });
  assert.throws(() => toTensor(img, { std: [1, 0, 1] }), { name: 'RangeError', message: /toTensor: options\.std\[1\]: must be non-zero/ });
  assert.throws(() => toTensor(img, { std: 1e-50 }), { name: 'RangeError', message: /toTensor: options\.std: must be non-zero \(as float32\)/ });
  assert.throws(() => toTensor(img, { scale: Infinity }), { name: 'RangeError', message: /toTensor: options\.scale/ });
  assert.throws(() => toTensor(img, { mean: ['0', 0, 0] }), { name: 'TypeError', message: /toTensor: options\.mean\[0\]/ });
  assert.throws(() => toTensor(img, { normalize: true }), { name: 'TypeError', message: /toTensor: unknown option "normalize"/ });
  const t = toTensor(img);
  assert.throws(() => fromTensor({ type: 'int32', dims: [1, 3, 1, 1], data: new Int32Array(3) }), { name: 'TypeError', message: /fromTensor: t\.type: expected float32, float16 or uint8, got int32/ });
  assert.throws(() => fromTensor({ type: 'float32', dims: [3, 4], data: new Float32Array(12) }), { name: 'RangeError', message: /fromTensor: t\.dims/ });
  assert.throws(() => fromTensor({ type: 'float32', dims: [1, 5, 1, 1], data: new Float32Array(5) }), { name: 'RangeError', message: /fromTensor: t\.dims: the channel axis must be 1-4/ });
  assert.throws(() => fromTensor({ type: 'float32', dims: [1, 3, 1, 1], data: new Float32Array(2) }), { name: 'RangeError', message: /fromTensor: t/ });
  assert.throws(() => fromTensor(t, { scale: 0 }), { name: 'RangeError', message: /fromTensor: options\.scale: must be non-zero/ });
  assert.throws(() => fromTensor(t, { out: { width: 4, height: 4, data: new Uint8ClampedArray(64) } }), { name: 'RangeError', message: /fromTensor: options\.out must be a 4x3 image of 4 channels/ });
  assert.equal(wasm()._tw_heap_bytes_in_use(), before, 'heap in use');
});

test('the tensor types are one list (src/image/convert.h TW_IMAGE_TENSOR_TYPES): C, the JS checks and image.d.ts agree', async () => {
  const { image_tensor_types: list, dtype: DTYPE } = await import('../wasm/enums.js');
  const names = list.map((n) => n.toLowerCase());
  assert.deepEqual(names, ['float32', 'float16', 'uint8']);
  // image.d.ts cannot import the generated list: its union must name the same types
  const declared = /export type ImageTensorType = ([^;]*);/.exec(readFileSync(new URL('../js/image.d.ts', import.meta.url), 'utf8'))[1];
  assert.deepEqual(declared.split('|').map((s) => s.trim().replace(/'/g, '')).sort(), [...names].sort());
  const img = { width: 1, height: 1, channels: 1, data: Uint8ClampedArray.of(51) };
  for (const type of names) assert.equal(toTensor(img, { type }).type, type);
  assert.throws(() => toTensor(img, { type: 'int32' }), { name: 'TypeError', message: /^toTensor: options\.type: expected one of 'float32', 'float16', 'uint8', got "int32"$/ });
  assert.throws(() => fromTensor({ type: 'int32', dims: [1, 1, 1], data: new Int32Array(1) }), { message: /^fromTensor: t\.type: expected float32, float16 or uint8, got int32$/ });
  // C refuses any other dtype with the list in its message
  const m = wasm();
  const block = m._malloc(64) >>> 0;
  try {
    assert.equal(m._tw_image_to_tensor(block, 1, 1, 1, 1, 1, 0, DTYPE.INT32, block, block + 32, 4), 2 /* UNSUPPORTED */);
    assert.equal(lastError(m), `type: dtype ${DTYPE.INT32} is not one of FLOAT32 FLOAT16 UINT8`);
  } finally {
    m._free(block);
  }
});
