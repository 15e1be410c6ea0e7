// Headless Chromium for the browser tests: Debian's /usr/bin/chromium driven by playwright-core (never a
// downloaded browser), with the flags this machine's closed network needs. `noBrowser` is the skip reason
// where Chromium is missing (make test installs it, so CI never skips).
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const noBrowser = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium); make test installs it`;

/** A launched browser (playwright-core's), or null where there is none. */
export async function launchChromium() {
  if (noBrowser) return null;
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A demo server on a free port and, where Chromium is installed, one page of it (an SVG document of the
 * same origin, where a test imports /js/...), for a test file's before(); close() ends both.
 * `isolated` (default true): served with COOP/COEP, so the page is crossOriginIsolated (SharedArrayBuffer).
 */
export async function demoPage({ isolated = true } = {}) {
  const { startServer } = await import('../../demo/serve.mjs');
  const server = await startServer({ port: 0, isolated });
  const browser = await launchChromium();
  const page = browser ? await (await browser.newContext()).newPage() : null;
  await page?.goto(`${server.url}favicon.svg`);
  return {
    server,
    page,
    async close() {
      await browser?.close();
      await server.close();
    },
  };
}
