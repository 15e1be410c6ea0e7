// The augmentation workload of issue 15 in one command: tensorwarp/augment
// single-threaded (3 and 6 geometric transforms), the same pipeline written
// with OpenCV.js, torchvision 0.14 (one thread, a child process), and batches
// on 1 and 2 workers; in Node and in headless Chromium (Debian's, via
// playwright-core; Web Workers there). Interleaved rounds, medians, ratios
// within one run. Usage: node bench/augment.mjs [rounds] [--no-browser]
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ready } from '../js/index.js';
import { augmentCases, measure } from './augment-suite.js';
import { inChromium } from './browser.mjs';

const rounds = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 9);
const PER_ROUND = 40;

/** { cv }: the OpenCV.js module is a thenable that hands back itself, so it stays wrapped (awaiting it never ends). */
function loadOpenCv() {
  return new Promise((resolve) => {
    const m = createRequire(import.meta.url)('@techstark/opencv-js');
    if (typeof m.then === 'function') m.then((x) => resolve({ cv: x })); else resolve({ cv: m });
  });
}

async function inNode() {
  await ready();
  const { cases, close } = augmentCases({ cv: (await loadOpenCv()).cv });
  try {
    return await measure(cases, { rounds, perRound: PER_ROUND });
  } finally {
    await close();
  }
}

function torchvision() {
  try {
    const out = execFileSync('/usr/bin/python3', [fileURLToPath(new URL('peers/augment_torchvision.py', import.meta.url)),
      String(rounds), String(PER_ROUND)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    return { error: `torchvision not run: ${error.message.split('\n')[0]}` };
  }
}

function chromiumRun() {
  return inChromium('augment-suite.js', async ({ base, rounds, perRound }) => {
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
    const { cases, close } = augmentCases({ cv });
    try {
      return await measure(cases, { rounds, perRound });
    } finally {
      await close();
    }
  }, { rounds, perRound: PER_ROUND });
}

function table(title, ms, torch) {
  const rows = Object.entries(ms).filter(([, v]) => typeof v === 'number');
  console.log(`\n${title}`);
  console.log('| case | ms / image | images / s |');
  console.log('|---|---:|---:|');
  for (const [name, v] of rows) console.log(`| ${name} | ${v.toFixed(3)} | ${(1000 / v).toFixed(0)} |`);
  if (torch?.torchvision) console.log(`| torchvision ${torch.version}, 1 thread (native) | ${torch.torchvision.toFixed(3)} | ${(1000 / torch.torchvision).toFixed(0)} |`);
  const t3 = ms['tensorwarp 3 transforms'];
  const ratio = (label, value, target) => console.log(`- ${label}: ${value.toFixed(2)}x (target ${target})`);
  if (ms['OpenCV.js 3 transforms']) ratio('OpenCV.js time / tensorwarp time', ms['OpenCV.js 3 transforms'] / t3, '>= 3x');
  if (torch?.torchvision) ratio('torchvision time / tensorwarp time', torch.torchvision / t3, '> 1x');
  ratio('6 transforms time / 3 transforms time', ms['tensorwarp 6 transforms'] / t3, '<= 1.2x');
  if (ms['batch, 2 workers']) ratio('batch images/s, 2 workers / 1 worker', ms['batch, 1 worker'] / ms['batch, 2 workers'], '>= 1.7x');
  console.log(`- single thread: ${(1000 / t3).toFixed(0)} images/s (target >= 2000)`);
  if (ms.errors || ms.error) console.log(`- problems: ${JSON.stringify(ms.errors ?? ms.error)}`);
}

console.log(`tensorwarp/augment bench: 500x375 RGBA -> resizedCrop(224) + flip(0.5) + affine(15, 0.1, [0.9, 1.1]) -> ` +
  `NCHW float32 normalised; ${rounds} interleaved rounds of ${PER_ROUND} images per case, medians`);
const node = await inNode();
const torch = torchvision();
table(`Node ${process.version}`, node, torch);
if (torch.error) console.log(`- ${torch.error}`);
if (!process.argv.includes('--no-browser')) {
  const browser = await chromiumRun().catch((error) => ({ error: error.message }));
  table('Chromium (headless, Debian), Web Workers', browser, torch);
}
