// The pieces the image functions' bad-input matrices share (tests/badinput-image*.test.mjs):
// the test image, what a size, a fill or an image's own fields must refuse,
// and the cases every function taking an image and `out` gets. See
// tests/support/badinput.js for what each case asserts.
import { argumentCases, NOT_A_LIST, NOT_A_TENSOR, CHOICE, detached, shared, offsetView } from './badinput.js';

/** The 4x3 RGBA test image's bytes (distinct, so a moved pixel shows). */
export const pixels = (length = 48) => Uint8ClampedArray.from({ length }, (_, i) => (i * 29 + 3) & 0xff);

/** The test image: 4x3, RGBA. */
export const IMG = () => ({ width: 4, height: 3, channels: 4, data: pixels() });

/** An image of 7s (an out a failing call must leave as it is). */
export const sevens = (width, height, channels = 4) => ({ width, height, channels, data: new Uint8ClampedArray(width * height * channels).fill(7) });

/** A size option (width, height, top...): a non-negative integer; -0 is 0. */
export const SIZE = Object.freeze({
  null: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError,
  '-0': 'same as 0', '1.5': RangeError, '2^53': RangeError, negative: RangeError, bigint: TypeError,
});

/** An image's own width or height: required; -0 is 0, which then disagrees with the data's length. */
export const IMAGE_SIZE = Object.freeze({ ...SIZE, undefined: TypeError, '-0': RangeError });

/** A signed integer (crop's x and y, rotate90's turns). */
export const INTEGER = Object.freeze({ ...SIZE, negative: 'ok' });

/** A finite number: every number but NaN and ±Infinity is fine. */
export const FINITE = Object.freeze({ null: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, bigint: TypeError });

/** The fill: an integer 0..255 (the value -> element rule for uint8). */
export const FILL = Object.freeze({ ...SIZE, undefined: 'default' });

/** A channel count 1-4 (absent: the default). */
export const CHANNELS = Object.freeze({
  ...NOT_A_LIST, undefined: 'default', NaN: RangeError, Infinity: RangeError, '-Infinity': RangeError, '-0': RangeError,
  '1.5': RangeError, '2^53': RangeError, negative: RangeError,
});

/**
 * The args of a call { img, arg, options } from `a` (what a case changes):
 * the test image, `arg` and a copy of `options` where `a` has no such key
 * (a key set to undefined is kept: leaving an argument out is a case too).
 * Returns [place, withOptions], withOptions(more) adding options.
 */
export function placer(arg, options) {
  const place = (a) => ({
    img: 'img' in a ? a.img : IMG(),
    arg: 'arg' in a ? a.arg : arg,
    options: 'options' in a ? a.options : { ...options },
  });
  return [place, (more) => place({ options: { ...options, ...more } })];
}

/**
 * A family whose args are { img, arg, options } (arg: the positional
 * argument after img, if any); a failing case is also run with options.out
 * set to `outImage()` (the result's size, all 7s), which it must leave so.
 */
export function imageFamily(invoke, valid, outImage) {
  return {
    invoke,
    addOut: (args, out) => (args.options !== null && typeof args.options === 'object' && !('out' in args.options)
      ? { ...args, options: { ...args.options, out } } : null),
    outs: () => [outImage()],
    valid,
  };
}

/**
 * The cases of the image argument and the options object, for a function
 * `op` whose valid call is `place({})`: `place({ img, options })` replaces
 * the image or the options object (undefined: the valid ones), and
 * `withOptions(more)` adds options to the valid ones. `optionsRequired`: the
 * options object itself may not be left out.
 */
export function inputCases(op, place, withOptions, { optionsRequired = false } = {}) {
  const img = new RegExp(`^${op}: img`);
  const data = new RegExp(`^${op}: img\\.data`);
  const withImage = (fields) => place({ img: { ...IMG(), ...fields } });
  const valid = place({});
  return [
    ...argumentCases('img', img, (v) => place({ img: v }), NOT_A_TENSOR),
    ...argumentCases('img.width', img, (v) => withImage({ width: v }), IMAGE_SIZE),
    ...argumentCases('img.height', img, (v) => withImage({ height: v }), IMAGE_SIZE),
    ...argumentCases('img.channels', img, (v) => withImage({ channels: v }), CHANNELS),
    { label: 'img.channels 5', args: withImage({ channels: 5 }), expect: RangeError, name: /img\.channels/ },
    { label: 'img.channels 3 with 4-channel data', args: withImage({ channels: 3 }), expect: RangeError, name: data },
    { label: 'img.data too short', args: withImage({ data: pixels().subarray(1) }), expect: RangeError, name: data },
    { label: 'img.data too long', args: withImage({ data: pixels(49) }), expect: RangeError, name: data },
    { label: 'img.data missing', args: withImage({ data: undefined }), expect: TypeError, name: data },
    { label: 'img.data a Float32Array', args: withImage({ data: new Float32Array(48) }), expect: TypeError, name: data },
    { label: 'img.data a Uint16Array', args: withImage({ data: new Uint16Array(48) }), expect: TypeError, name: data },
    { label: 'img.data an Int8Array', args: withImage({ data: new Int8Array(48) }), expect: TypeError, name: data },
    { label: 'img.data a plain array', args: withImage({ data: [...pixels()] }), expect: TypeError, name: data },
    { label: 'img.data an ArrayBuffer', args: withImage({ data: pixels().buffer }), expect: TypeError, name: data },
    { label: 'img.data detached', args: withImage({ data: detached(Uint8ClampedArray, 48) }), expect: RangeError, name: data },
    { label: 'img.data a Proxy', args: withImage({ data: new Proxy(pixels(), {}) }), expect: TypeError, name: data },
    { label: 'img.data a Uint8Array', args: withImage({ data: new Uint8Array(pixels()) }), expect: 'ok', same: valid },
    { label: 'img.data in a SharedArrayBuffer', args: withImage({ data: shared(pixels()) }), expect: 'ok', same: valid },
    { label: 'img.data at an odd byte offset', args: withImage({ data: offsetView(pixels(), 3) }), expect: 'ok', same: valid },
    { label: 'img frozen', args: place({ img: Object.freeze(IMG()) }), expect: 'ok', same: valid },
    { label: 'img a Proxy', args: place({ img: new Proxy(IMG(), {}) }), expect: 'ok', same: valid },
    { label: 'img with extra fields (an ImageData has colorSpace)', args: withImage({ colorSpace: 'srgb' }), expect: 'ok', same: valid },
    ...argumentCases('options', new RegExp(`^${op}: options`), (v) => place({ options: v }),
      { ...NOT_A_LIST, undefined: optionsRequired ? TypeError : 'ok' }),
    { label: 'options frozen', args: place({ options: Object.freeze({ ...valid.options }) }), expect: 'ok', same: valid },
    { label: 'options a Proxy', args: place({ options: new Proxy({ ...valid.options }, {}) }), expect: 'ok', same: valid },
    { label: 'unknown option', args: withOptions({ extra: 1 }), expect: TypeError, name: new RegExp(`^${op}: unknown option "extra"`) },
    { label: 'misspelled option', args: withOptions({ Border: 'edge' }), expect: TypeError, name: new RegExp(`^${op}: unknown option "Border"`) },
    { label: 'unknown option set to undefined', args: withOptions({ extra: undefined }), expect: TypeError, name: new RegExp(`^${op}: unknown option "extra"`) },
  ];
}

/**
 * The cases of options.out for a function whose valid result is `outImage()`
 * in size (width, height, channels): `withOptions(more)` adds options to the
 * valid ones.
 */
export function outCases(op, withOptions, outImage) {
  const name = new RegExp(`^${op}: options\\.out`);
  const right = outImage();
  const sized = (width, height, channels) => withOptions({ out: sevens(width, height, channels) });
  return [
    ...argumentCases('options.out', name, (v) => withOptions({ out: v }), { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
    { label: 'options.out one column wider', args: sized(right.width + 1, right.height, 4), expect: RangeError, name },
    { label: 'options.out one row taller', args: sized(right.width, right.height + 1, 4), expect: RangeError, name },
    { label: 'options.out of 3 channels', args: sized(right.width, right.height, 3), expect: RangeError, name },
    { label: 'options.out data too short', args: withOptions({ out: { ...outImage(), data: new Uint8ClampedArray(right.data.length - 1) } }), expect: RangeError, name },
    { label: 'options.out data a Float32Array', args: withOptions({ out: { ...outImage(), data: new Float32Array(right.data.length) } }), expect: TypeError, name },
    { label: 'options.out data a Uint16Array', args: withOptions({ out: { ...outImage(), data: new Uint16Array(right.data.length) } }), expect: TypeError, name },
    { label: 'options.out data detached', args: withOptions({ out: { ...outImage(), data: detached(Uint8ClampedArray, right.data.length) } }), expect: RangeError, name },
    { label: 'options.out a tensor', args: withOptions({ out: { type: 'uint8', dims: [right.height, right.width, 4], data: new Uint8Array(right.data.length) } }), expect: TypeError, name },
    {
      label: 'options.out a Uint8Array image in a SharedArrayBuffer', expect: 'ok', same: withOptions({}),
      args: withOptions({ out: { ...outImage(), data: new Uint8Array(shared(right.data).buffer) } }),
    },
  ];
}

/** Cases for options.fill of a function on a 4-channel image (`withOptions(more)` adds options to the valid ones). */
export function fillCases(op, withOptions) {
  const name = new RegExp(`^${op}: options\\.fill`);
  const bad = (label, fill, expect) => ({ label: `options.fill ${label}`, args: withOptions({ fill }), expect, name });
  return [
    ...argumentCases('options.fill', name, (v) => withOptions({ fill: v }), FILL),
    bad('of 3 for 4 channels', [1, 2, 3], RangeError),
    bad('of 5 for 4 channels', [1, 2, 3, 4, 5], RangeError),
    bad('empty', [], RangeError),
    bad('with 256', [1, 2, 3, 256], RangeError),
    bad('with 4.5', [1, 2, 3, 4.5], RangeError),
    bad('with NaN', [1, 2, 3, NaN], RangeError),
    bad("with '4'", [1, 2, 3, '4'], TypeError),
    bad('with null', [1, 2, 3, null], TypeError),
    bad('with 4n', [1, 2, 3, 4n], TypeError),
    bad('true', true, TypeError),
    bad('a string of 4', '1234', TypeError),
    { label: 'options.fill a Uint8Array', args: withOptions({ fill: Uint8Array.of(1, 2, 3, 4) }), expect: 'ok', same: withOptions({ fill: [1, 2, 3, 4] }) },
    { label: 'options.fill frozen', args: withOptions({ fill: Object.freeze([1, 2, 3, 4]) }), expect: 'ok', same: withOptions({ fill: [1, 2, 3, 4] }) },
    { label: 'options.fill -0 entries', args: withOptions({ fill: [-0, 2, 3, 4] }), expect: 'ok', same: withOptions({ fill: [0, 2, 3, 4] }) },
  ];
}

/** Cases for a name option (`key`) among `names`, with names it must refuse. */
export function choiceCases(op, key, withOptions, wrongNames) {
  const name = new RegExp(`^${op}: options\\.${key}`);
  return [
    ...argumentCases(`options.${key}`, name, (v) => withOptions({ [key]: v }), CHOICE),
    ...wrongNames.map((n) => ({ label: `options.${key} ${JSON.stringify(n)}`, args: withOptions({ [key]: n }), expect: TypeError, name })),
  ];
}

/** Names no choice takes: an empty string, Object prototype keys, a string object. */
export const NO_NAMES = Object.freeze(['', 'constructor', '__proto__', 'toString']);

