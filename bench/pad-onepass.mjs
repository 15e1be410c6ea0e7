// Pad's one-pass heap path (x written to its place in the heap result, C
// writes only the borders: tw_pad_interior/tw_pad_borders) against the plain
// kernel (x copied in whole, tw_pad) on fresh results the index maps refuse
// (maps too large next to the data: one axis of millions), interleaved in one
// process, the order alternating by round: minimum, p25, median ms per call
// and page faults per call. Usage: node bench/pad-onepass.mjs [rounds]
import { ready, pad } from '../js/index.js';
import { setPadPaths } from '../js/pad.js';
import { wasm } from '../js/module.js';

await ready();
const ramp = (Type, n, map = (i) => i) => { const a = new Type(n); for (let i = 0; i < n; i++) a[i] = map(i); return a; };
const CASES = [
  ['float32 [4000000] reflect pads 1000 each end (16 MB)', { type: 'float32', dims: [4_000_000], data: ramp(Float32Array, 4_000_000) },
    { pads: [1000, 1000], mode: 'reflect' }],
  ['uint8 [3,3000000] constant pads 64 each end of the last axis (9 MB)', { type: 'uint8', dims: [3, 3_000_000], data: ramp(Uint8Array, 9_000_000) },
    { pads: [0, 64, 0, 64], mode: 'constant', value: 7 }],
  ['int64 [1,1,1000000] wrap pads 100 each end of the last axis (8 MB)', { type: 'int64', dims: [1, 1, 1_000_000], data: ramp(BigInt64Array, 1_000_000, BigInt) },
    { pads: [0, 0, 100, 0, 0, 100], mode: 'wrap' }],
];
const PATHS = { onePass: () => setPadPaths(), plain: () => setPadPaths({ minResultBytes: Infinity }) };

/** Calls of the border-only entry during `run`: 1 when the one-pass path ran. */
function borderCalls(run) {
  const m = wasm();
  m._tw_pad_borders(99, 0, 0, 0, 0, 0, 0, 0, 0, 0); // resolve Emscripten's self-replacing stub first
  const original = m._tw_pad_borders;
  let calls = 0;
  m._tw_pad_borders = (...args) => { calls++; return original(...args); };
  try { run(); } finally { m._tw_pad_borders = original; }
  return calls;
}

const rounds = Number(process.argv[2] ?? 41);
const bytes = (t) => Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
for (const [name, x, options] of CASES) {
  PATHS.plain();
  const expected = pad(x, options);
  PATHS.onePass();
  const calls = borderCalls(() => { if (!bytes(pad(x, options)).equals(bytes(expected))) throw new Error(`${name}: bytes differ`); });
  const times = { onePass: [], plain: [] }, faults = { onePass: 0, plain: 0 };
  for (let r = 0; r < rounds; r++) {
    for (const path of r % 2 ? ['plain', 'onePass'] : ['onePass', 'plain']) {
      PATHS[path]();
      const f0 = process.resourceUsage().minorPageFault, t0 = performance.now();
      pad(x, options);
      times[path].push(performance.now() - t0);
      faults[path] += process.resourceUsage().minorPageFault - f0;
    }
  }
  setPadPaths();
  const at = (v, q) => v[Math.floor(q * (v.length - 1))].toFixed(2);
  console.log(`${name}: one-pass path ran: ${calls === 1}`);
  for (const [path, v] of Object.entries(times)) {
    v.sort((a, b) => a - b);
    console.log(`  ${path.padEnd(8)} min ${at(v, 0)} p25 ${at(v, 0.25)} median ${at(v, 0.5)} ms, ${(faults[path] / rounds).toFixed(0)} faults/call`);
  }
  console.log(`  one-pass / plain: min ${(times.onePass[0] / times.plain[0]).toFixed(2)}, median ${(times.onePass[rounds >> 1] / times.plain[rounds >> 1]).toFixed(2)}`);
}
