// The augmentation workloads of issues 15 and 24 in one command:
// tensorwarp/augment single-threaded (3 and 6 geometric transforms; "ImageNet
// train" with colorJitter and "RandAugment" on photo-like images), the
// geometric pipeline written with OpenCV.js, torchvision 0.14 (one thread, a
// child process) on all three pipelines, and batches on 1 and 2 workers; in
// Node and in headless Chromium (Debian's, via playwright-core; Web Workers
// there). Interleaved rounds (torchvision's child runs once per round, between
// the Node rounds), medians, ratios within one run.
// Usage: node bench/augment.mjs [rounds] [--no-browser] [--only <text in a case name>]
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { ready } from '../js/index.js';
import { augmentCases, measure } from './augment-suite.js';
import { inChromium } from './browser.mjs';

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 9);
const PER_ROUND = 40;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
// torchvision's key for each tensorwarp case it runs beside, with issue 24's targets (images/s, times torchvision)
const TORCH_PEERS = {
  'tensorwarp 3 transforms': { key: 'torchvision', target: '> 1x' },
  'ImageNet train (colorJitter)': { key: 'imagenet', target: '>= 4x', perSecond: 1000 },
  'RandAugment': { key: 'randaugment', target: '>= 2.5x', perSecond: 1500 },
};

/** { cv }: the OpenCV.js module is a thenable that hands back itself, so it stays wrapped (awaiting it never ends). */
function loadOpenCv() {
  return new Promise((resolve) => {
    const m = createRequire(import.meta.url)('@techstark/opencv-js');
    if (typeof m.then === 'function') m.then((x) => resolve({ cv: x })); else resolve({ cv: m });
  });
}

/**
 * The Node cases and the torchvision child, round by round in turn (each a warm-up round and one timed
 * round), so that both see the same stretch of a shared machine's load: { node, torch }, each the median of
 * its rounds (torch also keeps `version`, or `error`).
 */
async function nodeAndTorchvision() {
  await ready();
  const { cases, close } = augmentCases({ cv: (await loadOpenCv()).cv, only });
  const nodeRounds = [], torchRounds = [];
  try {
    for (let r = 0; r < rounds; r++) {
      nodeRounds.push(await measure(cases, { rounds: 1, perRound: PER_ROUND }));
      torchRounds.push(torchvision(1));
    }
  } finally {
    await close();
  }
  const mid = (list, key) => {
    const values = list.map((x) => x[key]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : undefined;
  };
  const node = Object.fromEntries(Object.keys(nodeRounds[0]).map((k) => [k, mid(nodeRounds, k)]));
  const first = torchRounds.find((t) => !t.error) ?? torchRounds[0];
  const torch = first.error ? first : Object.fromEntries(Object.keys(first).map((k) => [k, k === 'version' ? first.version : mid(torchRounds, k)]));
  return { node, torch };
}

/** The torchvision pipelines to run: those beside the selected cases. */
function torchOnly() {
  const keys = Object.entries(TORCH_PEERS).filter(([name]) => name.includes(only)).map(([, p]) => p.key);
  return keys.length === Object.keys(TORCH_PEERS).length ? '' : keys.length === 1 ? keys[0] : keys.length ? '' : 'none';
}

function torchvision(torchRounds) {
  try {
    const out = execFileSync('/usr/bin/python3', [fileURLToPath(new URL('peers/augment_torchvision.py', import.meta.url)),
      String(torchRounds), String(PER_ROUND), torchOnly()], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    return { error: `torchvision not run: ${error.message.split('\n')[0]}` };
  }
}

function chromiumRun() {
  return inChromium('augment-suite.js', async ({ base, rounds, perRound, only }) => {
    const opencvLoaded = new Promise((resolve, reject) => {
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
    const { cases, close } = augmentCases({ cv, only });
    try {
      return await measure(cases, { rounds, perRound });
    } finally {
      await close();
    }
  }, { rounds, perRound: PER_ROUND, only });
}

function table(title, ms, torch) {
  const rows = Object.entries(ms).filter(([, v]) => typeof v === 'number');
  console.log(`\n${title}`);
  console.log(`| case | ms / image | images / s | torchvision ${torch?.version ?? ''}, 1 thread (native), ms / image | torchvision time / tensorwarp time |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, v] of rows) {
    const peer = torch?.[TORCH_PEERS[name]?.key];
    const beside = typeof peer === 'number' ? ` ${peer.toFixed(3)} | ${(peer / v).toFixed(2)}x |` : ' | |';
    console.log(`| ${name} | ${v.toFixed(3)} | ${(1000 / v).toFixed(0)} |${beside}`);
  }
  const t3 = ms['tensorwarp 3 transforms'];
  const ratio = (label, value, target) => console.log(`- ${label}: ${value.toFixed(2)}x (target ${target})`);
  if (t3) {
    if (ms['OpenCV.js 3 transforms']) ratio('OpenCV.js time / tensorwarp time', ms['OpenCV.js 3 transforms'] / t3, '>= 3x');
    if (ms['tensorwarp 6 transforms']) ratio('6 transforms time / 3 transforms time', ms['tensorwarp 6 transforms'] / t3, '<= 1.2x');
    console.log(`- 3 transforms, single thread: ${(1000 / t3).toFixed(0)} images/s (target >= 2000)`);
  }
  if (ms['batch, 2 workers']) ratio('batch images/s, 2 workers / 1 worker', ms['batch, 1 worker'] / ms['batch, 2 workers'], '>= 1.7x');
  for (const [name, { key, target, perSecond }] of Object.entries(TORCH_PEERS)) {
    if (typeof ms[name] !== 'number') continue;
    if (typeof torch?.[key] === 'number') ratio(`${name}: torchvision time / tensorwarp time`, torch[key] / ms[name], target);
    if (perSecond) console.log(`- ${name}, single thread: ${(1000 / ms[name]).toFixed(0)} images/s (target >= ${perSecond})`);
  }
  if (ms.errors || ms.error) console.log(`- problems: ${JSON.stringify(ms.errors ?? ms.error)}`);
}

console.log(`tensorwarp/augment bench: 500x375 RGBA -> resizedCrop(224) + flip(0.5) + affine(15, 0.1, [0.9, 1.1]) ` +
  '(3 transforms; 6 adds rotate, flip, rotate90), or resizedCrop(224) + flip(0.5) + colorJitter(0.4, 0.4, 0.4, 0.1) ' +
  '(ImageNet train) or + randAugment(2, 9) (RandAugment) on photo-like images -> NCHW float32 normalised; ' +
  `${rounds} interleaved rounds of ${PER_ROUND} images per case, medians; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const { node, torch } = await nodeAndTorchvision();
table(`Node ${process.version}`, node, torch);
if (torch.error) console.log(`- ${torch.error}`);
console.log(`- load average after Node and torchvision: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (!process.argv.includes('--no-browser')) {
  const browser = await chromiumRun().catch((error) => ({ error: error.message }));
  table('Chromium (headless, Debian), Web Workers', browser, torch);
}
