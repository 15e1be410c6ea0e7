// The colour functionals (issue 24) on a 1920x1080 RGBA photo-like image in Node, each beside a plain copy of
// the same bytes into a fresh array (the floor: every op reads the image and writes a result of its size), and
// beside the same op with the scalar kernels (tw_set_simd(0)) where it has SIMD ones. Medians of interleaved
// rounds, in milliseconds.
// Usage: node bench/color.mjs [rounds] [--only <text in an op name>]
import { ready } from '../js/index.js';
import {
  adjustBrightness, adjustContrast, adjustSaturation, adjustHue, adjustGamma, adjustSharpness, posterize, solarize,
  invert, autocontrast, equalize, grayscale, gaussianBlur, erase,
} from '../js/image.js';
import { wasm } from '../js/module.js';
import { photoRgba } from './node-tools.mjs';

const argv = process.argv.slice(2);
const rounds = Number(argv.find((a) => /^\d+$/.test(a)) ?? 9);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : '';

await ready();

const img = photoRgba(1920, 1080);
const SIMD_OPS = new Set(['adjustHue', 'adjustBrightness', 'adjustContrast', 'adjustSaturation', 'adjustSharpness', 'grayscale', 'posterize', 'solarize', 'invert', 'gaussianBlur']);
const ops = {
  copy: () => ({ data: img.data.slice() }),
  adjustBrightness: () => adjustBrightness(img, 1.3),
  adjustContrast: () => adjustContrast(img, 1.3),
  adjustSaturation: () => adjustSaturation(img, 1.3),
  adjustHue: () => adjustHue(img, 0.1),
  adjustGamma: () => adjustGamma(img, 2.2),
  adjustSharpness: () => adjustSharpness(img, 1.5),
  posterize: () => posterize(img, 4),
  solarize: () => solarize(img, 128),
  invert: () => invert(img),
  autocontrast: () => autocontrast(img),
  equalize: () => equalize(img),
  grayscale: () => grayscale(img),
  'grayscale 1 channel': () => grayscale(img, { channels: 1 }),
  'gaussianBlur 3x3': () => gaussianBlur(img, { size: 3 }),
  'gaussianBlur 9x9': () => gaussianBlur(img, { size: 9 }),
  erase: () => erase(img, { x: 100, y: 100, width: 800, height: 600 }),
};

function time(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const names = Object.keys(ops).filter((n) => n === 'copy' || n.includes(only));
const samples = Object.fromEntries(names.flatMap((n) => [[n, []], [`${n} (scalar)`, []]]));
for (const n of names) ops[n](); // warm up
for (let r = 0; r < rounds; r++) {
  for (const n of names) {
    samples[n].push(time(ops[n]));
    if (SIMD_OPS.has(n.split(' ')[0])) {
      wasm()._tw_set_simd(0);
      try {
        samples[`${n} (scalar)`].push(time(ops[n]));
      } finally {
        wasm()._tw_set_simd(1);
      }
    }
  }
}
const floor = median(samples.copy);
console.log(`1920x1080 RGBA, ${rounds} rounds, Node ${process.version}; copy of the same bytes: ${floor.toFixed(2)} ms`);
console.log('op'.padEnd(24), 'ms'.padStart(8), 'x copy'.padStart(8), 'scalar ms'.padStart(10));
for (const n of names.filter((x) => x !== 'copy')) {
  const m = median(samples[n]);
  const scalar = samples[`${n} (scalar)`].length ? median(samples[`${n} (scalar)`]).toFixed(2) : '';
  console.log(n.padEnd(24), m.toFixed(2).padStart(8), (m / floor).toFixed(1).padStart(8), scalar.padStart(10));
}
