// cos and sin of a float64 angle (radians), rounded correctly to float64: what
// glibc's cos/sin give (they are correctly rounded in practice), which is what
// cv2.getRotationMatrix2D calls. The engines' Math.cos/Math.sin may be one ulp
// off (V8's on about 6% of random angles), and one ulp of a matrix entry can move
// a warp's 1/32-pixel position across a rounding boundary.
//
// Double-double arithmetic: the angle reduced by k·π/2 with π/2 in three
// doubles (the product k·(π/2)₀ exact for |k| < 2^20), then Taylor series of
// the reduced angle to ~2^-104, rounded once. Beyond |x| = 2^19·π the
// reduction would lose bits: Math.cos/Math.sin are used there.

const PIO2 = [1.5707963267948966, 6.123233995736766e-17, -1.4973849048591698e-33];
const SPLIT = 134217729; // 2^27 + 1

function twoSum(a, b) {
  const s = a + b, bb = s - a;
  return [s, (a - (s - bb)) + (b - bb)];
}

function twoProd(a, b) {
  const p = a * b;
  const ca = SPLIT * a, ah = ca - (ca - a), al = a - ah;
  const cb = SPLIT * b, bh = cb - (cb - b), bl = b - bh;
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}

/** (ah, al) + (bh, bl), normalised. */
function add([ah, al], [bh, bl]) {
  const [s, e] = twoSum(ah, bh);
  return twoSum(s, e + al + bl);
}

/** (ah, al) · (bh, bl), normalised. */
function mul([ah, al], [bh, bl]) {
  const [p, e] = twoProd(ah, bh);
  return twoSum(p, e + (ah * bl + al * bh));
}

/** (ah, al) / b for a double b (an integer here), normalised. */
function divide([ah, al], b) {
  const q = ah / b;
  const [p, e] = twoProd(q, b);
  return twoSum(q, (((ah - p) - e) + al) / b);
}

/** x − k·π/2 in double-double. */
function reduce(x, k) {
  let r = [x, 0];
  for (const part of PIO2) {
    const [p, e] = twoProd(k, part);
    r = add(r, [-p, -e]);
  }
  return r;
}

/** [sin r, cos r] in double-double for |r| ≤ π/4 (Taylor series to the 27th power, ~2^-104). */
function sinCosSmall(r) {
  const r2 = mul(r, r);
  let sin = [1, 0], cos = [1, 0];
  // Horner from the inside: sin r = r·(1 − r²/(2·3)·(1 − r²/(4·5)·(…))), cos r = 1 − r²/(1·2)·(1 − r²/(3·4)·(…))
  for (let n = 26; n >= 2; n -= 2) {
    const [sh, sl] = divide(mul(r2, sin), (n + 1) * n);
    const [ch, cl] = divide(mul(r2, cos), n * (n - 1));
    sin = add([1, 0], [-sh, -sl]);
    cos = add([1, 0], [-ch, -cl]);
  }
  return [mul(r, sin), cos];
}

function sinCos(x) {
  if (!(Math.abs(x) <= 1647099.3291652855)) return [Math.sin(x), Math.cos(x)];
  const k = Math.round(x / PIO2[0]);
  const [s, c] = sinCosSmall(reduce(x, k));
  const round = ([h, l]) => h + l;
  switch (((k % 4) + 4) % 4) {
    case 0: return [round(s), round(c)];
    case 1: return [round(c), -round(s)];
    case 2: return [-round(s), -round(c)];
    default: return [-round(c), round(s)];
  }
}

/** [cos x, sin x] of an angle in radians, each correctly rounded (one reduction and series for both). */
export function cosSin(x) {
  const [s, c] = sinCos(x);
  return [c, s];
}

/**
 * [cos, sin] of an angle in degrees turned to radians as OpenCV's
 * getRotationMatrix2D (and Python's math.radians) turn it, degrees · (π / 180):
 * the product (degrees · π) / 180 differs from it in the last bit for some angles.
 */
export function cosSinDegrees(degrees) {
  return cosSin(degrees * (Math.PI / 180));
}
