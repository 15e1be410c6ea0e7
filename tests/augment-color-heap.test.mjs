// The heap path of tensorwarp/augment (js/augment/heap-run.js): a warp, its colour steps, a policy and the
// colour steps after it run with the pixels in the wasm heap. Its image and its tensor must be the bytes of the image path
// (warp, each functional op on a JS image, toTensor), which steps written in JS (noise, erasing with a box)
// still take; errors from bad replayed params are the functional ops' own; nothing leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { toTensor, warpAffine } from '../js/image.js';
import { wasm } from '../js/module.js';
import { testImage } from './support/augment-color.mjs';
import { applyColor, applyPolicy } from '../js/augment/color-run.js';

await ready();

const TENSOR = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };

const same = (a, b, label) => assert.ok(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)), label);

/** The pipelines: every heap-run colour step, behind a crop and flip, in 3 and 4 channels; one with noise (image path). */
const PIPELINES = {
  jitter: [random.resizedCrop({ width: 40, height: 30 }), random.flip({ horizontal: 0.5 }),
    random.colorJitter({ brightness: 0.4, contrast: 0.4, saturation: 0.4, hue: 0.1 })],
  many: [random.crop({ width: 33, height: 21 }), random.grayscale({ p: 0.3 }), random.posterize({ bits: 3, p: 0.5 }),
    random.solarize({ threshold: 120, p: 0.5 }), random.sharpness({ factor: 2, p: 0.5 }), random.autocontrast({ p: 0.5 }), random.equalize({ p: 0.5 }),
    random.invert({ p: 0.3 }), random.gamma({ gamma: [0.5, 2], p: 0.5 }), random.gaussianBlur({ size: 5, p: 0.5 })],
  colourOnly: [random.colorJitter({ brightness: 0.5, hue: 0.3 }), random.erasing({ p: 0.5, value: 7 })],
  noise: [random.crop({ width: 20, height: 20 }), random.colorJitter({ saturation: 0.5 }), random.noise({ std: 3 })],
  randAugment: [random.resizedCrop({ width: 32, height: 24 }), random.flip({ horizontal: 0.5 }), random.randAugment({ numOps: 3, magnitude: 12 })],
  trivialAugment: [random.crop({ width: 30, height: 30 }), random.trivialAugment({ fill: 200 }), random.colorJitter({ hue: 0.2 })],
  autoAugment: [random.colorJitter({ contrast: 0.5 }), random.autoAugment({ fill: 77 }), random.invert({ p: 0.5 })],
};

const GEOMETRIC = ['crop', 'resizedCrop', 'flip'];
const POLICIES = { randAugment: 'randAugment', trivialAugment: 'trivialAugment', autoAugment: 'autoAugment' };

test('image and tensor: the heap path equals the image path, for many seeds and both channel counts', () => {
  let checked = 0;
  for (const [name, list] of Object.entries(PIPELINES)) {
    for (const channels of [3, 4]) {
      const augment = compose(list, { seed: 11 });
      const geometric = compose(list.filter((t) => GEOMETRIC.includes(t.transform)), { seed: 11 });
      const img = testImage(57, 43, channels, 5);
      for (let k = 0; k < 12; k++) {
        const r = augment({ image: img }, k);
        const t = augment({ image: img }, k, { tensor: TENSOR });
        same(t.tensor.data, toTensor(r.image, TENSOR).data, `${name} ${channels}ch k=${k}: tensor = toTensor(image)`);
        // the image path's own functions, step by step: the geometric part, then each colour step or policy
        const entries = r.params.transforms;
        let expected = geometric.replay({ ...r.params, transforms: entries.filter((e) => GEOMETRIC.includes(e.transform)) }, { image: img }).image;
        list.forEach((transform, i) => {
          const e = entries[i];
          if (GEOMETRIC.includes(e.transform) || !e.fired) return;
          if (Object.hasOwn(POLICIES, e.transform)) {
            const fill = transform.options?.fill ?? null;
            expected = applyPolicy(expected, { ops: e.ops, fill, transform: e.transform, width: expected.width, height: expected.height });
          } else {
            expected = applyColor(expected, e);
          }
        });
        same(r.image.data, expected.data, `${name} ${channels}ch k=${k}: image = the image path`);
        checked++;
      }
    }
  }
  assert.equal(checked, 7 * 2 * 12);
});

test('colorJitter in one chained C call (tw_color_chain): the ops one by one, at 224² and past 65,793 pixels (contrast\'s cascade mean)', () => {
  let checked = 0;
  for (const [width, height] of [[224, 224], [300, 250]]) {
    const list = [random.resizedCrop({ width, height }), random.colorJitter({ brightness: 0.6, contrast: 0.6, saturation: 0.6, hue: 0.3 })];
    const augment = compose(list, { seed: 5 });
    const geometric = compose(list.slice(0, 1), { seed: 5 });
    for (const channels of [3, 4]) {
      const img = testImage(320, 260, channels, 2);
      for (let k = 0; k < 6; k++) {
        const r = augment({ image: img }, k);
        const [crop, jitter] = r.params.transforms;
        const expected = applyColor(geometric.replay({ ...r.params, transforms: [crop] }, { image: img }).image, jitter);
        same(r.image.data, expected.data, `${width}x${height} ${channels}ch k=${k} order ${jitter.order}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 2 * 2 * 6);
});

test('bad replayed params: the functional op\'s error, nothing leaked, the next call works', () => {
  const augment = compose(PIPELINES.jitter, { seed: 3 });
  const img = testImage(50, 40, 4, 9);
  const r = augment({ image: img }, 0, { tensor: TENSOR });
  const entry = r.params.transforms[2];
  const bad = { ...r.params, transforms: [...r.params.transforms.slice(0, 2), { ...entry, order: ['hue'], hue: 0.7 }] };
  const m = wasm(), before = m._tw_heap_bytes_in_use();
  assert.throws(() => augment.replay(bad, { image: img }, { tensor: TENSOR }), /^RangeError: adjustHue: shift: expected a number in \[-0\.5, 0\.5\], got 0\.7/);
  assert.equal(m._tw_heap_bytes_in_use(), before, 'heap in use after the error');
  same(augment.replay(r.params, { image: img }, { tensor: TENSOR }).tensor.data, r.tensor.data, 'the next call');
  assert.equal(m._tw_heap_bytes_in_use(), before, 'heap in use after a call');
  void warpAffine;
});
