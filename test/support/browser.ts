import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (the `chromium` package), as .ci/run installs it. */
export const CHROMIUM_PATH = process.env.GATEHOUSE_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(process.cwd(), 'test-output', 'screenshots');

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
