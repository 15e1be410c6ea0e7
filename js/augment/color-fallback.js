// STOP-GAP: plain-JavaScript versions of the functional colour ops, used by
// color-run.js only while tensorwarp/image does not export its own (branch
// `color` writes them in C, byte for byte torchvision 0.14). Delete this file
// once they are merged; color-run.js prefers them already.
//
// The arithmetic is torchvision 0.14's on uint8 (TORCHVISION.md › Functional
// ops): float32 (Math.fround) in torch's order, truncation to uint8. Exact
// for brightness, contrast (below 65,793 px), saturation, hue, grayscale,
// sharpness, posterize, solarize, invert, autocontrast, equalize and erase;
// adjustGamma and gaussianBlur use the engine's pow and exp where torch uses
// SLEEF, so they can miss by one on rare bytes. Colour ops act on channels
// 0..2 (a 4th, alpha, is kept); 1- and 2-channel images are grey (+ alpha).
const f = Math.fround;
const W0 = f(0.2989), W1 = f(0.587), W2 = f(0.114);

const colorChannels = (c) => (c >= 3 ? 3 : 1);

function like(image) {
  const channels = image.channels ?? 4;
  return { width: image.width, height: image.height, channels, data: new Uint8ClampedArray(image.data) };
}

const clampTrunc = (v) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.trunc(v));

/** blend(a, b, r) = trunc(clamp(f(r)·a + f(1 − r)·b)) for every colour value; b(i) gives the other value. */
function blend(image, other, ratio) {
  const out = like(image), d = out.data, C = out.channels, n = colorChannels(C);
  const r = f(ratio), s = f(1 - ratio);
  for (let p = 0; p < d.length; p += C) {
    for (let k = 0; k < n; k++) d[p + k] = clampTrunc(f(f(r * d[p + k]) + f(s * other(p, k))));
  }
  return out;
}

const grayAt = (d, p) => Math.trunc(f(f(f(W0 * d[p]) + f(W1 * d[p + 1])) + f(W2 * d[p + 2])));

export function adjustBrightness(image, factor) {
  return blend(image, () => 0, factor);
}

export function adjustContrast(image, factor) {
  const C = image.channels ?? 4, d = image.data;
  let sum = 0;
  for (let p = 0; p < d.length; p += C) sum += C >= 3 ? grayAt(d, p) : d[p];
  const mean = f(f(sum) / f(image.width * image.height));
  return blend(image, () => mean, factor);
}

export function adjustSaturation(image, factor) {
  const C = image.channels ?? 4;
  if (C < 3) return like(image);
  return blend(image, (p) => grayAt(image.data, p), factor);
}

export function grayscale(image, { channels } = {}) {
  const C = image.channels ?? 4;
  const out = like(image), d = out.data;
  if (C < 3) return out;
  for (let p = 0; p < d.length; p += C) d[p] = d[p + 1] = d[p + 2] = grayAt(d, p);
  void channels;
  return out;
}

function hsvPixel(d, p, shift) {
  const r = f(d[p] / 255), g = f(d[p + 1] / 255), b = f(d[p + 2] / 255);
  const maxc = Math.max(r, g, b), minc = Math.min(r, g, b), cr = f(maxc - minc), eq = maxc === minc;
  const s = f(cr / (eq ? 1 : maxc));
  const den = eq ? 1 : cr;
  const rc = f(f(maxc - r) / den), gc = f(f(maxc - g) / den), bc = f(f(maxc - b) / den);
  let h;
  if (maxc === r) h = f(bc - gc);
  else if (maxc === g) h = f(f(2 + rc) - bc);
  else h = f(f(4 + gc) - rc);
  h = f(f(f(h / 6) + 1) % 1);
  let hh = f(f(h + f(shift)) % 1);
  if (hh < 0) hh = f(hh + 1);
  const i6 = Math.floor(f(hh * 6)), fr = f(f(hh * 6) - i6), i = ((i6 % 6) + 6) % 6;
  const v = maxc;
  const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);
  const pp = clamp01(f(v * f(1 - s))), q = clamp01(f(v * f(1 - f(s * fr)))), t = clamp01(f(v * f(1 - f(s * f(1 - fr)))));
  const rgb = [[v, t, pp], [q, v, pp], [pp, v, t], [pp, q, v], [t, pp, v], [v, pp, q]][i];
  for (let k = 0; k < 3; k++) d[p + k] = Math.trunc(f(rgb[k] * 255));
}

export function adjustHue(image, shift) {
  const out = like(image), C = out.channels;
  if (C < 3) return out;
  for (let p = 0; p < out.data.length; p += C) hsvPixel(out.data, p, shift);
  return out;
}

export function adjustSharpness(image, factor) {
  const { width: Wd, height: H } = image, C = image.channels ?? 4, n = colorChannels(C), d = image.data;
  if (H <= 2 || Wd <= 2) return like(image);
  const degenerate = new Uint8Array(d);
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < Wd - 1; x++) {
      for (let k = 0; k < n; k++) {
        let s = 4 * d[(y * Wd + x) * C + k];
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += d[((y + dy) * Wd + x + dx) * C + k];
        degenerate[(y * Wd + x) * C + k] = Math.round(s / 13); // k / 13 is never a tie
      }
    }
  }
  return blend(image, (p, k) => degenerate[p + k], factor);
}

function perValue(image, fn) {
  const out = like(image), d = out.data, C = out.channels, n = colorChannels(C);
  for (let p = 0; p < d.length; p += C) for (let k = 0; k < n; k++) d[p + k] = fn(d[p + k], k);
  return out;
}

export const posterize = (image, bits) => perValue(image, (v) => v & ((0xff << (8 - bits)) & 0xff));
export const solarize = (image, threshold) => perValue(image, (v) => (v >= f(threshold) ? 255 - v : v));
export const invert = (image) => perValue(image, (v) => 255 - v);

function channelStats(image, k) {
  const C = image.channels ?? 4, d = image.data, hist = new Array(256).fill(0);
  for (let p = k; p < d.length; p += C) hist[d[p]]++;
  return hist;
}

export function autocontrast(image) {
  const n = colorChannels(image.channels ?? 4);
  const scales = [];
  for (let k = 0; k < n; k++) {
    const hist = channelStats(image, k);
    let lo = hist.findIndex((c) => c > 0), hi = hist.findLastIndex((c) => c > 0);
    if (lo < 0) lo = hi = 0;
    scales.push(hi === lo ? [0, 1] : [lo, f(f(1 / (hi - lo)) * 255)]);
  }
  return perValue(image, (v, k) => clampTrunc(f((v - scales[k][0]) * scales[k][1])));
}

export function equalize(image) {
  const n = colorChannels(image.channels ?? 4);
  const luts = [];
  for (let k = 0; k < n; k++) {
    const hist = channelStats(image, k);
    const last = hist.findLastIndex((c) => c > 0);
    const total = hist.reduce((s, c) => s + c, 0);
    const step = Math.floor((total - (last < 0 ? 0 : hist[last])) / 255);
    if (step === 0) { luts.push(null); continue; }
    const lut = new Array(256).fill(0);
    let cum = 0;
    for (let i = 1; i < 256; i++) {
      cum += hist[i - 1];
      lut[i] = Math.min(255, Math.floor((cum + Math.floor(step / 2)) / step));
    }
    luts.push(lut);
  }
  return perValue(image, (v, k) => (luts[k] ? luts[k][v] : v));
}

export function adjustGamma(image, gamma, { gain = 1 } = {}) {
  const lut = Array.from({ length: 256 }, (_, v) => {
    const x = f(v / 255), p = f(x ** gamma);
    const g = f(f(gain) * p);
    return Math.trunc(f((g < 0 ? 0 : g > 1 ? 1 : g) * f(255.999)));
  });
  return perValue(image, (v) => lut[v]);
}

function kernel1d(k, sigma) {
  const half = (k - 1) / 2, s = f(sigma);
  const pdf = Array.from({ length: k }, (_, i) => { const x = f(f(i - half) / s); return f(Math.exp(f(f(-0.5) * f(x * x)))); });
  // torch's sum below 8 values: four strided accumulators, the tail into the first, then left to right
  const acc = [0, 0, 0, 0], full = k - (k % 4);
  pdf.forEach((v, i) => { const a = i < full ? i % 4 : 0; acc[a] = f(acc[a] + v); });
  const sum = f(f(f(acc[0] + acc[1]) + acc[2]) + acc[3]);
  return pdf.map((v) => f(v / sum));
}

const reflect = (i, n) => (n === 1 ? 0 : i < 0 ? -i : i >= n ? 2 * n - 2 - i : i);

export function gaussianBlur(image, { size, sigma }) {
  const [kx, ky] = typeof size === 'number' ? [size, size] : size;
  const [sx, sy] = typeof sigma === 'number' ? [sigma, sigma] : sigma;
  const wx = kernel1d(kx, sx), wy = kernel1d(ky, sy);
  const { width: Wd, height: H } = image, C = image.channels ?? 4, n = colorChannels(C), d = image.data;
  const out = like(image), o = out.data, hx = (kx - 1) / 2, hy = (ky - 1) / 2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < Wd; x++) {
      for (let k = 0; k < n; k++) {
        let acc = 0;
        for (let i = 0; i < ky; i++) {
          const row = reflect(y + i - hy, H) * Wd;
          for (let j = 0; j < kx; j++) acc = f(f(wy[i] * wx[j]) * d[(row + reflect(x + j - hx, Wd)) * C + k] + acc); // fma
        }
        const r = Math.round(acc);
        o[(y * Wd + x) * C + k] = r - acc === 0.5 && r % 2 ? r - 1 : r;
      }
    }
  }
  return out;
}

export function erase(image, { x, y, width, height, value = 0 }) {
  const out = like(image), d = out.data, C = out.channels;
  const byte = (v) => Math.trunc(v) & 0xff;
  const values = Array.from({ length: C }, (_, k) => byte(typeof value === 'number' ? value : value[value.length === 1 ? 0 : k]));
  for (let r = y; r < Math.min(out.height, y + height); r++) {
    for (let c = x; c < Math.min(out.width, x + width); c++) for (let k = 0; k < C; k++) d[(r * out.width + c) * C + k] = values[k];
  }
  return out;
}
