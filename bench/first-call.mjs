// First-call latency in headless Chromium: per tree (a directory holding js/,
// wasm/ and bench/, e.g. a copy of the previous loader), the time from
// ready() called to resolved, then the first calls of one operator and its
// steady state, on a first visit (a fresh profile) and on a return visit (the
// same profile directory opened again: its HTTP cache and Chromium's wasm code
// cache). Each operator gets its own pair of visits, so no earlier call warms
// it; trees alternate within each round. The cold visit stays on the page for
// `--linger` ms after its calls, as a user would: V8 hands its optimised code
// to the code cache once no new code has been compiled for 2 s. An operator
// written `warpAffine:small` first makes one call on a 96x54 image (timed as
// the warm-up), as a page can do after ready().
// Usage: node bench/first-call.mjs [--rounds 3] [--only warpAffine,resize,augment] [--caching revalidate|max-age|none]
//          [--linger 3000] [--trace] [--flags '<chromium switches, diagnosis only>'] <tree> [<tree> ...]
// --trace: list each visit's trace events of the wasm code cache (Chrome DevTools Protocol tracing).
import { mkdtemp, rm, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, loadText } from './node-tools.mjs';
import { serve, chromiumLauncher } from './browser.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv.splice(argv.indexOf(name), 2)[1] : fallback);
const rounds = Number(option('--rounds', '3'));
const ops = option('--only', 'warpAffine,resize,augment').split(',');
const caching = option('--caching', 'revalidate');
const linger = Number(option('--linger', '3000'));
const flags = option('--flags', '').split(' ').filter(Boolean);
const trace = argv.includes('--trace') && argv.splice(argv.indexOf('--trace'), 1);
const trees = argv.map((dir) => resolve(dir));
if (trees.length === 0) throw new Error('usage: node bench/first-call.mjs [--rounds 3] [--only warpAffine,resize,augment] <tree> ...');

console.log(`first calls in headless Chromium, ${rounds} rounds, HTTP caching ${caching}, linger ${linger} ms; load ${loadText()}`);

/** In the page: imports, then ready() and 12 calls of `op`, each timed (ms). */
async function visit({ root, op }) {
  const [index, image, imageSuite, augmentSuite] = await Promise.all([import(`${root}/js/index.js`), import(`${root}/js/image.js`),
    import(`${root}/bench/image-suite.js`), import(`${root}/bench/augment-suite.js`)]);
  const img = imageSuite.makeImage(1920, 1080);
  const { affine } = imageSuite.warpMatrices(1920, 1080);
  const photos = augmentSuite.makePhotos(12);
  const { imagenet } = augmentSuite.pipelines();
  const tensor = { mean: augmentSuite.MEAN, std: augmentSuite.STD };
  const small = imageSuite.makeImage(96, 54);
  const smallAffine = imageSuite.warpMatrices(96, 54).affine;
  const smallPhoto = { width: 96, height: 72, data: photos[0].data.subarray(0, 96 * 72 * 4) };
  const calls = {
    warpAffine: () => image.warpAffine(img, affine, { interpolation: 'linear', border: 'constant' }),
    resize: () => image.resize(img, { width: 960, height: 540, interpolation: 'linear', antialias: false }),
    augment: (i) => imagenet({ image: photos[i] }, i, { tensor }),
  };
  // What a page can do after ready() to take the first call's compilation out of its first real call.
  const warmUps = {
    warpAffine: () => image.warpAffine(small, smallAffine, { interpolation: 'linear', border: 'constant' }),
    resize: () => image.resize(small, { width: 48, height: 27, interpolation: 'linear', antialias: false }),
    augment: () => augmentSuite.pipelines().imagenet({ image: smallPhoto }, 0, { tensor }),
  };
  const [name, warmUp] = op.split(':');
  const start = performance.now();
  await index.ready();
  const readyMs = performance.now() - start;
  let warmUpMs = 0;
  if (warmUp) {
    const t = performance.now();
    warmUps[name]();
    warmUpMs = performance.now() - t;
  }
  const times = [];
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    calls[name](i);
    times.push(performance.now() - t);
  }
  return { readyMs, warmUpMs, times };
}

/** Bytes under `dir` (0 if it does not exist). */
async function sizeOf(dir) {
  let total = 0;
  let entries = [];
  try { entries = await readdir(dir, { withFileTypes: true }); } catch { return 0; }
  for (const e of entries) total += e.isDirectory() ? await sizeOf(join(dir, e.name)) : (await stat(join(dir, e.name))).size;
  return total;
}

const server = await serve(false, trees, { caching: caching === 'none' ? undefined : caching });
const statuses = [];
server.on('request', (request, response) => response.on('finish', () => {
  if (request.url.endsWith('.wasm')) statuses.push(response.statusCode);
}));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromiumLauncher(flags);

async function open(dir, tree, op, stay) {
  statuses.length = 0;
  const context = await browser.launchPersistent(dir);
  try {
    const tab = context.pages()[0] ?? await context.newPage();
    await tab.goto(`${base}/tree/${tree}/bench/page.html`);
    const tracing = trace ? await startTracing(context, tab) : null;
    const result = await tab.evaluate(visit, { root: `${base}/tree/${tree}`, op });
    if (stay) await tab.waitForTimeout(stay);
    return { ...result, wasmStatus: statuses.join('+'), events: tracing ? await tracing.stop() : '' };
  } finally {
    await context.close();
  }
}

// Chromium's trace events of the wasm code cache: V8 handed code over (compiledModule), Blink stored it
// (cachedModule), a visit found it (moduleCacheHit) or threw it away (moduleCacheInvalid*).
const CACHE_EVENTS = /^v8\.wasm\.(compiledModule|cachedModule|moduleCacheHit|moduleCacheInvalid)/;
async function startTracing(context, tab) {
  const session = await context.newCDPSession(tab);
  const seen = [];
  session.on('Tracing.dataCollected', ({ value }) => seen.push(...value.filter((e) => CACHE_EVENTS.test(e.name))));
  const complete = new Promise((done) => session.on('Tracing.tracingComplete', done));
  await session.send('Tracing.start', { traceConfig: { includedCategories: ['disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      await session.send('Tracing.end');
      await complete;
      return seen.map((e) => e.name.slice('v8.wasm.'.length) + (e.args?.producedCacheSize ?? e.args?.consumedCacheSize ? ` ${e.args.producedCacheSize ?? e.args.consumedCacheSize}` : '')).join('+');
    },
  };
}

const samples = new Map(); // `${tree} ${op} ${visit}` -> [{ readyMs, first, second, steady, cacheBytes, wasmStatus }]
const add = (key, value) => samples.set(key, [...(samples.get(key) ?? []), value]);
for (let r = 0; r < rounds; r++) {
  for (const op of ops) {
    for (let k = 0; k < trees.length; k++) {
      const tree = (r + k) % trees.length;
      const dir = await mkdtemp(join(tmpdir(), 'tw-first-call-'));
      try {
        for (const [name, stay] of [['cold', linger], ['warm', 0]]) {
          const { readyMs, warmUpMs, times, wasmStatus, events } = await open(dir, tree, op, stay);
          const cacheBytes = await sizeOf(join(dir, 'Default', 'Code Cache', 'wasm'));
          add(`${tree} ${op} ${name}`, { readyMs, warmUpMs, first: times[0], second: times[1], steady: median(times.slice(2)), cacheBytes, wasmStatus, events });
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  console.error(`round ${r + 1} of ${rounds} done; load ${loadText()}`);
}
server.close();

const f = (v) => v.toFixed(1);
const stat3 = (list, key) => { const v = list.map((s) => s[key]); return `${f(median(v))} (${f(Math.min(...v))}–${f(Math.max(...v))})`; };
console.log('\nmedian ms (min–max) over the rounds; first ÷ steady from the medians; code cache: bytes of the profile\'s Code Cache/wasm after the visit; wasm: HTTP status of its requests');
console.log(`| tree | op | visit | ready() | warm-up | 1st call | 2nd call | steady (median of calls 3–12) | 1st ÷ steady | code cache | wasm |${trace ? ' cache events |' : ''}`);
console.log(`|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|${trace ? '---|' : ''}`);
for (const op of ops) {
  for (let t = 0; t < trees.length; t++) {
    for (const name of ['cold', 'warm']) {
      const list = samples.get(`${t} ${op} ${name}`);
      const ratio = median(list.map((s) => s.first)) / median(list.map((s) => s.steady));
      const caches = [...new Set(list.map((s) => s.cacheBytes))].join(', ');
      const wasm = [...new Set(list.map((s) => s.wasmStatus))].join(', ');
      const events = trace ? ` ${[...new Set(list.map((s) => s.events || 'none'))].join(', ')} |` : '';
      console.log(`| ${t + 1} | ${op} | ${name} | ${stat3(list, 'readyMs')} | ${stat3(list, 'warmUpMs')} | ${stat3(list, 'first')} | ${stat3(list, 'second')} | ${stat3(list, 'steady')} | ${ratio.toFixed(1)}× | ${caches} | ${wasm} |${events}`);
    }
  }
}
console.log(`trees: ${trees.map((t, i) => `${i + 1} = ${t}`).join(', ')}; load after ${loadText()}`);
process.exit(0);
