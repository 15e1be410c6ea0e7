// Matrices for the warps, in float64. An affine matrix is 6 numbers
// [a, b, c, d, e, f]: x' = a·x + b·y + c, y' = d·x + e·y + f. A perspective
// matrix is 9 numbers, row-major 3×3: x' = (m0·x + m1·y + m2) / w,
// y' = (m3·x + m4·y + m5) / w, w = m6·x + m7·y + m8. Coordinates are pixels
// with the centre of pixel (row i, column j) at (j, i), x right, y down, so a
// positive angle turns counter-clockwise on screen. Matrices map source to
// destination.
import { finite } from './common.js';
import { cosSinDegrees } from './trig.js';
import { rotationMatrix } from './warp-matrix.js';

/** A matrix argument: an array-like of 6 or 9 finite numbers, copied to a plain array. */
export function checkMatrix(m, argument, lengths = [6, 9]) {
  if (m === null || typeof m !== 'object' || typeof m.length !== 'number') {
    throw new TypeError(`${argument}: expected an array of ${lengths.join(' or ')} numbers`);
  }
  if (!lengths.includes(m.length)) {
    throw new RangeError(`${argument}: expected ${lengths.join(' or ')} numbers, got ${m.length}`);
  }
  return Array.from(m, (v, i) => finite(v, `${argument}[${i}]`));
}

/** A point argument [x, y] of finite numbers (also rotate's options.center). */
export function point(p, argument) {
  if (p === null || typeof p !== 'object' || typeof p.length !== 'number') {
    throw new TypeError(`${argument}: expected a point [x, y]`);
  }
  if (p.length !== 2) throw new RangeError(`${argument}: expected a point [x, y], got ${p.length} numbers`);
  return [finite(p[0], `${argument}[0]`), finite(p[1], `${argument}[1]`)];
}

function points(list, count, argument) {
  if (list === null || typeof list !== 'object' || typeof list.length !== 'number') {
    throw new TypeError(`${argument}: expected an array of points [[x, y], ...]`);
  }
  if (count !== undefined && list.length !== count) {
    throw new RangeError(`${argument}: expected ${count} points, got ${list.length}`);
  }
  return Array.from(list, (p, i) => point(p, `${argument}[${i}]`));
}

/** -0 becomes 0, so that results print and compare as written. */
const clean = (m) => m.map((v) => v + 0);

/**
 * A matrix made here from finite arguments, refused (RangeError naming
 * `what`, the arguments that made it) when an entry overflowed float64: no
 * function of tensorwarp/image takes a non-finite matrix.
 */
function finiteResult(m, what) {
  const i = m.findIndex((v) => !Number.isFinite(v));
  if (i >= 0) throw new RangeError(`${what} give a matrix that overflows float64 (entry ${i} is ${m[i]})`);
  return m;
}

function optionalNumber(value, fallback, argument) {
  return value === undefined ? fallback : finite(value, argument);
}

/**
 * cos and sin of an angle in degrees, exact at multiples of 90° (so quarter
 * turns are exact permutations); elsewhere OpenCV's (trig.js cosSinDegrees).
 */
function cosSin(degrees) {
  const turn = ((degrees % 360) + 360) % 360;
  if (turn % 90 === 0) return [[1, 0], [0, 1], [-1, 0], [0, -1]][turn / 90];
  return cosSinDegrees(degrees);
}

/**
 * OpenCV's getRotationMatrix2D: a turn by `degrees` (counter-clockwise on
 * screen) about `center` (default [0, 0]), scaled by `scale`. Entry for entry
 * cv2's float64 matrix (its centre is a float32 point, so the centre is
 * rounded to float32 first), except at multiples of 90°, which are exact here.
 */
export function rotation(degrees, center = [0, 0], scale = 1) {
  const angle = finite(degrees, 'matrix.rotation: degrees');
  const c = point(center, 'matrix.rotation: center');
  const s = finite(scale, 'matrix.rotation: scale');
  const [cosA, sinA] = cosSin(angle);
  return clean(finiteResult(rotationMatrix(cosA, sinA, c, s), 'matrix.rotation: center and scale'));
}

const OPTIONS = ['rotate', 'translate', 'scale', 'shear', 'center'];

/**
 * torchvision's affine (RandomAffine, F.affine) as a forward matrix:
 * M = T(translate) · C · R(rotate) · S(scale) · SHy(shear y) · SHx(shear x) · C⁻¹,
 * with C the move of the origin to `center` (default [0, 0]; torchvision's
 * default is the image centre, [(w − 1) / 2, (h − 1) / 2] here),
 * SHx = [[1, −tan x], [0, 1]], SHy = [[1, 0], [−tan y, 1]], shear in degrees
 * (a number is [x, 0]). `rotate` turns counter-clockwise on screen: it is
 * F.rotate's angle, and minus F.affine's (which turns clockwise).
 */
export function affine(options = {}) {
  if (options === null || typeof options !== 'object') throw new TypeError('matrix.affine: options must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTIONS.includes(key)) throw new TypeError(`matrix.affine: unknown option "${key}"; expected ${OPTIONS.join(', ')}`);
  }
  const angle = optionalNumber(options.rotate, 0, 'matrix.affine: rotate');
  const [tx, ty] = options.translate === undefined ? [0, 0] : point(options.translate, 'matrix.affine: translate');
  const s = optionalNumber(options.scale, 1, 'matrix.affine: scale');
  const [cx, cy] = options.center === undefined ? [0, 0] : point(options.center, 'matrix.affine: center');
  let shear = [0, 0];
  if (typeof options.shear === 'number') shear = [finite(options.shear, 'matrix.affine: shear'), 0];
  else if (options.shear !== undefined) shear = point(options.shear, 'matrix.affine: shear');
  // torchvision's RSS for its angle a = −rotate: [[cos(a − sy) / cos(sy), −cos(a − sy)·tan(sx) / cos(sy) − sin(a)],
  //                                            [sin(a − sy) / cos(sy), −sin(a − sy)·tan(sx) / cos(sy) + cos(a)]] · s
  const [cosA, sinA] = cosSin(-angle);
  const [cosSy, sinSy] = cosSin(shear[1]);
  const [cosSx, sinSx] = cosSin(shear[0]);
  const cosAmSy = cosA * cosSy + sinA * sinSy; // cos(a − sy)
  const sinAmSy = sinA * cosSy - cosA * sinSy; // sin(a − sy)
  const tanSx = sinSx / cosSx;
  const a = (s * cosAmSy) / cosSy;
  const b = s * ((-cosAmSy * tanSx) / cosSy - sinA);
  const d = (s * sinAmSy) / cosSy;
  const e = s * ((-sinAmSy * tanSx) / cosSy + cosA);
  if (![a, b, d, e].every(Number.isFinite)) throw new RangeError('matrix.affine: shear of ±90° gives a non-finite matrix');
  const m = [a, b, cx + tx - a * cx - b * cy, d, e, cy + ty - d * cx - e * cy];
  return clean(finiteResult(m, 'matrix.affine: options'));
}

const toSquare = (m) => (m.length === 9 ? m : [...m, 0, 0, 1]);

/** a after b: the matrix of applying b, then a (a·b). Two affine matrices give an affine one. */
export function multiply(a, b) {
  const ma = checkMatrix(a, 'matrix.multiply: a'), mb = checkMatrix(b, 'matrix.multiply: b');
  const p = toSquare(ma), q = toSquare(mb);
  const r = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) r.push(p[3 * i] * q[j] + p[3 * i + 1] * q[3 + j] + p[3 * i + 2] * q[6 + j]);
  }
  return finiteResult(ma.length === 6 && mb.length === 6 ? r.slice(0, 6) : r, 'matrix.multiply: a and b');
}

/**
 * The inverse (destination to source). A RangeError when m is singular, or
 * when float64 cannot hold the inverse: a determinant that underflows to 0
 * or overflows to ±Infinity (the quotients would be 0, not an inverse), or
 * an entry of the inverse that overflows.
 */
export function invert(m) {
  const x = checkMatrix(m, 'matrix.invert: m');
  let det, r;
  if (x.length === 6) {
    const [a, b, c, d, e, f] = x;
    det = a * e - b * d;
    r = [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
  } else {
    const [a, b, c, d, e, f, g, h, i] = x;
    const cofactors = [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f,
      d * h - e * g, b * g - a * h, a * e - b * d];
    det = a * cofactors[0] + b * cofactors[3] + c * cofactors[6];
    r = cofactors.map((v) => v / det);
  }
  if (det === 0 || !Number.isFinite(det) || !Number.isFinite(1 / det) || !r.every(Number.isFinite)) {
    throw new RangeError(`matrix.invert: m is singular in float64 (determinant ${det}), it has no inverse`);
  }
  return r;
}

/** The points [[x, y], ...] mapped by m (a perspective matrix divides by w; w = 0 gives ±Infinity or NaN). */
export function apply(m, list) {
  const x = toSquare(checkMatrix(m, 'matrix.apply: m'));
  return points(list, undefined, 'matrix.apply: points').map(([px, py]) => {
    const w = x[6] * px + x[7] * py + x[8];
    const u = x[0] * px + x[1] * py + x[2], v = x[3] * px + x[4] * py + x[5];
    return w === 1 ? [u, v] : [u / w, v / w];
  });
}

/** Twice the signed area of triangle pqr. */
function cross(p, q, r) {
  return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
}

function checkQuad(list, argument) {
  const quad = points(list, 4, argument);
  for (let skip = 0; skip < 4; skip++) {
    const [p, q, r] = quad.filter((_, k) => k !== skip);
    if (cross(p, q, r) === 0) throw new RangeError(`${argument}: three of the four points are on one line`);
  }
  return quad;
}

/**
 * The perspective matrix (9 numbers, m8 = 1) that maps from4[k] to to4[k],
 * k = 0..3: OpenCV 4.6's getPerspectiveTransform, entry for entry. Its points
 * are float32 (Point2f); the 8×8 system [x y 1 0 0 0 −x·u −y·u | u] (the two
 * products in float32, as cv2 computes them) is solved by its LU (cv::solve,
 * DECOMP_LU: hal::LU64f's own elimination for a matrix this small, not LAPACK):
 * partial pivoting, rows below scaled by −1/pivot, back substitution dividing
 * by the pivot. A pivot below 100·DBL_EPSILON, where cv2 gives up (and returns
 * a zero matrix), is a RangeError.
 */
export function perspective(from4, to4) {
  const src = checkQuad(from4, 'matrix.perspective: from4').map((p) => p.map(Math.fround));
  const dst = checkQuad(to4, 'matrix.perspective: to4').map((p) => p.map(Math.fround));
  const a = [], b = [];
  src.forEach(([x, y], k) => {
    const [u, v] = dst[k];
    a[k] = [x, y, 1, 0, 0, 0, Math.fround(-x * u), Math.fround(-y * u)];
    a[k + 4] = [0, 0, 0, x, y, 1, Math.fround(-x * v), Math.fround(-y * v)];
    b[k] = u;
    b[k + 4] = v;
  });
  const m = solveLu(a, b);
  if (m === null || !m.every(Number.isFinite)) throw new RangeError('matrix.perspective: from4 and to4 give a singular system');
  return [...m, 1];
}

/** cv::hal::LU64f (OpenCV's LUImpl) on a square a and one right-hand side b, in place; null when singular. */
function solveLu(a, b) {
  const n = b.length, eps = Number.EPSILON * 100;
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let j = i + 1; j < n; j++) if (Math.abs(a[j][i]) > Math.abs(a[p][i])) p = j;
    if (!(Math.abs(a[p][i]) >= eps)) return null;
    if (p !== i) {
      [a[i], a[p]] = [a[p], a[i]];
      [b[i], b[p]] = [b[p], b[i]];
    }
    const d = -1 / a[i][i];
    for (let j = i + 1; j < n; j++) {
      const alpha = a[j][i] * d;
      for (let k = i + 1; k < n; k++) a[j][k] += alpha * a[i][k];
      b[j] += alpha * b[i];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= a[i][k] * b[k];
    b[i] = s / a[i][i];
  }
  return b;
}

/** The `matrix` namespace of tensorwarp/image. */
export const matrix = Object.freeze({ rotation, affine, perspective, multiply, invert, apply });
