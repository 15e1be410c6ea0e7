// Plain-JS PIL resize written from the rules in src/image/resize-pil.h
// (Pillow 9.4's BILINEAR, BICUBIC, LANCZOS on 'L' images, per channel):
// weights in double, to 22-bit integers; sums in 32-bit integers (Math.imul
// and |0 wrap as C's do); clip8 = clamp(sum >> 22, 0, 255); horizontal pass
// into uint8 rows, then vertical; a pass whose axis keeps its size skipped.
// Shares no code with the library; the library's SIMD and scalar kernels
// must match it bit for bit.

const SUPPORT = { linear: 1, cubic: 2, lanczos: 3 };

function filterOf(interpolation, a) {
  if (interpolation === 'linear') return (x) => { const t = Math.abs(x); return t < 1 ? 1 - t : 0; };
  if (interpolation === 'cubic') {
    return (x) => {
      const t = Math.abs(x);
      if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
      if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
      return 0;
    };
  }
  const sinc = (x) => (x === 0 ? 1 : Math.sin(x * Math.PI) / (x * Math.PI));
  return (x) => (x >= -3 && x < 3 ? sinc(x) * sinc(x / 3) : 0);
}

/** Destination pixel i of an axis (n source, m destination pixels): { first, k } (integer weights). */
export function pilAxisTaps(n, m, i, interpolation, cubicA = -0.5) {
  const scale = Math.fround(n) / m;
  const fscale = Math.max(scale, 1);
  const support = SUPPORT[interpolation] * fscale;
  const center = (i + 0.5) * scale;
  const first = Math.max(Math.trunc(center - support + 0.5), 0);
  const end = Math.min(Math.trunc(center + support + 0.5), n);
  const filter = filterOf(interpolation, cubicA);
  const ss = 1 / fscale;
  const w = [];
  for (let j = first; j < end; j++) w.push(filter((j - center + 0.5) * ss));
  const total = w.reduce((s, v) => s + v, 0);
  const k = w.map((v) => {
    const nv = total !== 0 ? v / total : v;
    const x = nv * 4194304;
    return Math.trunc(nv < 0 ? -0.5 + x : 0.5 + x);
  });
  return { first, k };
}

const clip8 = (acc) => Math.min(Math.max(acc >> 22, 0), 255);

/** One pass along an axis of `lines` lines of `n` values (strided access through get). */
function pass(n, m, interpolation, cubicA, get, set, lines) {
  for (let i = 0; i < m; i++) {
    const { first, k } = pilAxisTaps(n, m, i, interpolation, cubicA);
    for (let line = 0; line < lines; line++) {
      let acc = 1 << 21;
      for (let t = 0; t < k.length; t++) acc = (acc + Math.imul(k[t], get(line, first + t))) | 0;
      set(line, i, clip8(acc));
    }
  }
}

/** { width, height, channels, data } resized as resize() does on its PIL path. */
export function referenceResizePil(img, { width, height, interpolation = 'linear', cubicA = -0.5 }) {
  const C = img.channels;
  let cur = { width: img.width, height: img.height, data: Uint8Array.from(img.data) };
  if (width !== cur.width) {
    const out = new Uint8Array(width * cur.height * C);
    const src = cur;
    pass(src.width, width, interpolation, cubicA,
      (line, x) => src.data[(Math.floor(line / C) * src.width + x) * C + (line % C)],
      (line, x, v) => { out[(Math.floor(line / C) * width + x) * C + (line % C)] = v; }, src.height * C);
    cur = { width, height: src.height, data: out };
  }
  if (height !== cur.height) {
    const out = new Uint8Array(width * height * C);
    const src = cur;
    const rowBytes = width * C;
    pass(src.height, height, interpolation, cubicA, (line, y) => src.data[y * rowBytes + line],
      (line, y, v) => { out[y * rowBytes + line] = v; }, rowBytes);
    cur = { width, height, data: out };
  }
  return { width, height, channels: C, data: cur.data };
}
