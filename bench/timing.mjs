// Repeated timing of one call: warm-ups, then timed runs until enough total
// time has passed, reporting the median (robust to GC pauses and neighbours on
// a shared machine) and the minimum.
//
// The timed runs can be taken in slices ("rounds"): run.mjs gives every
// configuration of a workload one slice per round, so the samples of all
// columns are spread over the same stretch of time and a burst of load from
// another process hits them alike instead of one column alone.

import { performance, PerformanceObserver } from 'node:perf_hooks';

// What a fresh result costs besides the computation, per timed call; both
// depend on the process (its allocator's state, the size of its JS heap), not
// on the library, and they are most of the spread between a median and its
// minimum for large results:
//  - minor page faults (read outside the timed region): writing a result
//    into memory the allocator has just taken from the OS costs one fault per
//    4 KiB page, ~1.5 us each on the VMs seen here;
//  - garbage-collection pauses that start during the call: every large
//    ArrayBuffer counts as external memory, and enough of it makes V8 finish
//    an incremental mark-compact of the whole JS heap (1.5-4 ms with every
//    peer loaded).
const minorFaults = () => process.resourceUsage().minorPageFault;
const gcPauses = []; // { start, duration } in performance.now() ms, in start order
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, duration: e.duration });
}).observe({ entryTypes: ['gc'] });

/**
 * Resolves once the GC entries of every call so far have reached the
 * observer. Node delivers them from a timer turn of the event loop, which
 * synchronous calls awaited in a loop (microtasks only) never reach.
 */
export const gcEntriesDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

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
    this.faults = []; // minor page faults during each timed call
    this.spans = []; // [start, end] of each timed call, for the GC pauses
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
      const f0 = minorFaults();
      const t0 = performance.now();
      this.last = await this.call();
      const dt = performance.now() - t0;
      this.faults.push(minorFaults() - f0);
      this.spans.push([t0, t0 + dt]);
      this.samples.push(dt);
      this.total += dt;
    }
  }

  /**
   * { median, min, runs } in ms, the median page faults per call, and the
   * mean GC pause per call in ms (GC pauses come in bursts, so a median
   * would hide them). Await gcEntriesDelivered() first.
   */
  summary() {
    const s = [...this.samples].sort((a, b) => a - b);
    // Both lists are in time order: one merge walk.
    let gc = 0;
    let i = 0;
    for (const p of gcPauses) {
      while (i < this.spans.length && this.spans[i][1] <= p.start) i++;
      if (i === this.spans.length) break;
      if (p.start >= this.spans[i][0]) gc += p.duration;
    }
    return {
      median: median(s), min: s[0], runs: s.length,
      faults: median([...this.faults].sort((a, b) => a - b)), gcMs: gc / s.length,
    };
  }
}

/** The median of sorted numbers. */
function median(sorted) {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
