import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRICS_SCRAPE_DIR, unsafeLabelValues } from '../support/metrics-scrape.js';

// Runs after the whole suite (scripts/run-tests.js): every test server's metrics were kept as it closed.
test('the metrics of the whole test run carry no card number and no id in a label', () => {
  assert.ok(
    existsSync(METRICS_SCRAPE_DIR),
    `${METRICS_SCRAPE_DIR} missing: run through scripts/run-tests.js`,
  );
  const files = readdirSync(METRICS_SCRAPE_DIR).filter((name) => name.endsWith('.prom'));
  assert.ok(files.length > 20, `only ${files.length} scrapes`);
  let samples = 0;
  const findings: string[] = [];
  for (const name of files) {
    const text = readFileSync(join(METRICS_SCRAPE_DIR, name), 'utf8');
    samples += text.split('\n').filter((line) => line.startsWith('gatehouse_')).length;
    findings.push(...unsafeLabelValues(text).map((found) => `${found} in ${name}`));
  }
  assert.ok(
    samples > 1000,
    `only ${samples} gatehouse samples: the suite's traffic did not reach the metrics`,
  );
  assert.deepEqual(findings, []);
});
