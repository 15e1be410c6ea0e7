// The bad-input matrix: each family's test file lists its arguments and
// what each bad value must give; this runs every case with the same checks.
// A failing case must throw the stated class with a message naming the
// argument, leave wasm memory and the allocator's bytes in use as they were,
// leave `out` untouched, and the next valid call must still be right. A value
// that is valid (-0, a bigint pad, a SharedArrayBuffer view) must give the
// right result.
import assert from 'node:assert/strict';
import { wasm } from '../../js/module.js';

/** The bad values every scalar argument is tried with. */
export const BAD_VALUES = Object.freeze({
  null: null,
  undefined,
  string: 'a',
  NaN,
  Infinity,
  '-Infinity': -Infinity,
  '-0': -0,
  '1.5': 1.5,
  '2^53': 2 ** 53,
  negative: -1,
  bigint: 1n,
});

/** Expectations for an entry of an integer list (pads, axes, kernel...): the numeric ones are RangeErrors. */
export const INTEGER_ENTRY = Object.freeze({
  null: TypeError, undefined: TypeError, string: TypeError, NaN: RangeError, Infinity: RangeError,
  '-Infinity': RangeError, '1.5': RangeError, '2^53': RangeError,
});

/** Expectations for a whole list argument replaced by a scalar: every one is the wrong kind. */
export const NOT_A_LIST = Object.freeze(Object.fromEntries(Object.keys(BAD_VALUES).map((k) => [k, TypeError])));

/** Expectations for a boolean option: true or false only (js/args.js flag), so every bad value, -0 too, is the wrong kind. */
export const FLAG = Object.freeze({ ...NOT_A_LIST, undefined: 'default' });

/** Expectations for a choice among names. */
export const CHOICE = Object.freeze({ ...NOT_A_LIST, undefined: 'default' });

/** Expectations for a tensor argument replaced by a scalar. */
export const NOT_A_TENSOR = NOT_A_LIST;

export function heapState() {
  const m = wasm();
  return { memory: m.HEAPU8.buffer.byteLength, inUse: m._tw_heap_bytes_in_use() >>> 0 };
}

function bytesOf(data) {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** The bytes of a result as a plain array (for exact comparison; NaN payloads and -0 included). */
export function resultBytes(result) {
  return Array.isArray(result.data) ? result.data : [...bytesOf(result.data)];
}

/**
 * Runs a family's cases. `family`: { invoke(args) (the call), addOut(args,
 * out) (args with options.out set, or null when the case has no place for
 * one), outs() (the out tensors a failing case must leave unchanged: a heap
 * one and a JS one), valid (args of a call whose result is `expected`) }.
 * A case: { label, args, expect, name, same?, check? }: expect is TypeError
 * or RangeError (then `name`, a RegExp, must match the message), or 'ok'
 * (then `same`, if given, are args whose result must be byte-identical, and
 * `check(result)` runs if given).
 */
export function runCases(family, cases) {
  const expected = resultBytes(family.invoke(family.valid));
  const outs = family.outs();
  const failures = [];
  try {
    for (const c of cases) {
      try {
        runCase(family, c, outs);
        assert.deepEqual(resultBytes(family.invoke(family.valid)), expected, `${c.label}: the next valid call is right`);
      } catch (error) {
        failures.push(`${c.label}: ${error.message.split('\n').slice(0, 8).join(' ')}`);
      }
    }
  } finally {
    for (const out of outs) out.dispose?.();
  }
  assert.deepEqual(failures, [], `${failures.length} of ${cases.length} cases failed`);
  return cases.length;
}

function runCase(family, c, outs) {
  if (c.expect === 'ok') {
    const before = heapState();
    const result = family.invoke(c.args);
    if (c.same) assert.deepEqual(resultBytes(result), resultBytes(family.invoke(c.same)), `${c.label}: same result as the equivalent call`);
    c.check?.(result);
    assert.deepEqual(heapState(), before, `${c.label}: wasm memory and bytes in use are unchanged`);
    return;
  }
  const runs = outs.map((out) => family.addOut(c.args, out)).filter((args) => args !== null);
  for (const args of runs.length > 0 ? runs : [c.args]) {
    const outBytes = outs.map((t) => [...bytesOf(t.data)]);
    const before = heapState();
    let error = null;
    try {
      family.invoke(args);
    } catch (e) {
      error = e;
    }
    assert.ok(error !== null, `${c.label}: no error thrown`);
    assert.equal(error?.constructor, c.expect, `${c.label}: expected a ${c.expect.name}, got ${error?.constructor?.name}: ${error?.message}`);
    assert.match(error.message, c.name, `${c.label}: the message names the argument`);
    assert.deepEqual(heapState(), before, `${c.label}: wasm memory and bytes in use are unchanged`);
    outs.forEach((t, i) => assert.deepEqual([...bytesOf(t.data)], outBytes[i], `${c.label}: out is unchanged`));
  }
}

/**
 * Cases for one argument tried with every BAD_VALUE: `place(value)` returns
 * the args with that value in the argument's place; `expectations` maps a
 * BAD_VALUES key to TypeError/RangeError, 'default' (same as leaving it
 * out: `place(undefined)`), 'same as 0' (same as `place(0)`), or args of an
 * equivalent call; a missing key means `fallback` ('ok': valid, no
 * comparison, or one of the above).
 */
export function argumentCases(label, name, place, expectations, fallback = 'ok') {
  return Object.entries(BAD_VALUES).map(([key, value]) => {
    const expect = Object.hasOwn(expectations, key) ? expectations[key] : fallback;
    const c = { label: `${label} = ${key}`, args: place(value), name };
    if (expect === TypeError || expect === RangeError) return { ...c, expect };
    if (expect === 'default') return { ...c, expect: 'ok', same: place(undefined) };
    if (expect === 'same as 0') return { ...c, expect: 'ok', same: place(0) };
    if (expect === 'ok') return { ...c, expect: 'ok' };
    if (typeof expect === 'object' && expect !== null) return { ...c, expect: 'ok', same: expect };
    throw new Error(`badinput: unknown expectation ${String(expect)} for ${label}`);
  });
}

/** A typed array whose buffer has been detached (transferred away). */
export function detached(Array, length) {
  const data = new Array(length);
  structuredClone(data.buffer, { transfer: [data.buffer] });
  return data;
}

/** A copy of `data` in a SharedArrayBuffer. */
export function shared(data) {
  const copy = new data.constructor(new SharedArrayBuffer(data.byteLength));
  copy.set(data);
  return copy;
}

/** A copy of `data` at byte offset `offset` (a multiple of its element size) in a larger buffer. */
export function offsetView(data, offset) {
  const buffer = new ArrayBuffer(offset + data.byteLength + 8);
  const copy = new data.constructor(buffer, offset, data.length);
  copy.set(data);
  return copy;
}

/** Cases for a boolean option: true or false only (js/args.js flag), so 0, 1 and 'true' are refused too. */
export function flagCases(op, key, withOptions) {
  const name = new RegExp(`^${op}: options\\.${key}`);
  return [
    ...argumentCases(`options.${key}`, name, (v) => withOptions({ [key]: v }), FLAG),
    ...[0, 1, 'true'].map((v) => ({ label: `options.${key} ${JSON.stringify(v)}`, args: withOptions({ [key]: v }), expect: TypeError, name })),
  ];
}
