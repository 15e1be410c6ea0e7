// The Images panel's "same bytes in Python" line: for an operation and its
// current options, the one line of OpenCV (Python) that gives the bytes the
// panel shows, or which library does (PIL for antialiased resize), or that
// none does (blur). `img` in the line is the input as an H x W x 4 RGBA uint8
// NumPy array (what the panel's ImageData holds); OpenCV does not care that
// the channels are RGBA rather than BGRA.
//
// How close each line is comes from the README (Matching PIL, OpenCV and
// torchvision) and the fixture tests it names; MATCH below is the one place
// to change when an operation becomes exact.

/** OpenCV's flag for each tensorwarp border (README: the border table). */
const CV_BORDER = {
  constant: 'cv2.BORDER_CONSTANT',
  edge: 'cv2.BORDER_REPLICATE',
  reflect: 'cv2.BORDER_REFLECT_101',
  symmetric: 'cv2.BORDER_REFLECT',
  wrap: 'cv2.BORDER_WRAP',
};

const CV_WARP_INTERPOLATION = { nearest: 'cv2.INTER_NEAREST', linear: 'cv2.INTER_LINEAR', cubic: 'cv2.INTER_CUBIC' };
const CV_RESIZE_INTERPOLATION = {
  nearest: 'cv2.INTER_NEAREST_EXACT', linear: 'cv2.INTER_LINEAR', cubic: 'cv2.INTER_CUBIC', area: 'cv2.INTER_AREA',
};
const PIL_FILTER = { linear: 'Image.BILINEAR', cubic: 'Image.BICUBIC', lanczos: 'Image.LANCZOS' };

/**
 * How each line matches: 'exact' (every byte, by the fixture tests) or
 * 'within 1' (no byte further than 1 on the fixtures).
 */
export const MATCH = Object.freeze({
  warps: 'exact', // warpAffine, warpPerspective, rotate: tests/warp-opencv-exact.test.mjs
  resizeNearest: 'exact', // INTER_NEAREST_EXACT
  resizeOpenCV: 'exact', // linear and cubic without antialias, area: tests/image-resize-opencv.test.mjs
  resizePIL: 'exact', // linear, cubic with antialias and lanczos, PIL per channel: tests/image-resize-pil.test.mjs
});

/** A float64 as Python reads it back to the same double (JS's shortest round trip; -0 kept). */
export function pyNumber(v) {
  if (!Number.isFinite(v)) throw new RangeError(`pyNumber: ${v} is not finite`);
  if (Object.is(v, -0)) return '-0.0';
  return String(v);
}

const pyTuple = (values) => `(${values.map(pyNumber).join(', ')})`;

/** A 2x3 or 3x3 matrix (6 or 9 numbers, row by row) as a float64 NumPy array. */
export function pyMatrix(m) {
  const rows = [];
  for (let r = 0; r < m.length / 3; r++) rows.push(`[${m.slice(3 * r, 3 * r + 3).map(pyNumber).join(', ')}]`);
  return `np.float64([${rows.join(', ')}])`;
}

/** The flags and border arguments of cv2.warpAffine / warpPerspective. */
function warpArguments({ interpolation, border, fill }) {
  const parts = [`flags=${CV_WARP_INTERPOLATION[interpolation]}`, `borderMode=${CV_BORDER[border]}`];
  if (border === 'constant') parts.push(`borderValue=${pyTuple(fill ?? [0, 0, 0, 0])}`);
  return parts.join(', ');
}

/**
 * The Python equivalent of one call of the panel.
 *   op: 'warpAffine' | 'warpPerspective' | 'rotate' | 'resize' | 'blur'
 *   o:  warpAffine / warpPerspective: { matrix (forward, 6 or 9 numbers), width, height, interpolation, border, fill }
 *       rotate: { degrees, center: [cx, cy], scale, shift: [dx, dy] (expand's move of the centre, or [0, 0]),
 *                 width, height (the output's), interpolation, border, fill }
 *       resize: { width, height, interpolation, antialias, sourceWidth, sourceHeight }
 *       blur:   { size: [w, h], border, fill }
 * Returns { library, match, line, note }: library 'OpenCV' or 'PIL' with
 * `line` the Python statement(s) on one line and `match` 'exact' or
 * 'within 1'; or library null, line null and `note` saying why.
 */
export function pythonEquivalent(op, o) {
  switch (op) {
    case 'warpAffine':
    case 'warpPerspective':
      return {
        library: 'OpenCV',
        match: MATCH.warps,
        line: `out = cv2.${op}(img, ${pyMatrix(o.matrix)}, (${o.width}, ${o.height}), ${warpArguments(o)})`,
        note: '',
      };
    case 'rotate': {
      const turn = `cv2.getRotationMatrix2D(${pyTuple(o.center)}, ${pyNumber(o.degrees)}, ${pyNumber(o.scale)})`;
      const moved = o.shift[0] !== 0 || o.shift[1] !== 0;
      const line = moved
        ? `M = ${turn}; M[:, 2] += ${pyTuple(o.shift)}; out = cv2.warpAffine(img, M, (${o.width}, ${o.height}), ${warpArguments(o)})`
        : `out = cv2.warpAffine(img, ${turn}, (${o.width}, ${o.height}), ${warpArguments(o)})`;
      return { library: 'OpenCV', match: MATCH.warps, line, note: '' };
    }
    case 'resize': {
      const size = `(${o.width}, ${o.height})`;
      const smooth = o.interpolation === 'lanczos' || (o.antialias && (o.interpolation === 'linear' || o.interpolation === 'cubic'));
      if (smooth) {
        return {
          library: 'PIL',
          match: MATCH.resizePIL,
          line: `out = np.dstack([np.asarray(Image.fromarray(np.ascontiguousarray(img[:, :, k])).resize(${size}, ` +
            `${PIL_FILTER[o.interpolation]})) for k in range(4)])`,
          note: 'PIL resizes RGBA premultiplied by alpha: here each channel goes alone, as an L image.',
        };
      }
      return {
        library: 'OpenCV',
        match: o.interpolation === 'nearest' ? MATCH.resizeNearest : MATCH.resizeOpenCV,
        line: `out = cv2.resize(img, ${size}, interpolation=${CV_RESIZE_INTERPOLATION[o.interpolation]})`,
        note: '',
      };
    }
    case 'blur': {
      const [w, h] = o.size;
      const near = o.border === 'wrap' ? 'cv2.blur has no wrap border'
        : o.border === 'constant' ? 'cv2.blur\'s constant border is 0, not a fill colour'
          : `cv2.blur(img, (${w}, ${h}), borderType=${CV_BORDER[o.border]}) comes within 1`;
      return {
        library: null,
        match: null,
        line: null,
        note: `No library gives these bytes: this is the exact mean rounded half to even; ${near} ` +
          '(it rounds its fixed-point mean its own way, README: blur).',
      };
    }
    default:
      throw new RangeError(`pythonEquivalent: unknown operation ${op}`);
  }
}

/** The equivalent as comment lines for the panel's code block. */
export function equivalentComment(eq) {
  if (!eq.line) return `# ${eq.note}`;
  const how = eq.match === 'exact' ? 'the same bytes' : 'within 1 of these bytes';
  const head = `# ${eq.library} (Python; img the H x W x 4 RGBA uint8 array), ${how}:`;
  return [head, eq.line, ...(eq.note ? [`# ${eq.note}`] : [])].join('\n');
}
