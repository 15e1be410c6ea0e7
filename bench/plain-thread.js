// The ceiling of the worker cases in bench/augment.mjs: a plain thread (a
// worker_thread in Node, a module Web Worker in browsers) that runs the
// per-call loop of augment-suite.js into its own tensors, with no batch
// machinery. Two of them at once is what this machine gives two threads.
// Given `into` ({ buffer: a SharedArrayBuffer, byteOffset }), it writes its
// samples one after the other there (toTensor's out) instead: the ceiling
// paying for one fresh shared batch tensor, as augment.batch does.
import { ready } from '../js/index.js';
import { pipelines, makeImages, MEAN, STD, SIZE } from './augment-suite.js';

const port = globalThis.process?.getBuiltinModule?.('node:worker_threads')?.parentPort ?? globalThis;
const started = (async () => {
  await ready();
  return { images: makeImages(8), three: pipelines().three };
})();

async function run({ k, count, into }) {
  const { images, three } = await started;
  const tensor = { mean: MEAN, std: STD };
  const per = 3 * SIZE * SIZE;
  const slot = (i) => ({ ...tensor, out: { type: 'float32', dims: [1, 3, SIZE, SIZE], data: new Float32Array(into.buffer, into.byteOffset + i * per * 4, per) } });
  for (let i = 0; i < count; i++) three({ image: images[(k + i) % images.length] }, k + i, { tensor: into ? slot(i) : tensor });
  port.postMessage({ done: count });
}

if (port === globalThis) globalThis.onmessage = (event) => run(event.data);
else port.on('message', run);
