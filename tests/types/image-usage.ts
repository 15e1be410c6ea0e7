// Compile-time checks of js/image.d.ts (tests/types.test.mjs runs tsc on this file).
// Lines marked @ts-expect-error must fail to type-check.
import { matrix } from '../../js/image.js';
import type { AffineMatrix, Matrix, PerspectiveMatrix } from '../../js/image.js';

export function imageUsage(width: number, height: number): void {
  const m: AffineMatrix = matrix.rotation(15, [width / 2, height / 2], 1.1);
  const sheared: AffineMatrix = matrix.affine({ rotate: 10, shear: [5, 0], translate: [1, 2], center: [3, 4] });
  const both: AffineMatrix = matrix.multiply(m, sheared);
  const h: PerspectiveMatrix = matrix.perspective([[0, 0], [1, 0], [1, 1], [0, 1]], [[0, 0], [2, 0], [2, 2], [0, 3]]);
  const mixed: Matrix = matrix.multiply(h, m);
  const back: PerspectiveMatrix = matrix.invert(h);
  const moved: [number, number][] = matrix.apply(back, [[1, 2]]);
  void [both, mixed, moved];
  // @ts-expect-error shear is a number or [x, y]
  matrix.affine({ shear: [1, 2, 3] });
  // @ts-expect-error unknown parameter
  matrix.affine({ rotation: 3 });
}
