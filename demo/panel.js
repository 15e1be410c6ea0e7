// What every operator panel shares: the input and output pictures and the
// read-out under them (built here, so all the panels have the same
// markup), the image and its planes, re-running when a control moves (at
// most once per frame), timing the library call, the hover probe, and
// showing shapes, the call as code, hover details and errors.
import { View, element, markPixel } from './view.js';

/** Runs `call` and returns [its result, milliseconds]. Only the call is timed. */
export function timed(call) {
  const start = performance.now();
  const result = call();
  return [result, performance.now() - start];
}

export function formatMs(ms) {
  if (ms < 0.1) return `${(ms * 1000).toFixed(0)} µs`;
  return `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;
}

export function formatDims(dims) {
  return `[${[...dims].join(', ')}]`;
}

/** A readable line for an error thrown by the library (or anything else). */
export function describeError(error) {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Error: ${String(error)}`;
}

export class Panel {
  /**
   * @param {HTMLElement} section the panel's <section>: an h2, a form.controls, and an empty
   *   .figures and .readout for the pictures and the read-out
   * @param {object} options
   * @param {() => void} options.render draws the panel from the form once there is an image; throwing shows the error
   * @param {(probe: { x: number, y: number } | null) => void} options.describeProbe writes the hover read-out
   * @param {string} [options.inputCaption] the input picture's title
   * @param {number} [options.inputMargin] room around the input picture (see View)
   * @param {((image: ImageData) => ArrayLike<number>) | null} [options.planes] the image as the panel's [1, 3, H, W]
   *   tensor data (made with tensorwarp/image's toTensor), or null for a panel that works on the image itself
   */
  constructor(section, { render, describeProbe, inputCaption = 'Input', inputMargin = 0, planes = null }) {
    this.section = section;
    this.form = section.querySelector('form.controls');
    const title = section.querySelector('h2').textContent;
    const figures = section.querySelector('.figures');
    this.input = new View(figures, { role: 'input', caption: inputCaption, label: `${title} input`, margin: inputMargin });
    this.output = new View(figures, { role: 'output', caption: 'Output', label: `${title} output`, probe: true });
    // The hovered output pixel is marked (a panel may draw more); moving it re-explains and redraws both pictures.
    this.output.draw = (g, view) => {
      if (this.output.probe) markPixel(g, view, this.output.probe.x, this.output.probe.y);
    };
    this.output.onProbe = (probe) => {
      describeProbe(probe);
      this.output.redraw();
      this.input.redraw();
    };
    this.statsLine = element('p', { class: 'stats', 'aria-live': 'polite' });
    this.errorLine = element('p', { class: 'error', role: 'alert', hidden: true });
    this.callBlock = element('code');
    this.probeLine = element('p', { class: 'probe-info', 'aria-live': 'polite' });
    section.querySelector('.readout').append(this.statsLine, this.errorLine, element('pre', { class: 'call' }, this.callBlock), this.probeLine);
    this.renderBody = render;
    this.toPlanes = planes;
    this.image = null; // ImageData
    this.planes = null; // the image as [1, 3, H, W] planes (toPlanes), if the panel wants them
    this.requested = 0;
    this.frame = 0;
    this.form.addEventListener('submit', (event) => event.preventDefault());
    this.form.addEventListener('input', () => this.schedule());
    this.form.addEventListener('change', () => this.schedule());
    for (const input of this.form.querySelectorAll('input[type=range]')) {
      input.addEventListener('input', () => showRangeValue(input));
      showRangeValue(input);
    }
  }

  /** Uses `image` (ImageData) from the next render on. */
  setImage(image) {
    this.image = image;
    this.planes = this.toPlanes ? this.toPlanes(image) : null;
    this.schedule();
  }

  /** Asks for a render on the next frame; tests wait for data-rendered to catch up with data-requested. */
  schedule() {
    this.requested++;
    this.section.dataset.requested = String(this.requested);
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const upTo = this.requested;
      try {
        this.clearError();
        if (this.image) this.renderBody();
      } catch (error) {
        this.fail(error);
      } finally {
        this.section.dataset.rendered = String(upTo);
      }
    });
  }

  /** Form values: numbers for number/range inputs, booleans for checkboxes, strings otherwise. */
  values() {
    const out = {};
    for (const element of this.form.elements) {
      if (!element.name) continue;
      if (element.type === 'checkbox') out[element.name] = element.checked;
      else if (element.type === 'number' || element.type === 'range') out[element.name] = element.valueAsNumber;
      else out[element.name] = element.value;
    }
    return out;
  }

  /**
   * Returns what `call` (the library call or calls) returns. When the library
   * refuses, the output picture gives way to a note, the stats line says
   * `errorStats`, and the error goes on to the read-out.
   */
  callLibrary(call, errorStats, what = 'settings') {
    try {
      return call();
    } catch (error) {
      this.output.message(`No output: the library refused these ${what} (see the message below).`, 'error');
      this.stats(errorStats);
      throw error;
    }
  }

  stats(text) {
    this.statsLine.textContent = text;
  }

  call(code) {
    this.callBlock.textContent = code;
  }

  probe(text) {
    this.probeLine.textContent = text;
  }

  fail(error) {
    this.probe('');
    this.errorLine.hidden = false;
    this.errorLine.textContent = describeError(error);
    this.section.dataset.state = 'error';
  }

  clearError() {
    this.errorLine.hidden = true;
    this.errorLine.textContent = '';
    this.section.dataset.state = 'ok';
  }
}

/** Writes a range input's value into its <output> (data-unit and data-digits format it). */
export function showRangeValue(input) {
  const output = input.form?.querySelector(`output[for="${input.id}"]`);
  if (!output) return;
  const digits = Number(input.dataset.digits ?? 0);
  output.textContent = `${input.valueAsNumber.toFixed(digits)}${input.dataset.unit ?? ''}`;
}

/** Whole-number input values; an empty or fractional box is an error the page names. */
export function integerValue(values, name, label) {
  const v = values[name];
  if (!Number.isInteger(v)) throw new RangeError(`${label}: enter a whole number`);
  return v;
}
