// C error messages start with the C parameter at fault ("pads: ...",
// "scratch: ..."), which js/module.js check() maps to the JS argument and
// prefixes with the operator. A message that starts with the operator's own
// name reads "pad: pad: ..." in JS (it did, for Pad's and resize's
// out-of-memory messages). This reads every tw_fail call in src/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OPERATORS = new Set(['pad', 'gridsample', 'gridSample', 'avgpool', 'averagePool', 'resize', 'warp', 'warpAffine',
  'warpPerspective', 'rotate', 'flip', 'rotate90', 'blur', 'crop', 'convert', 'toTensor', 'fromTensor', 'image', 'tensorwarp']);

function* cFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* cFiles(path);
    else if (/\.(c|h|inc)$/.test(entry.name)) yield path;
  }
}

test('no C message starts with an operator name (JS adds it: "pad: pad: ...")', () => {
  const found = [];
  let messages = 0;
  for (const file of cFiles('src')) {
    const text = readFileSync(file, 'utf8');
    for (const [, lead] of text.matchAll(/tw_fail\(\s*\w+,\s*"([A-Za-z_0-9]*)/g)) {
      messages++;
      if (OPERATORS.has(lead)) found.push(`${file}: "${lead}: ..."`);
    }
  }
  assert.ok(messages > 100, `read ${messages} messages`);
  assert.deepEqual(found, []);
});

test('every message of the image and warp entries leads with the C parameter at fault ("name:", "a/b:", "name[i]:")', () => {
  // js/module.js check() maps that lead to the JS argument; resize's had none ("src and dst overlap")
  const LEAD = /^(%s|[a-z_][a-z_0-9]*(\[[^\]]*\])?(\/[a-z_][a-z_0-9]*)*):/;
  const found = [];
  let messages = 0;
  for (const file of [...cFiles('src/image'), ...cFiles('src/warp')]) {
    const text = readFileSync(file, 'utf8');
    for (const [, message] of text.matchAll(/tw_fail\(\s*\w+,\s*"((?:[^"\\]|\\.)*)"/g)) {
      messages++;
      if (!LEAD.test(message)) found.push(`${file}: "${message}"`);
    }
  }
  assert.ok(messages > 50, `read ${messages} messages`);
  assert.deepEqual(found, []);
});
