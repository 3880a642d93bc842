import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requiredInCi } from './required-in-ci.js';
import { TEST_OUTPUT_DIR } from './test-output.js';

/** Debian's Chromium (the `chromium` package), as .ci/run installs it. */
export const CHROMIUM_PATH = process.env.GATEHOUSE_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(TEST_OUTPUT_DIR, 'screenshots');

/**
 * A node:test `skip` option for a suite that drives Chromium: false when it is installed, a reason
 * outside CI (a bare machine still runs the rest), a throw under CI, like PostgreSQL's absence.
 */
export function skipUnlessChromium(): string | false {
  const missing = existsSync(CHROMIUM_PATH)
    ? undefined
    : `${CHROMIUM_PATH} is absent (Debian's chromium package: apt-get install chromium)`;
  return requiredInCi(missing) ?? false;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Saves a full-page screenshot under test-output/screenshots and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The shop behind returnUrl / failUrl: a real local server, because Playwright's routing does not
 * see the targets of redirects.
 */
export async function startShop(): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`shop ${request.url ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A context that lets requests reach Gatehouse only: any other address is aborted and listed in
 * `foreign`, so a test can assert that a page works offline (no CDN).
 */
export async function offlineContext(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; foreign: string[] }> {
  const context = await browser.newContext();
  const foreign: string[] = [];
  await context.route('**/*', async (route) => {
    if (route.request().url().startsWith(baseUrl)) await route.continue();
    else {
      foreign.push(route.request().url());
      await route.abort();
    }
  });
  return { context, foreign };
}

/** The HTML of every page `page` loads, for the card-data scans. */
export function collectPages(page: Page): string[] {
  const pages: string[] = [];
  page.on(
    'load',
    () =>
      void page.content().then(
        (html) => pages.push(html),
        () => undefined,
      ),
  );
  return pages;
}

/** Logs in to the operator console on `page` and waits for the orders page. */
export async function consoleLogin(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/console/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
}
