// Where augment.batch on 2 workers (shared-memory path) loses against two
// plain threads running the per-call loop (issue 25's ceiling): per image,
// wall time, the process's CPU time split into user and system (all threads:
// the calling one and the workers) and minor page faults, for the per-call
// loop, two plain threads, and batch on 2 workers with a fresh tensor per
// batch and into the last batch's (tensor.out), interleaved rounds.
// Usage: node bench/worker-faults.mjs [rounds] [--batch N]
import { loadText } from './node-tools.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import { ready } from '../js/index.js';
import { augmentCases } from './augment-suite.js';

const argv = process.argv.slice(2);
const rounds = Number(argv.find((a, i) => /^\d+$/.test(a) && argv[i - 1] !== '--batch') ?? 5);
const N = Number(argv.includes('--batch') ? argv[argv.indexOf('--batch') + 1] : 256);
const wanted = ['tensorwarp 3 transforms', 'two plain threads', 'two plain threads into one fresh shared tensor', 'batch, 2 workers, shared', 'batch, 2 workers, shared, out'];

/** tid -> [ns on a CPU, ns runnable and waiting], or null where /proc has no schedstat. */
function threadTimes() {
  try {
    return Object.fromEntries(readdirSync('/proc/self/task').map((tid) => {
      try {
        return [tid, readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ').slice(0, 2).map(Number)];
      } catch {
        return [tid, [0, 0]]; // a thread that ended meanwhile
      }
    }));
  } catch {
    return null;
  }
}

/** The calling thread's CPU ms and the two busiest other threads' asleep share of `wall` ms, between two threadTimes(). */
function threadSplit(before, after, wall) {
  if (!before || !after) return [NaN, NaN];
  const delta = (tid, i) => (after[tid][i] - (before[tid]?.[i] ?? 0)) / 1e6;
  const main = String(process.pid);
  const others = Object.keys(after).filter((tid) => tid !== main).map((tid) => [delta(tid, 0), delta(tid, 1)]).sort((a, b) => b[0] - a[0]).slice(0, 2);
  const asleep = others.reduce((sum, [run, wait]) => sum + Math.max(0, wall - run - wait), 0) / (2 * wall);
  return [delta(main, 0), asleep];
}

await ready();
const { cases: all, close } = augmentCases({ batchSize: N });
const cases = Object.fromEntries(wanted.map((name) => [name, all[name]]));
const samples = Object.fromEntries(wanted.map((name) => [name, []]));
let k = 0;
try {
  for (let round = -1; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const faults = process.resourceUsage().minorPageFault, cpu = process.cpuUsage(), threads = threadTimes(), start = performance.now();
      await run(k, N);
      k += N;
      const wall = performance.now() - start, used = process.cpuUsage(cpu);
      const [mainMs, asleep] = threadSplit(threads, threadTimes(), wall);
      if (round >= 0) samples[name].push([...[wall, used.user / 1000, used.system / 1000, process.resourceUsage().minorPageFault - faults, mainMs].map((v) => v / N), asleep]);
    }
  }
} finally {
  await close();
}
const median = (list, i) => list.map((s) => s[i]).sort((a, b) => a - b)[list.length >> 1];
console.log(`augment.batch on 2 workers against two plain threads: 500x375 RGBA -> 3 transforms -> [${N}, 3, 224, 224] float32, ` +
  `${N} images per case and round, ${rounds} interleaved rounds, medians per image (CPU: all threads); load average ${loadText()}`);
console.log('| case | wall ms | × per-call loop | user ms | system ms | minor faults | calling thread CPU ms | 2 busiest other threads asleep |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const loop = median(samples['tensorwarp 3 transforms'], 0);
for (const [name, list] of Object.entries(samples)) {
  const wall = median(list, 0);
  const asleep = name === 'tensorwarp 3 transforms' ? '' : `${(100 * median(list, 5)).toFixed(1)}%`; // one thread: the others are V8's helpers
  console.log(`| ${name} | ${wall.toFixed(3)} | ${(loop / wall).toFixed(2)} | ${median(list, 1).toFixed(3)} | ${median(list, 2).toFixed(3)} | ${median(list, 3).toFixed(0)} | ` +
    `${median(list, 4).toFixed(3)} | ${asleep} |`);
}
