import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_SCAN_DIR, type DatabaseScan } from '../support/database-scan.js';

// Runs after the whole suite (scripts/run-tests.js): every test database was scanned before it was dropped.
test('the databases of the whole test run hold no PAN and no CVC in clear', () => {
  assert.ok(existsSync(DATABASE_SCAN_DIR), `${DATABASE_SCAN_DIR} missing: run through scripts/run-tests.js`);
  const scans = readdirSync(DATABASE_SCAN_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(DATABASE_SCAN_DIR, name), 'utf8')) as DatabaseScan);
  assert.ok(scans.length > 20, `only ${scans.length} databases scanned`);
  assert.ok(
    scans.some((scan) => scan.scanned > 100_000),
    'the scans read real databases, not empty files',
  );
  assert.deepEqual(
    scans.flatMap((scan) => scan.findings),
    [],
  );
});
