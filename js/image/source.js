// Images from what a page holds: an <img>, a canvas, an ImageBitmap, an
// OffscreenCanvas, a VideoFrame, a <video> or an SVG <image> (the
// CanvasImageSource types), read once into an ImageData through a 2-D
// canvas. Every tensorwarp/image function and augment call takes these
// through checkImage (common.js), which calls readSource; fromSource is the
// same conversion for a caller who wants the pixels once and reuses them.
//
// What comes out: RGBA, 4 channels, sRGB, not premultiplied (getImageData's
// form). A 2-D canvas stores premultiplied colour, so a pixel with alpha
// below 255 comes back with its colour rounded through that product: read an
// opaque source, or read semi-transparent sources once and keep the ImageData.
import { describe } from '../args.js';

/** The intrinsic size of a CanvasImageSource, or null when `value` is not one this runtime has. */
function sourceSize(value) {
  const is = (name) => typeof globalThis[name] === 'function' && value instanceof globalThis[name];
  if (is('HTMLImageElement')) return { width: value.naturalWidth, height: value.naturalHeight, kind: 'HTMLImageElement' };
  if (is('HTMLVideoElement')) return { width: value.videoWidth, height: value.videoHeight, kind: 'HTMLVideoElement' };
  if (is('VideoFrame')) return { width: value.displayWidth, height: value.displayHeight, kind: 'VideoFrame' };
  if (is('SVGImageElement')) return { width: value.width.baseVal.value, height: value.height.baseVal.value, kind: 'SVGImageElement' };
  for (const kind of ['HTMLCanvasElement', 'OffscreenCanvas', 'ImageBitmap']) {
    if (is(kind)) return { width: value.width, height: value.height, kind };
  }
  return null;
}

/** Whether `value` is a CanvasImageSource of this runtime (and not an image object { width, height, data }). */
export function isCanvasSource(value) {
  return value !== null && typeof value === 'object' && sourceSize(value) !== null;
}

/** Whether `value` is a Blob (or File): encoded bytes, which need an asynchronous decode first. */
export function isBlob(value) {
  return typeof globalThis.Blob === 'function' && value instanceof globalThis.Blob;
}

let scratch = null; // one 2-D context, reused: a canvas per call costs more than the read of a small image

function scratchContext(width, height) {
  if (scratch === null) {
    const canvas = typeof globalThis.OffscreenCanvas === 'function'
      ? new globalThis.OffscreenCanvas(width, height)
      : globalThis.document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
    scratch = canvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' });
  }
  const { canvas } = scratch;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width; // resizing clears it
    canvas.height = height;
  } else {
    scratch.clearRect(0, 0, width, height);
  }
  return scratch;
}

/** Why a source of `kind` could not be read, as the TypeError a caller can act on. */
function unreadable(argument, kind, error) {
  if (error?.name === 'SecurityError') {
    return new TypeError(`${argument}: this ${kind} holds cross-origin pixels the page may not read (a tainted canvas); ` +
      'serve the image with CORS headers and load it with crossOrigin = "anonymous"');
  }
  if (error?.name === 'InvalidStateError') {
    return new TypeError(`${argument}: this ${kind} cannot be drawn (a closed ImageBitmap or VideoFrame, or an image that failed to decode)`);
  }
  return new TypeError(`${argument}: this ${kind} could not be read: ${error?.message ?? error}`);
}

/**
 * The pixels of a CanvasImageSource as an ImageData (RGBA, not premultiplied),
 * or a TypeError naming `argument`, what it is and what to do: not a source,
 * an image not loaded yet, an empty or closed source, a tainted canvas, or a
 * runtime with no canvas to read through (Node).
 */
export function readSource(source, argument) {
  const size = source !== null && typeof source === 'object' ? sourceSize(source) : null;
  if (isBlob(source)) {
    throw new TypeError(`${argument}: a ${describe(source).slice(2)} is encoded bytes: decode it first ` +
      '(const bitmap = await createImageBitmap(blob)) and pass the bitmap');
  }
  if (size === null) {
    const where = typeof globalThis.OffscreenCanvas === 'function' || globalThis.document ? '' : ' (this runtime has none of them: pass { width, height, data })';
    throw new TypeError(`${argument}: expected a CanvasImageSource (HTMLImageElement, HTMLCanvasElement, ImageBitmap, ` +
      `OffscreenCanvas, VideoFrame)${where}, got ${describe(source)}`);
  }
  const { width, height, kind } = size;
  if (kind === 'HTMLImageElement' && (!source.complete || width === 0)) {
    throw new TypeError(`${argument}: this HTMLImageElement has not loaded (or failed to): await img.decode() first`);
  }
  if (!(width > 0 && height > 0)) {
    throw new TypeError(`${argument}: this ${kind} has no pixels (${width}x${height}; a closed ImageBitmap or VideoFrame, or a video without a frame)`);
  }
  if (typeof globalThis.OffscreenCanvas !== 'function' && typeof globalThis.document?.createElementNS !== 'function') {
    throw new TypeError(`${argument}: reading a ${kind} needs OffscreenCanvas or a document, which this runtime lacks`);
  }
  const context = scratchContext(width, height);
  try {
    context.drawImage(source, 0, 0, width, height);
    return context.getImageData(0, 0, width, height, { colorSpace: 'srgb' });
  } catch (error) {
    throw unreadable(argument, kind, error);
  }
}

/**
 * fromSource(source): the pixels of an <img>, canvas, ImageBitmap,
 * OffscreenCanvas, VideoFrame, <video> or SVG <image> as an ImageData
 * (RGBA, sRGB, not premultiplied), for any tensorwarp function; an image
 * object ({ width, height, data }, ImageData) is returned as it is. In Node,
 * which has none of these sources, pass image objects.
 */
export function fromSource(source) {
  if (source !== null && typeof source === 'object' && 'data' in source) return source; // already an image
  return readSource(source, 'fromSource: source');
}
