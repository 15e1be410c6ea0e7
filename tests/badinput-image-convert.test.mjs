// The bad-input matrix for toTensor and fromTensor (issue #12 §4, issue #14
// "Bad input"); see tests/support/badinput.js for what each case asserts and
// tests/support/badinput-image.js for the cases every image function gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, tensor } from '../js/index.js';
import { toTensor, fromTensor } from '../js/image.js';
import { argumentCases, runCases, NOT_A_LIST, NOT_A_TENSOR, detached, shared, offsetView } from './support/badinput.js';
import {
  IMG, pixels, sevens, FINITE, CHANNELS, placer, imageFamily, inputCases, outCases, choiceCases, NO_NAMES,
} from './support/badinput-image.js';

await ready();

/** mean and std: a number or one per channel (3 here), each finite; std also non-zero as float32. */
function perChannelCases(op, withOptions, key, channels) {
  const name = new RegExp(`^${op}: options\\.${key}`);
  const std = key === 'std';
  const one = (v) => withOptions({ [key]: Array.from({ length: channels }, (_, c) => (c === 1 ? v : 0.5)) });
  const bad = (label, value, expect) => ({ label: `options.${key} ${label}`, args: withOptions({ [key]: value }), expect, name });
  return [
    ...argumentCases(`options.${key}`, name, (v) => withOptions({ [key]: v }), { ...FINITE, undefined: 'default', ...(std ? { '-0': RangeError } : {}) }),
    ...argumentCases(`options.${key}[1]`, name, one, { ...FINITE, undefined: TypeError, ...(std ? { '-0': RangeError } : {}) }),
    bad(`of ${channels - 1}`, Array(channels - 1).fill(1), RangeError),
    bad(`of ${channels + 1}`, Array(channels + 1).fill(1), RangeError),
    bad('empty', [], RangeError),
    bad('a string of the right length', 'x'.repeat(channels), TypeError),
    bad('1e39 (overflows float32)', 1e39, RangeError),
    ...(std ? [bad('0', 0, RangeError), bad('1e-50 (0 as float32)', 1e-50, RangeError), bad('with a 0', [1, 0, 1].slice(0, channels), RangeError)] : []),
    { label: `options.${key} a Float32Array`, args: withOptions({ [key]: new Float32Array(channels).fill(0.5) }), expect: 'ok', same: withOptions({ [key]: 0.5 }) },
    { label: `options.${key} frozen`, args: withOptions({ [key]: Object.freeze(Array(channels).fill(0.5)) }), expect: 'ok', same: withOptions({ [key]: 0.5 }) },
  ];
}

function scaleCases(op, withOptions, zero) {
  const name = new RegExp(`^${op}: options\\.scale`);
  return [
    ...argumentCases('options.scale', name, (v) => withOptions({ scale: v }), { ...FINITE, undefined: 'default', ...(zero ? { '-0': RangeError } : {}) }),
    { label: 'options.scale 1e39 (overflows float32)', args: withOptions({ scale: 1e39 }), expect: RangeError, name },
    ...(zero ? [{ label: 'options.scale 0', args: withOptions({ scale: 0 }), expect: RangeError, name }] : []),
  ];
}

test('toTensor: bad-input matrix', () => {
  const op = 'toTensor';
  const dims = [1, 3, 3, 4];
  const [place, withOptions] = placer(undefined, { mean: 0.25, std: 0.5 });
  const invoke = ({ img, options }) => toTensor(img, options);
  const family = {
    ...imageFamily(invoke, place({}), null),
    outs: () => {
      const heap = tensor('float32', dims);
      heap.data.fill(-7);
      return [heap, { type: 'float32', dims, data: new Float32Array(36).fill(-7) }];
    },
  };
  const out = /^toTensor: options\.out/;
  const wrongOut = (label, value, expect) => ({ label: `options.out ${label}`, args: withOptions({ out: value }), expect, name: out });
  const batch = /^toTensor: img/;
  const aliased = () => {
    const data = new Uint8Array(pixels());
    return place({ img: { width: 4, height: 3, data }, options: { type: 'uint8', layout: 'NHWC', channels: 4, scale: 2, out: { type: 'uint8', dims: [1, 3, 4, 4], data } } });
  };
  const cases = [
    ...inputCases(op, place, withOptions),
    ...choiceCases(op, 'layout', withOptions, [...NO_NAMES, 'nchw', 'CHW', 'NCWH']),
    ...choiceCases(op, 'type', withOptions, [...NO_NAMES, 'float64', 'int8', 'Float32', 'uint8clamped']),
    ...argumentCases('options.channels', /^toTensor: options\.channels/, (v) => withOptions({ channels: v }), CHANNELS),
    { label: 'options.channels 5', args: withOptions({ channels: 5 }), expect: RangeError, name: /^toTensor: options\.channels/ },
    { label: 'options.channels 2', args: withOptions({ channels: 2 }), expect: RangeError, name: /^toTensor: options\.channels/ },
    { label: 'options.channels 4 from a 3-channel image', args: place({ img: { width: 4, height: 3, channels: 3, data: pixels(36) }, options: { channels: 4 } }), expect: RangeError, name: /^toTensor: options\.channels/ },
    ...scaleCases(op, withOptions, false),
    ...perChannelCases(op, withOptions, 'mean', 3),
    ...perChannelCases(op, withOptions, 'std', 3),
    { label: 'options.mean of 4 with channels 4', args: withOptions({ channels: 4, mean: [1, 2, 3, 4], out: undefined }), expect: 'ok' },
    ...argumentCases('options.out', out, (v) => withOptions({ out: v }), { ...NOT_A_TENSOR, null: 'default', undefined: 'default' }),
    wrongOut('of type float16', { type: 'float16', dims, data: new Uint16Array(36) }, TypeError),
    wrongOut('of dims [1, 3, 4, 3]', { type: 'float32', dims: [1, 3, 4, 3], data: new Float32Array(36) }, RangeError),
    wrongOut('of dims [3, 3, 4]', { type: 'float32', dims: [3, 3, 4], data: new Float32Array(36) }, RangeError),
    wrongOut('of 35 entries', { type: 'float32', dims, data: new Float32Array(35) }, RangeError),
    wrongOut('data a Float64Array', { type: 'float32', dims, data: new Float64Array(36) }, TypeError),
    wrongOut('data detached', { type: 'float32', dims, data: detached(Float32Array, 36) }, RangeError),
    wrongOut('an image', sevens(4, 3), TypeError),
    { label: 'options.out in a SharedArrayBuffer', args: withOptions({ out: { type: 'float32', dims, data: shared(new Float32Array(36)) } }), expect: 'ok', same: withOptions({}) },
    { label: 'options.out over the image\'s own bytes', args: aliased(), expect: 'ok', check: (r) => assert.deepEqual([...r.data], [...pixels()].map((v) => Math.min(255, 2 * v))) },
    { label: 'a batch of none', args: place({ img: [] }), expect: RangeError, name: batch },
    { label: 'a batch with a bad image', args: place({ img: [IMG(), { ...IMG(), data: new Float32Array(48) }] }), expect: TypeError, name: /^toTensor: img\[1\]\.data/ },
    { label: 'a batch of two sizes', args: place({ img: [IMG(), sevens(3, 4)] }), expect: RangeError, name: /^toTensor: img\[1\]/ },
    { label: 'a batch of two channel counts', args: place({ img: [IMG(), sevens(4, 3, 3)] }), expect: RangeError, name: /^toTensor: img\[1\]/ },
    { label: 'a batch holding null', args: place({ img: [IMG(), null] }), expect: TypeError, name: /^toTensor: img\[1\]/ },
    { label: 'a batch of one', args: place({ img: [IMG()] }), expect: 'ok', same: place({}) },
    { label: 'a width-0 image: an empty tensor', args: place({ img: { width: 0, height: 3, data: new Uint8ClampedArray(0) }, options: {} }), expect: 'ok', check: (r) => assert.deepEqual(r.dims, [1, 3, 3, 0]) },
    { label: 'img.data an array-like of the right length', args: place({ img: { width: 4, height: 3, data: { length: 48 } } }), expect: TypeError, name: /^toTensor: img\.data/ },
  ];
  assert.ok(runCases(family, cases) >= 40);
});

test('fromTensor: bad-input matrix', () => {
  const op = 'fromTensor';
  const OUT = () => sevens(4, 3);
  const values = () => Float32Array.from({ length: 36 }, (_, i) => (i % 7) / 7);
  const T = () => ({ type: 'float32', dims: [1, 3, 3, 4], data: values() });
  const [placeArg, withArgOptions] = placer(undefined, { mean: 0.25, std: 0.5 });
  // fromTensor's first argument is a tensor: it takes `img`'s place in the args.
  const place = (a) => placeArg({ img: T(), ...a });
  const withOptions = (more) => ({ ...withArgOptions(more), img: T() });
  const invoke = ({ img, options }) => fromTensor(img, options);
  const t = /^fromTensor: t/;
  const withT = (fields) => place({ img: { ...T(), ...fields } });
  const heap = tensor('float32', [1, 3, 3, 4], values());
  const disposed = tensor('float32', [1, 3, 3, 4], values());
  disposed.dispose();
  const aliased = () => {
    const data = new Uint8Array(pixels());
    return place({ img: { type: 'uint8', dims: [1, 3, 4, 4], data }, options: { layout: 'NHWC', scale: 0.5, out: { width: 4, height: 3, data } } });
  };
  const cases = [
    ...argumentCases('t', t, (v) => place({ img: v }), NOT_A_TENSOR),
    ...argumentCases('options', /^fromTensor: options/, (v) => place({ options: v }), { ...NOT_A_LIST, undefined: 'ok' }),
    { label: 'unknown option', args: withOptions({ extra: 1 }), expect: TypeError, name: /^fromTensor: unknown option "extra"/ },
    { label: 'misspelled option', args: withOptions({ Layout: 'NHWC' }), expect: TypeError, name: /^fromTensor: unknown option "Layout"/ },
    { label: 'options.type (toTensor\'s)', args: withOptions({ type: 'uint8' }), expect: TypeError, name: /^fromTensor: unknown option "type"/ },
    { label: 'options frozen', args: place({ options: Object.freeze({ mean: 0.25, std: 0.5 }) }), expect: 'ok', same: place({}) },
    { label: 'options a Proxy', args: place({ options: new Proxy({ mean: 0.25, std: 0.5 }, {}) }), expect: 'ok', same: place({}) },
    { label: 't.type int32', args: withT({ type: 'int32', data: new Int32Array(36) }), expect: TypeError, name: /^fromTensor: t\.type/ },
    { label: 't.type float64', args: withT({ type: 'float64', data: new Float64Array(36) }), expect: TypeError, name: /^fromTensor: t\.type/ },
    { label: 't.type unknown', args: withT({ type: 'float' }), expect: TypeError, name: /^fromTensor: t\.type/ },
    { label: 't.type a prototype key', args: withT({ type: 'constructor' }), expect: TypeError, name: /^fromTensor: t\.type/ },
    { label: 't.dims of rank 2', args: withT({ dims: [9, 4] }), expect: RangeError, name: /^fromTensor: t\.dims/ },
    { label: 't.dims of rank 5', args: withT({ dims: [1, 1, 3, 3, 4] }), expect: RangeError, name: /^fromTensor: t\.dims/ },
    { label: 't.dims with 0 channels', args: withT({ dims: [1, 0, 3, 4], data: new Float32Array(0) }), expect: RangeError, name: /^fromTensor: t\.dims/ },
    { label: 't.dims with 5 channels (NHWC)', args: { ...withT({ dims: [1, 3, 4, 5], data: new Float32Array(60) }), options: { layout: 'NHWC' } }, expect: RangeError, name: /^fromTensor: t\.dims/ },
    { label: 't.dims with a side of 2^31', args: withT({ dims: [1, 1, 2 ** 31, 1], data: new Float32Array(1) }), expect: RangeError, name: /^fromTensor: t/ },
    { label: 't.dims with 1.5', args: withT({ dims: [1, 3, 1.5, 4] }), expect: RangeError, name: /^fromTensor: t\.dims/ },
    { label: 't.dims with a string', args: withT({ dims: [1, '3', 3, 4] }), expect: TypeError, name: /^fromTensor: t\.dims/ },
    { label: 't.data too short', args: withT({ data: values().subarray(1) }), expect: RangeError, name: /^fromTensor: t/ },
    { label: 't.data a Float64Array', args: withT({ data: new Float64Array(36) }), expect: TypeError, name: /^fromTensor: t\.data/ },
    { label: 't.data a Uint16Array for float32', args: withT({ data: new Uint16Array(36) }), expect: TypeError, name: /^fromTensor: t\.data/ },
    { label: 't.data a plain array', args: withT({ data: [...values()] }), expect: TypeError, name: /^fromTensor: t\.data/ },
    { label: 't.data detached', args: withT({ data: detached(Float32Array, 36) }), expect: RangeError, name: /^fromTensor: t/ },
    { label: 't.data a Proxy', args: withT({ data: new Proxy(values(), {}) }), expect: TypeError, name: /^fromTensor: t\.data/ },
    { label: 't a disposed heap tensor', args: place({ img: disposed }), expect: TypeError, name: /^fromTensor: t: .*disposed/ },
    { label: 't a heap tensor', args: place({ img: heap }), expect: 'ok', same: place({}) },
    { label: 't.data in a SharedArrayBuffer', args: withT({ data: shared(values()) }), expect: 'ok', same: place({}) },
    { label: 't.data at byte offset 4', args: withT({ data: offsetView(values(), 4) }), expect: 'ok', same: place({}) },
    { label: 't frozen', args: place({ img: Object.freeze({ ...T(), dims: Object.freeze([1, 3, 3, 4]) }) }), expect: 'ok', same: place({}) },
    { label: 't float16 in a Uint16Array', args: withT({ type: 'float16', data: new Uint16Array(36) }), expect: 'ok' },
    { label: 't uint8 at an odd byte offset', args: withT({ type: 'uint8', data: offsetView(new Uint8Array(36).fill(9), 3) }), expect: 'ok' },
    { label: 't without N', args: withT({ dims: [3, 3, 4] }), expect: 'ok', same: place({}) },
    { label: 'a width-0 tensor: an empty image', args: withT({ dims: [1, 3, 3, 0], data: new Float32Array(0) }), expect: 'ok', check: (r) => assert.deepEqual([r.width, r.height, r.data.length], [0, 3, 0]) },
    ...choiceCases(op, 'layout', withOptions, [...NO_NAMES, 'nchw', 'CHW']),
    ...argumentCases('options.channels', /^fromTensor: options\.channels/, (v) => withOptions({ channels: v }), CHANNELS),
    { label: 'options.channels 5', args: withOptions({ channels: 5 }), expect: RangeError, name: /^fromTensor: options\.channels/ },
    ...scaleCases(op, withOptions, true),
    ...perChannelCases(op, withOptions, 'mean', 3),
    ...perChannelCases(op, withOptions, 'std', 3),
    ...outCases(op, withOptions, OUT),
    (() => {
      const out = OUT();
      return { label: 'options.out an array for one image', args: withOptions({ out: [out] }), expect: 'ok', check: (r) => assert.equal(r, out) };
    })(),
    { label: 'options.out over the tensor\'s own bytes', args: aliased(), expect: 'ok', check: (r) => assert.deepEqual([...r.data], [...pixels()].map((v) => Math.min(255, 2 * v))) },
    {
      label: 'a batch of 2 with an out of 1', expect: RangeError, name: /^fromTensor: options\.out/,
      args: { img: { type: 'float32', dims: [2, 3, 3, 4], data: new Float32Array(72) }, options: { out: [OUT()] } },
    },
    {
      label: 'a batch of 2 with a wrong second out', expect: RangeError, name: /^fromTensor\[1\]: options\.out/,
      args: { img: { type: 'float32', dims: [2, 3, 3, 4], data: new Float32Array(72) }, options: { out: [OUT(), sevens(3, 4)] } },
    },
  ];
  try {
    assert.ok(runCases(imageFamily(invoke, place({}), OUT), cases) >= 40);
  } finally {
    heap.dispose();
  }
});
