import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { scanPostgres, scanSqliteFiles } from './database-scan.js';
import type { Engine } from './engines.js';

export interface TestDatabase {
  /** The GATEHOUSE_DB value. */
  readonly url: string;
  readonly dataDir: string;
  drop(): Promise<void>;
}

/**
 * Set by scripts/run-tests.js (migration-templates.ts): a SQLite file and a PostgreSQL database
 * that hold every migration and no data. Copying one costs a few milliseconds where running the
 * migrations costs 300-400 ms, a hundred times per engine in a run. A file run on its own gets an
 * empty database, which the server migrates as it starts.
 */
const SQLITE_TEMPLATE = process.env.GATEHOUSE_TEST_SQLITE_TEMPLATE;
const PG_TEMPLATE = process.env.GATEHOUSE_TEST_PG_TEMPLATE;

/**
 * A fresh database per test server: a SQLite file in a temp folder, or a new PostgreSQL database;
 * migrated when the run made a template, or `empty` (no table at all) when the test says so.
 */
export async function createTestDatabase(
  engine: Engine,
  { empty = false }: { readonly empty?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
  const sqliteTemplate = empty ? undefined : SQLITE_TEMPLATE;
  const pgTemplate = empty ? undefined : PG_TEMPLATE;
  if (engine === 'sqlite') {
    if (sqliteTemplate !== undefined) copyFileSync(sqliteTemplate, join(dataDir, 'gatehouse.sqlite'));
    return {
      url: `sqlite:${join(dataDir, 'gatehouse.sqlite')}`,
      dataDir,
      drop: () => {
        scanSqliteFiles(join(dataDir, 'gatehouse.sqlite'));
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const adminUrl = process.env.GATEHOUSE_TEST_PG_URL;
  if (adminUrl === undefined) throw new Error('GATEHOUSE_TEST_PG_URL is not set');
  const name = `gh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${pgTemplate === undefined ? '' : ` TEMPLATE ${pgTemplate}`}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const own = new pg.Client({ connectionString: url.toString() });
      await own.connect();
      try {
        await scanPostgres(own);
      } finally {
        await own.end();
      }
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // Closed pools take a moment to leave; wait for them rather than kill live connections.
      const deadlineMs = Date.now() + 5000;
      while (Date.now() < deadlineMs) {
        const { rows } = await client.query<{ count: string }>(
          'SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (Number(rows[0]?.count ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
