// What the Node-side benches share: loading OpenCV.js, process CPU time,
// the load average, medians, a photo-like image, and what the A/B benches that compare trees
// share (their command line, the check that the trees agree, interleaved CPU-time rounds).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
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
 * A width x height RGBA image like a photo for the colour ops: per channel a folded diagonal
 * gradient (every hue, neighbours alike) plus noise in -4..4 from a fixed xorshift; alpha 255.
 */
export function photoRgba(width, height) {
  const data = new Uint8ClampedArray(width * height * 4);
  let s = 12345;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++, i++) {
        s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
        const t = (((x * (3 + c) + y * (2 + c)) >> 3) + c * 85) % 512;
        data[i] = c === 3 ? 255 : Math.min(255, Math.max(0, (t < 256 ? t : 511 - t) + (s % 9) - 4));
      }
    }
  }
  return { width, height, channels: 4, data };
}

/** Throws unless every tree's output (byte arrays, tree 1 first) equals tree 1's; `name` the case. */
export function checkSameBytes(outputs, name) {
  const first = Buffer.from(outputs[0]);
  outputs.forEach((o, i) => { if (!first.equals(Buffer.from(o))) throw new Error(`${name}: tree ${i + 1} differs from tree 1`); });
}

/**
 * The median process CPU ms per call of each of `runs`, over `rounds` rounds of `repeat` calls each;
 * each round starts at another run (the one before it leaves part of the data in cache).
 */
export function interleavedCpuMs(runs, rounds, repeat = 1) {
  const times = runs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < runs.length; k++) {
      const i = (r + k) % runs.length, start = cpuMs();
      for (let n = 0; n < repeat; n++) runs[i]();
      times[i].push((cpuMs() - start) / repeat);
    }
  }
  return times.map(median);
}

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

const readProc = (path) => { try { return readFileSync(path, 'utf8'); } catch { return ''; } };

/** Headless Chromium's tab renderer: the renderer process with the most CPU time (a spare one may exit mid-run). */
export function rendererPids() {
  const all = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && readProc(`/proc/${p}/cmdline`).includes('--type=renderer'));
  const ticks = (pid) => { const f = readProc(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? []; return Number(f[11] ?? 0) + Number(f[12] ?? 0); };
  return all.sort((a, b) => ticks(b) - ticks(a)).slice(0, 1);
}

/**
 * What `pids` have used so far, from /proc: cpu, ns on CPU summed over every
 * thread (schedstat); main, of their main threads; faults, minor page faults;
 * user and system, ms (clock ticks of 10 ms).
 */
export function processUsage(pids) {
  let cpu = 0, main = 0, faults = 0, user = 0, system = 0;
  for (const pid of pids) {
    const stat = readProc(`/proc/${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
    faults += Number(stat[7] ?? 0);
    user += Number(stat[11] ?? 0) * 10;
    system += Number(stat[12] ?? 0) * 10;
    let tasks = [];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { /* gone */ }
    for (const tid of tasks) {
      const ns = Number(readProc(`/proc/${pid}/task/${tid}/schedstat`).split(' ')[0] || 0);
      cpu += ns;
      if (tid === pid) main += ns;
    }
  }
  return { cpu, main, faults, user, system };
}

/** The 1-, 5- and 15-minute load averages, as a report's header gives them. */
export const loadText = () => loadavg().map((v) => v.toFixed(2)).join(' ');
