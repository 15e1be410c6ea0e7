// The targets that follow the image: masks, boxes and keypoints, in the one
// coordinate space of tensorwarp/image (the centre of pixel (i, j) at
// (x, y) = (j, i)). A keypoint is a position in it. A box is given by its
// edges, as COCO, Pascal VOC and YOLO give them (the whole W×H image is
// [0, 0, W, H]): an edge given as u lies at u − 0.5, so the box around
// pixels a..b is [a, b + 1].
import { checkImage } from '../image/common.js';
import { matrix as M } from '../image/matrix.js';
import { describe } from './options.js';

export const BOX_FORMATS = ['xyxy', 'xywh', 'cxcywh'];

/** A mask target: { width, height, channels: 1 (or absent), data: Uint8Array | Uint8ClampedArray }. */
export function checkMask(mask, argument) {
  if (mask === null || typeof mask !== 'object') throw new TypeError(`${argument}: expected a mask { width, height, data }, got ${describe(mask)}`);
  if (mask.channels !== undefined && mask.channels !== 1) {
    throw new RangeError(`${argument}.channels: a mask has 1 channel (a label per pixel), got ${describe(mask.channels)}`);
  }
  checkImage({ width: mask.width, height: mask.height, channels: 1, data: mask.data }, argument);
  return { width: mask.width, height: mask.height, channels: 1, data: mask.data };
}

function numbers(entry, minimum, argument) {
  if (entry === null || typeof entry !== 'object' || typeof entry.length !== 'number') {
    throw new TypeError(`${argument}: expected an array of at least ${minimum} numbers, got ${describe(entry)}`);
  }
  if (entry.length < minimum) throw new RangeError(`${argument}: expected at least ${minimum} numbers, got ${entry.length}`);
  for (let i = 0; i < minimum; i++) {
    if (typeof entry[i] !== 'number') throw new TypeError(`${argument}[${i}]: expected a number, got ${describe(entry[i])}`);
    if (!Number.isFinite(entry[i])) throw new RangeError(`${argument}[${i}]: expected a finite number, got ${entry[i]}`);
  }
  return entry;
}

function list(value, argument, what) {
  if (!Array.isArray(value)) throw new TypeError(`${argument}: expected an array of ${what}, got ${describe(value)}`);
  return value;
}

/**
 * Boxes in `format` (normalized: divided by width and height) -> edges
 * [x1, y1, x2, y2] in pixels, plus the entries after the fourth (labels...).
 */
export function checkBoxes(boxes, { boxFormat, normalized }, width, height, argument) {
  return list(boxes, argument, 'boxes').map((box, i) => {
    const b = numbers(box, 4, `${argument}[${i}]`);
    const sx = normalized ? width : 1, sy = normalized ? height : 1;
    let [x1, y1, x2, y2] = [b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy];
    if (boxFormat === 'xywh' || boxFormat === 'cxcywh') {
      if (x2 < 0 || y2 < 0) throw new RangeError(`${argument}[${i}]: a ${boxFormat} box has a negative ${x2 < 0 ? 'width' : 'height'}`);
      const [w, h] = [x2, y2];
      if (boxFormat === 'cxcywh') [x1, y1] = [x1 - w / 2, y1 - h / 2];
      [x2, y2] = [x1 + w, y1 + h];
    } else if (x2 < x1 || y2 < y1) {
      throw new RangeError(`${argument}[${i}]: ${x2 < x1 ? `x2 (${b[2]}) < x1 (${b[0]})` : `y2 (${b[3]}) < y1 (${b[1]})`}`);
    }
    return { edges: [x1, y1, x2, y2], rest: Array.prototype.slice.call(b, 4) };
  });
}

/** Pixel edges [x1, y1, x2, y2] back to `format` for an image of width×height. */
function formatBox([x1, y1, x2, y2], { boxFormat, normalized }, width, height) {
  let out = [x1, y1, x2, y2];
  if (boxFormat === 'xywh') out = [x1, y1, x2 - x1, y2 - y1];
  else if (boxFormat === 'cxcywh') out = [(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1];
  return normalized ? [out[0] / width, out[1] / height, out[2] / width, out[3] / height] : out;
}

/** Keypoints [[x, y, ...], ...] (pixel-centre coordinates; entries after y are carried along). */
export function checkKeypoints(points, argument) {
  return list(points, argument, 'keypoints [[x, y], ...]').map((p, i) => numbers(p, 2, `${argument}[${i}]`));
}

/** The part of polygon `points` inside [x0, x1] × [y0, y1] (Sutherland–Hodgman, one side at a time). */
function clip(points, x0, y0, x1, y1) {
  const edges = [[0, x0, 1], [0, x1, -1], [1, y0, 1], [1, y1, -1]]; // [axis, bound, side]: side·(p[axis] − bound) ≥ 0 is inside
  let polygon = points;
  for (const [axis, bound, side] of edges) {
    const inside = (p) => side * (p[axis] - bound) >= 0;
    const next = [];
    polygon.forEach((p, i) => {
      const q = polygon[(i + 1) % polygon.length];
      if (inside(p)) next.push(p);
      if (inside(p) !== inside(q)) {
        const t = (bound - p[axis]) / (q[axis] - p[axis]);
        const cut = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
        cut[axis] = bound;
        next.push(cut);
      }
    });
    polygon = next;
    if (polygon.length === 0) break;
  }
  return polygon;
}

/** The area of a polygon (shoelace formula, absolute). */
function area(polygon) {
  let twice = 0;
  polygon.forEach(([x, y], i) => {
    const [u, v] = polygon[(i + 1) % polygon.length];
    twice += x * v - u * y;
  });
  return Math.abs(twice) / 2;
}

const boundingBox = (polygon) => {
  const xs = polygon.map((p) => p[0]), ys = polygon.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

/**
 * Boxes through a forward map `mapPoints` (points in pixel-centre space ->
 * output): the box's `outline` (its corners for a matrix, which maps the
 * edges to straight lines; a dense boundary for elastic) is mapped and
 * clipped to the output image. The visible fraction is the clipped area over
 * the mapped area: a box with no area left, or less than minVisibility, is
 * dropped. The result is the bounding box of the mapped outline clipped to
 * the image's outermost pixel centres ([0.5, W − 0.5] by edges), a side cut
 * there being moved out to where the outline leaves the image (at most the
 * image edge): so a rotated box cut by the image edge is bounded by the
 * pixels it covers, not by its corners outside the image. Returns
 * { boxes, boxIndices }.
 */
export function moveBoxes(boxes, mapPoints, outline, width, height, settings) {
  const out = [], boxIndices = [];
  boxes.forEach(({ edges, rest }, index) => {
    const mapped = mapPoints(outline(edges.map((e) => e - 0.5))).map(([x, y]) => [x + 0.5, y + 0.5]);
    if (!mapped.every(([x, y]) => Number.isFinite(x) && Number.isFinite(y))) return;
    const kept = clip(mapped, 0, 0, width, height);
    const keptArea = kept.length < 3 ? 0 : area(kept);
    if (keptArea === 0 || keptArea / area(mapped) < settings.minVisibility) return;
    const outer = boundingBox(kept);
    const inner = clip(mapped, 0.5, 0.5, width - 0.5, height - 0.5);
    let box = outer;
    if (inner.length > 0) {
      const b = boundingBox(inner);
      box = [b[0] === 0.5 ? outer[0] : b[0], b[1] === 0.5 ? outer[1] : b[1],
        b[2] === width - 0.5 ? outer[2] : b[2], b[3] === height - 0.5 ? outer[3] : b[3]];
    }
    out.push([...formatBox(box, settings, width, height), ...rest]);
    boxIndices.push(index);
  });
  return { boxes: out, boxIndices };
}

/** The corners of a box (edges in pixel-centre space). */
export const corners = ([x1, y1, x2, y2]) => [[x1, y1], [x2, y1], [x2, y2], [x1, y2]];

/** Keypoints through `mapPoints`; visible: inside the output's pixel area [−0.5, W − 0.5) × [−0.5, H − 0.5). */
export function moveKeypoints(points, mapPoints, width, height) {
  const mapped = mapPoints(points.map((p) => [p[0], p[1]]));
  const keypoints = mapped.map(([x, y], i) => [x, y, ...Array.prototype.slice.call(points[i], 2)]);
  const visible = mapped.map(([x, y]) => x >= -0.5 && x < width - 0.5 && y >= -0.5 && y < height - 0.5);
  return { keypoints, visible };
}

/** A matrix as a points map (matrix.apply). */
export const byMatrix = (m) => (points) => (points.length === 0 ? [] : M.apply(m, points));
