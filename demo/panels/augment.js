// Augment: 12 samples of the picture from a tensorwarp/augment pipeline the
// page lets you edit (a JSON list of transforms), with a box and five
// keypoints that follow the pixels. Sample k is augment(targets, k): the
// seed and k alone decide it, so the same seed always gives the same 12.
// Hovering a sample shows its params (what replay() takes). Sliders and
// selects append colour transforms and a policy to the list (colourSteps).
import { View, element } from '../view.js';
import { formatMs, describeError, showRangeValue } from '../panel.js';

export const SAMPLES = 12;

/** The transforms whose drawn values the read-out shows before a sample is hovered. */
const COLOUR_STEPS = new Set(['colorJitter', 'grayscale', 'gaussianBlur', 'posterize', 'solarize', 'sharpness', 'autocontrast',
  'equalize', 'invert', 'gamma', 'noise', 'erasing', 'randAugment', 'trivialAugment', 'autoAugment']);

/** The pipeline text -> the transform descriptors; errors name the entry. */
export function parsePipeline(text, random) {
  let list;
  try {
    list = JSON.parse(text);
  } catch (error) {
    throw new SyntaxError(`Pipeline: not valid JSON (${error.message})`);
  }
  if (!Array.isArray(list)) throw new TypeError('Pipeline: expected a JSON array of transforms');
  return list.map((entry, i) => {
    if (entry === null || typeof entry !== 'object' || typeof entry.transform !== 'string') {
      throw new TypeError(`Pipeline[${i}]: expected { "transform": name, ...options }`);
    }
    const { transform, ...options } = entry;
    if (!Object.hasOwn(random, transform)) {
      throw new TypeError(`Pipeline[${i}]: unknown transform "${transform}"; expected ${Object.keys(random).join(', ')}`);
    }
    return random[transform](options);
  });
}

/** The colour transform of the "Colour transform" select at `strength` s in [0, 1] (p 1, so it always fires). */
function colourTransform(name, s) {
  switch (name) {
    case 'none': return null;
    case 'posterize': return { bits: Math.round(8 - 7 * s) };
    case 'solarize': return { threshold: Math.round(255 * (1 - s)) };
    case 'sharpness': return { factor: 1 + 4 * s };
    case 'gaussianBlur': return { size: 5 };
    case 'gamma': return { gamma: [1 / (1 + 4 * s), 1 + 4 * s] };
    case 'noise': return { std: 40 * s };
    default: return {};
  }
}

/**
 * The colour steps the panel's controls append to the pipeline, as the pipeline text writes transforms
 * ({ transform, ...options }): colorJitter when a factor is above 0, the colour transform, the policy.
 * `values`: the form's { brightness, contrast, saturation, hue, colour, strength, policy, numOps, magnitude }.
 */
export function colourSteps(values) {
  const steps = [];
  const jitter = Object.fromEntries(['brightness', 'contrast', 'saturation', 'hue'].filter((k) => values[k] > 0).map((k) => [k, values[k]]));
  if (Object.keys(jitter).length > 0) steps.push({ transform: 'colorJitter', ...jitter });
  const colour = colourTransform(values.colour, values.strength);
  if (colour !== null) steps.push({ transform: values.colour, ...colour, p: 1 });
  // a policy's fill covers every channel, alpha too: an opaque grey, since a canvas cannot keep the colour of a
  // transparent pixel (and a later Invert would give transparent white)
  const fill = [128, 128, 128, 255];
  if (values.policy === 'randAugment') steps.push({ transform: 'randAugment', numOps: values.numOps, magnitude: values.magnitude, fill });
  else if (values.policy === 'trivialAugment') steps.push({ transform: 'trivialAugment', fill });
  else if (values.policy === 'autoAugment') steps.push({ transform: 'autoAugment', fill });
  return steps;
}

/** The colour controls' values of the panel's form. */
export function colourValues(form) {
  const e = form.elements;
  const number = (name) => e[name].valueAsNumber;
  return {
    brightness: number('brightness'), contrast: number('contrast'), saturation: number('saturation'), hue: number('hue'),
    colour: e.colour.value, strength: number('strength'), policy: e.policy.value, numOps: number('numOps'), magnitude: number('magnitude'),
  };
}

/** The page's whole list (the text's transforms, then the colour steps) as JSON text parsePipeline takes. */
export function pipelineText(form) {
  const text = form.elements.pipeline.value;
  const steps = colourSteps(colourValues(form));
  if (steps.length === 0) return text;
  let written;
  try {
    written = JSON.parse(text);
  } catch {
    return text; // parsePipeline names the problem
  }
  return Array.isArray(written) ? JSON.stringify([...written, ...steps]) : text;
}

/** An RGBA result as an ImageData (a policy's or noise's result is a plain { width, height, data } image). */
const asImageData = (img) => (img instanceof ImageData ? img : new ImageData(new Uint8ClampedArray(img.data), img.width, img.height));

/** What follows the pixels: a box around the middle and the four corner pixels plus the centre. */
export function targetsFor(image) {
  const { width: W, height: H } = image;
  return {
    image,
    boxes: [[W / 4, H / 4, (3 * W) / 4, (3 * H) / 4]],
    keypoints: [[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1], [(W - 1) / 2, (H - 1) / 2]],
  };
}

// The corner tags' colours on the sample test card (TL, TR, BR, BL), then white for the centre.
const KEYPOINT_COLOURS = ['#e6194b', '#3cb44b', '#f58231', '#4363d8', '#ffffff'];

/** Boxes (by their edges: the corner-based drawing units) and keypoints (pixel centres: + 0.5). */
function drawTargets(g, view, result) {
  g.lineWidth = 2 * view.px;
  g.strokeStyle = '#ffd400';
  for (const [x0, y0, x1, y1] of result.boxes) g.strokeRect(x0, y0, x1 - x0, y1 - y0);
  result.keypoints.forEach(([x, y], k) => {
    if (!result.visible[k]) return;
    g.beginPath();
    g.arc(x + 0.5, y + 0.5, 4 * view.px * view.ratio, 0, 2 * Math.PI);
    g.fillStyle = KEYPOINT_COLOURS[k];
    g.fill();
    g.lineWidth = 1.5 * view.px;
    g.strokeStyle = '#000';
    g.stroke();
  });
}

export function createAugmentPanel(section, lib) {
  const form = section.querySelector('form.controls');
  const grid = section.querySelector('.figures');
  const stats = element('p', { class: 'stats', 'aria-live': 'polite' });
  const errorLine = element('p', { class: 'error', role: 'alert', hidden: true });
  const code = element('code');
  const paramsLine = element('pre', { class: 'probe-info params', 'aria-live': 'polite' });
  section.querySelector('.readout').append(stats, errorLine, element('pre', { class: 'call' }, code), paramsLine);
  const views = Array.from({ length: SAMPLES }, (_, k) => {
    const view = new View(grid, { role: `sample-${k}`, caption: `#${k}`, label: `Augment sample ${k}` });
    view.figure.addEventListener('mouseenter', () => showParams(k));
    view.figure.addEventListener('focusin', () => showParams(k));
    return view;
  });
  let image = null;
  let results = [];
  let requested = 0;
  let frame = 0;

  function showParams(k) {
    const r = results[k];
    paramsLine.textContent = r ? `sample #${k} params (augment.replay(params, targets) gives it again):\n${JSON.stringify(r.params)}` : '';
  }

  /** Until a sample is hovered: sample 0's colour and policy entries (what was drawn), if the list has any. */
  function showDrawn() {
    const entries = results[0]?.params.transforms.filter((e) => COLOUR_STEPS.has(e.transform)) ?? [];
    paramsLine.textContent = entries.length === 0 ? 'Hover a sample to see its params.'
      : `Drawn for sample #0 (hover a sample for all its params):\n${entries.map((e) => JSON.stringify(e)).join('\n')}`;
  }

  function render() {
    const seed = form.elements.seed.valueAsNumber;
    if (!Number.isInteger(seed) || seed < 0) throw new RangeError('Seed: enter a whole number, 0 or more');
    const text = pipelineText(form);
    const transforms = parsePipeline(text, lib.augment.random);
    const augment = lib.augment.compose(transforms, { seed, border: form.elements.border.value });
    // The call as the user wrote it (the descriptors hold the normalised options, with every default spelt out).
    const written = JSON.parse(text).map(({ transform, ...options }) => `  random.${transform}(${JSON.stringify(options)}),`);
    code.textContent = `const augment = compose([\n${written.join('\n')}\n], { seed: ${seed}, border: '${form.elements.border.value}' });\n` +
      'const r = augment({ image, boxes, keypoints }, k);   // k = 0..11';
    const targets = targetsFor(image);
    const start = performance.now();
    results = views.map((_, k) => augment(targets, k));
    const ms = performance.now() - start;
    results.forEach((r, k) => {
      views[k].draw = (g, view) => drawTargets(g, view, r);
      views[k].show(asImageData(r.image), 150 / Math.max(r.image.width, r.image.height, 1), `${r.image.width} × ${r.image.height}`);
    });
    stats.textContent = `${SAMPLES} samples in ${formatMs(ms)} (${formatMs(ms / SAMPLES)} each) · in ${image.width} × ${image.height} RGBA`;
    showDrawn();
  }

  function schedule() {
    requested++;
    section.dataset.requested = String(requested);
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const upTo = requested;
      try {
        errorLine.hidden = true;
        section.dataset.state = 'ok';
        if (image) render();
      } catch (error) {
        errorLine.hidden = false;
        errorLine.textContent = describeError(error);
        section.dataset.state = 'error';
        for (const view of views) view.message('No sample: see the message below.', 'error');
        results = [];
      } finally {
        section.dataset.rendered = String(upTo);
      }
    });
  }

  for (const input of form.querySelectorAll('input[type=range]')) {
    input.addEventListener('input', () => showRangeValue(input));
    showRangeValue(input);
  }
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', schedule);
  form.addEventListener('input', (event) => {
    if (event.target.name !== 'pipeline') schedule(); // the text re-runs on change (blur), not per keystroke
  });
  section.querySelector('[name=reroll]').addEventListener('click', () => {
    form.elements.seed.value = String((form.elements.seed.valueAsNumber + 1) % 1e9);
    schedule();
  });

  return {
    setImage(next) {
      image = next;
      schedule();
    },
  };
}
