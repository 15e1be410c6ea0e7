// ready(): loading errors reject (never hang, never an unhandled rejection),
// name what was tried and the fix, and leave the next call free to retry;
// once a load has started, another wasm is refused rather than ignored.
// The tests run in order in this one process: the module loads once per process.
// (Every way of passing the wasm that works is tested from the packed tarball,
// one process each, in tests/package/node.test.mjs.)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { ready, pad } from '../js/index.js';

const WASM_URL = new URL('../wasm/tensorwarp.wasm', import.meta.url);
const unhandled = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

// (module (func (export "f"))): valid WebAssembly, not ours, no imports.
const FOREIGN_NO_IMPORTS = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0,
  10, 4, 1, 2, 0, 11]);
// (module (import "env" "g" (func))): not ours, imports that tensorwarp's glue does not provide.
const FOREIGN_IMPORTS = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 9, 1, 3, 101, 110, 118, 1, 103,
  0, 0]);

/** ready() must settle: a hang fails the test instead of timing out the file. */
function settles(promise, ms = 20_000) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`ready() did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function rejectsWith(options, pattern) {
  await assert.rejects(settles(ready(options)), (error) => {
    assert.match(error.message, pattern);
    assert.doesNotMatch(error.message, /ASSERTIONS|both async and sync/);
    return true;
  });
}

// A server that answers like a misconfigured bundler: 404s and HTML pages.
const server = createServer((request, response) => {
  if (request.url.endsWith('/missing.wasm')) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  } else {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html></html>');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
after(() => server.close());

test('ready: another WebAssembly.Module rejects with a clear error (imports not ours)', async () => {
  await rejectsWith({ wasm: new WebAssembly.Module(FOREIGN_IMPORTS) }, /options\.wasm \(a WebAssembly\.Module\) is not the wasm of this tensorwarp version/);
});

test('ready: another WebAssembly.Module without imports rejects too', async () => {
  await rejectsWith({ wasm: new WebAssembly.Module(FOREIGN_NO_IMPORTS) }, /is not the wasm of this tensorwarp version/);
});

test('ready: bytes that are not WebAssembly name what they start with', async () => {
  await rejectsWith({ wasm: new TextEncoder().encode('<!doctype html>') }, /options\.wasm \(bytes\) is not WebAssembly \(starts with "<!doctype ht".*it is HTML/);
});

test('ready: an HTTP error names the URL, the status and the fix', async () => {
  await rejectsWith({ wasm: `${base}/assets/missing.wasm` }, new RegExp(`${base}/assets/missing\\.wasm gave HTTP 404 Not Found, content-type text/plain; serve the package's wasm/tensorwarp\\.wasm`));
});

test('ready: HTML served for the wasm is detected, and a Vite pre-bundle path says what to configure', async () => {
  await rejectsWith({ wasm: `${base}/app/tensorwarp.wasm` }, /app\/tensorwarp\.wasm \(HTTP 200 OK, content-type text\/html\) is not WebAssembly.*it is HTML/);
  await rejectsWith({ wasm: `${base}/node_modules/.vite/wasm/tensorwarp.wasm` }, /optimizeDeps: \{ exclude: \['tensorwarp'\] \}/);
});

test('ready: a path that does not exist names the path', async () => {
  await rejectsWith({ wasm: '/nonexistent/tensorwarp.wasm' }, /cannot read the wasm from options\.wasm \/nonexistent\/tensorwarp\.wasm \(ENOENT\)/);
});

test('ready: options are checked', async () => {
  await assert.rejects(ready({ wsam: WASM_URL }), { name: 'TypeError', message: /unknown option "wsam"/ });
  await assert.rejects(ready({ wasm: 42 }), { name: 'TypeError', message: /options\.wasm must be/ });
  await assert.rejects(ready('tensorwarp.wasm'), { name: 'TypeError', message: /options must be an object/ });
});

test('ready: after the failures, a file: URL loads the module and operators work', async () => {
  await settles(ready({ wasm: WASM_URL }));
  assert.deepEqual(pad({ type: 'float32', dims: [2], data: Float32Array.of(1, 2) }, { pads: [1, 1] }).data, Float32Array.of(0, 1, 2, 0));
});

test('ready: once loaded, the same source or none returns the same promise; another source is refused', async () => {
  const loaded = ready();
  assert.equal(ready({ wasm: new URL(WASM_URL.href) }), loaded);
  assert.equal(ready({ wasm: WASM_URL.href }), loaded);
  await loaded;
  const bytes = await readFile(WASM_URL);
  await assert.rejects(ready({ wasm: bytes }), /already loaded from file:.*tensorwarp\.wasm, so options\.wasm Buffer bytes would be ignored/);
  await assert.rejects(ready({ wasm: 'other/tensorwarp.wasm' }), /would be ignored/);
});

test('ready: no rejection went unhandled', () => {
  assert.deepEqual(unhandled, []);
});
