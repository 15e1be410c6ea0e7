// gaussianBlur (torchvision's Gaussian blur, src/color/color-blur.c) for two or more tensorwarp trees in one
// Node process, interleaved, each round starting at another tree, beside a copy of the image into a fresh
// array: 1920x1080 and 224x224 photo-like RGBA, sizes 3, 5 and 9 with the default sigma (every weight >=
// 2^-20: the direct kernels) and two small sigmas (weights below it: the exact-FMA kernels). Process CPU ms
// per call (224x224: per call of 20), medians; ratios to the copy and of tree 1 to each tree. Checks that
// every tree gives the same bytes. A tree is a directory holding js/ and wasm/ (a checkout, or a copy).
// Usage: node bench/blur-ab.mjs [--rounds 21] [--only <text>] <tree> [<tree> ...]
import { checkSameBytes, interleavedCpuMs, photoRgba, treeArguments, loadText } from './node-tools.mjs';

const { rounds, only, trees } = treeArguments(process.argv.slice(2), 'node bench/blur-ab.mjs [--rounds 21] [--only <text>] <tree> ...');
const blurs = [];
for (const tree of trees) {
  const module = await import(`${tree}/js/module.js`);
  await module.ready();
  blurs.push((await import(`${tree}/js/image.js`)).gaussianBlur);
}

const cases = [];
for (const [width, height] of [[1920, 1080], [224, 224]]) {
  for (const [size, sigma] of [[3], [5], [9], [9, 0.5], [3, 0.1]]) {
    const name = `${width}x${height} ${size}x${size}${sigma ? ` sigma ${sigma} (exact FMA)` : ''}`;
    if (name.includes(only)) cases.push({ name, width, height, options: { size, ...(sigma ? { sigma } : {}) } });
  }
}

console.log(`gaussianBlur A/B, RGBA, ${rounds} interleaved rounds, medians of process CPU ms per call; load ${loadText()}`);
console.log(`| case | ${trees.map((_, i) => `tree ${i + 1}: ms / ÷ copy${i ? ' / tree 1 ÷ this' : ''}`).join(' | ')} | copy |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|---:|`);
for (const c of cases) {
  const img = photoRgba(c.width, c.height);
  const repeat = c.width * c.height < 500_000 ? 20 : 1;
  checkSameBytes(blurs.map((blur) => blur(img, c.options).data), c.name);
  const ms = interleavedCpuMs([...blurs.map((blur) => () => blur(img, c.options)), () => img.data.slice()], rounds, repeat);
  const copy = ms.at(-1);
  const cells = ms.slice(0, -1).map((t, i) => `${t.toFixed(2)} / ${(t / copy).toFixed(1)}×${i ? ` / ${(ms[0] / t).toFixed(2)}×` : ''}`);
  console.log(`| ${c.name} | ${cells.join(' | ')} | ${copy.toFixed(3)} |`);
}
