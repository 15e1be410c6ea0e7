// What a fresh 13.6 MB JS-owned result costs by itself, three ways of making
// it (Node's Buffer.allocUnsafeSlow, which tensorwarp's fresh results use;
// new ArrayBuffer; TypedArray.prototype.slice, floor-fresh), interleaved in
// rounds with a full GC before each, as bench-case.mjs does: page faults and
// GC per call. Usage: node bench/fresh-alloc.mjs
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8'; import vm from 'node:vm';
v8.setFlagsFromString('--expose-gc'); const collect = vm.runInNewContext('gc');
const pauses = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) pauses.push([e.startTime, e.duration]); }).observe({ entryTypes: ['gc'] });
const N = 13.6 * 1024 * 1024 | 0; const src = new Uint8Array(N).fill(7);
const V = {
  allocUnsafeSlow: () => { const b = Buffer.allocUnsafeSlow(N); new Uint8Array(b.buffer, b.byteOffset, N).set(src); return b; },
  arrayBuffer: () => { const a = new ArrayBuffer(N); new Uint8Array(a).set(src); return a; },
  slice: () => src.slice(),
};
const st = Object.fromEntries(Object.keys(V).map((k) => [k, { spans: [], t: [], faults: 0 }]));
for (let r = 0; r < 20; r++) for (const [k, f] of Object.entries(V)) {
  collect();
  for (let i = 0; i < 5; i++) { const f0 = process.resourceUsage().minorPageFault; const t0 = performance.now(); f(); const t1 = performance.now(); st[k].spans.push([t0, t1]); st[k].t.push(t1 - t0); st[k].faults += process.resourceUsage().minorPageFault - f0; }
}
await new Promise((r) => setTimeout(r, 50));
for (const [k, s] of Object.entries(st)) {
  const gc = pauses.reduce((sum, [at, ms]) => sum + (s.spans.some(([a, b]) => at >= a && at < b) ? ms : 0), 0);
  s.t.sort((a, b) => a - b);
  console.log(k.padEnd(16), 'median', s.t[50].toFixed(2), 'min', s.t[0].toFixed(2), 'faults/call', (s.faults / 100).toFixed(0), 'GC ms/call', (gc / 100).toFixed(2));
}
