// The warp rows of bench/image-suite.js for two or more tensorwarp trees in
// one process, interleaved, timed in process CPU time (user + system), so a
// change can be compared with the build before it on a machine others load:
// wall-clock medians there swing by 2x, CPU time much less (it still counts
// cache contention). Per row and tree: the end-to-end call (image in JS to
// image in JS, as bench/image.mjs times it), the prepared warp's kernel alone
// on heap buffers (tw_warp_run over the whole image), and OpenCV.js's end to
// end time divided by the end-to-end time. Checks that every tree gives the
// same bytes.
// Usage: node bench/warp-ab.mjs [--size 1080p|500x375] [--rounds 21] [--only text] <tree> [<tree> ...]
//   a tree is a directory holding js/, wasm/ and bench/ (a checkout, or a copy of one)
import { checkSameBytes, cpuMs as cpu, loadOpenCv, loadText, median, treeArguments } from './node-tools.mjs';

const { size, rounds, only, trees } = treeArguments(process.argv.slice(2),
  'node bench/warp-ab.mjs [--size 1080p] [--rounds 21] [--only text] <tree> ...');

async function load(tree) {
  const module = await import(`${tree}/js/module.js`);
  await module.ready();
  return {
    m: module.wasm(), tw: await import(`${tree}/js/image.js`), suite: await import(`${tree}/bench/image-suite.js`),
    warp: await import(`${tree}/js/image/warp.js`), enums: await import(`${tree}/wasm/enums.js`),
  };
}

/** OpenCV.js's module (a thenable that hands back itself: kept wrapped, as bench/image.mjs does). */

const envs = await Promise.all(trees.map(load));
const { cv } = await loadOpenCv();
const [W, H] = envs[0].suite.SIZES[size];
const img = envs[0].suite.makeImage(W, H);
const { affine, perspective } = envs[0].suite.warpMatrices(W, H);
const bytes = W * H * 4;
const ROWS = envs[0].suite.WARP_ROWS;

for (const e of envs) {
  e.src = e.m._malloc(bytes);
  e.dst = e.m._malloc(bytes);
  e.matrix = e.m._malloc(72);
  e.handle = e.m._malloc(4);
  e.m.HEAPU8.set(img.data, e.src);
}

function openCvRun(kind, interpolation, border, matrix) {
  const inter = { nearest: cv.INTER_NEAREST, linear: cv.INTER_LINEAR, cubic: cv.INTER_CUBIC }[interpolation];
  const edge = { constant: cv.BORDER_CONSTANT, reflect: cv.BORDER_REFLECT_101 }[border];
  return () => {
    const src = cv.matFromImageData(img);
    const dst = new cv.Mat();
    const m = cv.matFromArray(kind === 'affine' ? 2 : 3, 3, cv.CV_64F, matrix);
    cv[kind === 'affine' ? 'warpAffine' : 'warpPerspective'](src, dst, m, new cv.Size(W, H), inter, edge, new cv.Scalar());
    m.delete();
    const out = new Uint8ClampedArray(dst.data);
    src.delete();
    dst.delete();
    return out;
  };
}

function prepared(e, kind, interpolation, border, matrix) {
  const backward = e.warp.backwardMatrix(matrix, matrix.length, false, 'warp-ab');
  new Float64Array(e.m.HEAPU8.buffer, e.matrix, 9).set(backward);
  const status = e.m._tw_warp_prepare(W, H, 4, e.matrix, kind === 'perspective' ? 1 : 0,
    e.enums.image_interpolation[interpolation.toUpperCase()], e.enums.image_border[border.toUpperCase()], 0, W, H, e.handle);
  if (status !== 0) throw new Error(`tw_warp_prepare: status ${status}`);
  return new Uint32Array(e.m.HEAPU8.buffer, e.handle, 1)[0];
}

console.log(`warp A/B, ${size} RGBA, ${rounds} interleaved rounds, medians of process CPU ms; load ${loadText()}`);
console.log(`| case | ${trees.map((t, i) => `tree ${i + 1}: end to end / kernel / OpenCV.js ÷ tw`).join(' | ')} | OpenCV.js |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|---:|`);
for (const [kind, interpolation, border] of ROWS) {
  const name = `${kind === 'affine' ? 'warpAffine' : 'warpPerspective'} ${interpolation} ${border}`;
  if (only && !name.includes(only)) continue;
  const matrix = kind === 'affine' ? affine : perspective;
  const opts = { interpolation, border };
  const peers = envs.map((e) => {
    const handle = prepared(e, kind, interpolation, border, matrix);
    const fn = kind === 'affine' ? e.tw.warpAffine : e.tw.warpPerspective;
    return {
      e2e: () => fn(img, matrix, opts), kernel: () => e.m._tw_warp_run(handle, e.src, bytes, e.dst, bytes, 0, H),
      release: () => e.m._tw_warp_release(handle), te: [], tk: [],
    };
  });
  const outputs = peers.map((p) => Buffer.from(p.e2e().data));
  checkSameBytes(outputs, name);
  const opencv = openCvRun(kind, interpolation, border, matrix);
  const tcv = [];
  for (let i = 0; i < 3; i++) {
    opencv();
    for (const p of peers) { p.e2e(); p.kernel(); }
  }
  for (let r = 0; r < rounds; r++) {
    for (const p of peers) {
      let start = cpu();
      p.e2e();
      p.te.push(cpu() - start);
      start = cpu();
      p.kernel();
      p.tk.push(cpu() - start);
    }
    const start = cpu();
    opencv();
    tcv.push(cpu() - start);
  }
  const ocv = median(tcv);
  const cells = peers.map((p) => `${median(p.te).toFixed(2)} / ${median(p.tk).toFixed(2)} / ${(ocv / median(p.te)).toFixed(2)}×`);
  console.log(`| ${name} | ${cells.join(' | ')} | ${ocv.toFixed(2)} |`);
  peers.forEach((p) => p.release());
}
