// The bad-input matrix for tensorwarp/image's `matrix` functions (issue #12
// §4, issue #14 "Bad input"): rotation, affine, perspective, multiply, invert
// and apply, every argument with every bad value; see
// tests/support/badinput.js for what each case asserts. These are plain
// JavaScript (no wasm, no `out`): the heap check still holds them to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { matrix } from '../js/image.js';
import { argumentCases, runCases, NOT_A_LIST } from './support/badinput.js';
import { FINITE } from './support/badinput-image.js';

await ready();

// A required number; an optional one.
const NUMBER = { ...FINITE, undefined: TypeError };
const OPTIONAL = { ...FINITE, undefined: 'default' };
// A list argument that may be left out.
const OPTIONAL_LIST = { ...NOT_A_LIST, undefined: 'default' };

/** A family calling matrix[fn] with an args array; the result compared entry for entry (-0 is not 0). */
function family(fn, valid) {
  return { invoke: (args) => ({ data: matrix[fn](...args) }), addOut: () => null, outs: () => [], valid };
}

/** `args` with argument `i` replaced by `v`. */
const put = (args, i, v) => args.map((a, k) => (k === i ? v : a));
/** `list` with entry `i` replaced by `v`. */
const entry = (list, i, v) => Array.from(list, (x, k) => (k === i ? v : x));

/**
 * The cases every matrix argument gets: the argument, two entries, wrong
 * lengths, holes, and valid odd forms. `first`: the expectations of entry 0.
 */
function matrixArgument(fn, label, args, i, length, first = NUMBER) {
  const name = new RegExp(`^matrix\\.${fn}: ${label}`);
  const m = args[i];
  return [
    ...argumentCases(label, name, (v) => put(args, i, v), NOT_A_LIST),
    ...argumentCases(`${label}[0]`, name, (v) => put(args, i, entry(m, 0, v)), first),
    ...argumentCases(`${label}[${length - 1}]`, name, (v) => put(args, i, entry(m, length - 1, v)), NUMBER),
    { label: `${label} of 5`, args: put(args, i, [1, 0, 0, 0, 1]), expect: RangeError, name },
    { label: `${label} of 7`, args: put(args, i, [1, 0, 0, 0, 1, 0, 0]), expect: RangeError, name },
    { label: `${label} of length 2^40`, args: put(args, i, { length: 2 ** 40 }), expect: RangeError, name },
    { label: `${label} with holes`, args: put(args, i, new Array(length)), expect: TypeError, name },
    { label: `${label} a string of ${length}`, args: put(args, i, 'x'.repeat(length)), expect: TypeError, name },
    { label: `${label} a Float64Array`, args: put(args, i, Float64Array.from(m)), expect: 'ok', same: args },
    { label: `${label} a Proxy`, args: put(args, i, new Proxy([...m], {})), expect: 'ok', same: args },
    { label: `${label} frozen`, args: put(args, i, Object.freeze([...m])), expect: 'ok', same: args },
  ];
}

/**
 * The cases of a point argument ([x, y]) put in place by `place(v)` (label
 * e.g. 'center' or 'from4[2]'); `entries`: the expectations of its y.
 */
function pointArgument(fn, label, args, place, point, expectations = NOT_A_LIST, entries = NUMBER) {
  // the message names the list (from4), or the point in it (from4[2]...)
  const name = new RegExp(`^matrix\\.${fn}: ${label.replace(/\[\d+\]$/, '')}`);
  return [
    ...argumentCases(label, name, place, expectations),
    ...argumentCases(`${label}[1]`, name, (v) => place([point[0], v]), entries),
    { label: `${label} of 1`, args: place([point[0]]), expect: RangeError, name },
    { label: `${label} of 3`, args: place([...point, 1]), expect: RangeError, name },
    { label: `${label} a Float64Array`, args: place(Float64Array.from(point)), expect: 'ok', same: args },
  ];
}

test('matrix.rotation: bad-input matrix', () => {
  const args = [30, [2, 1], 1.5];
  const cases = [
    ...argumentCases('degrees', /^matrix\.rotation: degrees/, (v) => put(args, 0, v), { ...NUMBER, '-0': put(args, 0, 0) }),
    // 390 is converted to radians whole, so sin and cos differ from 30's in the last bits: compared within 1e-12.
    {
      label: 'degrees 390 (30 up to rounding)', args: put(args, 0, 390), expect: 'ok',
      check: (r) => matrix.rotation(...args).forEach((v, i) => assert.ok(Math.abs(r.data[i] - v) <= 1e-12, `entry ${i}: ${r.data[i]} vs ${v}`)),
    },
    ...pointArgument('rotation', 'center', args, (v) => put(args, 1, v), args[1], OPTIONAL_LIST),
    ...argumentCases('scale', /^matrix\.rotation: scale/, (v) => put(args, 2, v), OPTIONAL),
    { label: 'a matrix that overflows', args: [30, [1e308, 1e308], 1e308], expect: RangeError, name: /^matrix\.rotation: center and scale/ },
    { label: 'center a Proxy', args: put(args, 1, new Proxy([2, 1], {})), expect: 'ok', same: args },
  ];
  assert.ok(runCases(family('rotation', args), cases) >= 40);
});

test('matrix.affine: bad-input matrix', () => {
  const options = { rotate: 30, translate: [1, 2], scale: 1.5, shear: [10, 5], center: [2, 1] };
  const args = [options];
  const withOptions = (more) => [{ ...options, ...more }];
  const name = (key) => new RegExp(`^matrix\\.affine: ${key}`);
  const pointOption = (key) => pointArgument('affine', key, args, (v) => withOptions({ [key]: v }), options[key], OPTIONAL_LIST);
  const cases = [
    ...argumentCases('options', /^matrix\.affine: options/, (v) => [v], { ...NOT_A_LIST, undefined: [{}] }),
    ...argumentCases('rotate', name('rotate'), (v) => withOptions({ rotate: v }), OPTIONAL),
    ...argumentCases('scale', name('scale'), (v) => withOptions({ scale: v }), OPTIONAL),
    ...pointOption('translate'),
    ...pointOption('center'),
    ...argumentCases('shear', name('shear'), (v) => withOptions({ shear: v }), { ...OPTIONAL, null: TypeError }),
    ...argumentCases('shear[1]', name('shear'), (v) => withOptions({ shear: [10, v] }), NUMBER),
    { label: 'shear of 3', args: withOptions({ shear: [1, 2, 3] }), expect: RangeError, name: name('shear') },
    { label: 'shear 90', args: withOptions({ shear: 90 }), expect: RangeError, name: name('shear') },
    { label: 'shear [0, -90]', args: withOptions({ shear: [0, -90] }), expect: RangeError, name: name('shear') },
    { label: 'shear 10 (the same as [10, 0])', args: withOptions({ shear: 10 }), expect: 'ok', same: withOptions({ shear: [10, 0] }) },
    { label: 'a matrix that overflows', args: withOptions({ scale: 1e308, center: [10, 10] }), expect: RangeError, name: /^matrix\.affine: options/ },
    { label: 'unknown option', args: withOptions({ skew: 1 }), expect: TypeError, name: /^matrix\.affine: unknown option "skew"/ },
    { label: 'misspelled option (rotation)', args: withOptions({ rotation: 1 }), expect: TypeError, name: /^matrix\.affine: unknown option "rotation"/ },
    { label: 'options frozen', args: [Object.freeze({ ...options })], expect: 'ok', same: args },
    { label: 'options a Proxy', args: [new Proxy({ ...options }, {})], expect: 'ok', same: args },
    { label: 'scale 0 (a valid, singular matrix)', args: withOptions({ scale: 0 }), expect: 'ok' },
  ];
  assert.ok(runCases(family('affine', args), cases) >= 40);
});

test('matrix.perspective: bad-input matrix', () => {
  const from4 = [[0, 0], [4, 0], [4, 3], [0, 3]];
  const to4 = [[1, 0], [4, 1], [3, 3], [0, 2]];
  const args = [from4, to4];
  // entries: from4[2] = [4, 3] with a -0 is another corner, so three points are on a line
  const quad = (i, label, entries) => {
    const name = new RegExp(`^matrix\\.perspective: ${label}`);
    const list = args[i];
    return [
      ...argumentCases(label, name, (v) => put(args, i, v), NOT_A_LIST),
      ...pointArgument('perspective', `${label}[2]`, args, (v) => put(args, i, entry(list, 2, v)), list[2], NOT_A_LIST, entries),
      ...argumentCases(`${label}[2][0]`, name, (v) => put(args, i, entry(list, 2, [v, list[2][1]])), entries),
      { label: `${label} of 3`, args: put(args, i, list.slice(0, 3)), expect: RangeError, name },
      { label: `${label} of 5`, args: put(args, i, [...list, [9, 9]]), expect: RangeError, name },
      { label: `${label} with three points on a line`, args: put(args, i, entry(list, 2, [(list[0][0] + list[1][0]) / 2, (list[0][1] + list[1][1]) / 2])), expect: RangeError, name },
      { label: `${label} with two points the same`, args: put(args, i, entry(list, 3, list[0])), expect: RangeError, name },
      { label: `${label} of Float32Arrays`, args: put(args, i, list.map((p) => Float32Array.from(p))), expect: 'ok', same: args },
      { label: `${label} a Proxy`, args: put(args, i, new Proxy(list.map((p) => [...p]), {})), expect: 'ok', same: args },
    ];
  };
  const cases = [
    // from4[2] = [2^53, 3]: a pivot of OpenCV's LU below 100·DBL_EPSILON, where cv2 gives up (a zero matrix)
    ...quad(0, 'from4', { ...NUMBER, '-0': RangeError, '2^53': RangeError }),
    ...quad(1, 'to4', NUMBER),
    { label: 'to4 far apart (a matrix that overflows)', args: [from4, [[0, 0], [1e308, 0], [1e308, 1e308], [0, 1e308]]], expect: RangeError, name: /^matrix\.perspective/ },
    { label: 'from4 = to4: the identity', args: [from4, from4], expect: 'ok', check: (r) => assert.deepEqual(r.data, [1, 0, 0, 0, 1, 0, 0, 0, 1]) },
  ];
  assert.ok(runCases(family('perspective', args), cases) >= 40);
});

test('matrix.multiply: bad-input matrix', () => {
  const args = [[2, 0, 1, 0, 2, 1], [0, -1, 3, 1, 0, 0]];
  const cases = [
    ...matrixArgument('multiply', 'a', args, 0, 6),
    ...matrixArgument('multiply', 'b', args, 1, 6),
    { label: 'a of 9, b of 6', args: [[2, 0, 1, 0, 2, 1, 0, 0, 1], args[1]], expect: 'ok', check: (r) => assert.equal(r.data.length, 9) },
    { label: 'a product that overflows', args: [[1e300, 0, 0, 0, 1, 0], [1e300, 0, 0, 0, 1, 0]], expect: RangeError, name: /^matrix\.multiply: a and b/ },
    { label: 'a product of NaN (Infinity · 0)', args: [[1e300, 1e300, 0, 0, 1, 0], [1e300, 0, 0, -1e300, 1, 0]], expect: RangeError, name: /^matrix\.multiply: a and b/ },
  ];
  assert.ok(runCases(family('multiply', args), cases) >= 40);
});

test('matrix.invert: bad-input matrix', () => {
  const affine = [[2, 0, 1, 0, 4, 1]];
  const square = [[2, 0, 1, 0, 4, 1, 0.5, 0, 1]];
  const name = /^matrix\.invert: m/;
  const cases = [
    // m[0] = -0 makes m singular
    ...matrixArgument('invert', 'm', affine, 0, 6, { ...NUMBER, '-0': RangeError }),
    // with m6 = 0.5 and m8 = -0 the 3x3 stays invertible (determinant -2)
    ...argumentCases('m[8]', name, (v) => [entry(square[0], 8, v)], NUMBER),
    { label: 'singular (affine)', args: [[1, 2, 3, 2, 4, 6]], expect: RangeError, name },
    { label: 'singular (3x3)', args: [[1, 2, 3, 4, 5, 6, 7, 8, 9]], expect: RangeError, name },
    { label: 'all zeros', args: [Array(9).fill(0)], expect: RangeError, name },
    { label: 'a determinant that underflows to 0', args: [[1e-200, 0, 0, 0, 1e-200, 0]], expect: RangeError, name },
    { label: 'a determinant that overflows (the quotients would all be 0)', args: [[1e200, 0, 0, 0, 1e200, 0]], expect: RangeError, name },
    { label: 'a 3x3 determinant that overflows', args: [[1e120, 0, 0, 0, 1e120, 0, 0, 0, 1e120]], expect: RangeError, name },
    { label: 'an inverse entry that overflows', args: [[1e-160, 0, 1e300, 0, 1e-160, 0]], expect: RangeError, name },
    { label: 'a 3x3 inverse', args: square, expect: 'ok', check: (r) => assert.equal(r.data.length, 9) },
  ];
  assert.ok(runCases(family('invert', affine), cases) >= 40);
});

test('matrix.apply: bad-input matrix', () => {
  const args = [[2, 0, 1, 0, 4, 1], [[1, 2], [3, 4]]];
  const points = args[1];
  const cases = [
    ...matrixArgument('apply', 'm', args, 0, 6),
    ...argumentCases('points', /^matrix\.apply: points/, (v) => put(args, 1, v), NOT_A_LIST),
    ...pointArgument('apply', 'points[1]', args, (v) => put(args, 1, entry(points, 1, v)), points[1]),
    ...argumentCases('points[1][0]', /^matrix\.apply: points/, (v) => put(args, 1, entry(points, 1, [v, 4])), NUMBER),
    { label: 'no points', args: put(args, 1, []), expect: 'ok', check: (r) => assert.deepEqual(r.data, []) },
    { label: 'points a Proxy', args: put(args, 1, new Proxy([[1, 2], [3, 4]], {})), expect: 'ok', same: args },
    { label: 'w = 0 (documented: ±Infinity)', args: [[1, 0, 0, 0, 1, 0, 1, 0, 0], [[0, 1]]], expect: 'ok', check: (r) => assert.deepEqual(r.data, [[NaN, Infinity]]) },
  ];
  assert.ok(runCases(family('apply', args), cases) >= 40);
});
