// The augmentation workloads of issues 15, 24 and 25 in one command:
// tensorwarp/augment single-threaded (3 and 6 geometric transforms; "ImageNet
// train" with colorJitter and "RandAugment" on photo-like images), the
// geometric pipeline written with OpenCV.js, torchvision 0.14 (one thread, a
// child process, run once per round between the Node rounds so that both see
// the same stretch of a shared machine's load) on all three pipelines, augment.batch of 256 images on 0, 1 and 2 workers by the
// shared-memory and the transfer path, and two plain threads running the
// per-call loop (the ceiling of two workers; and, with shared memory, the
// same two threads writing one fresh shared batch tensor, which pays the
// page faults of a new 154 MB array as a batch does); in Node and in headless
// Chromium (Debian's, via playwright-core; Web Workers there), the page
// served crossOriginIsolated (shared memory) and not (transfer only); and
// the loader over 1,000 PNG Blobs in Chromium, decoding included.
// Interleaved rounds, medians, ratios within one run.
// Usage: node bench/augment.mjs [rounds] [--no-browser] [--no-loader | --loader-only] [--no-peers] [--batch N] [--only text,text]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ready } from '../js/index.js';
import { augmentCases, measure } from './augment-suite.js';
import { inChromium } from './browser.mjs';
import { loadOpenCv, loadText } from './node-tools.mjs';

const argv = process.argv.slice(2);
const valueOf = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};
const rounds = Number(argv.find((a, i) => /^\d+$/.test(a) && !['--batch'].includes(argv[i - 1])) ?? 5);
const BATCH = Number(valueOf('--batch') ?? 256);
const PER_ROUND = BATCH; // every case does as many images per round as a batch holds
const only = valueOf('--only')?.split(',');
const peers = !argv.includes('--no-peers');
// torchvision's key for each tensorwarp case it runs beside, with issue 24's targets (times torchvision, images/s)
const TORCH_PEERS = {
  'tensorwarp 3 transforms': { key: 'torchvision', target: '> 1x' },
  'ImageNet train (colorJitter)': { key: 'imagenet', target: '>= 4x', perSecond: 1000 },
  'RandAugment': { key: 'randaugment', target: '>= 2.5x', perSecond: 1500 },
  'ImageNet train (colorJitter), batch, 0 workers, out': { key: 'imagenet', target: '>= 4x', perSecond: 1000 },
  'RandAugment, batch, 0 workers, out': { key: 'randaugment', target: '>= 2.5x', perSecond: 1500 },
};


const pick = (cases) => (only ? Object.fromEntries(Object.entries(cases).filter(([name]) => name === 'tensorwarp 3 transforms' || only.some((o) => name.includes(o)))) : cases);

/**
 * The Node cases and the torchvision child, round by round in turn (each a
 * warm-up and one timed round): { node, torch }, each the median of its rounds
 * (torch also keeps `version`, or `error`).
 */
async function nodeAndTorchvision(withTorch) {
  await ready();
  const { cases, close } = augmentCases({ cv: peers ? (await loadOpenCv()).cv : null, batchSize: BATCH });
  const nodeRounds = [], torchRounds = [];
  try {
    for (let r = 0; r < rounds; r++) {
      nodeRounds.push(await measure(pick(cases), { rounds: 1, perRound: PER_ROUND }));
      if (withTorch) torchRounds.push(torchvision());
    }
  } finally {
    await close();
  }
  const mid = (list, key) => {
    const values = list.map((x) => x[key]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : undefined;
  };
  const node = Object.fromEntries(Object.keys(nodeRounds[0]).map((k) => [k, mid(nodeRounds, k)]));
  if (!withTorch) return { node, torch: {} };
  const first = torchRounds.find((t) => !t.error) ?? torchRounds[0];
  const torch = first.error ? first : Object.fromEntries(Object.keys(first).map((k) => [k, k === 'version' ? first.version : mid(torchRounds, k)]));
  return { node, torch };
}

/** The torchvision pipelines beside the selected cases ('' for all, 'none'). */
function torchOnly() {
  const keys = [...new Set(Object.entries(TORCH_PEERS).filter(([name]) => !only || name === 'tensorwarp 3 transforms' || only.some((o) => name.includes(o))).map(([, p]) => p.key))];
  const all = new Set(Object.values(TORCH_PEERS).map((p) => p.key));
  return keys.length === all.size ? '' : keys.length === 1 ? keys[0] : keys.length ? '' : 'none';
}

/** One round of torchvision's pipelines, 40 images each (its per-image time does not depend on the batch size). */
function torchvision() {
  try {
    const out = execFileSync('/usr/bin/python3', [fileURLToPath(new URL('peers/augment_torchvision.py', import.meta.url)),
      '1', '40', torchOnly()], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    return { error: `torchvision not run: ${error.message.split('\n')[0]}` };
  }
}

function chromiumRun(isolated) {
  return inChromium('page.html', async ({ base, rounds, perRound, batchSize, only, peers }) => {
    const opencvLoaded = !peers ? Promise.resolve({ cv: null }) : new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${base}/node_modules/@techstark/opencv-js/dist/opencv.js`;
      script.onload = () => (globalThis.cv.then ? globalThis.cv.then((cv) => resolve({ cv })) : resolve({ cv: globalThis.cv }));
      script.onerror = reject;
      document.head.append(script);
    });
    const { ready } = await import(`${base}/js/index.js`);
    const { augmentCases, measure } = await import(`${base}/bench/augment-suite.js`);
    await ready();
    const { cv } = await opencvLoaded;
    const { cases, close } = augmentCases({ cv, batchSize });
    const picked = only ? Object.fromEntries(Object.entries(cases).filter(([name]) => name === 'tensorwarp 3 transforms' || only.some((o) => name.includes(o)))) : cases;
    try {
      return { ...(await measure(picked, { rounds, perRound })), crossOriginIsolated: globalThis.crossOriginIsolated };
    } finally {
      await close();
    }
  }, { rounds, perRound: PER_ROUND, batchSize: BATCH, only, peers }, { isolated });
}

function loaderRun(isolated) {
  return inChromium('page.html', async ({ base }) => {
    const { ready } = await import(`${base}/js/index.js`);
    const { loaderRun } = await import(`${base}/bench/loader-suite.js`);
    await ready();
    return { ...(await loaderRun()), crossOriginIsolated: globalThis.crossOriginIsolated };
  }, {}, { isolated });
}

function table(title, ms, torch) {
  const rows = Object.entries(ms).filter(([, v]) => typeof v === 'number');
  console.log(`\n${title}`);
  console.log(`| case | ms / image | images / s | × per-call loop | torchvision ${torch?.version ?? ''}, 1 thread (native), ms / image | torchvision time / tensorwarp time |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  const loop = ms['tensorwarp 3 transforms'];
  for (const [name, v] of rows) {
    const peer = torch?.[TORCH_PEERS[name]?.key];
    const beside = typeof peer === 'number' ? ` ${peer.toFixed(3)} | ${(peer / v).toFixed(2)}x |` : ' | |';
    console.log(`| ${name} | ${v.toFixed(3)} | ${(1000 / v).toFixed(0)} | ${(loop / v).toFixed(2)} |${beside}`);
  }
  const ratio = (label, value, target) => console.log(`- ${label}: ${value.toFixed(2)}x${target ? ` (target ${target})` : ''}`);
  if (ms['OpenCV.js 3 transforms']) ratio('OpenCV.js time / tensorwarp time', ms['OpenCV.js 3 transforms'] / loop, '>= 3x');
  for (const [name, { key, target, perSecond }] of Object.entries(TORCH_PEERS)) {
    if (typeof ms[name] !== 'number') continue;
    if (typeof torch?.[key] === 'number') ratio(`${name}: torchvision time / tensorwarp time`, torch[key] / ms[name], target);
    if (perSecond) console.log(`- ${name}, single thread: ${(1000 / ms[name]).toFixed(0)} images/s (target >= ${perSecond})`);
  }
  if (ms['tensorwarp 6 transforms']) ratio('6 transforms time / 3 transforms time', ms['tensorwarp 6 transforms'] / loop, '<= 1.2x');
  if (ms['batch, 0 workers']) ratio('batch, 0 workers, images/s / per-call loop', loop / ms['batch, 0 workers'], '>= 0.95x');
  const intoOne = ms['per-call loop into one batch tensor'];
  if (ms['batch, 0 workers'] && intoOne) ratio('batch, 0 workers / per-call loop into one batch tensor (same fresh result)', intoOne / ms['batch, 0 workers']);
  if (ms['batch, 0 workers, out']) ratio('batch, 0 workers, into the last tensor (tensor.out) / per-call loop', loop / ms['batch, 0 workers, out'], '>= 0.95x');
  const ceiling = ms['two plain threads'];
  if (ceiling) ratio('two plain threads / per-call loop (the ceiling)', loop / ceiling);
  for (const path of ['shared', 'transfer']) {
    for (const suffix of ['', ', out']) {
      const v = ms[`batch, 2 workers, ${path}${suffix}`];
      if (!v) continue;
      const target = path === 'shared' ? '>= 1.7x, or >= 0.9 of the ceiling' : '';
      ratio(`batch, 2 workers, ${path}${suffix} / per-call loop`, loop / v, target);
      if (ceiling) ratio(`batch, 2 workers, ${path}${suffix} / two plain threads`, ceiling / v, path === 'shared' ? '>= 0.9x' : '');
      const fresh = ms['two plain threads into one fresh shared tensor'];
      if (fresh && path === 'shared' && !suffix) ratio('batch, 2 workers, shared / two plain threads into one fresh shared tensor (the same new 154 MB)', fresh / v);
    }
  }
  if (ms.crossOriginIsolated !== undefined) console.log(`- crossOriginIsolated: ${ms.crossOriginIsolated}`);
  if (ms.errors || ms.error) console.log(`- problems: ${JSON.stringify(ms.errors ?? ms.error)}`);
}

function loaderTable(title, r) {
  console.log(`\n${title}`);
  if (r.error || r.errors) {
    console.log(`- problems: ${JSON.stringify(r.errors ?? r.error)}`);
    if (r.error) return;
  }
  console.log(`1,000 PNG Blobs of 500x375 (mean ${(r.pngBytes / 1024).toFixed(0)} KiB), batches of 128, shuffled, decoding included; ` +
    'beside them the same epoch over the pictures as ImageData (no decoding)');
  console.log('| workers | PNG Blobs, images / s | × 0 workers | ImageData, images / s | decoding share |');
  console.log('|---|---:|---:|---:|---:|');
  const zero = r['loader, 0 workers'];
  for (const [name, v] of Object.entries(r)) {
    if (!name.startsWith('loader, ')) continue;
    const workers = name.slice('loader, '.length);
    const plain = r[`ImageData, ${workers}`];
    console.log(`| ${workers} | ${v.imagesPerSecond.toFixed(0)} | ${(v.imagesPerSecond / zero.imagesPerSecond).toFixed(2)} | ` +
      `${plain.imagesPerSecond.toFixed(0)} | ${(100 * (1 - plain.msPerImage / v.msPerImage)).toFixed(0)}% |`);
  }
  console.log(`- decoding one Blob after the other on the calling thread (createImageBitmap + one canvas read): ${r.decodeMs.toFixed(2)} ms / image`);
  console.log(`- crossOriginIsolated: ${r.crossOriginIsolated}`);
}

console.log(`tensorwarp/augment bench: 500x375 RGBA -> resizedCrop(224) + flip(0.5) + affine(15, 0.1, [0.9, 1.1]) ` +
  '(3 transforms; 6 adds rotate, flip, rotate90), or resizedCrop(224) + flip(0.5) + colorJitter(0.4, 0.4, 0.4, 0.1) ' +
  '(ImageNet train) or + randAugment(2, 9) (RandAugment) on photo-like images -> NCHW float32 normalised; ' +
  ` ${rounds} interleaved rounds of ${PER_ROUND} images per case (batches of ${BATCH}), medians; load average ${loadText()} (2 cores)`);
const loaderOnly = argv.includes('--loader-only');
let torch = {};
if (!loaderOnly) {
  const run = await nodeAndTorchvision(peers);
  torch = run.torch;
  table(`Node ${process.version}`, run.node, torch);
  if (torch.error) console.log(`- ${torch.error}`);
}
if (!argv.includes('--no-browser')) {
  for (const isolated of loaderOnly ? [] : [true, false]) {
    const browser = await chromiumRun(isolated).catch((error) => ({ error: error.message }));
    table(`Chromium (headless, Debian), Web Workers, page ${isolated ? 'crossOriginIsolated (COOP/COEP)' : 'not isolated'}`, browser, torch);
  }
  if (!argv.includes('--no-loader')) {
    for (const isolated of [true, false]) {
      const r = await loaderRun(isolated).catch((error) => ({ error: error.message }));
      loaderTable(`Chromium loader, page ${isolated ? 'crossOriginIsolated (shared path)' : 'not isolated (transfer path)'}`, r);
    }
  }
}
console.log(`\nload average at the end: ${loadText()}`);
