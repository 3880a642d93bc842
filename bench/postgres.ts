import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/support/throwaway-postgres.js';

/**
 * The bench's PostgreSQL: a throwaway server with PostgreSQL's default durability (fsync on), an
 * empty `bench` database for Gatehouse, and pgbench's rate for a single-insert transaction on the
 * same server, as the ceiling a one-insert request could reach.
 */
export async function benchPostgres(): Promise<{ server: ThrowawayPostgres; url: string }> {
  const server = await startThrowawayPostgres(undefined, { durable: true });
  if (server === undefined) throw new Error('PostgreSQL (initdb, pg_ctl) is not installed');
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query('create database bench');
  } finally {
    await admin.end();
  }
  return { server, url: server.url.replace(/\/postgres$/, '/bench') };
}

/** pgbench beside pg_ctl, or beside the program a pg_ctl symlink on the PATH points to. */
function pgbenchPath(bin: string): string {
  const near = join(bin, 'pgbench');
  if (existsSync(near)) return near;
  return join(dirname(realpathSync(join(bin, 'pg_ctl'))), 'pgbench');
}

/** pgbench with one insert per transaction into its own table: transactions per second. */
export async function pgbenchSingleInsert(
  server: ThrowawayPostgres,
  dir: string,
  clients: number,
  durationS: number,
): Promise<number> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(
      'create table if not exists pgbench_single (id bigserial primary key, payload text not null, created_at_ms bigint not null)',
    );
  } finally {
    await admin.end();
  }
  const script = join(dir, 'single-insert.sql');
  writeFileSync(script, "insert into pgbench_single (payload, created_at_ms) values ('order', 1);\n");
  const url = new URL(server.url);
  const result = spawnSync(
    pgbenchPath(server.bin),
    [
      '-n',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(durationS),
      '-f',
      script,
      '-h',
      url.hostname,
      '-p',
      url.port,
      '-U',
      'postgres',
      'postgres',
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1];
  if (tps === undefined) {
    throw new Error(`pgbench failed: ${result.error?.message ?? (result.stderr || result.stdout)}`);
  }
  return Number(tps);
}
