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
