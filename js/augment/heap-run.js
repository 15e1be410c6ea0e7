// The last segment of a pipeline with colour steps, run with the pixels in
// the wasm heap: the one warp writes its result into a heap block, each
// colour op runs from that block into a second one and back (colorInHeap:
// the functional op's own checks and C entry), then the tensor is made from
// the block (or the image copied out once). The same bytes as compose.js's
// image path (warpSegment, applyColor per step, toTensor), without copying
// the 224² image in and out of the heap around every op. Steps written in JS
// (noise, erasing with a box) and elastic segments take the image path.
import { withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { checkImage, imagePointer, resultImage } from '../image/common.js';
import { colorInHeap, runsInHeap } from '../image/color.js';
import { tensorFromHeap } from '../image/convert.js';
import { warpIntoHeap } from '../image/warp.js';
import { checkColourStep, colorCalls } from './color-run.js';
import { segmentWarp } from './resample.js';

/** The functional ops of `colors` on an image of `size`, or null when one of them must run in JS. */
function heapCalls(colors, size) {
  const calls = [];
  for (const entry of colors) {
    checkColourStep(size, entry);
    const list = colorCalls(entry, size);
    if (list === null || !list.every(([name]) => runsInHeap(name))) return null;
    calls.push(...list);
  }
  return calls;
}

/**
 * { image } or { tensor } for the last segment (compose.js runImage) of `image` with its colour steps, or
 * null when the image path must run it. tensor: toTensor's options (checked) or undefined; `op` names the
 * user's call in tensor errors.
 */
export function runColorsInHeap(image, segment, sampling, tensor, op) {
  const src = checkImage(image, 'augment');
  const { width, height } = segment;
  if (segment.elastic || width === 0 || height === 0 || src.channels < 3) return null;
  const size = { width, height, channels: src.channels };
  const calls = heapCalls(segment.colors, size);
  if (calls === null) return null;
  const bytes = width * height * src.channels;
  return withFrame(op, (frame, m) => {
    const warp = segmentWarp(image, segment, sampling);
    let a = warp === null ? imagePointer(frame, src) : warpIntoHeap(frame, m, warp.image, warp.matrix, warp.options).pointer;
    let b = frame.alloc(bytes);
    for (const [name, args] of calls) {
      const view = new Uint8Array(m.HEAPU8.buffer, a, bytes); // made after the last allocation: memory growth replaces the buffer
      colorInHeap(m, name, args, { ...size, view }, a, b);
      [a, b] = [b, a];
    }
    if (tensor !== undefined) return { tensor: tensorFromHeap(frame, m, a, size, tensor, 'toTensor', 'toTensor: options') }; // named as the image path's toTensor call names them
    const target = resultImage(undefined, width, height, src.channels, 'augment');
    copyOut(a, bytes, target.bytes);
    return { image: target.source };
  });
}
