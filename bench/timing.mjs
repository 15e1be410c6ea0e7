// Repeated timing of one call: warm-ups, then timed runs until enough total
// time has passed, reporting the median (robust to GC pauses and neighbours on
// a shared machine) and the minimum.

import { performance } from 'node:perf_hooks';

export const FULL = { warmups: 3, minTotalMs: 1000, minRuns: 15, maxRuns: 200 };
// --quick: enough to see that every configuration runs and agrees, not to compare.
export const QUICK = { warmups: 1, minTotalMs: 0, minRuns: 3, maxRuns: 3 };

/**
 * Times `fn` (sync or async). Returns { median, min, runs, last } in ms, with
 * `last` the value the final timed call returned (used for the agreement
 * check, so it is a real timed output rather than an extra call).
 */
export async function measure(fn, plan = FULL) {
  // Decide once whether to await: awaiting a plain value would add a
  // microtask hop to every synchronous library's time.
  let last = fn();
  const isAsync = typeof last?.then === 'function';
  if (isAsync) last = await last;
  for (let i = 1; i < plan.warmups; i++) last = isAsync ? await fn() : fn();

  const samples = [];
  let total = 0;
  while (samples.length < plan.minRuns || (total < plan.minTotalMs && samples.length < plan.maxRuns)) {
    const t0 = performance.now();
    last = isAsync ? await fn() : fn();
    const dt = performance.now() - t0;
    samples.push(dt);
    total += dt;
  }
  samples.sort((a, b) => a - b);
  const mid = samples.length >> 1;
  const median = samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  return { median, min: samples[0], runs: samples.length, last };
}
