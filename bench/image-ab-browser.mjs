// bench/image-ab.mjs in headless Chromium: any case of bench/image-suite.js
// for two or more tensorwarp trees in one page (each tree its own module
// instance), interleaved, each round starting at another peer, with OpenCV.js
// and the copy floor beside them and every ratio taken within the run.
// Timed as the renderer process's CPU time (the sum of its threads'
// /proc schedstat run time, so a page's GC and compile threads count, and
// the system time of its page faults), which the other processes of a
// loaded machine disturb far less than wall time; its minor page faults per
// call and the page's own wall-clock median beside it. Checks that every
// tree gives the same bytes.
// Usage: node bench/image-ab-browser.mjs [--size 1080p|500x375] [--rounds 21] --only <text>[|<text>...] <tree> [<tree> ...]
import { fileURLToPath } from 'node:url';
import { median, treeArguments, rendererPids as renderers, processUsage as usage, loadText } from './node-tools.mjs';
import { inChromiumSession } from './browser.mjs';

const { size, rounds, only, trees } = treeArguments(process.argv.slice(2),
  'node bench/image-ab-browser.mjs [--size 1080p] [--rounds 21] --only <text> <tree> ...', { onlyRequired: true });
console.log(`image A/B in headless Chromium, ${size} RGBA, ${rounds} interleaved rounds, medians per call of the renderer's CPU ms ` +
  `(page wall ms beside); load ${loadText()}`);

const rows = await inChromiumSession('image-ab-browser.mjs', async (tab) => {
  const names = await tab.evaluate(async ({ base, size, only, count }) => {
    const s = document.createElement('script');
    s.src = `${base}/node_modules/@techstark/opencv-js/dist/opencv.js`;
    await new Promise((resolve, reject) => { s.onload = resolve; s.onerror = reject; document.head.append(s); });
    const cv = await new Promise((resolve) => (globalThis.cv.then ? globalThis.cv.then((m) => resolve({ m })) : resolve({ m: globalThis.cv })));
    const suites = [];
    for (let i = 0; i < count; i++) {
      const module = await import(`${base}/tree/${i}/js/module.js`);
      await module.ready();
      suites.push((await import(`${base}/tree/${i}/bench/image-suite.js`)).imageCases({ cv: cv.m }, [size]).filter((c) => only.split('|').some((part) => c.name.includes(part))));
    }
    const none = () => null; // a case without OpenCV.js (the antialiased resizes)
    globalThis.CASES = suites[0].map((first, at) => {
      const runs = [...suites.map((cases) => cases[at].peers.tensorwarp), first.peers.opencv ?? none, first.peers.floor];
      const outputs = runs.slice(0, count).map((run) => run().data);
      outputs.forEach((o, i) => {
        if (o.length !== outputs[0].length || o.some((v, k) => v !== outputs[0][k])) throw new Error(`${first.name}: tree ${i + 1} differs from tree 1`);
      });
      for (let w = 0; w < 5; w++) runs.forEach((run) => run());
      // as many calls per sample as take about 30 ms
      const calls = runs.map((run) => { const t = performance.now(); run(); return Math.max(1, Math.ceil(30 / Math.max(performance.now() - t, 0.05))); });
      return { name: first.name, runs, calls };
    });
    return globalThis.CASES.map((c) => c.name);
  }, { base: tab.url().replace(/\/bench\/.*$/, ''), size, only, count: trees.length });
  const pids = renderers();
  const result = [];
  for (let at = 0; at < names.length; at++) {
    const peers = trees.length + 2;
    const cpu = Array.from({ length: peers }, () => []), main = Array.from({ length: peers }, () => []), wall = Array.from({ length: peers }, () => []), faults = Array(peers).fill(0);
    const user = Array(peers).fill(0), system = Array(peers).fill(0), count = Array(peers).fill(0);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < peers; k++) {
        const i = (r + k) % peers;
        const before = usage(pids);
        const { ms, calls } = await tab.evaluate(({ at, i }) => {
          const { runs, calls } = globalThis.CASES[at];
          const start = performance.now();
          for (let c = 0; c < calls[i]; c++) runs[i]();
          return { ms: performance.now() - start, calls: calls[i] };
        }, { at, i });
        const after = usage(pids);
        cpu[i].push((after.cpu - before.cpu) / 1e6 / calls);
        main[i].push((after.main - before.main) / 1e6 / calls);
        wall[i].push(ms / calls);
        faults[i] += (after.faults - before.faults) / calls / rounds;
        user[i] += after.user - before.user;
        system[i] += after.system - before.system;
        count[i] += calls;
      }
    }
    result.push({ name: names[at], cpu: cpu.map(median), main: main.map(median), wall: wall.map(median), faults,
      user: user.map((u, i) => u / count[i]), system: system.map((t, i) => t / count[i]), least: cpu.map((l) => Math.min(...l)) });
  }
  return result;
}, { trees: trees.map((t) => fileURLToPath(t)) });

const f = (v) => v.toFixed(2);
// Per peer: all threads' CPU ms, the main thread's, faults, wall ms; ratios by all threads' CPU.
console.log(`| case | ${trees.map((_, i) => `tree ${i + 1}: CPU ms (main thread) / faults / OpenCV.js ÷ tw / tw ÷ floor${i ? ' / ÷ tree 1' : ''} / wall ms`).join(' | ')} | OpenCV.js | floor |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|---:|---:|`);
for (const { name, cpu, main, wall, faults, user, system, least } of rows) {
  const n = trees.length;
  const [ocv, floor] = cpu.slice(n);
  const cells = cpu.slice(0, n).map((t, i) => `${f(t)} (${f(main[i])}) / ${faults[i].toFixed(0)} / ${f(ocv / t)}× / ${f(t / floor)}×${i ? ` / ${f(t / cpu[0])}` : ''} / ${f(wall[i])}`);
  const peer = (k) => `${f(cpu[k])} (${f(main[k])}) / ${faults[k].toFixed(0)} / ${f(wall[k])}`;
  console.log(`| ${name} | ${cells.join(' | ')} | ${peer(n)} | ${peer(n + 1)} |`);
  console.log(`|  user + system ms per call over the run (10 ms ticks); least CPU ms | ${user.map((u, i) => `${f(u)} + ${f(system[i])}; ${f(least[i])}`).join(' | ')} |`);
}
console.log(`load after: ${loadText()}`);
process.exit(0);
