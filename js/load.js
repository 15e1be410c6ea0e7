// Finding, fetching, compiling and instantiating the wasm. tensorwarp does all
// of it itself and hands Emscripten's factory a ready instance, so that every
// failure is an error of ours: it names what was tried (the URL, the path, the
// option), what came back (HTTP status, content type, first bytes) and the
// likely fix. Emscripten's own loader would abort with "both async and sync
// fetching of the wasm failed" and no URL.
//
// A fetched response served as application/wasm is compiled as it streams
// (WebAssembly.compileStreaming): browsers compile while downloading, and
// Chromium can keep the optimised code with the HTTP cache entry for a return
// visit (when V8 hands it over; README › Performance says when it did).
// Anything else (another content type, bytes, a file in Node) is compiled
// from its bytes.
//
// This file is browser-safe: it imports nothing from Node. Reading local files
// (Node) is passed in as `files`, made by localFiles() from node:fs/promises.
import createTensorwarpModule from '../wasm/tensorwarp.mjs';

// Written this way so that bundlers (Vite, webpack 5, Rollup/rolldown) see the
// wasm as an asset of this module and emit it; a plain page fetches it next to js/.
const DEFAULT_WASM_URL = new URL('../wasm/tensorwarp.wasm', import.meta.url);

// The smallest module using a SIMD instruction: (func (result v128) i32.const 0 i8x16.splat).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, //       type: () -> v128
  0x03, 0x02, 0x01, 0x00, //                         function 0 has type 0
  0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code
]);
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

const PASS_IT = 'or pass the wasm to ready({ wasm }) as a URL, its bytes or a WebAssembly.Module';
const VITE_PREBUNDLE = "Vite's dependency pre-bundling (dev server of Vite 6 and older) moved tensorwarp's JS " +
  "away from its wasm: add `optimizeDeps: { exclude: ['tensorwarp'] }` to vite.config.js";
// Where a Vite dev server serves the package's own files in the usual layout
// (node_modules beside the project root).
const VITE_DEV_WASM_PATH = '/node_modules/tensorwarp/wasm/tensorwarp.wasm';
const isVitePrebundle = (url) => url.pathname.includes('/node_modules/.vite/');

/**
 * Local files for Node: `fs` is node:fs/promises (the node entry imports it
 * statically; the default entry asks process.getBuiltinModule). Returns null
 * when there is no file system (browsers).
 */
export function localFiles(fs) {
  if (!fs) return null;
  return {
    /** A file: URL or a path string (relative to the working directory). */
    isLocal: (source) => (source instanceof URL ? source.protocol === 'file:' : !/^(https?|data|blob):/i.test(source)),
    async read(source, what) {
      const location = typeof source === 'string' && /^file:/i.test(source) ? new URL(source) : source;
      try {
        return new Uint8Array(await fs.readFile(location));
      } catch (error) {
        throw new Error(`ready: cannot read the wasm from ${what} ${String(source)} (${error.code ?? error.message}); ` +
          `check the path (a relative one is taken from the working directory, ${globalThis.process?.cwd?.()}), ${PASS_IT}`);
      }
    },
  };
}

/** Local files when running in Node without the node entry (e.g. js/index.js imported by path). */
export function builtinFiles() {
  const getBuiltin = globalThis.process?.getBuiltinModule;
  return typeof getBuiltin === 'function' ? localFiles(getBuiltin('node:fs/promises')) : null;
}

/**
 * The Emscripten module for `source` (options.wasm: undefined for the default,
 * a URL or string, bytes, or a WebAssembly.Module).
 */
export async function instantiate(source, files) {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(SIMD_PROBE)) {
    throw new Error('tensorwarp needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 20+)');
  }
  const { module, what } = await compileSource(source, files);
  return createInstance(module, what);
}

/** Throws the TypeError for an options.wasm of no accepted kind (undefined: the default). */
export function checkSourceKind(source) {
  const ok = source === undefined || typeof source === 'string' || source instanceof URL || source instanceof ArrayBuffer ||
    ArrayBuffer.isView(source) || source instanceof WebAssembly.Module;
  if (!ok) throw new TypeError('ready: options.wasm must be a URL, a string, an ArrayBuffer, a typed array or a WebAssembly.Module');
}

async function compileSource(source, files) {
  if (source instanceof WebAssembly.Module) return { module: source, what: 'options.wasm (a WebAssembly.Module)' };
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    const bytes = source instanceof ArrayBuffer ? new Uint8Array(source)
      : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    const what = 'options.wasm (bytes)';
    checkMagic(bytes, what, '');
    return { module: await compile(bytes, what), what };
  }
  checkSourceKind(source);
  const location = source ?? DEFAULT_WASM_URL;
  const what = source === undefined ? 'the default location' : 'options.wasm';
  if (files?.isLocal(location)) {
    const bytes = await files.read(location, what);
    const where = `${what} ${String(location)}`;
    checkMagic(bytes, where, '');
    return { module: await compile(bytes, where), what: where };
  }
  const url = resolveUrl(location, what);
  if (url.protocol === 'file:') {
    throw new Error(`ready: cannot read ${what} ${url.href} without file access (browsers have none; in Node before ` +
      "20.16 import 'tensorwarp' by name, whose node entry reads files), " + PASS_IT);
  }
  if (source === undefined && isVitePrebundle(url)) return fetchFromViteDev(url, what);
  return fetchModule(url, what);
}

/**
 * Vite 6 and older pre-bundle dependencies in dev, and the default URL then
 * points into node_modules/.vite/, where the dev server answers with its HTML
 * page. Fetch the package's own file instead; if that fails, say what to configure.
 */
function fetchFromViteDev(url, what) {
  const where = `${what} (the default ${url.href} is in Vite's pre-bundle folder, so tensorwarp tried its own file)`;
  return fetchModule(new URL(VITE_DEV_WASM_PATH, url), where, VITE_PREBUNDLE);
}

function resolveUrl(location, what) {
  try {
    return new URL(location, globalThis.document?.baseURI ?? globalThis.location?.href);
  } catch {
    throw new TypeError(`ready: ${what} ${JSON.stringify(String(location))} is not a URL`);
  }
}

async function fetchModule(url, what, fix = fixFor(url), stream = true) {
  const where = `${what} ${url.href}`;
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`ready: fetching the wasm from ${where} failed (${error.message}): the server did not answer ` +
      `or a Content-Security-Policy connect-src blocks it; serve the package's wasm/tensorwarp.wasm there, ${PASS_IT}`);
  }
  const received = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}, ` +
    `content-type ${response.headers.get('content-type') ?? 'none'}`;
  if (!response.ok) {
    throw new Error(`ready: fetching the wasm from ${where} gave ${received}; ${fix}`);
  }
  if (stream && streamable(response)) {
    const module = await compileStreaming(response, where);
    if (module) return { module, what: where };
    // The stream was refused or was not a module: what came back is described as for any other server.
    if (response.bodyUsed) return fetchModule(url, what, fix, false);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  checkMagic(bytes, where, ` (${received})`, fix);
  return { module: await compile(bytes, where), what: where };
}

/**
 * Whether to compile the response while it downloads: a fetched body served
 * as application/wasm, the MIME type the specification requires (anything
 * else would be refused; Chromium and Node also refuse parameters, before
 * reading the body, and the bytes path then takes over). Only a streamed
 * module can go to Chromium's code cache; WebAssembly.compile of bytes never does.
 */
function streamable(response) {
  if (typeof WebAssembly.compileStreaming !== 'function' || !response.body) return false;
  const type = response.headers.get('content-type') ?? '';
  return type.split(';')[0].trim().toLowerCase() === 'application/wasm';
}

/**
 * The module compiled from `response`'s body as it arrives, or null when the
 * engine refused it (another MIME check, bytes that are not a module): the
 * caller then takes the bytes, fetching them again if the stream was read, and
 * reports what they are. A CSP that forbids WebAssembly is reported here.
 */
async function compileStreaming(response, where) {
  try {
    return await WebAssembly.compileStreaming(response);
  } catch (error) {
    const csp = cspError(error, `compiling ${where}`);
    if (csp) throw csp;
    return null;
  }
}

/** The likely fix when `url` did not give the wasm. */
function fixFor(url) {
  if (isVitePrebundle(url)) return VITE_PREBUNDLE;
  return `serve the package's wasm/tensorwarp.wasm at that URL (a bundler or server that does not emit it ` +
    `may answer with its HTML page), ${PASS_IT}`;
}

function checkMagic(bytes, where, received, fix = "pass the bytes of the package's wasm/tensorwarp.wasm") {
  if (WASM_MAGIC.every((byte, i) => bytes[i] === byte)) return;
  const start = Array.from(bytes.subarray(0, 12), (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
  const html = /^\s*</.test(start) ? ': it is HTML, so a server or bundler answered with a page instead of the wasm' : '';
  throw new Error(`ready: ${where}${received} is not WebAssembly (starts with ${JSON.stringify(start)}, not "\\0asm")` +
    `${html}; ${fix}`);
}

/** The error for a compile or instantiate refused by the page's CSP, or null. */
function cspError(error, where) {
  if (!/Content.Security.Policy|unsafe-eval|CSP/i.test(error.message)) return null;
  return new Error(`ready: the Content-Security-Policy does not allow WebAssembly (${where}): ` +
    `add 'wasm-unsafe-eval' to script-src, e.g. script-src 'self' 'wasm-unsafe-eval' (${error.message})`);
}

async function compile(bytes, where) {
  try {
    return await WebAssembly.compile(bytes);
  } catch (error) {
    throw cspError(error, `compiling ${where}`) ?? new Error(`ready: ${where} is not a valid WebAssembly module ` +
      `(${error.message}); pass the wasm/tensorwarp.wasm of this tensorwarp version`);
  }
}

/** Runs Emscripten's factory on a compiled module; rejects (never hangs) when it is not ours. */
function createInstance(module, what) {
  const notOurs = (error) => cspError(error, `instantiating ${what}`) ?? new Error(`ready: ${what} is not the wasm ` +
    `of this tensorwarp version (${error.message}); pass the package's wasm/tensorwarp.wasm`);
  return new Promise((resolve, reject) => {
    const moduleArgs = {
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports)
          .then((instance) => receive(instance, module))
          .catch((error) => reject(notOurs(error)));
        return {};
      },
    };
    createTensorwarpModule(moduleArgs).then((m) => {
      try {
        m._free(m._malloc(16)); // every export the wrapper needs is looked up lazily: call through one
        m._tw_last_error();
      } catch (error) {
        reject(notOurs(error));
        return;
      }
      m.tensorwarpCompiled = module; // batch workers instantiate the same compiled module (module.js compiledModule)
      resolve(m);
    }, (error) => reject(notOurs(error)));
  });
}
