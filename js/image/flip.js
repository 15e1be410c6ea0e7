// flip and rotate90: pure data movement (src/image/flip.h). Results are exact.
import { image_flip_direction as DIRECTIONS, image_turn_limit as TURN } from '../../wasm/enums.js';
import { check, withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { bandRowsFor, bands, copyTouching, touchAhead } from '../stream.js';
import { choice } from '../args.js';
import { checkImage, resultImage, imageOptions, integer, imagePointer, readable } from './common.js';

const DIRECTION_CODES = Object.freeze({ horizontal: DIRECTIONS.HORIZONTAL, vertical: DIRECTIONS.VERTICAL, both: DIRECTIONS.BOTH });

/**
 * Horizontal and both: bands of rows go through the heap (copied in, flipped
 * by tw_image_flip, copied out), each small enough to stay in cache. A band
 * flipped in both directions lands at the mirrored rows.
 */
function flipInBands(op, src, target, code) {
  const rowBytes = src.width * src.channels;
  const rowsPerBand = bandRowsFor(2 * rowBytes, src.height);
  withFrame(op, (frame, m) => {
    const inBlock = frame.alloc(rowsPerBand * rowBytes), outBlock = frame.alloc(rowsPerBand * rowBytes);
    for (const [r0, rows] of bands(src.height, rowsPerBand)) {
      const r1 = r0 + rows, bytes = rows * rowBytes;
      frame.write(inBlock, src.bytes.subarray(r0 * rowBytes, r1 * rowBytes));
      check(m._tw_image_flip(inBlock, bytes, outBlock, bytes, src.width, rows, src.channels, code), op);
      const row = code === DIRECTIONS.BOTH ? src.height - r1 : r0;
      copyOut(outBlock, bytes, target.bytes, row * rowBytes);
    }
  });
}

/**
 * Band rows for a quarter turn: `rows` rounded down to a multiple of the
 * kernel's tile (src/image/flip.h), at least one tile, unless the band holds
 * every row. The kernel tiles each band from its first row, so a band of 60
 * rows was a tile of 32 and one of 28, and each band's strip of an input row
 * (240 bytes of RGBA) began mid cache line, read again by the next band:
 * 1080p RGBA's kernel took 2.2 ms of CPU in bands of 60, 1.4 in bands of 32.
 */
function tileRows(rows, total) {
  if (rows >= total) return total;
  return Math.max(TURN.TILE, rows - (rows % TURN.TILE));
}

/**
 * A quarter turn: the whole input goes into the heap (an output band reads a
 * strip of columns from every input row), and tw_image_rotate90 writes bands
 * of output rows into a block small enough to stay in cache, each copied to
 * the result before the next, so the turned image never makes a round trip
 * through main memory in the heap.
 */
function turnInBands(op, src, target, quarter) {
  const rowBytes = target.width * src.channels;
  const rowsPerBand = tileRows(bandRowsFor(2 * rowBytes, target.height), target.height);
  withFrame(op, (frame, m) => {
    const inPointer = imagePointer(frame, src);
    const block = frame.alloc(rowsPerBand * rowBytes);
    for (const [r0, rows] of bands(target.height, rowsPerBand)) {
      const bytes = rows * rowBytes;
      check(m._tw_image_rotate90(inPointer, src.bytes.length, block, bytes, src.width, src.height, src.channels, quarter,
        r0, rows), op);
      copyOut(block, bytes, target.bytes, r0 * rowBytes);
    }
  });
}

/** Vertical: whole rows move, so they are copied straight from the input to the result. */
function flipRows(src, target) {
  const rowBytes = src.width * src.channels;
  const ahead = touchAhead(target.bytes); // a fresh result's pages, a cacheful at a time (stream.js)
  for (let r = 0; r < src.height; r++) {
    const from = (src.height - 1 - r) * rowBytes;
    ahead((r + 1) * rowBytes);
    target.bytes.set(src.bytes.subarray(from, from + rowBytes), r * rowBytes);
  }
}

function runFlip(op, src, target, code) {
  if (src.width === 0 || src.height === 0) return target.source;
  const input = readable(src, target);
  if (code === DIRECTIONS.VERTICAL) flipRows(input, target);
  else flipInBands(op, input, target, code);
  return target.source;
}

/**
 * Mirrors the image: 'horizontal' (left-right, OpenCV flip code 1),
 * 'vertical' (top-bottom, 0) or 'both' (-1). Options: `out`.
 */
export function flip(img, direction, options) {
  const op = 'flip';
  const { out } = imageOptions(options, op, ['out']);
  const src = checkImage(img, `${op}: img`);
  const code = choice(direction, DIRECTION_CODES, `${op}: direction`);
  return runFlip(op, src, resultImage(out, src.width, src.height, src.channels, op), code);
}

/**
 * Turns the image by `turns` quarter turns counter-clockwise on screen (any
 * integer; negative turns clockwise). An odd count swaps width and height.
 * Options: `out`.
 */
export function rotate90(img, turns, options) {
  const op = 'rotate90';
  const { out } = imageOptions(options, op, ['out']);
  const src = checkImage(img, `${op}: img`);
  const quarter = ((integer(turns, `${op}: turns`) % 4) + 4) % 4;
  const odd = quarter % 2 === 1;
  const target = resultImage(out, odd ? src.height : src.width, odd ? src.width : src.height, src.channels, op);
  if (quarter === 2) return runFlip(op, src, target, DIRECTIONS.BOTH);
  if (quarter === 0) {
    copyTouching(target.bytes, src.bytes);
    return target.source;
  }
  if (src.width === 0 || src.height === 0) return target.source;
  turnInBands(op, src, target, quarter);
  return target.source;
}
