// Parent side of a configuration that runs in its own child process (see
// the `isolate` reasons in configs.mjs). It has the CaseRunner interface
// (start / round / finish per workload): finish resolves to the same record,
// output included ('advanced' IPC serialisation passes TypedArrays as such).
// The child only works while the parent waits for it, so the two never
// compete for the CPU.

import { fork } from 'node:child_process';

export async function startIsolated(spec, plan) {
  const child = fork(new URL('./child.mjs', import.meta.url), [spec.name, JSON.stringify(plan)], {
    serialization: 'advanced',
    // stdout is the report: the child's prints go to stderr with the progress.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  const pending = new Map();
  let nextId = 1;
  let exited = null;

  child.on('message', ({ id, result }) => {
    pending.get(id)?.resolve(result);
    pending.delete(id);
  });
  child.on('exit', (code, signal) => {
    exited = `child process for ${spec.name} exited (${signal ?? code})`;
    for (const p of pending.values()) p.resolve({ error: exited });
    pending.clear();
  });

  const request = (msg) => {
    if (exited) return Promise.resolve({ error: exited });
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { resolve });
      child.send({ id, ...msg });
    });
  };

  const loaded = await request({ cmd: 'load' });
  if (loaded.error) {
    child.kill();
    throw new Error(loaded.error);
  }
  return {
    version: loaded.version,
    start: async (w) => (await request({ cmd: 'start', key: w.key })) === true,
    round: (w, k) => request({ cmd: 'round', key: w.key, k }),
    finish: (w) => request({ cmd: 'finish', key: w.key }),
    async close() {
      await request({ cmd: 'close' });
      // A child that does not end by itself is stopped: it is ours.
      const timer = setTimeout(() => child.kill(), 5000);
      if (!exited) await new Promise((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
    },
  };
}
