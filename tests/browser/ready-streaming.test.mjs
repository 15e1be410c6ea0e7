// ready() in Chromium (pages from demo/serve.mjs, which serves the wasm as
// application/wasm): the default URL is compiled as it streams
// (WebAssembly.compileStreaming, which Chromium's wasm code cache needs);
// a blob: URL of the wasm typed otherwise takes the bytes; a page typed
// application/wasm gives the error a page typed text/html gives. One page per
// case: the module loads once per page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { noBrowser, demoPage } from '../support/browser.js';

let demo;
before(async () => {
  demo = await demoPage();
});
after(() => demo?.close());

/** In a fresh page: ready() with `source` ('default', or a blob: URL of the wasm or of a page, typed `type`). */
async function load(source, type) {
  const page = await demo.page.context().newPage();
  try {
    await page.goto(`${demo.server.url}favicon.svg`);
    return await page.evaluate(async ({ source, type }) => {
      const calls = { compileStreaming: 0, compile: 0 };
      const { compileStreaming, compile } = WebAssembly;
      WebAssembly.compileStreaming = (...args) => { calls.compileStreaming++; return compileStreaming(...args); };
      WebAssembly.compile = (...args) => { calls.compile++; return compile(...args); };
      const { ready, pad } = await import('/js/index.js');
      let options = {};
      if (source !== 'default') {
        const body = source === 'wasm' ? await (await fetch('/wasm/tensorwarp.wasm')).arrayBuffer() : '<!doctype html><html></html>';
        options = { wasm: URL.createObjectURL(new Blob([body], { type })) };
      }
      try {
        await ready(options);
        return { calls, data: [...pad({ type: 'float32', dims: [2], data: Float32Array.of(1, 2) }, { pads: [1, 1] }).data] };
      } catch (error) {
        return { calls, error: error.message.replace(/blob:\S+/, 'blob:URL') };
      }
    }, { source, type });
  } finally {
    await page.close();
  }
}

test('ready in Chromium: the default wasm (served as application/wasm) is compiled as it streams', { skip: noBrowser }, async () => {
  assert.deepEqual(await load('default'), { calls: { compileStreaming: 1, compile: 0 }, data: [0, 1, 2, 0] });
});

test('ready in Chromium: a blob: URL of the wasm typed application/wasm streams, typed otherwise takes the bytes', { skip: noBrowser }, async () => {
  assert.deepEqual(await load('wasm', 'application/wasm'), { calls: { compileStreaming: 1, compile: 0 }, data: [0, 1, 2, 0] });
  assert.deepEqual(await load('wasm', 'application/octet-stream'), { calls: { compileStreaming: 0, compile: 1 }, data: [0, 1, 2, 0] });
  // Chromium refuses parameters before reading the body: the same response's bytes are compiled instead
  assert.deepEqual(await load('wasm', 'application/wasm;x=1'), { calls: { compileStreaming: 1, compile: 1 }, data: [0, 1, 2, 0] });
});

test('ready in Chromium: a page typed application/wasm gives the error of a page typed text/html', { skip: noBrowser }, async () => {
  const streamed = await load('html', 'application/wasm');
  const plain = await load('html', 'text/html');
  assert.equal(streamed.calls.compileStreaming, 1);
  assert.match(streamed.error, /^ready: options\.wasm blob:URL \(HTTP 200 OK, content-type application\/wasm\) is not WebAssembly \(starts with "<!doctype ht".*it is HTML/);
  assert.equal(streamed.error.replace('application/wasm', 'T'), plain.error.replace('text/html', 'T'));
});
