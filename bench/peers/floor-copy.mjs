// The floors: touching the output bytes once.
//   copy:  Uint8Array.prototype.set between two preallocated output-sized
//          buffers. A memory-bound operator such as Pad cannot beat this by
//          much when it writes into memory that already exists (`out`).
//   fresh: Uint8Array.prototype.slice of an output-sized buffer, i.e. one copy
//          into a new JS-owned array. Every end-to-end API that returns a new
//          array pays at least this (its pages are first touched here).

import { outputBytes } from '../workloads.mjs';

export async function load({ fresh = false } = {}) {
  return {
    version: `Node ${process.version}`,
    prepare(w) {
      const bytes = outputBytes(w);
      // Filled, so the source pages are really backed before timing starts.
      const src = new Uint8Array(bytes).fill(1);
      if (fresh) {
        // `held` keeps each result alive until the next call, as a caller
        // holding its result would.
        const state = { held: null };
        return {
          what: `src.slice(), ${bytes} bytes`,
          run: () => { state.held = src.slice(); },
          result: () => null, // nothing to compare
        };
      }
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
