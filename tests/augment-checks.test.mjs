// The implementation-independent checks of issue 15 for tensorwarp/augment:
// a bright dot lands where r.keypoints says, a filled rectangle where r.boxes
// says, the same (seed, k) gives the same bytes in another process, other
// indices give other params.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';

await ready();

const W = 64, H = 48;

/** A black 1-channel image with a bright blob (Gaussian, sigma 1.2 px) centred on pixel (x, y). */
function dotImage(x, y) {
  const data = new Uint8ClampedArray(W * H);
  for (let i = -4; i <= 4; i++) {
    for (let j = -4; j <= 4; j++) {
      const [px, py] = [x + j, y + i];
      if (px >= 0 && px < W && py >= 0 && py < H) data[py * W + px] = Math.round(255 * Math.exp(-(i * i + j * j) / (2 * 1.44)));
    }
  }
  return { width: W, height: H, channels: 1, data };
}

function brightest(img) {
  let best = 0, at = -1;
  img.data.forEach((v, i) => { if (v > best) [best, at] = [v, i]; });
  return [at % img.width, Math.floor(at / img.width), best];
}

const PIPELINES = {
  resizedCrop: [random.resizedCrop({ width: 56, height: 56, scale: [0.4, 1] })],
  crop: [random.crop({ width: 40, height: 30 })],
  flip: [random.flip({ horizontal: 0.5, vertical: 0.5 })],
  rotate90: [random.rotate90()],
  rotate: [random.rotate({ degrees: 180, expand: true })],
  affine: [random.affine({ degrees: 30, translate: [0.1, 0.1], scale: [0.8, 1.3], shear: 10 })],
  perspective: [random.perspective({ distortion: 0.5 })],
  pad: [random.pad({ top: 3, left: 5, right: 1, bottom: 0 })],
  elastic: [random.elastic({ alpha: 40, sigma: 5 })],
  elasticBetween: [random.affine({ degrees: 20, scale: [0.9, 1.2] }), random.elastic({ alpha: 60, sigma: 6 }), random.flip(),
    random.resizedCrop({ width: 60, height: 50, scale: [0.6, 1] })],
  all: [random.resizedCrop({ width: 70, height: 50, scale: [0.5, 1] }), random.flip({ horizontal: 0.5 }), random.rotate90({ p: 0.5 }),
    random.affine({ degrees: 20, translate: [0.05, 0.05], scale: [0.9, 1.1] }), random.perspective({ distortion: 0.3 })],
};

test('a bright dot at a keypoint: after every geometric transform the brightest pixel is within 1 px of r.keypoints', () => {
  for (const [name, list] of Object.entries(PIPELINES)) {
    const augment = compose(list, { seed: 31 });
    let checked = 0;
    for (let k = 0; k < 60; k++) {
      const [x, y] = [8 + (k * 7) % (W - 16), 8 + (k * 5) % (H - 16)];
      const out = augment({ image: dotImage(x, y), keypoints: [[x, y]] }, k);
      const [kx, ky] = out.keypoints[0];
      if (kx < 2 || ky < 2 || kx > out.image.width - 3 || ky > out.image.height - 3) continue; // the blob must be whole
      const [bx, by, value] = brightest(out.image);
      assert.ok(value > 60, `${name} k ${k}: the dot is visible (${value})`);
      assert.ok(Math.abs(bx - kx) <= 1 && Math.abs(by - ky) <= 1, `${name} k ${k}: brightest (${bx}, ${by}), keypoint (${kx}, ${ky})`);
      checked++;
    }
    assert.ok(checked >= 20, `${name}: ${checked} samples checked`);
  }
});

/** The bounding box, by its edges, of the pixels above 127. */
function brightBox(img) {
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < img.height; i++) {
    for (let j = 0; j < img.width; j++) {
      if (img.data[i * img.width + j] > 127) [x1, y1, x2, y2] = [Math.min(x1, j), Math.min(y1, i), Math.max(x2, j + 1), Math.max(y2, i + 1)];
    }
  }
  return [x1, y1, x2, y2];
}

test('a filled rectangle: the bounding box of its bright pixels is within 1 px of r.boxes (crops, flips, rotate90, clipped affine)', () => {
  const lists = {
    crop: [random.crop({ width: 40, height: 30 })],
    resizedCrop: [random.resizedCrop({ width: 48, height: 40, scale: [0.5, 1] })],
    flip: [random.flip({ horizontal: 0.5, vertical: 0.5 })],
    rotate90: [random.rotate90()],
    affine: [random.affine({ degrees: 25, translate: [0.3, 0.3], scale: [0.9, 1.4] })],
  };
  for (const [name, list] of Object.entries(lists)) {
    const augment = compose(list, { seed: 5 });
    let checked = 0;
    for (let k = 0; k < 60; k++) {
      const [a, b] = [5 + (k * 3) % 20, 4 + (k * 7) % 16];
      const box = [a, b, a + 12 + (k % 9), b + 9 + (k % 7)]; // edges: pixels a..x2-1
      const data = new Uint8ClampedArray(W * H);
      for (let i = box[1]; i < box[3]; i++) data.fill(255, i * W + box[0], i * W + box[2]);
      const out = augment({ image: { width: W, height: H, channels: 1, data }, boxes: [box] }, k);
      if (out.boxes.length === 0) continue;
      const got = brightBox(out.image);
      got.forEach((v, i) => assert.ok(Math.abs(v - out.boxes[0][i]) <= 1, `${name} k ${k}: bright ${got}, box ${out.boxes[0]}`));
      checked++;
    }
    assert.ok(checked >= 30, `${name}: ${checked} checked`);
  }
});

const CHILD = `
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { createHash } from 'node:crypto';
await ready();
const image = { width: 50, height: 40, data: Uint8ClampedArray.from({ length: 8000 }, (_, i) => (i * 37) % 256) };
const augment = compose([random.resizedCrop({ width: 32, height: 32 }), random.flip(), random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1] }), random.perspective({ p: 0.5 }), random.blur({ p: 0.5 })], { seed: 1234, border: 'reflect' });
const hashes = [3, 17, 500].map((k) => { const r = augment({ image, keypoints: [[10, 10]] }, k); return createHash('sha256').update(r.image.data).update(JSON.stringify([r.params, r.keypoints])).digest('hex'); });
console.log(JSON.stringify(hashes));
`;

test('the same seed and index give identical bytes in two Node processes, in any order; other indices give other params', async () => {
  const run = () => spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8' });
  const [a, b] = [run(), run()];
  assert.equal(a.status, 0, a.stderr);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(a.stdout, b.stdout);
  // and this process, with the indices in another order
  const image = { width: 50, height: 40, data: Uint8ClampedArray.from({ length: 8000 }, (_, i) => (i * 37) % 256) };
  const augment = compose([random.resizedCrop({ width: 32, height: 32 }), random.flip(), random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.9, 1.1] }),
    random.perspective({ p: 0.5 }), random.blur({ p: 0.5 })], { seed: 1234, border: 'reflect' });
  const hash = (k) => { const r = augment({ image, keypoints: [[10, 10]] }, k); return createHash('sha256').update(r.image.data).update(JSON.stringify([r.params, r.keypoints])).digest('hex'); };
  const here = { 500: hash(500), 17: hash(17), 3: hash(3) };
  assert.deepEqual(JSON.parse(a.stdout), [here[3], here[17], here[500]]);
  const params = new Set();
  for (let k = 0; k < 300; k++) params.add(JSON.stringify(augment({ image }, k).params.transforms));
  assert.equal(params.size, 300, 'every index draws its own params');
});
