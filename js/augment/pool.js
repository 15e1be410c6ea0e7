// A pool of workers for augment.batch: Web Workers (module workers) in
// browsers, worker_threads in Node. Each worker loads its own tensorwarp
// module instance from the compiled WebAssembly.Module the calling thread
// uses, and rebuilds the pipeline from its spec (worker.js).
//
// Node's worker_threads is reached through process.getBuiltinModule, never
// imported, so browser bundles (Vite, webpack) do not see it; the browser
// branch is written as `new Worker(new URL('./worker.js', import.meta.url),
// { type: 'module' })`, the form those bundlers turn into a worker chunk.

/** The worker file for Node, spelt so that bundlers neither bundle it as a browser worker nor warn about it. */
const nodeWorkerUrl = () => new URL(import.meta.url.replace(/[^/]*$/, 'worker.js'));

function nodeThreads() {
  const getBuiltin = globalThis.process?.getBuiltinModule;
  return typeof getBuiltin === 'function' ? getBuiltin('node:worker_threads') : null;
}

/**
 * One worker behind a small common interface:
 * { post(message, transfer), listen(onMessage, onFailure), terminate(), hold(bool) }.
 * hold(false) lets a Node process exit while the worker idles.
 */
function spawn() {
  const threads = nodeThreads();
  if (threads) {
    // The worker inherits the process's flags; --input-type (node --input-type=module -e ...) is refused for a file.
    const execArgv = globalThis.process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
    const worker = new threads.Worker(nodeWorkerUrl(), { execArgv });
    return {
      post: (message, transfer) => worker.postMessage(message, transfer),
      listen(onMessage, onFailure) {
        worker.on('message', onMessage);
        worker.on('error', onFailure);
        worker.on('exit', (code) => onFailure(new Error(`batch: a worker exited (code ${code})`)));
      },
      terminate: () => worker.terminate(),
      hold: (held) => (held ? worker.ref() : worker.unref()),
    };
  }
  if (typeof globalThis.Worker !== 'function') {
    throw new TypeError('batch: options.workers needs Web Workers (or worker_threads in Node); use workers: 0 here');
  }
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    listen(onMessage, onFailure) {
      worker.onmessage = (event) => onMessage(event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        onFailure(new Error(`batch: a worker failed: ${event.message || 'it could not be loaded'}`));
      };
      worker.onmessageerror = () => onFailure(new Error('batch: a worker message could not be read'));
    },
    terminate: () => worker.terminate(),
    hold() {},
  };
}

/** The error a worker reported ({ name, message }), as the same class where it is a standard one. */
export function revive(error) {
  const classes = { TypeError, RangeError, Error, SyntaxError, ReferenceError, EvalError, URIError };
  const Class = Object.hasOwn(classes, error?.name) ? classes[error.name] : Error;
  return new Class(error?.message ?? String(error));
}

/**
 * `size` workers, each sent `init` (with its transfer list) first. run(tasks)
 * hands the tasks ({ message, transfer }) out one at a time to whichever
 * worker is free and resolves with the replies in task order; the first
 * failure rejects it (the tasks not yet handed out are dropped). A worker
 * that crashes breaks the pool: every later run rejects.
 */
export class Pool {
  constructor(size, init) {
    this.broken = null;
    this.busy = false;
    this.workers = Array.from({ length: size }, () => {
      const worker = spawn();
      const slot = { worker, settle: null };
      worker.listen((reply) => slot.settle?.(reply), (error) => this.fail(error));
      worker.post({ type: 'init', ...init.message }, init.transfer);
      return slot;
    });
    this.idle();
  }

  fail(error) {
    if (this.broken) return;
    this.broken = error;
    for (const slot of this.workers) slot.settle?.({ type: 'error', error: { name: error.name, message: error.message } });
  }

  idle() {
    for (const { worker } of this.workers) worker.hold(false);
  }

  async run(tasks) {
    if (this.broken) throw revive(this.broken);
    if (this.busy) throw new Error('batch: this pipeline is already running a batch on its workers; await it first');
    this.busy = true;
    for (const { worker } of this.workers) worker.hold(true);
    const replies = new Array(tasks.length);
    let next = 0;
    let failure = null;
    const drain = async (slot) => {
      while (failure === null && next < tasks.length) {
        const at = next++;
        const reply = await new Promise((resolve) => {
          slot.settle = resolve;
          slot.worker.post(tasks[at].message, tasks[at].transfer);
        });
        slot.settle = null;
        if (reply.type === 'error') failure ??= reply.error;
        else replies[at] = reply;
      }
    };
    try {
      await Promise.all(this.workers.map(drain));
    } finally {
      this.busy = false;
      this.idle();
    }
    if (failure) throw revive(failure);
    return replies;
  }

  terminate() {
    this.broken ??= new Error('batch: the worker pool was closed');
    return Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
