// The module size README.md states (its first paragraph and the comparison
// table) against wasm/tensorwarp.wasm as built: raw bytes and gzip -9, in kB
// of 1000 bytes. The figures are written by hand when the module changes;
// a tolerance of 10% lets a small change land before the text is updated,
// and still catches a figure from another module (it said 329 kB / 87 kB
// for a module of 369 kB / 102 kB).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const wasm = readFileSync(new URL('wasm/tensorwarp.wasm', root));
const measured = { raw: wasm.length / 1000, gzip: gzipSync(wasm, { level: 9 }).length / 1000 };
const TOLERANCE = 0.1;

function near(stated, actual, what) {
  assert.ok(Math.abs(stated - actual) <= TOLERANCE * actual, `${what}: README says ${stated} kB, the module is ${actual.toFixed(1)} kB`);
}

test('README: the first paragraph gives the module size, raw and gzipped', () => {
  const [, raw, gzip] = readme.match(/one (\d+) kB WebAssembly SIMD module \((\d+) kB gzipped\)/) ?? [];
  assert.ok(raw && gzip, 'the first paragraph states "one N kB WebAssembly SIMD module (M kB gzipped)"');
  near(Number(raw), measured.raw, 'raw');
  near(Number(gzip), measured.gzip, 'gzip -9');
});

test('README: the comparison table gives the same size', () => {
  const [, raw, gzip] = readme.match(/^\| wasm to load \| (\d+) kB \/ (\d+) kB \|/m) ?? [];
  assert.ok(raw && gzip, 'the table has a "wasm to load" row');
  near(Number(raw), measured.raw, 'raw');
  near(Number(gzip), measured.gzip, 'gzip -9');
});
