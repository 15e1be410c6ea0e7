// A pipeline's pixels run in the wasm heap where every step can: one warp
// (the first segment) writes its result into a heap block, then each colour
// op, and the ops of a policy that follows it (its colour ops, and its
// geometric ones through tw_color_policy_nearest), run from that block into
// a second one and back (colorInHeap: the functional op's own checks and C
// entry), then the colour steps of a last segment that does not move pixels,
// and the tensor is made from the block (or the image copied out once). The
// same bytes as compose.js's image path (warpSegment, applyColor per step,
// applyPolicy, toTensor), without copying the 224² image in and out of the
// heap around every op. Other shapes of pipeline, steps written in JS (noise,
// erasing with a box) and elastic segments take the image path.
import { withFrame } from '../module.js';
import { copyOut } from '../tensor.js';
import { checkImage, imagePointer, resultImage } from '../image/common.js';
import { colorInHeap, colorChainInHeap, chainsInHeap, runsInHeap, MAX_CHAIN } from '../image/color.js';
import { tensorFromHeap } from '../image/convert.js';
import { warpIntoHeap } from '../image/warp.js';
import { checkColourStep, colorCalls, policyCall, policyFillBytes } from './color-run.js';
import { policyNearestInHeap } from './policy-geometry.js';
import { GEOMETRIC_OPS } from './policy-tables.js';
import { segmentWarp } from './resample.js';

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** The functional ops of `colors` on an image of `size` ({ kind: 'color', name, args }), or null when one must run in JS. */
function heapCalls(colors, size) {
  const calls = [];
  for (const entry of colors) {
    checkColourStep(size, entry);
    const list = colorCalls(entry, size);
    if (list === null || !list.every(([name]) => runsInHeap(name))) return null;
    calls.push(...list.map(([name, args]) => ({ kind: 'color', name, args })));
  }
  return calls;
}

/** A policy step's ops in order: colour ops as functional calls, geometric ones as { kind: 'nearest' }. */
function policyCalls(step, size) {
  const calls = [];
  for (const { op, magnitude } of step.ops) {
    if (GEOMETRIC_OPS.includes(op)) {
      calls.push({ kind: 'nearest', op, magnitude, fill: policyFillBytes(step.fill, size.channels, step.transform) });
    } else if (op !== 'Identity') {
      const [name, args] = policyCall(op, magnitude);
      calls.push({ kind: 'color', name, args });
    }
  }
  return calls;
}

/**
 * The calls with each run of consecutive ops that chain (colorJitter's brightness, contrast, saturation and
 * hue) grouped into { kind: 'chain', calls: [[name, args], ...] } of at most MAX_CHAIN: one C call and one
 * pass per contrast instead of one call and pass per op (the same bytes).
 */
function chained(calls) {
  const out = [];
  for (const call of calls) {
    const last = out[out.length - 1];
    if (call.kind !== 'color' || !chainsInHeap(call.name)) out.push(call);
    else if (last?.kind === 'chain' && last.calls.length < MAX_CHAIN) last.calls.push([call.name, call.args]);
    else out.push({ kind: 'chain', calls: [[call.name, call.args]] });
  }
  return out;
}

/** A segment that moves no pixel: the identity at the size of the one before it. */
const still = (segment, size) => !segment.elastic && segment.next === null && segment.width === size.width &&
  segment.height === size.height && segment.before.every((v, i) => v === IDENTITY[i]);

/**
 * The steps after the first segment's warp, or null when the pipeline is not [a warp with colour steps,
 * optionally a policy, optionally a still last segment with colour steps] or a step must run in JS.
 */
function plan(segments, size) {
  const [first, second] = segments;
  if (first.elastic || segments.length > 2) return null;
  const calls = heapCalls(first.colors, size);
  if (calls === null) return null;
  if (segments.length === 1) return first.next === null ? calls : null;
  if (first.next?.kind !== 'policy' || !still(second, size)) return null;
  const tail = heapCalls(second.colors, size);
  return tail === null ? null : [...calls, ...policyCalls(first.next, size), ...tail];
}

/**
 * { image } or { tensor } for `image` through the pipeline's `segments` (compose.js plan), or null when the
 * image path must run it (then nothing has been done). tensor: toTensor's options (checked) or undefined.
 * Only worth it with colour or policy steps: without them the fused warp -> tensor is one call already.
 */
export function runInHeap(image, segments, sampling, tensor, op) {
  const src = checkImage(image, 'augment');
  const { width, height } = segments[0];
  if (width === 0 || height === 0 || src.channels < 3) return null;
  const size = { width, height, channels: src.channels };
  const planned = plan(segments, size);
  if (planned === null || planned.length === 0) return null;
  const calls = chained(planned);
  const bytes = width * height * src.channels;
  return withFrame(op, (frame, m) => {
    const warp = segmentWarp(image, segments[0], sampling);
    let a = warp === null ? imagePointer(frame, src) : warpIntoHeap(frame, m, warp.image, warp.matrix, warp.options).pointer;
    let b = frame.alloc(bytes);
    for (const call of calls) {
      if (call.kind === 'nearest') {
        policyNearestInHeap(m, call.op, call.magnitude, call.fill, size, a, b);
      } else if (call.kind === 'chain') {
        colorChainInHeap(m, call.calls, { ...size, view: frame.view(a, bytes) }, a, b);
      } else {
        colorInHeap(m, call.name, call.args, { ...size, view: frame.view(a, bytes) }, a, b); // the view: for the op's checks
      }
      [a, b] = [b, a];
    }
    // named as the image path's toTensor call names them
    if (tensor !== undefined) return { tensor: tensorFromHeap(frame, m, a, size, tensor, 'toTensor', 'toTensor: options') };
    const target = resultImage(undefined, width, height, src.channels, 'augment');
    copyOut(a, bytes, target.bytes);
    return { image: target.source };
  });
}
