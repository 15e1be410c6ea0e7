// Where an image call's time goes (bench/phases-suite.js), in Node and in
// headless Chromium side by side: end to end, into a reused out, the fresh
// result alone, the copy floor, and the set / C-entry time inside the call.
// Usage: node bench/phases.mjs [rounds] [--only <text>] [--no-node] [--flags "<chromium switches, diagnosis only>"] [--plain]
//   --plain: the page is not cross-origin isolated (Chromium's clock is then coarsened to 0.1 ms)
import { loadText } from './node-tools.mjs';
import { ready } from '../js/index.js';
import { phases } from './phases-suite.js';
import { inChromium } from './browser.mjs';

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const rounds = Number(argv.find((a) => /^\d+$/.test(a)) ?? 9);
const only = option('--only');
const flags = option('--flags')?.split(' ').filter(Boolean) ?? [];

function print(title, results) {
  console.log(`\n### ${title}\n`);
  if (results.error || results.errors) console.log(JSON.stringify(results.error ?? results.errors));
  console.log('| case | end to end | into out | fresh result | copy floor | set in out | C in out | rest of out |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results)) {
    if (typeof r !== 'object' || !('e2e' in r)) continue;
    const f = (v) => v.toFixed(2);
    console.log(`| ${name} | ${f(r.e2e)} | ${f(r.out)} | ${f(r.fresh)} | ${f(r.floor)} | ${f(r.set)} | ${f(r.c)} | ${f(r.out - r.set - r.c)} |`);
  }
}

console.log(`phases, 1920x1080 RGBA, ${rounds} rounds, medians of ms per call; load ${loadText()}`);
if (!argv.includes('--no-node')) {
  await ready();
  print(`Node ${process.version}`, await phases({ rounds, only }));
}
const browser = await inChromium('phases-suite.js', async ({ base, rounds, only }) => {
  const { ready } = await import(`${base}/js/index.js`);
  await ready();
  const { phases } = await import(`${base}/bench/phases-suite.js`);
  return phases({ rounds, only });
}, { rounds, only }, { isolated: !argv.includes('--plain'), flags }).catch((error) => ({ error: error.message }));
print(`Chromium${flags.length ? ` ${flags.join(' ')}` : ''}${argv.includes('--plain') ? '' : ' (cross-origin isolated)'}`, browser);
console.log(`\nload after: ${loadText()}`);
process.exit(0);
