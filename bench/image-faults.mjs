// Where the time of an end-to-end image call goes when it moves between runs:
// the 1080p cases of image-suite.js (tensorwarp, OpenCV.js, the copy floor),
// interleaved, each call with its wall time, its CPU time (user + system, much
// less disturbed by other processes than the wall clock), the minor page
// faults and the GC pauses that started during it.
//
//   node bench/image-faults.mjs [text in a case name] [rounds]
//   MALLOC_MMAP_THRESHOLD_=131072 node bench/image-faults.mjs pad     # every large block a fresh mmap
//   MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=4294967295 node bench/image-faults.mjs pad  # never
//
// The two glibc settings pin the allocator state that otherwise changes from
// run to run (bench/README.md: fresh-result costs): with the first, every fresh
// result is new memory and every call pays a page fault per 4 KiB written;
// with the second, no call does.
import { PerformanceObserver } from 'node:perf_hooks';
import { imageCases } from './image-suite.js';
import { ready } from '../js/index.js';
import { loadOpenCv, median } from './node-tools.mjs';

const only = process.argv[2] ?? 'pad';
const rounds = Number(process.argv[3] ?? 7);
const CALLS = 5;


// GC entries arrive asynchronously: keep them, and each call's span, and match them after the case.
const pauses = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) pauses.push([e.startTime, e.duration]); }).observe({ entryTypes: ['gc'] });
const gcDuring = (spans) => pauses.reduce((sum, [at, ms]) => sum + (spans.some(([a, b]) => at >= a && at < b) ? ms : 0), 0);


await ready();
const { cv } = await loadOpenCv();
for (const c of imageCases({ cv }, ['1080p']).filter((k) => k.name.includes(only))) {
  const peers = Object.entries(c.peers);
  const stats = Object.fromEntries(peers.map(([k]) => [k, { wall: [], cpu: [], faults: 0, spans: [], calls: 0 }]));
  for (const [, run] of peers) { run(); run(); }
  for (let r = 0; r < rounds; r++) {
    for (const [peer, run] of peers) {
      const s = stats[peer];
      for (let i = 0; i < CALLS; i++) {
        const faults = process.resourceUsage().minorPageFault, cpu = process.cpuUsage(), start = performance.now();
        run();
        const end = performance.now();
        s.wall.push(end - start);
        s.spans.push([start, end]);
        const used = process.cpuUsage(cpu);
        s.cpu.push((used.user + used.system) / 1000);
        s.faults += process.resourceUsage().minorPageFault - faults;
        s.calls++;
      }
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the GC entries arrive
  console.log(`${c.name}:`);
  for (const [peer, s] of Object.entries(stats)) {
    console.log(`  ${peer.padEnd(11)} wall ${median(s.wall).toFixed(2)} ms (min ${Math.min(...s.wall).toFixed(2)}), cpu ${median(s.cpu).toFixed(2)} ms, ` +
      `${(s.faults / s.calls).toFixed(0)} page faults and ${(gcDuring(s.spans) / s.calls).toFixed(2)} ms GC per call`);
  }
}
