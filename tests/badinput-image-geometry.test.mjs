// The bad-input matrix for the image functions that move pixels (issue #12
// §4, issue #14 "Bad input"): crop, pad, flip, rotate90 and blur; see
// tests/support/badinput.js for what each case asserts and
// tests/support/badinput-image.js for the cases every image function gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { crop, pad, flip, rotate90, blur } from '../js/image.js';
import { argumentCases, runCases, NOT_A_LIST } from './support/badinput.js';
import {
  IMG, pixels, sevens, SIZE, INTEGER, placer, imageFamily, inputCases, outCases, fillCases, choiceCases, NO_NAMES,
} from './support/badinput-image.js';

await ready();

const empty = (width, height) => ({ width, height, channels: 4, data: new Uint8ClampedArray(width * height * 4) });
const BORDERS = [...NO_NAMES, 'reflect101', 'zeros', 'Constant', 'mirror'];

/** Out is the input itself (the result has its size): the result is the one a separate out gets. */
function aliasCase(label, invoke, args) {
  const copy = { ...args, img: { ...args.img, data: args.img.data.slice() }, options: { ...args.options, out: undefined } };
  const expected = [...invoke(copy).data];
  return { label, args, expect: 'ok', check: (r) => assert.deepEqual([...r.data], expected) };
}

test('crop: bad-input matrix', () => {
  const op = 'crop';
  const OUT = () => sevens(3, 2);
  const [place, withOptions] = placer(undefined, { x: 1, y: 1, width: 3, height: 2 });
  const invoke = ({ img, options }) => crop(img, options);
  const name = (key) => new RegExp(`^crop: options\\.${key}`);
  const img = IMG();
  const cases = [
    ...inputCases(op, place, withOptions),
    ...outCases(op, withOptions, OUT),
    ...argumentCases('options.x', name('x'), (v) => withOptions({ x: v }), { ...INTEGER, undefined: 'same as 0' }),
    ...argumentCases('options.y', name('y'), (v) => withOptions({ y: v }), { ...INTEGER, undefined: 'same as 0' }),
    ...argumentCases('options.width', name('width'), (v) => withOptions({ width: v }), { ...SIZE, undefined: 'ok' }),
    ...argumentCases('options.height', name('height'), (v) => withOptions({ height: v }), { ...SIZE, undefined: 'ok' }),
    ...choiceCases(op, 'border', withOptions, BORDERS),
    ...fillCases(op, withOptions),
    { label: 'options.width 2^31', args: withOptions({ width: 2 ** 31 }), expect: RangeError, name: name('width') },
    { label: 'a result over 4 GiB', args: withOptions({ width: 2 ** 31 - 1, height: 2 ** 31 - 1, out: undefined }), expect: RangeError, name: /^crop: the result/ },
    { label: 'x far left, width left to default: a result over 4 GiB', args: place({ options: { x: -1e15, out: undefined } }), expect: RangeError, name: /^crop: the result/ },
    { label: 'x past the image: an empty result', args: place({ options: { x: 2 ** 52 } }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height], [0, 3]) },
    { label: 'far outside, border constant', args: withOptions({ x: 2 ** 52, fill: [1, 2, 3, 4] }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], Array(6).fill([1, 2, 3, 4]).flat()) },
    { label: 'far outside, border wrap', args: withOptions({ x: -(2 ** 52), border: 'wrap' }), expect: 'ok', same: withOptions({ x: 0, border: 'wrap' }) },
    // reflect repeats every 2(n - 1) pixels, symmetric every 2n: far away is a period or a few off
    { label: 'far above, border reflect', args: withOptions({ y: -(2 ** 52) + 1, border: 'reflect' }), expect: 'ok', same: withOptions({ y: -3, border: 'reflect' }) },
    { label: 'far below, border reflect', args: withOptions({ y: 2 ** 52 + 1, border: 'reflect' }), expect: 'ok', same: withOptions({ y: 5, border: 'reflect' }) },
    { label: 'far left, border symmetric', args: withOptions({ x: -(2 ** 52) + 1, border: 'symmetric' }), expect: 'ok', same: withOptions({ x: -7, border: 'symmetric' }) },
    { label: 'far right of a 1-pixel column, border reflect', args: place({ img: { width: 1, height: 3, data: pixels(12) }, options: { x: 2 ** 52, width: 3, height: 2, border: 'reflect', out: undefined } }), expect: 'ok', same: place({ img: { width: 1, height: 3, data: pixels(12) }, options: { x: 2, width: 3, height: 2, border: 'reflect', out: undefined } }) },
    { label: 'width 0: an empty image', args: withOptions({ width: 0, out: undefined }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 2, 0]) },
    { label: 'an empty source, border constant', args: place({ img: empty(0, 3), options: { width: 2, height: 1, fill: 9 } }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], Array(8).fill(9)) },
    { label: 'an empty source, border edge', args: place({ img: empty(4, 0), options: { width: 2, height: 1, border: 'edge', out: undefined } }), expect: RangeError, name: /^crop: img/ },
    aliasCase('options.out is img (a shift by one, edge)', invoke, place({ img, options: { x: 1, width: 4, height: 3, border: 'edge', out: img } })),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});

test('pad: bad-input matrix', () => {
  const op = 'pad';
  const OUT = () => sevens(5, 5);
  const [place, withOptions] = placer(undefined, { top: 1, bottom: 1, left: 1, border: 'reflect' });
  const invoke = ({ img, options }) => pad(img, options);
  const img = IMG();
  const sides = ['top', 'right', 'bottom', 'left'].flatMap((side) => [
    ...argumentCases(`options.${side}`, new RegExp(`^pad: options\\.${side}`), (v) => withOptions({ [side]: v }), { ...SIZE, undefined: 'same as 0' }),
    { label: `options.${side} 2^31`, args: withOptions({ [side]: 2 ** 31 }), expect: RangeError, name: new RegExp(`^pad: options\\.${side}`) },
  ]);
  const cases = [
    ...inputCases(op, place, withOptions),
    ...outCases(op, withOptions, OUT),
    ...sides,
    ...choiceCases(op, 'border', withOptions, BORDERS),
    ...fillCases(op, (more) => withOptions({ border: 'constant', ...more })),
    { label: 'a side that makes the width 2^31', args: withOptions({ left: 2 ** 31 - 4, right: 1, out: undefined }), expect: RangeError, name: /^pad: the result/ },
    { label: 'a result over 4 GiB', args: withOptions({ left: 2 ** 30, top: 2 ** 30, out: undefined }), expect: RangeError, name: /^pad: the result/ },
    { label: 'pads past one reflection', args: withOptions({ top: 7, left: 9 }), expect: 'ok' },
    { label: 'an empty source, border constant', args: place({ img: empty(0, 3), options: { left: 1, fill: 9 } }), expect: 'ok', check: (r) => assert.deepEqual([...r.data], Array(12).fill(9)) },
    { label: 'an empty source, border reflect', args: place({ img: empty(0, 3), options: { left: 1, border: 'reflect', out: undefined } }), expect: RangeError, name: /^pad: img/ },
    { label: 'an empty source and no pads', args: place({ img: empty(0, 3), options: { border: 'reflect' } }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 3, 0]) },
    aliasCase('options.out is img (no pads)', invoke, place({ img, options: { border: 'edge', out: img } })),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});

test('flip: bad-input matrix', () => {
  const op = 'flip';
  const OUT = () => sevens(4, 3);
  const [place, withOptions] = placer('horizontal', {});
  const invoke = ({ img, arg, options }) => flip(img, arg, options);
  const direction = /^flip: direction/;
  const img = IMG();
  const both = IMG();
  const shared = pixels(64);
  const cases = [
    ...inputCases(op, place, withOptions),
    ...outCases(op, withOptions, OUT),
    ...argumentCases('direction', direction, (v) => place({ arg: v }), NOT_A_LIST),
    ...[...NO_NAMES, 'Horizontal', 'x', 'h', 'leftRight', 1, -1, 0, true, ['horizontal']]
      .map((v) => ({ label: `direction ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`, args: place({ arg: v }), expect: TypeError, name: direction })),
    { label: 'direction a String object', args: place({ arg: new String('horizontal') }), expect: TypeError, name: direction },
    { label: 'options.direction (an argument, not an option)', args: withOptions({ direction: 'vertical' }), expect: TypeError, name: /^flip: unknown option "direction"/ },
    { label: 'an empty image', args: place({ img: empty(0, 3) }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 3, 0]) },
    aliasCase('options.out is img, horizontal', invoke, place({ img, options: { out: img } })),
    aliasCase('options.out is img, both', invoke, place({ img: both, arg: 'both', options: { out: both } })),
    aliasCase('options.out overlaps img one row on, vertical', invoke,
      place({ img: { width: 4, height: 3, data: shared.subarray(0, 48) }, arg: 'vertical', options: { out: { width: 4, height: 3, data: shared.subarray(16, 64) } } })),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});

test('rotate90: bad-input matrix', () => {
  const op = 'rotate90';
  const OUT = () => sevens(3, 4);
  const [place, withOptions] = placer(1, {});
  const invoke = ({ img, arg, options }) => rotate90(img, arg, options);
  const turns = /^rotate90: turns/;
  const square = () => ({ width: 3, height: 3, channels: 4, data: pixels(36) });
  const a = square(), b = square();
  const cases = [
    ...inputCases(op, place, withOptions),
    ...outCases(op, withOptions, OUT),
    ...argumentCases('turns', turns, (v) => place({ arg: v }), { ...INTEGER, undefined: TypeError, negative: place({ arg: 3 }) }),
    { label: 'turns 5 (the same as 1)', args: place({ arg: 5 }), expect: 'ok', same: place({}) },
    { label: 'turns -2^52 + 1 (the same as 1)', args: place({ arg: -(2 ** 52) + 1 }), expect: 'ok', same: place({}) },
    { label: 'turns a string of a number', args: place({ arg: '1' }), expect: TypeError, name: turns },
    { label: 'turns true', args: place({ arg: true }), expect: TypeError, name: turns },
    { label: 'turns a Number object', args: place({ arg: new Number(1) }), expect: TypeError, name: turns },
    { label: 'options.out 4x3 for an odd turn', args: withOptions({ out: sevens(4, 3) }), expect: RangeError, name: /^rotate90: options\.out/ },
    { label: 'options.turns (an argument, not an option)', args: withOptions({ turns: 2 }), expect: TypeError, name: /^rotate90: unknown option "turns"/ },
    { label: 'an empty image', args: place({ img: empty(0, 3) }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [3, 0, 0]) },
    aliasCase('options.out is img, 1 turn', invoke, place({ img: a, options: { out: a } })),
    aliasCase('options.out is img, 2 turns', invoke, place({ img: b, arg: 2, options: { out: b } })),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});

test('blur: bad-input matrix', () => {
  const op = 'blur';
  const OUT = () => sevens(4, 3);
  const [place, withOptions] = placer(undefined, { size: 3 });
  const invoke = ({ img, options }) => blur(img, options);
  const size = /^blur: options\.size/;
  const img = IMG();
  const POSITIVE = { ...SIZE, undefined: TypeError, '-0': RangeError };
  const cases = [
    ...inputCases(op, place, withOptions, { optionsRequired: true }),
    ...outCases(op, withOptions, OUT),
    ...argumentCases('options.size', size, (v) => withOptions({ size: v }), POSITIVE),
    ...argumentCases('options.size[1]', size, (v) => withOptions({ size: [3, v] }), POSITIVE),
    { label: 'options.size 0', args: withOptions({ size: 0 }), expect: RangeError, name: size },
    { label: 'options.size [3]', args: withOptions({ size: [3] }), expect: RangeError, name: size },
    { label: 'options.size [3, 3, 3]', args: withOptions({ size: [3, 3, 3] }), expect: RangeError, name: size },
    { label: 'options.size a string of 2', args: withOptions({ size: '33' }), expect: TypeError, name: size },
    { label: 'options.size [3, 3] (the same as 3)', args: withOptions({ size: [3, 3] }), expect: 'ok', same: place({}) },
    { label: 'options.size an Int32Array', args: withOptions({ size: Int32Array.of(3, 3) }), expect: 'ok', same: place({}) },
    { label: 'options.size 2^31 - 1 (too large to pad)', args: withOptions({ size: 2 ** 31 - 1 }), expect: RangeError, name: /^blur: .*options\.size/ },
    { label: 'options.size larger than the image', args: withOptions({ size: [9, 7] }), expect: 'ok' },
    ...choiceCases(op, 'border', withOptions, BORDERS),
    ...fillCases(op, (more) => withOptions({ border: 'constant', ...more })),
    { label: 'an empty image', args: place({ img: empty(0, 3) }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 3, 0]) },
    aliasCase('options.out is img', invoke, place({ img, options: { size: [3, 2], out: img } })),
  ];
  assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
});
