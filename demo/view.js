// One picture on the page: a canvas holding exactly the pixels shown (the
// operator's output, untouched, so tests can read them back) under an
// overlay canvas for outlines, grids and hover marks. An optional margin
// around the image leaves room to draw what lies outside it (sampling
// points beyond the border, padded pooling windows).
//
// Overlay drawing uses image pixel units: (0, 0) is the top-left corner of
// the image's first pixel, pixel (x, y) covers [x, x+1) x [y, y+1).

/** CSS pixels per image pixel for an image of this size (integer when >= 2 so pixels stay square). */
export function zoomFor(width, height) {
  const z = 320 / Math.max(width, height, 1);
  return z >= 2 ? Math.min(4, Math.floor(z)) : z;
}

export class View {
  /**
   * @param {HTMLElement} figure a <figure> holding .stage > canvas.pixels + canvas.overlay, and p.note
   * @param {{ margin?: number, probe?: boolean }} options margin: extra space per side, as a fraction
   *   of the image's longer side; probe: report the pixel under the pointer (and arrow keys).
   */
  constructor(figure, { margin = 0, probe = false } = {}) {
    this.figure = figure;
    this.stage = figure.querySelector('.stage');
    this.pixels = figure.querySelector('canvas.pixels');
    this.overlay = figure.querySelector('canvas.overlay');
    this.note = figure.querySelector('.note');
    this.dims = figure.querySelector('.dims');
    this.marginFraction = margin;
    this.width = 0;
    this.height = 0;
    this.margin = 0;
    this.draw = null; // (g, view) => void, in image pixel units
    this.onProbe = null; // ({ x, y } | null) => void
    this.probe = null;
    new ResizeObserver(() => this.redraw()).observe(this.stage);
    if (probe) this.#listen();
  }

  /** Shows `image` (ImageData) at `zoom` CSS pixels per image pixel. */
  show(image, zoom, dimsText = '') {
    const { width, height } = image;
    if (this.pixels.width !== width || this.pixels.height !== height) {
      this.pixels.width = width;
      this.pixels.height = height;
    }
    this.pixels.getContext('2d').putImageData(image, 0, 0);
    this.width = width;
    this.height = height;
    this.margin = Math.round(this.marginFraction * Math.max(width, height));
    const outerW = width + 2 * this.margin;
    const outerH = height + 2 * this.margin;
    this.stage.style.width = `${outerW * zoom}px`;
    this.stage.style.aspectRatio = `${outerW} / ${outerH}`;
    this.pixels.style.left = `${(100 * this.margin) / outerW}%`;
    this.pixels.style.top = `${(100 * this.margin) / outerH}%`;
    this.pixels.style.width = `${(100 * width) / outerW}%`;
    this.stage.hidden = false;
    this.note.hidden = true;
    this.figure.classList.remove('is-message');
    if (this.dims) this.dims.textContent = dimsText;
    if (this.probe && (this.probe.x >= width || this.probe.y >= height)) this.setProbe(null);
    this.redraw();
  }

  /** Replaces the picture with a message (an empty result, an error). */
  message(text, kind = 'info') {
    this.stage.hidden = true;
    this.note.hidden = false;
    this.note.textContent = text;
    this.note.dataset.kind = kind;
    this.figure.classList.add('is-message');
    if (this.dims) this.dims.textContent = '';
    this.width = 0;
    this.height = 0;
    this.setProbe(null);
  }

  get showing() {
    return !this.stage.hidden && this.width > 0;
  }

  /** Redraws the overlay (call after changing what `draw` depends on). */
  redraw() {
    const g = this.overlay.getContext('2d');
    const cssW = this.stage.clientWidth;
    const cssH = this.stage.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(cssW * ratio));
    const h = Math.max(1, Math.round(cssH * ratio));
    if (this.overlay.width !== w || this.overlay.height !== h) {
      this.overlay.width = w;
      this.overlay.height = h;
    }
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, w, h);
    if (!this.showing || !this.draw || cssW === 0) return;
    const scale = w / (this.width + 2 * this.margin);
    g.setTransform(scale, 0, 0, scale, this.margin * scale, this.margin * scale);
    /** One device pixel in image units, for line widths. */
    this.px = 1 / scale;
    /** Device pixels per CSS pixel, and the stage's size in CSS pixels (for drawing in CSS units). */
    this.ratio = ratio;
    this.cssWidth = cssW;
    this.cssHeight = cssH;
    /** CSS pixels per image pixel. */
    this.cssPerPixel = scale / ratio;
    g.save();
    this.draw(g, this);
    g.restore();
  }

  setProbe(probe) {
    const same = probe === this.probe || (probe && this.probe && probe.x === this.probe.x && probe.y === this.probe.y);
    if (same) return;
    this.probe = probe;
    this.onProbe?.(probe);
  }

  /** The image pixel under a pointer event, or null outside the image. */
  pixelAt(event) {
    const rect = this.stage.getBoundingClientRect();
    const outerW = this.width + 2 * this.margin;
    const outerH = this.height + 2 * this.margin;
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * outerW - this.margin);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * outerH - this.margin);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return null;
    return { x, y };
  }

  #listen() {
    const stage = this.stage;
    stage.tabIndex = 0;
    stage.classList.add('probe');
    stage.addEventListener('pointermove', (event) => {
      if (this.showing) this.setProbe(this.pixelAt(event));
    });
    stage.addEventListener('pointerleave', () => this.setProbe(null));
    stage.addEventListener('blur', () => this.setProbe(null));
    stage.addEventListener('keydown', (event) => {
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (event.key === 'Escape') {
        this.setProbe(null);
        return;
      }
      const step = steps[event.key];
      if (!step || !this.showing) return;
      event.preventDefault();
      const k = event.shiftKey ? 10 : 1;
      const from = this.probe ?? { x: Math.floor(this.width / 2) - step[0] * k, y: Math.floor(this.height / 2) - step[1] * k };
      this.setProbe({
        x: Math.min(this.width - 1, Math.max(0, from.x + step[0] * k)),
        y: Math.min(this.height - 1, Math.max(0, from.y + step[1] * k)),
      });
    });
  }
}

/** Outlines pixel (x, y) and rings it, so it can be found at any zoom and on any background. */
export function markPixel(g, view, x, y, colour = '#ffd400') {
  const px = view.px;
  const ring = 10 * px * view.ratio;
  for (const [stroke, width] of [['rgb(0 0 0 / 0.8)', 3], [colour, 1.5]]) {
    g.lineWidth = width * px;
    g.strokeStyle = stroke;
    g.strokeRect(x - px, y - px, 1 + 2 * px, 1 + 2 * px);
    g.beginPath();
    g.arc(x + 0.5, y + 0.5, ring, 0, 2 * Math.PI);
    g.stroke();
  }
}

/** A rectangle outline, dark under light, in image units. */
export function outline(g, view, x, y, w, h, colour = '#fff', dash = []) {
  const px = view.px;
  g.setLineDash([]);
  g.lineWidth = 3 * px;
  g.strokeStyle = 'rgb(0 0 0 / 0.75)';
  g.strokeRect(x, y, w, h);
  g.setLineDash(dash.map((d) => d * px));
  g.lineWidth = 1.5 * px;
  g.strokeStyle = colour;
  g.strokeRect(x, y, w, h);
  g.setLineDash([]);
}

/**
 * A magnifier drawn in a corner of the view (the one farthest from the
 * point it shows): `cells` x `cells` image pixels starting at (x0, y0),
 * read from `image` (ImageData; pixels outside it are drawn as a dark
 * checkerboard). `decorate(g, cell)` then draws in loupe units, where
 * pixel (x, y) covers [x - x0, x - x0 + 1) x [y - y0, y - y0 + 1) and
 * `cell` is one pixel's size in CSS pixels.
 */
export function drawLoupe(g, view, image, { x0, y0, cells, focus, title }, decorate) {
  const size = Math.min(168, view.cssWidth * 0.42, view.cssHeight * 0.6);
  const cell = size / cells;
  const pad = 8;
  const fx = (focus.x + view.margin) * view.cssPerPixel;
  const fy = (focus.y + view.margin) * view.cssPerPixel;
  const left = fx > view.cssWidth / 2 ? pad : view.cssWidth - size - pad;
  const top = fy > view.cssHeight / 2 ? pad + 16 : view.cssHeight - size - pad;
  g.save();
  g.setTransform(view.ratio, 0, 0, view.ratio, 0, 0);
  g.fillStyle = 'rgb(14 16 26 / 0.88)';
  g.fillRect(left - 4, top - 20, size + 8, size + 24);
  g.fillStyle = '#e6e8f5';
  g.font = '11px system-ui, "DejaVu Sans", sans-serif';
  g.textBaseline = 'middle';
  g.fillText(title, left, top - 10);
  g.translate(left, top);
  g.beginPath();
  g.rect(0, 0, size, size);
  g.clip();
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      const x = x0 + i;
      const y = y0 + j;
      if (x >= 0 && y >= 0 && x < image.width && y < image.height) {
        const k = 4 * (y * image.width + x);
        g.fillStyle = `rgb(${image.data[k]} ${image.data[k + 1]} ${image.data[k + 2]})`;
      } else {
        g.fillStyle = (i + j) % 2 ? '#2b2f3e' : '#353a4b';
      }
      g.fillRect(i * cell, j * cell, cell + 0.5, cell + 0.5);
    }
  }
  g.scale(cell, cell);
  g.translate(-x0, -y0);
  decorate(g, cell);
  g.restore();
}

/** A small label with a dark backing, centred on (x, y) in the current units; `unit` is one CSS pixel in them. */
export function label(g, text, x, y, unit, colour = '#fff') {
  g.save();
  g.font = `${10 * unit}px ui-monospace, "DejaVu Sans Mono", monospace`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const w = g.measureText(text).width + 4 * unit;
  g.fillStyle = 'rgb(0 0 0 / 0.72)';
  g.fillRect(x - w / 2, y - 7 * unit, w, 14 * unit);
  g.fillStyle = colour;
  g.fillText(text, x, y + 0.5 * unit);
  g.restore();
}
