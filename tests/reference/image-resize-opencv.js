// Plain-JS resize for the OpenCV-exact modes (antialias: false linear and
// cubic, and area), written from the rules stated in src/image/resize.h:
// OpenCV 4.6's uint8 arithmetic (INTER_LINEAR, INTER_CUBIC, INTER_AREA).
// Doubles where OpenCV computes in double, Math.fround where it computes in
// float32, integers (exact in doubles here) where it computes in int32. It
// shares no code with the library; the library's SIMD and scalar kernels must
// match it bit for bit, and it must match cv2 4.6 (tools/fixtures).

const f32 = Math.fround;
const COEF = 2048; // INTER_RESIZE_COEF_SCALE

/** Round half to even (cvRound); v is a double. */
export function rne(v) {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r; // Math.round takes ties up
}
const sat = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const clampIndex = (j, n) => sat(j, 0, n - 1);

/** The float32 Keys coefficients of OpenCV's interpolateCubic, with a for -0.75. */
export function cubicCoefficients(t, a) {
  const A = f32(a), x = f32(t);
  const x1 = f32(x + 1), y = f32(1 - x);
  const c0 = f32(f32(f32(f32(f32(f32(A * x1) - f32(5 * A)) * x1) + f32(8 * A)) * x1) - f32(4 * A));
  const c1 = f32(f32(f32(f32(f32(f32(A + 2) * x) - f32(A + 3)) * x) * x) + 1);
  const c2 = f32(f32(f32(f32(f32(f32(A + 2) * y) - f32(A + 3)) * y) * y) + 1);
  const c3 = f32(f32(f32(1 - c0) - c1) - c2);
  return [c0, c1, c2, c3];
}

/** saturate_cast<short>(c·2048), and 0 for NaN (a cubicA far outside OpenCV's). */
function fixedWeight(c) {
  const v = f32(c * COEF);
  return Number.isNaN(v) ? 0 : sat(rne(v), -32768, 32767);
}

/**
 * The fixed-point taps of one axis (n source, m destination pixels): per
 * destination pixel { s (first tap, unclamped), w (int16 weights) }.
 * kind: 'linear' | 'cubic' | 'area' (area's blend when the image grows on
 * some axis). edgeFix: the horizontal axis's linear rule (s < 0 or s >= n - 1
 * -> that edge, fraction 0); the vertical axis keeps s and the fraction.
 */
export function fixedAxis(n, m, kind, a, edgeFix) {
  const inv = m / n, scale = 1 / inv;
  const taps = kind === 'cubic' ? 4 : 2;
  const out = [];
  for (let d = 0; d < m; d++) {
    let s, f;
    if (kind === 'area') {
      s = Math.floor(d * scale);
      f = f32((d + 1) - (s + 1) * inv);
      f = f <= 0 ? 0 : f32(f - Math.floor(f));
    } else {
      f = f32((d + 0.5) * scale - 0.5);
      s = Math.floor(f);
      f = f32(f - s);
    }
    if (edgeFix && kind !== 'cubic') {
      if (s < 0) { s = 0; f = 0; }
      if (s >= n - 1) { s = n - 1; f = 0; }
    }
    const c = kind === 'cubic' ? cubicCoefficients(f, a) : [f32(1 - f), f];
    out.push({ s: s - (taps / 2 - 1), w: c.map(fixedWeight) });
  }
  return out;
}

/** OpenCV's computeResizeAreaTab for one axis: per destination pixel, [{ i, alpha }] in source order. */
export function areaAxis(n, m) {
  const scale = 1 / (m / n);
  const out = [];
  for (let d = 0; d < m; d++) {
    const fs1 = d * scale, fs2 = fs1 + scale;
    const cell = Math.min(scale, n - fs1);
    let s2 = Math.min(Math.floor(fs2), n - 1);
    const s1 = Math.min(Math.ceil(fs1), s2);
    const taps = [];
    if (s1 - fs1 > 1e-3) taps.push({ i: s1 - 1, alpha: f32((s1 - fs1) / cell) });
    for (let s = s1; s < s2; s++) taps.push({ i: s, alpha: f32(1 / cell) });
    if (fs2 - s2 > 1e-3) taps.push({ i: s2, alpha: f32(Math.min(Math.min(fs2 - s2, 1), cell) / cell) });
    out.push(taps);
  }
  return out;
}

/** Which of OpenCV's uint8 paths a resize takes: 'box' (integer factors), 'area' (weighted mean) or 'fixed'. */
export function openCvPath(sw, sh, dw, dh, interpolation) {
  const sx = 1 / (dw / sw), sy = 1 / (dh / sh);
  const ix = rne(sx), iy = rne(sy);
  const fast = Math.abs(sx - ix) < Number.EPSILON && Math.abs(sy - iy) < Number.EPSILON;
  let kind = interpolation;
  if (kind === 'linear' && fast && ix === 2 && iy === 2) kind = 'area';
  if (kind === 'area' && sx >= 1 && sy >= 1) return { path: fast ? 'box' : 'area', kx: ix, ky: iy };
  return { path: 'fixed', kind };
}

function boxResize(src, dw, dh, c, kx, ky) {
  const { width: sw, data } = src;
  const out = new Uint8Array(dw * dh * c);
  const area = kx * ky, scale = f32(1 / f32(area));
  const shortcut = kx === 2 && ky === 2 && c !== 2; // OpenCV's (a + b + c + d + 2) >> 2
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      for (let k = 0; k < c; k++) {
        let sum = 0;
        for (let r = 0; r < ky; r++) for (let t = 0; t < kx; t++) sum += data[((y * ky + r) * sw + x * kx + t) * c + k];
        out[(y * dw + x) * c + k] = shortcut ? (sum + 2) >> 2 : sat(rne(f32(f32(sum) * scale)), 0, 255);
      }
    }
  }
  return out;
}

function areaResize(src, dw, dh, c) {
  const { width: sw, height: sh, data } = src;
  const xs = areaAxis(sw, dw), ys = areaAxis(sh, dh);
  const out = new Uint8Array(dw * dh * c);
  const rowOf = (j) => { // one source row through the horizontal taps, float32
    const buf = new Float32Array(dw * c);
    for (let x = 0; x < dw; x++) {
      for (let k = 0; k < c; k++) {
        let v = 0;
        for (const { i, alpha } of xs[x]) v = f32(v + f32(data[(j * sw + i) * c + k] * alpha));
        buf[x * c + k] = v;
      }
    }
    return buf;
  };
  for (let y = 0; y < dh; y++) {
    const sum = new Float32Array(dw * c);
    for (const { i, alpha } of ys[y]) {
      const buf = rowOf(i);
      for (let e = 0; e < dw * c; e++) sum[e] = f32(sum[e] + f32(alpha * buf[e]));
    }
    for (let e = 0; e < dw * c; e++) out[y * dw * c + e] = sat(rne(sum[e]), 0, 255);
  }
  return out;
}

/** Cubic's vertical step: the first 8·floor(count/8) values in float32 (OpenCV's vector lanes), the rest in integers. */
function cubicVertical(h, b, e, lanes) {
  if (e < lanes) {
    const s = b.map((v) => f32(v * f32(1 / (COEF * COEF))));
    const t3 = f32(f32(h[3]) * s[3]);
    const t2 = f32(f32(f32(h[2]) * s[2]) + t3);
    const t1 = f32(f32(f32(h[1]) * s[1]) + t2);
    return sat(rne(f32(f32(f32(h[0]) * s[0]) + t1)), 0, 255);
  }
  // exact in doubles: |sum| < 2^53 for any int16 weights
  const sum = h[0] * b[0] + h[1] * b[1] + h[2] * b[2] + h[3] * b[3];
  return sat(Math.floor((sum + 2 ** 21) / 2 ** 22), 0, 255);
}

function fixedResize(src, dw, dh, c, kind, a) {
  const { width: sw, height: sh, data } = src;
  const xs = fixedAxis(sw, dw, kind, a, true), ys = fixedAxis(sh, dh, kind, a, false);
  const taps = kind === 'cubic' ? 4 : 2;
  const count = dw * c, lanes = 8 * Math.floor(count / 8);
  const hrow = (j) => { // int32, exact
    const row = new Array(count);
    for (let x = 0; x < dw; x++) {
      for (let k = 0; k < c; k++) {
        let v = 0;
        for (let t = 0; t < taps; t++) v += data[(j * sw + clampIndex(xs[x].s + t, sw)) * c + k] * xs[x].w[t];
        row[x * c + k] = v;
      }
    }
    return row;
  };
  const out = new Uint8Array(dw * dh * c);
  for (let y = 0; y < dh; y++) {
    const { s, w } = ys[y];
    const rows = w.map((_, t) => hrow(clampIndex(s + t, sh)));
    for (let e = 0; e < count; e++) {
      let v;
      if (taps === 2) v = (((rows[0][e] >> 4) * w[0]) >> 16) + (((rows[1][e] >> 4) * w[1]) >> 16) + 2 >> 2;
      else v = cubicVertical(rows.map((r) => r[e]), w, e, lanes);
      out[y * count + e] = v;
    }
  }
  return out;
}

/**
 * img: { width, height, channels, data }; interpolation 'linear' | 'cubic' |
 * 'area' (OpenCV's uint8 rules); returns the destination bytes.
 */
export function openCvResize(img, width, height, interpolation, cubicA = -0.75) {
  const c = img.channels;
  const plan = openCvPath(img.width, img.height, width, height, interpolation);
  if (plan.path === 'box') return boxResize(img, width, height, c, plan.kx, plan.ky);
  if (plan.path === 'area') return areaResize(img, width, height, c);
  return fixedResize(img, width, height, c, plan.kind, cubicA);
}
