// Opens a page in headless Chromium (Debian's, driven by playwright-core) and
// returns the report its main.js computes, with every console error, uncaught
// error, failed request and HTTP error seen on the way, the page's and its
// workers' alike.
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const noBrowser = existsSync(CHROMIUM) ? false
  : `${CHROMIUM} is not installed (apt-get install chromium; make test installs it)`;

export async function launch() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** { report, problems, requests } for the page at `url`. */
export async function runPage(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  context.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  context.on('response', (response) => {
    requests.push(response.url());
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.tensorwarpReport !== undefined, null, { timeout: 60_000 });
    const report = await page.evaluate(() => window.tensorwarpReport);
    return { report, problems, requests };
  } finally {
    await context.close();
  }
}
