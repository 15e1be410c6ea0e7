// 3×3 row-major products for composing a pipeline's matrices per sample,
// without the argument checks of matrix.multiply (the entries here come from
// the transforms, already finite). Same order of operations as
// matrix.multiply: r[i][j] = p[i][0]·q[0][j] + p[i][1]·q[1][j] + p[i][2]·q[2][j].

/** a after b (a·b), both 9 numbers. */
export function multiply3(a, b) {
  const r = new Array(9);
  for (let i = 0; i < 3; i++) {
    const p0 = a[3 * i], p1 = a[3 * i + 1], p2 = a[3 * i + 2];
    for (let j = 0; j < 3; j++) r[3 * i + j] = p0 * b[j] + p1 * b[3 + j] + p2 * b[6 + j];
  }
  return r;
}
