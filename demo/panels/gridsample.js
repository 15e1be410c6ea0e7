// GridSample: the image as a [1, 3, H, W] float32 tensor (values 0..255),
// warped by a grid built from the sliders. The grid is drawn over the input;
// hovering an output pixel shows the taps it read and their weights.
import { Panel, timed, formatMs, formatDims } from '../panel.js';
import { zoomFor, drawLoupe, label } from '../view.js';
import { buildGrid, IDENTITY } from '../warp.js';
import { denormalise, gridSampleTaps, weightedSum } from '../explain.js';

const TRANSFORM = ['rotation', 'scale', 'shear', 'tx', 'ty', 'px', 'py', 'amplitude', 'waves'];

function callText(v, Wo, Ho) {
  return `const grid = { type: 'float32', dims: [1, ${Ho}, ${Wo}, 2], data };  // (x, y) in [-1, 1] per output pixel\n` +
    `const y = gridSample(x, grid, { mode: '${v.mode}', paddingMode: '${v.paddingMode}', alignCorners: ${v.alignCorners} });`;
}

/** How padding treated a cubic pixel's 16 taps (each on its own, PyTorch's order). */
function cubicPadding(taps, paddingMode) {
  const outside = taps.filter((t) => !t.read || t.read.x !== t.x || t.read.y !== t.y).length;
  if (!outside) return '';
  const verb = { zeros: 'outside (read 0)', border: 'outside, clamped to the edge', reflection: 'outside, reflected in', wrap: 'outside, wrapped around' };
  return `, ${outside} ${verb[paddingMode]}`;
}

const fmt = (n, digits = 2) => (Object.is(Math.round(n * 10 ** digits), -0) ? 0 : n).toFixed(digits);
const rgbText = (values, digits = 1) => `rgb(${values.map((v) => fmt(v, digits)).join(', ')})`;

export function createGridSamplePanel(section, lib) {
  let state = null; // { grid, W, H, Wo, Ho, v, y }
  const panel = new Panel(section, { render, describeProbe, inputCaption: 'Input and sampling grid', inputMargin: 0.25, planes: (image) => lib.image.toTensor(image, { scale: 1 }).data });
  const { input, output } = panel;
  section.querySelector('[name=reset]').addEventListener('click', () => {
    for (const name of TRANSFORM) {
      const element = panel.form.elements[name];
      element.value = String(IDENTITY[name]);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });

  function render() {
    const { image, planes } = panel;
    const v = panel.values();
    const { width: W, height: H } = image;
    const Wo = W;
    const Ho = H;
    const zoom = zoomFor(W, H);
    const grid = buildGrid(W, H, Wo, Ho, v, v.alignCorners, lib.image.matrix);
    state = { grid, W, H, Wo, Ho, v, y: null };
    input.show(image, zoom, formatDims([1, 3, H, W]));
    panel.call(callText(v, Wo, Ho));
    const shapes = `in ${formatDims([1, 3, H, W])} float32, grid ${formatDims([1, Ho, Wo, 2])} float32`;

    const x = { type: 'float32', dims: [1, 3, H, W], data: planes };
    const [y, ms] = panel.callLibrary(() => timed(() => lib.gridSample(x, { type: 'float32', dims: [1, Ho, Wo, 2], data: grid },
      { mode: v.mode, paddingMode: v.paddingMode, alignCorners: v.alignCorners })), `gridSample: error · ${shapes}`);
    state.y = y;
    const [, , yh, yw] = y.dims;
    output.show(lib.image.fromTensor(y, { scale: 1 }), zoom, formatDims(y.dims));
    panel.stats(`gridSample: ${formatMs(ms)} · ${shapes} → out ${formatDims(y.dims)} ${y.type}`);
    describeProbe(output.probe);
  }

  // Input overlay: where every 8th output row and column samples, the
  // output's outline in yellow, and the taps of the hovered pixel.
  input.draw = (g, view) => {
    if (!state) return;
    const { grid, W, H, Wo, Ho, v } = state;
    const { image } = panel;
    const at = (i, j) => [
      denormalise(grid[2 * (i * Wo + j)], W, v.alignCorners) + 0.5,
      denormalise(grid[2 * (i * Wo + j) + 1], H, v.alignCorners) + 0.5,
    ];
    const line = (points) => {
      g.beginPath();
      points.forEach(([px, py], k) => (k ? g.lineTo(px, py) : g.moveTo(px, py)));
      g.stroke();
    };
    const column = (j) => Array.from({ length: Ho }, (_, i) => at(i, j));
    const row = (i) => Array.from({ length: Wo }, (_, j) => at(i, j));
    if (v.showGrid) {
      const step = Math.max(2, Math.round(Math.max(Wo, Ho) / 16));
      g.lineWidth = 1 * view.px;
      for (const [colour, width] of [['rgb(0 0 0 / 0.45)', 2.5], ['rgb(255 255 255 / 0.85)', 1]]) {
        g.strokeStyle = colour;
        g.lineWidth = width * view.px;
        for (let j = step; j < Wo - 1; j += step) line(column(j));
        for (let i = step; i < Ho - 1; i += step) line(row(i));
      }
      g.strokeStyle = 'rgb(0 0 0 / 0.6)';
      g.lineWidth = 4 * view.px;
      const border = [...row(0), ...column(Wo - 1), ...row(Ho - 1).reverse(), ...column(0).reverse()];
      line(border);
      g.strokeStyle = '#ffd400';
      g.lineWidth = 2 * view.px;
      line(border);
      // The output's first pixel, so orientation is clear.
      const [cx, cy] = at(0, 0);
      g.fillStyle = '#ffd400';
      g.beginPath();
      g.arc(cx, cy, 4 * view.px, 0, 2 * Math.PI);
      g.fill();
    }
    const probe = output.probe;
    if (!probe || !state.y) return;
    const explained = explain(probe);
    const sx = explained.x + 0.5;
    const sy = explained.y + 0.5;
    const gx = explained.raw.x + 0.5;
    const gy = explained.raw.y + 0.5;
    // On the picture: the taps' pixels, and the pixels padding makes them
    // read instead (border, reflection, wrap), which are always in the image.
    for (const t of explained.taps) {
      const elsewhere = t.read && (t.read.x !== t.x || t.read.y !== t.y);
      g.lineWidth = 1.5 * view.px;
      g.strokeStyle = !t.read ? 'rgb(255 80 80 / 0.95)' : elsewhere ? 'rgb(0 220 255 / 0.55)' : '#00dcff';
      g.strokeRect(t.x, t.y, 1, 1);
      if (!elsewhere) continue;
      g.strokeStyle = 'rgb(0 0 0 / 0.8)';
      g.lineWidth = 3 * view.px;
      g.strokeRect(t.read.x, t.read.y, 1, 1);
      g.strokeStyle = '#00dcff';
      g.lineWidth = 1.5 * view.px;
      g.strokeRect(t.read.x, t.read.y, 1, 1);
    }
    const css = view.px * view.ratio; // one CSS pixel, so rings keep their size on any screen
    const ring = (x, y, dash, radius = 9 * css) => {
      g.setLineDash(dash.map((d) => d * view.px));
      g.lineWidth = 3 * view.px;
      g.strokeStyle = 'rgb(0 0 0 / 0.8)';
      g.beginPath();
      g.arc(x, y, radius, 0, 2 * Math.PI);
      g.stroke();
      g.lineWidth = 1.5 * view.px;
      g.strokeStyle = '#ffd400';
      g.stroke();
      g.setLineDash([]);
    };
    // The grid's point; when border/reflection moved it inside (linear, nearest), a dashed
    // line to where the taps are formed, around a second ring.
    if (gx !== sx || gy !== sy) {
      g.setLineDash([4 * view.px, 3 * view.px]);
      for (const [colour, width] of [['rgb(0 0 0 / 0.7)', 3], ['#ffd400', 1.5]]) {
        g.strokeStyle = colour;
        g.lineWidth = width * view.px;
        g.beginPath();
        g.moveTo(gx, gy);
        g.lineTo(sx, sy);
        g.stroke();
      }
      ring(gx, gy, [3, 2]);
    }
    ring(sx, sy, []);
    // Taps far outside (cubic with border/reflection/wrap, nearest with wrap) read pixels far from
    // the sampling point, maybe off this view: ring those too, dashed, so they can be found.
    const reads = explained.taps.filter((t) => t.read && (t.read.x !== t.x || t.read.y !== t.y)).map((t) => t.read);
    if (reads.length) {
      const cx = reads.reduce((a, r) => a + r.x, 0) / reads.length + 0.5;
      const cy = reads.reduce((a, r) => a + r.y, 0) / reads.length + 0.5;
      const reach = Math.max(...reads.map((r) => Math.hypot(Math.abs(r.x + 0.5 - cx) + 0.5, Math.abs(r.y + 0.5 - cy) + 0.5)));
      if (Math.hypot(cx - sx, cy - sy) > 3) ring(cx, cy, [3, 2], reach + 6 * css);
    }
    // In the loupe: each tap with its weight; a border/reflection/wrap tap shows
    // the pixel it actually reads as an inset square, a zeros tap outside reads 0.
    const xs = explained.taps.map((t) => t.x);
    const ys = explained.taps.map((t) => t.y);
    const x0 = Math.min(...xs) - 1;
    const y0 = Math.min(...ys) - 1;
    const cells = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0) + 2;
    drawLoupe(g, view, image, { x0, y0, cells, focus: { x: sx, y: sy }, title: 'taps × weights' }, (l, cell) => {
      const unit = 1 / cell;
      for (const t of explained.taps) {
        if (t.read && (t.read.x !== t.x || t.read.y !== t.y)) {
          const k = 4 * (t.read.y * W + t.read.x);
          l.fillStyle = `rgb(${image.data[k]} ${image.data[k + 1]} ${image.data[k + 2]})`;
          l.fillRect(t.x + 0.25, t.y + 0.25, 0.5, 0.5);
        }
        l.lineWidth = 2 * unit;
        l.strokeStyle = t.read ? (t.weight >= 0 ? '#00dcff' : '#ff4fd8') : '#ff5050';
        l.setLineDash(t.read ? [] : [3 * unit, 2 * unit]);
        l.strokeRect(t.x + unit, t.y + unit, 1 - 2 * unit, 1 - 2 * unit);
        l.setLineDash([]);
      }
      // The sampling point under the weights, so no number is hidden.
      l.lineWidth = 3 * unit;
      l.strokeStyle = '#000';
      l.beginPath();
      l.moveTo(sx - 0.35, sy); l.lineTo(sx + 0.35, sy); l.moveTo(sx, sy - 0.35); l.lineTo(sx, sy + 0.35);
      l.stroke();
      l.lineWidth = 1.5 * unit;
      l.strokeStyle = '#ffd400';
      l.stroke();
      for (const t of explained.taps) {
        const w = (Math.abs(t.weight) < 0.005 ? 0 : t.weight).toFixed(2).replace(/^(-?)0\./, '$1.');
        label(l, t.read ? w : `${w}·0`, t.x + 0.5, t.y + 0.78, unit, t.weight >= 0 ? '#fff' : '#ffb3ef');
      }
    });
  };

  function explain(probe) {
    const { grid, W, H, Wo, v } = state;
    const k = 2 * (probe.y * Wo + probe.x);
    return { nx: grid[k], ny: grid[k + 1], ...gridSampleTaps(grid[k], grid[k + 1], W, H, v.mode, v.paddingMode, v.alignCorners) };
  }

  function describeProbe(probe) {
    if (!probe || !state?.y) {
      panel.probe(state?.y ? 'Hover the output (or focus it and use the arrow keys) to see the taps each pixel reads.' : '');
      return;
    }
    const { W, H, Wo, Ho, v, y } = state;
    const e = explain(probe);
    const sum = weightedSum(e.taps, panel.planes, W, H);
    const i = probe.y * Wo + probe.x;
    const library = [y.data[i], y.data[Ho * Wo + i], y.data[2 * Ho * Wo + i]];
    const tapText = e.taps.length <= 4
      ? e.taps.map((t) => `(${t.x}, ${t.y})${t.read ? (t.read.x !== t.x || t.read.y !== t.y ? `→(${t.read.x}, ${t.read.y})` : '') : '→0'} × ${fmt(t.weight, 3)}`).join(', ')
      : `4 × 4 around (${Math.floor(e.x)}, ${Math.floor(e.y)}), weights ${fmt(Math.min(...e.taps.map((t) => t.weight)), 3)} … ${fmt(Math.max(...e.taps.map((t) => t.weight)), 3)}` +
        cubicPadding(e.taps, v.paddingMode);
    let where = `input x ${fmt(e.raw.x)}, y ${fmt(e.raw.y)}`;
    if (e.moved.x !== e.raw.x || e.moved.y !== e.raw.y) where += ` → ${v.paddingMode === 'border' ? 'clamped' : 'reflected'} to x ${fmt(e.moved.x)}, y ${fmt(e.moved.y)}`;
    if (v.mode === 'nearest') where += ` → nearest pixel (${fmt(e.x, 0)}, ${fmt(e.y, 0)})`;
    panel.probe(`output (${probe.x}, ${probe.y}): grid (${fmt(e.nx, 3)}, ${fmt(e.ny, 3)}) → ${where}\n` +
      `${v.mode}, ${v.paddingMode}: ${e.taps.length} tap${e.taps.length > 1 ? 's' : ''} ${tapText}\n` +
      `Σ weight × tap = ${rgbText(sum)} · library: ${rgbText(library)}`);
  }

  return panel;
}
