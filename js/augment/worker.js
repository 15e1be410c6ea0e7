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

async function handle(message, decoding) {
  if (message.type === 'init') {
    pipeline = init(message);
    pipeline.catch(() => {}); // reported with the first run
    return;
  }
  try {
    const augment = await pipeline;
    const targets = await decoding;
    const reply = chunkReply(augment, { ...message.chunk, targets });
    port.postMessage(reply.message, reply.transfer);
  } catch (error) {
    port.postMessage({ type: 'error', error: errorOf(error) });
  }
}

// One message at a time, in order: the pool pairs replies with tasks by order, and a chunk's
// decoding awaits, so a later chunk must not overtake an earlier one. A chunk's Blobs and URLs are
// fetched and decoded here, off the calling thread, starting as the chunk arrives: the browser decodes
// on threads of its own while this one augments the chunk before (its error is reported in order).
let queue = Promise.resolve();
const enqueue = (message) => {
  const decoding = message.type === 'run' ? (async () => decodedTargets(message.chunk))() : null;
  decoding?.catch(() => {}); // handled when the chunk's turn comes
  queue = queue.then(() => handle(message, decoding));
};
if (port === globalThis) globalThis.onmessage = (event) => enqueue(event.data);
else port.on('message', enqueue);
