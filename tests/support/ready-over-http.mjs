// Child process of tests/ready-streaming.test.mjs: ready({ wasm: <url> }) in a
// fresh process (the module loads once per process), counting the calls of
// WebAssembly.compileStreaming and of WebAssembly.compile on `bytes` bytes (Node's
// fetch compiles a wasm of its own, its HTTP parser); prints one JSON line.
const [url, bytes] = process.argv.slice(2);
const calls = { compileStreaming: 0, compile: 0 };
const { compileStreaming, compile } = WebAssembly;
WebAssembly.compileStreaming = (...args) => {
  calls.compileStreaming++;
  return compileStreaming(...args);
};
WebAssembly.compile = (source, ...rest) => {
  if (source.byteLength === Number(bytes)) calls.compile++;
  return compile(source, ...rest);
};
const { ready, pad } = await import('../../js/index.js');
try {
  await ready({ wasm: url });
  const data = [...pad({ type: 'float32', dims: [2], data: Float32Array.of(1, 2) }, { pads: [1, 1] }).data];
  console.log(JSON.stringify({ calls, data }));
} catch (error) {
  console.log(JSON.stringify({ calls, error: { name: error.name, message: error.message } }));
}
