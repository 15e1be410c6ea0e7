// The image entries' one buffer check (src/image/image-check.h
// tw_image_check_buffers): a NULL buffer with bytes and an output that
// overlaps the input give one message form in every entry, led by the C
// parameter ("src: NULL with 4 bytes", "dst: overlaps src"). They had five
// ("img: NULL data", "src and dst must not be NULL", "out: overlaps the
// input", "src and dst overlap", ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, lastError } from '../js/module.js';
import { status as STATUS, dtype as DTYPE } from '../wasm/enums.js';

await ready();

test('NULL buffers and overlapping outputs: one message form in every image entry', () => {
  const m = wasm();
  const image = m._malloc(64) >>> 0, other = m._malloc(64) >>> 0, params = m._malloc(40) >>> 0, matrix = m._malloc(72) >>> 0;
  try {
    new Float32Array(m.HEAPU8.buffer, params, 10).set([1, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    new Float64Array(m.HEAPU8.buffer, matrix, 9).set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // each entry on a 2x2 one-channel image (4 bytes; a float32 tensor of it: 16 bytes)
    const entries = {
      flip: ['img', 'out', 4, 4, (src, dst) => m._tw_image_flip(src, 4, dst, 4, 2, 2, 1, 1)],
      rotate90: ['img', 'out', 4, 4, (src, dst) => m._tw_image_rotate90(src, 4, dst, 4, 2, 2, 1, 1, 0, 2)],
      blur: ['src', 'dst', 4, 4, (src, dst) => m._tw_image_blur(src, 4, 2, 2, 1, 1, 1, 0, 0, dst, 4, 0, 2)],
      warp: ['src', 'dst', 4, 4, (src, dst) => m._tw_image_warp(src, 4, 2, 2, 1, matrix, 0, 1, 0, 0, dst, 4, 2, 2, 0, 2)],
      resize: ['src', 'dst', 4, 4, (src, dst) => m._tw_image_resize(src, 4, 2, 2, 0, dst, 4, 2, 2, 0, 1, 1, 0, -0.75)],
      resizePil: ['src', 'dst', 4, 4, (src, dst) => m._tw_image_resize_pil(src, 4, 2, 2, 0, dst, 4, 4, 1, 0, 1, 4, -0.5)],
      toTensor: ['img', 'out', 4, 16, (src, dst) => m._tw_image_to_tensor(src, 4, 2, 2, 1, 1, 0, DTYPE.FLOAT32, params, dst, 16)],
      fromTensor: ['img', 'out', 16, 4, (src, dst) => m._tw_image_from_tensor(src, 16, DTYPE.FLOAT32, 0, 2, 2, 1, params, 1, dst, 4)],
    };
    for (const [entry, [inName, outName, inBytes, outBytes, call]] of Object.entries(entries)) {
      assert.equal(call(image, other), STATUS.OK, `${entry}: a good call`);
      const cases = [
        [0, other, `${inName}: NULL with ${inBytes} bytes`],
        [image, 0, `${outName}: NULL with ${outBytes} bytes`],
        [image, image, `${outName}: overlaps ${inName}`],
      ];
      for (const [src, dst, message] of cases) {
        assert.equal(call(src, dst), STATUS.INVALID_ARGUMENT, `${entry}: ${message}`);
        assert.equal(lastError(m), message, entry);
      }
    }
  } finally {
    [image, other, params, matrix].forEach((p) => m._free(p));
  }
});

test('channel counts and negative sides: one message form in every image entry', () => {
  const m = wasm();
  const block = m._malloc(64) >>> 0, matrix = m._malloc(72) >>> 0;
  try {
    new Float64Array(m.HEAPU8.buffer, matrix, 9).set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // (width, height, channels) -> a call on a 2x2 image whose sizes are those
    const entries = {
      flip: ['img', (w, h, c) => m._tw_image_flip(block, 4, block + 32, 4, w, h, c, 1)],
      rotate90: ['img', (w, h, c) => m._tw_image_rotate90(block, 4, block + 32, 4, w, h, c, 1, 0, 2)],
      blur: ['img', (w, h, c) => m._tw_image_blur(block, 4, w, h, c, 1, 1, 0, 0, block + 32, 4, 0, 2)],
      resize: ['src_width/src_height', (w, h, c) => m._tw_image_resize(block, 4, w, h, 0, block + 32, 4, 2, 2, 0, c, 1, 0, -0.75)],
      resizePil: ['src_width/src_height', (w, h, c) => m._tw_image_resize_pil(block, 4, w, h, 0, block + 32, 4, 2, 2, 0, c, 1, -0.5)],
    };
    for (const [entry, [sides, call]] of Object.entries(entries)) {
      assert.equal(call(2, 5, 5), STATUS.INVALID_ARGUMENT, entry);
      assert.equal(lastError(m), 'channels: must be 1..4, got 5', entry);
      assert.equal(call(-1, 2, 1), STATUS.INVALID_ARGUMENT, entry);
      assert.equal(lastError(m), `${sides}: width and height must be >= 0, got -1 x 2`, entry);
    }
    assert.equal(m._tw_image_warp(block, 4, 2, 2, 0, matrix, 0, 1, 0, 0, block + 32, 4, 2, 2, 0, 2), STATUS.INVALID_ARGUMENT);
    assert.equal(lastError(m), 'channels: must be 1..4, got 0', 'warp');
  } finally {
    m._free(block);
    m._free(matrix);
  }
});
