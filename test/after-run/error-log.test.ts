import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_LEVEL_MIN, errorLineText, readExpectedErrorLogs } from '../support/expected-error-log.js';
import { TEST_LOG_DIR } from '../support/gatehouse-harness.js';

/** Lines shown per log file when the check fails. */
const SHOWN_MAX = 5;

/** The error lines of one log: pino's at error or fatal, and any line that is not pino's (a crash on stderr). */
function errorLinesOf(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      found.push(raw);
      continue;
    }
    if (typeof line !== 'object' || line === null) {
      found.push(raw);
      continue;
    }
    const level = (line as { level?: unknown }).level;
    if (typeof level === 'number' && level >= ERROR_LEVEL_MIN)
      found.push(errorLineText(line as Record<string, unknown>));
  }
  return found;
}

// Runs after the whole suite (scripts/run-tests.js). A server that logged an error while its test
// passed hides a failure the HTTP answer did not show (a job that threw, a callback outcome lost);
// a test that provokes one declares it with gh.expectErrorLog (test/support/expected-error-log.ts).
test('every error-level log line of the whole test run was declared by its test', () => {
  assert.ok(existsSync(TEST_LOG_DIR), `${TEST_LOG_DIR} missing: run through scripts/run-tests.js`);
  const files = readdirSync(TEST_LOG_DIR).filter((name) => name.endsWith('.log'));
  assert.ok(files.length > 10, `only ${files.length} log files`);
  const undeclared: string[] = [];
  let declared = 0;
  for (const name of files.sort()) {
    const file = join(TEST_LOG_DIR, name);
    const patterns = readExpectedErrorLogs(file).map((known) => new RegExp(known.source, known.flags));
    const unexpected = errorLinesOf(readFileSync(file, 'utf8')).filter((line) => {
      const expected = patterns.some((pattern) => pattern.test(line));
      if (expected) declared += 1;
      return !expected;
    });
    if (unexpected.length === 0) continue;
    undeclared.push(
      `${name}: ${unexpected.length} undeclared`,
      ...unexpected.slice(0, SHOWN_MAX).map((line) => `  ${line.slice(0, 300)}`),
    );
  }
  console.log(`error-level log lines declared by their tests: ${declared}`);
  assert.deepEqual(undeclared, []);
});
