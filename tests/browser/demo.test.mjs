// The demo page in a real browser: Debian's Chromium driven by
// playwright-core against demo/serve.mjs on a free localhost port.
//
// Every test fails on a console error, an uncaught page error, a failed
// request, an HTTP error status or any request that leaves the demo server.
// Canvas checks read the pixels the page shows and compare them with the
// library run in the page on the same input (the input canvas), with the
// test's own conversion code:
//   - Pad works on uint8, so the comparison is exact.
//   - GridSample and AveragePool produce float32 (0..255); the page writes
//     them through Uint8ClampedArray (round half to even, clamp), and the
//     test converts the library's floats the same way, so that comparison
//     is exact too. Hover read-outs (printed with 1-2 decimals) are checked
//     against the library's value within 0.051.
// Independent oracles where the answer is known from the spec alone: pad's
// source pixels for reflect/wrap/edge/symmetric, the identity grid (output =
// input), zero/border padding at the corners, 1x1 and 2x2 average pools, and
// window divisors at the image corner.
// The hover explanation (demo/explain.js) is also checked on every output
// pixel against the library, and on the cases where the library follows
// PyTorch rather than the ONNX reference (SEMANTICS.md §2.8).
//
// Screenshots go to tests/screenshots/ (printed as a diagnostic).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { noBrowser, launchChromium } from '../support/browser.js';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../demo/serve.mjs';
import { matrix } from '../../js/image/matrix.js';
import { referenceWarp } from '../reference/image-warp.js';
import { cvInvertAffine, cvInvertPerspective } from '../../js/image/warp-matrix.js';
import { referenceResize } from '../reference/image-resize.js';
import { referenceResizePil } from '../reference/image-resize-pil.js';
import { referenceBlur, referenceFlip, referenceRotate90 } from '../reference/image.js';

const SHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));


// The page imports the same js/index.js: say how to fix a missing build before any browser starts.
await import('../../js/index.js').catch((error) => {
  throw new Error(`tests/browser: js/index.js does not load (${error.message}); build the module with \`make\` first`);
});

let server;
let browser;

before(async () => {
  server = await startServer({ port: 0 });
  if (noBrowser) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// ---------------------------------------------------------------- helpers

/** In-page helpers (installed into the page as globalThis.testkit). */
function installTestkit() {
  const roundHalfEven = (v) => {
    const f = Math.floor(v);
    const d = v - f;
    if (d !== 0.5) return Math.round(v);
    return f % 2 === 0 ? f : f + 1;
  };
  const toByte = (v) => (Number.isNaN(v) ? 0 : Math.min(255, Math.max(0, roundHalfEven(v))));
  globalThis.testkit = {
    canvas(panel, view) {
      const figure = document.querySelector(`#${panel} [data-view=${view}]`);
      const c = figure.querySelector('canvas.pixels');
      const visible = !figure.querySelector('.stage').hidden;
      return { visible, width: c.width, height: c.height, data: c.getContext('2d').getImageData(0, 0, c.width, c.height).data };
    },
    /** RGBA -> [1, 3, H, W] planes (the test's own conversion). */
    planes(image, Type) {
      const n = image.width * image.height;
      const out = new Type(3 * n);
      for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) out[c * n + i] = image.data[4 * i + c];
      return out;
    },
    /** Compares a canvas with [1, 3, H, W] planes (floats become bytes: round half to even, clamp). */
    compare(image, dims, planes) {
      const [, , H, W] = dims;
      if (!image.visible) return { error: 'the output canvas is hidden' };
      if (image.width !== W || image.height !== H) return { error: `canvas is ${image.width}x${image.height}, library output is ${W}x${H}` };
      let mismatches = 0;
      let first = null;
      for (let i = 0; i < W * H; i++) {
        for (let c = 0; c < 4; c++) {
          const expected = c === 3 ? 255 : toByte(planes[c * W * H + i]);
          const got = image.data[4 * i + c];
          if (got !== expected) {
            mismatches++;
            first ??= { x: i % W, y: Math.floor(i / W), channel: c, got, expected, raw: c < 3 ? planes[c * W * H + i] : 255 };
          }
        }
      }
      return { mismatches, first, pixels: W * H };
    },
    toByte,
  };
}

/** Opens the demo in a fresh context. */
async function openDemo() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(10000);
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const origin = new URL(server.url).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    requests.push(url);
    if (new URL(url).origin !== origin) {
      problems.push(`request leaving the demo server: ${url}`);
      return route.abort();
    }
    return route.fallback();
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready=true]', { timeout: 15000 });
  await page.evaluate(installTestkit);
  for (const id of ['pad', 'gridsample', 'averagepool', 'image', 'augment']) await settled(page, id);
  return { page, context, problems, requests };
}

/** Runs `body` on a fresh demo page; fails on any recorded problem; screenshots the page on failure. */
function demoTest(name, body) {
  test(name, { skip: noBrowser }, async (t) => {
    const demo = await openDemo();
    try {
      await body(demo, t);
      assert.deepEqual(demo.problems, [], 'console errors, failed or off-site requests');
    } catch (error) {
      const file = `${SHOTS}FAILED-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`;
      await demo.page.screenshot({ path: file, fullPage: true }).catch(() => {});
      t.diagnostic(`failure screenshot: ${file}`);
      throw error;
    } finally {
      await demo.context.close();
    }
  });
}

/** Waits until the panel has drawn everything asked of it. */
async function settled(page, panel) {
  await page.waitForFunction((id) => {
    const s = document.getElementById(id);
    return s.dataset.requested !== undefined && s.dataset.rendered === s.dataset.requested;
  }, panel, { timeout: 10000 });
}

async function shot(page, selector, name) {
  await page.locator(selector).screenshot({ path: `${SHOTS}${name}.png` });
}

/** Moves the mouse over output pixel (x, y) of a panel; returns the hover read-out. */
async function hover(page, panel, x, y) {
  // Bring the whole panel into view first, so a later element screenshot does not scroll away from the pointer.
  await page.locator(`#${panel}`).scrollIntoViewIfNeeded();
  const stage = page.locator(`#${panel} [data-view=output] .stage`);
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  const size = await page.evaluate((id) => {
    const c = document.querySelector(`#${id} [data-view=output] canvas.pixels`);
    return [c.width, c.height];
  }, panel);
  await page.mouse.move(box.x + ((x + 0.5) * box.width) / size[0], box.y + ((y + 0.5) * box.height) / size[1]);
  const info = page.locator(`#${panel} .probe-info`);
  await assertEventually(async () => (await info.textContent()).includes(`output (${x}, ${y})`), `hover read-out for (${x}, ${y})`);
  return info.textContent();
}

async function assertEventually(check, what, timeout = 5000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Sets form controls the way a user would (fill, select, check), then waits for the render. */
async function setControls(page, panel, values) {
  for (const [name, value] of Object.entries(values)) {
    const control = page.locator(`#${panel} form [name=${name}]`);
    const [type, disabled, current] = await control.evaluate((e) => [e.tagName === 'SELECT' ? 'select' : e.type, e.disabled, e.type === 'checkbox' ? e.checked : e.value]);
    if (disabled) {
      // A user cannot change a disabled control either; it must already hold the value.
      assert.equal(String(current), String(value), `#${panel} ${name} is disabled`);
      continue;
    }
    if (type === 'select') await control.selectOption(String(value));
    else if (type === 'checkbox') await control.setChecked(Boolean(value));
    else if (type === 'color') {
      // Chromium's colour picker is a native dialog Playwright cannot drive; set it as the picker does.
      await control.evaluate((e, v) => {
        e.value = v;
        e.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    } else await control.fill(String(value));
    await settled(page, panel); // a change can enable or disable other controls
  }
}

/** The numbers of "label: rgb(a, b, c)" in a read-out. */
function rgbAfter(text, label) {
  const match = text.match(new RegExp(`${label}[^r]*rgb\\(([-\\d.]+), ([-\\d.]+), ([-\\d.]+)\\)`));
  assert.ok(match, `no "${label} … rgb(…)" in: ${text}`);
  return match.slice(1).map(Number);
}

function assertClose(actual, expected, tolerance, message) {
  actual.forEach((a, i) => assert.ok(Math.abs(a - expected[i]) <= tolerance, `${message}: ${actual} vs ${expected} (tolerance ${tolerance})`));
}

function assertSame(result, label) {
  assert.equal(result.error, undefined, `${label}: ${result.error}`);
  assert.equal(result.mismatches, 0, `${label}: ${result.mismatches} channel values differ, first ${JSON.stringify(result.first)}`);
}

// ------------------------------------------------------------- the server

test('server: MIME types, 127.0.0.1 only, no way out of its folders', async () => {
  assert.equal(server.server.address().address, '127.0.0.1');
  const get = (path, method = 'GET') => new Promise((resolve, reject) => {
    // Raw paths (no URL normalisation), as a hostile client would send them.
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
  const expectations = [
    ['/', 200, 'text/html'],
    ['/style.css', 200, 'text/css'],
    ['/app.js', 200, 'text/javascript'],
    ['/js/index.js', 200, 'text/javascript'],
    ['/wasm/tensorwarp.mjs', 200, 'text/javascript'],
    ['/wasm/tensorwarp.wasm', 200, 'application/wasm'],
    ['/favicon.svg', 200, 'image/svg+xml'],
  ];
  for (const [path, status, type] of expectations) {
    const res = await get(path);
    assert.equal(res.status, status, path);
    assert.ok(res.type.startsWith(type), `${path}: ${res.type}`);
  }
  for (const path of ['/../package.json', '/js/../package.json', '/%2e%2e/package.json', '/js/%2e%2e/package.json',
    '/js/..%2fpackage.json', '/..%5cpackage.json', '/wasm/%2e%2e%2fMakefile', '/.git/HEAD', '/js/%00index.js',
    '/nope.html', '/js/', '/%E0%A4%A']) {
    const res = await get(path);
    assert.equal(res.status, 404, `${path} must not be served (got ${res.status})`);
    assert.ok(!res.body.includes('"name": "tensorwarp"'), path);
  }
  assert.equal((await get('/', 'POST')).status, 405);
  assert.equal((await get('/', 'HEAD')).status, 200);
});

// --------------------------------------------------------------- the page

demoTest('page loads offline: only its own files, the module, the sample, three panels', async ({ page, requests }, t) => {
  t.diagnostic(`screenshots: ${SHOTS}`);
  const paths = requests.map((u) => new URL(u).pathname);
  for (const needed of ['/', '/app.js', '/style.css', '/js/index.js', '/wasm/tensorwarp.mjs', '/wasm/tensorwarp.wasm']) {
    assert.ok(paths.includes(needed), `${needed} was not requested: ${paths.join(' ')}`);
  }
  const status = await page.textContent('#status');
  assert.match(status, /pad\(\) ✓ gridSample\(\) ✓ averagePool\(\) ✓/);
  assert.match(await page.textContent('#source-info'), /Sample test card, 160 × 120/);
  const input = await page.evaluate(() => testkit.canvas('pad', 'input'));
  assert.deepEqual([input.width, input.height], [160, 120]);
  // The card is colourful: many distinct colours, opaque.
  const colours = await page.evaluate(() => {
    const { data } = testkit.canvas('pad', 'input');
    const set = new Set();
    for (let i = 0; i < data.length; i += 4) set.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return set.size;
  });
  assert.ok(colours > 500, `only ${colours} colours in the sample`);
  // Every control is labelled.
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('form.controls')].flatMap((f) => [...f.elements])
    .filter((e) => ['INPUT', 'SELECT'].includes(e.tagName) && e.labels.length === 0 && !e.getAttribute('aria-label'))
    .map((e) => e.name));
  assert.deepEqual(unlabelled, []);
  await page.screenshot({ path: `${SHOTS}page.png`, fullPage: true });
});

demoTest('without the module, the page says so instead of failing silently', async ({ page, problems }) => {
  await page.route((url) => url.pathname === '/js/index.js', (route) => route.fulfill({
    contentType: 'text/javascript', body: 'throw new Error("simulated: wasm/tensorwarp.mjs is missing");',
  }));
  await page.reload();
  await page.waitForSelector('#fatal:not([hidden])');
  assert.match(await page.textContent('#fatal'), /tensorwarp did not load: Error: simulated.*make/);
  problems.length = 0; // the simulated failure is the point of this test
});

// -------------------------------------------------------------------- Pad

/** Pads the input canvas in the page with the library and compares with the output canvas. */
async function checkPad(page, options, colour) {
  return page.evaluate(async ({ options, colour }) => {
    const { pad } = await import('/js/index.js');
    const input = testkit.canvas('pad', 'input');
    const planes = testkit.planes(input, Uint8Array);
    const H = input.height;
    const W = input.width;
    let y;
    if (colour) {
      const parts = colour.map((value, c) => pad({ type: 'uint8', dims: [1, 1, H, W], data: planes.subarray(c * H * W, (c + 1) * H * W) }, { ...options, value }));
      const [, , Ho, Wo] = parts[0].dims;
      const data = new Uint8Array(3 * Ho * Wo);
      parts.forEach((p, c) => data.set(p.data, c * Ho * Wo));
      y = { dims: [1, 3, Ho, Wo], data };
    } else {
      y = pad({ type: 'uint8', dims: [1, 3, H, W], data: planes }, options);
    }
    return { ...testkit.compare(testkit.canvas('pad', 'output'), y.dims, y.data), dims: y.dims };
  }, { options, colour });
}

const onnxPads = (p) => [0, 0, p.top, p.left, 0, 0, p.bottom, p.right];

demoTest('Pad: every mode, positive and negative pads, both pad forms: the canvas is the library output, exactly', async ({ page }) => {
  const cases = [
    { top: 16, left: 24, bottom: 16, right: 24, mode: 'reflect' },
    { top: 10, left: 30, bottom: 12, right: 5, mode: 'constant', colour: '#ff8800' },
    { top: -10, left: 30, bottom: 12, right: -5, mode: 'edge' },
    { top: 40, left: -20, bottom: 3, right: 70, mode: 'wrap' },
    { top: 7, left: 9, bottom: -30, right: 11, mode: 'symmetric' },
    { top: 130, left: 170, bottom: 0, right: 0, mode: 'reflect' }, // more than the image: repeated reflection
  ];
  for (const c of cases) {
    const { colour = '#283050', mode, ...pads } = c;
    await setControls(page, 'pad', { ...pads, mode, ...(mode === 'constant' ? { colour } : {}), form: 'onnx' });
    const rgb = mode === 'constant' ? [1, 3, 5].map((k) => parseInt(colour.slice(k, k + 2), 16)) : null;
    const result = await checkPad(page, { pads: onnxPads(pads), mode }, rgb);
    assertSame(result, JSON.stringify(c));
    assert.deepEqual(result.dims, [1, 3, 120 + pads.top + pads.bottom, 160 + pads.left + pads.right]);
    assert.match(await page.textContent('#pad .stats'), new RegExp(`pad: [\\d.]+ (ms|µs).*in \\[1, 3, 120, 160\\] uint8 → out \\[${result.dims.join(', ')}\\] uint8`));
    await shot(page, '#pad', `pad-${mode}`);
  }
  // OpenVINO's pad-then-crop differs from ONNX's crop-then-pad when a large crop and a pad share an axis.
  const mixed = { top: -100, left: 0, bottom: 30, right: 0 };
  await setControls(page, 'pad', { ...mixed, mode: 'reflect', form: 'openvino' });
  assertSame(await checkPad(page, { padsBegin: [0, 0, -100, 0], padsEnd: [0, 0, 30, 0], mode: 'reflect' }), 'OpenVINO form');
  const openvino = await page.evaluate(() => [...testkit.canvas('pad', 'output').data]);
  await setControls(page, 'pad', { form: 'onnx' });
  assertSame(await checkPad(page, { pads: onnxPads(mixed), mode: 'reflect' }), 'ONNX form');
  const onnx = await page.evaluate(() => [...testkit.canvas('pad', 'output').data]);
  assert.notDeepEqual(openvino, onnx, 'the two pad forms should differ for this case');
  assert.match(await page.textContent('#pad .call'), /pads: \[0, 0, -100, 0, 0, 0, 30, 0\]/);
});

demoTest('Pad: hovering a padded pixel names the input pixel the spec says it came from', async ({ page }) => {
  await setControls(page, 'pad', { top: 16, left: 24, bottom: 16, right: 24, mode: 'reflect', form: 'onnx' });
  const W = 160;
  const H = 120;
  // Source index along an axis of n for padded position p (relative to the first input pixel), per mode.
  const source = {
    reflect: (p, n) => { let i = p; while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i; return i; },
    symmetric: (p, n) => { let i = p; while (i < 0 || i >= n) i = i < 0 ? -i - 1 : 2 * n - 1 - i; return i; },
    edge: (p, n) => Math.min(n - 1, Math.max(0, p)),
    wrap: (p, n) => ((p % n) + n) % n,
  };
  for (const mode of Object.keys(source)) {
    await setControls(page, 'pad', { mode });
    for (const [x, y] of [[2, 3], [200, 5], [30, 140], [100, 60], [207, 151]]) {
      const text = await hover(page, 'pad', x, y);
      const sx = source[mode](x - 24, W);
      const sy = source[mode](y - 16, H);
      assert.ok(text.includes(`← input (${sx}, ${sy})`), `${mode} (${x}, ${y}): expected input (${sx}, ${sy}) in "${text}"`);
      const inside = x >= 24 && x < 24 + W && y >= 16 && y < 16 + H;
      assert.ok(text.includes(inside ? '(original pixel)' : '(padded)'), text);
    }
    if (mode === 'reflect') {
      await hover(page, 'pad', 12, 70);
      await shot(page, '#pad', 'pad-hover-reflect');
    }
  }
  await setControls(page, 'pad', { mode: 'constant', colour: '#00ff00' });
  const text = await hover(page, 'pad', 3, 3);
  assert.match(text, /output \(3, 3\) = rgb\(0, 255, 0\) ← the constant/);
  await shot(page, '#pad', 'pad-hover-constant');
  // Keyboard: focus the output and move the probe with the arrow keys.
  await page.mouse.move(0, 0);
  await page.focus('#pad [data-view=output] .stage');
  await page.keyboard.press('ArrowRight');
  await assertEventually(async () => /output \(104, 76\)/.test(await page.textContent('#pad .probe-info')), 'keyboard probe');
});

demoTest('Pad: keyboard changes update the output', async ({ page }) => {
  await page.focus('#pad [name=top]');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await settled(page, 'pad');
  assert.match(await page.textContent('#pad .stats'), /out \[1, 3, 154, 208\]/);
  await page.focus('#pad [name=mode]');
  await page.keyboard.press('ArrowDown'); // reflect -> edge
  await settled(page, 'pad');
  assert.equal(await page.inputValue('#pad [name=mode]'), 'edge');
  assertSame(await checkPad(page, { pads: [0, 0, 18, 24, 0, 0, 16, 24], mode: 'edge' }), 'after keyboard');
});

demoTest('Pad: impossible pads show a readable message, never a blank canvas', async ({ page }) => {
  const expectMessage = async (values, pattern, note) => {
    await setControls(page, 'pad', values);
    const error = page.locator('#pad .error');
    if (pattern) {
      await error.waitFor({ state: 'visible' });
      assert.match(await error.textContent(), pattern);
    } else {
      assert.equal(await error.isVisible(), false);
    }
    assert.equal(await page.locator('#pad [data-view=output] .stage').isVisible(), false, 'the output canvas must be replaced');
    assert.match(await page.textContent('#pad [data-view=output] .note'), note);
  };
  await expectMessage({ top: -200, left: 0, bottom: 0, right: 0, mode: 'constant' }, /RangeError: pad: .*remove/, /refused/);
  await shot(page, '#pad', 'pad-error-overcrop');
  await expectMessage({ top: -60, bottom: -60 }, null, /crop the whole image.*\[1, 3, 0, 160\]/);
  await shot(page, '#pad', 'pad-error-empty');
  await expectMessage({ top: -120, bottom: 5, mode: 'edge' }, /RangeError: pad: .*empty after cropping/, /refused/);
  await page.fill('#pad [name=left]', '');
  await settled(page, 'pad');
  assert.match(await page.textContent('#pad .error'), /Left pad: enter a whole number/);
  // Recovery: a valid value brings the canvas back.
  await setControls(page, 'pad', { top: 4, bottom: 4, left: 4, mode: 'wrap' });
  assert.equal(await page.locator('#pad .error').isVisible(), false);
  assertSame(await checkPad(page, { pads: [0, 0, 4, 4, 0, 0, 4, 0], mode: 'wrap' }), 'after recovery');
});

// --------------------------------------------------------- image sources

demoTest('Image: a picked file, a bad file and a dropped file all reach the panels', async ({ page }) => {
  // A PNG made by the browser itself: a screenshot of the pad panel (300 x 200 region).
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 200 } });
  await page.setInputFiles('#file', { name: 'shot.png', mimeType: 'image/png', buffer: png });
  await assertEventually(async () => (await page.textContent('#source-info')).includes('shot.png: 300 × 200 px, scaled to 256 × 171'), 'file picked');
  for (const id of ['pad', 'gridsample', 'averagepool', 'image', 'augment']) await settled(page, id);
  const input = await page.evaluate(() => testkit.canvas('pad', 'input'));
  assert.deepEqual([input.width, input.height], [256, 171]);
  assertSame(await checkPad(page, { pads: onnxPads({ top: 16, left: 24, bottom: 16, right: 24 }), mode: 'reflect' }), 'picked image');
  await shot(page, '#pad', 'image-picked');

  await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await page.locator('#source-error').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#source-error'), /"notes.txt" \(text\/plain\) could not be decoded as an image.*previous image/);
  assert.match(await page.textContent('#source-info'), /shot\.png/);

  // Drag and drop: a 64 x 48 PNG drawn in the page, dropped on the page body.
  await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d');
    g.fillStyle = '#3060c0';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#f0d020';
    g.fillRect(8, 8, 20, 30);
    const blob = await new Promise((resolve) => c.toBlob(resolve, 'image/png'));
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'dropped.png', { type: 'image/png' }));
    const fire = (type) => document.body.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    fire('dragenter');
    fire('dragover');
    if (!document.body.classList.contains('dragging')) throw new Error('no drop indication');
    fire('drop');
  });
  await assertEventually(async () => (await page.textContent('#source-info')).includes('dropped.png: 64 × 48 px'), 'file dropped');
  assert.equal(await page.evaluate(() => document.body.classList.contains('dragging')), false);
  await settled(page, 'pad');
  const dropped = await page.evaluate(() => testkit.canvas('pad', 'input'));
  assert.deepEqual([dropped.width, dropped.height], [64, 48]);
  assert.deepEqual([...dropped.data.slice(0, 4)], [0x30, 0x60, 0xc0, 255]);
  assertSame(await checkPad(page, { pads: onnxPads({ top: 16, left: 24, bottom: 16, right: 24 }), mode: 'reflect' }), 'dropped image');
  await page.click('#use-sample');
  await assertEventually(async () => (await page.textContent('#source-info')).includes('Sample test card'), 'back to the sample');
});

// ------------------------------------------------------------- GridSample

/** Runs the op in the page on the input canvas with the grid the page built; compares with the output canvas. */
const checkGridSample = (page) => page.evaluate(async () => {
  const lib = await import('/js/index.js');
  const { buildGrid } = await import('/warp.js');
  const { matrix } = await import('/js/image.js');
  const form = document.querySelector('#gridsample form');
  const value = (n) => (form.elements[n].type === 'checkbox' ? form.elements[n].checked : form.elements[n].type === 'range' ? form.elements[n].valueAsNumber : form.elements[n].value);
  const t = Object.fromEntries(['rotation', 'scale', 'shear', 'tx', 'ty', 'px', 'py', 'amplitude', 'waves'].map((n) => [n, value(n)]));
  const input = testkit.canvas('gridsample', 'input');
  const [W, H] = [input.width, input.height];
  const grid = buildGrid(W, H, W, H, t, value('alignCorners'), matrix);
  const y = lib.gridSample({ type: 'float32', dims: [1, 3, H, W], data: testkit.planes(input, Float32Array) },
    { type: 'float32', dims: [1, H, W, 2], data: grid },
    { mode: value('mode'), paddingMode: value('paddingMode'), alignCorners: value('alignCorners') });
  return testkit.compare(testkit.canvas('gridsample', 'output'), y.dims, y.data);
});
const sameAsInput = (page) => page.evaluate(() => {
  const input = testkit.canvas('gridsample', 'input');
  return testkit.compare(testkit.canvas('gridsample', 'output'), [1, 3, input.height, input.width], testkit.planes(input, Float32Array));
});

demoTest('GridSample: identity grid reproduces the input in every mode, padding and alignment', async ({ page }) => {
  await page.click('#gridsample [name=reset]');
  await settled(page, 'gridsample');
  for (const mode of ['linear', 'nearest', 'cubic']) {
    for (const paddingMode of ['zeros', 'border', 'reflection', 'wrap']) {
      for (const alignCorners of [false, true]) {
        await setControls(page, 'gridsample', { mode, paddingMode, alignCorners });
        assertSame(await sameAsInput(page), `identity ${mode}/${paddingMode}/align=${alignCorners}`);
      }
    }
  }
  const text = await hover(page, 'gridsample', 10, 7);
  assert.match(text, /input x 10\.00, y 7\.00/);
  assertClose(rgbAfter(text, 'Σ weight × tap ='), rgbAfter(text, 'library:'), 0.051, 'identity hover');
});

demoTest('GridSample: warps drawn on the canvas are the library output; hover taps add up to it', async ({ page }) => {
  const settings = [
    { rotation: 18, scale: 1.1, px: 0.2, amplitude: 0.04, mode: 'linear', paddingMode: 'zeros', alignCorners: false },
    { rotation: -35, scale: 0.7, shear: 0.3, tx: 0.2, mode: 'nearest', paddingMode: 'border', alignCorners: true },
    { rotation: 60, scale: 0.5, ty: -0.3, py: -0.3, mode: 'cubic', paddingMode: 'reflection', alignCorners: false },
    { rotation: 0, scale: 2.5, amplitude: 0.15, waves: 4, mode: 'cubic', paddingMode: 'zeros', alignCorners: true },
    { rotation: 170, scale: 0.4, mode: 'linear', paddingMode: 'reflection', alignCorners: true },
    { rotation: 10, scale: 0.45, tx: 0.3, mode: 'cubic', paddingMode: 'wrap', alignCorners: false },
    { rotation: -20, scale: 0.6, px: -0.2, mode: 'cubic', paddingMode: 'border', alignCorners: false },
    { rotation: 30, scale: 0.4, ty: 0.2, mode: 'nearest', paddingMode: 'reflection', alignCorners: false },
    { rotation: 45, scale: 0.5, mode: 'nearest', paddingMode: 'wrap', alignCorners: true },
  ];
  for (const [k, s] of settings.entries()) {
    await page.click('#gridsample [name=reset]');
    await setControls(page, 'gridsample', s);
    assertSame(await checkGridSample(page), JSON.stringify(s));
    for (const [x, y] of [[0, 0], [37, 81], [80, 60], [159, 119], [123, 4]]) {
      const text = await hover(page, 'gridsample', x, y);
      assertClose(rgbAfter(text, 'Σ weight × tap ='), rgbAfter(text, 'library:'), 0.051, `${JSON.stringify(s)} at (${x}, ${y})`);
    }
    const text = await hover(page, 'gridsample', 37, 81);
    // This pixel samples outside the image: the read-out says what padding did with it.
    if (s.mode === 'nearest' && s.paddingMode === 'reflection') assert.match(text, /input x -0\.64, y 133\.19 → reflected to x -0\.36, y 105\.81 → nearest pixel \(0, 106\)/);
    if (s.mode === 'cubic' && s.paddingMode === 'wrap') assert.match(text, /16 outside, wrapped around/);
    await shot(page, '#gridsample', `gridsample-${k}-${s.mode}-${s.paddingMode}`);
  }
});

demoTest('GridSample: padding modes at the corners of a shrunk image (zeros are black, border repeats the corner)', async ({ page }) => {
  await page.click('#gridsample [name=reset]');
  await setControls(page, 'gridsample', { scale: 0.5, mode: 'linear', paddingMode: 'zeros' });
  const corner = () => page.evaluate(() => [...testkit.canvas('gridsample', 'output').data.slice(0, 3)]);
  const inputCorner = await page.evaluate(() => [...testkit.canvas('gridsample', 'input').data.slice(0, 3)]);
  assert.deepEqual(await corner(), [0, 0, 0]);
  await setControls(page, 'gridsample', { paddingMode: 'border' });
  assert.deepEqual(await corner(), inputCorner);
  assertSame(await checkGridSample(page), 'border');
});

demoTest('GridSample: keyboard on a slider moves the drawn grid and the output', async ({ page }) => {
  const overlay = () => page.evaluate(() => {
    const c = document.querySelector('#gridsample [data-view=input] canvas.overlay');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 7) h = (h * 31 + d[i]) >>> 0;
    return h;
  });
  const before = await overlay();
  const pixels = () => page.evaluate(() => [...testkit.canvas('gridsample', 'output').data]);
  const outputBefore = await pixels();
  await page.focus('#gs-rotation');
  for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowRight');
  await settled(page, 'gridsample');
  assert.equal(await page.textContent('#gridsample output[for=gs-rotation]'), '28°');
  assert.notEqual(await overlay(), before, 'the drawn grid should move with the rotation slider');
  assert.notDeepEqual(await pixels(), outputBefore, 'the output should move with the rotation slider');
  assertSame(await checkGridSample(page), 'rotation 28 by keyboard');
  assert.match(await page.textContent('#gridsample .call'), /gridSample\(x, grid, \{ mode: 'linear', paddingMode: 'zeros', alignCorners: false \}\)/);
});

/**
 * In the page: demo/explain.js's taps for every output pixel against the
 * library's output, for every mode, padding mode and alignment, on a warp
 * that samples well outside the image (so every padding rule is used).
 * Nearest reads one pixel with weight 1: exact. Linear and cubic: float64
 * sum of the explained taps vs the library's float32 result, within 0.001
 * (measured: about 1e-4; the coordinate is the library's float32 one).
 */
demoTest('GridSample: the hover explanation matches the library on every output pixel, every mode and padding', async ({ page }, t) => {
  const results = await page.evaluate(async () => {
    const lib = await import('/js/index.js');
    const { buildGrid, IDENTITY } = await import('/warp.js');
    const { matrix } = await import('/js/image.js');
    const { gridSampleTaps, weightedSum } = await import('/explain.js');
    const input = testkit.canvas('gridsample', 'input');
    const [W, H] = [input.width, input.height];
    const planes = testkit.planes(input, Float32Array);
    const out = [];
    for (const t of [{ rotation: 25, scale: 0.6, px: 0.2, amplitude: 0.04 }, { rotation: -50, scale: 0.3, tx: 0.4, shear: 0.2 }]) {
      for (const alignCorners of [false, true]) {
        const grid = buildGrid(W, H, W, H, { ...IDENTITY, ...t }, alignCorners, matrix);
        for (const mode of ['linear', 'nearest', 'cubic']) {
          for (const paddingMode of ['zeros', 'border', 'reflection', 'wrap']) {
            const y = lib.gridSample({ type: 'float32', dims: [1, 3, H, W], data: planes }, { type: 'float32', dims: [1, H, W, 2], data: grid },
              { mode, paddingMode, alignCorners });
            let worst = 0;
            let where = null;
            let outside = 0;
            for (let p = 0; p < W * H; p++) {
              const e = gridSampleTaps(grid[2 * p], grid[2 * p + 1], W, H, mode, paddingMode, alignCorners);
              if (Math.abs(grid[2 * p]) > 1 || Math.abs(grid[2 * p + 1]) > 1) outside++;
              const sum = weightedSum(e.taps, planes, W, H);
              for (let c = 0; c < 3; c++) {
                const d = Math.abs(sum[c] - y.data[c * W * H + p]);
                if (!(d <= worst)) {
                  worst = d;
                  where = { x: p % W, y: Math.floor(p / W), c, explained: sum[c], library: y.data[c * W * H + p] };
                }
              }
            }
            out.push({ t, alignCorners, mode, paddingMode, worst, where, outside });
          }
        }
      }
    }
    return out;
  });
  const failures = [];
  for (const r of results) {
    const label = `${JSON.stringify(r.t)} ${r.mode}/${r.paddingMode}/align=${r.alignCorners}`;
    assert.ok(r.outside > 5000, `${label}: only ${r.outside} pixels sample outside the image`);
    if (!(r.worst <= (r.mode === 'nearest' ? 0 : 0.001))) failures.push(`${label}: off by ${r.worst} at ${JSON.stringify(r.where)}`);
  }
  t.diagnostic(`largest linear/cubic difference: ${Math.max(...results.filter((r) => r.mode !== 'nearest').map((r) => r.worst))}`);
  assert.deepEqual(failures, [], 'the explanation differs from the library');
});

demoTest('GridSample: the explanation follows PyTorch where the ONNX reference differs (SEMANTICS.md §2.8)', async ({ page }) => {
  const cases = await page.evaluate(async () => {
    const lib = await import('/js/index.js');
    const { gridSampleTaps, weightedSum } = await import('/explain.js');
    const run = (X, W, H, points, mode, paddingMode) => {
      const grid = new Float32Array(points.flat());
      const y = lib.gridSample({ type: 'float32', dims: [1, 1, H, W], data: new Float32Array(X) },
        { type: 'float32', dims: [1, 1, points.length, 2], data: grid }, { mode, paddingMode, alignCorners: false });
      return points.map((_, k) => ({
        library: y.data[k],
        explained: weightedSum(gridSampleTaps(grid[2 * k], grid[2 * k + 1], W, H, mode, paddingMode, false).taps, X, W, H, 1)[0],
      }));
    };
    // 1. cubic + border, X = arange(16) as 4 x 4, grid (-1.2, 0): x = -0.9, each tap clamped: 6 + W(1.9).
    const cubic = run(Array.from({ length: 16 }, (_, i) => i), 4, 4, [[-1.2, 0]], 'cubic', 'border');
    // 2. nearest + reflection on a 4 x 1 row [10, 20, 30, 40]: fold, then round half to even.
    const nearest = run([10, 20, 30, 40], 4, 1, [[-1.5, 0], [1.5, 0], [2.0, 0]], 'nearest', 'reflection');
    return { cubic, nearest };
  });
  const keys19 = -0.75 * 1.9 ** 3 + 3.75 * 1.9 ** 2 - 6 * 1.9 + 3; // Keys W(1.9), A = -0.75
  assert.ok(Math.abs(cases.cubic[0].library - (6 + keys19)) < 1e-5, `library: ${cases.cubic[0].library}, PyTorch: ${6 + keys19}`);
  assert.ok(Math.abs(cases.cubic[0].explained - (6 + keys19)) < 1e-5, `explanation: ${cases.cubic[0].explained}, PyTorch: ${6 + keys19}`);
  assert.deepEqual(cases.nearest.map((c) => c.library), [10, 30, 30], 'library, nearest + reflection');
  assert.deepEqual(cases.nearest.map((c) => c.explained), [10, 30, 30], 'explanation, nearest + reflection');
});

// ------------------------------------------------------------ AveragePool

const checkAveragePool = (page, opts) => page.evaluate(async (opts) => {
  const lib = await import('/js/index.js');
  const input = testkit.canvas('averagepool', 'input');
  const y = lib.averagePool({ type: 'float32', dims: [1, 3, input.height, input.width], data: testkit.planes(input, Float32Array) }, opts);
  return { ...testkit.compare(testkit.canvas('averagepool', 'output'), y.dims, y.data), dims: y.dims };
}, opts);

// autoPad first: the pad boxes are disabled unless it is NOTSET.
const FORM = { autoPad: 'NOTSET', kernelH: 5, kernelW: 5, strideH: 2, strideW: 2, dilationH: 1, dilationW: 1, padTop: 2, padLeft: 2, padBottom: 2, padRight: 2, ceilMode: false, countIncludePad: false };
const optionsOf = (f) => {
  const o = { kernelShape: [f.kernelH, f.kernelW], strides: [f.strideH, f.strideW], dilations: [f.dilationH, f.dilationW] };
  if (f.autoPad === 'NOTSET') o.pads = [f.padTop, f.padLeft, f.padBottom, f.padRight];
  else o.autoPad = f.autoPad;
  return { ...o, ceilMode: f.ceilMode, countIncludePad: f.countIncludePad };
};

demoTest('AveragePool: 1x1 reproduces the input, 2x2 stride 2 is the 2x2 mean', async ({ page }) => {
  await setControls(page, 'averagepool', { ...FORM, kernelH: 1, kernelW: 1, strideH: 1, strideW: 1, padTop: 0, padLeft: 0, padBottom: 0, padRight: 0 });
  const same = await page.evaluate(() => {
    const input = testkit.canvas('averagepool', 'input');
    return testkit.compare(testkit.canvas('averagepool', 'output'), [1, 3, input.height, input.width], testkit.planes(input, Float32Array));
  });
  assertSame(same, '1x1 pool');
  await setControls(page, 'averagepool', { kernelH: 2, kernelW: 2, strideH: 2, strideW: 2 });
  const mean = await page.evaluate(() => {
    const input = testkit.canvas('averagepool', 'input');
    const [W, H] = [input.width, input.height];
    const Wo = Math.floor(W / 2);
    const Ho = Math.floor(H / 2);
    const out = new Float64Array(3 * Ho * Wo);
    for (let c = 0; c < 3; c++) {
      for (let y = 0; y < Ho; y++) {
        for (let x = 0; x < Wo; x++) {
          let s = 0;
          for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) s += input.data[4 * ((2 * y + dy) * W + 2 * x + dx) + c];
          out[c * Ho * Wo + y * Wo + x] = s / 4;
        }
      }
    }
    return testkit.compare(testkit.canvas('averagepool', 'output'), [1, 3, Ho, Wo], out);
  });
  assertSame(mean, '2x2 mean');
});

demoTest('AveragePool: every option on the canvas matches the library; hover windows and divisors add up', async ({ page }) => {
  const cases = [
    {},
    { ceilMode: true, kernelH: 4, kernelW: 3, strideH: 3, strideW: 3, padTop: 1, padLeft: 0, padBottom: 1, padRight: 2 },
    { countIncludePad: true },
    { countIncludePad: true, ceilMode: true, strideH: 3, strideW: 3 },
    { dilationH: 2, dilationW: 3, kernelH: 3, kernelW: 3, strideH: 1, strideW: 1 },
    { autoPad: 'SAME_UPPER', kernelH: 4, kernelW: 4, strideH: 3, strideW: 3 },
    { autoPad: 'SAME_LOWER', kernelH: 4, kernelW: 4, strideH: 3, strideW: 3, countIncludePad: true },
    { autoPad: 'VALID', kernelH: 7, kernelW: 3 },
  ];
  for (const [k, c] of cases.entries()) {
    const form = { ...FORM, ...c };
    await setControls(page, 'averagepool', form);
    const result = await checkAveragePool(page, optionsOf(form));
    assertSame(result, JSON.stringify(c));
    const [, , Ho, Wo] = result.dims;
    for (const [x, y] of [[0, 0], [Wo - 1, Ho - 1], [Math.floor(Wo / 2), 1], [3, Ho - 2]]) {
      const text = await hover(page, 'averagepool', x, y);
      assertClose(rgbAfter(text, 'sum / divisor ='), rgbAfter(text, 'library:'), 0.051, `${JSON.stringify(c)} at (${x}, ${y})`);
    }
    await hover(page, 'averagepool', 0, 0);
    await shot(page, '#averagepool', `averagepool-${k}`);
  }
});

demoTest('AveragePool: divisor at the corner follows count_include_pad', async ({ page }) => {
  await setControls(page, 'averagepool', FORM); // 5x5, pads 2: the corner window has 3x3 image pixels
  assert.match(await hover(page, 'averagepool', 0, 0), /25 taps: 9 in the image, 16 in the padding \(not counted\) · divisor 9/);
  await setControls(page, 'averagepool', { countIncludePad: true });
  assert.match(await hover(page, 'averagepool', 0, 0), /16 in the padding \(counted as zeros\) · divisor 25/);
});

demoTest('AveragePool: impossible settings show a readable message', async ({ page }) => {
  await setControls(page, 'averagepool', { ...FORM, autoPad: 'VALID', kernelH: 32, dilationH: 8 });
  const error = page.locator('#averagepool .error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /^(RangeError|TypeError): /);
  assert.equal(await page.locator('#averagepool [data-view=output] .stage').isVisible(), false);
  await shot(page, '#averagepool', 'averagepool-error');
  await setControls(page, 'averagepool', { kernelH: 0 });
  assert.match(await error.textContent(), /Kernel: must be at least 1, got 0/);
  await setControls(page, 'averagepool', { kernelH: 3, dilationH: 1, autoPad: 'NOTSET', ceilMode: true });
  assert.equal(await error.isVisible(), false);
  assert.match(await page.textContent('#averagepool .call'), /averagePool\(x, \{ kernelShape: \[3, 5\], .*pads: \[2, 2, 2, 2\], ceilMode: true, countIncludePad: false \}\)/);
  assertSame(await checkAveragePool(page, optionsOf({ ...FORM, kernelH: 3, ceilMode: true })), 'after recovery');
});


// ------------------------------------------------------------------ Images
// The Images panel works on the ImageData itself. Its output canvas is checked against the plain-JS
// references (tests/reference/, run here in Node on the input canvas's pixels) and, where the answer
// is known without them, against a different function: a 180° turn is a flip both ways, a 90° turn
// with expand is rotate90, an identity warp or a same-size resize gives the input back.

// Only the controls of the chosen function are visible (and settable): set `op` first, then these.
const IMAGE_IDENTITY = {
  warpAffine: { rotate: 0, scale: 1, shear: 0, tx: 0, ty: 0 },
  warpPerspective: { tiltX: 0, tiltY: 0 },
  rotate: { rotate: 0, scale: 1, expand: false },
};
const FILL = [0x28, 0x30, 0x50, 255]; // the form's default colour, #283050

/** The Images panel's input and output canvases as images (RGBA). */
async function imageCanvases(page) {
  const error = page.locator('#image .error');
  assert.equal(await error.isVisible(), false, `the panel shows an error: ${await error.textContent()}`);
  const [input, output] = await page.evaluate(() => ['input', 'output'].map((view) => {
    const c = testkit.canvas('image', view);
    return { visible: c.visible, width: c.width, height: c.height, data: Array.from(c.data) };
  }));
  const image = (c) => ({ width: c.width, height: c.height, channels: 4, data: Uint8Array.from(c.data), visible: c.visible });
  return [image(input), image(output)];
}

function assertImage(got, expected, label) {
  assert.ok(got.visible, `${label}: the output canvas is hidden`);
  assert.deepEqual([got.width, got.height], [expected.width, expected.height], `${label}: size`);
  let mismatches = 0;
  let first = null;
  for (let i = 0; i < got.data.length; i++) {
    if (got.data[i] === expected.data[i]) continue;
    mismatches++;
    first ??= { pixel: [(i >> 2) % got.width, Math.floor((i >> 2) / got.width)], channel: i % 4, got: got.data[i], expected: expected.data[i] };
  }
  assert.equal(mismatches, 0, `${label}: ${mismatches} channel values differ, first ${JSON.stringify(first)}`);
}

/** The corners the Images panel moves for warpPerspective (its tilt sliders, as the page states them). */
function tiltedCorners(W, H, tiltX, tiltY) {
  const dx = (W - 1) * tiltX / 2, dy = (H - 1) * tiltY / 2;
  const p = (v) => Math.max(v, 0);
  return [[p(dx), p(dy)], [W - 1 - p(dx), p(-dy)], [W - 1 - p(-dx), H - 1 - p(-dy)], [p(-dx), H - 1 - p(dy)]];
}

demoTest('Images: warpAffine and warpPerspective show the reference warp of the input', async ({ page }) => {
  const cases = [
    { op: 'warpAffine', rotate: 15, scale: 1.1, interpolation: 'linear', border: 'reflect' },
    { op: 'warpAffine', rotate: -40, scale: 0.7, shear: 12, tx: 9, ty: -14, interpolation: 'cubic', border: 'constant' },
    { op: 'warpAffine', rotate: 100, scale: 0.55, interpolation: 'nearest', border: 'wrap' },
    { op: 'warpAffine', rotate: 7, scale: 1.6, tx: -30, interpolation: 'linear', border: 'symmetric' },
    { op: 'warpPerspective', tiltX: 0.2, tiltY: -0.1, interpolation: 'linear', border: 'edge' },
    { op: 'warpPerspective', tiltX: -0.3, tiltY: 0.24, interpolation: 'cubic', border: 'constant' },
  ];
  for (const c of cases) {
    await setControls(page, 'image', { op: c.op, ...IMAGE_IDENTITY[c.op], ...c });
    const [input, output] = await imageCanvases(page);
    const { width: W, height: H } = input;
    const forward = c.op === 'warpAffine'
      ? matrix.affine({ rotate: c.rotate, scale: c.scale, shear: c.shear ?? 0, translate: [c.tx ?? 0, c.ty ?? 0], center: [(W - 1) / 2, (H - 1) / 2] })
      : matrix.perspective([[0, 0], [W - 1, 0], [W - 1, H - 1], [0, H - 1]], tiltedCorners(W, H, c.tiltX, c.tiltY));
    const data = referenceWarp(input, forward.length === 6 ? cvInvertAffine(forward) : cvInvertPerspective(forward), { width: W, height: H, interpolation: c.interpolation, border: c.border, fill: FILL });
    assertImage(output, { width: W, height: H, data }, JSON.stringify(c));
    assert.match(await page.textContent('#image .call'), new RegExp(`const out = ${c.op}\\(img, m, \\{ interpolation: '${c.interpolation}', border: '${c.border}'`));
    assert.match(await page.textContent('#image .call'), new RegExp(`# OpenCV \\(Python; .*\\), the same bytes:\nout = cv2\\.${c.op}\\(img, np\\.float64\\(\\[\\[`));
    await shot(page, '#image', `image-${c.op}-${c.interpolation}-${c.border}`);
  }
});

demoTest('Images: identity warps, half and quarter turns give the input back, flipped, or rotate90', async ({ page }) => {
  for (const interpolation of ['nearest', 'linear', 'cubic']) {
    for (const op of ['warpAffine', 'warpPerspective']) {
      await setControls(page, 'image', { op, ...IMAGE_IDENTITY[op], interpolation, border: 'constant' });
      const [input, output] = await imageCanvases(page);
      assertImage(output, input, `identity ${op} ${interpolation}`);
    }
  }
  await setControls(page, 'image', { op: 'rotate', ...IMAGE_IDENTITY.rotate, rotate: 180, interpolation: 'nearest' });
  let [input, output] = await imageCanvases(page);
  assertImage(output, referenceFlip(input, 'both'), 'rotate 180° = flip both');
  await setControls(page, 'image', { rotate: 90, expand: true });
  [input, output] = await imageCanvases(page);
  assertImage(output, referenceRotate90(input, 1), 'rotate 90° with expand = rotate90(img, 1)');
  assert.match(await page.textContent('#image .call'), /const out = rotate\(img, 90, \{ scale: 1, expand: true, interpolation: 'nearest', border: 'constant', fill: \[40, 48, 80, 255\] \}\);/);
  assert.match(await page.textContent('#image .call'), /\nM = cv2\.getRotationMatrix2D\(\(79\.5, 59\.5\), 90, 1\); M\[:, 2\] \+= \(-20, 20\); out = cv2\.warpAffine\(img, M, \(120, 160\), flags=cv2\.INTER_NEAREST, borderMode=cv2\.BORDER_CONSTANT, borderValue=\(40, 48, 80, 255\)\)/);
  assert.match(await hover(page, 'image', 3, 5), /output \(3, 5\) = rgba\(\d+, \d+, \d+, 255\)\nsampled at input \(\d+\.00, 3\.00\)/);
});

demoTest('Images: resize and blur show the reference result', async ({ page }) => {
  const cases = [
    [{ op: 'resize', width: 97, height: 61, interpolation: 'linear', antialias: true }, (img) => referenceResizePil(img, { width: 97, height: 61, interpolation: 'linear' })],
    [{ op: 'resize', width: 71, height: 90, interpolation: 'lanczos', antialias: true }, (img) => referenceResizePil(img, { width: 71, height: 90, interpolation: 'lanczos' })],
    [{ op: 'resize', width: 80, height: 60, interpolation: 'area' }, (img) => referenceResize(img, { width: 80, height: 60, interpolation: 'area' })],
    [{ op: 'resize', width: 211, height: 150, interpolation: 'cubic', antialias: false }, (img) => referenceResize(img, { width: 211, height: 150, interpolation: 'cubic', antialias: false })],
    [{ op: 'resize', width: 160, height: 120, interpolation: 'linear', antialias: true }, (img) => img],
    [{ op: 'blur', boxW: 5, boxH: 3, border: 'reflect' }, (img) => referenceBlur(img, 5, 3, 'reflect')],
    [{ op: 'blur', boxW: 4, boxH: 6, border: 'constant' }, (img) => referenceBlur(img, 4, 6, 'constant', FILL)],
    [{ op: 'blur', boxW: 1, boxH: 1, border: 'wrap' }, (img) => img],
  ];
  for (const [settings, reference] of cases) {
    await setControls(page, 'image', settings);
    const [input, output] = await imageCanvases(page);
    assert.deepEqual([input.width, input.height], [160, 120], 'the sample test card');
    assertImage(output, reference(input), JSON.stringify(settings));
    const python = { resize: /\n# (OpenCV|PIL) \(Python; .*\), (the same bytes|within 1 of these bytes):\nout = /, blur: /\n# No library gives these bytes: / };
    assert.match(await page.textContent('#image .call'), python[settings.op ?? 'blur'], JSON.stringify(settings));
  }
  await setControls(page, 'image', { boxW: 4, boxH: 6 }); // even sizes reach one further back (OpenCV's anchor)
  assert.match(await hover(page, 'image', 0, 0), /mean of input x -2…1, y -3…2 \(24 pixels; outside the image by the border rule\)/);
});

demoTest('Images: impossible settings show a readable message, and the panel recovers', async ({ page }) => {
  await setControls(page, 'image', { op: 'resize', width: '' });
  const error = page.locator('#image .error');
  await error.waitFor({ state: 'visible' });
  assert.match(await error.textContent(), /Output width: enter a whole number/);
  await setControls(page, 'image', { width: 0 });
  assert.match(await page.textContent('#image [data-view=output] .note'), /The output 0 × 180 has no pixels to show/);
  await setControls(page, 'image', { width: 33 });
  assert.equal(await error.isVisible(), false);
  const [input, output] = await imageCanvases(page);
  assertImage(output, referenceResizePil(input, { width: 33, height: 180, interpolation: 'linear' }), 'after recovery');
});

// ----------------------------------------------------------------- Augment
// The Augment panel's twelve samples: sample k must be what augment(targets, k) gives for the pipeline
// in the text box (run again here in the page), the same seed must give the same pixels, and where the
// answer is known without the library (a certain horizontal flip) the pixels and the keypoints are the
// mirror images of the input's.

/** Sets the pipeline text as a user would (typing, then leaving the box). */
async function setPipeline(page, list) {
  await page.fill('#augment [name=pipeline]', JSON.stringify(list));
  await page.locator('#augment [name=pipeline]').blur();
  await settled(page, 'augment');
}

/** Every sample canvas, and the library's samples for the page's pipeline and seed. */
const augmentSamples = (page) => page.evaluate(async () => {
  const { compose, random } = await import('/js/augment.js');
  const { parsePipeline, pipelineText, targetsFor, SAMPLES } = await import('/panels/augment.js');
  const form = document.querySelector('#augment form');
  const input = testkit.canvas('image', 'input');
  const image = new ImageData(new Uint8ClampedArray(input.data), input.width, input.height);
  const augment = compose(parsePipeline(pipelineText(form), random), { seed: form.elements.seed.valueAsNumber, border: form.elements.border.value });
  return Array.from({ length: SAMPLES }, (_, k) => {
    const shown = testkit.canvas('augment', `sample-${k}`);
    const r = augment(targetsFor(image), k);
    let mismatches = 0;
    if (shown.width !== r.image.width || shown.height !== r.image.height) mismatches = -1;
    else for (let i = 0; i < shown.data.length; i++) if (shown.data[i] !== r.image.data[i]) mismatches++;
    return { visible: shown.visible, mismatches, width: shown.width, height: shown.height, data: Array.from(shown.data), keypoints: r.keypoints, params: r.params };
  });
});

demoTest('Augment: twelve samples, each augment(targets, k) for the page\'s pipeline and seed; re-roll changes them, the seed brings them back', async ({ page }) => {
  const first = await augmentSamples(page);
  assert.equal(first.length, 12);
  first.forEach((s, k) => {
    assert.ok(s.visible, `sample ${k} is shown`);
    assert.equal(s.mismatches, 0, `sample ${k} equals augment(targets, ${k})`);
    assert.deepEqual([s.width, s.height], [128, 128], `sample ${k} has resizedCrop's size`);
  });
  assert.ok(new Set(first.map((s) => JSON.stringify(s.params))).size === 12, 'twelve different params');
  await page.click('#augment [name=reroll]');
  await settled(page, 'augment');
  assert.equal(await page.inputValue('#augment [name=seed]'), '43');
  const rerolled = await augmentSamples(page);
  rerolled.forEach((s, k) => assert.equal(s.mismatches, 0, `re-rolled sample ${k} equals augment(targets, ${k}) at seed 43`));
  assert.notDeepEqual(rerolled[0].data, first[0].data, 'another seed, other samples');
  await setControls(page, 'augment', { seed: 42 });
  const again = await augmentSamples(page);
  again.forEach((s, k) => assert.deepEqual(s.data, first[k].data, `seed 42 again gives sample ${k} again`));
  await page.hover('#augment [data-view=sample-3] .stage');
  assert.match(await page.textContent('#augment .params'), /^sample #3 params \(augment\.replay\(params, targets\) gives it again\):\n\{"index":3,/);
  await shot(page, '#augment', 'augment-default');
});

demoTest('Augment: a certain horizontal flip mirrors the pixels and the corner keypoints', async ({ page }) => {
  await setPipeline(page, [{ transform: 'flip', horizontal: 1 }]);
  const samples = await augmentSamples(page);
  const [input] = await imageCanvases(page);
  const mirrored = referenceFlip(input, 'horizontal');
  const W = input.width, H = input.height;
  samples.forEach((s, k) => {
    assert.deepEqual(s.data, Array.from(mirrored.data), `sample ${k} is the mirror image`);
    assert.deepEqual(s.keypoints.slice(0, 4), [[W - 1, 0], [0, 0], [0, H - 1], [W - 1, H - 1]], `sample ${k}: the corner pixels swap sides`);
  });
});

demoTest('Augment: the colour sliders and the policy append colorJitter, a colour transform and the policy; samples and params follow', async ({ page }) => {
  await setControls(page, 'augment', { brightness: 0.4, contrast: 0.4, saturation: 0.4, hue: 0.1, colour: 'posterize', strength: 0.5, policy: 'randAugment', numOps: 3, magnitude: 12 });
  const samples = await augmentSamples(page);
  samples.forEach((s, k) => {
    assert.equal(s.mismatches, 0, `sample ${k} equals augment(targets, ${k}) with the colour steps (${JSON.stringify(s.params.transforms.at(-1))})`);
    const names = s.params.transforms.map((e) => e.transform);
    assert.deepEqual(names.slice(-3), ['colorJitter', 'posterize', 'randAugment'], `sample ${k}: the steps appended in order`);
    const [jitter, poster, policy] = s.params.transforms.slice(-3);
    assert.ok(jitter.brightness >= 0.6 && jitter.brightness <= 1.4 && jitter.hue >= -0.1 && jitter.hue <= 0.1, `sample ${k}: jitter in range`);
    assert.equal(poster.bits, 5, `sample ${k}: posterize at strength 0.5 keeps 5 bits`);
    assert.equal(policy.ops.length, 3, `sample ${k}: numOps 3`);
  });
  const drawn = await page.textContent('#augment .params');
  assert.match(drawn, /^Drawn for sample #0 \(hover a sample for all its params\):\n\{"transform":"colorJitter","fired":true,"order":\[/);
  assert.match(drawn, /\n\{"transform":"randAugment","fired":true,"ops":\[\{"op":"/);
  assert.match(await page.textContent('#augment pre.call code'), /random\.colorJitter\(\{"brightness":0\.4,"contrast":0\.4,"saturation":0\.4,"hue":0\.1\}\),\n {2}random\.posterize\(\{"bits":5,"p":1\}\),\n {2}random\.randAugment\(\{"numOps":3,"magnitude":12,"fill":\[128,128,128,255\]\}\),/);
  await shot(page, '#augment', 'augment-colour');
  await setControls(page, 'augment', { brightness: 0, contrast: 0, saturation: 0, hue: 0, colour: 'none', policy: 'none' });
  const plain = await augmentSamples(page);
  plain.forEach((s, k) => assert.ok(!s.params.transforms.some((e) => e.transform === 'colorJitter'), `sample ${k}: no colour steps at 0 and none`));
});

demoTest('Augment: a bad pipeline shows a readable message, and the panel recovers', async ({ page }) => {
  const error = page.locator('#augment .error');
  await page.fill('#augment [name=pipeline]', '[{ "transform": "flip", ');
  await page.locator('#augment [name=pipeline]').blur();
  await settled(page, 'augment');
  assert.match(await error.textContent(), /^SyntaxError: Pipeline: not valid JSON/);
  await setPipeline(page, [{ transform: 'flop' }]);
  assert.match(await error.textContent(), /^TypeError: Pipeline\[0\]: unknown transform "flop"; expected .*resizedCrop/);
  await setPipeline(page, [{ transform: 'flip', horizntal: 1 }]);
  assert.match(await error.textContent(), /^TypeError: random\.flip: unknown option "horizntal"/);
  await setPipeline(page, [{ transform: 'rotate', degrees: 10 }]);
  assert.equal(await error.isVisible(), false);
  const samples = await augmentSamples(page);
  samples.forEach((s, k) => assert.equal(s.mismatches, 0, `after recovery, sample ${k}`));
});
