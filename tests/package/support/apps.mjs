// The files of the fresh projects: a page and a module Worker that run every
// entry's scenario (tests/package/fixtures/<scenario>) on an image buffer, and
// the Node script that does the same with each way of passing the wasm.
// `specifierOf(specifier)` says how the code imports a package specifier: as
// it is (bundlers, Node) or as a path (the page with no bundler).

const PAGE_HTML = `<!doctype html>
<html>
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>tensorwarp package test</title></head>
<body><script type="module" src="./main.js"></script></body>
</html>
`;

// Named imports, as users write them: with "sideEffects": false a bundler keeps
// only the modules those names come from (a namespace import would keep all).
// entry.imports maps each specifier ('tensorwarp', 'tensorwarp/image', ...) to
// the names the scenario uses from it; they reach the scenario as one object.
function imports(entries, specifierOf) {
  let code = '';
  const libs = entries.map((entry, i) => {
    const fields = [];
    for (const [specifier, names] of Object.entries(entry.imports)) {
      const locals = names.map((name) => `${name}_${i}_${fields.length}`);
      code += `import { ${names.map((name, k) => `${name} as ${locals[k]}`).join(', ')} } from '${specifierOf(specifier)}';\n`;
      names.forEach((name, k) => fields.push(`${name}: ${locals[k]}`));
    }
    code += `import * as scenario${i} from './${entry.scenario}';\n`;
    return `{ name: '${entry.name}', lib: { ${fields.join(', ')} }, scenario: scenario${i} }`;
  });
  return `${code}const ENTRIES = [${libs.join(', ')}];\n`;
}

/** main.js: in the page, then in a module Worker (input transferred in, results out). */
export function pageFiles(entries, specifierOf) {
  const main = `${imports(entries, specifierOf)}
function inWorker(entry) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    const input = entry.scenario.makeInput();
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.error) return resolve(['worker threw: ' + data.error]);
      const failures = entry.scenario.verify(data.out);
      if (input.byteLength !== 0) failures.push('the input buffer was copied, not transferred');
      resolve(failures);
    };
    worker.onerror = (event) => resolve(['worker error: ' + event.message]);
    worker.postMessage({ entry: entry.name, buffer: input }, [input]);
  });
}

async function run() {
  const report = {};
  for (const entry of ENTRIES) {
    try {
      report[entry.name + ' in the page'] = entry.scenario.verify(await entry.scenario.compute(entry.lib, entry.scenario.makeInput()));
    } catch (error) {
      report[entry.name + ' in the page'] = ['threw: ' + (error && error.stack || error)];
    }
    report[entry.name + ' in a module Worker'] = await inWorker(entry);
  }
  return report;
}
window.tensorwarpReport = run();
`;
  const worker = `${imports(entries, specifierOf)}
self.onmessage = async ({ data }) => {
  try {
    const entry = ENTRIES.find((e) => e.name === data.entry);
    const out = await entry.scenario.compute(entry.lib, data.buffer);
    self.postMessage({ out }, entry.scenario.transferables(out));
  } catch (error) {
    self.postMessage({ error: String(error && error.stack || error) });
  }
};
`;
  return { 'index.html': PAGE_HTML, 'main.js': main, 'worker.js': worker };
}

/**
 * node.mjs <how>: ready() with the wasm passed as <how> (default, bytes, module,
 * file-url, path), then every entry's scenario; prints a JSON report.
 */
export function nodeFiles(entries) {
  const script = `${imports(entries, (specifier) => specifier)}
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const how = process.argv[2];
const wasmUrl = new URL(import.meta.resolve('tensorwarp/wasm/tensorwarp.wasm'));
const options = {
  default: async () => undefined,
  bytes: async () => ({ wasm: await readFile(wasmUrl) }),
  module: async () => ({ wasm: new WebAssembly.Module(await readFile(wasmUrl)) }),
  'file-url': async () => ({ wasm: wasmUrl }),
  path: async () => ({ wasm: fileURLToPath(wasmUrl) }),
}[how];
const readyOptions = await options(); // one object: ready() refuses a different wasm once loaded
const report = {};
for (const entry of ENTRIES) {
  try {
    report[entry.name] = entry.scenario.verify(await entry.scenario.compute(entry.lib, entry.scenario.makeInput(), readyOptions));
  } catch (error) {
    report[entry.name] = ['threw: ' + (error && error.stack || error)];
  }
}
console.log(JSON.stringify(report));
`;
  return { 'node.mjs': script };
}
