// The demo's web server: demo/ at /, and the repository's js/ and wasm/
// folders at /js/ and /wasm/, on 127.0.0.1 only. No dependencies.
//   node demo/serve.mjs            (PORT=8081 node demo/serve.mjs for another port)
//   import { startServer } from './demo/serve.mjs'; const { url, close } = await startServer({ port: 0 });
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DEMO = fileURLToPath(new URL('.', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));

// URL prefix -> folder. Everything else is looked up in demo/.
const ROOTS = [
  ['/js/', join(REPO, 'js')],
  ['/wasm/', join(REPO, 'wasm')],
  ['/', DEMO],
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // Cross-origin isolation: everything is same-origin anyway, and it gives
  // performance.now() its fine resolution, which the timings on the page want.
  // It also gives the page SharedArrayBuffer: augment.batch's shared-memory path.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
const ISOLATION = ['Cross-Origin-Opener-Policy', 'Cross-Origin-Embedder-Policy', 'Cross-Origin-Resource-Policy'];
// Without isolation (startServer({ isolated: false })): the page as a site without COOP/COEP serves it.
const PLAIN_HEADERS = Object.fromEntries(Object.entries(HEADERS).filter(([name]) => !ISOLATION.includes(name)));

/**
 * The file a URL path names, or null. Rejects anything that could leave its
 * folder: encoded or plain `..` segments, backslashes, NUL bytes, dot files.
 */
export function resolvePath(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\') || !path.startsWith('/')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const [prefix, root] = ROOTS.find(([p]) => path.startsWith(p));
  const segments = path.slice(prefix.length).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) return null;
  const file = join(root, ...segments);
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return file;
}

async function handle(request, response, headers) {
  const send = (status, body, type = 'text/plain; charset=utf-8') => {
    response.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    send(405, 'method not allowed\n');
    return;
  }
  const { pathname } = new URL(request.url, 'http://localhost');
  const file = resolvePath(pathname);
  const type = file && TYPES[extname(file)];
  if (!type) {
    send(404, 'not found\n');
    return;
  }
  try {
    if (!(await stat(file)).isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    send(200, await readFile(file), type);
  } catch (error) {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') {
      const hint = pathname.startsWith('/wasm/') ? ' (run `make` to build the module)' : '';
      send(404, `not found${hint}\n`);
    } else {
      send(500, 'server error\n');
    }
  }
}

/**
 * Starts the server on 127.0.0.1. `port` 0 picks a free port; `isolated`
 * (default true) sends the cross-origin isolation headers.
 * Resolves to { server, port, url, close() }.
 */
export function startServer({ port = 8080, isolated = true } = {}) {
  const headers = isolated ? HEADERS : PLAIN_HEADERS;
  return new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      handle(request, response, headers).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const actual = server.address().port;
      resolve({
        server,
        port: actual,
        url: `http://127.0.0.1:${actual}/`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be an integer in 0..65535, got ${JSON.stringify(process.env.PORT)}`);
    process.exit(1);
  }
  startServer({ port }).then(({ url }) => {
    console.log(`tensorwarp demo: ${url}  (Ctrl+C to stop)`);
  }, (error) => {
    console.error(`cannot serve on 127.0.0.1:${port}: ${error.message}`);
    process.exit(1);
  });
}
