// The ceiling of the worker cases in bench/augment.mjs: a plain thread (a
// worker_thread in Node, a module Web Worker in browsers) that runs the
// per-call loop of augment-suite.js into its own tensors, with no batch
// machinery. Two of them at once is what this machine gives two threads.
import { ready } from '../js/index.js';
import { pipelines, makeImages, MEAN, STD } from './augment-suite.js';

const port = globalThis.process?.getBuiltinModule?.('node:worker_threads')?.parentPort ?? globalThis;
const started = (async () => {
  await ready();
  return { images: makeImages(8), three: pipelines().three };
})();

async function run({ k, count }) {
  const { images, three } = await started;
  const tensor = { mean: MEAN, std: STD };
  for (let i = 0; i < count; i++) three({ image: images[(k + i) % images.length] }, k + i, { tensor });
  port.postMessage({ done: count });
}

if (port === globalThis) globalThis.onmessage = (event) => run(event.data);
else port.on('message', run);
