// Images: the picture itself (RGBA ImageData) through tensorwarp/image's
// warpAffine, warpPerspective, rotate, resize and blur. The matrix comes
// from the library's own `matrix` helpers; the read-out shows it and the
// line of code that made the output, and the line of Python (OpenCV, or PIL)
// that gives the same bytes (python-equivalent.js). Hovering an output pixel
// shows where it was sampled in the input.
import { Panel, timed, formatMs, integerValue } from '../panel.js';
import { zoomFor, markPixel } from '../view.js';
import { pythonEquivalent, equivalentComment } from '../python-equivalent.js';

const WARPS = new Set(['warpAffine', 'warpPerspective', 'rotate']);

/** '#rrggbb' -> [r, g, b, 255]. */
function rgba(hex) {
  return [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)).concat(255);
}

const round = (v) => Number(v.toFixed(4)) + 0; // + 0 turns -0 into 0
const list = (values) => `[${values.map(round).join(', ')}]`;

function optionsText(options) {
  const entries = Object.entries(options).map(([k, v]) => `${k}: ${Array.isArray(v) ? list(v) : typeof v === 'string' ? `'${v}'` : v}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** The 3x3 (or 2x3) matrix as rows, for the read-out. */
function matrixText(m) {
  const rows = [];
  for (let r = 0; r < m.length / 3; r++) rows.push(m.slice(3 * r, 3 * r + 3).map((v) => round(v).toFixed(4).padStart(10)).join(' '));
  return rows.map((row) => `//   ${row}`).join('\n');
}

/** The four corners of a W x H image as pixel centres, clockwise from the top left. */
function corners(W, H) {
  return [[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]];
}

/**
 * What the form asks for: the call (a function of the image), its code, its
 * Python equivalent (a function of the output) and, for warps, the forward
 * matrix.
 */
function plan(v, image, lib) {
  const { matrix, warpAffine, warpPerspective, rotate, resize, blur } = lib.image;
  const { width: W, height: H } = image;
  const fill = rgba(v.colour);
  const sampling = { interpolation: v.interpolation, border: v.border, ...(v.border === 'constant' ? { fill } : {}) };
  const center = [(W - 1) / 2, (H - 1) / 2];
  switch (v.op) {
    case 'warpAffine': {
      const motion = { rotate: v.rotate, translate: [v.tx, v.ty], scale: v.scale, shear: v.shear, center };
      const m = matrix.affine(motion);
      return {
        run: () => warpAffine(image, m, sampling),
        python: () => pythonEquivalent('warpAffine', { matrix: m, width: W, height: H, ...sampling }),
        forward: m,
        code: `const m = matrix.affine(${optionsText(motion)});\n${matrixText(m)}\nconst out = warpAffine(img, m, ${optionsText(sampling)});`,
      };
    }
    case 'warpPerspective': {
      const dx = (W - 1) * v.tiltX / 2, dy = (H - 1) * v.tiltY / 2;
      // A positive tilt pulls the top edge's ends inwards (and the left edge's): the picture leans back.
      const to = [[Math.max(dx, 0), Math.max(dy, 0)], [W - 1 - Math.max(dx, 0), Math.max(-dy, 0)],
        [W - 1 - Math.max(-dx, 0), H - 1 - Math.max(-dy, 0)], [Math.max(-dx, 0), H - 1 - Math.max(dy, 0)]];
      const m = matrix.perspective(corners(W, H), to);
      return {
        run: () => warpPerspective(image, m, sampling),
        python: () => pythonEquivalent('warpPerspective', { matrix: m, width: W, height: H, ...sampling }),
        forward: m,
        code: `const m = matrix.perspective([${corners(W, H).map(list).join(', ')}], [${to.map(list).join(', ')}]);\n${matrixText(m)}\n` +
          `const out = warpPerspective(img, m, ${optionsText(sampling)});`,
      };
    }
    case 'rotate': {
      const options = { scale: v.scale, expand: v.expand, ...sampling };
      const turn = matrix.rotation(v.rotate, center, v.scale);
      return {
        run: () => rotate(image, v.rotate, options),
        python: (out) => pythonEquivalent('rotate', { degrees: v.rotate, center, scale: v.scale, width: out.width, height: out.height,
          shift: [(out.width - W) / 2, (out.height - H) / 2], ...sampling }),
        // With expand the output grows about the same centre: shift the turn by half the growth.
        forward: (out) => matrix.multiply([1, 0, (out.width - W) / 2, 0, 1, (out.height - H) / 2], turn),
        code: `const out = rotate(img, ${v.rotate}, ${optionsText(options)});\n// turns about the centre; the forward matrix without expand:\n${matrixText(turn)}`,
      };
    }
    case 'resize': {
      const options = { width: integerValue(v, 'width', 'Output width'), height: integerValue(v, 'height', 'Output height'),
        interpolation: v.interpolation, antialias: v.antialias };
      const forward = [options.width / W, 0, (options.width / W - 1) / 2, 0, options.height / H, (options.height / H - 1) / 2];
      return { run: () => resize(image, options), python: () => pythonEquivalent('resize', { ...options, sourceWidth: W, sourceHeight: H }), forward,
        code: `const out = resize(img, ${optionsText(options)});` };
    }
    case 'blur': {
      const options = { size: [integerValue(v, 'boxW', 'Box width'), integerValue(v, 'boxH', 'Box height')], border: v.border,
        ...(v.border === 'constant' ? { fill } : {}) };
      return { run: () => blur(image, options), python: () => pythonEquivalent('blur', options), forward: null, size: options.size,
        code: `const out = blur(img, ${optionsText(options)});` };
    }
    default:
      throw new RangeError(`unknown function ${v.op}`);
  }
}

/** Shows only the controls that apply to `op` (elements with data-ops list the functions they belong to). */
function showControls(form, op) {
  for (const element of form.querySelectorAll('[data-ops]')) element.hidden = !element.dataset.ops.split(' ').includes(op);
  const interpolation = form.elements.interpolation;
  if (op !== 'resize' && (interpolation.value === 'area' || interpolation.value === 'lanczos')) interpolation.value = 'linear';
}

export function createImagePanel(section, lib) {
  let state = null; // { W, H, inverse, size, out }
  const panel = new Panel(section, { render, describeProbe, inputCaption: 'Input (ImageData)', inputMargin: 0.25, planes: null });
  const { input, output } = panel;

  function render() {
    const { image } = panel;
    const v = panel.values();
    showControls(panel.form, v.op);
    const { width: W, height: H } = image;
    const zoom = zoomFor(W, H);
    input.show(image, zoom, `${W} × ${H} RGBA`);
    state = null;
    const p = plan(v, image, lib);
    panel.call(`import { ${v.op}, matrix } from 'tensorwarp/image';\n${p.code}`);
    const [out, ms] = panel.callLibrary(() => timed(p.run), `${v.op}: error · in ${W} × ${H} RGBA`);
    panel.call(`import { ${v.op}, matrix } from 'tensorwarp/image';\n${p.code}\n\n${equivalentComment(p.python(out))}`);
    panel.stats(`${v.op}: ${formatMs(ms)} · in ${W} × ${H} RGBA → out ${out.width} × ${out.height} ${out.constructor.name}`);
    if (!out.width || !out.height) {
      output.message(`The output ${out.width} × ${out.height} has no pixels to show.`, 'error');
      return;
    }
    const forward = typeof p.forward === 'function' ? p.forward(out) : p.forward;
    state = { W, H, inverse: forward && lib.image.matrix.invert(forward), size: p.size, out };
    output.show(out, zoomFor(Math.max(out.width, W), Math.max(out.height, H)), `${out.width} × ${out.height} RGBA`);
    input.redraw();
    describeProbe(output.probe);
  }

  /** Where output pixel (x, y) was sampled, in input pixel-centre coordinates. */
  const source = (x, y) => lib.image.matrix.apply(state.inverse, [[x, y]])[0];

  // Input overlay: the output's border mapped into the input, and the hovered pixel's source point.
  input.draw = (g, view) => {
    if (!state?.inverse) return;
    const { out } = state;
    const edge = [];
    const steps = 32;
    const around = [[0, 0, 1, 0], [1, 0, 0, 1], [1, 1, -1, 0], [0, 1, 0, -1]];
    for (const [x0, y0, sx, sy] of around) {
      for (let k = 0; k < steps; k++) edge.push(source((x0 + (sx * k) / steps) * out.width - 0.5, (y0 + (sy * k) / steps) * out.height - 0.5));
    }
    g.lineWidth = 2 * view.px;
    g.strokeStyle = '#ffd400';
    g.beginPath();
    edge.forEach(([x, y], k) => (k ? g.lineTo(x + 0.5, y + 0.5) : g.moveTo(x + 0.5, y + 0.5)));
    g.closePath();
    g.stroke();
    const probe = output.probe;
    if (!probe) return;
    const [sx, sy] = source(probe.x, probe.y);
    markPixel(g, view, Math.floor(sx + 0.5), Math.floor(sy + 0.5), '#00dcff');
  };

  function describeProbe(probe) {
    if (!probe || !state) {
      panel.probe(state ? 'Hover the output (or focus it and use the arrow keys) to see where a pixel was sampled.' : '');
      return;
    }
    const { out } = state;
    const at = 4 * (probe.y * out.width + probe.x);
    const value = `rgba(${Array.from(out.data.subarray(at, at + 4)).join(', ')})`;
    if (state.inverse) {
      const [sx, sy] = source(probe.x, probe.y);
      panel.probe(`output (${probe.x}, ${probe.y}) = ${value}\nsampled at input (${round(sx).toFixed(2)}, ${round(sy).toFixed(2)}) ` +
        '(pixel centres at whole numbers; the inverse matrix applied to the output pixel)');
    } else {
      const [w, h] = state.size;
      const left = Math.floor(w / 2), top = Math.floor(h / 2); // an even size reaches one further back (OpenCV's anchor)
      panel.probe(`output (${probe.x}, ${probe.y}) = ${value}\nmean of input x ${probe.x - left}…${probe.x - left + w - 1}, ` +
        `y ${probe.y - top}…${probe.y - top + h - 1} (${w * h} pixels; outside the image by the border rule)`);
    }
  }

  return panel;
}
