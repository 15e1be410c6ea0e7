// Row movement for the pure data-movement functions (crop, pad, flip): the
// pixels go from the caller's image straight into the result, one pass, with
// no round trip through the wasm heap. Which source pixel a result pixel
// takes is decided elsewhere: for crop and pad by the border rule in C
// (src/image/region.h, Pad's rule), asked once per row and per column.
import { check, withFrame } from '../module.js';
import { overlaps } from './common.js';

/** The input as read by a function writing `target`: a copy if they share memory. */
export function readable(src, target) {
  return overlaps(src, target) ? { ...src, bytes: src.bytes.slice() } : src;
}

/**
 * For a region `region` ({ top, left, width, height }: result pixel (r, c) is
 * the source's (r - top, c - left)) of a checked image, the source row of
 * every result row and the source column of every result column, -1 where
 * the fill goes: tw_image_region_map (src/image/region.h) with `borderCode`.
 */
function regionMaps(op, src, region, borderCode) {
  return withFrame(op, (frame, m) => {
    const axis = (length, before, count) => {
      const pointer = frame.alloc(4 * count, 'the region map');
      check(m._tw_image_region_map(length, BigInt(before), count, borderCode, pointer, 4 * count), op);
      return new Int32Array(m.HEAPU8.buffer, pointer, count).slice();
    };
    return { rows: axis(src.height, region.top, region.height), columns: axis(src.width, region.left, region.width) };
  });
}

// A source run shorter than this many pixels is moved pixel by pixel: one
// TypedArray.prototype.set costs about as much as that many single moves.
const RUN_PIXELS = 16;

/**
 * The moves that make one result row from its source row, from the column
 * map: runs of source pixels in order (one `set` each), runs of fill, and
 * short runs whose source steps by -1 (a mirrored border), 0 (a repeated
 * edge) or +1 (a short wrapped run), moved pixel by pixel.
 */
function rowPlan(columns, channels) {
  const runs = [], fills = [], steps = [];
  for (let c = 0; c < columns.length;) {
    let e = c + 1;
    if (columns[c] < 0) {
      while (e < columns.length && columns[e] < 0) e++;
      fills.push([c * channels, (e - c) * channels]);
    } else if (c + 1 < columns.length && columns[c + 1] === columns[c] + 1) {
      while (e < columns.length && columns[e] === columns[e - 1] + 1) e++;
      if (e - c >= RUN_PIXELS) runs.push([c * channels, columns[c] * channels, (e - c) * channels]);
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

/**
 * Moves the stepped runs of every row (rows[r] the source row of result row
 * r, -1: none): whole 32-bit words for 4 channels where both arrays allow it,
 * else bytes.
 */
function movePixels(src, target, channels, steps, rows, width) {
  if (steps.length === 0) return;
  if (channels === 4 && src.bytes.byteOffset % 4 === 0 && target.bytes.byteOffset % 4 === 0) {
    const s = new Uint32Array(src.bytes.buffer, src.bytes.byteOffset, src.bytes.length / 4);
    const d = new Uint32Array(target.bytes.buffer, target.bytes.byteOffset, target.bytes.length / 4);
    for (let r = 0; r < rows.length; r++) {
      if (rows[r] < 0) continue;
      const outRow = r * width, inRow = rows[r] * src.width;
      for (let k = 0; k < steps.length; k += 4) {
        const o = outRow + steps[k], i = inRow + steps[k + 1], count = steps[k + 2], step = steps[k + 3];
        for (let j = 0; j < count; j++) d[o + j] = s[i + j * step];
      }
    }
    return;
  }
  const s = src.bytes, d = target.bytes;
  for (let r = 0; r < rows.length; r++) {
    if (rows[r] < 0) continue;
    const outRow = r * width, inRow = rows[r] * src.width;
    for (let k = 0; k < steps.length; k += 4) {
      const o = (outRow + steps[k]) * channels, i = (inRow + steps[k + 1]) * channels;
      const count = steps[k + 2] * channels, step = (steps[k + 3] - 1) * channels;
      for (let j = 0, at = i; j < count; j += channels, at += step) {
        for (let b = 0; b < channels; b++, at++) d[o + j + b] = s[at];
      }
    }
  }
}

/** A row of the fill bytes repeated, `pixels` long. */
function fillRow(fillBytes, pixels) {
  const row = new Uint8Array(pixels * fillBytes.length);
  for (let i = 0; i < row.length; i++) row[i] = fillBytes[i % fillBytes.length];
  return row;
}

/**
 * Writes `region` of `src` (see regionMaps) into `target` (a checked image of
 * the region's size, not empty) with the border `borderCode` and the fill
 * bytes. Every byte of the target is written.
 */
export function moveRegion(op, src, target, region, borderCode, fillBytes) {
  const { rows, columns } = regionMaps(op, src, region, borderCode);
  const input = readable(src, target);
  const { channels } = src;
  const plan = rowPlan(columns, channels);
  const fills = rows.includes(-1) || plan.fills.length > 0 ? fillRow(fillBytes, region.width) : null;
  const fillRuns = plan.fills.map(([to, bytes]) => [to, fills.subarray(0, bytes)]);
  const inBytes = input.bytes, outBytes = target.bytes;
  const outRow = region.width * channels, inRow = src.width * channels;
  for (let r = 0; r < region.height; r++) {
    const at = r * outRow, source = rows[r];
    if (source < 0) {
      outBytes.set(fills, at);
      continue;
    }
    const start = source * inRow;
    for (const [to, from, bytes] of plan.runs) outBytes.set(inBytes.subarray(start + from, start + from + bytes), at + to);
    for (const [to, run] of fillRuns) outBytes.set(run, at + to);
  }
  movePixels(input, target, channels, plan.steps, rows, region.width);
}
