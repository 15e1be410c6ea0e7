// Entry point of a child process that serves one configuration to run.mjs
// (see isolated.mjs): `node bench/child.mjs <config> <plan-json>`.
// It answers { id, cmd: 'load' | 'bench' | 'close', key? } messages with
// { id, result }, one at a time, so the parent drives the whole run and
// collects every result (and output, for the agreement check) itself.

import { configByName } from './configs.mjs';
import { WORKLOADS, VARIANTS } from './workloads.mjs';
import { benchCase } from './bench-case.mjs';

const [name, planJson] = process.argv.slice(2);
const plan = JSON.parse(planJson);
const spec = configByName(name);
let config = null;

async function handle(msg) {
  if (msg.cmd === 'load') {
    config = await spec.load();
    return { version: config.version };
  }
  if (msg.cmd === 'bench') {
    const w = [...WORKLOADS, ...VARIANTS].find((x) => x.key === msg.key);
    if (!w) return { error: `unknown workload ${msg.key}` };
    return benchCase(config, w, plan);
  }
  if (msg.cmd === 'close') {
    await config?.close();
    return {};
  }
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
