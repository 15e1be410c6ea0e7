// Runs workloads on one loaded configuration: open (prepare, untimed), time
// in rounds (timing.mjs), close (convert the last timed output to NCHW for the
// agreement check and release everything, untimed). Shared by the main
// process and the child processes, so both measure the same way.
//
// A configuration's prepare(workload) returns either { na: reason } or a case:
//   { what,        text for "what each configuration ran"
//     run,         the timed call; returns the library's output (or a promise)
//     result(out), untimed: the output as { dims, data } in NCHW, or null
//     expect,      optional agreement rule (see agreement.mjs)
//     dispose() }  untimed: frees sessions, heap tensors, Mats
//
// close() resolves to a record:
//   { na } | { error } | { what, median, min, runs, output, expect }.

import v8 from 'node:v8';
import vm from 'node:vm';
import { Sampler, gcEntriesDelivered } from './timing.mjs';

// A full collection before each slice of timing, so the garbage another
// configuration left (tens of MB of output arrays) is not collected inside
// this one's timed calls.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

function failure(err) {
  return { error: String(err?.message ?? err).split('\n')[0] };
}

async function release(c) {
  try {
    await c.dispose?.();
  } catch {
    // A failed release must not hide the measurement or the real error.
  }
}

/** The open cases of one configuration, by workload key. */
export class CaseRunner {
  constructor(config, plan) {
    this.config = config;
    this.plan = plan;
    this.open = new Map(); // key -> { c, sampler, record? }
  }

  /** Prepares workload `w`; false when there is nothing to time (n/a, error). */
  async start(w) {
    collectGarbage();
    let c;
    try {
      c = await this.config.prepare(w);
    } catch (err) {
      this.open.set(w.key, { record: failure(err) });
      return false;
    }
    if (c.na) {
      this.open.set(w.key, { record: c });
      return false;
    }
    this.open.set(w.key, { c, sampler: new Sampler(c.run, this.plan) });
    return true;
  }

  /** Round k (1-based) of timing; a throw ends this case with an error record. */
  async round(w, k) {
    const s = this.open.get(w.key);
    if (!s || s.record) return;
    collectGarbage();
    try {
      await s.sampler.round(k);
    } catch (err) {
      s.record = failure(err);
    }
  }

  /** The record of workload `w`; releases the case. */
  async finish(w) {
    const s = this.open.get(w.key);
    this.open.delete(w.key);
    if (!s) return { error: `workload ${w.key} was not started` };
    if (!s.c) return s.record;
    try {
      if (s.record) return s.record;
      await gcEntriesDelivered();
      const output = s.c.result ? s.c.result(s.sampler.last) : null;
      return { what: s.c.what, ...s.sampler.summary(), output, expect: s.c.expect };
    } catch (err) {
      return failure(err);
    } finally {
      await release(s.c);
    }
  }
}
