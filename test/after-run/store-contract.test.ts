import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrateToLatest, openStore } from '../../src/store-engine/index.js';
import { CACHED_TABLES, cachedTablesNamedBy } from '../../src/store-engine/read-cache.js';
import type { UnitCheckRecord } from '../../src/store-engine/store-checks.js';
import { TEST_OUTPUT_DIR } from '../support/test-output.js';

const DIST = join(import.meta.dirname, '..', '..');
const ROOT = join(DIST, '..');
const SUBMITS = /\bwrites\.(run|runAhead)\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    // A built file whose source is gone (renamed, removed) is not code any more.
    const source = join(ROOT, relative(DIST, path)).replace(/\.js$/, '.ts');
    return name.endsWith('.js') && !name.endsWith('.test.js') && existsSync(source) ? [path] : [];
  });
}

/** Every place the built code submits a unit: `src/services/card-payment.js:118`. */
function submittingSites(): string[] {
  return sourceFiles(join(DIST, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (SUBMITS.test(line) ? [`${relative(DIST, file)}:${index + 1}`] : [])),
  );
}

/** The JSON lines the run's SQLite stores left in one folder (src/store-engine/store-checks.ts). */
function recorded<E>(name: string): E[] {
  const folder = join(TEST_OUTPUT_DIR, name);
  assert.ok(existsSync(folder), `${folder} missing: run through scripts/run-tests.js`);
  return readdirSync(folder).flatMap((file) =>
    readFileSync(join(folder, file), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as E),
  );
}

const records = () => recorded<UnitCheckRecord>('unit-checks');

/**
 * The tables SQLite itself opens for writing to run `text`, from its program: each `OpenWrite`
 * names a table's or an index's root page. This is the truth the read cache's recogniser (a
 * regular expression on the text) must agree with.
 */
function tablesWrittenBy(sqlite: BetterSqlite3.Database, text: string): string[] {
  const tableOfPage = new Map(
    (
      sqlite.prepare('select rootpage, tbl_name from sqlite_schema where rootpage > 0').all() as {
        rootpage: number;
        tbl_name: string;
      }[]
    ).map((row) => [row.rootpage, row.tbl_name]),
  );
  // Kysely's SQLite texts carry their values as `?` parameters only: each is bound to null.
  const parameters = (text.match(/\?/g) ?? []).map(() => null);
  const program = sqlite.prepare(`explain ${text}`).all(...parameters) as { opcode: string; p2: number }[];
  return [
    ...new Set(
      program
        .filter((step) => step.opcode === 'OpenWrite')
        .map((step) => tableOfPage.get(step.p2) ?? `page ${step.p2}`),
    ),
  ];
}

// Runs after the whole suite (scripts/run-tests.js), which ran every SQLite store with the unit
// contract's check: each unit ran twice, the second time on the state its first run left.
test('every unit the suite committed was refused or changed nothing when run again', () => {
  // Units a test submits itself are the test's business; the code's are checked.
  const breaches = records().filter(
    (entry) => entry.secondRun === 'changed' && entry.site.startsWith('src/'),
  );
  assert.deepEqual([...new Set(breaches.map((entry) => `${entry.site}: ${entry.changes} rows changed`))], []);
});

test('the suite ran every kind of unit the code submits through the check', () => {
  const ran = new Set(records().map((entry) => entry.site));
  const sites = submittingSites();
  assert.ok(sites.length > 30, `only ${sites.length} submitting sites found under ${DIST}/src`);
  console.log(`unit kinds submitted by the code: ${sites.length}; run twice by the suite: ${ran.size}`);
  assert.deepEqual(
    sites.filter((site) => !ran.has(site)),
    [],
  );
});

// The read cache drops a cached table's rows when a statement whose text names the table runs
// (src/store-engine/read-cache.ts). Every writing statement the suite ran on SQLite is checked against
// what SQLite's own program for it writes.
test('every write the suite ran names each cached table it changes, as the read cache expects', async () => {
  const texts = [...new Set(recorded<string>('written-statements'))];
  assert.ok(texts.length > 50, `only ${texts.length} writing statements recorded`);
  const file = join(TEST_OUTPUT_DIR, 'store-contract.sqlite');
  rmSync(file, { force: true });
  const store = openStore({ engine: 'sqlite', file });
  await migrateToLatest(store);
  await store.close();
  const sqlite = new BetterSqlite3(file);
  try {
    const unseen: string[] = [];
    let writingCached = 0;
    let testTables = 0;
    for (const text of texts) {
      if (/^\s*(savepoint|release|rollback|begin|commit|pragma|create|alter|drop)\b/i.test(text)) continue;
      let written: string[];
      try {
        written = tablesWrittenBy(sqlite, text);
      } catch (error) {
        // A table a test made for itself (a probe): not the schema's, so never a cached one.
        if (error instanceof Error && /^no such table: /.test(error.message)) {
          testTables += 1;
          continue;
        }
        throw error;
      }
      const cached = CACHED_TABLES.filter((table) => written.includes(table));
      if (cached.length > 0) writingCached += 1;
      const named = cachedTablesNamedBy(text);
      for (const table of cached) if (!named.includes(table)) unseen.push(`${table}: ${text}`);
    }
    console.log(
      `writing statements: ${texts.length}; on tests' own tables: ${testTables}; writing a cached table: ${writingCached}`,
    );
    assert.ok(writingCached > 5, 'the check found the writes of the orders');
    assert.deepEqual(unseen, []);
  } finally {
    sqlite.close();
    rmSync(file, { force: true });
  }
});
