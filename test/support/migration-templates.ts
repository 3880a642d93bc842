import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openStore } from '../../src/store-engine/index.js';

/**
 * Migrates one empty database per engine before a run, for createTestDatabase to copy
 * (test-database.ts): every test server then starts on the migrated schema instead of running
 * the migrations itself. The servers still run the migrator as they start and find nothing to
 * do, so a schema the migrations would not produce cannot slip in here; the migrations' own
 * tests open empty databases of their own.
 */
export async function prepareMigrationTemplates(
  outputDir: string,
  pgAdminUrl: string | undefined,
): Promise<Record<string, string>> {
  const folder = join(outputDir, 'migration-template');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'gatehouse.sqlite');
  const sqlite = openStore({ engine: 'sqlite', file });
  await migrateToLatest(sqlite);
  await sqlite.close();
  // A copy must be one file: closing the last connection checkpoints the WAL into it.
  if (existsSync(`${file}-wal`)) throw new Error(`${file}-wal is left after closing the template`);
  const env: Record<string, string> = { GATEHOUSE_TEST_SQLITE_TEMPLATE: file };
  if (pgAdminUrl === undefined) return env;
  const name = 'gh_migrated_template';
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const store = openStore({ engine: 'postgres', url: url.toString() });
  await migrateToLatest(store);
  // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
  await store.close();
  return { ...env, GATEHOUSE_TEST_PG_TEMPLATE: name };
}
