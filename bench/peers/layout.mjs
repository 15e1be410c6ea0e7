// NCHW <-> NHWC conversions for peers that only take channels-last images
// (tfjs image ops and pooling, interleaved OpenCV Mats). Used outside the
// timed region only: the report says so for those columns.

export function nchwToNhwc({ type, dims, data }) {
  const [n, c, h, w] = dims;
  const out = new data.constructor(data.length);
  const plane = h * w;
  for (let b = 0; b < n; b++) {
    for (let ch = 0; ch < c; ch++) {
      const src = (b * c + ch) * plane;
      for (let i = 0; i < plane; i++) out[(b * plane + i) * c + ch] = data[src + i];
    }
  }
  return { type, dims: [n, h, w, c], data: out };
}

/** data laid out NHWC with the given NCHW dims -> { dims, data } in NCHW. */
export function nhwcToNchw(data, [n, c, h, w]) {
  const out = new data.constructor(data.length);
  const plane = h * w;
  for (let b = 0; b < n; b++) {
    for (let ch = 0; ch < c; ch++) {
      const dst = (b * c + ch) * plane;
      for (let i = 0; i < plane; i++) out[dst + i] = data[(b * plane + i) * c + ch];
    }
  }
  return { dims: [n, c, h, w], data: out };
}
