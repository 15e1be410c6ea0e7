// Pad on inputs whose sizes reach the limits of wasm32 (a 32-bit size_t).
// Its own file: the 1 GiB heap tensor grows this process's wasm memory for good.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';

await ready();

test('a packed 2-bit input of 2^32 elements cropped to 4 (sizes past 2^32 in a 32-bit size_t)', () => {
  // 2^32 int2 elements are 1 GiB; the crop keeps elements 2..5. Unpacking the
  // whole input to a byte per element would need 4 GiB + the output: the sum
  // wrapped to 5 bytes in wasm32 and the unpack loop wrote past the block.
  const x = tensor('int2', [2 ** 32]);
  try {
    const bytes = x.data;
    bytes[0] = 0b01_00_11_10; // elements 0..3: -2, -1, 0, 1
    bytes[1] = 0b10_11_01_00; // elements 4..7: 0, 1, -1, -2
    const inUse = wasm()._tw_heap_bytes_in_use();
    const y = pad(x, { pads: [-2, -(2 ** 32 - 6)] });
    assert.deepEqual(y.dims, [4]);
    assert.deepEqual(Array.from(y.data), [0b01_00_01_00]); // 0, 1, 0, 1
    // the OpenVINO form of the same crop, and a crop that pads again
    assert.deepEqual(Array.from(pad(x, { padsBegin: [-2], padsEnd: [-(2 ** 32 - 6)] }).data), [0b01_00_01_00]);
    const edged = pad(x, { pads: [-4, -(2 ** 32 - 6)], mode: 'edge' });
    assert.deepEqual(edged.dims, [2]);
    const wrapped = pad(x, { pads: [-(2 ** 32 - 2), 2], mode: 'wrap' }); // the last two elements, then the same two again
    assert.deepEqual(wrapped.dims, [4]);
    assert.equal(wasm()._tw_heap_bytes_in_use(), inUse, 'no scratch left allocated');
    assert.deepEqual(Array.from(edged.data), [0b0100]); // 0, 1
    const last = x.data[2 ** 30 - 1] >> 4; // elements 2^32 - 2, 2^32 - 1
    assert.deepEqual(Array.from(wrapped.data), [last | (last << 4)]);
  } finally {
    x.dispose();
  }
});
