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
let workerFlags = null; // the process's flags a worker takes, once known

/**
 * A worker_thread on worker.js with the process's flags (node --conditions,
 * --enable-source-maps ...) but those a worker refuses: --input-type (node
 * --input-type=module -e ...; a worker file is not a string), and V8's
 * (--max-old-space-size, --stack-size, --trace-gc), which are the whole
 * process's and already in force in every thread, but which a Worker given
 * them in execArgv refuses with ERR_WORKER_INVALID_EXEC_ARGV; its message
 * lists them, and without a list no flags are passed.
 */
function nodeWorker(threads) {
  workerFlags ??= globalThis.process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  try {
    return new threads.Worker(nodeWorkerUrl(), { execArgv: workerFlags });
  } catch (error) {
    if (error?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || workerFlags.length === 0) throw error;
    const listed = /flags: (.*)$/.exec(error.message)?.[1].split(', ') ?? [];
    const kept = workerFlags.filter((flag) => !listed.includes(flag));
    workerFlags = kept.length < workerFlags.length ? kept : [];
    return nodeWorker(threads);
  }
}

function spawn() {
  const threads = nodeThreads();
  if (threads) {
    const worker = nodeWorker(threads);
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

/** Tasks handed to one worker ahead of its replies. */
const IN_FLIGHT = 2;

/**
 * `size` workers, each sent `init` (with its transfer list) first.
 * run(count, task, onReply) hands tasks 0..count-1 out in order, IN_FLIGHT
 * to each worker at first and then the next to whichever worker replies;
 * task(at) makes task `at` ({ message, transfer }) when it is handed out,
 * onReply(at, reply) (optional) sees each reply as it arrives. It resolves
 * with the replies in task order; the first failure rejects it (the tasks
 * not yet handed out are dropped). A worker that crashes breaks the pool:
 * every later run rejects.
 */
export class Pool {
  constructor(size, init) {
    this.broken = null;
    this.busy = false;
    this.workers = Array.from({ length: size }, () => {
      const worker = spawn();
      const slot = { worker, waiting: [] }; // resolvers of the tasks posted to it, oldest first
      worker.listen((reply) => slot.waiting.shift()?.(reply), (error) => this.fail(error));
      worker.post({ type: 'init', ...init.message }, init.transfer);
      return slot;
    });
    this.idle();
  }

  fail(error) {
    if (this.broken) return;
    this.broken = error;
    const reply = { type: 'error', error: { name: error.name, message: error.message } };
    for (const slot of this.workers) slot.waiting.splice(0).forEach((settle) => settle(reply));
  }

  idle() {
    for (const { worker } of this.workers) worker.hold(false);
  }

  async run(count, task, onReply) {
    if (this.broken) throw revive(this.broken);
    if (this.busy) throw new Error('batch: this pipeline is already running a batch on its workers; await it first');
    this.busy = true;
    for (const { worker } of this.workers) worker.hold(true);
    const replies = new Array(count);
    let next = 0;
    let failure = null;
    const send = (slot, { message, transfer }) => new Promise((resolve) => {
      slot.waiting.push(resolve);
      slot.worker.post(message, transfer);
    });
    // Each worker holds IN_FLIGHT tasks: the next one is already in its queue when it finishes one,
    // so it does not sit idle while its reply travels back and the calling thread posts again.
    const drain = async (slot) => {
      const posted = [];
      const top = () => {
        while (failure === null && next < count && posted.length < IN_FLIGHT) {
          const at = next++;
          posted.push({ at, reply: send(slot, task(at)) });
        }
      };
      top();
      while (posted.length) {
        const { at, reply } = posted.shift();
        const done = await reply;
        if (done.type === 'error') failure ??= done.error;
        else if (failure === null) {
          replies[at] = done;
          onReply?.(at, done);
        }
        top();
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
