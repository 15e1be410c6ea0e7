// Image entries on buffers past 2 GiB, where a byte count doubled in wasm32's
// 32-bit size_t wraps. Called straight through the wasm exports (the wrapper
// never makes such images). Its own file: the 2 GiB block grows this
// process's wasm memory for good.
//  - tw_image_warp filled a destination by doubling copies whose counter
//    wrapped past 2^31 bytes: a fill of 2 GiB + 256 KiB never returned.
//  - tw_image_resize's box path sized its uint16 row sums as 2 bytes per
//    source byte: for a 2 GiB row that wrapped to 0, and the sums were
//    written 4 GiB past a 0-byte block.
//  - tw_image_rotate90 walks its input with signed strides whose products
//    overflow a 32-bit ptrdiff_t past 2 GiB (undefined behaviour in C, which
//    the native sanitizers, with 64-bit strides, cannot see): refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { wasm, lastError } from '../js/module.js';
import { status as STATUS, image_interpolation as INTERPOLATION, image_border as BORDER } from '../wasm/enums.js';

await ready();
const m = wasm();

// 65536 x 8193 RGBA pixels: 2^31 + 2^18 bytes. The allocator hands out at
// most 2 GiB at once, so the buffer is two adjacent blocks: a range of the
// heap is all the C entries ask for (src/common/heap.h). The entries write
// over the second block's header, so neither block is freed (the process
// ends with this file).
const WIDTH = 65536, ROWS = 8193, BYTES = WIDTH * ROWS * 4, HALF = 2 ** 30 + 2 ** 20;
const block = m._malloc(HALF) >>> 0, next = m._malloc(HALF) >>> 0;
assert.ok(block !== 0 && next > block && next + HALF >= block + BYTES, `two adjacent 1 GiB blocks (${block}, ${next})`);

test('tw_image_warp fills a destination of 2 GiB + 256 KiB with the fill pixel (empty source)', () => { // a regression hangs here (a synchronous loop: no test timeout can stop it)
  const matrix = m._malloc(48) >>> 0;
  new Float64Array(m.HEAPU8.buffer, matrix, 6).set([1, 0, 0, 0, 1, 0]);
  try {
    const fill = 0x04030201; // channel c is byte c
    const status = m._tw_image_warp(0, 0, 0, 1, 4, matrix, 0, INTERPOLATION.NEAREST, BORDER.CONSTANT, fill, block, BYTES,
      WIDTH, ROWS, 0, ROWS);
    assert.equal(status, STATUS.OK, lastError());
    const heap = m.HEAPU8;
    for (const offset of [0, 4096, 2 ** 31 - 8, 2 ** 31, 2 ** 31 + 4, BYTES - 8]) {
      assert.deepEqual(Array.from(heap.subarray(block + offset, block + offset + 8)), [1, 2, 3, 4, 1, 2, 3, 4], `bytes at ${offset}`);
    }
  } finally {
    m._free(matrix);
  }
});

test('tw_image_resize refuses a box resize whose row sums would not fit in memory (a 2 GiB source row)', () => {
  // AREA from 2^30 x 1 two-channel pixels (2 GiB) to 2^15 x 1: factors 32768 x 1
  const dstBytes = 2 ** 15 * 2, dst = m._malloc(dstBytes) >>> 0;
  m.HEAPU8.fill(0xa5, dst, dst + dstBytes);
  try {
    const status = m._tw_image_resize(block, 2 ** 31, 2 ** 30, 1, 0, dst, dstBytes, 2 ** 15, 1, 0, 2, INTERPOLATION.AREA, 0, -0.75);
    assert.equal(status, STATUS.OUT_OF_MEMORY, lastError());
    assert.match(lastError(), /^scratch: cannot allocate 8589934592 bytes/); // a uint32 sum per source byte
    assert.ok(m.HEAPU8.subarray(dst, dst + dstBytes).every((b) => b === 0xa5), 'dst was written');
  } finally {
    m._free(dst);
  }
});

test('tw_image_rotate90 refuses an image of 2 GiB or more (UNSUPPORTED), writing nothing', () => {
  // one output row of a quarter turn: 8193 pixels
  const outBytes = ROWS * 4, out = m._malloc(outBytes) >>> 0;
  m.HEAPU8.fill(0xa5, out, out + outBytes);
  try {
    const status = m._tw_image_rotate90(block, BYTES, out, outBytes, WIDTH, ROWS, 4, 1, 0, 1);
    assert.equal(status, STATUS.UNSUPPORTED, lastError());
    assert.match(lastError(), /^img: 2147745792 bytes; rotate90 takes images of at most 2147483647 bytes/);
    assert.ok(m.HEAPU8.subarray(out, out + outBytes).every((b) => b === 0xa5), 'out was written');
  } finally {
    m._free(out);
  }
});
