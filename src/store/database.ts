import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { afterNextPoll, GroupCommit } from './group-commit.js';
import { executeNamedStatements } from './named-statements.js';
import { MIGRATIONS } from './migrations/index.js';
import { pipelinedUnits } from './pipelined-units.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { statementLog } from './statement-counter.js';
import { startWalCheckpointer } from './wal-checkpointer.js';
import type { WriteLock } from './write-lock.js';

export type DatabaseLocation = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Store {
  readonly db: Kysely<Database>;
  readonly engine: DatabaseLocation['engine'];
  /** Durable writes, each an atomic unit that may share its commit with others. */
  readonly writes: GroupCommit;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;
// Amounts have at most 12 digits and times are epoch milliseconds: both fit a double exactly.
pg.types.setTypeParser(PG_INT8_OID, (value) => Number(value));

const PG_POOL_MAX = 10;
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function openStore(location: DatabaseLocation, writeLock?: WriteLock): Store {
  if (location.engine === 'sqlite') {
    if (location.file !== ':memory:') mkdirSync(dirname(location.file), { recursive: true });
    const sqlite = new BetterSqlite3(location.file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    sqlite.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before the order is acknowledged, so it survives power loss.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // A file database checkpoints on its own thread, never inside a commit on this one.
    const checkpointer = location.file === ':memory:' ? undefined : startWalCheckpointer(location.file);
    if (checkpointer !== undefined) sqlite.pragma('wal_autocheckpoint = 0');
    const log = statementLog();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      ...(log === undefined ? {} : { log }),
    });
    return {
      db,
      engine: 'sqlite',
      writes: new GroupCommit(db, { lock: writeLock, schedule: afterNextPoll }),
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: location.url,
    max: PG_POOL_MAX,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'gatehouse',
    // A statement is written without waiting for the previous one's answer; only a group
    // commit's units ever have several in flight on one connection (pipelined-units.ts).
    pipeline: true,
  });
  // An idle pooled connection the server drops (a restart, a failover, an administrator) emits
  // 'error' on the pool; unhandled, that would end the process. The pool replaces the connection.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'GatehouseDatabaseWarning');
  });
  pool.on('connect', executeNamedStatements);
  const log = statementLog();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(log === undefined ? {} : { log }),
  });
  return {
    db,
    engine: 'postgres',
    writes: new GroupCommit(db, { optimisticPass: pipelinedUnits(pool, log) }),
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(store: Store): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    throw result.error instanceof Error
      ? result.error
      : new Error('migration failed', { cause: result.error });
  }
  return result;
}
