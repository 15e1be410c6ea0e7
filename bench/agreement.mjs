// Do the configurations compute the same thing? Each output is compared with
// the reference output (tensorwarp end to end when it ran) element by element.
//
// A case may carry an `expect` rule for a documented semantic difference:
//   tol       largest |difference| that still counts as agreeing
//   interior  judge only the interior mask (workloads.mjs), where the peer's
//             semantics coincide with ONNX; the full-tensor maximum is still shown
//   maxShare  share of elements allowed above tol (rounding flips in 'nearest')
//   why       the footnote explaining the difference
// Without one, the default is float rounding only (exact for Pad).

import { interiorMask } from './workloads.mjs';

export function defaultExpect(w) {
  if (w.op === 'pad') return { tol: 0 }; // pure data movement: bit-exact
  return { tol: 1e-5 }; // float32 results of [0, 1) data, summed in other orders
}

const masks = new Map();
function maskOf(w) {
  if (!masks.has(w.key)) masks.set(w.key, interiorMask(w));
  return masks.get(w.key);
}

function stats() {
  return { max: 0, over: 0, n: 0 };
}

/**
 * Compares `out` with `ref` ({ dims, data }, NCHW) for workload `w`.
 * Returns { all, interior?, ok, documented, expect } or { shapeMismatch, ok: false }.
 */
export function compare(ref, out, w, expect = defaultExpect(w)) {
  if (ref.dims.join() !== out.dims.join() || ref.data.length !== out.data.length) {
    return { shapeMismatch: `[${out.dims}] vs [${ref.dims}]`, ok: false, expect };
  }
  const { tol } = expect;
  const mask = expect.interior ? maskOf(w) : null;
  const plane = mask ? mask.length : 1;
  const all = stats();
  const interior = stats();
  const a = ref.data;
  const b = out.data;
  for (let i = 0; i < a.length; i++) {
    let d = Math.abs(a[i] - b[i]);
    if (Number.isNaN(d)) d = Number.isNaN(a[i]) && Number.isNaN(b[i]) ? 0 : Infinity;
    all.n++;
    if (d > all.max) all.max = d;
    if (d > tol) all.over++;
    if (mask && mask[i % plane]) {
      interior.n++;
      if (d > interior.max) interior.max = d;
      if (d > tol) interior.over++;
    }
  }
  const judged = mask ? interior : all;
  const ok = judged.max <= tol || (expect.maxShare !== undefined && judged.over <= expect.maxShare * judged.n);
  // Agreeing only thanks to the documented difference (beyond float rounding)?
  const documented = ok && Boolean(expect.why) && all.max > defaultExpect(w).tol;
  return { all, interior: mask ? interior : undefined, ok, documented, expect };
}
