// tensorwarp for Node (the package's "node" export condition): the same API,
// with ready() reading the wasm (and options.wasm paths and file: URLs) from
// disk. Browser bundles resolve js/index.js and never see this file.
import * as fs from 'node:fs/promises';
import { readyWith } from './module.js';
import { localFiles } from './load.js';

export * from './index.js';

const files = localFiles(fs);

/** See index.d.ts. */
export function ready(options) {
  return readyWith(options, files);
}
