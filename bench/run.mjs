#!/usr/bin/env node
// tensorwarp beside its peers on identical inputs, in one run: medians, ratios,
// and a check that every configuration computes the same thing.
//
//   node bench/run.mjs [--only pad,gs_cubic,...] [--peers tensorwarp,ort-web-t1,...] [--quick] [--no-variants]
//
// Progress goes to stderr; the report goes to stdout and bench/results/latest.md.
// Runs offline: every library comes from node_modules, every input is generated.

import { parseArgs } from 'node:util';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { selectWorkloads, WORKLOADS } from './workloads.mjs';
import { CONFIGS, selectConfigs, runsWorkload } from './configs.mjs';
import { FULL, QUICK } from './timing.mjs';
import { CaseRunner } from './bench-case.mjs';
import { startIsolated } from './isolated.mjs';
import { compare } from './agreement.mjs';
import { renderReport, formatMs } from './report.mjs';
import { WASM_BUDGET } from '../tools/wasm-budget.mjs';

const USAGE = `usage: node bench/run.mjs [options]
  --only <list>    workloads: op names (pad, gridsample|gs, averagepool|ap) or
                   workload id prefixes (pad_u8, gs_cubic, ap_k7s1p3); comma-separated
  --peers <list>   configurations (a name also selects its <name>-... variants):
                   ${CONFIGS.map((c) => c.name).join(', ')}
  --quick          1 warm-up and 3 timed runs per case: checks that everything runs
                   and agrees; the times are not for comparison
  --no-variants    skip the AveragePool opset variants (18, 19, 22)
  --help`;

// Bad command-line input: reported with the usage, without a stack trace.
class UsageError extends Error {}

function parse() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        only: { type: 'string' },
        peers: { type: 'string' },
        quick: { type: 'boolean', default: false },
        'no-variants': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err.message);
  }
  const list = (s) => (s ? s.split(',').map((t) => t.trim()).filter(Boolean) : []);
  return { ...values, only: list(values.only), peers: list(values.peers) };
}

function describePlan(p) {
  const rounds = p.rounds > 1
    ? `, taken in ${p.rounds} interleaved rounds (each configuration of a workload gets a share in turn, so background load hits all columns alike)`
    : '';
  return `${p.warmups} warm-up call(s), then timed calls until ≥ ${p.minTotalMs} ms in total (min ${p.minRuns}, max ${p.maxRuns} calls)${rounds}`;
}

const log = (...a) => console.error(...a);

// Each selected configuration as a runner:
// { spec, version, start(w), round(w, k), finish(w) -> record, close() }.
async function startRunner(spec, plan) {
  try {
    if (spec.isolate) return { spec, ...(await startIsolated(spec, plan)) };
    const config = await spec.load();
    const cases = new CaseRunner(config, plan);
    return {
      spec,
      version: config.version,
      start: (w) => cases.start(w),
      round: (w, k) => cases.round(w, k),
      finish: (w) => cases.finish(w),
      close: () => config.close(),
    };
  } catch (err) {
    const error = `could not load: ${String(err?.message ?? err).split('\n')[0]}`;
    log(`${spec.name}: ${error}`);
    return { spec, version: null, start: async () => false, round() {}, finish: async () => ({ error }), close() {} };
  }
}

/** The module's size against its budget (tools/wasm-budget.mjs, stated in README.md). */
function wasmSize() {
  try {
    const wasm = readFileSync(new URL('../wasm/tensorwarp.wasm', import.meta.url));
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    return `wasm/tensorwarp.wasm ${kb(wasm.length)} raw, ${kb(gzipSync(wasm, { level: 9 }).length)} gzipped (budget ${kb(WASM_BUDGET.raw)} / ${kb(WASM_BUDGET.gzip)})`;
  } catch (err) {
    return `wasm/tensorwarp.wasm not readable (${err.code ?? err.message})`;
  }
}

function gitCommit() {
  try {
    const opts = { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'ignore'] };
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], opts).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'js', 'src', 'wasm'], opts).toString().trim();
    return dirty ? `${hash} (with uncommitted changes)` : hash;
  } catch {
    return null;
  }
}

/**
 * Every configuration of workload `w`: all prepared together, timed in
 * interleaved rounds (timing.mjs) so their ratios come from the same stretch
 * of machine time, then each output compared with the reference output.
 * Returns { row: Map(config name -> record), refName }.
 */
async function runWorkload(w, runners, plan) {
  const active = runners.filter((r) => runsWorkload(r.spec, w));
  const timed = [];
  for (const r of active) if (await r.start(w)) timed.push(r);
  for (let k = 1; k <= plan.rounds; k++) {
    for (const r of timed) await r.round(w, k);
  }
  const row = new Map();
  let ref = null;
  for (const r of active) {
    const rec = await r.finish(w);
    // The first output of the row is the reference: tensorwarp end to end
    // comes first in CONFIGS, so it is the reference whenever it ran.
    if (rec.output && !ref) ref = { name: r.spec.name, output: rec.output };
    else if (rec.output) rec.agreement = compare(ref.output, rec.output, w, rec.expect);
    delete rec.output;
    row.set(r.spec.name, rec);
    const status = rec.median !== undefined
      ? `${formatMs(rec.median)} ms (min ${formatMs(rec.min)}, ${rec.runs} runs; per call ${rec.faults} page faults, GC ${formatMs(rec.gcMs)} ms)${rec.agreement && !rec.agreement.ok ? '  DISAGREES' : ''}`
      : rec.na ? `n/a: ${rec.na}` : `ERR: ${rec.error}`;
    log(`    ${r.spec.name.padEnd(20)} ${status}`);
  }
  return { row, refName: ref?.name };
}

async function main() {
  const args = parse();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const plan = args.quick ? QUICK : FULL;
  const { main: workloads, variants: allVariants } = selectWorkloads(args.only);
  const variants = args['no-variants'] ? [] : allVariants;
  if (!workloads.length) throw new UsageError(`--only ${args.only.join(',')} selects no workload; ids: ${WORKLOADS.map((w) => w.id).join(', ')}`);
  let specs;
  try {
    specs = selectConfigs(args.peers);
  } catch (err) {
    throw new UsageError(err.message);
  }

  const loadAtStart = os.loadavg()[0];
  log(`bench: ${workloads.length} workloads (+${variants.length} opset variants) × ${specs.length} configurations${args.quick ? ' (quick)' : ''}`);
  const runners = [];
  for (const spec of specs) runners.push(await startRunner(spec, plan));

  // Workload-major order: one workload's outputs are held at a time.
  const records = new Map();
  const refs = new Map();
  const jobs = [...workloads, ...variants];
  for (const [i, w] of jobs.entries()) {
    log(`[${i + 1}/${jobs.length}] ${w.key}`);
    const { row, refName } = await runWorkload(w, runners, plan);
    records.set(w.key, row);
    if (refName) refs.set(w.key, refName);
  }
  for (const r of runners) await r.close();

  const command = `node bench/run.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
  const isolated = specs.filter((s) => s.isolate).map((s) => `${s.name} (${s.isolate})`);
  const report = renderReport({
    meta: {
      date: new Date().toISOString(),
      command,
      cpu: os.cpus()[0]?.model?.trim() ?? 'unknown CPU',
      cores: os.cpus().length,
      memGiB: (os.totalmem() / 2 ** 30).toFixed(1),
      node: process.version,
      commit: gitCommit(),
      sizeText: wasmSize(),
      loadText: `1-minute load average ${loadAtStart.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end (on ${os.cpus().length} cores; anything above ~1 means other processes competed for the CPU)`,
      planText: describePlan(plan) + (args.quick ? ' — **quick run: times are not for comparison**' : ''),
      processText: isolated.length
        ? `One process, except ${isolated.join(', ')}, which runs in a child process started and driven by this one, while this one waits.`
        : 'All configurations ran in this one process.',
    },
    configs: runners.map((r) => ({ ...r.spec, version: r.version })),
    workloads,
    variants,
    records,
    refs,
  });
  process.stdout.write(report);
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('latest.md', dir), report);
  log(`report written to bench/results/latest.md`);
}

main().catch((err) => {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  console.error(err?.stack ?? err);
  process.exitCode = 1;
});
