// Bad input to tensorwarp/augment's colour transforms, policies, oneOf/someOf
// and resize: a TypeError (wrong kind, unknown key) or RangeError (wrong
// value) naming the transform and the option, thrown when random.* is called
// (or, for what depends on the image, at the call) and nothing else happens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random, mixUp, cutMix } from '../js/augment.js';
import { testImage } from './support/augment-color.mjs';

await ready();

const CASES = [
  [() => random.colorJitter({ brightness: -0.1 }), RangeError, /random\.colorJitter: options\.brightness: expected a number in \[0, Infinity\], got -0\.1/],
  [() => random.colorJitter({ contrast: [-0.5, 1] }), RangeError, /random\.colorJitter: options\.contrast: expected a range within \[0, Infinity\]/],
  [() => random.colorJitter({ saturation: [1.5, 1] }), RangeError, /random\.colorJitter: options\.saturation: reversed range/],
  [() => random.colorJitter({ hue: 0.6 }), RangeError, /random\.colorJitter: options\.hue: expected a number in \[0, 0\.5\], got 0\.6/],
  [() => random.colorJitter({ hue: [-0.7, 0] }), RangeError, /random\.colorJitter: options\.hue: expected a range within \[-0\.5, 0\.5\]/],
  [() => random.colorJitter({ hue: '0.1' }), TypeError, /random\.colorJitter: options\.hue/],
  [() => random.colorJitter({ lightness: 0.1 }), TypeError, /random\.colorJitter: unknown option "lightness"/],
  [() => random.grayscale({ p: 2 }), RangeError, /random\.grayscale: options\.p: a probability must lie in \[0, 1\]/],
  [() => random.grayscale({ channels: 3 }), TypeError, /random\.grayscale: unknown option "channels"/],
  [() => random.gaussianBlur({}), TypeError, /random\.gaussianBlur: options\.size is required/],
  [() => random.gaussianBlur({ size: 4 }), RangeError, /random\.gaussianBlur: options\.size: a blur size must be odd, got 4/],
  [() => random.gaussianBlur({ size: [3, 6] }), RangeError, /random\.gaussianBlur: options\.size\[1\]: a blur size must be odd/],
  [() => random.gaussianBlur({ size: 3, sigma: 0 }), RangeError, /random\.gaussianBlur: options\.sigma/],
  [() => random.gaussianBlur({ size: 3, sigma: [2, 1] }), RangeError, /random\.gaussianBlur: options\.sigma: reversed range/],
  [() => random.erasing({ scale: [0.5, 0.1] }), RangeError, /random\.erasing: options\.scale: reversed range/],
  [() => random.gaussianBlur({ size: 3, sigma: 0 }), RangeError, /^random\.gaussianBlur: options\.sigma: expected values > 0, got 0$/],
  [() => random.erasing({ ratio: [0, 2] }), RangeError, /^random\.erasing: options\.ratio: expected values > 0, got \[0, 2\]$/],
  [() => random.oneOf([mixUp({ alpha: 0.2 }), random.flip()]), TypeError, /^random\.oneOf: options\.transforms\[0\]: expected a transform made by random\.\*, got a function \(batch transforms such as mixUp\(\) and cutMix\(\) go in a random\.oneOf of their own, or randomChoice/],
  [() => random.someOf([mixUp({ alpha: 0.2 }), cutMix()]), TypeError, /^random\.someOf: options\.transforms\[0\]: expected a transform made by random\.\*, got a function/],
  [() => random.erasing({ scale: [0.1, 1.5] }), RangeError, /random\.erasing: options\.scale: expected a range within \[0, 1\]/],
  [() => random.erasing({ ratio: [0, 1] }), RangeError, /random\.erasing: options\.ratio/],
  [() => random.erasing({ value: 'noise' }), TypeError, /random\.erasing: options\.value: expected a number, one number per colour channel or 'random'/],
  [() => random.erasing({ value: [1, 2, 3, 4] }), RangeError, /random\.erasing: options\.value: expected one value per colour channel \(3\), got 4/],
  [() => random.erasing({ value: [1, 'a', 3] }), TypeError, /random\.erasing: options\.value\[1\]/],
  [() => random.posterize({}), TypeError, /random\.posterize: options\.bits is required/],
  [() => random.posterize({ bits: 9 }), RangeError, /random\.posterize: options\.bits: expected an integer 0\.\.8, got 9/],
  [() => random.posterize({ bits: -1 }), RangeError, /random\.posterize: options\.bits/],
  [() => random.posterize({ bits: 2.5 }), RangeError, /random\.posterize: options\.bits/],
  [() => random.solarize({ threshold: 256 }), RangeError, /random\.solarize: options\.threshold: expected a number in \[0, 255\]/],
  [() => random.solarize({}), TypeError, /random\.solarize: options\.threshold is required/],
  [() => random.sharpness({ factor: -1 }), RangeError, /random\.sharpness: options\.factor: expected a number in \[0, Infinity\], got -1/],
  [() => random.sharpness({}), TypeError, /random\.sharpness: options\.factor is required/],
  [() => random.autocontrast({ cutoff: 1 }), TypeError, /random\.autocontrast: unknown option "cutoff"/],
  [() => random.equalize({ p: -0.1 }), RangeError, /random\.equalize: options\.p/],
  [() => random.invert({ p: 'always' }), TypeError, /random\.invert: options\.p/],
  [() => random.gamma({ gamma: [1.2, 0.8] }), RangeError, /random\.gamma: options\.gamma: reversed range/],
  [() => random.gamma({ gain: -1 }), RangeError, /random\.gamma: options\.gain/],
  [() => random.noise({ std: -1 }), RangeError, /random\.noise: options\.std/],
  [() => random.noise({ mean: NaN }), RangeError, /random\.noise: options\.mean: expected a finite number/],
  [() => random.randAugment({ magnitude: 31 }), RangeError, /random\.randAugment: options\.magnitude: expected an integer below bins \(31\), got 31/],
  [() => random.randAugment({ numOps: -1 }), RangeError, /random\.randAugment: options\.numOps/],
  [() => random.randAugment({ bins: 1 }), RangeError, /random\.randAugment: options\.bins: expected an integer >= 2/],
  [() => random.randAugment({ fill: 300 }), RangeError, /random\.randAugment: options\.fill: expected a number in \[0, 255\], got 300/],
  [() => random.trivialAugment({ fill: 'white' }), TypeError, /random\.trivialAugment: options\.fill/],
  [() => random.trivialAugment({ magnitude: 3 }), TypeError, /random\.trivialAugment: unknown option "magnitude"/],
  [() => random.autoAugment({ policy: 'cifar10' }), TypeError, /random\.autoAugment: options\.policy: expected one of 'imagenet', got "cifar10"/],
  [() => random.oneOf([]), TypeError, /random\.oneOf: options\.transforms: expected a non-empty array/],
  [() => random.oneOf([{ transform: 'sepia' }]), TypeError, /random\.oneOf: options\.transforms\[0\]: expected a transform made by random\.\*/],
  [() => random.oneOf([random.invert()], { weights: [1, 2] }), RangeError, /random\.oneOf: options\.weights: expected 2 numbers, got 1|random\.oneOf: options\.weights: expected 1 numbers, got 2/],
  [() => random.oneOf([random.invert(), random.flip()], { weights: [0, 0] }), RangeError, /random\.oneOf: options\.weights: the weights must not all be 0/],
  [() => random.oneOf([random.invert(), random.flip()], { weights: [-1, 2] }), RangeError, /random\.oneOf: options\.weights\[0\]: a weight must be >= 0/],
  [() => random.oneOf([random.invert()], { n: 1 }), TypeError, /random\.oneOf: unknown option "n"/],
  [() => random.someOf([random.invert()], { n: 2 }), RangeError, /random\.someOf: options\.n: expected an integer in \[0, 1\]/],
  [() => random.someOf([random.invert()], { transforms: [] }), TypeError, /random\.someOf: options: unknown option "transforms"/],
  [() => random.someOf([random.invert(), { transform: 'posterize', options: { bits: 12 } }]), RangeError, /random\.posterize: options\.bits/],
  [() => random.resize({}), TypeError, /random\.resize: options: expected \{ width, height \}, \{ shorter \} or \{ longer \}, got none of them/],
  [() => random.resize({ width: 10 }), TypeError, /random\.resize: options: expected \{ width, height \}, \{ shorter \} or \{ longer \}, got width/],
  [() => random.resize({ shorter: 10, longer: 20 }), TypeError, /random\.resize: options: expected/],
  [() => random.resize({ shorter: 0 }), RangeError, /random\.resize: options\.shorter: expected a positive integer/],
];

test('bad options: a TypeError or RangeError naming the transform and the option', () => {
  for (const [make, type, message] of CASES) {
    assert.throws(make, (e) => e instanceof type && message.test(e.message), String(message));
  }
  assert.equal(CASES.length, 59);
});

test('bad input at the call: a policy fill of another channel count; the pipeline works afterwards', () => {
  const augment = compose([random.randAugment({ fill: [1, 2, 3] }), random.invert({ p: 1 })], { seed: 0 });
  const rgba = testImage(9, 7, 4, 0), rgb = testImage(9, 7, 3, 0);
  let geometric = false;
  for (let k = 0; k < 40 && !geometric; k++) {
    const ops = augment({ image: rgb }, k).params.transforms[0].ops.map((o) => o.op);
    if (ops.some((op) => ['ShearX', 'ShearY', 'TranslateX', 'TranslateY', 'Rotate'].includes(op))) {
      geometric = true;
      assert.throws(() => augment({ image: rgba }, k), (e) => e instanceof RangeError &&
        /random\.randAugment: options\.fill has 3 values for an image of 4 channels/.test(e.message));
      assert.equal(augment({ image: rgb }, k).image.width, 9);
    }
  }
  assert.ok(geometric);
});

test('colour steps on a 1- or 2-channel image: a RangeError naming the transform (tensorwarp/image\'s colour ops take RGB, RGBA)', () => {
  const grey = { width: 6, height: 5, channels: 1, data: new Uint8Array(30) };
  assert.throws(() => compose([random.solarize({ threshold: 9, p: 1 })])({ image: grey }, 0),
    (e) => e instanceof RangeError && /random\.solarize: the colour ops need an image of 3 or 4 channels \(RGB, RGBA\), got 1/.test(e.message));
  assert.equal(compose([random.noise({ p: 1 })])({ image: grey }, 0).image.channels, 1); // noise takes any channels
});

test('gaussianBlur on an image no larger than half the kernel: a RangeError naming random.gaussianBlur (torchvision raises too)', () => {
  const augment = compose([random.gaussianBlur({ size: [3, 9] })]);
  assert.throws(() => augment({ image: testImage(6, 4, 3, 0) }, 0),
    (e) => e instanceof RangeError && /random\.gaussianBlur: options\.size: a 3x9 kernel needs an image larger than half of it .* got 6x4/.test(e.message));
  assert.equal(augment({ image: testImage(6, 5, 3, 0) }, 0).image.height, 5);
});

test('resize({ longer }) that rounds a side to 0: a RangeError naming random.resize and options.longer (was matrix.invert\'s singular matrix)', () => {
  const augment = compose([random.resize({ longer: 7 })]);
  assert.throws(() => augment({ image: testImage(1, 23, 3, 0) }, 0),
    (e) => e instanceof RangeError && /random\.resize: options\.longer: 7 makes a 1x23 image 0x7 \(a side rounds to 0\)/.test(e.message));
  assert.deepEqual([augment({ image: testImage(2, 23, 3, 0) }, 0).image.width, augment({ image: testImage(3, 23, 3, 0) }, 0).image.height], [1, 7]);
});

test('a replay whose params do not belong to the pipeline is refused', () => {
  const grammar = compose([random.oneOf([random.invert(), random.flip()]), random.someOf([random.equalize(), random.flip()])]);
  const img = testImage(5, 5, 3, 0);
  const good = grammar({ image: img }, 0).params;
  const bad = (i, entry) => ({ ...good, transforms: good.transforms.map((e, j) => (j === i ? entry : e)) });
  assert.throws(() => grammar.replay(bad(0, { transform: 'oneOf', fired: true, index: 5, child: { transform: 'invert', fired: true } }), { image: img }),
    (e) => e instanceof TypeError && /random\.oneOf: params index 5: expected an entry of one of its transforms/.test(e.message));
  assert.throws(() => grammar.replay(bad(0, { transform: 'oneOf', fired: true, index: 0, child: { transform: 'flip', fired: true } }), { image: img }),
    /random\.oneOf: params index 0/);
  assert.throws(() => grammar.replay(bad(1, { transform: 'someOf', fired: true, indices: [1], children: [] }), { image: img }),
    (e) => e instanceof TypeError && /random\.someOf: params: expected \{ indices, children \} of the same length/.test(e.message));
  assert.throws(() => grammar.replay(bad(1, { transform: 'someOf', fired: true, indices: [0], children: [{ transform: 'flip', fired: false }] }), { image: img }),
    /random\.someOf: params indices\[0\]/);
  assert.deepEqual(grammar.replay(good, { image: img }).params, good);
  const augment = compose([random.colorJitter({ hue: 0.1 })]);
  const image = testImage(5, 5, 3, 0);
  assert.throws(() => augment.replay({ index: 0, width: 5, height: 5, transforms: [{ transform: 'invert', fired: true }] }, { image }),
    /augment\.replay: params\.transforms\[0\]: expected \{ transform: 'colorJitter'/);
});
