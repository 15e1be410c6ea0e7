// Issue 24's per-call colour pipelines ("ImageNet train", "RandAugment",
// bench/augment-suite.js) for two or more tensorwarp trees in one Node
// process, interleaved, each round starting at another tree: per tree the
// process CPU ms per image (user + system), its minor page faults per image
// and the wall ms per image, medians. bench/augment-ab-browser.mjs is the same
// in headless Chromium. Fails if the trees' tensors differ.
// Usage: node bench/augment-ab.mjs [--rounds 21] [--images 100] <tree> [<tree> ...]
import { cpuMs, median, treeArguments, loadText } from './node-tools.mjs';

const argv = process.argv.slice(2);
const images = argv.includes('--images') ? Number(argv.splice(argv.indexOf('--images'), 2)[1]) : 100;
const { rounds, trees } = treeArguments(argv, 'node bench/augment-ab.mjs [--rounds 21] [--images 100] <tree> ...');
const faults = () => process.resourceUsage().minorPageFault;
console.log(`augment A/B in Node, ${rounds} rounds of ${images} images, medians per image; load ${loadText()}`);

const runs = { imagenet: [], randAugment: [] };
for (const tree of trees) {
  const { ready } = await import(`${tree}/js/index.js`);
  await ready();
  const { makePhotos, pipelines, MEAN, STD } = await import(`${tree}/bench/augment-suite.js`);
  const photos = makePhotos(8), p = pipelines();
  for (const which of Object.keys(runs)) {
    const run = (k) => p[which]({ image: photos[k % 8] }, k, { tensor: { mean: MEAN, std: STD } });
    for (let k = 0; k < 200; k++) run(k);
    runs[which].push(run);
  }
}

console.log(`| pipeline | ${trees.map((_, i) => `tree ${i + 1}: CPU ms / faults / wall ms${i ? ' / CPU ÷ tree 1' : ''}`).join(' | ')} |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|`);
for (const [which, list] of Object.entries(runs)) {
  for (let k = 0; k < 20; k++) {
    const [first, ...rest] = list.map((run) => Buffer.from(run(k).tensor.data.buffer));
    rest.forEach((t, i) => { if (!t.equals(first)) throw new Error(`${which}: tree ${i + 2} differs from tree 1 at k = ${k}`); });
  }
  const cpu = trees.map(() => []), wall = trees.map(() => []), count = trees.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < trees.length; k++) {
      const i = (r + k) % trees.length, run = list[i];
      const f = faults(), c = cpuMs(), start = performance.now();
      for (let n = 0; n < images; n++) run(1000 + r * images + n);
      wall[i].push((performance.now() - start) / images);
      cpu[i].push((cpuMs() - c) / images);
      count[i] += (faults() - f) / images / rounds;
    }
  }
  const c = cpu.map(median), w = wall.map(median);
  console.log(`| ${which} | ${c.map((v, i) => `${v.toFixed(3)} / ${count[i].toFixed(0)} / ${w[i].toFixed(3)}${i ? ` / ${(v / c[0]).toFixed(2)}` : ''}`).join(' | ')} |`);
}
console.log(`load after: ${loadText()}`);
