import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardDataIn } from '../support/card-data.js';
import { TEST_LOG_DIR } from '../support/gatehouse-harness.js';

// Runs after the whole suite (scripts/run-tests.js): every test server of the run logged to TEST_LOG_DIR.
test('the logs of the whole test run hold no PAN and no CVC in clear', () => {
  assert.ok(existsSync(TEST_LOG_DIR), `${TEST_LOG_DIR} missing: run through scripts/run-tests.js`);
  const files = readdirSync(TEST_LOG_DIR).filter((name) => name.endsWith('.log'));
  assert.ok(files.length > 10, `only ${files.length} log files`);
  let lines = 0;
  for (const name of files) {
    const text = readFileSync(join(TEST_LOG_DIR, name), 'utf8');
    lines += text.split('\n').length;
    assert.deepEqual(cardDataIn(text), [], name);
  }
  assert.ok(lines > 1000, `only ${lines} log lines`);
});
