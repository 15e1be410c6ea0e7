// Pad's plain kernel in bands of slices (js/pad.js padBySlices): where the
// leading axes of a JS x are neither padded nor cropped, C pads a few of x's
// slices along them at a time and each band is copied out to the fresh
// result. Against the full kernel, which a heap-tensor x takes: random shapes,
// pads, modes, orders and element types, band budgets down to one slice per
// band, bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad } from '../js/index.js';
import { wasm } from '../js/module.js';
import { setPadPaths } from '../js/pad.js';
import { poisonFreshBuffers, setBandBudget } from '../js/stream.js';
import { rng } from './support/random.js';
import { SIZES, randomCase, checkAgainstKernel } from './support/pad-cases.js';

await ready();

// Counts the calls of tw_pad: more than one for a JS x means bands.
function countPadCalls() {
  const m = wasm();
  // Emscripten's export stub replaces itself on its first call: resolve it
  // first (dtype 99 is refused at once), or the wrapper would be overwritten.
  assert.notEqual(m._tw_pad(99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0);
  const original = m._tw_pad;
  const counter = { calls: 0, restore: () => { m._tw_pad = original; } };
  m._tw_pad = (...args) => { counter.calls++; return original(...args); };
  return counter;
}

/** The case with its first `lead` axes neither padded nor cropped. */
function withUntouchedLead(c, lead) {
  const options = { ...c.options };
  const zero = (list) => list.map((v, d) => (d < lead ? 0 : v));
  if (options.pads) {
    const rank = c.dims.length;
    options.pads = [...zero(options.pads.slice(0, rank)), ...zero(options.pads.slice(rank))];
  } else {
    options.padsBegin = zero(options.padsBegin);
    options.padsEnd = zero(options.padsEnd);
  }
  return { ...c, options, label: `${c.label} lead ${lead}` };
}

test('the banded plain kernel equals the full kernel, bit for bit', () => {
  const r = rng(0x51ce5);
  poisonFreshBuffers(0xa5); // a byte no band writes shows in the result
  setPadPaths({ maps: false, minResultBytes: Infinity }); // only the plain kernel (banded or not)
  const counter = countPadCalls();
  let compared = 0, banded = 0;
  try {
    for (let trial = 0; trial < 1500; trial++) {
      const type = Object.keys(SIZES)[trial % Object.keys(SIZES).length];
      const base = randomCase(r, type, { minRowBytes: 0 });
      if (base.dims.length < 2) continue;
      const c = withUntouchedLead(base, r.int(1, base.dims.length - 1));
      setBandBudget(r.int(1, 400));
      const before = counter.calls;
      let calls = 0;
      const done = checkAgainstKernel(c, (x, options) => {
        const start = counter.calls;
        try {
          return pad(x, options);
        } finally {
          calls = counter.calls - start;
        }
      });
      assert.ok(counter.calls > before || !done, c.label);
      if (!done) continue;
      compared++;
      if (calls > 1) banded++;
    }
  } finally {
    counter.restore();
    setBandBudget();
    setPadPaths();
    poisonFreshBuffers(null);
  }
  assert.ok(compared > 800 && banded > 300, `${banded} of ${compared} in bands`);
});

test('by default x and the result of [1,3,224,224] pads 16 go in bands of one plane', () => {
  const counter = countPadCalls();
  try {
    const x = { type: 'float32', dims: [1, 3, 224, 224], data: Float32Array.from({ length: 3 * 224 * 224 }, (_, i) => i) };
    const y = pad(x, { pads: [0, 0, 16, 16, 0, 0, 16, 16], mode: 'reflect' });
    assert.equal(counter.calls, 3);
    assert.equal(y.data[0], 16 * 224 + 16); // x[0, 0, 16, 16]
    assert.equal(y.data[2 * 256 * 256 + 16 * 256 + 16], 2 * 224 * 224); // x[0, 2, 0, 0]
  } finally {
    counter.restore();
  }
});
