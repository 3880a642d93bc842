import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from './engines.js';

export interface TestDatabase {
  /** The GATEHOUSE_DB value. */
  readonly url: string;
  readonly dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database per test file: a SQLite file in a temp folder, or a new PostgreSQL database. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
  if (engine === 'sqlite') {
    return {
      url: `sqlite:${join(dataDir, 'gatehouse.sqlite')}`,
      dataDir,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const adminUrl = process.env.GATEHOUSE_TEST_PG_URL;
  if (adminUrl === undefined) throw new Error('GATEHOUSE_TEST_PG_URL is not set');
  const name = `gh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
