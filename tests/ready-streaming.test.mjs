// ready() over http: a response served as application/wasm is compiled while
// it streams (WebAssembly.compileStreaming, which Chromium's code cache
// needs); any other content type, and a stream the engine refuses, take the
// bytes (WebAssembly.compile) and give the errors they always gave. Each load
// runs in its own process (the module loads once per process).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { promisify } from 'node:util';

const WASM = await readFile(new URL('../wasm/tensorwarp.wasm', import.meta.url));
const CHILD = new URL('./support/ready-over-http.mjs', import.meta.url).pathname;
const HTML = '<!doctype html><html></html>';

// /<content type>/<body>: body "wasm" is the module, "html" a page.
const requests = [];
const server = createServer((request, response) => {
  requests.push(request.url);
  const [, type, body] = request.url.split('/').map(decodeURIComponent);
  response.writeHead(200, { 'content-type': type }).end(body === 'wasm' ? WASM : HTML);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
after(() => server.close());
const url = (type, body) => `http://127.0.0.1:${server.address().port}/${encodeURIComponent(type)}/${body}`;

async function load(type, body) {
  requests.length = 0;
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, url(type, body), String(WASM.length)]);
  return { ...JSON.parse(stdout), requests: requests.length };
}

const LOADED = [0, 1, 2, 0];

test('ready over http: application/wasm is compiled as it streams, fetched once', async () => {
  const r = await load('application/wasm', 'wasm');
  assert.deepEqual(r.data, LOADED);
  assert.deepEqual({ ...r.calls, requests: r.requests }, { compileStreaming: 1, compile: 0, requests: 1 });
});

// Chromium and Node 20 refuse a content type with parameters before reading the body (the specification allows none).
test('ready over http: a stream the engine refuses before reading it is compiled from its bytes, fetched once', async () => {
  const r = await load('Application/WASM; charset=binary', 'wasm');
  assert.deepEqual(r.data, LOADED);
  assert.deepEqual({ ...r.calls, requests: r.requests }, { compileStreaming: 1, compile: 1, requests: 1 });
});

test('ready over http: another content type takes the bytes (no streaming)', async () => {
  for (const type of ['application/octet-stream', 'text/plain']) {
    const r = await load(type, 'wasm');
    assert.deepEqual(r.data, LOADED, type);
    assert.deepEqual({ ...r.calls, requests: r.requests }, { compileStreaming: 0, compile: 1, requests: 1 }, type);
  }
});

test('ready over http: a page served as application/wasm gives the same error as one served as text/html', async () => {
  const streamed = await load('application/wasm', 'html');
  const plain = await load('text/html', 'html');
  assert.equal(streamed.calls.compileStreaming, 1);
  assert.equal(streamed.requests, 2, 'the refused stream is fetched again as bytes to say what it is');
  assert.equal(streamed.error.name, 'Error');
  assert.match(streamed.error.message, /content-type application\/wasm\) is not WebAssembly \(starts with "<!doctype ht", not "\\0asm"\): it is HTML/);
  assert.equal(streamed.error.message.replace('application%2Fwasm', 'T').replace('application/wasm', 'T'),
    plain.error.message.replace('text%2Fhtml', 'T').replace('text/html', 'T'));
});
