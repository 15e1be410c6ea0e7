// tensorwarp/image beside OpenCV.js and a copy floor, in one Node process: medians of end-to-end calls
// (an image in JS to an image or tensor in JS; OpenCV.js's matFromImageData and the copy of its result out
// are part of its time, as the copies are part of tensorwarp's). Interleaved rounds, so drift on a shared
// machine hits every column alike. Usage: node bench/image.mjs [rounds]
import { createRequire } from 'node:module';
import { ready } from '../js/index.js';
import { blur, flip, pad, rotate90, toTensor } from '../js/image.js';

const rounds = Number(process.argv[2] ?? 21);
await ready();
// The OpenCV.js module is a thenable that hands back itself: keep it wrapped, or awaiting it never ends.
const { cv } = await new Promise((resolve) => {
  const m = createRequire(import.meta.url)('@techstark/opencv-js');
  if (typeof m.then === 'function') m.then((x) => resolve({ cv: x })); else resolve({ cv: m });
});

function image(width, height) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  return { width, height, data };
}
const hd = image(1920, 1080);
const small = image(224, 224);

/** OpenCV.js end to end: Mat from the image, the op, the result copied out, Mats freed. */
function viaOpenCv(img, op) {
  const src = cv.matFromImageData(img);
  const dst = new cv.Mat();
  op(src, dst);
  const out = new Uint8ClampedArray(dst.data);
  src.delete();
  dst.delete();
  return out;
}

const cases = [
  ['flip horizontal 1080p', { tensorwarp: () => flip(hd, 'horizontal'), opencv: () => viaOpenCv(hd, (s, d) => cv.flip(s, d, 1)), floor: () => hd.data.slice() }],
  ['flip vertical 1080p', { tensorwarp: () => flip(hd, 'vertical'), opencv: () => viaOpenCv(hd, (s, d) => cv.flip(s, d, 0)), floor: () => hd.data.slice() }],
  ['rotate90 1080p', { tensorwarp: () => rotate90(hd, 1), opencv: () => viaOpenCv(hd, (s, d) => cv.rotate(s, d, cv.ROTATE_90_COUNTERCLOCKWISE)), floor: () => hd.data.slice() }],
  ['pad 32 reflect 1080p', {
    tensorwarp: () => pad(hd, { top: 32, right: 32, bottom: 32, left: 32, border: 'reflect' }),
    opencv: () => viaOpenCv(hd, (s, d) => cv.copyMakeBorder(s, d, 32, 32, 32, 32, cv.BORDER_REFLECT_101)),
    floor: () => hd.data.slice() }],
  ['blur 5x5 1080p', { tensorwarp: () => blur(hd, { size: 5 }), opencv: () => viaOpenCv(hd, (s, d) => cv.blur(s, d, new cv.Size(5, 5))), floor: () => hd.data.slice() }],
  ['toTensor 224 NCHW f32 normalised', {
    tensorwarp: () => toTensor(small, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] }),
    floor: (() => { const bytes = new Float32Array(3 * 224 * 224); return () => bytes.slice(); })() }],
];

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
for (const [label, peers] of cases) {
  const times = Object.fromEntries(Object.keys(peers).map((k) => [k, []]));
  for (const run of Object.values(peers)) run();
  for (let r = 0; r < rounds; r++) {
    for (const [name, run] of Object.entries(peers)) {
      const start = performance.now();
      run();
      times[name].push(performance.now() - start);
    }
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  const parts = Object.entries(m).map(([k, v]) => `${k} ${v.toFixed(3)} ms`);
  const ratios = [m.opencv ? `OpenCV.js / tensorwarp ${(m.opencv / m.tensorwarp).toFixed(2)}x` : null,
    `tensorwarp / floor ${(m.tensorwarp / m.floor).toFixed(2)}x`].filter(Boolean);
  console.log(`${label.padEnd(34)} ${parts.join(', ')}; ${ratios.join(', ')}`);
}
process.exit(0);
