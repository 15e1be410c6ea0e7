// A batch worker (pool.js starts it): its own tensorwarp module instance,
// made from the WebAssembly.Module the calling thread uses, and its own copy
// of the pipeline, rebuilt from augment.spec. It runs the chunks of samples
// it is sent with the code the calling thread runs for workers: 0
// (batch.js runChunk), so the bytes are the same, and sends the results back
// with their buffers transferred, and the input buffers it is done with.
import { readyWith } from '../module.js';
import { compose } from '../augment.js';
import { chunkReply, decodedTargets } from './batch.js';

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
    const targets = await decodedTargets(message.chunk); // Blobs and URLs are fetched and decoded here, off the calling thread
    const reply = chunkReply(augment, { ...message.chunk, targets });
    port.postMessage(reply.message, reply.transfer);
  } catch (error) {
    port.postMessage({ type: 'error', error: errorOf(error) });
  }
}

// One message at a time, in order: the pool pairs replies with tasks by order, and a chunk's
// decoding awaits, so a later chunk must not overtake an earlier one.
let queue = Promise.resolve();
const enqueue = (message) => {
  queue = queue.then(() => handle(message));
};
if (port === globalThis) globalThis.onmessage = (event) => enqueue(event.data);
else port.on('message', enqueue);
