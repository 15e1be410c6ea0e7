// Capability lists come from C (one source): element sizes (dtype.h
// TW_DTYPE_BITS), the types AveragePool and GridSample take, GridSample's
// mode and padding names. tools/gen-enums.mjs turns the header lists into
// wasm/enums.js; these tests check that what JS accepts is exactly what the
// C entries accept when called, for every type code, and that a new list
// entry in a header reaches the generated module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ready, tensor, averagePool, gridSample } from '../js/index.js';
import { wasm } from '../js/module.js';
import { TYPES } from '../js/dtypes.js';
import { AVERAGEPOOL_TYPES } from '../js/averagepool.js';
import { GRIDSAMPLE_MODES, GRIDSAMPLE_PADDINGS, GRIDSAMPLE_X_TYPES, GRIDSAMPLE_GRID_TYPES } from '../js/gridsample.js';
import {
  dtype as DTYPE, status as STATUS, avgpool_auto_pad as AUTO_PAD, gridsample_mode as MODE, gridsample_padding as PADDING,
} from '../wasm/enums.js';

await ready();
const m = wasm();
const names = Object.keys(DTYPE).map((key) => key.toLowerCase());

function withBlocks(sizes, body) {
  const pointers = sizes.map((bytes) => m._malloc(Math.max(bytes, 16)) >>> 0);
  try {
    return body(...pointers);
  } finally {
    pointers.forEach((p) => m._free(p));
  }
}
function int64s(pointer, values) {
  new BigInt64Array(m.HEAPU8.buffer, pointer, values.length).set(values.map(BigInt));
  return pointer;
}
const bytesOf = (name) => Math.ceil(m._tw_dtype_bits(DTYPE[name.toUpperCase()]) / 8);

test('element sizes: every type\'s bits in JS are tw_dtype_bits\'s', () => {
  for (const name of names) {
    assert.equal(TYPES[name].bits, m._tw_dtype_bits(DTYPE[name.toUpperCase()]), name);
  }
  assert.equal(m._tw_dtype_bits(0), 0, 'an unknown code has no size');
  assert.equal(m._tw_dtype_bits(999), 0);
});

// AveragePool [1, 1, 1] with kernel 1: OK for a type it takes, UNSUPPORTED otherwise.
function avgpoolStatus(code, bytes) {
  return withBlocks([bytes, bytes, 24, 8, 8], (x, y, shape, kernel, strides) =>
    m._tw_avgpool(code, x, bytes, 1, int64s(shape, [1, 1, 1]), int64s(kernel, [1]), int64s(strides, [1]), 0, 0, 0, 0,
      AUTO_PAD.NOTSET, y, bytes));
}

test('AveragePool: the JS type list is exactly the types tw_avgpool takes', () => {
  for (const name of names) {
    const status = avgpoolStatus(DTYPE[name.toUpperCase()], bytesOf(name));
    assert.equal(status, AVERAGEPOOL_TYPES.includes(name) ? STATUS.OK : STATUS.UNSUPPORTED, name);
  }
  for (const name of names.filter((n) => TYPES[n].kind !== 'string')) {
    const run = () => averagePool(tensor(name, [1, 1, 1]), { kernelShape: [1] });
    if (AVERAGEPOOL_TYPES.includes(name)) run();
    else assert.throws(run, /averagePool: x must be/, name);
  }
});

// GridSample x [1, 1, 1] sampled at one point, nearest, zeros.
function gridsampleStatus(xCode, xBytes, gridCode, gridBytes) {
  return withBlocks([xBytes, gridBytes, xBytes, 24, 24], (x, grid, y, xShape, gridShape) =>
    m._tw_gridsample(xCode, x, xBytes, 1, int64s(xShape, [1, 1, 1]), gridCode, grid, gridBytes,
      int64s(gridShape, [1, 1, 1]), MODE.NEAREST, PADDING.ZEROS, 0, 0, y, xBytes));
}

test('GridSample: the JS x and grid type lists are exactly the types tw_gridsample takes', () => {
  for (const name of names) {
    const code = DTYPE[name.toUpperCase()];
    const asX = gridsampleStatus(code, bytesOf(name), DTYPE.FLOAT32, 4);
    assert.equal(asX, GRIDSAMPLE_X_TYPES.includes(name) ? STATUS.OK : STATUS.UNSUPPORTED, `x ${name}`);
    const asGrid = gridsampleStatus(DTYPE.FLOAT32, 4, code, bytesOf(name));
    assert.equal(asGrid, GRIDSAMPLE_GRID_TYPES.includes(name) ? STATUS.OK : STATUS.UNSUPPORTED, `grid ${name}`);
  }
  const grid = tensor('float32', [1, 1, 1], Float32Array.of(0));
  for (const name of names.filter((n) => TYPES[n].kind !== 'string')) {
    const run = () => gridSample(tensor(name, [1, 1, 1]), grid, { mode: 'nearest' });
    if (GRIDSAMPLE_X_TYPES.includes(name)) run();
    else assert.throws(run, /gridSample: x of type/, name);
  }
});

test('GridSample: mode and padding names map to the C values gridsample.h lists', () => {
  assert.deepEqual({ ...GRIDSAMPLE_MODES }, {
    linear: MODE.LINEAR, bilinear: MODE.LINEAR, nearest: MODE.NEAREST, cubic: MODE.CUBIC, bicubic: MODE.CUBIC,
  });
  assert.deepEqual({ ...GRIDSAMPLE_PADDINGS }, {
    zeros: PADDING.ZEROS, border: PADDING.BORDER, reflection: PADDING.REFLECTION, wrap: PADDING.WRAP,
  });
  for (const code of [...Object.values(GRIDSAMPLE_MODES), ...Object.values(GRIDSAMPLE_PADDINGS)]) {
    assert.equal(typeof code, 'number');
  }
});

test('gen-enums: a new entry in a header list reaches the generated module; kernel registries stay out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tw-gen-enums-'));
  try {
    const header = join(dir, 'op.h');
    writeFileSync(header, [
      '/* a list */',
      '#define TW_OP_TYPES(X) X(FLOAT32) /* comment */ \\',
      '  X(UINT8) X(INT4)',
      '#define TW_OP_SIZES(X) X(A, 8) X(B, 16)',
      '#define TW_OP_MAPS(X) X(A, ZEROS, 1) X(B, WRAP, 0)',
      'typedef enum tw_op_mode { TW_OP_MODE_ONE = 1, /* x */ TW_OP_MODE_TWO = 2 } tw_op_mode;',
    ].join('\n'));
    const internal = join(dir, 'op-internal.h');
    writeFileSync(internal, '#define TW_OP_KERNELS(X) X(k1) X(k2)\n');
    const generated = execFileSync(process.execPath, ['tools/gen-enums.mjs', header, internal], { encoding: 'utf8' });
    assert.match(generated, /export const op_types = Object\.freeze\(\["FLOAT32","UINT8","INT4"\]\);/);
    assert.match(generated, /export const op_sizes = Object\.freeze\(\{"A":8,"B":16\}\);/);
    assert.match(generated, /export const op_maps = Object\.freeze\(\{"A":\["ZEROS",1\],"B":\["WRAP",0\]\}\);/); // three arguments
    assert.match(generated, /export const op_mode = Object\.freeze\(\{"ONE":1,"TWO":2\}\);/);
    assert.doesNotMatch(generated, /op_kernels/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// js/index.d.ts spells the same lists as TypeScript unions; they must say
// what the C lists say (a type added in C and not here is a type TypeScript
// users cannot pass).
test('index.d.ts: the AveragePool, GridSample and option-name unions are the C lists', async () => {
  const { readFileSync } = await import('node:fs');
  const dts = readFileSync(new URL('../js/index.d.ts', import.meta.url), 'utf8');
  const union = (name) => {
    const match = new RegExp(`export type ${name} = ([^;]*);`).exec(dts);
    assert.ok(match, `index.d.ts declares ${name}`);
    return [...match[1].matchAll(/'([^']+)'/g)].map(([, v]) => v).sort();
  };
  assert.deepEqual(union('AveragePoolType'), [...AVERAGEPOOL_TYPES].sort());
  assert.deepEqual(union('GridType'), [...GRIDSAMPLE_GRID_TYPES].sort());
  assert.deepEqual(union('GridSampleMode'), Object.keys(GRIDSAMPLE_MODES).sort());
  assert.deepEqual(union('GridSamplePadding'), Object.keys(GRIDSAMPLE_PADDINGS).sort());
  // GridSampleType excludes the types GridSample does not take (string is sampled through an index map)
  const excluded = union('GridSampleType');
  const all = names.filter((n) => !excluded.includes(n));
  assert.deepEqual(all.sort(), [...GRIDSAMPLE_X_TYPES, 'string'].sort());
});
