// Repeated timing of one call: warm-ups, then timed runs until enough total
// time has passed, reporting the median (robust to GC pauses and neighbours on
// a shared machine) and the minimum.
//
// The timed runs can be taken in slices ("rounds"): run.mjs gives every
// configuration of a workload one slice per round, so the samples of all
// columns are spread over the same stretch of time and a burst of load from
// another process hits them alike instead of one column alone.

import { performance } from 'node:perf_hooks';

// Totals over all rounds: 3 warm-ups, then >= 1 s of timed calls, 15..200 calls.
export const FULL = { warmups: 3, minTotalMs: 1000, minRuns: 15, maxRuns: 200, rounds: 3 };
// --quick: enough to see that every configuration runs and agrees, not to compare.
export const QUICK = { warmups: 1, minTotalMs: 0, minRuns: 3, maxRuns: 3, rounds: 1 };

export class Sampler {
  /** `fn`: the call to time, sync or async; `plan`: FULL or QUICK. */
  constructor(fn, plan) {
    this.fn = fn;
    this.plan = plan;
    this.samples = [];
    this.total = 0;
    this.isAsync = null;
    this.last = undefined; // what the latest call returned (checked for agreement)
  }

  async call() {
    if (this.isAsync === null) {
      // Decided once: awaiting a plain value would add a microtask hop to
      // every synchronous library's time.
      const r = this.fn();
      this.isAsync = typeof r?.then === 'function';
      return this.isAsync ? await r : r;
    }
    return this.isAsync ? await this.fn() : this.fn();
  }

  /** Warm-ups (first round only), then timed calls up to this round's share of the plan. */
  async round(k) {
    const { warmups, minTotalMs, minRuns, maxRuns, rounds } = this.plan;
    if (k === 1) for (let i = 0; i < warmups; i++) this.last = await this.call();
    const runs = Math.ceil((minRuns * k) / rounds);
    const cap = Math.ceil((maxRuns * k) / rounds);
    const ms = (minTotalMs * k) / rounds;
    while (this.samples.length < runs || (this.total < ms && this.samples.length < cap)) {
      const t0 = performance.now();
      this.last = await this.call();
      const dt = performance.now() - t0;
      this.samples.push(dt);
      this.total += dt;
    }
  }

  /** { median, min, runs } in ms. */
  summary() {
    const s = [...this.samples].sort((a, b) => a - b);
    const mid = s.length >> 1;
    const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    return { median, min: s[0], runs: s.length };
  }
}
