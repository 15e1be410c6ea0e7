// Every ```js example of README.md runs as written, in Node: the imports of
// 'tensorwarp', 'tensorwarp/image' and 'tensorwarp/augment' point at this
// checkout, 'onnxruntime-web' at a stand-in whose Tensor checks what it is
// given, and the names an example takes from the page around it (a canvas,
// the photo, a dataset, a session) are defined before it by PRELUDES (or by
// an earlier example, as a reader would have them). An example that no
// longer matches the API fails here instead of in a user's first minutes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const examples = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

const dir = mkdtempSync(join(tmpdir(), 'tw-readme-'));
const ORT_STUB = pathToFileURL(join(dir, 'ort.mjs')).href;
writeFileSync(join(dir, 'ort.mjs'), `
export class Tensor {
  constructor(type, data, dims) {
    const count = dims.reduce((a, b) => a * b, 1);
    if (type !== 'float32' || !(data instanceof Float32Array) || data.length !== count) {
      throw new TypeError('ort.Tensor stand-in: expected float32 data of ' + count + ' values for [' + dims + ']');
    }
    Object.assign(this, { type, data, dims });
  }
}`);

const SPECIFIERS = {
  tensorwarp: new URL('js/index.js', root).href,
  'tensorwarp/image': new URL('js/image.js', root).href,
  'tensorwarp/augment': new URL('js/augment.js', root).href,
  'onnxruntime-web': ORT_STUB,
};

// What the page around the examples provides, as globals (an example may
// declare its own canvas or photo): a 64x48 canvas of fixed pixels, images,
// a session, an epoch's chunks. ready() has been awaited, as README says.
const PAGE = `
import { ready } from 'tensorwarp';
await ready();
{
  const pixels = (width, height, salt = 0) => ({ width, height,
    data: Uint8ClampedArray.from({ length: width * height * 4 }, (_, i) => Math.imul(i + salt, 2654435761) >>> 24) });
  const ctx = { getImageData: (x, y, w, h) => pixels(w, h),
    putImageData: (img) => { if (!(img.data instanceof Uint8ClampedArray)) throw new TypeError('putImageData: not an image'); } };
  const canvas = { width: 64, height: 48, getContext: () => ctx };
  const imageData = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const images = Array.from({ length: 6 }, (_, i) => pixels(40 + i, 30, i));
  Object.assign(globalThis, {
    pixels, ctx, canvas, imageData, images, photo: imageData, otherImageOfTheSameSize: pixels(64, 48, 7),
    document: { querySelector: () => canvas },
    session: { run: async (feeds) => { for (const t of Object.values(feeds)) if (!t.dims) throw new TypeError('not a tensor'); return {}; } },
    mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225],
    epoch: 2, stepsPerEpoch: 10, stepInEpoch: 3, step: async () => {},
    chunksOfTheEpoch: [images.slice(0, 3), images.slice(3)], classIndices: images.map((_, i) => i % 1000),
  });
}
`;

// The names a fragment uses that its section's prose defines (x: a tensor, grid: a grid for it).
const PRELUDES = [
  [/^\/\/ ONNX: pads|^gridSample\(x|^averagePool\(x|onnx\.run\(/m, `
import { pad, gridSample, averagePool, onnx } from 'tensorwarp';
const x = { type: 'float32', dims: [1, 3, 8, 10], data: Float32Array.from({ length: 240 }, (_, i) => i / 7) };
const grid = { type: 'float32', dims: [1, 6, 5, 2], data: Float32Array.from({ length: 60 }, (_, i) => Math.sin(i) * 1.2) };`],
  [/^const pixels = new Float32Array/m, `import { tensor, pad, averagePool } from 'tensorwarp';`],
  [/^const augment = compose\(\[\n  random\.resizedCrop\(\{ width: 224, height: 224 \}\), \/\/ run 1/m, `import { compose, random } from 'tensorwarp/augment';`],
  [/augment\.batch\(images/, `
import { compose, random } from 'tensorwarp/augment';
const augment = compose([random.resizedCrop({ width: 24, height: 20 }), random.flip({ horizontal: 0.5 })], { seed: 3 });`],
  [/loader\(dataset/, `
const classes = Array.from({ length: 40 }, (_, i) => i % 1000);
const files = classes.map((_, i) => pixels(36 + (i % 5), 28, i)); // Node: image objects (no decoder)`],
];

async function run(code, n) {
  const prelude = PRELUDES.filter(([pattern]) => pattern.test(code)).map(([, text]) => text).join('\n');
  const source = `${PAGE}\n${prelude}\n${code}`.replace(/from '([^']+)'/g, (whole, name) => (SPECIFIERS[name] ? `from '${SPECIFIERS[name]}'` : whole));
  // one import per module: the example's own imports win over the prelude's of the same name
  const file = join(dir, `example-${n}.mjs`);
  writeFileSync(file, dedupeImports(source));
  await import(pathToFileURL(file).href);
}

/** Import lines merged per module, each name once, so an example may import what its prelude does. */
function dedupeImports(source) {
  const byModule = new Map();
  const body = source.replace(/^import (\{[^}]*\}|\* as \w+) from '([^']+)';\n/gm, (_, what, from) => {
    const entry = byModule.get(from) ?? { names: new Set(), star: null };
    if (what.startsWith('*')) entry.star = what;
    else for (const name of what.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean)) entry.names.add(name);
    byModule.set(from, entry);
    return '';
  });
  const lines = [...byModule].flatMap(([from, { names, star }]) => [
    ...(star ? [`import ${star} from '${from}';`] : []),
    ...(names.size ? [`import { ${[...names].join(', ')} } from '${from}';`] : []),
  ]);
  return `${lines.join('\n')}\n${body}`;
}

test('README has its examples', () => {
  assert.ok(examples.length >= 10, `found ${examples.length} js examples`);
});

for (const [n, code] of examples.entries()) {
  test(`README example ${n + 1}: ${code.split('\n').find((l) => l.trim() && !l.startsWith('import'))?.slice(0, 70)}`, async () => {
    await run(code, n + 1);
  });
}

test('clean up', () => rmSync(dir, { recursive: true, force: true }));
