// Pad on heap-resident float32 [1,3,1024,1024] +64 (H and W) for two or more
// tensorwarp trees in one process, interleaved by mode and tree, so a change
// to the C executor can be compared with the build before it: the kernel and
// the call, no copies in or out. Prints medians and the ratio to the first
// tree, and checks that every tree gives the same bytes.
// Usage: node bench/pad-ab.mjs [--rounds 21] <tree> [<tree> ...]
//   a tree is a directory holding js/ and wasm/ (a checkout, or a copy of one)
import { median, treeArguments } from './node-tools.mjs';

const { rounds, trees } = treeArguments(process.argv.slice(2), 'node bench/pad-ab.mjs [--rounds 21] <tree> ...');
const DIMS = [1, 3, 1024, 1024], OUT_DIMS = [1, 3, 1152, 1152];
const MODES = ['constant', 'reflect', 'edge', 'wrap', 'symmetric'];

const envs = [];
for (const tree of trees) {
  const tw = await import(`${tree}/js/index.js`);
  await tw.ready();
  const x = tw.tensor('float32', DIMS);
  x.data.set(Float32Array.from({ length: x.data.length }, (_, i) => i % 1000));
  envs.push({ tw, x, out: tw.tensor('float32', OUT_DIMS), times: Object.fromEntries(MODES.map((m) => [m, []])) });
}

const options = (mode, out) => (mode === 'symmetric'
  ? { padsBegin: [0, 0, 64, 64], padsEnd: [0, 0, 64, 64], mode, out }
  : { pads: [0, 0, 64, 64, 0, 0, 64, 64], mode, value: 0.5, out });

for (const mode of MODES) {
  for (let round = -2; round < rounds; round++) {
    for (const e of envs) {
      const start = performance.now();
      e.tw.pad(e.x, options(mode, e.out));
      if (round >= 0) e.times[mode].push(performance.now() - start);
    }
  }
  const first = envs[0].out.data;
  envs.slice(1).forEach((e, i) => {
    const other = e.out.data;
    const same = first.length === other.length && first.every((v, j) => Object.is(v, other[j]));
    if (!same) throw new Error(`${mode}: tree ${i + 2} gives other bytes than tree 1`);
  });
}

console.log(`Pad, heap-resident float32 [1,3,1024,1024] +64, ${rounds} rounds, medians in ms (÷ tree 1)`);
for (const mode of MODES) {
  const base = median(envs[0].times[mode]);
  console.log(`${mode.padEnd(10)} ${envs.map((e) => `${median(e.times[mode]).toFixed(3)} (${(median(e.times[mode]) / base).toFixed(2)})`).join('  ')}`);
}
