#!/usr/bin/env node
// Runs the whole suite: unit tests beside the code and integration tests in test/, on SQLite and,
// when PostgreSQL's tools are installed, on a throwaway PostgreSQL server started here and
// stopped afterwards. Usage: node scripts/run-tests.js [file-filter]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
// The one PostgreSQL starter (test/support/throwaway-postgres.ts), built before this runs.
import { findPgBin, startThrowawayPostgres } from '../dist/test/support/throwaway-postgres.js';
import { inCi } from '../dist/test/support/required-in-ci.js';
import { prepareMigrationTemplates } from '../dist/test/support/migration-templates.js';
import { INTENDED_SKIPS, unintendedSkips } from '../dist/test/support/skip-reporter.js';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2];
const ci = inCi();
const KNOWN_ENGINES = ['sqlite', 'postgres'];
// What the run leaves for the after-run checks (test/support/test-output.ts); movable, so that two
// runs in one working tree do not empty each other's logs.
const outputDir = process.env.GATEHOUSE_TEST_OUTPUT_DIR ?? join(root, 'test-output');
// Each skipped test as a JSON line (test/support/skip-reporter.ts), judged after the run.
const skipsFile = join(outputDir, 'skips.jsonl');

function refuse(message) {
  console.error(message);
  process.exit(1);
}

// Skips must be loud: in CI a missing prerequisite fails the run here, before minutes of testing.
const shared = join(root, '..', 'shared');
if (ci) {
  for (const folder of ['vectors', 'reference']) {
    if (!existsSync(join(shared, folder))) {
      refuse(
        `${join(shared, folder)} is absent; the wallet vector and test-card tests need it. CI is set, so this is an error, not a skip.`,
      );
    }
  }
}

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

// The longest files (a minute or more for both engines) start first and the short unit files
// fill the gaps at the end: with two files at a time, a long file started last is a tail the
// other slot spends idle. Measured from a CI run's durations; a file missing here only starts later.
const LONGEST_FIRST = [
  'integration/cli.test.js',
  'integration/ha-failover.test.js',
  'integration/issue-23-fault-schedule.test.js',
  'browser/operator-console.test.js',
  'browser/payment-page.test.js',
  'integration/callbacks.test.js',
  'integration/crash-safety.test.js',
  'browser/console-overview.test.js',
  'integration/input-fuzz.test.js',
  'integration/auth.test.js',
  'integration/issue-23-money-engine.test.js',
  'browser/api-docs.test.js',
];
const startRank = (file) => {
  const named = LONGEST_FIRST.findIndex((end) => file.endsWith(`/test/${end}`));
  if (named >= 0) return named;
  return file.startsWith(join(root, 'dist/test')) ? LONGEST_FIRST.length : LONGEST_FIRST.length + 1;
};
const afterRun = testFiles(join(root, 'dist/test/after-run'));
const files = [...testFiles(join(root, 'dist/src')), ...testFiles(join(root, 'dist/test'))]
  .filter((file) => !afterRun.includes(file))
  .filter((file) => filter === undefined || file.includes(filter))
  .sort()
  .sort((a, b) => startRank(a) - startRank(b));
// Every test server logs under <outputDir>/logs; start clean so the after-run scan reads this run only.
rmSync(join(outputDir, 'logs'), { recursive: true, force: true });
rmSync(join(outputDir, 'database-scans'), { recursive: true, force: true });
rmSync(skipsFile, { force: true });
rmSync(join(outputDir, 'unit-checks'), { recursive: true, force: true });
rmSync(join(outputDir, 'written-statements'), { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

// Every answer a precompiled serializer writes is checked against JSON.stringify (answer-serializer.ts).
// SQLite stores run every unit a second time and record the outcome, and every writing
// statement's text, there (src/store-engine/store-checks.ts, test/after-run/store-contract.test.ts).
const env = {
  ...process.env,
  GATEHOUSE_CHECK_ANSWERS: '1',
  GATEHOUSE_STORE_CHECKS_DIR: outputDir,
  GATEHOUSE_TEST_OUTPUT_DIR: outputDir,
  // New password hashes at scrypt's N=1024, not 32768: the suite hashes and verifies thousands of
  // throwaway passwords, 0.1-0.15 s of CPU each at the default (src/security/password-hash.ts).
  GATEHOUSE_PASSWORD_SCRYPT_N: process.env.GATEHOUSE_PASSWORD_SCRYPT_N ?? '1024',
};
// Each test process's CPU seconds into file-cpu.jsonl (scripts/file-cpu.js), when asked for.
rmSync(join(outputDir, 'file-cpu.jsonl'), { force: true });
if (process.env.GATEHOUSE_TEST_CPU === '1') {
  env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${join(root, 'scripts/file-cpu.js')}`.trim();
}
let postgres;
const engines = (process.env.GATEHOUSE_TEST_ENGINES ?? 'sqlite,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const unknown = engines.filter((name) => !KNOWN_ENGINES.includes(name));
if (unknown.length > 0 || engines.length === 0) {
  refuse(
    `GATEHOUSE_TEST_ENGINES names ${unknown.join(', ') || 'no engine'}; known: ${KNOWN_ENGINES.join(', ')}`,
  );
}
if (engines.includes('postgres')) {
  const bin = findPgBin();
  if (bin === undefined) {
    if (ci) {
      console.error(
        'PostgreSQL (pg_ctl, initdb) is not installed; .ci/run installs it. Refusing to run half the suite in CI.',
      );
      process.exit(1);
    }
    console.warn('warning: pg_ctl/initdb not found; the integration suite runs on SQLite only.');
    env.GATEHOUSE_TEST_ENGINES = 'sqlite';
  } else {
    postgres = await startThrowawayPostgres(bin);
    env.GATEHOUSE_TEST_PG_URL = postgres.url;
    env.GATEHOUSE_TEST_ENGINES = engines.join(',');
    console.log(`started a throwaway PostgreSQL for the tests (${bin})`);
  }
}

Object.assign(env, await prepareMigrationTemplates(outputDir, postgres?.url));

function runNodeTests(testPaths, skips = skipsFile) {
  // Not `node --test`, which sorts the files by path: run-test-files.js keeps LONGEST_FIRST's order.
  const child = spawn(process.execPath, [join(root, 'scripts/run-test-files.js'), skips, ...testPaths], {
    stdio: 'inherit',
    env,
    cwd: root,
  });
  return new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
}

/** Lists every skip of the run; in CI, any skip INTENDED_SKIPS does not explain fails the run. */
function judgeSkips() {
  const skipped = existsSync(skipsFile)
    ? readFileSync(skipsFile, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line))
    : [];
  const unintended = unintendedSkips(skipped);
  if (skipped.length > 0) {
    console.log(`\n${skipped.length} skipped (${skipped.length - unintended.length} by design):`);
    for (const test of skipped) console.log(`  ${test.file.replace(root, '')}: ${test.name}: ${test.reason}`);
  }
  if (unintended.length === 0) return 0;
  if (!ci) {
    console.warn(
      `warning: ${unintended.length} test(s) skipped for a missing prerequisite; in CI this fails the run.`,
    );
    return 0;
  }
  console.error(
    `${unintended.length} test(s) skipped for a missing prerequisite, and CI is set: failing. ` +
      `A skip by design goes into INTENDED_SKIPS (test/support/skip-reporter.ts; now ${INTENDED_SKIPS.length}).`,
  );
  return 1;
}

let code = await runNodeTests(files);
postgres?.stop();
const skipCode = judgeSkips();
code = code === 0 ? skipCode : code;
// Then the checks that read what the whole run left behind (the logs of every test server).
if (filter === undefined && afterRun.length > 0) {
  // Skips and file times of their own, so that the main run's file-times.json is kept.
  const afterCode = await runNodeTests(afterRun, join(outputDir, 'skips-after-run.jsonl'));
  code = code === 0 ? afterCode : code;
}
process.exit(code);
