// The wasm heap's views (HEAPU8, HEAP32, ...) are read and written in two
// files only: js/module.js (the frame: write, slice, readInt32s, ...) and
// js/tensor.js (tensors, copyOut). A view cached across an allocation is
// stale after memory growth (TOOLCHAIN.md); keeping the accesses in two
// files keeps that rule checkable. The image files copied by hand (issue 22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ready } from '../js/index.js';
import { withFrame } from '../js/module.js';

const ALLOWED = new Set(['js/module.js', 'js/tensor.js']);

function* jsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

test('only js/module.js and js/tensor.js touch the heap views', () => {
  const found = [];
  for (const file of jsFiles('js')) {
    if (ALLOWED.has(file)) continue;
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/\bHEAP(U?8|U?16|U?32|U?64|F32|F64)\b/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

test('frame.write refuses a copy past its block; readInt32s and slice copy out', async () => {
  await ready();
  withFrame('test', (frame) => {
    const block = frame.alloc(8);
    frame.write(block, Int32Array.of(7, -2));
    assert.deepEqual(Array.from(frame.readInt32s(block, 2)), [7, -2]);
    frame.write(block, Uint8Array.of(1, 2, 3), 5); // over the last 3 bytes of -2 (fe ff ff ff)
    assert.deepEqual(Array.from(frame.slice(block + 4, 4)), [0xfe, 1, 2, 3]);
    assert.throws(() => frame.write(block, new Uint8Array(4), 5), /overflows its block/);
    assert.throws(() => frame.write(block, new Uint8Array(9)), /overflows its block/);
  });
});
