// The bad-input matrix for ready() (issue #12 §4), once the module is
// loaded: every bad options value and options.wasm kind is refused with an
// error naming it, nothing in the heap changes, and operators keep working.
// (Loading failures before the first load are tests/ready.test.mjs's.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, pad } from '../js/index.js';
import { BAD_VALUES, heapState } from './support/badinput.js';

await ready();

const X = { type: 'float32', dims: [3], data: Float32Array.of(1, 2, 3) };
const expected = [2, 1, 2, 3, 2];
const unhandled = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

const OBJECTS = {
  'an empty object': {},
  'an array': [],
  'a Date': new Date(0),
  'a function': () => {},
  'a symbol': Symbol('wasm'),
  'a Promise': Promise.resolve(new Uint8Array(8)),
  'a Blob': new Blob([new Uint8Array(8)]),
  'a frozen object': Object.freeze({ href: 'x' }),
  'a Proxy of an object': new Proxy({}, {}),
  'true': true,
};

const cases = [
  // ready(options): options must be an object (or absent)
  ...Object.entries(BAD_VALUES).map(([key, value]) => ({
    label: `options = ${key}`, options: value, expect: value === undefined ? 'ok' : TypeError, name: /^ready: options/,
  })),
  ...Object.entries(OBJECTS).filter(([, v]) => typeof v !== 'object' || v === null).map(([key, value]) => ({
    label: `options = ${key}`, options: value, expect: TypeError, name: /^ready: options/,
  })),
  // ready({ wasm }): the wrong kind of value is a TypeError naming options.wasm
  ...Object.entries(BAD_VALUES).filter(([key]) => key !== 'string').map(([key, value]) => ({
    label: `options.wasm = ${key}`, options: { wasm: value }, expect: value === undefined ? 'ok' : TypeError, name: /^ready: options\.wasm/,
  })),
  ...Object.entries(OBJECTS).map(([key, value]) => ({
    label: `options.wasm = ${key}`, options: { wasm: value }, expect: TypeError, name: /^ready: options\.wasm/,
  })),
  // a wasm of the right kind that is not the one loaded: refused, not ignored
  { label: 'options.wasm another path', options: { wasm: 'elsewhere/tensorwarp.wasm' }, expect: Error, name: /^ready: .*options\.wasm/ },
  { label: 'options.wasm another URL', options: { wasm: new URL('https://example.com/tensorwarp.wasm') }, expect: Error, name: /^ready: .*options\.wasm/ },
  { label: 'options.wasm bytes', options: { wasm: new Uint8Array(8) }, expect: Error, name: /^ready: .*options\.wasm/ },
  { label: 'options.wasm a SharedArrayBuffer', options: { wasm: new SharedArrayBuffer(8) }, expect: TypeError, name: /^ready: options\.wasm/ },
  // unknown keys, like every other options object
  { label: 'unknown option key', options: { wsam: 'x' }, expect: TypeError, name: /^ready: unknown option "wsam"/ },
  { label: 'unknown option key beside wasm', options: { wasm: undefined, simd: false }, expect: TypeError, name: /^ready: unknown option "simd"/ },
  // valid calls after loading
  { label: 'options = {}', options: {}, expect: 'ok' },
  { label: 'options frozen and empty', options: Object.freeze({}), expect: 'ok' },
  { label: 'options a Proxy of {}', options: new Proxy({}, {}), expect: 'ok' },
];

test('ready: bad-input matrix after loading', async () => {
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  const failures = [];
  for (const c of cases) {
    const before = heapState();
    try {
      const promise = ready(c.options);
      assert.ok(promise instanceof Promise, `${c.label}: ready() returns a promise (it never throws synchronously)`);
      if (c.expect === 'ok') {
        assert.equal(await promise, undefined, c.label);
      } else {
        await assert.rejects(promise, (error) => {
          assert.equal(error?.constructor, c.expect, `${c.label}: expected a ${c.expect.name}, got ${error?.constructor?.name}: ${error?.message}`);
          assert.match(error.message, c.name, `${c.label}: the message names the argument`);
          return true;
        });
      }
      assert.deepEqual(heapState(), before, `${c.label}: wasm memory and bytes in use are unchanged`);
      assert.deepEqual([...pad(X, { pads: [1, 1], mode: 'reflect' }).data], expected, `${c.label}: the next call is right`);
    } catch (error) {
      failures.push(error.message.split('\n')[0]);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(unhandled, [], 'no unhandled rejection');
  assert.deepEqual(failures, [], `${failures.length} of ${cases.length} cases failed`);
});
