// Plain-JS resize written from the rules in src/image/resize.h (the
// tw_image_resize entry). nearest: the INTER_NEAREST_EXACT index.
// antialias: false linear and cubic, and area: OpenCV 4.6's uint8 arithmetic
// (./image-resize-opencv.js). Antialiased linear and cubic are Pillow's
// (./image-resize-pil.js). Shares no code with the library; the library's
// SIMD and scalar kernels must match it bit for bit.
import { openCvResize } from './image-resize-opencv.js';

/** The source index of destination pixel i (INTER_NEAREST_EXACT). */
function nearestIndex(n, m, i) {
  const step = Math.floor((n * 65536 + Math.floor(m / 2)) / m);
  const j = Math.floor((step * i + Math.floor(step / 2) - 1) / 65536);
  return Math.min(Math.max(j, 0), n - 1);
}

/**
 * img: { width, height, channels, data }; returns { width, height, channels,
 * data: Uint8Array }.
 */
export function referenceResize(img, { width, height, interpolation = 'linear', antialias = true, cubicA }) {
  const { width: sw, height: sh, channels: c, data } = img;
  if (antialias && (interpolation === 'linear' || interpolation === 'cubic')) {
    throw new Error('referenceResize: antialiased linear/cubic is Pillow\'s rule (./image-resize-pil.js)');
  }
  const out = new Uint8Array(width * height * c);
  if (width === 0 || height === 0) return { width, height, channels: c, data: out };
  if (interpolation !== 'nearest') {
    return { width, height, channels: c, data: openCvResize(img, width, height, interpolation, cubicA ?? -0.75) };
  }
  for (let y = 0; y < height; y++) {
    const row = nearestIndex(sh, height, y);
    for (let x = 0; x < width; x++) {
      const col = nearestIndex(sw, width, x);
      for (let k = 0; k < c; k++) out[(y * width + x) * c + k] = data[(row * sw + col) * c + k];
    }
  }
  return { width, height, channels: c, data: out };
}
