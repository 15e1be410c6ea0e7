// tensorwarp/augment's colour transforms, policies, oneOf/someOf and resize:
// where colour runs (after the one resample of its geometric run, in list
// order, never a second resample), params that replay, the drawn values'
// distributions (torchvision's rules), and policies' geometry moving the
// targets with the pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ready } from '../js/index.js';
import { compose, random } from '../js/augment.js';
import * as image from '../js/image.js';
import { assertSameImage } from './support/image.js';
import { testImage } from './support/augment-color.mjs';

await ready();

/** The functional op `name` of tensorwarp/image. */
const op = (name) => image[name];
const bytes = (img) => Uint8Array.from(img.data);

/** A colour params entry applied with the functional ops directly (an independent reading of the params). */
function applyEntry(img, e) {
  switch (e.transform) {
    case 'colorJitter': {
      const fn = { brightness: 'adjustBrightness', contrast: 'adjustContrast', saturation: 'adjustSaturation', hue: 'adjustHue' };
      return e.order.reduce((im, k) => op(fn[k])(im, e[k]), img);
    }
    case 'grayscale': return op('grayscale')(img, { channels: img.channels });
    case 'gaussianBlur': return op('gaussianBlur')(img, { size: e.size, sigma: e.sigma });
    case 'erasing': return e.width === undefined ? img : op('erase')(img, { x: e.x, y: e.y, width: e.width, height: e.height, value: e.value });
    case 'posterize': return op('posterize')(img, e.bits);
    case 'solarize': return op('solarize')(img, e.threshold);
    case 'sharpness': return op('adjustSharpness')(img, e.factor);
    case 'autocontrast': return op('autocontrast')(img);
    case 'equalize': return op('equalize')(img);
    case 'invert': return op('invert')(img);
    case 'gamma': return op('adjustGamma')(img, e.gamma, { gain: e.gain });
    default: throw new Error(e.transform);
  }
}

const GEOMETRY = new Set(['resizedCrop', 'crop', 'flip', 'rotate90', 'rotate', 'affine', 'perspective', 'pad', 'resize']);

const MIXED = [
  random.resizedCrop({ width: 28, height: 20, scale: [0.3, 1] }),
  random.colorJitter({ brightness: 0.4, contrast: 0.4, saturation: 0.4, hue: 0.1 }),
  random.flip(),
  random.erasing({ p: 0.7, value: [9, 99, 199] }),
  random.affine({ degrees: 10, p: 0.5 }),
  random.gaussianBlur({ size: 3, p: 0.5 }),
  random.grayscale({ p: 0.3 }),
  random.posterize({ bits: 4, p: 0.3 }),
  random.solarize({ threshold: 200, p: 0.3 }),
  random.sharpness({ factor: 1.8, p: 0.3 }),
  random.autocontrast({ p: 0.3 }),
  random.equalize({ p: 0.3 }),
  random.invert({ p: 0.3 }),
  random.gamma({ p: 0.3 }),
];

test('colour steps run after the one resample, in list order: r.image = the colour ops (params\' values) on the geometric replay', () => {
  const augment = compose(MIXED, { seed: 77 });
  const geometric = MIXED.filter((t) => GEOMETRY.has(t.transform));
  const geometryOnly = compose(geometric, { seed: 77 });
  let colourSteps = 0;
  for (let k = 0; k < 40; k++) {
    const input = testImage(33, 25, 3, k);
    const r = augment({ image: input }, k);
    const entries = r.params.transforms;
    const warped = geometryOnly.replay({ ...r.params, transforms: entries.filter((e) => GEOMETRY.has(e.transform)) }, { image: input }).image;
    const colours = entries.filter((e) => !GEOMETRY.has(e.transform) && e.fired);
    colourSteps += colours.length;
    const expected = colours.reduce(applyEntry, warped);
    assert.deepEqual(bytes(r.image), bytes(expected), `k = ${k}`);
    assert.deepEqual(r.matrix, geometryOnly.replay({ ...r.params, transforms: entries.filter((e) => GEOMETRY.has(e.transform)) }, { image: input }).matrix);
    // replay, also through JSON
    assert.deepEqual(bytes(augment.replay(JSON.parse(JSON.stringify(r.params)), { image: input }).image), bytes(r.image));
    // the tensor path: warp to an image, colour, then toTensor
    const { tensor } = augment({ image: input }, k, { tensor: { mean: [0.5, 0.4, 0.3], std: [0.2, 0.2, 0.2] } });
    assert.deepEqual(tensor.data, image.toTensor(r.image, { mean: [0.5, 0.4, 0.3], std: [0.2, 0.2, 0.2] }).data);
  }
  assert.ok(colourSteps > 150, `${colourSteps} colour steps ran`);
});

test('colour steps are the identity for masks, boxes, keypoints and inverse', () => {
  const colourOnly = MIXED.filter((t) => !GEOMETRY.has(t.transform));
  const augment = compose([random.flip({ horizontal: 1 }), ...colourOnly], { seed: 3 });
  const mask = { width: 20, height: 10, data: new Uint8Array(200).map((_, i) => i % 20) };
  for (let k = 0; k < 10; k++) {
    const r = augment({ image: testImage(20, 10, 3, k), mask, boxes: [[2, 1, 5, 4]], keypoints: [[3, 2]] }, k);
    assert.deepEqual(r.keypoints, [[16, 2]]);
    assert.deepEqual(r.boxes, [[15, 1, 18, 4]]);
    assert.deepEqual(Array.from(r.mask.data.slice(0, 20)), Array.from({ length: 20 }, (_, i) => 19 - i));
    assert.deepEqual(augment.inverse(r.params, [[16, 2]]), [[3, 2]]);
  }
});

test('erasing: the box is drawn for the image it runs on (the size at the end of its geometric run)', () => {
  const augment = compose([random.erasing({ p: 1, scale: [0.1, 0.3] }), random.resize({ width: 12, height: 9 })], { seed: 1 });
  let boxes = 0;
  for (let k = 0; k < 50; k++) {
    const e = augment({ image: testImage(60, 40, 3, k) }, k).params.transforms[0];
    if (e.width === undefined) continue;
    boxes++;
    assert.ok(e.x >= 0 && e.y >= 0 && e.x + e.width <= 12 && e.y + e.height <= 9, JSON.stringify(e));
    assert.ok(!('draws' in e));
  }
  assert.ok(boxes > 30, `${boxes}`);
});

/** Mean and variance of a list. */
function moments(values) {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return [mean, values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length];
}

// Stated tolerance for the statistical tests: 5 standard errors of the mean
// (a false failure about once in 3.5 million per check), with fixed seeds.
function assertUniformMean(values, lo, hi, what) {
  const [mean, variance] = moments(values);
  const se = (hi - lo) / Math.sqrt(12 * values.length);
  assert.ok(Math.abs(mean - (lo + hi) / 2) < 5 * se, `${what}: mean ${mean}, expected ${(lo + hi) / 2} ± ${5 * se}`);
  assert.ok(Math.abs(variance / ((hi - lo) ** 2 / 12) - 1) < 0.05, `${what}: variance ${variance}`);
  assert.ok(values.every((v) => v >= Math.fround(lo) && v <= Math.fround(hi)), `${what}: within [${lo}, ${hi}]`);
}

const small = { image: testImage(4, 4, 3, 0) };

test('colorJitter draws: each factor uniform in torchvision\'s range, float32; the order a uniform permutation', () => {
  const augment = compose([random.colorJitter({ brightness: 0.5, contrast: [0.2, 1.1], saturation: 0.3, hue: 0.2 })], { seed: 11 });
  const n = 6000, draws = { brightness: [], contrast: [], saturation: [], hue: [] }, orders = new Map();
  for (let k = 0; k < n; k++) {
    const e = augment(small, k).params.transforms[0];
    for (const key of Object.keys(draws)) {
      assert.equal(e[key], Math.fround(e[key]));
      draws[key].push(e[key]);
    }
    orders.set(e.order.join(), (orders.get(e.order.join()) ?? 0) + 1);
  }
  assertUniformMean(draws.brightness, 0.5, 1.5, 'brightness');
  assertUniformMean(draws.contrast, 0.2, 1.1, 'contrast');
  assertUniformMean(draws.saturation, 0.7, 1.3, 'saturation');
  assertUniformMean(draws.hue, -0.2, 0.2, 'hue');
  // 24 orders, each n/24 = 250 expected: chi-square with 23 degrees of freedom below 49.7 (p = 0.001)
  assert.equal(orders.size, 24);
  const chi = [...orders.values()].reduce((s, c) => s + (c - n / 24) ** 2 / (n / 24), 0);
  assert.ok(chi < 49.7, `chi-square ${chi}`);
});

test('a disabled colorJitter factor is not drawn and not in the order ([1, 1], 0, hue 0)', () => {
  const augment = compose([random.colorJitter({ brightness: 0, contrast: [1, 1], saturation: 0.2 })], { seed: 2 });
  const e = augment(small, 0).params.transforms[0];
  assert.deepEqual([e.brightness, e.contrast, e.hue, e.order], [null, null, null, ['saturation']]);
});

test('gaussianBlur sigma, gamma and p: torchvision\'s distributions', () => {
  const blurred = compose([random.gaussianBlur({ size: 5, sigma: [0.1, 2] })], { seed: 4 });
  assertUniformMean(Array.from({ length: 4000 }, (_, k) => blurred(small, k).params.transforms[0].sigma), 0.1, 2, 'sigma');
  const gamma = compose([random.gamma({ p: 1 })], { seed: 4 });
  assertUniformMean(Array.from({ length: 4000 }, (_, k) => gamma(small, k).params.transforms[0].gamma), 0.8, 1.2, 'gamma');
  const grey = compose([random.grayscale()], { seed: 4 }); // torchvision RandomGrayscale's p = 0.1
  const fired = Array.from({ length: 10000 }, (_, k) => grey(small, k).params.transforms[0].fired).filter(Boolean).length;
  assert.ok(Math.abs(fired - 1000) < 5 * Math.sqrt(10000 * 0.1 * 0.9), `${fired} of 10000`);
});

test('erasing: area fraction and log aspect as RandomErasing draws them (tries of uniform area, log-uniform ratio)', () => {
  // On a 200×200 image with scale [0.02, 0.1] and ratio [0.5, 2] the first try always fits, so the box follows the
  // first draw: area/(W·H) uniform in the scale, log(h/w) uniform in [log 0.5, log 2] (up to the rounding of h, w).
  const augment = compose([random.erasing({ p: 1, scale: [0.02, 0.1], ratio: [0.5, 2] })], { seed: 8 });
  const mask = { width: 200, height: 200, data: new Uint8Array(200 * 200) };
  const areas = [], logs = [];
  for (let k = 0; k < 3000; k++) {
    const e = augment({ mask }, k).params.transforms[0];
    areas.push((e.width * e.height) / 40000);
    logs.push(Math.log(e.height / e.width));
    assert.ok(e.x + e.width <= 200 && e.y + e.height <= 200);
  }
  const [areaMean] = moments(areas), [logMean] = moments(logs);
  assert.ok(Math.abs(areaMean - 0.06) < 0.002, `area fraction mean ${areaMean}`); // rounding of h, w: < 1%
  assert.ok(Math.abs(logMean) < 0.02, `log aspect mean ${logMean}`);
});

test('erasing: ten failed tries leave the image alone (no box in the params)', () => {
  const augment = compose([random.erasing({ p: 1, scale: [0.9, 1], ratio: [3, 4] })], { seed: 1 });
  const input = testImage(10, 10, 3, 1);
  const r = augment({ image: input }, 0);
  assert.deepEqual(r.params.transforms[0], { transform: 'erasing', fired: true, value: 0 });
  assert.deepEqual(bytes(r.image), bytes(input));
});

test('noise: Gaussian per value from the pipeline\'s generator, replayable; mean and std as drawn', () => {
  const augment = compose([random.noise({ mean: 3, std: 6, p: 1 })], { seed: 5 });
  const input = { width: 64, height: 64, channels: 3, data: new Uint8ClampedArray(64 * 64 * 3).fill(128) };
  const r = augment({ image: input }, 0);
  const [mean, variance] = moments(Array.from(r.image.data, (v) => v - 128));
  // trunc toward 0 of 131 + 6z: mean 3 - 0.5 (truncation) within 0.2, sd 6 within 0.2
  assert.ok(Math.abs(mean - 2.5) < 0.2 && Math.abs(Math.sqrt(variance) - 6) < 0.2, `${mean}, ${Math.sqrt(variance)}`);
  assert.deepEqual(bytes(augment.replay(r.params, { image: input }).image), bytes(r.image));
  assert.notDeepEqual(bytes(augment({ image: input }, 1).image), bytes(r.image));
  const rgba = { width: 8, height: 8, channels: 4, data: new Uint8ClampedArray(256).fill(77) };
  assert.ok(augment({ image: rgba }, 0).image.data.every((v, i) => i % 4 !== 3 || v === 77), 'alpha kept');
});

test('oneOf: one child uniformly or by weights, its own p applied; someOf: n distinct children in list order', () => {
  const children = [random.invert({ p: 1 }), random.equalize({ p: 0.5 }), random.posterize({ bits: 2, p: 1 })];
  const uniform = compose([random.oneOf(children)], { seed: 6 });
  const weighted = compose([random.oneOf(children, { weights: [1, 0, 3] })], { seed: 6 });
  const counts = [[0, 0, 0], [0, 0, 0]];
  let equalizeFired = 0;
  const n = 6000;
  for (let k = 0; k < n; k++) {
    const u = uniform(small, k).params.transforms[0];
    counts[0][u.index]++;
    assert.equal(u.child.transform, children[u.index].transform);
    if (u.index === 1 && u.child.fired) equalizeFired++;
    counts[1][weighted(small, k).params.transforms[0].index]++;
  }
  const se = (q) => 5 * Math.sqrt(n * q * (1 - q));
  counts[0].forEach((c) => assert.ok(Math.abs(c - n / 3) < se(1 / 3), `uniform ${counts[0]}`));
  assert.ok(Math.abs(equalizeFired - counts[0][1] / 2) < 5 * Math.sqrt(counts[0][1] / 4), `child p: ${equalizeFired}`);
  assert.equal(counts[1][1], 0);
  assert.ok(Math.abs(counts[1][2] - n * 0.75) < se(0.75), `weighted ${counts[1]}`);
  const some = compose([random.someOf(children, { n: 2 })], { seed: 6 });
  const pairs = new Map();
  for (let k = 0; k < 3000; k++) {
    const e = some(small, k).params.transforms[0];
    assert.equal(e.indices.length, 2);
    assert.ok(e.indices[0] < e.indices[1]);
    pairs.set(e.indices.join(), (pairs.get(e.indices.join()) ?? 0) + 1);
  }
  assert.equal(pairs.size, 3);
  for (const c of pairs.values()) assert.ok(Math.abs(c - 1000) < 5 * Math.sqrt(3000 * (2 / 9)), `pairs ${[...pairs.values()]}`);
});

test('oneOf / someOf of geometric children move the targets; replay and inverse follow the chosen child', () => {
  const augment = compose([random.oneOf([random.flip({ horizontal: 1 }), random.rotate90({ turns: [1] })]),
    random.someOf([random.pad({ left: 2 }), random.crop({ width: 10, height: 6 })], { n: 1 })], { seed: 12 });
  for (let k = 0; k < 20; k++) {
    const input = testImage(16, 12, 3, k);
    const r = augment({ image: input, keypoints: [[5, 4]] }, k);
    assert.deepEqual(bytes(augment.replay(JSON.parse(JSON.stringify(r.params)), { image: input }).image), bytes(r.image));
    const [back] = augment.inverse(r.params, r.keypoints);
    assert.ok(Math.abs(back[0] - 5) < 1e-9 && Math.abs(back[1] - 4) < 1e-9, JSON.stringify(back));
  }
});

test('resize: torchvision Resize(s) (shorter side s, the other truncated), LongestMaxSize, then a centre crop', () => {
  const size = (options, w, h) => {
    const r = compose([random.resize(options)])({ image: testImage(w, h, 3, 0) }, 0).image;
    return [r.width, r.height];
  };
  assert.deepEqual(size({ shorter: 256 }, 500, 375), [341, 256]); // torchvision: int(256 · 500 / 375) = 341
  assert.deepEqual(size({ shorter: 10 }, 7, 20), [10, 28]);
  assert.deepEqual(size({ longer: 10 }, 25, 15), [10, 6]); // round(6.0)
  assert.deepEqual(size({ longer: 8 }, 20, 5), [8, 2]); // round(2.0)
  assert.deepEqual(size({ width: 9, height: 4 }, 20, 5), [9, 4]);
  const evaluation = compose([random.resize({ shorter: 24 }), random.crop({ width: 20, height: 20, position: 'center' })]);
  const r = evaluation({ image: testImage(40, 30, 3, 0) }, 0);
  assert.deepEqual([r.image.width, r.image.height], [20, 20]);
  assert.deepEqual(r.params.transforms[1], { transform: 'crop', fired: true, x: 6, y: 2 }); // round((32 - 20) / 2), (24 - 20) / 2
  // one resample: the resize's warp read at the crop's pixels (the pipeline's interpolation, not image.resize)
  const resized = compose([random.resize({ shorter: 24 })])({ image: testImage(40, 30, 3, 0) }, 0).image;
  assertSameImage(r.image, image.crop(resized, { x: 6, y: 2, width: 20, height: 20 }));
});

test('policies: their geometric ops move keypoints, boxes and masks with the pixels; inverse maps back', () => {
  const W = 40, H = 30;
  const augment = compose([random.trivialAugment()], { seed: 21 });
  const mask = { width: W, height: H, data: new Uint8Array(W * H) };
  mask.data[12 * W + 17] = 200;
  let moved = 0;
  for (let k = 0; k < 300; k++) {
    const input = { width: W, height: H, channels: 3, data: Uint8ClampedArray.from({ length: W * H * 3 }, (_, i) => mask.data[Math.floor(i / 3)]) };
    const r = augment({ image: input, mask, keypoints: [[17, 12]] }, k);
    const [{ op }] = r.params.transforms[0].ops;
    if (!['ShearX', 'ShearY', 'TranslateX', 'TranslateY', 'Rotate'].includes(op)) continue;
    const [x, y] = r.keypoints[0];
    if (!r.visible[0]) continue;
    moved++;
    const at = r.mask.data.indexOf(200);
    if (at >= 0) assert.ok(Math.abs((at % W) - x) <= 1 && Math.abs(Math.floor(at / W) - y) <= 1, `${op}: ${[at % W, Math.floor(at / W)]} vs ${[x, y]}`);
    const [back] = augment.inverse(r.params, [[x, y]]);
    assert.ok(Math.abs(back[0] - 17) < 1e-6 && Math.abs(back[1] - 12) < 1e-6);
    assert.deepEqual(bytes(r.image).filter((_, i) => i % 3 === 0), bytes(r.mask)); // the image and the mask move alike
  }
  assert.ok(moved > 60, `${moved}`); // 5 of 14 ops are geometric: about 107 of 300, some move the point out
});

test('erasing with value \'random\': torchvision\'s N(0, 1) patch in uint8 (truncated, low byte) in R, G, B, alpha kept; replayable', () => {
  const augment = compose([random.erasing({ p: 1, scale: [0.2, 0.3], value: 'random' })], { seed: 13 });
  const input = testImage(30, 20, 4, 0);
  let patches = 0;
  for (let k = 0; k < 10; k++) {
    const r = augment({ image: input }, k);
    const e = r.params.transforms[0];
    if (e.width === undefined) continue;
    patches++;
    assert.equal(typeof e.seed, 'number');
    const seen = new Set();
    for (let y = e.y; y < e.y + e.height; y++) {
      for (let x = e.x; x < e.x + e.width; x++) {
        const i = (y * 30 + x) * 4;
        for (let c = 0; c < 3; c++) seen.add(r.image.data[i + c]);
        assert.equal(r.image.data[i + 3], input.data[i + 3]);
      }
    }
    // |z| < 6 almost surely (1e-9 per value): values 0..5 and 250..255 only
    assert.ok([...seen].every((v) => v <= 5 || v >= 250) && seen.has(0) && seen.has(255), [...seen].join());
    assert.deepEqual(bytes(augment.replay(JSON.parse(JSON.stringify(r.params)), { image: input }).image), bytes(r.image));
  }
  assert.ok(patches >= 8);
});

test('augment.batch: colour steps, policies and oneOf in workers give the bytes of the calls on this thread', async () => {
  const a = compose([random.resizedCrop({ width: 16, height: 16 }), random.colorJitter({ brightness: 0.4, hue: 0.1 }),
    random.oneOf([random.invert({ p: 1 }), random.randAugment()]), random.erasing({ p: 1 })], { seed: 4 });
  const images = Array.from({ length: 6 }, (_, n) => ({ image: testImage(30, 20, 3, n) }));
  try {
    const inWorkers = await a.batch(images, { tensor: {}, workers: 2 });
    const n = 3 * 16 * 16;
    images.forEach((targets, k) => {
      assert.deepEqual(inWorkers.tensor.data.subarray(k * n, (k + 1) * n), a(targets, k, { tensor: {} }).tensor.data, `sample ${k}`);
    });
    assert.deepEqual(inWorkers.results.map((r) => r.params), images.map((t, k) => a(t, k).params));
  } finally {
    await a.batch.close();
  }
});

test('a policy that changes nothing (Identity) still returns a fresh image, never the caller\'s bytes', () => {
  const augment = compose([random.randAugment({ numOps: 1 })], { seed: 2 });
  const input = testImage(9, 7, 3, 0);
  let identities = 0;
  for (let k = 0; k < 60; k++) {
    const r = augment({ image: input }, k);
    if (r.params.transforms[0].ops[0].op !== 'Identity') continue;
    identities++;
    assert.notEqual(r.image.data.buffer, input.data.buffer);
    assert.deepEqual(bytes(r.image), bytes(input));
  }
  assert.ok(identities > 0);
});

test('a mask through a policy without geometric ops is a copy, never the caller\'s mask', () => {
  const augment = compose([random.autoAugment()], { seed: 2 });
  const mask = { width: 9, height: 7, data: new Uint8Array(63).fill(3) };
  const r = augment({ image: testImage(9, 7, 3, 0), mask }, 0);
  assert.ok(r.params.transforms[0].ops.every((o) => !['ShearX', 'Rotate'].includes(o.op)));
  assert.notEqual(r.mask.data.buffer, mask.data.buffer);
  assert.deepEqual(Array.from(r.mask.data), Array.from(mask.data));
});

test('a policy runs at its place: [crop, flip, trivialAugment, colorJitter, rotate90] = the runs before and after it, replayed apart', () => {
  const list = [random.crop({ width: 20, height: 14 }), random.flip(), random.trivialAugment({ fill: 50 }),
    random.colorJitter({ contrast: 0.5 }), random.rotate90()];
  const augment = compose(list, { seed: 31 });
  const before = compose(list.slice(0, 2), { seed: 31 }), policy = compose([list[2]]), after = compose(list.slice(3), { seed: 31 });
  for (let k = 0; k < 30; k++) {
    const input = testImage(26, 18, 3, k);
    const r = augment({ image: input }, k);
    const [crop, flip, ta, jitter, turn] = r.params.transforms;
    const a = before.replay({ index: k, width: 26, height: 18, transforms: [crop, flip] }, { image: input }).image;
    const b = policy.replay({ index: k, width: 20, height: 14, transforms: [ta] }, { image: a }).image;
    const c = after.replay({ index: k, width: 20, height: 14, transforms: [jitter, turn] }, { image: b }).image;
    assert.deepEqual(bytes(r.image), bytes(c), `k = ${k}: ${JSON.stringify(ta.ops)}`);
  }
});
