// tensorwarp/image matrix: against OpenCV and torchvision (tests/fixtures/image/matrix.json, made by
// tools/fixtures/image.py), algebraic identities, and bad input. Tolerances: float64 results of
// different but equivalent operation orders, 1e-12 relative to the matrix's largest entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { matrix } from '../js/image.js';
import { cvRotationMatrix } from '../js/image/warp-matrix.js';
import { cosSin, cosSinDegrees } from '../js/image/trig.js';

const fixtures = JSON.parse(readFileSync(new URL('./fixtures/image/matrix.json', import.meta.url), 'utf8'));

function assertMatrix(actual, expected, label, tolerance = 1e-12) {
  assert.equal(actual.length, expected.length, `${label}: length`);
  const scale = Math.max(1, ...expected.map(Math.abs));
  actual.forEach((v, i) => {
    assert.ok(Math.abs(v - expected[i]) <= tolerance * scale, `${label}[${i}]: got ${v}, expected ${expected[i]}`);
  });
}

test('rotation equals OpenCV getRotationMatrix2D, entry for entry (quarter turns: exact, within 1e-12 of cv2)', () => {
  for (const { degrees, center, scale, matrix: expected } of fixtures.rotation) {
    const m = matrix.rotation(degrees, center, scale);
    // cv2's float32 centre and its radians degrees·(π/180) give its very float64 entries (which
    // warpAffine's 1/32-pixel grid can tell apart); at quarter turns tensorwarp is exact instead
    if (degrees % 90 === 0) assertMatrix(m, expected, `rotation(${degrees})`);
    else assert.deepEqual(m, expected, `rotation(${degrees}, [${center}], ${scale})`);
    // rotate()'s own matrix is cv2's at quarter turns too
    assert.deepEqual(cvRotationMatrix(degrees, center, scale), expected, `rotate's matrix for ${degrees}°`);
  }
});

test('cos and sin are correctly rounded, the same in every engine (js/image/trig.js)', () => {
  // the nearest doubles of the true values (worked out to 55 digits): V8's Math.cos and Math.sin are one
  // ulp off at 46° and 53° (integers: degrees), glibc's cos (cv2's) at -11.968595345551115 rad, a near-halfway case
  const cases = [[46, 0.6946583704589973, 0.7193398003386511], [53, 0.6018150231520484, 0.7986355100472928],
    [-11.968595345551115, 0.8265897491271889, 0.5628049276950683]];
  for (const [x, c, s] of cases) {
    const [cosX, sinX] = Number.isInteger(x) ? cosSinDegrees(x) : cosSin(x);
    assert.equal(cosX, c, `cos(${x})`);
    assert.equal(sinX, s, `sin(${x})`);
  }
});

test('affine equals torchvision F.affine (forward, rotate = -angle)', () => {
  for (const { rotate, translate, scale, shear, center, matrix: expected } of fixtures.affine) {
    assertMatrix(matrix.affine({ rotate, translate, scale, shear, center }), expected, `affine(${rotate})`);
  }
  assert.deepEqual(matrix.affine({ shear: 12 }), matrix.affine({ shear: [12, 0] }), 'a number shears x');
  assert.deepEqual(matrix.affine(), [1, 0, 0, 0, 1, 0]);
});

test('perspective equals OpenCV getPerspectiveTransform bit for bit and maps the points', () => {
  for (const { from, to, matrix: expected } of fixtures.perspective) {
    const m = matrix.perspective(from, to);
    // cv2's float32 points and its own LU: the very float64 entries warpPerspective rounds
    assert.deepEqual(m, expected, `perspective(${JSON.stringify(from)}, ${JSON.stringify(to)})`);
    // within float32 rounding of the points
    matrix.apply(m, from).forEach(([x, y], k) => {
      assert.ok(Math.abs(x - to[k][0]) < 1e-4 && Math.abs(y - to[k][1]) < 1e-4, `point ${k}: [${x}, ${y}]`);
    });
  }
});

test('quarter turns are exact; rotation agrees with affine', () => {
  assert.deepEqual(matrix.rotation(90, [2, 1]), [0, 1, 1, -1, 0, 3]);
  assert.deepEqual(matrix.rotation(-270), [0, 1, 0, -1, 0, 0]);
  assert.deepEqual(matrix.rotation(180, [0, 0], 2), [-2, 0, 0, 0, -2, 0]);
  assertMatrix(matrix.rotation(33, [4, 5], 1.5), matrix.affine({ rotate: 33, center: [4, 5], scale: 1.5 }), 'rotation vs affine');
  // Counter-clockwise on screen (y down): the point right of the centre moves up.
  const [[x, y]] = matrix.apply(matrix.rotation(90, [0, 0]), [[1, 0]]);
  assert.deepEqual([x, y], [0, -1]);
});

test('multiply is "a after b"; invert undoes; mixed sizes give 9 numbers', () => {
  const a = matrix.rotation(30, [3, 4], 1.2);
  const b = [1, 0, 5, 0, 1, -2];
  const ab = matrix.multiply(a, b);
  const p = [[1.5, -7], [0, 0], [10, 3]];
  assertMatrix(matrix.apply(ab, p).flat(), matrix.apply(a, matrix.apply(b, p)).flat(), 'a after b');
  assertMatrix(matrix.multiply(a, matrix.invert(a)), [1, 0, 0, 0, 1, 0], 'a · a⁻¹');
  const h = fixtures.perspective[0].matrix;
  assert.equal(matrix.multiply(a, h).length, 9);
  assertMatrix(matrix.multiply(matrix.invert(h), h), [1, 0, 0, 0, 1, 0, 0, 0, 1], 'h⁻¹ · h');
  assertMatrix(matrix.multiply(h, [...b, 0, 0, 1]), matrix.multiply(h, b), '6 = 9 with [0, 0, 1]');
});

test('bad input: TypeError/RangeError naming the argument', () => {
  assert.throws(() => matrix.invert([1, 2, 3, 2, 4, 6]), { name: 'RangeError', message: /matrix\.invert: m is singular/ });
  assert.throws(() => matrix.invert([1, 2, 3, 4, 5, 6, 7, 8, 9]), { name: 'RangeError', message: /m is singular/ });
  assert.throws(() => matrix.invert([1, 2, 3, 4, 5]), { name: 'RangeError', message: /matrix\.invert: m: expected 6 or 9 numbers, got 5/ });
  assert.throws(() => matrix.multiply([1, 0, 0, 0, 1, 0], [1, 0, NaN, 0, 1, 0]), { name: 'RangeError', message: /matrix\.multiply: b\[2\]: expected a finite number/ });
  assert.throws(() => matrix.multiply('abcdef', [1, 0, 0, 0, 1, 0]), { name: 'TypeError', message: /matrix\.multiply: a/ });
  assert.throws(() => matrix.apply([1, 0, 0, 0, 1, 0], [[1, 2, 3]]), { name: 'RangeError', message: /matrix\.apply: points\[0\]/ });
  assert.throws(() => matrix.rotation('15'), { name: 'TypeError', message: /matrix\.rotation: degrees/ });
  assert.throws(() => matrix.rotation(15, [0, Infinity]), { name: 'RangeError', message: /matrix\.rotation: center\[1\]/ });
  assert.throws(() => matrix.affine({ rotation: 3 }), { name: 'TypeError', message: /unknown option "rotation"/ });
  assert.throws(() => matrix.affine({ shear: [90, 0] }), { name: 'RangeError', message: /matrix\.affine: shear/ });
  assert.throws(() => matrix.perspective([[0, 0], [1, 1], [2, 2], [0, 5]], [[0, 0], [1, 0], [1, 1], [0, 1]]),
    { name: 'RangeError', message: /matrix\.perspective: from4: three of the four points are on one line/ });
  assert.throws(() => matrix.perspective([[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [1, 0], [1, 1]]),
    { name: 'RangeError', message: /matrix\.perspective: to4: expected 4 points, got 3/ });
});

test('the package exports "tensorwarp/image" (the same module as js/image.js); ready() from "tensorwarp" serves it', async () => {
  const byName = await import('tensorwarp/image');
  assert.equal(byName.matrix, matrix);
  const { ready } = await import('tensorwarp'); // Node: the package's "node" condition (js/index.node.js)
  await ready();
  const img = { width: 2, height: 1, data: Uint8ClampedArray.of(1, 2, 3, 4, 5, 6, 7, 8) };
  assert.deepEqual([...byName.flip(img, 'horizontal').data], [5, 6, 7, 8, 1, 2, 3, 4]);
});
