// Plain-JS references for tensorwarp/image, written from the rules in
// src/image/image.h and the doc comments of js/image/*.js, one pixel (or one
// value) at a time. They share no code with the library.

const floorMod = (a, m) => ((a % m) + m) % m;

/** Source index for index i of an axis of length n (n >= 1), or -1 for the fill. */
export function borderIndex(i, n, border) {
  if (i >= 0 && i < n) return i;
  switch (border) {
    case 'constant': return -1;
    case 'edge': return i < 0 ? 0 : n - 1;
    case 'wrap': return floorMod(i, n);
    case 'reflect': { // dcb|abcd|cba
      if (n === 1) return 0;
      const j = floorMod(i, 2 * (n - 1));
      return j < n ? j : 2 * (n - 1) - j;
    }
    case 'symmetric': { // cba|abcd|dcb
      const j = floorMod(i, 2 * n);
      return j < n ? j : 2 * n - 1 - j;
    }
    default: throw new Error(`reference: unknown border ${border}`);
  }
}

/** A plain image { width, height, channels, data: Uint8ClampedArray } from a pixel function (r, c, k) -> byte. */
export function makeImage(width, height, channels, value) {
  const data = new Uint8ClampedArray(width * height * channels);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      for (let k = 0; k < channels; k++) data[(r * width + c) * channels + k] = value(r, c, k);
    }
  }
  return { width, height, channels, data };
}

const channelsOf = (img) => img.channels ?? 4;
const at = (img, r, c, k) => img.data[(r * img.width + c) * channelsOf(img) + k];

/** The width x height window whose top-left is source (x, y); outside follows `border`. */
export function referenceCrop(img, x, y, width, height, border, fill) {
  return makeImage(width, height, channelsOf(img), (r, c, k) => {
    const sr = borderIndex(r + y, img.height, border), sc = borderIndex(c + x, img.width, border);
    return sr < 0 || sc < 0 ? fill[k] : at(img, sr, sc, k);
  });
}

export function referencePad(img, top, right, bottom, left, border, fill) {
  return referenceCrop(img, -left, -top, img.width + left + right, img.height + top + bottom, border, fill);
}

export function referenceFlip(img, direction) {
  const { width: w, height: h } = img;
  return makeImage(w, h, channelsOf(img), (r, c, k) => at(img,
    direction === 'horizontal' ? r : h - 1 - r, direction === 'vertical' ? c : w - 1 - c, k));
}

/** Counter-clockwise quarter turns on screen. */
export function referenceRotate90(img, turns) {
  let out = img;
  for (let t = 0; t < ((turns % 4) + 4) % 4; t++) {
    const src = out;
    // one turn: output pixel (r, c) shows source (c, w - 1 - r); the output is h wide, w high
    out = makeImage(src.height, src.width, channelsOf(src), (r, c, k) => at(src, c, src.width - 1 - r, k));
  }
  return out;
}

/** Round half to even of a non-negative rational num / den (integers). */
function roundHalfEven(num, den) {
  const q = Math.floor(num / den), r = num - q * den;
  if (2 * r > den) return q + 1;
  if (2 * r < den) return q;
  return q % 2 === 0 ? q : q + 1;
}

/** Box mean of kw x kh taps (kw/2 before, the rest after), exact sum, rounded half to even. */
export function referenceBlur(img, kw, kh, border, fill) {
  const channels = channelsOf(img);
  return makeImage(img.width, img.height, channels, (r, c, k) => {
    let sum = 0;
    for (let dy = -Math.floor(kh / 2); dy < kh - Math.floor(kh / 2); dy++) {
      for (let dx = -Math.floor(kw / 2); dx < kw - Math.floor(kw / 2); dx++) {
        const sr = borderIndex(r + dy, img.height, border), sc = borderIndex(c + dx, img.width, border);
        sum += sr < 0 || sc < 0 ? fill[k] : at(img, sr, sc, k);
      }
    }
    return roundHalfEven(sum, kw * kh);
  });
}

// ---- toTensor / fromTensor, in float32 with Math.fround at every step ----
const f32 = Math.fround;

/** Round half to even of a number (any magnitude). */
function roundHalfEvenNumber(v) {
  const f = Math.floor(v), d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** float32 value -> float16 bits, to nearest even (written from IEEE 754 binary16). */
export function float16Bits(v) {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a === Infinity) return sign | 0x7c00;
  const exponent = a < 2 ** -14 ? -14 : Math.floor(Math.log2(a));
  const quantum = 2 ** (exponent - 10);
  const r = roundHalfEvenNumber(a / quantum) * quantum; // exact: a is a float32, quantum a power of 2
  if (r > 65504) return sign | 0x7c00;
  if (r < 2 ** -14) return sign | (r / 2 ** -24);
  const e = Math.floor(Math.log2(r));
  return sign | ((e + 15) << 10) | (r / 2 ** e * 1024 - 1024);
}

/** float16 bits -> value. */
export function float16Value(bits) {
  const sign = bits & 0x8000 ? -1 : 1, e = (bits >> 10) & 0x1f, m = bits & 0x3ff;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15));
}

/** uint8 of a float32 value: half to even, clamped, NaN -> 0. */
export function byteOf(v) {
  if (!(v > 0)) return 0;
  return Math.min(255, roundHalfEvenNumber(v));
}

export function luma(r, g, b) {
  return f32(f32(f32(f32(0.299) * r) + f32(f32(0.587) * g)) + f32(f32(0.114) * b));
}

/**
 * toTensor as its doc comment states it: { type, dims, data } for a list of same-size images.
 * Options are complete here (layout, channels, type, scale, mean[], std[]).
 */
export function referenceToTensor(images, { layout, channels, type, scale, mean, std }) {
  const { width, height } = images[0];
  const cin = channelsOf(images[0]);
  const pixels = width * height;
  const dims = layout === 'NCHW' ? [images.length, channels, height, width] : [images.length, height, width, channels];
  const DataArray = { float32: Float32Array, float16: Uint16Array, uint8: Uint8Array }[type];
  const data = new DataArray(images.length * pixels * channels);
  images.forEach((img, n) => {
    for (let i = 0; i < pixels; i++) {
      const p = (k) => img.data[i * cin + k];
      for (let c = 0; c < channels; c++) {
        let x;
        if (channels === 1 && cin >= 3) x = luma(p(0), p(1), p(2));
        else x = p(channels <= cin ? c : 0);
        // No scale: torchvision's x / 255 (a float32 division: the double quotient of two floats rounds to the
        // float32 quotient), except for uint8, whose default scale is 1.
        const scaled = scale === undefined ? (type === 'uint8' ? x : f32(x / 255)) : f32(x * f32(scale));
        const v = f32(f32(scaled - f32(mean[c])) / f32(std[c]));
        const at = n * pixels * channels + (layout === 'NCHW' ? c * pixels + i : i * channels + c);
        data[at] = type === 'float32' ? v : type === 'float16' ? float16Bits(v) : byteOf(v);
      }
    }
  });
  return { type, dims, data };
}

/** fromTensor for one batch entry n: tensor channel c of pixel i -> image. */
export function referenceFromTensor(t, n, { layout, scale, mean, std, channels: imageChannels }) {
  const rank4 = t.dims.length === 4;
  const inner = rank4 ? t.dims.slice(1) : t.dims;
  const [C, H, W] = layout === 'NCHW' ? inner : [inner[2], inner[0], inner[1]];
  const pixels = H * W;
  const value = (i, c) => {
    const at = n * pixels * C + (layout === 'NCHW' ? c * pixels + i : i * C + c);
    return t.type === 'float16' ? float16Value(t.data[at]) : t.data[at];
  };
  return makeImage(W, H, imageChannels, (r, col, k) => {
    const i = r * W + col;
    const c = k < C ? k : C === 1 && imageChannels >= 3 && k < 3 ? 0 : -1;
    if (c < 0) return 255;
    const divisor = f32(scale ?? (t.type === 'uint8' ? 1 : 1 / 255)); // fromTensor's default scale
    return byteOf(f32(f32(f32(value(i, c) * f32(std[c])) + f32(mean[c])) / divisor));
  });
}
