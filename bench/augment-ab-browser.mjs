// Issue 24's per-call colour pipelines ("ImageNet train", "RandAugment",
// bench/augment-suite.js) for two or more tensorwarp trees in one headless
// Chromium page, interleaved, each round starting at another tree: per tree
// the renderer's CPU ms per image (every thread, from /proc schedstat), its
// minor page faults per image and the page's wall ms per image, medians.
// Usage: node bench/augment-ab-browser.mjs [--rounds 15] [--images 100] <tree> [<tree> ...]
import { fileURLToPath } from 'node:url';
import { median, treeArguments, rendererPids as renderers, processUsage as usage, loadText } from './node-tools.mjs';
import { inChromiumSession } from './browser.mjs';

const argv = process.argv.slice(2);
const images = argv.includes('--images') ? Number(argv.splice(argv.indexOf('--images'), 2)[1]) : 100;
const { rounds, trees } = treeArguments(argv, 'node bench/augment-ab-browser.mjs [--rounds 15] [--images 100] <tree> ...');
console.log(`augment A/B in headless Chromium, ${rounds} rounds of ${images} images, medians per image; load ${loadText()}`);

const rows = await inChromiumSession('augment-ab-browser.mjs', async (tab) => {
  await tab.evaluate(async ({ base, count }) => {
    globalThis.RUNS = {};
    for (let i = 0; i < count; i++) {
      const { ready } = await import(`${base}/tree/${i}/js/index.js`);
      await ready();
      const { makePhotos, pipelines, MEAN, STD } = await import(`${base}/tree/${i}/bench/augment-suite.js`);
      const photos = makePhotos(8), p = pipelines();
      for (const which of ['imagenet', 'randAugment']) {
        const run = (k) => p[which]({ image: photos[k % 8] }, k, { tensor: { mean: MEAN, std: STD } });
        for (let k = 0; k < 200; k++) run(k);
        (globalThis.RUNS[which] ??= [])[i] = run;
      }
    }
  }, { base: tab.url().replace(/\/bench\/.*$/, ''), count: trees.length });
  const pids = renderers();
  const result = {};
  for (const which of ['imagenet', 'randAugment']) {
    const cpu = trees.map(() => []), wall = trees.map(() => []), faults = trees.map(() => 0);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < trees.length; k++) {
        const i = (r + k) % trees.length;
        const before = usage(pids);
        const ms = await tab.evaluate(({ which, i, images, r }) => {
          const run = globalThis.RUNS[which][i], start = performance.now();
          for (let n = 0; n < images; n++) run(1000 + r * images + n);
          return performance.now() - start;
        }, { which, i, images, r });
        const after = usage(pids);
        cpu[i].push((after.cpu - before.cpu) / 1e6 / images);
        wall[i].push(ms / images);
        faults[i] += (after.faults - before.faults) / images / rounds;
      }
    }
    result[which] = { cpu: cpu.map(median), wall: wall.map(median), faults };
  }
  return result;
}, { trees: trees.map((t) => fileURLToPath(t)) });

console.log(`| pipeline | ${trees.map((_, i) => `tree ${i + 1}: CPU ms / faults / wall ms${i ? ' / CPU ÷ tree 1' : ''}`).join(' | ')} |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|`);
for (const [which, { cpu, wall, faults }] of Object.entries(rows)) {
  console.log(`| ${which} | ${cpu.map((c, i) => `${c.toFixed(3)} / ${faults[i].toFixed(0)} / ${wall[i].toFixed(3)}${i ? ` / ${(c / cpu[0]).toFixed(2)}` : ''}`).join(' | ')} |`);
}
console.log(`load after: ${loadText()}`);
process.exit(0);
