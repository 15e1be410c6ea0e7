// A CPU profile of issue 24's two colour pipelines ("ImageNet train",
// "RandAugment", bench/augment-suite.js) in Node (node:inspector) and in
// headless Chromium (DevTools Protocol), the same calls in both, self time
// per image by function, side by side: which steps cost more in the browser.
// Usage: node bench/profile-augment.mjs [--images 400] [--top 20] [imagenet|randAugment]
import { Session } from 'node:inspector/promises';
import { loadText } from './node-tools.mjs';
import { ready } from '../js/index.js';
import { inChromiumSession } from './browser.mjs';
import { makePhotos, pipelines, MEAN, STD } from './augment-suite.js';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv.splice(argv.indexOf(name), 2)[1] : fallback);
const images = Number(option('--images', '400'));
const top = Number(option('--top', '20'));
const which = argv[0] ?? 'imagenet';

/** Self time (µs) by function name from a DevTools CPU profile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.replace(/^.*\//, '')}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  self.delete('(idle)');
  return self;
}

// One function body for both runtimes: warm up, then `images` calls of the pipeline, timed.
const body = async ({ images, which, photos, run }) => {
  for (let i = 0; i < 100; i++) run(photos[i % photos.length], i);
  const start = performance.now();
  for (let i = 0; i < images; i++) run(photos[i % photos.length], 1000 + i);
  return (performance.now() - start) / images;
};

async function inNode() {
  await ready();
  const pipeline = pipelines()[which];
  const photos = makePhotos(8);
  const run = (image, k) => pipeline({ image }, k, { tensor: { mean: MEAN, std: STD } });
  await body({ images: 100, which, photos, run });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  const ms = await body({ images, which, photos, run });
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return { ms, self: selfTimes(profile) };
}

async function inBrowser() {
  return inChromiumSession('page.html', async (tab, session) => {
    const base = tab.url().replace(/\/bench\/.*$/, '');
    await tab.evaluate(async ({ base, which }) => {
      const { ready } = await import(`${base}/js/index.js`);
      await ready();
      const { makePhotos, pipelines, MEAN, STD } = await import(`${base}/bench/augment-suite.js`);
      const pipeline = pipelines()[which];
      globalThis.PHOTOS = makePhotos(8);
      globalThis.RUN = (image, k) => pipeline({ image }, k, { tensor: { mean: MEAN, std: STD } });
      for (let i = 0; i < 200; i++) globalThis.RUN(globalThis.PHOTOS[i % 8], i);
    }, { base, which });
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 50 });
    await session.send('Profiler.start');
    const ms = await tab.evaluate(({ images }) => {
      const start = performance.now();
      for (let i = 0; i < images; i++) globalThis.RUN(globalThis.PHOTOS[i % 8], 1000 + i);
      return (performance.now() - start) / images;
    }, { images });
    const { profile } = await session.send('Profiler.stop');
    return { ms, self: selfTimes(profile) };
  });
}

console.log(`${which}: CPU profiles, ${images} images, self ms per image by function; load ${loadText()}`);
const node = await inNode();
const browser = await inBrowser();
const names = [...new Set([...node.self.keys(), ...browser.self.keys()])]
  .sort((a, b) => Math.max(browser.self.get(b) ?? 0, node.self.get(b) ?? 0) - Math.max(browser.self.get(a) ?? 0, node.self.get(a) ?? 0)).slice(0, top);
console.log(`per image (wall, profiled): Node ${node.ms.toFixed(3)} ms, Chromium ${browser.ms.toFixed(3)} ms`);
console.log('| function | Node ms | Chromium ms |\n|---|---:|---:|');
for (const name of names) console.log(`| ${name} | ${((node.self.get(name) ?? 0) / 1000 / images).toFixed(3)} | ${((browser.self.get(name) ?? 0) / 1000 / images).toFixed(3)} |`);
process.exit(0);
