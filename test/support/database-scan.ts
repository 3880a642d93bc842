import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { cardDataIn } from './card-data.js';
import { TEST_OUTPUT_DIR } from './test-output.js';

/** Each test database is scanned for card data before it is dropped; the after-run check reads these. */
export const DATABASE_SCAN_DIR = join(TEST_OUTPUT_DIR, 'database-scans');

export interface DatabaseScan {
  readonly engine: 'sqlite' | 'postgres';
  /** Bytes of the SQLite files, or characters of every PostgreSQL row as JSON. */
  readonly scanned: number;
  readonly findings: readonly string[];
}

function record(scan: DatabaseScan): void {
  mkdirSync(DATABASE_SCAN_DIR, { recursive: true });
  writeFileSync(
    join(DATABASE_SCAN_DIR, `${scan.engine}-${randomBytes(6).toString('hex')}.json`),
    JSON.stringify(scan),
  );
}

/** The SQLite file and whatever WAL or journal is left beside it, byte for byte. */
export function scanSqliteFiles(file: string): void {
  let scanned = 0;
  const findings: string[] = [];
  for (const path of [file, `${file}-wal`, `${file}-journal`]) {
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    scanned += bytes.length;
    findings.push(...cardDataIn(bytes.toString('latin1')).map((found) => `${found} in ${path}`));
  }
  record({ engine: 'sqlite', scanned, findings });
}

/** Every row of every table of the database, as JSON text. */
export async function scanPostgres(client: pg.Client): Promise<void> {
  const tables = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  let scanned = 0;
  const findings: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
    const text = rows.rows.map((row) => row.row).join('\n');
    scanned += text.length;
    findings.push(...cardDataIn(text).map((found) => `${found} in table ${name}`));
  }
  record({ engine: 'postgres', scanned, findings });
}
