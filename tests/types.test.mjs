// The TypeScript declarations (js/index.d.ts) as a user's compiler sees them:
// tests/types/usage.ts must type-check, including its @ts-expect-error lines
// (each of which tsc reports if the declarations stop rejecting that misuse).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

test('index.d.ts: typed usage compiles and misuse is rejected', () => {
  const tsc = require.resolve('typescript/bin/tsc');
  const project = new URL('./types/tsconfig.json', import.meta.url).pathname;
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  } catch (error) {
    output = `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error);
  }
  assert.equal(output, '', `tsc reported:\n${output}`);
});
