// The sources of tools/fixtures/resize_opencv.py, built again from their
// seeds: the same xorshift32 generator (./random.js) and the same patterns.
import { rng } from './random.js';

/**
 * kind 'noise': every byte floor(next() * 256) in order; 'edges': per
 * channel one of four 0/255 patterns (checkerboard of p x p blocks,
 * columns, a diagonal edge, a 7-periodic stripe). Returns { width, height,
 * channels, data: Uint8Array }.
 */
export function resizeSource(width, height, channels, kind, seed) {
  const r = rng(seed);
  if (kind === 'noise') return { width, height, channels, data: r.bytes(width * height * channels) };
  const data = new Uint8Array(width * height * channels);
  for (let c = 0; c < channels; c++) {
    const k = r.int(0, 3), p = r.int(1, 5);
    const on = [
      (x, y) => (Math.floor(x / p) + Math.floor(y / p)) % 2 === 1,
      (x) => x % (p + 1) === c % (p + 1),
      (x, y) => x * 2 + y * p > width + Math.floor(height / 2),
      (x, y) => (x * 5 + y * 3 + c) % 7 < 3,
    ][k];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data[(y * width + x) * channels + c] = on(x, y) ? 255 : 0;
    }
  }
  return { width, height, channels, data };
}
