// Moving rows by index maps: a result assembled in JS memory straight from a
// source in JS memory, one pass, with no round trip through the wasm heap.
// Which source element a result element takes is decided by the border rule
// in C (Pad's, src/pad/pad.h), which the callers ask for as index maps
// (tw_pad_maps for tensors, tw_image_region_map for images); this file only
// moves what the maps say.
//
// The data are rows of `units`: a unit is what one map entry moves (a pixel
// of an image, or the elements of the trailing axes a pad leaves alone).
// rows[r] is the source row of result row r, columns[c] the source unit of
// result unit c within its row; -1 in either means the fill.
import { touchAhead } from './stream.js';

/**
 * An int32 index map of `entries` entries that `write(pointer, bytes)` (a
 * checked C call) writes into a block of `frame`, copied out to JS.
 */
export function readMap(frame, entries, what, write) {
  const pointer = frame.alloc(4 * entries, what);
  write(pointer, 4 * entries);
  return frame.readInt32s(pointer, entries);
}

// A run of source units in order is one TypedArray.prototype.set when it
// holds at least RUN_SET_BYTES bytes or RUN_SET_UNITS units; a shorter one is
// moved unit by unit, as words (moveSteps). Measured moving the rows of a
// wrapped pad (the same process, the two plans interleaved, medians): runs
// of 64 4-byte units (256 bytes) 2.25 ms unit by unit against 3.26 by set
// ([1,3,1024,1024] +64), runs of 32 pixels (128 bytes) 10.7 against 13.6
// (1920x1080 RGBA, 3 planes, +32); runs of 128 4-byte units (512 bytes)
// 6.8 against 6.1; runs of 64 single bytes 8.3 against 8.9.
const RUN_SET_BYTES = 512;
const RUN_SET_UNITS = 128;

/**
 * The moves that make one result row from its source row, from the column
 * map: runs of source units in order (one `set` each), runs of fill, and
 * short runs whose source steps by -1 (a mirrored border), 0 (a repeated
 * edge) or +1 (a short wrapped run), moved unit by unit.
 */
export function rowPlan(columns, unitBytes) {
  const runs = [], fills = [], steps = [];
  for (let c = 0; c < columns.length;) {
    let e = c + 1;
    if (columns[c] < 0) {
      while (e < columns.length && columns[e] < 0) e++;
      fills.push([c * unitBytes, (e - c) * unitBytes]);
    } else if (c + 1 < columns.length && columns[c + 1] === columns[c] + 1) {
      while (e < columns.length && columns[e] === columns[e - 1] + 1) e++;
      if ((e - c) * unitBytes >= RUN_SET_BYTES || e - c >= RUN_SET_UNITS) runs.push([c * unitBytes, columns[c] * unitBytes, (e - c) * unitBytes]);
      else steps.push(c, columns[c], e - c, 1);
    } else {
      const step = c + 1 < columns.length && columns[c + 1] >= 0 ? columns[c + 1] - columns[c] : 1;
      if (step === -1 || step === 0) {
        while (e < columns.length && columns[e] >= 0 && columns[e] === columns[e - 1] + step) e++;
      }
      steps.push(c, columns[c], e - c, step === -1 || step === 0 ? step : 1);
    }
    c = e;
  }
  return { runs, fills, steps: Int32Array.from(steps) };
}

// The units of the stepped runs are moved as words of the widest integer
// type that divides the unit and both arrays' offsets: an element of a
// float32 tensor or an RGBA pixel is one Uint32 (never a Float32Array
// element, whose NaN payloads an engine may change).
const STEP_VIEWS = [[4, Uint32Array], [2, Uint16Array], [1, Uint8Array]];

/** { s, d, perUnit }: source and target as words of the widest size that fits, perUnit words a unit. */
function wordsOf(source, target, unitBytes) {
  for (const [size, View] of STEP_VIEWS) {
    if (unitBytes % size !== 0 || source.byteOffset % size !== 0 || target.byteOffset % size !== 0) continue;
    const view = (bytes) => new View(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / size));
    return { s: view(source), d: view(target), perUnit: unitBytes / size };
  }
  throw new Error('unreachable: a byte always fits');
}

/**
 * Moves the stepped runs of one row (`steps`: [column, source column, count,
 * step] in units; see rowPlan), the source row starting at word `inAt` and
 * the target row at word `outAt`. moveRows calls it right after the row's
 * runs are set, while the row is in cache: as a second pass over the whole
 * result (its earlier form) the mirrored columns of image pad 32 reflect at
 * 1080p cost 0.4 ms more than pad 32 constant; in the same pass, the call
 * took 1.73 ms instead of 2.17 (Node, pages reused, medians).
 */
function moveSteps(s, d, steps, inAt, outAt, perUnit) {
  for (let k = 0; k < steps.length; k += 4) {
    const to = outAt + steps[k] * perUnit, at = inAt + steps[k + 1] * perUnit, count = steps[k + 2], step = steps[k + 3];
    if (perUnit === 1) {
      if (step === -1) for (let j = 0; j < count; j++) d[to + j] = s[at - j];
      else if (step === 0) for (let j = 0, v = s[at]; j < count; j++) d[to + j] = v;
      else for (let j = 0; j < count; j++) d[to + j] = s[at + j];
      continue;
    }
    const back = (step - 1) * perUnit; // from the end of one unit to the start of the next
    for (let j = 0, o = to, i = at; j < count; j++, i += back) {
      for (let b = 0; b < perUnit; b++) d[o++] = s[i++];
    }
  }
}

/** A row of the fill unit repeated, `units` long. */
function fillRow(fillUnit, units) {
  const row = new Uint8Array(units * fillUnit.length);
  for (let i = 0; i < row.length; i++) row[i] = fillUnit[i % fillUnit.length];
  return row;
}

const WORD_VIEWS = [[8, BigUint64Array], [4, Uint32Array], [2, Uint16Array], [1, Uint8Array]];

/**
 * A function that writes the fill over target bytes [start, end) (whole
 * units). TypedArray.prototype.fill of one word does it when the unit is
 * one word repeated (an element, or an RGBA pixel) and the target is aligned
 * to it; otherwise a row of fill units is copied in as often as it takes.
 */
function filler(target, fillUnit, rowUnits) {
  const unitBytes = fillUnit.length;
  for (const [size, View] of WORD_VIEWS) {
    if (unitBytes % size !== 0 || target.byteOffset % size !== 0) continue;
    if (!fillUnit.every((b, i) => b === fillUnit[i % size])) continue;
    const words = new View(target.buffer, target.byteOffset, target.length / size);
    const word = new View(fillUnit.slice(0, size).buffer)[0];
    return (start, end) => words.fill(word, start / size, end / size);
  }
  const row = fillRow(fillUnit, rowUnits);
  return (start, end) => {
    for (let at = start; at < end; at += row.length) target.set(row.subarray(0, Math.min(row.length, end - at)), at);
  };
}

/**
 * Writes every byte of `target` (rows.length rows of targetRowUnits units)
 * from `source` (rows of sourceRowUnits units), both byte arrays that do not
 * overlap, following the maps (the column map as given or as its rowPlan);
 * `fillUnit` holds the unitBytes bytes of one unit of fill. Fill that runs
 * on from one row into the next (a right border and the next left border,
 * rows of fill) is written in one call.
 */
export function moveRows({ source, target, rows, columns, sourceRowUnits, targetRowUnits, unitBytes, fillUnit, plan = rowPlan(columns, unitBytes) }) {
  const fill = rows.includes(-1) || plan.fills.length > 0 ? filler(target, fillUnit, targetRowUnits) : null;
  const outRow = targetRowUnits * unitBytes, inRow = sourceRowUnits * unitBytes;
  const { steps } = plan;
  const words = steps.length > 0 ? wordsOf(source, target, unitBytes) : null;
  const wordBytes = words ? unitBytes / words.perUnit : 1;
  const ahead = touchAhead(target); // a fresh result's pages, a cacheful at a time (stream.js)
  let fillStart = 0, fillEnd = 0; // the fill not yet written
  const addFill = (start, end) => {
    if (start !== fillEnd) {
      if (fillEnd > fillStart) fill(fillStart, fillEnd);
      fillStart = start;
    }
    fillEnd = end;
  };
  for (let r = 0; r < rows.length; r++) {
    const at = r * outRow, row = rows[r];
    ahead(at + outRow);
    if (row < 0) {
      addFill(at, at + outRow);
      continue;
    }
    const start = row * inRow;
    for (const [to, from, bytes] of plan.runs) target.set(source.subarray(start + from, start + from + bytes), at + to);
    if (words) moveSteps(words.s, words.d, steps, start / wordBytes, at / wordBytes, words.perUnit);
    for (const [to, bytes] of plan.fills) addFill(at + to, at + to + bytes);
  }
  if (fillEnd > fillStart) fill(fillStart, fillEnd);
}
