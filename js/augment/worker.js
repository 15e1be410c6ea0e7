// A batch worker (pool.js starts it): its own tensorwarp module instance,
// made from the WebAssembly.Module the calling thread uses, and its own copy
// of the pipeline, rebuilt from augment.spec. It runs the chunks of samples
// it is sent with the code the calling thread runs for workers: 0
// (batch.js runChunk), so the bytes are the same, and sends the results back
// with their buffers transferred, and the input buffers it is done with.
import { readyWith } from '../module.js';
import { compose } from '../augment.js';
import { chunkReply } from './batch.js';

const port = globalThis.process?.getBuiltinModule?.('node:worker_threads')?.parentPort ?? globalThis;

let pipeline = null;

async function init({ wasm, spec }) {
  await readyWith({ wasm });
  return compose(spec.transforms, spec.options);
}

function errorOf(error) {
  return { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
}

async function handle(message) {
  if (message.type === 'init') {
    pipeline = init(message);
    pipeline.catch(() => {}); // reported with the first run
    return;
  }
  try {
    const augment = await pipeline;
    const reply = chunkReply(augment, message.chunk);
    port.postMessage(reply.message, reply.transfer);
  } catch (error) {
    port.postMessage({ type: 'error', error: errorOf(error) });
  }
}

if (port === globalThis) globalThis.onmessage = (event) => handle(event.data);
else port.on('message', handle);
