// Augment: 12 samples of the picture from a tensorwarp/augment pipeline the
// page lets you edit (a JSON list of transforms), with a box and five
// keypoints that follow the pixels. Sample k is augment(targets, k): the
// seed and k alone decide it, so the same seed always gives the same 12.
// Hovering a sample shows its params (what replay() takes).
import { View, element } from '../view.js';
import { formatMs, describeError } from '../panel.js';

export const SAMPLES = 12;

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

  function render() {
    const seed = form.elements.seed.valueAsNumber;
    if (!Number.isInteger(seed) || seed < 0) throw new RangeError('Seed: enter a whole number, 0 or more');
    const transforms = parsePipeline(form.elements.pipeline.value, lib.augment.random);
    const augment = lib.augment.compose(transforms, { seed, border: form.elements.border.value });
    // The call as the user wrote it (the descriptors hold the normalised options, with every default spelt out).
    const written = JSON.parse(form.elements.pipeline.value).map(({ transform, ...options }) => `  random.${transform}(${JSON.stringify(options)}),`);
    code.textContent = `const augment = compose([\n${written.join('\n')}\n], { seed: ${seed}, border: '${form.elements.border.value}' });\n` +
      'const r = augment({ image, boxes, keypoints }, k);   // k = 0..11';
    const targets = targetsFor(image);
    const start = performance.now();
    results = views.map((_, k) => augment(targets, k));
    const ms = performance.now() - start;
    results.forEach((r, k) => {
      views[k].draw = (g, view) => drawTargets(g, view, r);
      views[k].show(r.image, 150 / Math.max(r.image.width, r.image.height, 1), `${r.image.width} × ${r.image.height}`);
    });
    stats.textContent = `${SAMPLES} samples in ${formatMs(ms)} (${formatMs(ms / SAMPLES)} each) · in ${image.width} × ${image.height} RGBA`;
    paramsLine.textContent = 'Hover a sample to see its params.';
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
