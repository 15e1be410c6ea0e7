// Encoded images (a Blob, a File, or a URL string to fetch) decoded into an
// ImageData with the browser's own decoder: createImageBitmap, then one read
// through a 2-D canvas (source.js). Works on the calling thread and in a
// worker (both have fetch, createImageBitmap and OffscreenCanvas in
// browsers); Node has no image decoder and says so.
import { describe } from '../args.js';
import { readSource, isBlob } from './source.js';

/** Whether `value` needs decoding: a Blob, a File or a URL string. */
export function isEncoded(value) {
  return typeof value === 'string' || isBlob(value);
}

async function fetchBlob(url, argument) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new TypeError(`${argument}: ${describe(url)} could not be fetched: ${error?.message ?? error}`);
  }
  if (!response.ok) throw new TypeError(`${argument}: ${describe(url)} could not be fetched: HTTP ${response.status}`);
  return response.blob();
}

/**
 * The ImageData of an encoded image (RGBA, sRGB, not premultiplied, no
 * colour-space conversion, EXIF orientation applied as browsers do), or a
 * TypeError naming `argument`: a URL that cannot be fetched, bytes that do
 * not decode, a runtime without a decoder.
 */
export async function decodeImage(value, argument) {
  if (typeof globalThis.createImageBitmap !== 'function') {
    throw new TypeError(`${argument}: decoding ${typeof value === 'string' ? 'a URL' : 'a Blob'} needs createImageBitmap ` +
      '(browsers and their workers); in Node pass decoded images { width, height, data }');
  }
  const blob = typeof value === 'string' ? await fetchBlob(value, argument) : value;
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch (error) {
    throw new TypeError(`${argument}: the ${blob.type || 'image'} bytes could not be decoded (${error?.message ?? error})`);
  }
  try {
    return readSource(bitmap, argument);
  } finally {
    bitmap.close();
  }
}

/**
 * Targets with every encoded image or mask decoded; names[i] is the argument
 * name of targets[i] in error messages. Resolves with a new array (the
 * targets without encoded images are the same objects).
 */
export async function decodeTargets(targets, names) {
  return Promise.all(targets.map(async (t, i) => {
    if (isEncoded(t.image)) return { ...t, image: await decodeImage(t.image, `${names[i]}.image`) };
    return t;
  }));
}
