// The image workloads of issue 14, run the same way in Node and in Chromium
// (bench/image.mjs loads this file in both). Every case is end to end, from
// an image in JS to an image (or tensor) in JS: OpenCV.js's matFromImageData
// and the copy of its result out are part of its time, tfjs-wasm's
// tf.tensor and dataSync are part of its time, as tensorwarp's copies are
// part of tensorwarp's. `floor` is a fresh TypedArray copy of as many bytes
// as the result holds. Rounds interleave the peers, so drift on a shared
// machine hits every column alike; the result is each column's median ms.
import * as tw from '../js/image.js';

export const SIZES = { '1080p': [1920, 1080], '500x375': [500, 375] };
export const MEAN = [0.485, 0.456, 0.406], STD = [0.229, 0.224, 0.225];

/** A deterministic RGBA test image (a fixed hash of the position; bench/peers/image_opencv.py makes the same bytes). */
export function makeImage(width, height) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = Math.imul(i, 2654435761) >>> 24;
  return { width, height, data };
}

/**
 * Issue 23's other way to meet a bar for blur, flip, rotate90, resize area to
 * half and resize linear: at most this many times the copy floor. The floor
 * here is one fresh copy of the result's bytes, less than the issue's (the
 * image copied in and a fresh result out), so this is the stricter reading.
 */
export const FLOOR_ALTERNATIVE = 1.3;

/** The warp matrices every peer gets: 15 degrees about the centre at scale 1.1, and a keystone. */
export function warpMatrices(width, height) {
  const affine = tw.matrix.rotation(15, [width / 2, height / 2], 1.1);
  const [w, h] = [width - 1, height - 1];
  const perspective = tw.matrix.perspective([[0, 0], [w, 0], [w, h], [0, h]],
    [[0.1 * w, 0.05 * h], [0.92 * w, 0], [w, h], [0.03 * w, 0.9 * h]]);
  return { affine, perspective };
}

const floorOf = (bytes) => {
  const source = new Uint8Array(bytes);
  return () => source.slice();
};

/** OpenCV.js end to end: Mat from the image, the op, the result copied out, Mats freed. */
function openCv(cv, img, op) {
  return () => {
    const src = cv.matFromImageData(img);
    const dst = new cv.Mat();
    op(src, dst);
    const out = new Uint8ClampedArray(dst.data);
    src.delete();
    dst.delete();
    return out;
  };
}

/** tfjs-wasm from pixels to pixels: an int32 [H, W, 4] tensor in, `op`, the values out as clamped bytes. */
function tfjs(tf, img, op) {
  return () => {
    const x = tf.tensor3d(img.data, [img.height, img.width, 4], 'int32');
    const y = tf.tidy(() => op(x));
    const out = new Uint8ClampedArray(y.dataSync());
    x.dispose();
    y.dispose();
    return out;
  };
}

const CV_BORDER = (cv) => ({ constant: cv.BORDER_CONSTANT, reflect: cv.BORDER_REFLECT_101 });
const CV_INTER = (cv) => ({ nearest: cv.INTER_NEAREST, linear: cv.INTER_LINEAR, cubic: cv.INTER_CUBIC });
const TF_INTER = { nearest: 'nearest', linear: 'bilinear' };
// tf.image.transform's 'reflect' is d c b a | a b c d (symmetric), not OpenCV's REFLECT_101: close enough for timing.
const TF_FILL = { constant: 'constant', reflect: 'reflect' };

/** tf.image.transform takes the destination -> source matrix as 8 numbers with the last entry 1. */
function tfTransform(m) {
  const full = m.length === 6 ? [...m, 0, 0, 1] : m;
  const inv = tw.matrix.invert(full);
  return inv.slice(0, 8).map((v) => v / inv[8]);
}

/** The warp rows, [kind, interpolation, border]: every combination issue 23's bars name (bench/warp-ab.mjs and the native OpenCV child run the same list). */
export const WARP_ROWS = Object.freeze(['affine', 'perspective'].flatMap((kind) => ['linear', 'nearest', 'cubic']
  .flatMap((interpolation) => ['constant', 'reflect'].map((border) => Object.freeze([kind, interpolation, border])))));

function warpCases(env, img, label) {
  const { cv, tf } = env;
  const { width, height } = img;
  const { affine, perspective } = warpMatrices(width, height);
  return WARP_ROWS.map(([kind, interpolation, border]) => {
    const m = kind === 'affine' ? affine : perspective;
    const fn = kind === 'affine' ? tw.warpAffine : tw.warpPerspective;
    const opts = { interpolation, border };
    const peers = { tensorwarp: () => fn(img, m, opts), floor: floorOf(img.data) };
    if (cv) {
      const cvWarp = kind === 'affine' ? 'warpAffine' : 'warpPerspective';
      peers.opencv = openCv(cv, img, (s, d) => {
        const mat = cv.matFromArray(kind === 'affine' ? 2 : 3, 3, cv.CV_64F, m);
        cv[cvWarp](s, d, mat, new cv.Size(width, height), CV_INTER(cv)[interpolation], CV_BORDER(cv)[border], new cv.Scalar());
        mat.delete();
      });
    }
    if (tf && TF_INTER[interpolation]) {
      const t = tfTransform(m);
      peers.tfjs = tfjs(tf, img, (x) => tf.image.transform(tf.expandDims(tf.cast(x, 'float32'), 0), tf.tensor2d([t]),
        TF_INTER[interpolation], TF_FILL[border], 0, [height, width]));
    }
    return { name: `warp${kind === 'affine' ? 'Affine' : 'Perspective'} ${interpolation} ${border} ${label}`, peers, target: ['opencv', interpolation === 'nearest' ? 3 : 4] }; // issue 23's bars
  });
}

function resizeCases(env, img, label) {
  const { cv, tf } = env;
  const sizes = [['half', Math.round(img.width / 2), Math.round(img.height / 2)], ['224', 224, 224]];
  const cases = [];
  for (const [what, width, height] of sizes) {
    const floor = floorOf(new Uint8Array(width * height * 4));
    const linear = { tensorwarp: () => tw.resize(img, { width, height, interpolation: 'linear', antialias: false }), floor };
    if (cv) linear.opencv = openCv(cv, img, (s, d) => cv.resize(s, d, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR));
    if (tf) linear.tfjs = tfjs(tf, img, (x) => tf.image.resizeBilinear(x, [height, width], false, true));
    cases.push({ name: `resize linear (no antialias) to ${what} ${label}`, peers: linear, target: ['opencv', 1, FLOOR_ALTERNATIVE] });
    const area = { tensorwarp: () => tw.resize(img, { width, height, interpolation: 'area' }), floor };
    if (cv) area.opencv = openCv(cv, img, (s, d) => cv.resize(s, d, new cv.Size(width, height), 0, 0, cv.INTER_AREA));
    cases.push({ name: `resize area to ${what} ${label}`, peers: area, target: ['opencv', 3, what === 'half' ? FLOOR_ALTERNATIVE : null] });
    // No peer here antialiases (tf.image.resizeBilinear does not): tensorwarp and the floor only.
    // These are PIL's bytes (src/image/resize-pil.h); PIL itself is timed beside them by hand (the README).
    for (const interpolation of ['linear', 'cubic', 'lanczos']) {
      const smooth = { tensorwarp: () => tw.resize(img, { width, height, interpolation }), floor };
      const name = interpolation === 'lanczos' ? 'lanczos' : `${interpolation} (antialias)`;
      cases.push({ name: `resize ${name} to ${what} ${label}`, peers: smooth });
    }
  }
  return cases;
}

function movementCases(env, img, label) {
  const { cv, tf } = env;
  const floor = floorOf(img.data);
  const padded = floorOf(new Uint8Array((img.width + 64) * (img.height + 64) * 4));
  const cases = [
    ['flip horizontal', () => tw.flip(img, 'horizontal'), (s, d) => cv.flip(s, d, 1), (x) => tf.image.flipLeftRight(tf.expandDims(tf.cast(x, 'float32'), 0)), floor, 2],
    ['flip vertical', () => tw.flip(img, 'vertical'), (s, d) => cv.flip(s, d, 0), (x) => tf.reverse(x, 0), floor, 2],
    ['rotate90', () => tw.rotate90(img, 1), (s, d) => cv.rotate(s, d, cv.ROTATE_90_COUNTERCLOCKWISE),
      (x) => tf.reverse(tf.transpose(x, [1, 0, 2]), 0), floor, 1.2],
    ['pad 32 reflect', () => tw.pad(img, { top: 32, right: 32, bottom: 32, left: 32, border: 'reflect' }),
      (s, d) => cv.copyMakeBorder(s, d, 32, 32, 32, 32, cv.BORDER_REFLECT_101),
      (x) => tf.mirrorPad(x, [[32, 32], [32, 32], [0, 0]], 'reflect'), padded, 1.2],
    ['pad 32 constant', () => tw.pad(img, { top: 32, right: 32, bottom: 32, left: 32 }),
      (s, d) => cv.copyMakeBorder(s, d, 32, 32, 32, 32, cv.BORDER_CONSTANT, new cv.Scalar()),
      (x) => tf.pad(x, [[32, 32], [32, 32], [0, 0]]), padded, 1.2],
    ['blur 5x5', () => tw.blur(img, { size: 5 }), (s, d) => cv.blur(s, d, new cv.Size(5, 5)),
      (x) => tf.avgPool(tf.mirrorPad(tf.cast(x, 'float32'), [[2, 2], [2, 2], [0, 0]], 'reflect'), 5, 1, 'valid'), floor, 5],
  ];
  return cases.map(([what, ours, cvOp, tfOp, floorRun, factor]) => {
    const peers = { tensorwarp: ours, floor: floorRun };
    if (cv) peers.opencv = openCv(cv, img, cvOp);
    if (tf) peers.tfjs = tfjs(tf, img, tfOp);
    // issue 23: pad's bar is at 1080p; the others also pass within 1.3x of the copy floor
    const barred = factor && (!what.startsWith('pad') || label === '1080p');
    return { name: `${what} ${label}`, peers, target: barred ? ['opencv', factor, what.startsWith('pad') ? null : FLOOR_ALTERNATIVE] : null };
  });
}

/** toTensor of a 224x224 image to normalised NCHW float32 (the model-input step), against a copy of its bytes. */
function tensorCase(env) {
  const { tf } = env;
  const img = makeImage(224, 224);
  const floor = (() => { const bytes = new Float32Array(3 * 224 * 224); return () => bytes.slice(); })();
  const peers = { tensorwarp: () => tw.toTensor(img, { mean: MEAN, std: STD }), floor };
  if (tf) {
    peers.tfjs = () => {
      const x = tf.tensor3d(img.data, [224, 224, 4], 'int32');
      const y = tf.tidy(() => tf.transpose(tf.div(tf.sub(tf.div(tf.cast(tf.slice(x, [0, 0, 0], [224, 224, 3]), 'float32'), 255), MEAN), STD), [2, 0, 1]));
      const out = y.dataSync();
      x.dispose();
      y.dispose();
      return out;
    };
  }
  return { name: 'toTensor 224x224 NCHW float32 normalised', peers, target: ['floor', 1 / 2] };
}

/** Every case: { name, peers: { tensorwarp, opencv?, tfjs?, floor }, target: [peer, factor, floorFactor?] | null }. */
export function imageCases(env, sizes = Object.keys(SIZES)) {
  const cases = [];
  for (const label of sizes) {
    const img = makeImage(...SIZES[label]);
    cases.push(...warpCases(env, img, label), ...resizeCases(env, img, label), ...movementCases(env, img, label));
  }
  cases.push(tensorCase(env));
  return cases;
}

const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

/** Warm-up: at least this many calls and this many ms per peer (at most WARM_MAX_CALLS). */
const WARM_CALLS = 3, WARM_MS = 300, WARM_MAX_CALLS = 30;

/**
 * Each case's median ms per call and peer, over `rounds` interleaved rounds.
 * A sample is as many calls as take about 5 ms (counted once per peer after
 * the warm-up), so that a browser's coarse clock (0.1 ms without
 * cross-origin isolation) still resolves the small cases. The warm-up runs
 * each peer for WARM_CALLS calls and WARM_MS ms: Chromium runs wasm first
 * as Liftoff code and swaps in the optimised code only once its background
 * compile is done, which on a loaded machine took more than two calls of a
 * 1080p warp (the timed calls then measured the baseline code).
 */
export async function measure(cases, { rounds, filter } = {}) {
  const results = {};
  for (const c of cases) {
    if (filter && !c.name.includes(filter)) continue;
    const calls = {};
    for (const [peer, run] of Object.entries(c.peers)) {
      const warm = performance.now();
      for (let i = 0; i < WARM_MAX_CALLS && (i < WARM_CALLS || performance.now() - warm < WARM_MS); i++) run();
      const start = performance.now();
      run();
      calls[peer] = Math.max(1, Math.min(200, Math.ceil(5 / Math.max(performance.now() - start, 0.01))));
    }
    const times = Object.fromEntries(Object.keys(c.peers).map((k) => [k, []]));
    for (let r = 0; r < rounds; r++) {
      for (const [peer, run] of Object.entries(c.peers)) {
        const start = performance.now();
        for (let i = 0; i < calls[peer]; i++) run();
        times[peer].push((performance.now() - start) / calls[peer]);
      }
      await new Promise((resolve) => setTimeout(resolve, 0)); // let the browser breathe and collect
    }
    results[c.name] = { ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])), target: c.target };
  }
  return results;
}
