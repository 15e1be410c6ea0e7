// The bad-input matrix of the colour functionals (issue 24): adjustBrightness ... erase. See
// tests/support/badinput.js for what each case asserts (the error class, a message naming the function and the
// argument, no heap change, out untouched, the next call right) and tests/support/badinput-image.js for the
// cases every image function gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import {
  adjustBrightness, adjustContrast, adjustSaturation, adjustHue, adjustGamma, adjustSharpness, posterize, solarize,
  invert, autocontrast, equalize, grayscale, gaussianBlur, erase,
} from '../js/image.js';
import { argumentCases, runCases } from './support/badinput.js';
import { IMG, pixels, sevens, SIZE, FINITE, placer, imageFamily, inputCases, outCases } from './support/badinput-image.js';

await ready();

const OUT = () => sevens(4, 3);

/** A factor (brightness, contrast, saturation, sharpness) or gamma: a finite number >= 0, required. */
const NON_NEGATIVE = Object.freeze({ ...FINITE, undefined: TypeError, negative: RangeError });

/** The cases of the image's channel count: a colour op takes 3 or 4. */
function channelCases(op, place) {
  const name = new RegExp(`^${op}: img\\.channels`);
  return [1, 2].map((channels) => ({
    label: `img.channels ${channels}`, args: place({ img: { width: 4, height: 3, channels, data: pixels(12 * channels) } }),
    expect: RangeError, name,
  }));
}

/** The shared cases of a function called as f(img, arg, options). */
function commonCases(op, place, withOptions) {
  return [...inputCases(op, place, withOptions), ...outCases(op, withOptions, OUT), ...channelCases(op, place)];
}

/** f(img, factor, options) with factor checked by `expectations`. */
function factorTest(op, fn, valid, expectations, extra = () => []) {
  test(`${op}: bad-input matrix`, () => {
    const [place, withOptions] = placer(valid, {});
    const invoke = ({ img, arg, options }) => fn(img, arg, options);
    const argName = op === 'adjustHue' ? 'shift' : op === 'adjustGamma' ? 'gamma' : op === 'posterize' ? 'bits'
      : op === 'solarize' ? 'threshold' : 'factor';
    const cases = [
      ...commonCases(op, place, withOptions),
      ...argumentCases(argName, new RegExp(`^${op}: ${argName}`), (v) => place({ arg: v }), expectations),
      ...extra(place, withOptions),
    ];
    assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 50);
  });
}

const named = (op, arg) => new RegExp(`^${op}: ${arg}`);

factorTest('adjustBrightness', adjustBrightness, 1.5, NON_NEGATIVE, (place) => [
  { label: 'factor 0 (black)', args: place({ arg: 0 }), expect: 'ok', check: (r) => assert.ok([...r.data].every((v, i) => i % 4 === 3 || v === 0)) },
]);
factorTest('adjustContrast', adjustContrast, 0.5, NON_NEGATIVE);
factorTest('adjustSaturation', adjustSaturation, 2, NON_NEGATIVE);
factorTest('adjustSharpness', adjustSharpness, 2, NON_NEGATIVE);
factorTest('adjustHue', adjustHue, 0.25, { ...FINITE, undefined: TypeError, '1.5': RangeError, '2^53': RangeError, negative: RangeError }, (place) => [
  { label: 'shift 0.5000001', args: place({ arg: 0.5000001 }), expect: RangeError, name: named('adjustHue', 'shift') },
  { label: 'shift -0.5', args: place({ arg: -0.5 }), expect: 'ok' },
]);
factorTest('adjustGamma', adjustGamma, 2.2, NON_NEGATIVE, (place, withOptions) => [
  ...argumentCases('options.gain', named('adjustGamma', 'options\\.gain'), (v) => withOptions({ gain: v }), { ...FINITE, undefined: 'default', negative: 'ok' }),
  { label: 'gamma 0', args: place({ arg: 0 }), expect: 'ok' },
]);
factorTest('posterize', posterize, 3, {
  null: TypeError, undefined: TypeError, string: TypeError, bigint: TypeError, NaN: RangeError, Infinity: RangeError,
  '-Infinity': RangeError, '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, negative: RangeError,
}, (place) => [
  { label: 'bits 9', args: place({ arg: 9 }), expect: RangeError, name: named('posterize', 'bits') },
  { label: 'bits 8 (a copy)', args: place({ arg: 8 }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], [...pixels()]) },
]);
factorTest('solarize', solarize, 128, { ...FINITE, undefined: TypeError, '2^53': RangeError, negative: 'ok' }, (place) => [
  { label: 'threshold 255.5', args: place({ arg: 255.5 }), expect: RangeError, name: named('solarize', 'threshold') },
]);

/** f(img, options) with no other argument. */
function plainTest(op, fn) {
  test(`${op}: bad-input matrix`, () => {
    const [place, withOptions] = placer(undefined, {});
    const invoke = ({ img, options }) => fn(img, options);
    assert.ok(runCases(imageFamily(invoke, place({}), OUT), commonCases(op, place, withOptions)) >= 40);
  });
}
plainTest('invert', invert);
plainTest('autocontrast', autocontrast);
plainTest('equalize', equalize);

test('grayscale: bad-input matrix', () => {
  const op = 'grayscale';
  const [place, withOptions] = placer(undefined, {});
  const invoke = ({ img, options }) => grayscale(img, options);
  const name = named(op, 'options\\.channels');
  const cases = [
    ...commonCases(op, place, withOptions),
    ...argumentCases('options.channels', name, (v) => withOptions({ channels: v }), {
      null: TypeError, undefined: 'default', string: TypeError, bigint: TypeError, NaN: RangeError, Infinity: RangeError,
      '-Infinity': RangeError, '-0': RangeError, '1.5': RangeError, '2^53': RangeError, negative: RangeError,
    }),
    { label: 'options.channels 2', args: withOptions({ channels: 2 }), expect: RangeError, name },
    { label: 'options.channels 4 of a 3-channel image', args: place({ img: { width: 4, height: 3, channels: 3, data: pixels(36) }, options: { channels: 4 } }), expect: RangeError, name },
    { label: 'options.channels 1 with a 4-channel out', args: withOptions({ channels: 1, out: sevens(4, 3) }), expect: RangeError, name: named(op, 'options\\.out') },
    { label: 'options.channels 1', args: withOptions({ channels: 1 }), expect: 'ok', check: (r) => assert.equal(r.data.length, 12) },
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 50);
});

test('gaussianBlur: bad-input matrix', () => {
  const op = 'gaussianBlur';
  const [place, withOptions] = placer(undefined, { size: 3 });
  const invoke = ({ img, options }) => gaussianBlur(img, options);
  const size = named(op, 'options\\.size'), sigma = named(op, 'options\\.sigma');
  const ODD = { ...SIZE, undefined: TypeError, '-0': RangeError };
  const SIGMA = { ...FINITE, undefined: 'default', '-0': RangeError, negative: RangeError };
  const cases = [
    ...inputCases(op, place, withOptions, { optionsRequired: true }),
    ...outCases(op, withOptions, OUT),
    ...channelCases(op, place),
    ...argumentCases('options.size', size, (v) => withOptions({ size: v }), ODD),
    ...argumentCases('options.size[1]', size, (v) => withOptions({ size: [3, v] }), ODD),
    ...argumentCases('options.sigma', sigma, (v) => withOptions({ sigma: v }), SIGMA),
    ...argumentCases('options.sigma[0]', sigma, (v) => withOptions({ sigma: [v, 1] }), { ...SIGMA, undefined: TypeError }),
    { label: 'options.size 2 (even)', args: withOptions({ size: 2 }), expect: RangeError, name: size },
    { label: 'options.size [3, 4] (even)', args: withOptions({ size: [3, 4] }), expect: RangeError, name: size },
    { label: 'options.size 0', args: withOptions({ size: 0 }), expect: RangeError, name: size },
    { label: 'options.size 257', args: withOptions({ size: 257 }), expect: RangeError, name: size },
    { label: 'options.size [3]', args: withOptions({ size: [3] }), expect: RangeError, name: size },
    { label: 'options.size a string', args: withOptions({ size: '3' }), expect: TypeError, name: size },
    { label: 'options.size 9: past the reflection of a 4-pixel row', args: withOptions({ size: 9 }), expect: RangeError, name: size },
    { label: 'options.size [1, 7]: past the reflection of a 3-pixel column', args: withOptions({ size: [1, 7] }), expect: RangeError, name: size },
    { label: 'options.size [7, 5]: as far as torch goes', args: withOptions({ size: [7, 5] }), expect: 'ok' },
    { label: 'options.sigma 1e-50 (0 in float32)', args: withOptions({ sigma: 1e-50 }), expect: RangeError, name: sigma },
    { label: 'options.sigma [1, 2, 3]', args: withOptions({ sigma: [1, 2, 3] }), expect: RangeError, name: sigma },
    { label: 'options.sigma the default (0.8 for 3)', args: withOptions({ sigma: 0.15 * 3 + 0.35 }), expect: 'ok', same: place({}) },
    { label: 'options.size [3, 3] (the same as 3)', args: withOptions({ size: [3, 3] }), expect: 'ok', same: place({}) },
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 60);
});

test('erase: bad-input matrix', () => {
  const op = 'erase';
  const [place, withOptions] = placer(undefined, { x: 1, y: 1, width: 2, height: 1, value: [1, 2, 3] });
  const invoke = ({ img, options }) => erase(img, options);
  const value = named(op, 'options\\.value');
  const cases = [
    ...inputCases(op, place, withOptions, { optionsRequired: true }),
    ...outCases(op, withOptions, OUT),
    ...channelCases(op, place),
    ...['x', 'y'].flatMap((key) => argumentCases(`options.${key}`, named(op, `options\\.${key}`), (v) => withOptions({ [key]: v }), { ...SIZE, undefined: 'same as 0' })),
    ...['width', 'height'].flatMap((key) => argumentCases(`options.${key}`, named(op, `options\\.${key}`), (v) => withOptions({ [key]: v }), { ...SIZE, undefined: TypeError })),
    ...argumentCases('options.value', value, (v) => withOptions({ value: v }), {
      null: TypeError, undefined: 'default', string: TypeError, bigint: TypeError, NaN: RangeError, Infinity: RangeError,
      '-Infinity': RangeError, '-0': 'same as 0',
    }),
    { label: 'options.value of 4', args: withOptions({ value: [1, 2, 3, 4] }), expect: RangeError, name: value },
    { label: 'options.value with NaN', args: withOptions({ value: [1, NaN, 3] }), expect: RangeError, name: value },
    { label: 'options.value with a string', args: withOptions({ value: [1, '2', 3] }), expect: TypeError, name: value },
    { label: 'options.value -1.7 (255, as torch stores it)', args: withOptions({ value: -1.7 }), expect: 'ok', same: withOptions({ value: 255 }) },
    { label: 'options.value 300.2 (44)', args: withOptions({ value: 300.2 }), expect: 'ok', same: withOptions({ value: 44 }) },
    { label: 'a rectangle past the image (clipped)', args: withOptions({ x: 3, y: 2, width: 9, height: 9 }), expect: 'ok' },
    { label: 'x past the image (nothing erased)', args: withOptions({ x: 4 }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], [...pixels()]) },
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 60);
});

test('a valid call of each colour op after the matrices: the module still works', () => {
  const img = IMG();
  assert.deepEqual([...invert(invert(img)).data], [...img.data]);
});
