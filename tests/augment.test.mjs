// tensorwarp/augment: the random.* descriptors and their checks, compose's
// options, the sampling rules (torchvision's RandomResizedCrop, RandomCrop,
// RandomAffine, RandomPerspective; albumentations' Blur, PadIfNeeded), the
// one resample (bit for bit one warpAffine, or warpPerspective for a perspective r.matrix, when antialias
// is off), antialias, masks, boxes, keypoints, replay and inverse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import { warpAffine, warpPerspective, flip, rotate90, crop, blur } from '../js/image.js';
import { assertSameImage } from './support/image.js';
import { rng } from './support/random.js';

await ready();

function randomImage(r, width, height, channels = 4) {
  const data = new Uint8ClampedArray(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = r.int(0, 255);
  return { width, height, channels, data };
}

const GEOMETRIC = [
  random.resizedCrop({ width: 40, height: 30 }),
  random.crop({ width: 36, height: 24, padIfNeeded: true }),
  random.flip({ horizontal: 0.5, vertical: 0.5 }),
  random.rotate90(),
  random.rotate({ degrees: 30, expand: true, p: 0.5 }),
  random.affine({ degrees: 15, translate: [0.1, 0.1], scale: [0.8, 1.2], shear: [-5, 5, -5, 5], p: 0.8 }),
  random.perspective({ distortion: 0.3, p: 0.5 }),
  random.pad({ minWidth: 50, minHeight: 40, p: 0.5 }),
];

test('random.*: frozen plain descriptors that survive structuredClone; the spec rebuilds the same pipeline', () => {
  const d = random.affine({ degrees: 10, shear: 5 });
  assert.ok(Object.isFrozen(d) && Object.isFrozen(d.options));
  assert.deepEqual(d, { transform: 'affine', options: { degrees: [-10, 10], translate: null, scale: null, shear: [-5, 5, 0, 0], p: 1 } });
  const fill = [1, 2, 3, 4];
  const given = { seed: 7, border: 'reflect', fill };
  const a = compose(GEOMETRIC, given);
  assert.ok(Object.isFrozen(a.spec.options) && !Object.isFrozen(fill) && !Object.isFrozen(given), 'the caller\'s objects are left alone');
  fill[0] = 99;
  assert.deepEqual(a.spec.options.fill, [1, 2, 3, 4]);
  const b = compose(...(({ transforms, options }) => [transforms, options])(structuredClone(a.spec)));
  const image = randomImage(rng(1), 45, 33);
  for (const k of [0, 1, 99]) {
    const [ra, rb] = [a({ image }, k), b({ image }, k)];
    assert.deepEqual(rb.params, ra.params);
    assertSameImage(rb.image, ra.image, `k ${k}`);
  }
});

test('options are checked when a transform is created: unknown keys, probabilities, reversed ranges', () => {
  const cases = [
    [() => random.flip({ horizonal: 0.5 }), TypeError, /random\.flip: unknown option "horizonal"/],
    [() => random.affine({ degrees: 10, p: 1.5 }), RangeError, /random\.affine: options\.p/],
    [() => random.flip({ vertical: -0.1 }), RangeError, /random\.flip: options\.vertical/],
    [() => random.resizedCrop({ width: 8, height: 8, scale: [1, 0.5] }), RangeError, /random\.resizedCrop: options\.scale: reversed range/],
    [() => random.rotate({ degrees: [20, -20] }), RangeError, /random\.rotate: options\.degrees: reversed range/],
    [() => random.rotate({ degrees: -5 }), RangeError, /options\.degrees/],
    [() => random.rotate({}), TypeError, /options\.degrees is required/],
    [() => random.crop({ width: 0, height: 4 }), RangeError, /random\.crop: options\.width/],
    [() => random.crop({ width: 4 }), TypeError, /random\.crop: options\.height is required/],
    [() => random.blur({ size: [4, 4] }), RangeError, /random\.blur: options\.size: \[4, 4\] holds no odd/],
    [() => random.affine({ translate: [0.1, 2] }), RangeError, /random\.affine: options\.translate\[1\]/],
    [() => random.perspective({ distortion: 1.2 }), RangeError, /random\.perspective: options\.distortion/],
    [() => random.pad({ top: 1, minWidth: 3 }), TypeError, /random\.pad/],
    [() => random.downscale({ scale: [0.5, 2] }), RangeError, /random\.downscale: options\.scale/],
    [() => compose([random.flip()], { sed: 1 }), TypeError, /compose: unknown option "sed"/],
    [() => compose([random.flip()], { border: 'mirror' }), TypeError, /compose: options\.border/],
    [() => compose([random.flip()], { minVisibility: 2 }), RangeError, /compose: options\.minVisibility/],
    [() => compose([{ transform: 'zoom', options: {} }]), TypeError, /compose: transforms\[0\]/],
    [() => compose([{ transform: 'flip', options: { horizontal: 3 } }]), RangeError, /random\.flip: options\.horizontal/],
  ];
  for (const [make, type, message] of cases) assert.throws(make, (e) => e instanceof type && message.test(e.message), String(message));
});

test('bad input at the call: a crop larger than the image without padding, reversed boxes, mismatched mask; nothing returned', () => {
  const image = randomImage(rng(2), 20, 10);
  const a = compose([random.crop({ width: 16, height: 12 })]);
  assert.throws(() => a({ image }, 0), (e) => e instanceof RangeError && /random\.crop: options\.height \(12\) is larger than the image \(10/.test(e.message));
  const b = compose([random.flip()]);
  assert.throws(() => b({ image, boxes: [[5, 1, 3, 4]] }, 0), (e) => e instanceof RangeError && /targets\.boxes\[0\]: x2 \(3\) < x1 \(5\)/.test(e.message));
  assert.throws(() => b({ image, boxes: [[1, 5, 3, 4]] }, 0), /targets\.boxes\[0\]: y2/);
  assert.throws(() => b({ image, mask: { width: 20, height: 11, data: new Uint8Array(220) } }, 0), /targets\.mask is 20x11/);
  assert.throws(() => b({ image, keypoints: [[1]] }, 0), /targets\.keypoints\[0\]/);
  assert.throws(() => b({ image }, -1), (e) => e instanceof RangeError && /augment: k/.test(e.message));
  assert.throws(() => b({ image, labels: [] }, 0), /unknown option "labels"/);
});

test('tensor options: errors name the user\'s call (augment, augment.replay) and options.tensor, on both paths', () => {
  const image = randomImage(rng(2), 20, 10);
  const fused = compose([random.flip({ horizontal: 1 })]); // a warp: the fused warp -> tensor
  const still = compose([]); // no warp: toTensor of the image
  for (const a of [fused, still]) {
    const params = a({ image }, 0).params;
    const calls = [['augment', (tensor) => a({ image }, 0, { tensor })], ['augment.replay', (tensor) => a.replay(params, { image }, { tensor })]];
    for (const [name, call] of calls) {
      const at = name.replace('.', '\\.');
      const cases = [
        [{ layout: 'CHW' }, TypeError, new RegExp(`^${at}: options\\.tensor\\.layout: expected one of`)],
        [{ channels: 2 }, RangeError, new RegExp(`^${at}: options\\.tensor\\.channels: expected 1, 3 or 4`)],
        [{ std: 0 }, RangeError, new RegExp(`^${at}: options\\.tensor\\.std: must be non-zero`)],
        [{ mean: [1, 2] }, RangeError, new RegExp(`^${at}: options\\.tensor\\.mean: expected one value per channel`)],
        [{ scale: NaN }, RangeError, new RegExp(`^${at}: options\\.tensor\\.scale: expected a finite number`)],
        [{ lay: 'NCHW' }, TypeError, new RegExp(`^${at}: options\\.tensor: unknown option "lay"`)],
      ];
      for (const [tensor, type, message] of cases) {
        assert.throws(() => call(tensor), (e) => e instanceof type && message.test(e.message), `${message} got`);
      }
    }
  }
});

/** The one warp of a segment (js/augment/resample.js): warpAffine for an affine matrix, else warpPerspective. */
function oneWarp(image, m, options) {
  const affine = m[6] === 0 && m[7] === 0 && m[8] === 1;
  return affine ? warpAffine(image, m.slice(0, 6), options) : warpPerspective(image, m, options);
}

test('one resample: with antialias false the image is one warp with r.matrix (warpAffine when affine, else warpPerspective), bit for bit', () => {
  const r = rng(3);
  for (const channels of [1, 2, 3, 4]) {
    for (const interpolation of ['nearest', 'linear', 'cubic']) {
      for (const border of ['constant', 'reflect', 'edge']) {
        const augment = compose(GEOMETRIC, { seed: channels * 100 + 7, interpolation, border, fill: 9, antialias: false });
        const image = randomImage(r, 45, 33, channels);
        for (let k = 0; k < 4; k++) {
          const out = augment({ image }, k);
          assert.equal(out.matrix.length, 9);
          const expected = oneWarp(image, out.matrix, { width: out.image.width, height: out.image.height, interpolation, border, fill: 9 });
          assertSameImage(out.image, expected, `${channels} channels, ${interpolation}, ${border}, k ${k}`);
        }
      }
    }
  }
});

test('rotate90 and flips are exact moves of pixels (image.rotate90, image.flip)', () => {
  const image = randomImage(rng(4), 7, 5, 3);
  const a = compose([random.rotate90(), random.flip({ horizontal: 0.5, vertical: 0.5 })], { seed: 5 });
  for (let k = 0; k < 16; k++) {
    const out = a({ image }, k);
    const [turn, f] = out.params.transforms;
    let expected = rotate90(image, turn.turns);
    const how = f.horizontal && f.vertical ? 'both' : f.horizontal ? 'horizontal' : f.vertical ? 'vertical' : null;
    if (how) expected = flip(expected, how);
    assertSameImage(out.image, expected, `k ${k}`);
  }
});

test('crop: torchvision offsets (centre rounds half to even), padIfNeeded centres the image', () => {
  const image = randomImage(rng(5), 9, 6, 1);
  const centre = compose([random.crop({ width: 4, height: 3, position: 'center' })])({ image }, 0);
  assert.deepEqual([centre.params.transforms[0].x, centre.params.transforms[0].y], [2, 2]); // round(2.5) = 2, round(1.5) = 2
  assertSameImage(centre.image, crop(image, { x: 2, y: 2, width: 4, height: 3 }), 'centre crop');
  const padded = compose([random.crop({ width: 12, height: 6, padIfNeeded: true })], { fill: 3 })({ image }, 4);
  assert.equal(padded.params.transforms[0].x, -1);
  assertSameImage(padded.image, crop(image, { x: -1, y: padded.params.transforms[0].y, width: 12, height: 6, fill: 3 }), 'padded crop');
  const xs = new Set();
  const random9 = compose([random.crop({ width: 4, height: 6 })]);
  for (let k = 0; k < 200; k++) xs.add(random9({ image }, k).params.transforms[0].x);
  assert.deepEqual([...xs].sort(), [0, 1, 2, 3, 4, 5]);
});

test('resizedCrop: crops within scale and ratio, and the centre-crop fallback after 10 tries', () => {
  const image = randomImage(rng(6), 60, 40, 1);
  const a = compose([random.resizedCrop({ width: 8, height: 8, scale: [0.2, 0.5], ratio: [0.5, 2] })], { seed: 1 });
  for (let k = 0; k < 200; k++) {
    const { crop: c } = a({ image }, k).params.transforms[0];
    assert.ok(c.x >= 0 && c.y >= 0 && c.x + c.width <= 60 && c.y + c.height <= 40, `k ${k}: inside`);
    const fraction = (c.width * c.height) / 2400;
    assert.ok(fraction > 0.2 - 0.05 && fraction < 0.5 + 0.05, `k ${k}: area fraction ${fraction}`);
  }
  // no try can fit a 2:1..3:1 crop of the whole area: fallback, w = W, h = round(W / 2)
  const square = randomImage(rng(7), 30, 30, 1);
  const b = compose([random.resizedCrop({ width: 8, height: 8, scale: [1, 1], ratio: [2, 3] })]);
  assert.deepEqual(b({ image: square }, 3).params.transforms[0].crop, { x: 0, y: 7, width: 30, height: 15 });
  const tall = compose([random.resizedCrop({ width: 8, height: 8, scale: [1, 1], ratio: [0.25, 0.5] })]);
  assert.deepEqual(tall({ image: square }, 3).params.transforms[0].crop, { x: 7, y: 0, width: 15, height: 30 });
});

test('affine and perspective draw as torchvision: integer translations within the fractions, corners within the distortion', () => {
  const image = randomImage(rng(8), 50, 40, 1);
  const a = compose([random.affine({ degrees: [10, 20], translate: [0.1, 0.2], scale: [0.5, 0.6], shear: 4 }),
    random.perspective({ distortion: 0.4 })], { seed: 3 });
  for (let k = 0; k < 100; k++) {
    const [af, pe] = a({ image }, k).params.transforms;
    assert.ok(af.degrees >= 10 && af.degrees < 20 && af.scale >= 0.5 && af.scale < 0.6);
    assert.ok(Number.isInteger(af.translate[0]) && Math.abs(af.translate[0]) <= 5 && Math.abs(af.translate[1]) <= 8);
    assert.ok(af.shear[0] >= -4 && af.shear[0] < 4 && af.shear[1] === 0);
    const [dx, dy] = [Math.floor(0.4 * 25), Math.floor(0.4 * 20)];
    const [tl, tr, br, bl] = pe.to;
    assert.ok(tl[0] >= 0 && tl[0] <= dx && tl[1] >= 0 && tl[1] <= dy, `k ${k} top-left ${tl}`);
    assert.ok(tr[0] >= 50 - dx - 1 && tr[0] <= 49 && br[1] >= 40 - dy - 1 && br[1] <= 39 && bl[0] <= dx, `k ${k}`);
  }
});

test('p: a transform fires with probability p (and is the identity otherwise); params say whether it fired', () => {
  const image = randomImage(rng(9), 10, 10, 1);
  const a = compose([random.rotate({ degrees: 30, p: 0.3 })]);
  let fired = 0;
  for (let k = 0; k < 2000; k++) {
    const out = a({ image }, k);
    if (out.params.transforms[0].fired) fired++;
    else assertSameImage(out.image, image, `k ${k} not fired`);
  }
  assert.ok(Math.abs(fired / 2000 - 0.3) < 0.04, `fired ${fired} of 2000`);
});

test('antialias: a composite shrinking more than 2x reduces first (a fine checkerboard averages to grey); off, it aliases', () => {
  const W = 96, H = 96;
  const data = new Uint8ClampedArray(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = (x + y) % 2 ? 255 : 0;
  const image = { width: W, height: H, channels: 1, data };
  const pipe = [random.resizedCrop({ width: 23, height: 23, scale: [1, 1], ratio: [1, 1] }), random.affine({ degrees: 3 })];
  const spread = (img) => Math.max(...img.data.slice(23 * 2, 23 * 21)) - Math.min(...img.data.slice(23 * 2, 23 * 21));
  const smooth = compose(pipe)({ image }, 0).image;
  const aliased = compose(pipe, { antialias: false })({ image }, 0).image;
  assert.ok(spread(smooth) <= 40, `antialiased spread ${spread(smooth)}`);
  assert.ok(spread(aliased) >= 150, `aliased spread ${spread(aliased)}`);
});

test('non-geometric transforms act between geometric runs: flip, blur, flip is blur of the image (flips cancel)', () => {
  const image = randomImage(rng(10), 12, 9, 3);
  const a = compose([random.flip({ horizontal: 1 }), random.blur({ size: 5 }), random.flip({ horizontal: 1 })]);
  const out = a({ image }, 0);
  assertSameImage(out.image, blur(image, { size: 5 }), 'flip-blur-flip');
  assert.deepEqual(out.matrix, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const d = compose([random.downscale({ scale: [0.5, 0.5] })])({ image }, 0);
  assert.deepEqual([d.image.width, d.image.height], [12, 9]);
});

test('masks: nearest, labels kept exactly, outside = maskFill', () => {
  const r = rng(11);
  const W = 40, H = 30;
  const mask = { width: W, height: H, channels: 1, data: Uint8Array.from({ length: W * H }, () => r.int(0, 4)) };
  const image = randomImage(r, W, H, 3);
  const a = compose(GEOMETRIC, { seed: 11, maskFill: 200, border: 'reflect' });
  let sawFill = false;
  for (let k = 0; k < 40; k++) {
    const out = a({ image, mask }, k);
    assert.deepEqual([out.mask.width, out.mask.height], [out.image.width, out.image.height]);
    for (const v of out.mask.data) {
      assert.ok(v <= 4 || v === 200, `k ${k}: label ${v}`);
      if (v === 200) sawFill = true;
    }
    const nearest = oneWarp(mask, out.matrix, { width: out.mask.width, height: out.mask.height, interpolation: 'nearest', fill: 200 });
    assertSameImage(out.mask, nearest, `k ${k} mask`);
  }
  assert.ok(sawFill);
});

test('boxes: edges at u - 0.5, formats, normalized, clipping, minVisibility, boxIndices; keypoints flagged, not dropped', () => {
  const image = randomImage(rng(12), 10, 8, 1);
  const h = compose([random.flip({ horizontal: 1 })]);
  // the box around pixels 0..0 is [0, 1]; flipped it is around pixel 9: [9, 10]
  assert.deepEqual(h({ image, boxes: [[0, 0, 1, 1, 'cat']] }, 0).boxes, [[9, 0, 10, 1, 'cat']]);
  assert.deepEqual(compose([random.flip({ horizontal: 1 })], { boxFormat: 'xywh' })({ image, boxes: [[1, 2, 3, 4]] }, 0).boxes, [[6, 2, 3, 4]]);
  assert.deepEqual(compose([random.flip({ horizontal: 1 })], { boxFormat: 'cxcywh', normalized: true })(
    { image, boxes: [[0.25, 0.5, 0.5, 0.5]] }, 0).boxes, [[0.75, 0.5, 0.5, 0.5]]);
  // a crop at x = 4: [2, 0, 6, 4] keeps [0, 0, 2, 4], half its area
  const c = compose([random.crop({ width: 6, height: 8, position: 'center' })], { minVisibility: 0.6 });
  const cropped = c({ image, boxes: [[2, 0, 6, 4], [5, 0, 9, 4], [0, 0, 1, 1]] }, 0);
  assert.equal(cropped.params.transforms[0].x, 2);
  assert.deepEqual(cropped.boxes, [[0, 0, 4, 4], [3, 0, 6, 4]]);
  assert.deepEqual(cropped.boxIndices, [0, 1]);
  const loose = compose([random.crop({ width: 6, height: 8, position: 'center' })])({ image, boxes: [[0, 0, 1, 1], [0, 0, 3, 2]] }, 0);
  assert.deepEqual([loose.boxes, loose.boxIndices], [[[0, 0, 1, 2]], [1]]);
  const k = compose([random.crop({ width: 6, height: 8, position: 'center' })])({ image, keypoints: [[1, 1, 'eye'], [5, 2]] }, 0);
  assert.deepEqual(k.keypoints, [[-1, 1, 'eye'], [3, 2]]);
  assert.deepEqual(k.visible, [false, true]);
});

test('replay gives the same bytes (also after JSON); inverse maps output points back within 1e-3 px', () => {
  const r = rng(13);
  const image = randomImage(r, 45, 33, 4);
  const other = randomImage(r, 45, 33, 2);
  const a = compose([...GEOMETRIC, random.blur({ size: [3, 5], p: 0.5 })], { seed: 99, border: 'symmetric' });
  for (let k = 0; k < 20; k++) {
    const points = [[3, 4], [20.5, 11.25], [44, 32]];
    const out = a({ image, keypoints: points }, k);
    const params = JSON.parse(JSON.stringify(out.params));
    assertSameImage(a.replay(params, { image }).image, out.image, `k ${k} replay`);
    const second = a({ image: other }, k);
    assertSameImage(a.replay(params, { image: other }).image, second.image, `k ${k} replay of another image`);
    const back = a.inverse(params, out.keypoints);
    back.forEach(([x, y], i) => assert.ok(Math.hypot(x - points[i][0], y - points[i][1]) < 1e-3, `k ${k} point ${i}: ${x}, ${y}`));
  }
  assert.throws(() => a.replay({ transforms: [] }, { image }), RangeError);
  assert.throws(() => a.replay(a({ image }, 0).params, { image: randomImage(r, 44, 33) }), /augment\.replay: targets are 44x33/);
});

test('tensor output: r.tensor is toTensor of the image the call without tensor gives', async () => {
  const { toTensor } = await import('../js/image.js');
  const image = randomImage(rng(14), 45, 33, 4);
  const a = compose(GEOMETRIC.slice(0, 3), { seed: 2 });
  const options = { layout: 'NCHW', mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
  for (let k = 0; k < 5; k++) {
    const t = a({ image }, k, { tensor: options }).tensor;
    const expected = toTensor(a({ image }, k).image, options);
    assert.deepEqual(t.dims, expected.dims);
    assert.deepEqual(Buffer.from(t.data.buffer), Buffer.from(expected.data.buffer));
  }
});

test('elastic: one cv2.remap (float32 maps) over the source points that inverse() gives, bit for bit; the matrix is null', async () => {
  const { remap } = await import('../js/image/remap.js');
  const r = rng(15);
  for (const border of ['constant', 'edge', 'reflect', 'symmetric', 'wrap']) {
    for (const channels of [1, 3, 4]) {
      for (const interpolation of ['nearest', 'linear', 'cubic']) {
        const image = randomImage(r, 30, 20, channels);
        const a = compose([random.affine({ degrees: 10, scale: [0.8, 1.2] }), random.elastic({ alpha: 30, sigma: 4 }),
          random.flip({ horizontal: 1 }), random.resizedCrop({ width: 24, height: 18 })], { seed: channels, border, fill: 7, interpolation });
        const out = a({ image }, 3);
        assert.equal(out.matrix, null);
        const points = [];
        for (let i = 0; i < 18; i++) for (let j = 0; j < 24; j++) points.push([j, i]);
        const back = a.inverse(out.params, points);
        const mapX = Float32Array.from(back, ([x]) => x), mapY = Float32Array.from(back, ([, y]) => y);
        const expected = remap(image, mapX, mapY, 24, 18, { interpolation, border, fill: 7 });
        assertSameImage(out.image, expected, `${border}, ${interpolation}, ${channels} channels`);
      }
    }
  }
});

test('elastic: three box blurs whose sigma is within 0.5 px or 5% of sigma (Kovesi), a field of mean ~0, replay and inverse', async () => {
  const { boxWidths, displacement } = await import('../js/augment/elastic.js');
  for (const sigma of [1, 2.5, 4, 5, 7.3, 20, 50]) {
    const actual = Math.sqrt(boxWidths(sigma).reduce((s, w) => s + (w * w - 1) / 12, 0)); // box of w: variance (w² − 1) / 12
    assert.ok(Math.abs(actual - sigma) <= Math.max(0.5, 0.05 * sigma), `sigma ${sigma}: widths ${boxWidths(sigma)}, sigma ${actual}`);
  }
  const field = displacement({ field: 12345, alpha: 10, sigma: 3, width: 80, height: 60 });
  const mean = field.dx.reduce((s, v) => s + v, 0) / field.dx.length;
  const spread = Math.sqrt(field.dx.reduce((s, v) => s + v * v, 0) / field.dx.length);
  assert.ok(Math.abs(mean) < 0.2 && spread > 0.2 && spread < 3, `mean ${mean}, rms ${spread}`);
  const image = randomImage(rng(16), 40, 30, 4);
  const mask = { width: 40, height: 30, data: Uint8Array.from({ length: 1200 }, (_, i) => i % 3) };
  const a = compose([random.elastic({ alpha: 30, sigma: 4 }), random.blur({ size: 3 }), random.elastic({ alpha: 20, sigma: 5 }),
    random.rotate({ degrees: 10 })], { seed: 8 });
  for (let k = 0; k < 5; k++) {
    const points = [[5, 5], [20.5, 14], [33, 22]];
    const out = a({ image, mask, keypoints: points }, k);
    assertSameImage(a.replay(JSON.parse(JSON.stringify(out.params)), { image }).image, out.image, `k ${k} replay`);
    assert.ok(out.mask.data.every((v) => v <= 2), 'labels kept');
    a.inverse(out.params, out.keypoints).forEach(([x, y], i) => assert.ok(Math.hypot(x - points[i][0], y - points[i][1]) < 1e-3, `k ${k} point ${i}`));
  }
});

test('antialias pinned: shrinking a whole image by an integer factor is the block mean of resize area, also flipped', async () => {
  const { resize } = await import('../js/image.js');
  const W = 100;
  const image = { width: W, height: W, channels: 3, data: Uint8ClampedArray.from({ length: W * W * 3 }, (_, i) => (i * 7919) % 256) };
  const whole = random.resizedCrop({ width: 20, height: 20, scale: [1, 1], ratio: [1, 1] });
  const area = resize(image, { width: 20, height: 20, interpolation: 'area' });
  assertSameImage(compose([whole])({ image }, 0).image, area, 'factor 5');
  assertSameImage(compose([whole, random.flip({ horizontal: 1 })])({ image }, 0).image, flip(area, 'horizontal'), 'factor 5, flipped');
  const plain = compose([whole], { antialias: false })({ image }, 0).image;
  assert.ok(plain.data.some((v, i) => v !== area.data[i]), 'without antialias it is one linear warp');
});

test('nothing fired: the results are copies, never the caller\'s objects', () => {
  const image = randomImage(rng(17), 6, 5, 4);
  const mask = { width: 6, height: 5, data: new Uint8Array(30).fill(2) };
  const out = compose([random.flip({ horizontal: 0 }), random.rotate({ degrees: 10, p: 0 })])({ image, mask }, 1);
  assert.notEqual(out.image, image);
  assert.notEqual(out.image.data.buffer, image.data.buffer);
  assert.notEqual(out.mask.data.buffer, mask.data.buffer);
  assertSameImage(out.image, image, 'identity');
  assert.deepEqual(Array.from(out.mask.data), Array.from(mask.data));
});
