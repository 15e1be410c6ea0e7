// Any case of bench/image-suite.js (rotate90, resize area, ...) for two or
// more tensorwarp trees in one process, interleaved, timed in process CPU time
// (user + system), with OpenCV.js and the copy floor beside them: a change
// against the build before it on a machine others load (wall-clock medians
// there swing by 2x). Per tree and case: the median CPU ms of the end-to-end
// call, its minor page faults per call (a fresh result's first touch: the
// allocator's state, not the kernel's work; pin it as bench/image-faults.mjs
// says to compare the rest), and OpenCV.js's and the floor's time divided by
// it. Each round starts at another peer (the one before it leaves part of
// the image in cache). Checks that every tree gives the same bytes.
// Usage: node bench/image-ab.mjs [--size 1080p|500x375] [--rounds 21] --only <text> <tree> [<tree> ...]
//   a tree is a directory holding js/, wasm/ and bench/ (a checkout, or a copy of one)
import { checkSameBytes, cpuMs as cpu, loadOpenCv, loadText, median, treeArguments } from './node-tools.mjs';

const { size, rounds, only, trees } = treeArguments(process.argv.slice(2),
  'node bench/image-ab.mjs [--size 1080p] [--rounds 21] --only <text> <tree> ...', { onlyRequired: true });
const faults = () => process.resourceUsage().minorPageFault;

const { cv } = await loadOpenCv();
const suites = [];
for (const tree of trees) {
  const module = await import(`${tree}/js/module.js`);
  await module.ready();
  suites.push((await import(`${tree}/bench/image-suite.js`)).imageCases({ cv }, [size]).filter((c) => c.name.includes(only)));
}

console.log(`image A/B, ${size} RGBA, ${rounds} interleaved rounds, medians of process CPU ms per call; load ${loadText()}`);
console.log(`| case | ${trees.map((_, i) => `tree ${i + 1}: ms / faults / OpenCV.js ÷ tw / tw ÷ floor`).join(' | ')} | OpenCV.js | floor |`);
console.log(`|---|${trees.map(() => '---:').join('|')}|---:|---:|`);
suites[0].forEach((first, at) => {
  // a case without OpenCV.js (toTensor) runs the floor in its column, printed as n/a
  const runs = [...suites.map((cases) => cases[at].peers.tensorwarp), first.peers.opencv ?? first.peers.floor, first.peers.floor];
  const outputs = runs.slice(0, trees.length).map((run) => Buffer.from(run().data));
  checkSameBytes(outputs, first.name);
  const times = runs.map(() => []), counts = runs.map(() => 0);
  for (let i = 0; i < 3; i++) runs.forEach((run) => run());
  // Each round starts at another peer: a peer right after one that read the same image finds part of it in cache.
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < runs.length; k++) {
      const i = (r + k) % runs.length;
      const f = faults(), start = cpu();
      runs[i]();
      times[i].push(cpu() - start);
      counts[i] += faults() - f;
    }
  }
  const ms = times.map(median);
  const [ocv, floor] = ms.slice(trees.length);
  const cv = first.peers.opencv !== undefined;
  const cells = ms.slice(0, trees.length).map((t, i) => `${t.toFixed(3)} / ${(counts[i] / rounds).toFixed(0)} / ${cv ? `${(ocv / t).toFixed(2)}×` : 'n/a'} / ${(t / floor).toFixed(2)}×`);
  const ocvCell = cv ? `${ocv.toFixed(3)} (${(counts[trees.length] / rounds).toFixed(0)} faults)` : 'n/a';
  console.log(`| ${first.name} | ${cells.join(' | ')} | ${ocvCell} | ${floor.toFixed(3)} (${(counts[trees.length + 1] / rounds).toFixed(0)} faults) |`);
});
