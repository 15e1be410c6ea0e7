// A CPU profile (Chrome DevTools Protocol, sampled every 50 µs) of one image
// call repeated in headless Chromium, self time by function: where a call's
// time goes inside the browser (the JS wrapper, wasm, TypedArray built-ins,
// the garbage collector, "(program)": native code outside JS, such as page
// faults taken in the engine's own copies). Several bodies run one after
// another in the same page, each profiled on its own.
// Usage: node bench/profile-browser.mjs [--calls 200] [--top 12] [--flags "<chromium switches, diagnosis only>"] <case> ...
//   a case is one of the keys of BODIES below
import { existsSync } from 'node:fs';
import { loadText } from './node-tools.mjs';
import { inChromiumSession } from './browser.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv.splice(argv.indexOf(name), 2)[1] : fallback);
const calls = Number(option('--calls', '200'));
const top = Number(option('--top', '12'));
const flags = option('--flags', '').split(' ').filter(Boolean);
const wanted = argv;

if (!existsSync('/usr/bin/chromium')) throw new Error('no /usr/bin/chromium');
console.log(`CPU profiles in headless Chromium, ${calls} calls each, 1920x1080 RGBA; load ${loadText()}`);

await inChromiumSession('profile-browser.mjs', async (tab, session) => {
  await tab.evaluate(async ({ base }) => {
    const { ready } = await import(`${base}/js/index.js`);
    await ready();
    const tw = await import(`${base}/js/image.js`);
    const { makeImage, warpMatrices } = await import(`${base}/bench/image-suite.js`);
    const img = makeImage(1920, 1080);
    const { affine } = warpMatrices(1920, 1080);
    const source = new Uint8Array(img.data.length);
    const reused = { flip: tw.flip(img, 'horizontal'), rotate: tw.rotate90(img, 1) };
    globalThis.BODIES = {
      floor: () => source.slice(),
      'flip horizontal': () => tw.flip(img, 'horizontal'),
      'flip horizontal out': () => tw.flip(img, 'horizontal', { out: reused.flip }),
      rotate90: () => tw.rotate90(img, 1),
      'rotate90 out': () => tw.rotate90(img, 1, { out: reused.rotate }),
      'blur 5x5': () => tw.blur(img, { size: 5 }),
      'warpAffine linear': () => tw.warpAffine(img, affine, { interpolation: 'linear', border: 'constant' }),
      'warpAffine nearest': () => tw.warpAffine(img, affine, { interpolation: 'nearest', border: 'constant' }),
    };
    for (const run of Object.values(globalThis.BODIES)) for (let i = 0; i < 20; i++) run();
  }, { base: tab.url().replace(/\/bench\/.*$/, '') });
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 50 });
  for (const name of wanted) {
    await session.send('Profiler.start');
    const ms = await tab.evaluate(({ name, calls }) => {
      const run = globalThis.BODIES[name];
      const start = performance.now();
      for (let i = 0; i < calls; i++) run();
      return (performance.now() - start) / calls;
    }, { name, calls });
    const { profile } = await session.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const deltas = profile.timeDeltas;
    let total = 0;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      const f = node.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url ? f.url.replace(/^.*\//, '') + ':' + f.lineNumber : ''}`.trim();
      const dt = deltas[i + 1] ?? 0;
      self.set(key, (self.get(key) ?? 0) + dt);
      total += dt;
    });
    const rows = [...self.entries()].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top);
    console.log(`\n${name}: ${ms.toFixed(2)} ms per call (wall); self time per call:`);
    for (const [k, us] of rows) console.log(`  ${(us / 1000 / calls).toFixed(3).padStart(7)} ms ${(100 * us / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}, { flags });
process.exit(0);
