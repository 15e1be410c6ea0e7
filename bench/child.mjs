// Entry point of a child process that serves one configuration to run.mjs
// (see isolated.mjs): `node bench/child.mjs <config> <plan-json>`.
// It answers { id, cmd: 'load' | 'start' | 'round' | 'finish' | 'close', key?, k? }
// messages with { id, result }, one at a time, so the parent drives the whole
// run (including the interleaving of rounds with its own configurations) and
// collects every record (and output, for the agreement check) itself.

import { configByName } from './configs.mjs';
import { WORKLOADS, VARIANTS } from './workloads.mjs';
import { CaseRunner } from './bench-case.mjs';

const [name, planJson] = process.argv.slice(2);
const plan = JSON.parse(planJson);
const spec = configByName(name);
let config = null;
let runner = null;

async function handle(msg) {
  if (msg.cmd === 'load') {
    config = await spec.load();
    runner = new CaseRunner(config, plan);
    return { version: config.version };
  }
  if (msg.cmd === 'close') {
    await config?.close();
    return {};
  }
  const w = [...WORKLOADS, ...VARIANTS].find((x) => x.key === msg.key);
  if (!w) return { error: `unknown workload ${msg.key}` };
  if (msg.cmd === 'start') return runner.start(w);
  if (msg.cmd === 'round') return runner.round(w, msg.k);
  if (msg.cmd === 'finish') return runner.finish(w);
  return { error: `unknown command ${msg.cmd}` };
}

process.on('message', async (msg) => {
  let reply;
  try {
    reply = { id: msg.id, result: await handle(msg) };
  } catch (err) {
    reply = { id: msg.id, result: { error: String(err?.message ?? err).split('\n')[0] } };
  }
  process.send(reply);
  // Let the IPC channel close so this process can end (ort-web's worker
  // threads would otherwise keep it alive).
  if (msg.cmd === 'close') process.disconnect();
});
