// AveragePool: the image as a [1, 3, H, W] float32 tensor (values 0..255).
// Hovering an output pixel shows its window on the input and the divisor.
import { Panel, timed, formatMs, formatDims, integerValue } from '../panel.js';
import { zoomFor, outline, label, drawLoupe } from '../view.js';
import { resolvePads, poolWindow } from '../explain.js';

const fmt = (n, digits = 1) => n.toFixed(digits);

/** Reads the form into averagePool options (and what the read-out needs). */
function readParams(v) {
  const pair = (a, b, label, min) => {
    const out = [integerValue(v, a, `${label} (height)`), integerValue(v, b, `${label} (width)`)];
    for (const n of out) if (n < min) throw new RangeError(`${label}: must be at least ${min}, got ${n}`);
    return out;
  };
  const kernel = pair('kernelH', 'kernelW', 'Kernel', 1);
  const strides = pair('strideH', 'strideW', 'Strides', 1);
  const dilations = pair('dilationH', 'dilationW', 'Dilations', 1);
  const pads = ['padTop', 'padLeft', 'padBottom', 'padRight'].map((name, k) => integerValue(v, name, `${['Top', 'Left', 'Bottom', 'Right'][k]} pad`));
  const options = { kernelShape: kernel, strides, dilations };
  if (v.autoPad === 'NOTSET') options.pads = pads;
  else options.autoPad = v.autoPad;
  options.ceilMode = v.ceilMode;
  options.countIncludePad = v.countIncludePad;
  return { kernel, strides, dilations, pads, options };
}

function callText(options) {
  const entries = Object.entries(options).map(([k, value]) => `${k}: ${Array.isArray(value) ? `[${value.join(', ')}]` : typeof value === 'string' ? `'${value}'` : value}`);
  return `const y = averagePool(x, { ${entries.join(', ')} });`;
}

export function createAveragePoolPanel(section, lib) {
  let state = null; // { W, H, params, pads (resolved), y }
  const panel = new Panel(section, { render, describeProbe, inputMargin: 0.12, planes: (image) => lib.image.toTensor(image, { scale: 1 }).data });
  const { input, output } = panel;

  function render() {
    const { image, planes } = panel;
    const v = panel.values();
    const { width: W, height: H } = image;
    const zoom = zoomFor(W, H);
    for (const name of ['padTop', 'padLeft', 'padBottom', 'padRight']) panel.form.elements[name].disabled = v.autoPad !== 'NOTSET';
    input.show(image, zoom, formatDims([1, 3, H, W]));
    state = null;
    const params = readParams(v);
    panel.call(callText(params.options));
    const shapes = `in ${formatDims([1, 3, H, W])} float32`;
    const x = { type: 'float32', dims: [1, 3, H, W], data: planes };
    const [y, ms] = panel.callLibrary(() => timed(() => lib.averagePool(x, params.options)), `averagePool: error · ${shapes}`);
    const [, , Ho, Wo] = y.dims;
    panel.stats(`averagePool: ${formatMs(ms)} · ${shapes} → out ${formatDims(y.dims)} ${y.type}`);
    if (Ho === 0 || Wo === 0) {
      output.message(`The output ${formatDims(y.dims)} has no pixels to show.`, 'error');
      return;
    }
    const pads = resolvePads(v.autoPad, params.pads, [H, W], params.kernel, params.strides, params.dilations);
    state = { W, H, Wo, Ho, params, pads, countIncludePad: v.countIncludePad, y };
    // Each output pixel drawn as large as its stride on the input, so both pictures have about the same size.
    const outputZoom = zoom * Math.min(...params.strides);
    output.show(lib.image.fromTensor(y, { scale: 1 }), outputZoom, formatDims(y.dims));
    input.redraw();
    describeProbe(output.probe);
  }

  function windowOf(probe) {
    const { W, H, params, pads, countIncludePad } = state;
    return poolWindow(probe.x, probe.y, W, H, { ...params, pads, countIncludePad });
  }

  // Input overlay: the padded extent, then the hovered window's taps.
  input.draw = (g, view) => {
    if (!state) return;
    const { W, H, pads } = state;
    const [top, left, bottom, right] = pads;
    if (top || left || bottom || right) outline(g, view, -left, -top, W + left + right, H + top + bottom, '#9aa4ff', [4, 3]);
    const probe = output.probe;
    if (!probe) return;
    const { taps } = windowOf(probe);
    const xs = taps.map((t) => t.x);
    const ys = taps.map((t) => t.y);
    outline(g, view, Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs) + 1, Math.max(...ys) - Math.min(...ys) + 1, '#ffd400');
    const { divisor } = windowOf(probe);
    for (const t of taps) {
      g.fillStyle = t.counted ? (t.image ? 'rgb(0 220 255 / 0.55)' : 'rgb(255 170 0 / 0.7)') : 'rgb(0 0 0 / 0)';
      g.fillRect(t.x, t.y, 1, 1);
      g.lineWidth = 1.2 * view.px;
      g.strokeStyle = t.counted ? 'rgb(0 0 0 / 0.85)' : 'rgb(255 80 80 / 0.95)';
      g.setLineDash(t.counted ? [] : [2 * view.px, 2 * view.px]);
      g.strokeRect(t.x, t.y, 1, 1);
      g.setLineDash([]);
    }
    // The divisor, just above the window (below it when the window touches the top).
    const above = Math.min(...ys) - 9 * view.px * view.ratio;
    const labelY = above > -view.margin + 4 * view.px ? above : Math.max(...ys) + 1 + 9 * view.px * view.ratio;
    label(g, `÷ ${divisor}`, (Math.min(...xs) + Math.max(...xs) + 1) / 2, labelY, view.px * view.ratio, '#ffd400');
    // Small windows also get a loupe: every tap, counted or not.
    const x0 = Math.min(...xs) - 1;
    const y0 = Math.min(...ys) - 1;
    const cells = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0) + 2;
    if (cells > 14) return;
    drawLoupe(g, view, panel.image, { x0, y0, cells, focus: { x: x0 + cells / 2, y: y0 + cells / 2 }, title: `${taps.length} taps, ${divisor} counted: ÷ ${divisor}` }, (l, cell) => {
      const unit = 1 / cell;
      for (const t of taps) {
        l.lineWidth = 2.5 * unit;
        l.strokeStyle = t.counted ? (t.image ? '#00dcff' : '#ffaa00') : '#ff5050';
        l.setLineDash(t.counted ? [] : [3 * unit, 2 * unit]);
        l.strokeRect(t.x + 1.5 * unit, t.y + 1.5 * unit, 1 - 3 * unit, 1 - 3 * unit);
        if (t.counted && !t.image) {
          l.fillStyle = 'rgb(255 170 0 / 0.45)';
          l.fillRect(t.x + 1.5 * unit, t.y + 1.5 * unit, 1 - 3 * unit, 1 - 3 * unit);
        }
      }
      l.setLineDash([]);
    });
  };

  function describeProbe(probe) {
    if (!probe || !state) {
      panel.probe(state ? 'Hover the output (or focus it and use the arrow keys) to see each window and its divisor.' : '');
      return;
    }
    const { W, H, Wo, Ho, y, countIncludePad } = state;
    const { planes } = panel;
    const { taps, divisor } = windowOf(probe);
    const inImage = taps.filter((t) => t.image).length;
    const inPads = taps.filter((t) => !t.image && t.padded).length;
    const beyond = taps.length - inImage - inPads;
    const sums = [0, 1, 2].map((c) => taps.reduce((s, t) => s + (t.image ? planes[c * W * H + t.y * W + t.x] : 0), 0));
    const i = probe.y * Wo + probe.x;
    const library = [0, 1, 2].map((c) => y.data[c * Ho * Wo + i]);
    const parts = [`${inImage} in the image`];
    if (inPads) parts.push(`${inPads} in the padding (${countIncludePad ? 'counted as zeros' : 'not counted'})`);
    if (beyond) parts.push(`${beyond} past the padding (ceil_mode; never counted)`);
    const xs = taps.map((t) => t.x);
    const ys = taps.map((t) => t.y);
    panel.probe(`output (${probe.x}, ${probe.y}): window x ${Math.min(...xs)}…${Math.max(...xs)}, y ${Math.min(...ys)}…${Math.max(...ys)}\n` +
      `${taps.length} taps: ${parts.join(', ')} · divisor ${divisor}\n` +
      `sum / divisor = rgb(${sums.map((s) => fmt(divisor ? s / divisor : NaN)).join(', ')}) · library: rgb(${library.map((l) => fmt(l)).join(', ')})`);
  }

  return panel;
}
