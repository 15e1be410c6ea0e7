// The floor: touching the output bytes once. Two preallocated buffers of the
// output's byte count, Uint8Array.prototype.set from one to the other. A
// memory-bound operator such as Pad cannot beat this by much.

import { outputBytes } from '../workloads.mjs';

export async function load() {
  return {
    version: `Node ${process.version}`,
    prepare(w) {
      const bytes = outputBytes(w);
      // Filled, so the source pages are really backed before timing starts.
      const src = new Uint8Array(bytes).fill(1);
      const dst = new Uint8Array(bytes).fill(0);
      return {
        what: `dst.set(src), ${bytes} bytes`,
        run: () => dst.set(src),
        result: () => null, // nothing to compare
      };
    },
    close() {},
  };
}
