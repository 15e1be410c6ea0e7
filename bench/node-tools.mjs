// What the Node-side benches share: loading OpenCV.js, process CPU time,
// the load average, medians, and the command line of the A/B benches that compare trees.
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
