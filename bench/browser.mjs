// Headless Chromium for the benches that also run in the users' runtime
// (bench/augment.mjs, bench/image.mjs): Debian's /usr/bin/chromium driven by
// playwright-core (never a downloaded browser), the repository served over
// http on 127.0.0.1 (only js/, wasm/, bench/ and the peers' dist folders).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const SERVED = ['js', 'wasm', 'bench', join('node_modules', '@techstark'), join('node_modules', '@tensorflow')];
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
// Without the background-networking flags Chromium's own connections are refused by this machine's closed network.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Cross-origin isolation (SharedArrayBuffer in the page and its workers): what a site serves to unlock the shared-memory path.
const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin' };

// `trees`: more checkouts (directories holding js/, wasm/ and bench/), served at /tree/<index>/ (A/B benches).
function resolvePath(pathname, trees) {
  const mounted = /^\/tree\/(\d+)(\/.*)$/.exec(pathname);
  if (mounted && trees[Number(mounted[1])]) return { root: trees[Number(mounted[1])], path: normalize(join(trees[Number(mounted[1])], mounted[2])) };
  return { root: ROOT, path: normalize(join(ROOT, pathname)) };
}

// HTTP caching of the served files: none (the default: every visit downloads
// again), 'revalidate' (an ETag and Cache-Control: no-cache, so a return visit
// asks and gets 304 Not Modified) or 'max-age' (fresh for an hour, not asked).
const CACHING = {
  revalidate: (etag) => ({ etag, 'cache-control': 'no-cache' }),
  'max-age': (etag) => ({ etag, 'cache-control': 'max-age=3600' }),
};

/**
 * Serves this checkout and `trees` on 127.0.0.1 (a free port); resolves to the
 * node:http server. `isolated`: with the COOP/COEP headers. `types`: content
 * types by extension over the defaults. `caching`: a key of CACHING, or none.
 */
export function serve(isolated, trees = [], { types = {}, caching } = {}) {
  const server = createServer(async (request, response) => {
    const { root, path } = resolvePath(decodeURIComponent(new URL(request.url, 'http://x').pathname), trees);
    if (!SERVED.some((dir) => path.startsWith(join(root, dir) + sep))) {
      response.writeHead(404).end();
      return;
    }
    try {
      const [body, info] = await Promise.all([readFile(path), stat(path)]);
      const etag = `"${info.size}-${Math.floor(info.mtimeMs)}"`;
      const cache = caching ? CACHING[caching](etag) : {};
      const headers = { 'content-type': { ...TYPES, ...types }[extname(path)] ?? 'application/octet-stream', ...cache, ...(isolated ? ISOLATION : {}) };
      if (caching && request.headers['if-none-match'] === etag) response.writeHead(304, headers).end();
      else response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** playwright-core's Chromium on Debian's binary with the benches' switches (`flags`: more, diagnosis only). */
export async function chromiumLauncher(flags = []) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed`);
  const { chromium } = await import('playwright-core');
  return {
    launch: () => chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...flags] }),
    /** A browser keeping its profile (HTTP cache, code cache) in `dir`: a return visit when `dir` was used before. */
    launchPersistent: (dir) => chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: [...FLAGS, ...flags] }),
  };
}

/**
 * Opens `page` (a path under bench/) in headless Chromium and returns what
 * `page.evaluate(fn, { base, ...args })` returns, with the page's uncaught
 * errors as `errors`. Resolves to { error } when Chromium is not installed.
 * `isolated`: served with the COOP/COEP headers (crossOriginIsolated, so
 * SharedArrayBuffer is usable). `flags`: more Chromium switches, for
 * diagnosis only (e.g. --js-flags=--no-liftoff; users cannot set them).
 * `trees`: directories (each holding js/, wasm/, bench/) served at
 * /tree/0/, /tree/1/, ... beside this checkout.
 */
export async function inChromium(page, fn, args, { isolated = false, flags = [], trees = [] } = {}) {
  if (!existsSync(CHROMIUM)) return { error: `${CHROMIUM} is not installed` };
  const { chromium } = await import('playwright-core');
  const server = await serve(isolated, trees);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...flags] });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    const base = `http://127.0.0.1:${server.address().port}`;
    await tab.goto(`${base}/bench/${page}`);
    const result = await tab.evaluate(fn, { base, ...args });
    if (errors.length) result.errors = errors;
    return result;
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * Opens `page` as inChromium does and runs `body(tab, session)` with a
 * Chrome DevTools Protocol session of the tab (profiling, tracing).
 */
export async function inChromiumSession(page, body, { isolated = true, flags = [], trees = [] } = {}) {
  const { chromium } = await import('playwright-core');
  const server = await serve(isolated, trees);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...flags] });
  try {
    const tab = await browser.newPage();
    tab.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await tab.goto(`http://127.0.0.1:${server.address().port}/bench/${page}`);
    return await body(tab, await tab.context().newCDPSession(tab));
  } finally {
    await browser.close();
    server.close();
  }
}
