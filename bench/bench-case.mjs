// Runs one workload on one loaded configuration: prepare (untimed), time the
// call, convert the last timed output to NCHW for the agreement check
// (untimed), release everything. Shared by the main process and the child
// processes, so both measure the same way.
//
// A configuration's prepare(workload) returns either { na: reason } or a case:
//   { what,        text for "what each configuration ran"
//     run,         the timed call; returns the library's output (or a promise)
//     result(out), untimed: the output as { dims, data } in NCHW, or null
//     expect,      optional agreement rule (see agreement.mjs)
//     dispose() }  untimed: frees sessions, heap tensors, Mats
//
// Returns { na, notBuilt? } | { error } | { what, median, min, runs, output, expect }.

import v8 from 'node:v8';
import vm from 'node:vm';
import { measure } from './timing.mjs';

// A full collection before each case, so the garbage one configuration leaves
// (tens of MB of output arrays) is not collected inside the next one's timing.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

const NOT_IMPLEMENTED = /not implemented/i;

function failure(err) {
  const message = String(err?.message ?? err).split('\n')[0];
  // tensorwarp ops land one at a time; a stub that throws is "not built yet",
  // not a failure of the harness.
  if (NOT_IMPLEMENTED.test(message)) return { na: `not built yet (${message})`, notBuilt: true };
  return { error: message };
}

export async function benchCase(config, workload, plan) {
  let c;
  collectGarbage();
  try {
    c = await config.prepare(workload);
  } catch (err) {
    return failure(err);
  }
  if (c.na) return c;
  try {
    const t = await measure(c.run, plan);
    const output = c.result ? c.result(t.last) : null;
    return { what: c.what, median: t.median, min: t.min, runs: t.runs, output, expect: c.expect };
  } catch (err) {
    return failure(err);
  } finally {
    try {
      await c.dispose?.();
    } catch {
      // A failed release must not hide the measurement or the real error.
    }
  }
}
