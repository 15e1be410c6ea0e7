// The heap path of tensorwarp/augment (js/augment/heap-run.js): a last segment whose colour steps all have C
// entries runs with the pixels in the wasm heap. Its image and its tensor must be the bytes of the image path
// (warp, each functional op on a JS image, toTensor), which steps written in JS (noise, erasing with a box)
// still take; errors from bad replayed params are the functional ops' own; nothing leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { toTensor, warpAffine } from '../js/image.js';
import * as image from '../js/image.js';
import { wasm } from '../js/module.js';
import { testImage } from './support/augment-color.mjs';

await ready();

const TENSOR = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
const JITTER = { brightness: 'adjustBrightness', contrast: 'adjustContrast', saturation: 'adjustSaturation', hue: 'adjustHue' };

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
};

test('image and tensor: the heap path equals the image path, for many seeds and both channel counts', () => {
  let checked = 0;
  for (const [name, list] of Object.entries(PIPELINES)) {
    for (const channels of [3, 4]) {
      const augment = compose(list, { seed: 11 });
      const img = testImage(57, 43, channels, 5);
      for (let k = 0; k < 12; k++) {
        const r = augment({ image: img }, k);
        const t = augment({ image: img }, k, { tensor: TENSOR });
        same(t.tensor.data, toTensor(r.image, TENSOR).data, `${name} ${channels}ch k=${k}: tensor = toTensor(image)`);
        // the image path, by hand: the geometric part alone, then each colour step's functional ops
        const geometric = compose(list.filter((t) => ['crop', 'resizedCrop', 'flip'].includes(t.transform)), { seed: 11 });
        let expected = geometric.replay({ ...r.params, transforms: r.params.transforms.filter((e) => ['crop', 'resizedCrop', 'flip'].includes(e.transform)) }, { image: img }).image;
        for (const e of r.params.transforms) {
          if (!e.fired || ['crop', 'resizedCrop', 'flip'].includes(e.transform)) continue;
          if (e.transform === 'colorJitter') expected = e.order.reduce((im, key) => image[JITTER[key]](im, e[key]), expected);
          else expected = null; // other steps: covered by tensor = toTensor(image) and augment-color.test.mjs
          if (expected === null) break;
        }
        if (expected !== null) same(r.image.data, expected.data, `${name} ${channels}ch k=${k}: image = the functional ops`);
        checked++;
      }
    }
  }
  assert.equal(checked, 4 * 2 * 12);
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
