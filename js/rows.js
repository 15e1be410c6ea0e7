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

/**
 * An int32 index map of `entries` entries that `write(pointer, bytes)` (a
 * checked C call) writes into a block of `frame`, copied out to JS.
 */
export function readMap(frame, entries, what, write) {
  const pointer = frame.alloc(4 * entries, what);
  write(pointer, 4 * entries);
  return frame.readInt32s(pointer, entries);
}

// A source run shorter than this many units is moved unit by unit: one
// TypedArray.prototype.set costs about as much as that many single moves.
const RUN_UNITS = 16;

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
      if (e - c >= RUN_UNITS) runs.push([c * unitBytes, columns[c] * unitBytes, (e - c) * unitBytes]);
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

/** A byte array as 32-bit words when units are whole words and both arrays allow it. */
function wordsOf(source, target, unitBytes) {
  const aligned = unitBytes % 4 === 0 && source.byteOffset % 4 === 0 && target.byteOffset % 4 === 0;
  if (!aligned) return { s: source, d: target, perUnit: unitBytes };
  const view = (bytes) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  return { s: view(source), d: view(target), perUnit: unitBytes >>> 2 };
}

/** Moves the stepped runs of every row, a unit (perUnit words or bytes) at a time. */
function moveSteps(source, target, steps, rows, sourceRowUnits, targetRowUnits, unitBytes) {
  if (steps.length === 0) return;
  const { s, d, perUnit } = wordsOf(source, target, unitBytes);
  for (let r = 0; r < rows.length; r++) {
    if (rows[r] < 0) continue;
    const outRow = r * targetRowUnits, inRow = rows[r] * sourceRowUnits;
    for (let k = 0; k < steps.length; k += 4) {
      const to = (outRow + steps[k]) * perUnit, count = steps[k + 2], step = steps[k + 3];
      let at = (inRow + steps[k + 1]) * perUnit;
      if (perUnit === 1) {
        for (let j = 0; j < count; j++, at += step) d[to + j] = s[at];
        continue;
      }
      const back = (step - 1) * perUnit; // from the end of one unit to the start of the next
      for (let j = 0, o = to; j < count; j++, at += back) {
        for (let b = 0; b < perUnit; b++) d[o++] = s[at++];
      }
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
    if (row < 0) {
      addFill(at, at + outRow);
      continue;
    }
    const start = row * inRow;
    for (const [to, from, bytes] of plan.runs) target.set(source.subarray(start + from, start + from + bytes), at + to);
    for (const [to, bytes] of plan.fills) addFill(at + to, at + to + bytes);
  }
  if (fillEnd > fillStart) fill(fillStart, fillEnd);
  moveSteps(source, target, plan.steps, rows, sourceRowUnits, targetRowUnits, unitBytes);
}
