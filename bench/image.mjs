// The tensorwarp/image bench of issue 14 in one command: every case of
// bench/image-suite.js (warps, resize, flip, rotate90, pad, blur on 1920x1080
// and 500x375 RGBA; toTensor 224x224) end to end beside OpenCV.js, tfjs-wasm
// and a copy floor, in Node and in headless Chromium, with native OpenCV
// (python3-opencv, one thread, a child process) as the reference for what
// native code does. Interleaved rounds, medians, ratios within one run.
// Usage: node bench/image.mjs [rounds] [--no-browser] [--only <text in a case name>] [--sizes 1080p,500x375]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ready } from '../js/index.js';
import { imageCases, measure, SIZES, WARP_ROWS, warpMatrices } from './image-suite.js';
import { inChromium } from './browser.mjs';
import { loadOpenCv } from './node-tools.mjs';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const rounds = Number(argv.find((a) => /^\d+$/.test(a)) ?? 15);
const filter = option('--only');
const sizes = option('--sizes')?.split(',') ?? Object.keys(SIZES);


async function loadTfjs() {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-wasm');
  await tf.setBackend('wasm');
  await tf.ready();
  return tf;
}

async function inNode() {
  await ready();
  const env = { cv: (await loadOpenCv()).cv, tf: await loadTfjs() };
  return measure(imageCases(env, sizes), { rounds, filter });
}

function nativeOpenCv() {
  const spec = { rounds, warps: WARP_ROWS, sizes: Object.fromEntries(sizes.map((label) => {
    const [w, h] = SIZES[label];
    const { affine, perspective } = warpMatrices(w, h);
    return [label, [w, h, affine, perspective]];
  })) };
  try {
    const out = execFileSync('/usr/bin/python3', [fileURLToPath(new URL('peers/image_opencv.py', import.meta.url))],
      { input: JSON.stringify(spec), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
    return JSON.parse(out.trim().split('\n').pop());
  } catch (error) {
    return { error: `native OpenCV not run: ${error.message.split('\n')[0]}` };
  }
}

function inBrowser() {
  return inChromium('image-suite.js', async ({ base, rounds, filter, sizes }) => {
    const script = (src) => new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = `${base}/${src}`;
      s.onload = resolve;
      s.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(s);
    });
    await script('node_modules/@techstark/opencv-js/dist/opencv.js');
    const cv = await new Promise((resolve) => (globalThis.cv.then ? globalThis.cv.then((m) => resolve({ m })) : resolve({ m: globalThis.cv })));
    await script('node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js');
    await script('node_modules/@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.min.js');
    const tf = globalThis.tf;
    tf.wasm.setWasmPaths(`${base}/node_modules/@tensorflow/tfjs-backend-wasm/dist/`);
    await tf.setBackend('wasm');
    await tf.ready();
    const { ready } = await import(`${base}/js/index.js`);
    const { imageCases, measure } = await import(`${base}/bench/image-suite.js`);
    await ready();
    return measure(imageCases({ cv: cv.m, tf }, sizes), { rounds, filter });
  }, { rounds, filter, sizes });
}

const fmt = (v) => (typeof v === 'number' ? v.toFixed(v < 1 ? 3 : 2) : '—');

function table(title, results, native) {
  console.log(`\n### ${title}\n`);
  console.log('| case | tensorwarp ms | OpenCV.js ms | tfjs-wasm ms | native OpenCV ms | copy floor ms | OpenCV.js ÷ tw | target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const [name, { ms, target }] of Object.entries(results)) {
    if (typeof ms !== 'object') continue;
    const ratio = ms.opencv ? `${(ms.opencv / ms.tensorwarp).toFixed(2)}×` : '—';
    let goal = '';
    if (target) {
      const [peer, factor, floorFactor] = target;
      const got = ms[peer] / ms.tensorwarp;
      const ofFloor = ms.tensorwarp / ms.floor;
      goal = peer === 'floor' ? `≤ ${1 / factor}× copy: ${(1 / got).toFixed(2)}×` : `≥ ${factor}×`;
      if (floorFactor) goal += ` or ≤ ${floorFactor}× copy (${ofFloor.toFixed(2)}×)`;
      goal += got >= factor || (floorFactor && ofFloor <= floorFactor) ? ' ✓' : ' ✗';
    }
    console.log(`| ${name} | ${fmt(ms.tensorwarp)} | ${fmt(ms.opencv)} | ${fmt(ms.tfjs)} | ${fmt(native?.ms?.[name])} | ${fmt(ms.floor)} | ${ratio} | ${goal} |`);
  }
  if (results.errors || results.error) console.log(`\nproblems: ${JSON.stringify(results.errors ?? results.error)}`);
}

console.log(`tensorwarp/image bench: ${rounds} interleaved rounds per case, medians, end to end (image in JS to image in JS)`);
const node = await inNode();
const native = filter ? null : nativeOpenCv();
table(`Node ${process.version}`, node, native);
if (native?.error) console.log(`- ${native.error}`);
else if (native) console.log(`- native OpenCV ${native.version}, one thread: the cv2 call on a numpy array, no copies in or out`);
if (!argv.includes('--no-browser')) {
  const browser = await inBrowser().catch((error) => ({ error: error.message }));
  table('Chromium (headless, Debian)', browser, native);
}
process.exit(0);
