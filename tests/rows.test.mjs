// js/rows.js moveRows, the row mover behind Pad's maps path and the image
// crop and pad, against a byte-by-byte reading of its maps: random units
// (1 to 24 bytes, words and not, at any offset of source and target), column maps of runs, mirrored and
// repeated stretches and fill, rows of fill, fill units that are one word
// repeated (TypedArray.fill) or not (copied rows), and targets at every
// byte offset inside a larger buffer whose other bytes must stay as they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveRows } from '../js/rows.js';
import { rng } from './support/random.js';

/** Every target byte as the maps say: the source unit's byte, or the fill's. */
function expected({ source, rows, columns, sourceRowUnits, targetRowUnits, unitBytes, fillUnit }) {
  const out = new Uint8Array(rows.length * targetRowUnits * unitBytes);
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < targetRowUnits; c++) {
      for (let b = 0; b < unitBytes; b++) {
        const from = rows[r] < 0 || columns[c] < 0 ? -1 : (rows[r] * sourceRowUnits + columns[c]) * unitBytes + b;
        out[(r * targetRowUnits + c) * unitBytes + b] = from < 0 ? fillUnit[b] : source[from];
      }
    }
  }
  return out;
}

/** A column map of stretches: fill, ascending (wrapping), descending, repeated. */
function columnMap(r, targetRowUnits, sourceRowUnits) {
  const columns = new Int32Array(targetRowUnits);
  for (let c = 0; c < targetRowUnits;) {
    const length = r.int(1, 30), kind = r.int(0, 3), first = r.int(0, sourceRowUnits - 1);
    for (let k = 0; k < length && c < targetRowUnits; k++, c++) {
      columns[c] = [-1, (first + k) % sourceRowUnits, Math.max(0, first - k), first][kind];
    }
  }
  return columns;
}

/** A fill unit: zeros, one 4-byte word repeated, one 8-byte word repeated, or no pattern. */
function fillUnitOf(r, unitBytes) {
  const pattern = r.int(0, 3), word = r.bytes(8);
  return Uint8Array.from({ length: unitBytes }, (_, i) => [0, word[i % 4], word[i % 8], r.int(0, 255)][pattern]);
}

test('moveRows writes every target byte as its maps say, and nothing beside the target', () => {
  const r = rng(0x5eed_0a11);
  const GUARD = 0xa5;
  for (let trial = 0; trial < 4000; trial++) {
    const unitBytes = r.pick([1, 2, 3, 4, 5, 6, 8, 12, 16, 24]);
    const sourceRowUnits = r.int(1, 40), sourceRows = r.int(1, 5);
    const targetRowUnits = r.int(1, 60);
    const rows = Int32Array.from({ length: r.int(1, 6) }, () => (r.next() < 0.3 ? -1 : r.int(0, sourceRows - 1)));
    const columns = columnMap(r, targetRowUnits, sourceRowUnits);
    // The source too at any byte offset: the stepped units move as 4-, 2- or 1-byte words as the offsets allow.
    const sourceOffset = r.int(0, 7), sourceBytes = r.bytes(sourceRows * sourceRowUnits * unitBytes);
    const source = new Uint8Array(sourceOffset + sourceBytes.length).subarray(sourceOffset);
    source.set(sourceBytes);
    const fillUnit = fillUnitOf(r, unitBytes);
    const offset = r.int(0, 16), bytes = rows.length * targetRowUnits * unitBytes;
    const whole = new Uint8Array(offset + bytes + 24).fill(GUARD);
    const target = whole.subarray(offset, offset + bytes);
    const args = { source, target, rows, columns, sourceRowUnits, targetRowUnits, unitBytes, fillUnit };
    moveRows(args);
    const label = `trial ${trial}: unit ${unitBytes} B, offset ${offset}, rows [${rows}], fill [${fillUnit}]`;
    assert.deepEqual(target, expected(args), label);
    assert.ok(whole.subarray(0, offset).every((b) => b === GUARD), `${label}: a byte before the target was written`);
    assert.ok(whole.subarray(offset + bytes).every((b) => b === GUARD), `${label}: a byte after the target was written`);
  }
});
