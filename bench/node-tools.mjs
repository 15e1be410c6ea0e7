// What the Node-side benches share: loading OpenCV.js, process CPU time,
// medians, and the command line of the A/B benches that compare trees.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** { cv }: the OpenCV.js module is a thenable that hands back itself, so it stays wrapped (awaiting it never ends). */
export function loadOpenCv() {
  return new Promise((done) => {
    const m = createRequire(import.meta.url)('@techstark/opencv-js');
    if (typeof m.then === 'function') m.then((cv) => done({ cv })); else done({ cv: m });
  });
}

/** This process's CPU time (user + system) in ms: steadier than wall time on a machine others load. */
export function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

/**
 * `[--size 1080p] [--rounds 21] [--only text] <tree> ...` of the A/B benches:
 * each tree is a directory holding js/, wasm/ and bench/, returned as a file URL.
 */
export function treeArguments(argv, usage, { onlyRequired = false } = {}) {
  const rest = [...argv];
  const option = (name, fallback) => (rest.includes(name) ? rest.splice(rest.indexOf(name), 2)[1] : fallback);
  const size = option('--size', '1080p');
  const rounds = Number(option('--rounds', '21'));
  const only = option('--only', '');
  const trees = rest.map((dir) => pathToFileURL(resolve(dir)).href);
  if (trees.length === 0 || (onlyRequired && !only)) throw new Error(`usage: ${usage}`);
  return { size, rounds, only, trees };
}
