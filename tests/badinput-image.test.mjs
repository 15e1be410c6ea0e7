// The bad-input matrix for the image functions (issue #12 §4, "the image
// functions when they exist"): resize and warpAffine, every argument and
// option with every bad value, and the image-shaped failures; see
// tests/support/badinput.js for what each case asserts (error class, the
// message names the argument, wasm memory and bytes in use unchanged, out
// unchanged, the next valid call right).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { resize, warpAffine } from '../js/image.js';
import { argumentCases, runCases, NOT_A_LIST, NOT_A_TENSOR, CHOICE, FLAG, detached, shared, offsetView } from './support/badinput.js';

await ready();

// A 4x3 RGBA image; resized to 3x2, or warped (a shift) into 3x2.
const pixels = () => Uint8ClampedArray.from({ length: 48 }, (_, i) => (i * 29 + 3) & 0xff);
const IMG = () => ({ width: 4, height: 3, channels: 4, data: pixels() });
const OUT = () => ({ width: 3, height: 2, channels: 4, data: new Uint8ClampedArray(24).fill(7) });

// Values a size (width, height) must refuse or accept.
const SIZE = {
  null: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError,
  '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, negative: RangeError, bigint: TypeError,
};
// An image's own width: -0 is 0, which then disagrees with the data's length.
const IMAGE_SIZE = { ...SIZE, undefined: TypeError, '-0': RangeError };
// A finite number (cubicA): the numbers are fine.
const FINITE = { null: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, bigint: TypeError };
// The fill: an integer 0..255 (the value -> element rule for uint8).
const FILL = {
  null: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, '-0': 'same as 0',
  '1.5': RangeError, '2^53': RangeError, negative: RangeError, bigint: TypeError,
};

// The options of a case: width 3, height 2, and what the case sets (not img or m).
function optionsOf({ img, m, ...options }) {
  void img;
  void m;
  return { width: 3, height: 2, ...options };
}

function imageFamily(invoke, valid) {
  return {
    invoke,
    addOut: ({ img, m, options }, out) => (options !== null && typeof options === 'object' && !('out' in options)
      ? { img, m, options: { ...options, out } } : null),
    outs: () => [OUT()],
    valid,
  };
}

function imageCases(op, place) {
  return [
    ...argumentCases('img', new RegExp(`^${op}: img`), (v) => place({ img: v }), NOT_A_TENSOR),
    ...argumentCases('img.width', new RegExp(`^${op}: img`), (v) => place({ img: { ...IMG(), width: v } }), IMAGE_SIZE),
    ...argumentCases('img.height', new RegExp(`^${op}: img`), (v) => place({ img: { ...IMG(), height: v } }), IMAGE_SIZE),
    ...argumentCases('img.channels', new RegExp(`^${op}: img`), (v) => place({ img: { ...IMG(), channels: v } }),
      { ...NOT_A_LIST, undefined: 'default', NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, '-0': RangeError,
        '1.5': RangeError, '2^53': RangeError, negative: RangeError }),
    { label: 'img.data too short', args: place({ img: { ...IMG(), data: pixels().subarray(1) } }), expect: RangeError, name: new RegExp(`^${op}: img\\.data`) },
    { label: 'img.data a Float32Array', args: place({ img: { ...IMG(), data: new Float32Array(48) } }), expect: TypeError, name: new RegExp(`^${op}: img\\.data`) },
    { label: 'img.data an Array', args: place({ img: { ...IMG(), data: [...pixels()] } }), expect: TypeError, name: new RegExp(`^${op}: img\\.data`) },
    { label: 'img.data detached', args: place({ img: { ...IMG(), data: detached(Uint8ClampedArray, 48) } }), expect: RangeError, name: new RegExp(`^${op}: img\\.data`) },
    { label: 'img.data a Proxy', args: place({ img: { ...IMG(), data: new Proxy(pixels(), {}) } }), expect: TypeError, name: new RegExp(`^${op}: img\\.data`) },
    { label: 'img.data in a SharedArrayBuffer', args: place({ img: { ...IMG(), data: shared(pixels()) } }), expect: 'ok', same: place({}) },
    { label: 'img.data at an odd byte offset', args: place({ img: { ...IMG(), data: offsetView(pixels(), 3) } }), expect: 'ok', same: place({}) },
    { label: 'img frozen', args: place({ img: Object.freeze(IMG()) }), expect: 'ok', same: place({}) },
    { label: 'img a Proxy', args: place({ img: new Proxy(IMG(), {}) }), expect: 'ok', same: place({}) },
    { label: 'options.out of the wrong size', args: place({ out: { ...OUT(), width: 2, data: new Uint8ClampedArray(16) } }), expect: RangeError, name: new RegExp(`^${op}: options\\.out`) },
    { label: 'options.out of the wrong channels', args: place({ out: { ...OUT(), channels: 3, data: new Uint8ClampedArray(18) } }), expect: RangeError, name: new RegExp(`^${op}: options\\.out`) },
    { label: 'options.out data a Float32Array', args: place({ out: { ...OUT(), data: new Float32Array(24) } }), expect: TypeError, name: new RegExp(`^${op}: options\\.out`) },
    { label: 'options.out not an image', args: place({ out: 5 }), expect: TypeError, name: new RegExp(`^${op}: options\\.out`) },
    { label: 'options.out detached', args: place({ out: { ...OUT(), data: detached(Uint8ClampedArray, 24) } }), expect: RangeError, name: new RegExp(`^${op}: options\\.out`) },
    { label: 'options.out is img', args: (() => { const img = { width: 3, height: 2, channels: 4, data: pixels().subarray(0, 24) }; return place({ img, out: img, width: 3, height: 2 }); })(), expect: 'ok' },
    { label: 'unknown option', args: place({ extra: 1 }), expect: TypeError, name: new RegExp(`^${op}: unknown option "extra"`) },
  ];
}

test('resize: bad-input matrix', () => {
  const place = (a) => ({ img: 'img' in a ? a.img : IMG(), options: optionsOf(a) });
  const valid = place({});
  const family = imageFamily(({ img, options }) => resize(img, options), valid);
  const withOption = (key) => (v) => ({ img: IMG(), options: { width: 3, height: 2, [key]: v } });
  const cases = [
    ...imageCases('resize', place),
    ...argumentCases('options', /^resize: options/, (v) => ({ img: IMG(), options: v }), NOT_A_LIST),
    ...argumentCases('options.width', /^resize: options\.width/, withOption('width'), { ...SIZE, undefined: TypeError }),
    ...argumentCases('options.height', /^resize: options\.height/, withOption('height'), { ...SIZE, undefined: TypeError }),
    ...argumentCases('options.interpolation', /^resize: options\.interpolation/, withOption('interpolation'), CHOICE),
    ...argumentCases('options.antialias', /^resize: options\.antialias/, withOption('antialias'), FLAG),
    ...argumentCases('options.cubicA', /^resize: options\.cubicA/, withOption('cubicA'), { ...FINITE, undefined: 'default' }),
  ];
  assert.ok(runCases(family, cases) >= 40);
});

test('warpAffine: bad-input matrix', () => {
  const SHIFT = [1, 0, -1, 0, 1, 0];
  const place = (a) => ({ img: 'img' in a ? a.img : IMG(), m: a.m ?? SHIFT, options: optionsOf(a) });
  const valid = place({});
  const family = imageFamily(({ img, m, options }) => warpAffine(img, m, options), valid);
  const withOption = (key) => (v) => ({ img: IMG(), m: SHIFT, options: { width: 3, height: 2, [key]: v } });
  const cases = [
    ...imageCases('warpAffine', place),
    ...argumentCases('matrix', /^warpAffine: matrix/, (v) => ({ img: IMG(), m: v, options: { width: 3, height: 2 } }), NOT_A_LIST),
    ...argumentCases('matrix[2]', /^warpAffine: matrix/, (v) => ({ img: IMG(), m: [1, 0, v, 0, 1, 0], options: { width: 3, height: 2 } }),
      { null: TypeError, undefined: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, bigint: TypeError }),
    { label: 'matrix singular', args: place({ m: [1, 2, 0, 2, 4, 0] }), expect: RangeError, name: /^warpAffine: matrix/ },
    { label: 'matrix of 5', args: place({ m: [1, 0, 0, 0, 1] }), expect: RangeError, name: /^warpAffine: matrix/ },
    ...argumentCases('options', /^warpAffine: options/, (v) => ({ img: IMG(), m: SHIFT, options: v }),
      { ...NOT_A_LIST, undefined: 'ok' }),
    ...argumentCases('options.width', /^warpAffine: options\.width/, withOption('width'), { ...SIZE, undefined: 'ok' }),
    ...argumentCases('options.height', /^warpAffine: options\.height/, withOption('height'), { ...SIZE, undefined: 'ok' }),
    ...argumentCases('options.interpolation', /^warpAffine: options\.interpolation/, withOption('interpolation'), CHOICE),
    ...argumentCases('options.border', /^warpAffine: options\.border/, withOption('border'), CHOICE),
    ...argumentCases('options.fill', /^warpAffine: options\.fill/, withOption('fill'), { ...FILL, undefined: 'default' }),
    // inverse takes true/false only (warp.js; resize's antialias also takes 0/1: args.js flag)
    ...argumentCases('options.inverse', /^warpAffine: options\.inverse/, withOption('inverse'), { ...FLAG, '-0': TypeError }),
  ];
  assert.ok(runCases(family, cases) >= 40);
});
