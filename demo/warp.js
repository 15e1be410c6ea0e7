// The GridSample panel's sampling grid: for every output pixel, where to
// read the input, in GridSample's normalised coordinates ([-1, 1] spans the
// input; x first, then y). The sliders describe how the *image* moves: they
// make one forward matrix with tensorwarp/image's `matrix` helpers, and the
// grid applies its inverse to each output pixel (plus an optional sine
// displacement, the one motion a matrix cannot express).

export const IDENTITY = Object.freeze({
  rotation: 0, scale: 1, shear: 0, tx: 0, ty: 0, px: 0, py: 0, amplitude: 0, waves: 2,
});

/** Normalised coordinate of pixel position `x` along an axis of `n` pixels (the align_corners convention). */
export function normalised(x, n, alignCorners) {
  if (alignCorners) return n > 1 ? (2 * x) / (n - 1) - 1 : 0;
  return (2 * x + 1) / n - 1;
}

/**
 * The forward matrix (9 numbers, pixel centres at whole numbers) of the
 * sliders' motion of a W x H image, about its centre: scale, shear,
 * rotation, translation, then perspective.
 *
 * t.rotation degrees (clockwise on screen), t.scale (> 1 enlarges),
 * t.shear (horizontal, x moves by shear * y), t.tx / t.ty (fractions of the
 * half-size), t.px / t.py (perspective: w = 1 + px * u + py * v, with u and v
 * the position from the centre in half-sizes).
 */
export function forwardMatrix(W, H, t, matrix) {
  const [cx, cy] = [(W - 1) / 2, (H - 1) / 2];
  const motion = matrix.affine({
    rotate: -t.rotation,
    scale: t.scale,
    shear: [(-Math.atan(t.shear) * 180) / Math.PI, 0],
    translate: [(t.tx * W) / 2, (t.ty * H) / 2],
    center: [cx, cy],
  });
  const tilt = [1, 0, 0, 0, 1, 0, (2 * t.px) / W, (2 * t.py) / H, 1];
  const aboutCentre = matrix.multiply([1, 0, cx, 0, 1, cy, 0, 0, 1], matrix.multiply(tilt, [1, 0, -cx, 0, 1, -cy, 0, 0, 1]));
  return matrix.multiply(aboutCentre, motion);
}

/**
 * The grid [1, Ho, Wo, 2] (Float32Array) that warps a W x H input into a
 * Wo x Ho output. With IDENTITY it samples every pixel at its own centre
 * under either align_corners convention, so the output equals the input.
 * t as for forwardMatrix, plus t.amplitude / t.waves: a sine displacement
 * (in normalised units / whole waves across the image) added to where each
 * output pixel reads. `matrix` is tensorwarp/image's matrix namespace.
 */
export function buildGrid(W, H, Wo, Ho, t, alignCorners, matrix) {
  const inverse = matrix.invert(forwardMatrix(W, H, t, matrix));
  const outputs = [];
  for (let i = 0; i < Ho; i++) for (let j = 0; j < Wo; j++) outputs.push([j, i]);
  const sources = matrix.apply(inverse, outputs);
  const grid = new Float32Array(Ho * Wo * 2);
  const k = 2 * Math.PI * t.waves;
  sources.forEach(([sx, sy], p) => {
    let x = normalised(sx, W, alignCorners);
    let y = normalised(sy, H, alignCorners);
    if (t.amplitude !== 0) [x, y] = [x + t.amplitude * Math.sin(k * (y + 1) * 0.5), y + t.amplitude * Math.sin(k * (x + 1) * 0.5)];
    grid[2 * p] = x;
    grid[2 * p + 1] = y;
  });
  return grid;
}
