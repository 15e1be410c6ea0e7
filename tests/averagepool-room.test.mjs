// AveragePool finds out before growing wasm memory that a call cannot fit:
// C's scratch (window tables, accumulators; tw_avgpool_scratch_bytes) is
// counted with the blocks the wrapper would allocate for x and the result.
// Before, a valid 1-D averagePool whose result and scratch could not fit
// together grew the memory by x and the result and then failed inside C
// ("scratch: ... exceed the address space").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, averagePool, tensor } from '../js/index.js';
import { wasm } from '../js/module.js';
import { dtype as DTYPE, status as STATUS, avgpool_auto_pad as AUTO_PAD } from '../wasm/enums.js';

await ready();
const m = wasm();

// uint8 [1, 1, 2^28], kernel 1: a 256 MiB result whose scratch (a 16-byte
// window per output, float64 accumulators) is over 4 GiB.
const L = 2 ** 28;
const x = { type: 'uint8', dims: [1, 1, L], data: new Uint8Array(L) };

function unchangedMemory(run) {
  const memory = m.HEAPU8.length, inUse = m._tw_heap_bytes_in_use();
  run();
  assert.equal(m.HEAPU8.length, memory, 'wasm memory did not grow');
  assert.equal(m._tw_heap_bytes_in_use(), inUse, 'nothing leaked');
}

test('averagePool: a call whose scratch cannot fit fails before the memory grows (fresh result, banded)', () => {
  unchangedMemory(() => assert.throws(() => averagePool(x, { kernelShape: [1] }),
    { name: 'RangeError', message: /^averagePool: the result cannot be computed in wasm memory: the call needs \d+ bytes at once \(x \d+, the result \d+, working memory \d+\)/ }));
});

test('averagePool: the same with options.out (one call)', () => {
  const out = { type: 'uint8', dims: [1, 1, L], data: new Uint8Array(L).fill(7) };
  unchangedMemory(() => assert.throws(() => averagePool(x, { kernelShape: [1], out }),
    { name: 'RangeError', message: /^averagePool: options\.out cannot be computed in wasm memory: .*working memory \d+/ }));
  assert.equal(out.data[0], 7);
  assert.equal(out.data[L - 1], 7);
});

test('tw_avgpool_scratch_bytes: what tw_avgpool allocates, validated like it', () => {
  const at = m._malloc(64) >>> 0;
  const int64s = (offset, values) => {
    new BigInt64Array(m.HEAPU8.buffer, at + offset, values.length).set(values.map(BigInt));
    return at + offset;
  };
  const shape = int64s(0, [1, 1, 10]), kernel = int64s(24, [3]), ones = int64s(32, [1]), zeros = int64s(40, [0, 0]);
  const result = at + 56;
  const query = (dtype, countIncludePad = 0) =>
    m._tw_avgpool_scratch_bytes(dtype, 1, shape, kernel, ones, zeros, ones, 0, countIncludePad, AUTO_PAD.NOTSET, result);
  const bytes = () => new BigUint64Array(m.HEAPU8.buffer, result, 1)[0];
  try {
    assert.equal(query(DTYPE.FLOAT32), STATUS.OK);
    assert.ok(bytes() >= 8n * 16n, `8 windows of 16 bytes at least, got ${bytes()}`);
    assert.ok(bytes() < 1024n);
    assert.equal(query(DTYPE.INT32), STATUS.UNSUPPORTED);
    assert.equal(query(DTYPE.FLOAT32, 2), STATUS.INVALID_ARGUMENT);
    assert.equal(m._tw_avgpool_scratch_bytes(DTYPE.FLOAT32, 1, shape, kernel, ones, zeros, ones, 0, 0, 0, 0), STATUS.INVALID_ARGUMENT);
  } finally {
    m._free(at);
  }
});

test('averagePool: an ordinary call still runs (the check costs no allocation that stays)', () => {
  const y = averagePool(tensor('float32', [1, 1, 4], Float32Array.of(1, 2, 3, 4)), { kernelShape: [2], strides: [2] });
  assert.deepEqual(Array.from(y.data), [1.5, 3.5]);
});
