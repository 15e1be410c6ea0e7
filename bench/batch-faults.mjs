// Where augment.batch (no workers) loses time against the per-call loop of
// augment calls: per image, wall and CPU time split into user and system
// (system time is the kernel's: here the first-touch page faults of fresh
// memory) and the minor page faults, for the per-call loop (a fresh 600 KB
// tensor per call, which the C library often recycles), that loop copying
// each sample into one fresh [256, 3, 224, 224] tensor (154 MB of new pages),
// batch with a fresh tensor, and batch into the last batch's (tensor.out:
// pages already there). With --against <tree> the same cases of another tree
// (a checkout, or a copy of js/, wasm/ and bench/) run interleaved in the same
// process: old against new in one stretch of a shared machine's load.
// Usage: node bench/batch-faults.mjs [rounds] [--against <tree>]
import { loadText } from './node-tools.mjs';

const argv = process.argv.slice(2);
const rounds = Number(argv.find((a) => /^\d+$/.test(a)) ?? 7);
const against = argv.includes('--against') ? argv[argv.indexOf('--against') + 1] : null;
const N = 256;

async function casesOf(root, label) {
  const { ready } = await import(`${root}/js/index.js`);
  const { makeImages, pipelines, MEAN, STD } = await import(`${root}/bench/augment-suite.js`);
  await ready();
  const { three } = pipelines();
  const images = makeImages(8);
  const list = Array.from({ length: N }, (_, i) => images[i % images.length]);
  const tensor = { mean: MEAN, std: STD };
  const indices = (k) => list.map((_, i) => k + i);
  let last = null;
  return {
    [`${label}per-call loop`]: async (k) => {
      for (let i = 0; i < N; i++) three({ image: list[i] }, k + i, { tensor });
    },
    [`${label}per-call loop into one fresh batch tensor`]: async (k) => {
      let data = null;
      for (let i = 0; i < N; i++) {
        const sample = three({ image: list[i] }, k + i, { tensor }).tensor.data;
        data ??= new Float32Array(sample.length * N);
        data.set(sample, i * sample.length);
      }
    },
    [`${label}batch, 0 workers`]: async (k) => {
      await three.batch(list, { tensor, indices: indices(k) });
    },
    [`${label}batch, 0 workers, tensor.out`]: async (k) => {
      ({ tensor: last } = await three.batch(list, { tensor: last ? { ...tensor, out: last } : tensor, indices: indices(k) }));
    },
  };
}

const cases = { ...(await casesOf(new URL('..', import.meta.url).href.replace(/\/$/, ''), against ? 'this: ' : '')) };
if (against) Object.assign(cases, await casesOf(new URL(`file://${against.replace(/\/$/, '')}`).href, 'against: '));
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
let k = 0;
for (let round = -1; round < rounds; round++) {
  for (const [name, run] of Object.entries(cases)) {
    const faults = process.resourceUsage().minorPageFault, cpu = process.cpuUsage(), start = performance.now();
    await run(k);
    k += N;
    const wall = performance.now() - start, used = process.cpuUsage(cpu);
    if (round >= 0) samples[name].push([wall, used.user / 1000, used.system / 1000, process.resourceUsage().minorPageFault - faults].map((v) => v / N));
  }
}
const median = (list, i) => list.map((s) => s[i]).sort((a, b) => a - b)[list.length >> 1];
console.log(`augment.batch without workers against the per-call loop: 500x375 RGBA -> 3 transforms -> [1, 3, 224, 224] float32, ` +
  `${N} images per case and round, ${rounds} interleaved rounds, medians per image; load average ${loadText()}`);
console.log('| case | wall ms | user ms | system ms | minor faults |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, list] of Object.entries(samples)) {
  console.log(`| ${name} | ${median(list, 0).toFixed(3)} | ${median(list, 1).toFixed(3)} | ${median(list, 2).toFixed(3)} | ${median(list, 3).toFixed(0)} |`);
}
