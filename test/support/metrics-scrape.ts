import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_OUTPUT_DIR } from './test-output.js';

/** Every test server's metrics as it closes: the after-run label check reads them. */
export const METRICS_SCRAPE_DIR = join(TEST_OUTPUT_DIR, 'metrics-scrapes');

export function keepScrape(engine: string, text: string): void {
  mkdirSync(METRICS_SCRAPE_DIR, { recursive: true });
  writeFileSync(join(METRICS_SCRAPE_DIR, `${engine}-${randomBytes(6).toString('hex')}.prom`), text);
}

/** A sample line's labels: `name{a="x",b="y"} value`. */
export function labelsOf(line: string): Record<string, string> {
  const open = line.indexOf('{');
  if (open < 0 || line.startsWith('#')) return {};
  const labels: Record<string, string> = {};
  for (const match of line.slice(open + 1, line.lastIndexOf('}')).matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    labels[match[1] ?? ''] = match[2] ?? '';
  }
  return labels;
}

const PAN_LIKE = /\d{12,19}/;
const UUID_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Label values that look like a card number or an id (an order, a transaction): none may appear. */
export function unsafeLabelValues(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const [name, value] of Object.entries(labelsOf(line))) {
      if (PAN_LIKE.test(value) || UUID_LIKE.test(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}
