// The page: load tensorwarp, tensorwarp/image and tensorwarp/augment, pick the image, hand it to the panels.
import { testCard, imageFromFile, MAX_SIDE } from './image.js';
import { describeError } from './panel.js';
import { createPadPanel } from './panels/pad.js';
import { createGridSamplePanel } from './panels/gridsample.js';
import { createAveragePoolPanel } from './panels/averagepool.js';
import { createImagePanel } from './panels/image.js';
import { createAugmentPanel } from './panels/augment.js';

const status = document.getElementById('status');
const fatal = document.getElementById('fatal');
const sourceInfo = document.getElementById('source-info');
const sourceError = document.getElementById('source-error');

function showFatal(text) {
  fatal.hidden = false;
  fatal.textContent = text;
  document.body.dataset.state = 'error';
}

// Anything that escapes a panel still ends up on the page, not only in the console.
window.addEventListener('error', (event) => showFatal(`Unexpected error: ${event.message}`));
window.addEventListener('unhandledrejection', (event) => showFatal(`Unexpected error: ${describeError(event.reason)}`));

function showStatus() {
  status.replaceChildren('tensorwarp loaded (WebAssembly SIMD) · ');
  ['pad', 'gridSample', 'averagePool', 'tensorwarp/image', 'tensorwarp/augment'].forEach((name, k) => {
    const tag = document.createElement('span');
    tag.className = 'op';
    tag.textContent = name.includes('/') ? `${name} ✓` : `${name}() ✓`;
    status.append(...(k ? [' ', tag] : [tag]));
  });
}

async function main() {
  let lib;
  try {
    const [core, image, augment] = await Promise.all([import('/js/index.js'), import('/js/image.js'), import('/js/augment.js')]);
    await core.ready();
    lib = { ...core, image, augment };
  } catch (error) {
    status.textContent = 'The module did not load.';
    showFatal(`tensorwarp did not load: ${describeError(error)}. Build it with \`make\`, then serve this page with \`make demo\`.`);
    return;
  }
  showStatus();

  const panels = [
    createPadPanel(document.getElementById('pad'), lib),
    createGridSamplePanel(document.getElementById('gridsample'), lib),
    createAveragePoolPanel(document.getElementById('averagepool'), lib),
    createImagePanel(document.getElementById('image'), lib),
    createAugmentPanel(document.getElementById('augment'), lib),
  ];

  function use(image, description) {
    sourceError.hidden = true;
    sourceInfo.textContent = description;
    for (const panel of panels) panel.setImage(image);
  }

  function useSample() {
    const card = testCard();
    use(card, `Sample test card, ${card.width} × ${card.height} px (drawn by the page)`);
  }

  async function useFile(file) {
    try {
      const { image, original } = await imageFromFile(file);
      const scaled = original[0] !== image.width || original[1] !== image.height;
      use(image, `${file.name}: ${original[0]} × ${original[1]} px${scaled ? `, scaled to ${image.width} × ${image.height} to fit ${MAX_SIDE} px` : ''} (stays on your machine)`);
    } catch (error) {
      sourceError.hidden = false;
      sourceError.textContent = `${describeError(error)}. The previous image is still in use.`;
    }
  }

  document.getElementById('use-sample').addEventListener('click', useSample);
  const picker = document.getElementById('file');
  picker.addEventListener('change', () => {
    if (picker.files.length) useFile(picker.files[0]);
    picker.value = '';
  });

  // Drop an image anywhere on the page.
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes('Files');
  let depth = 0;
  document.addEventListener('dragenter', (event) => {
    if (!hasFiles(event)) return;
    depth++;
    document.body.classList.add('dragging');
  });
  document.addEventListener('dragleave', (event) => {
    if (!hasFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) document.body.classList.remove('dragging');
  });
  document.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  document.addEventListener('drop', (event) => {
    depth = 0;
    document.body.classList.remove('dragging');
    if (!event.dataTransfer?.files?.length) return;
    event.preventDefault();
    useFile(event.dataTransfer.files[0]);
  });

  useSample();
  document.body.dataset.ready = 'true';
}

main();
