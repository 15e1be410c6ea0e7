// Pad: the image as a [1, 3, H, W] uint8 tensor, padded (or cropped) per
// side in any mode. Where each output pixel came from is not computed here:
// an index image (each pixel holds y * W + x) goes through the same pad()
// call, so the hover read-out shows exactly what the library did.
import { Panel, timed, formatMs, formatDims, integerValue } from '../panel.js';
import { zoomFor, markPixel, outline } from '../view.js';

const SIDES = [['top', 'Top'], ['left', 'Left'], ['bottom', 'Bottom'], ['right', 'Right']];

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The pad options for a rank-4 NCHW tensor, in the form the user picked. */
export function padOptions({ top, left, bottom, right }, mode, form) {
  if (form === 'openvino') return { padsBegin: [0, 0, top, left], padsEnd: [0, 0, bottom, right], mode };
  return { pads: [0, 0, top, left, 0, 0, bottom, right], mode };
}

function callText(options, value, constant) {
  const parts = [];
  if (options.pads) parts.push(`pads: [${options.pads.join(', ')}]`);
  else parts.push(`padsBegin: [${options.padsBegin.join(', ')}]`, `padsEnd: [${options.padsEnd.join(', ')}]`);
  parts.push(`mode: '${options.mode}'`);
  if (constant) {
    return '// x: uint8 [1, 3, H, W]. ONNX Pad takes one scalar constant, so each channel plane gets its own call.\n' +
      `const planes = [${value.join(', ')}].map((value, c) => pad(\n` +
      "  { type: 'uint8', dims: [1, 1, H, W], data: x.data.subarray(c * H * W, (c + 1) * H * W) },\n" +
      `  { ${parts.join(', ')}, value }));`;
  }
  return `const y = pad(x, { ${parts.join(', ')} });  // x: uint8 [1, 3, H, W]`;
}

/**
 * A Wo x Ho mask, opaque where the output pixel is padding: every pixel
 * whose provenance is not the input pixel at its own position.
 */
function paddedMask({ width: Wo, height: Ho, pads, W, H, index }) {
  const canvas = document.createElement('canvas');
  canvas.width = Wo;
  canvas.height = Ho;
  const g = canvas.getContext('2d');
  const mask = g.createImageData(Wo, Ho);
  for (let oy = 0; oy < Ho; oy++) {
    for (let ox = 0; ox < Wo; ox++) {
      const i = oy * Wo + ox;
      const sx = ox - pads.left;
      const sy = oy - pads.top;
      const original = sx >= 0 && sx < W && sy >= 0 && sy < H && index[i] === sy * W + sx;
      if (!original) mask.data[4 * i + 3] = 255;
    }
  }
  g.putImageData(mask, 0, 0);
  return canvas;
}

/** Diagonal stripes (light over dark, readable on any colour) where `mask` is set, at the overlay's resolution. */
function hatchPadded(mask, width, height, ratio) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  const step = 7 * ratio;
  g.lineCap = 'square';
  for (const [colour, lineWidth] of [['rgb(0 0 0 / 0.35)', 3 * ratio], ['rgb(255 255 255 / 0.75)', 1.2 * ratio]]) {
    g.strokeStyle = colour;
    g.lineWidth = lineWidth;
    g.beginPath();
    for (let d = -height; d < width; d += step) {
      g.moveTo(d, height);
      g.lineTo(d + height, 0);
    }
    g.stroke();
  }
  g.globalCompositeOperation = 'destination-in';
  g.imageSmoothingEnabled = false;
  g.drawImage(mask, 0, 0, width, height);
  return canvas;
}

export function createPadPanel(section, lib) {
  let crop = null; // { pads, W, H } of the last render: what the input view dims
  let result = null; // { width, height, index: Int32Array (provenance), planes, pads, overlay, W, H, mask }
  const panel = new Panel(section, { render, describeProbe, planes: (image) => lib.image.toTensor(image, { type: 'uint8' }).data });
  const { input, output } = panel;

  function render() {
    const { image } = panel;
    const v = panel.values();
    const pads = Object.fromEntries(SIDES.map(([side, label]) => [side, integerValue(v, side, `${label} pad`)]));
    const constant = v.mode === 'constant';
    const colour = hexToRgb(v.colour);
    const options = padOptions(pads, v.mode, v.form);
    const { width: W, height: H } = image;
    const zoom = zoomFor(W, H);
    section.querySelector('[name=colour]').disabled = !constant;
    result = null;
    crop = { pads, W, H };
    input.show(image, zoom, formatDims([1, 3, H, W]));
    panel.call(callText(options, colour, constant));

    // The operator itself: one call on [1, 3, H, W], or one per channel
    // plane with that channel's constant. Only these calls are timed.
    const x = { type: 'uint8', dims: [1, 3, H, W], data: panel.planes };
    const calls = constant ? 3 : 1;
    const [y, ms] = panel.callLibrary(() => {
      if (!constant) return timed(() => lib.pad(x, options));
      let total = 0;
      const planes = [0, 1, 2].map((c) => {
        const plane = { type: 'uint8', dims: [1, 1, H, W], data: x.data.subarray(c * H * W, (c + 1) * H * W) };
        const [out, t] = timed(() => lib.pad(plane, { ...options, value: colour[c] }));
        total += t;
        return out;
      });
      const [, , Ho, Wo] = planes[0].dims;
      const data = new Uint8Array(3 * Ho * Wo);
      planes.forEach((p, c) => data.set(p.data, c * Ho * Wo));
      return [{ type: 'uint8', dims: [1, 3, Ho, Wo], data }, total];
    }, `pad: in ${formatDims(x.dims)} uint8 → error`, 'pads');

    const [, , Ho, Wo] = y.dims;
    panel.stats(`pad: ${formatMs(ms)}${calls > 1 ? ` (${calls} calls)` : ''} · in ${formatDims(x.dims)} uint8 → out ${formatDims(y.dims)} uint8`);
    if (Ho === 0 || Wo === 0) {
      output.message(`These pads crop the whole image: the output ${formatDims(y.dims)} has no pixels to show.`, 'error');
      panel.probe('');
      return;
    }

    // Provenance: pad the index image (int32, constant -1) the same way.
    const indices = Int32Array.from({ length: H * W }, (_, i) => i);
    const provenance = lib.pad({ type: 'int32', dims: [1, 1, H, W], data: indices }, { ...options, value: -1 });
    result = { width: Wo, height: Ho, index: provenance.data, planes: y.data, pads, overlay: v.overlay, W, H };
    result.mask = paddedMask(result);
    output.show(lib.image.fromTensor(y), zoom, formatDims(y.dims));
    input.redraw();
    describeProbe(output.probe);
  }

  // Input overlay: the source of the hovered pixel, and what a negative pad crops away.
  input.draw = (g, view) => {
    if (!crop) return;
    const { pads, W, H } = crop;
    const x0 = Math.max(0, -pads.left);
    const y0 = Math.max(0, -pads.top);
    const x1 = W - Math.max(0, -pads.right);
    const y1 = H - Math.max(0, -pads.bottom);
    if (x0 > 0 || y0 > 0 || x1 < W || y1 < H) {
      g.fillStyle = 'rgb(10 12 20 / 0.55)';
      g.beginPath();
      g.rect(0, 0, W, H);
      g.rect(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
      g.fill('evenodd');
      outline(g, view, x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0), '#fff', [4, 3]);
    }
    const source = sourceOf(output.probe);
    if (source) markPixel(g, view, source.x, source.y, '#ffd400');
  };

  // Output overlay: padded pixels hatched, the original region outlined, then the hovered pixel marked.
  output.draw = (g, view) => {
    if (!result) return;
    const { width: Wo, height: Ho, pads, W, H } = result;
    if (result.overlay) {
      // Hatching rather than a wash, so the padded colours stay true.
      const key = `${view.overlay.width}x${view.overlay.height}`;
      if (result.hatchKey !== key) {
        result.hatch = hatchPadded(result.mask, view.overlay.width, view.overlay.height, view.ratio);
        result.hatchKey = key;
      }
      g.save();
      g.setTransform(1, 0, 0, 1, 0, 0);
      g.drawImage(result.hatch, 0, 0);
      g.restore();
      const x0 = Math.max(0, pads.left);
      const y0 = Math.max(0, pads.top);
      const x1 = Math.min(Wo, W + pads.left);
      const y1 = Math.min(Ho, H + pads.top);
      if (x1 > x0 && y1 > y0) outline(g, view, x0, y0, x1 - x0, y1 - y0, '#fff', [5, 3]);
    }
    if (output.probe) markPixel(g, view, output.probe.x, output.probe.y, '#ffd400');
  };

  function sourceOf(probe) {
    if (!probe || !result) return null;
    const i = result.index[probe.y * result.width + probe.x];
    if (i < 0) return { constant: true };
    return { x: i % result.W, y: Math.floor(i / result.W) };
  }

  function describeProbe(probe) {
    if (!probe || !result) {
      panel.probe('Hover the output (or focus it and use the arrow keys) to see where each pixel comes from.');
      return;
    }
    const { width: Wo, height: Ho, planes, pads, W, H } = result;
    const i = probe.y * Wo + probe.x;
    const rgb = [planes[i], planes[Ho * Wo + i], planes[2 * Ho * Wo + i]];
    const source = sourceOf(probe);
    const here = `output (${probe.x}, ${probe.y}) = rgb(${rgb.join(', ')})`;
    if (source.constant) {
      panel.probe(`${here} ← the constant (padded, no input pixel)`);
      return;
    }
    const sx = probe.x - pads.left;
    const sy = probe.y - pads.top;
    const original = sx === source.x && sy === source.y && sx >= 0 && sy >= 0 && sx < W && sy < H;
    panel.probe(`${here} ← input (${source.x}, ${source.y})${original ? ' (original pixel)' : ' (padded)'}`);
  }

  return panel;
}
