// What every operator panel shares: re-running when a control moves (at
// most once per frame), timing the library call, and showing shapes, the
// call as code, hover details and errors in the section's read-out.

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
   * @param {HTMLElement} section the panel's <section>: a form.controls and a .readout
   * @param {() => void} render draws the panel from the form; throwing shows the error
   */
  constructor(section, render) {
    this.section = section;
    this.form = section.querySelector('form.controls');
    this.statsLine = section.querySelector('.stats');
    this.callBlock = section.querySelector('.call code');
    this.probeLine = section.querySelector('.probe-info');
    this.errorLine = section.querySelector('.error');
    this.renderBody = render;
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
        this.renderBody();
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
