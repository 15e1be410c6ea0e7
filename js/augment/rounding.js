// Rounding shared by the transforms.

/** Python's round() (half to even), as torchvision's int(round(x)). */
export function roundHalfEven(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
