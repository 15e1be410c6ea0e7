// Where augment.batch on 2 workers (shared-memory path) loses against two
// plain threads running the per-call loop (issue 25's ceiling): per image,
// wall time, the process's CPU time split into user and system (all threads:
// the calling one and the workers) and minor page faults, for the per-call
// loop, two plain threads, and batch on 2 workers with a fresh tensor per
// batch and into the last batch's (tensor.out), interleaved rounds.
// Usage: node bench/worker-faults.mjs [rounds] [--batch N]
import { loadavg } from 'node:os';
import { ready } from '../js/index.js';
import { augmentCases } from './augment-suite.js';

const argv = process.argv.slice(2);
const rounds = Number(argv.find((a, i) => /^\d+$/.test(a) && argv[i - 1] !== '--batch') ?? 5);
const N = Number(argv.includes('--batch') ? argv[argv.indexOf('--batch') + 1] : 256);
const wanted = ['tensorwarp 3 transforms', 'two plain threads', 'two plain threads into one fresh shared tensor', 'batch, 2 workers, shared', 'batch, 2 workers, shared, out'];

await ready();
const { cases: all, close } = augmentCases({ batchSize: N });
const cases = Object.fromEntries(wanted.map((name) => [name, all[name]]));
const samples = Object.fromEntries(wanted.map((name) => [name, []]));
let k = 0;
try {
  for (let round = -1; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const faults = process.resourceUsage().minorPageFault, cpu = process.cpuUsage(), start = performance.now();
      await run(k, N);
      k += N;
      const wall = performance.now() - start, used = process.cpuUsage(cpu);
      if (round >= 0) samples[name].push([wall, used.user / 1000, used.system / 1000, process.resourceUsage().minorPageFault - faults].map((v) => v / N));
    }
  }
} finally {
  await close();
}
const median = (list, i) => list.map((s) => s[i]).sort((a, b) => a - b)[list.length >> 1];
console.log(`augment.batch on 2 workers against two plain threads: 500x375 RGBA -> 3 transforms -> [${N}, 3, 224, 224] float32, ` +
  `${N} images per case and round, ${rounds} interleaved rounds, medians per image (CPU: all threads); load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('| case | wall ms | × per-call loop | user ms | system ms | minor faults |');
console.log('|---|---:|---:|---:|---:|---:|');
const loop = median(samples['tensorwarp 3 transforms'], 0);
for (const [name, list] of Object.entries(samples)) {
  const wall = median(list, 0);
  console.log(`| ${name} | ${wall.toFixed(3)} | ${(loop / wall).toFixed(2)} | ${median(list, 1).toFixed(3)} | ${median(list, 2).toFixed(3)} | ${median(list, 3).toFixed(0)} |`);
}
