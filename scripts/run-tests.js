#!/usr/bin/env node
// Runs the whole suite: unit tests beside the code and integration tests in test/, on SQLite and,
// when PostgreSQL's tools are installed, on a throwaway PostgreSQL server started here and
// stopped afterwards. Usage: node scripts/run-tests.js [file-filter]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
// The one PostgreSQL starter (test/support/throwaway-postgres.ts), built before this runs.
import { findPgBin, startThrowawayPostgres } from '../dist/test/support/throwaway-postgres.js';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2];

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.js') ? [path] : [];
  });
}

const afterRun = testFiles(join(root, 'dist/test/after-run'));
const files = [...testFiles(join(root, 'dist/src')), ...testFiles(join(root, 'dist/test'))]
  .filter((file) => !afterRun.includes(file))
  .filter((file) => filter === undefined || file.includes(filter))
  .sort();
// Every test server logs under test-output/logs; start clean so the after-run scan reads this run only.
rmSync(join(root, 'test-output', 'logs'), { recursive: true, force: true });
rmSync(join(root, 'test-output', 'database-scans'), { recursive: true, force: true });

// Every answer a precompiled serializer writes is checked against JSON.stringify (answer-serializer.ts).
const env = { ...process.env, GATEHOUSE_CHECK_ANSWERS: '1' };
let postgres;
const engines = (process.env.GATEHOUSE_TEST_ENGINES ?? 'sqlite,postgres').split(',');
if (engines.includes('postgres')) {
  const bin = findPgBin();
  if (bin === undefined) {
    if (process.env.CI) {
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

function runNodeTests(testPaths) {
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=spec', '--test-concurrency=2', ...testPaths],
    {
      stdio: 'inherit',
      env,
      cwd: root,
    },
  );
  return new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
}

let code = await runNodeTests(files);
postgres?.stop();
// Then the checks that read what the whole run left behind (the logs of every test server).
if (filter === undefined && afterRun.length > 0) {
  const afterCode = await runNodeTests(afterRun);
  code = code === 0 ? afterCode : code;
}
process.exit(code);
