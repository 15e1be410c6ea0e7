// The bad-input matrix for the image functions that resample (issue #12 §4,
// issue #14 "Bad input"): resize, warpAffine, warpPerspective and rotate,
// every argument and option with every bad value, and the image-shaped
// failures; see tests/support/badinput.js for what each case asserts (error
// class, the message names the argument, wasm memory and bytes in use
// unchanged, out unchanged, the next valid call right). The other image
// functions: badinput-image-geometry, -convert and -matrix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { resize, warpAffine, warpPerspective, rotate } from '../js/image.js';
import { argumentCases, runCases, NOT_A_LIST, flagCases } from './support/badinput.js';
import {
  IMG, pixels, sevens, SIZE, FINITE, placer, imageFamily, inputCases, outCases, fillCases, choiceCases, NO_NAMES,
} from './support/badinput-image.js';

await ready();

// The warps write a 3x2 result of the 4x3 test image (a shift by one column).
const OUT = () => sevens(3, 2);
const SIZED = { width: 3, height: 2 };

/** The size options of resize and the warps. */
function sizeCases(op, withOptions, required) {
  const expect = { ...SIZE, undefined: required ? TypeError : 'ok' };
  return [
    ...argumentCases('options.width', new RegExp(`^${op}: options\\.width`), (v) => withOptions({ width: v }), expect),
    ...argumentCases('options.height', new RegExp(`^${op}: options\\.height`), (v) => withOptions({ height: v }), expect),
    { label: 'options.width 2^31', args: withOptions({ width: 2 ** 31 }), expect: RangeError, name: new RegExp(`^${op}: options\\.width`) },
    { label: 'a result over 4 GiB', args: withOptions({ width: 2 ** 31 - 1, height: 2 ** 31 - 1, out: undefined }), expect: RangeError, name: new RegExp(`^${op}: the result`) },
    { label: 'width 0: an empty image', args: withOptions({ width: 0, out: undefined }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 2, 0]) },
    { label: 'height 0: an empty image', args: withOptions({ height: 0, out: undefined }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [3, 0, 0]) },
  ];
}

/** interpolation, border, fill and inverse of the warps and rotate. */
function samplingCases(op, withOptions) {
  return [
    ...choiceCases(op, 'interpolation', withOptions, [...NO_NAMES, 'Linear', 'bilinear', 'area', 'lanczos']),
    ...choiceCases(op, 'border', withOptions, [...NO_NAMES, 'reflect101', 'zeros', 'Constant', 'transparent']),
    ...fillCases(op, withOptions),
  ];
}

/** The matrix argument of a warp taking `length` numbers; `place({ arg })` puts it in. */
function matrixCases(op, place, length, valid) {
  const name = new RegExp(`^${op}: matrix`);
  const entry = { ...FINITE, undefined: TypeError };
  const at = (i) => (v) => place({ arg: valid.map((x, k) => (k === i ? v : x)) });
  const other = length === 6 ? 9 : 6;
  const singular = length === 6 ? [1, 2, 0, 2, 4, 0] : [1, 2, 3, 4, 5, 6, 7, 8, 9];
  return [
    ...argumentCases('matrix', name, (v) => place({ arg: v }), NOT_A_LIST),
    ...argumentCases('matrix[2]', name, at(2), entry),
    // a perspective matrix's m8 = 0 (here the -0) with m6 = m7 = 0 is singular
    ...argumentCases(`matrix[${length - 1}]`, name, at(length - 1), length === 9 ? { ...entry, '-0': RangeError } : entry),
    { label: `matrix of ${length - 1}`, args: place({ arg: valid.slice(1) }), expect: RangeError, name },
    { label: `matrix of ${other}`, args: place({ arg: Array.from({ length: other }, (_, i) => (i % 4 === 0 ? 1 : 0)) }), expect: RangeError, name },
    { label: 'matrix of length 2^40', args: place({ arg: { length: 2 ** 40 } }), expect: RangeError, name },
    { label: 'matrix with holes', args: place({ arg: new Array(length) }), expect: TypeError, name },
    { label: 'matrix a string of the right length', args: place({ arg: 'x'.repeat(length) }), expect: TypeError, name },
    { label: 'matrix singular', args: place({ arg: singular }), expect: RangeError, name },
    { label: 'matrix singular, inverse', args: place({ arg: singular, options: { ...SIZED, inverse: true } }), expect: RangeError, name },
    { label: 'matrix all zeros', args: place({ arg: Array(length).fill(0) }), expect: RangeError, name },
    { label: 'matrix whose determinant overflows', args: place({ arg: valid.map((v, i) => (i === 0 || i === 4 ? 1e200 : v)) }), expect: RangeError, name },
    { label: 'matrix whose determinant underflows', args: place({ arg: valid.map((v, i) => (i === 0 || i === 4 ? 1e-200 : v)) }), expect: RangeError, name },
    { label: 'matrix a Float64Array', args: place({ arg: Float64Array.from(valid) }), expect: 'ok', same: place({}) },
    { label: 'matrix an array-like', args: place({ arg: { length, ...valid } }), expect: 'ok', same: place({}) },
    { label: 'matrix frozen', args: place({ arg: Object.freeze([...valid]) }), expect: 'ok', same: place({}) },
    { label: 'matrix a Proxy', args: place({ arg: new Proxy([...valid], {}) }), expect: 'ok', same: place({}) },
    { label: 'matrix with -0 entries', args: place({ arg: valid.map((v) => (v === 0 ? -0 : v)) }), expect: 'ok', same: place({}) },
  ];
}

/** Out sharing the input's memory: the result is the one a separate out gets. */
function aliasCases(invoke, place) {
  const square = () => ({ width: 3, height: 2, channels: 4, data: pixels().subarray(0, 24) });
  const shifted = () => {
    const data = pixels();
    return [{ width: 3, height: 2, channels: 4, data: data.subarray(0, 24) }, { width: 3, height: 2, channels: 4, data: data.subarray(4, 28) }];
  };
  const expected = (args) => [...invoke({ ...args, options: { ...args.options, out: undefined } }).data];
  return [
    { label: 'options.out is img', expect: 'ok', args: (() => { const img = square(); return place({ img, options: { ...SIZED, out: img } }); })(),
      check: (r) => assert.deepEqual([...r.data], expected(place({ img: square(), options: SIZED }))) },
    { label: 'options.out overlaps img one pixel on', expect: 'ok', args: (() => { const [img, out] = shifted(); return place({ img, options: { ...SIZED, out } }); })(),
      check: (r) => assert.deepEqual([...r.data], expected(place({ img: shifted()[0], options: SIZED }))) },
  ];
}

function warpCases(op, invoke, length, valid) {
  const [place, withOptions] = placer(valid, SIZED);
  return {
    family: imageFamily(invoke, place({}), OUT),
    cases: [
      ...inputCases(op, place, withOptions),
      ...outCases(op, withOptions, OUT),
      ...aliasCases(invoke, place),
      ...matrixCases(op, place, length, valid),
      ...sizeCases(op, withOptions, false),
      ...samplingCases(op, withOptions),
      ...flagCases(op, 'inverse', withOptions),
      { label: 'an empty source, border constant', args: place({ img: { width: 0, height: 3, data: new Uint8ClampedArray(0) }, options: { ...SIZED, fill: 5 } }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], Array(24).fill(5)) },
      { label: 'an empty source, border reflect', args: place({ img: { width: 0, height: 3, data: new Uint8ClampedArray(0) }, options: { ...SIZED, border: 'reflect' } }), expect: RangeError, name: new RegExp(`^${op}: img`) },
      { label: 'coordinates far outside, border wrap', args: place({ arg: valid.map((v, i) => (i === 2 ? 1e300 : v)), options: { ...SIZED, border: 'wrap', interpolation: 'cubic' } }), expect: 'ok' },
    ],
  };
}

test('resize: bad-input matrix', () => {
  const [place, withOptions] = placer(undefined, SIZED);
  const invoke = ({ img, options }) => resize(img, options);
  const cases = [
    ...inputCases('resize', place, withOptions, { optionsRequired: true }),
    ...outCases('resize', withOptions, OUT),
    ...aliasCases(invoke, place),
    ...sizeCases('resize', withOptions, true),
    ...choiceCases('resize', 'interpolation', withOptions, [...NO_NAMES, 'Linear', 'bilinear', 'Lanczos', 'lanczos3']),
    ...flagCases('resize', 'antialias', withOptions),
    { label: "'lanczos' with antialias false", args: withOptions({ interpolation: 'lanczos', antialias: false }), expect: RangeError, name: /^resize: options\.antialias: 'lanczos'/ },
    ...argumentCases('options.cubicA', /^resize: options\.cubicA/, (v) => withOptions({ cubicA: v }), { ...FINITE, undefined: 'default' }),
    { label: 'an empty source to 3x2', args: place({ img: { width: 0, height: 3, data: new Uint8ClampedArray(0) } }), expect: RangeError, name: /^resize: img/ },
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});

test('warpAffine: bad-input matrix', () => {
  const { family, cases } = warpCases('warpAffine', ({ img, arg, options }) => warpAffine(img, arg, options), 6, [1, 0, -1, 0, 1, 0]);
  assert.ok(runCases(family, cases) >= 40);
});

test('warpPerspective: bad-input matrix', () => {
  const valid = [1, 0, -1, 0, 1, 0, 0, 0, 1];
  const { family, cases } = warpCases('warpPerspective', ({ img, arg, options }) => warpPerspective(img, arg, options), 9, valid);
  const [place] = placer(valid, SIZED);
  const perspective = [
    // w = 0 on the line x = 2 of the result: coordinates there are infinite, the pixels are the border's
    { label: 'w crossing 0 inside the result', args: place({ arg: [1, 0, 0, 0, 1, 0, -0.5, 0, 1], options: { ...SIZED, inverse: true, border: 'reflect', interpolation: 'cubic' } }), expect: 'ok' },
    { label: 'matrix scaled by 2 (the same warp)', args: place({ arg: valid.map((v) => 2 * v) }), expect: 'ok', same: place({}) },
  ];
  assert.ok(runCases(family, [...cases, ...perspective]) >= 40);
});

test('rotate: bad-input matrix', () => {
  const op = 'rotate';
  const [place, withOptions] = placer(30, {});
  const OUT4x3 = () => sevens(4, 3);
  const invoke = ({ img, arg, options }) => rotate(img, arg, options);
  const scale = /^rotate: options\.scale/;
  const cases = [
    ...inputCases(op, place, withOptions),
    ...outCases(op, withOptions, OUT4x3),
    ...argumentCases('degrees', /^rotate: degrees/, (v) => place({ arg: v }), { ...FINITE, undefined: TypeError, '-0': 'same as 0' }),
    { label: 'degrees 390 (the same pixels as 30)', args: place({ arg: 390 }), expect: 'ok', same: place({}) },
    { label: 'a center and scale whose matrix overflows', args: withOptions({ center: [1e308, 1e308], scale: 10 }), expect: RangeError, name: /^rotate: options\.center and options\.scale/ },
    ...argumentCases('options.center', /^rotate: options\.center/, (v) => withOptions({ center: v }), { ...NOT_A_LIST, undefined: 'default' }),
    ...argumentCases('options.center[0]', /^rotate: options\.center/, (v) => withOptions({ center: [v, 1] }), { ...FINITE, undefined: TypeError }),
    { label: 'options.center of 3', args: withOptions({ center: [1, 1, 1] }), expect: RangeError, name: /^rotate: options\.center/ },
    { label: 'options.center a Float64Array', args: withOptions({ center: Float64Array.of(1.5, 1) }), expect: 'ok', same: withOptions({}) },
    ...argumentCases('options.scale', scale, (v) => withOptions({ scale: v }), { ...FINITE, undefined: 'default', '-0': RangeError }),
    { label: 'options.scale 0', args: withOptions({ scale: 0 }), expect: RangeError, name: scale },
    { label: 'options.scale 1e-300 (singular in float64)', args: withOptions({ scale: 1e-300 }), expect: RangeError, name: scale },
    { label: 'options.scale 1e200 (its square overflows)', args: withOptions({ scale: 1e200 }), expect: RangeError, name: scale },
    ...flagCases(op, 'expand', withOptions),
    { label: 'expand with a scale too large to hold', args: withOptions({ expand: true, scale: 1e6, out: undefined }), expect: RangeError, name: /^rotate: the result/ },
    { label: 'expand, empty image', args: place({ img: { width: 0, height: 0, data: new Uint8ClampedArray(0) }, options: { expand: true } }), expect: 'ok', check: (r) => assert.equal(r.data.length, 0) },
    { label: 'options.width (not rotate\'s)', args: withOptions({ width: 3 }), expect: TypeError, name: /^rotate: unknown option "width"/ },
    { label: 'options.inverse (not rotate\'s)', args: withOptions({ inverse: true }), expect: TypeError, name: /^rotate: unknown option "inverse"/ },
    { label: 'an empty source, border edge', args: place({ img: { width: 4, height: 0, data: new Uint8ClampedArray(0) }, options: { border: 'edge' } }), expect: 'ok', check: (r) => assert.equal(r.data.length, 0) },
    ...samplingCases(op, withOptions),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT4x3), cases) >= 40);
});
