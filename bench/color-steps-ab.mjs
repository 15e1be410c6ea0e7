// The colour chain kernel (tw_color_chain, what colorJitter and the policies' colour ops run on) step by
// step on a 224x224 photo-like RGBA image (augment-suite.js's makePhotos, cropped): brightness, contrast,
// saturation, hue alone, and colorJitter's four in a row, SIMD and scalar kernels, for one or more
// tensorwarp trees in one Node process, interleaved, each round starting at another tree; process CPU ms
// per image, medians. Checks that every tree gives the same bytes. Which step dominates, and a change
// against the build before it on a shared machine.
// Usage: node bench/color-steps-ab.mjs [--rounds 21] [--scalar] <tree> [<tree> ...]
import { checkSameBytes, interleavedCpuMs, treeArguments, loadText } from './node-tools.mjs';

const argv = process.argv.slice(2);
const withScalar = argv.includes('--scalar');
if (withScalar) argv.splice(argv.indexOf('--scalar'), 1);
const { rounds, trees } = treeArguments(argv, 'node bench/color-steps-ab.mjs [--rounds 21] [--scalar] <tree> ...');
const SIDE = 224, CH = 4, BYTES = SIDE * SIDE * CH, REPEAT = 20;
const STEPS = {
  brightness: [['brightness', 1.3]], contrast: [['contrast', 0.7]], saturation: [['saturation', 1.25]],
  hue: [['hue', 0.07]], 'jitter b,c,s,h': [['brightness', 1.3], ['contrast', 0.7], ['saturation', 1.25], ['hue', 0.07]],
  'jitter h,s,c,b': [['hue', -0.05], ['saturation', 0.8], ['contrast', 1.2], ['brightness', 0.9]],
  'jitter, each of the 24 orders (ms per order)': 'all orders',
};

// colorJitter draws its order from all 24 (torch.randperm): one row runs them in turn, a call each
const FACTORS = { brightness: 1.3, contrast: 0.7, saturation: 1.25, hue: 0.07 };
const orders = (list) => (list.length < 2 ? [list] : list.flatMap((x, i) => orders([...list.slice(0, i), ...list.slice(i + 1)]).map((o) => [x, ...o])));
const ALL_ORDERS = orders(Object.keys(FACTORS)).map((o) => o.map((op) => [op, FACTORS[op]]));

const modules = [];
for (const tree of trees) {
  const module = await import(`${tree}/js/module.js`);
  await module.ready();
  const m = module.wasm();
  const { makePhotos } = await import(`${tree}/bench/augment-suite.js`);
  const { color_adjust_op: codes } = await import(`${tree}/wasm/enums.js`); // the C enum, generated
  const photo = makePhotos(1)[0];
  const input = m._malloc(BYTES), output = m._malloc(BYTES);
  for (let y = 0; y < SIDE; y++) m.HEAPU8.set(photo.data.subarray(y * photo.width * 4, (y * photo.width + SIDE) * 4), input + y * SIDE * 4);
  modules.push({ m, input, output, codes });
}

function call(tree, steps) {
  if (steps !== 'all orders') return callSteps(tree, steps);
  for (const order of ALL_ORDERS) callSteps(tree, order);
}

function callSteps({ m, input, output, codes }, steps) {
  let ops = 0;
  const f = [0, 0, 0, 0];
  steps.forEach(([op, factor], k) => { ops |= codes[op.toUpperCase()] << (4 * k); f[k] = factor; });
  const status = m._tw_color_chain(input, BYTES, output, BYTES, SIDE, SIDE, CH, steps.length, ops, f[0], f[1], f[2], f[3]);
  if (status !== 0) throw new Error(`tw_color_chain: status ${status}`);
}

console.log(`colour chain A/B, ${SIDE}x${SIDE} RGBA, ${rounds} rounds of ${REPEAT} calls, median process CPU ms per call; load ${loadText()}`);
console.log(`| steps | ${trees.map((_, i) => `tree ${i + 1} ms${i ? ' / ÷ tree 1' : ''}`).join(' | ')} |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|`);
for (const simd of withScalar ? [1, 0] : [1]) {
  for (const [name, steps] of Object.entries(STEPS)) {
    modules.forEach((t) => t.m._tw_set_simd(simd));
    const outputs = modules.map((t) => { call(t, steps); return Buffer.from(t.m.HEAPU8.subarray(t.output, t.output + BYTES)); });
    checkSameBytes(outputs, name);
    const perOrder = steps === 'all orders' ? ALL_ORDERS.length : 1;
    const ms = interleavedCpuMs(modules.map((t) => () => call(t, steps)), rounds, REPEAT).map((t) => t / perOrder);
    console.log(`| ${name}${simd ? '' : ' (scalar)'} | ${ms.map((t, i) => `${t.toFixed(3)}${i ? ` / ${(t / ms[0]).toFixed(2)}` : ''}`).join(' | ')} |`);
  }
}
modules.forEach((t) => t.m._tw_set_simd(1));
