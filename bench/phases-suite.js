// Where an image call's time goes, the same way in Node and in Chromium
// (bench/phases.mjs loads this file in both): per case the end-to-end call
// (fresh result), the same call into a reused `out`, the fresh result alone
// (stream.js uninitialisedBuffer and the result image), the copy floor (a
// slice of as many bytes), and, from one instrumented run of the `out` call,
// the time spent in TypedArray.prototype.set (the copies into and out of the
// heap) and in the C entries (the module's _tw_* exports). Each figure is the
// median over rounds of the mean of a batch of calls (Chromium's clock is coarse).
import * as tw from '../js/image.js';
import { wasm } from '../js/module.js';
import { uninitialisedBuffer } from '../js/stream.js';
import { makeImage, warpMatrices } from './image-suite.js';

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

function cases(img) {
  const { affine, perspective } = warpMatrices(img.width, img.height);
  return {
    'flip horizontal': (o) => tw.flip(img, 'horizontal', o),
    'flip vertical': (o) => tw.flip(img, 'vertical', o),
    rotate90: (o) => tw.rotate90(img, 1, o),
    'blur 5x5': (o) => tw.blur(img, { size: 5, ...o }),
    'resize area to half': (o) => tw.resize(img, { width: img.width / 2, height: img.height / 2, interpolation: 'area', ...o }),
    'warpAffine linear constant': (o) => tw.warpAffine(img, affine, { interpolation: 'linear', border: 'constant', ...o }),
    'warpAffine nearest constant': (o) => tw.warpAffine(img, affine, { interpolation: 'nearest', border: 'constant', ...o }),
    'warpPerspective linear reflect': (o) => tw.warpPerspective(img, perspective, { interpolation: 'linear', border: 'reflect', ...o }),
    'warpPerspective nearest reflect': (o) => tw.warpPerspective(img, perspective, { interpolation: 'nearest', border: 'reflect', ...o }),
  };
}

/** Runs `body` with TypedArray.prototype.set and the module's C entries timed; returns { set, c } total ms. */
function instrumented(body) {
  const proto = Object.getPrototypeOf(Uint8Array.prototype);
  const originalSet = proto.set;
  const m = wasm();
  const entries = Object.keys(m).filter((k) => k.startsWith('_tw_') && typeof m[k] === 'function');
  const saved = entries.map((k) => m[k]);
  const total = { set: 0, c: 0, sets: 0, calls: 0 };
  proto.set = function timedSet(...args) {
    const t = performance.now();
    const r = originalSet.apply(this, args);
    total.set += performance.now() - t;
    total.sets++;
    return r;
  };
  entries.forEach((k, i) => {
    const f = saved[i];
    m[k] = (...args) => {
      const t = performance.now();
      const r = f(...args);
      total.c += performance.now() - t;
      total.calls++;
      return r;
    };
  });
  try {
    body();
  } finally {
    proto.set = originalSet;
    entries.forEach((k, i) => { m[k] = saved[i]; });
  }
  return total;
}

function timeBatch(run, calls) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) run();
  return (performance.now() - start) / calls;
}

/** Per case: median ms of each phase over `rounds` rounds of `calls` calls. */
export async function phases({ width = 1920, height = 1080, rounds = 9, calls = 5, only } = {}) {
  const img = makeImage(width, height);
  const results = {};
  for (const [name, op] of Object.entries(cases(img))) {
    if (only && !name.includes(only)) continue;
    const first = op();
    const bytes = first.data.length;
    const out = op(); // a reused result
    const source = new Uint8Array(bytes);
    const runs = {
      e2e: () => op(),
      out: () => op({ out }),
      fresh: typeof ImageData === 'function'
        ? () => new ImageData(new Uint8ClampedArray(uninitialisedBuffer(bytes)), first.width, first.height)
        : () => new Uint8ClampedArray(uninitialisedBuffer(bytes)),
      floor: () => source.slice(),
    };
    for (const run of Object.values(runs)) for (let i = 0; i < 3; i++) run();
    const times = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
    const set = [], c = [];
    for (let r = 0; r < rounds; r++) {
      for (const [k, run] of Object.entries(runs)) times[k].push(timeBatch(run, calls));
      const t = instrumented(() => { for (let i = 0; i < calls; i++) runs.out(); });
      set.push(t.set / calls);
      c.push(t.c / calls);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    results[name] = { ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])), set: median(set), c: median(c) };
  }
  return results;
}
