// The installed version of a peer package, read from its package.json on disk
// (some packages do not export ./package.json, so require() cannot load it).

import { readFileSync } from 'node:fs';

export function packageVersion(name) {
  const file = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  try {
    return `${name} ${JSON.parse(readFileSync(file, 'utf8')).version}`;
  } catch {
    return `${name} (version unknown)`;
  }
}
