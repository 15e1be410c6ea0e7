// The GridSample panel's sampling grid: for every output pixel, where to
// read the input, in GridSample's normalised coordinates ([-1, 1] spans the
// input; x first, then y). The sliders describe how the *image* moves, so
// the grid applies the inverse of that motion to each output position.

export const IDENTITY = Object.freeze({
  rotation: 0, scale: 1, shear: 0, tx: 0, ty: 0, px: 0, py: 0, amplitude: 0, waves: 2,
});

/** Normalised coordinate of output index `i` along an axis of `n` pixels (the align_corners convention). */
export function normalised(i, n, alignCorners) {
  if (alignCorners) return n > 1 ? (2 * i) / (n - 1) - 1 : 0;
  return (2 * i + 1) / n - 1;
}

/**
 * The grid [1, Ho, Wo, 2] (Float32Array) that warps a W x H input into a
 * Wo x Ho output. With IDENTITY it samples every pixel at its own centre
 * under either align_corners convention, so the output equals the input.
 *
 * t.rotation degrees (clockwise on screen), t.scale (> 1 enlarges),
 * t.shear (horizontal), t.tx / t.ty (fractions of the half-size),
 * t.px / t.py (perspective), t.amplitude / t.waves (sine displacement, in
 * normalised units / whole waves across the image).
 */
export function buildGrid(W, H, Wo, Ho, t, alignCorners) {
  const grid = new Float32Array(Ho * Wo * 2);
  // Rotation and shear act in square units, so they stay rigid on a non-square image.
  const side = Math.max(W, H);
  const ax = W / side;
  const ay = H / side;
  const angle = (-t.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const k = 2 * Math.PI * t.waves;
  for (let i = 0; i < Ho; i++) {
    const v = normalised(i, Ho, alignCorners);
    for (let j = 0; j < Wo; j++) {
      const u = normalised(j, Wo, alignCorners);
      // Undo, in reverse order: perspective, translation, rotation, shear, scale.
      let w = 1 + t.px * u + t.py * v;
      if (Math.abs(w) < 1e-3) w = w < 0 ? -1e-3 : 1e-3;
      let x = (u / w - t.tx) * ax;
      let y = (v / w - t.ty) * ay;
      [x, y] = [cos * x - sin * y, sin * x + cos * y];
      x -= t.shear * y;
      x /= t.scale * ax;
      y /= t.scale * ay;
      if (t.amplitude !== 0) {
        const dx = t.amplitude * Math.sin(k * (y + 1) * 0.5);
        const dy = t.amplitude * Math.sin(k * (x + 1) * 0.5);
        x += dx;
        y += dy;
      }
      grid[2 * (i * Wo + j)] = x;
      grid[2 * (i * Wo + j) + 1] = y;
    }
  }
  return grid;
}
