import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { afterNextPoll, GroupCommit } from './group-commit.js';
import { NamingPool } from './named-statements.js';
import { openProbe } from './probe-pool.js';
import { MIGRATIONS } from './migrations/index.js';
import { pipelinedUnits } from './pipelined-units.js';
import type { StoreTables } from './unit-contract.js';
import { ownSqliteStatements } from './sqlite-statements.js';
import { ownReadWindows, ReadWindows } from './read-window.js';
import { withStatementCache } from './statement-cache.js';
import { ownTurnReads, TurnReads } from './turn-reads.js';
import { countRoundTripsOf, countRoundTripsOn, statementLog } from './statement-counter.js';
import { limitWalSize, startWalCheckpointer } from './wal-checkpointer.js';
import { storeChecksOfEnvironment } from './store-checks.js';
import type { WriteLock } from './write-lock.js';

/** Time limits on the database, in milliseconds (config.ts says which engine honours which). */
export interface DatabaseLimits {
  readonly statementMs: number;
  readonly lockMs: number;
  readonly idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  statementMs: 10_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
};

export type DatabaseLocation =
  | { engine: 'sqlite'; file: string; limits?: DatabaseLimits }
  | { engine: 'postgres'; url: string; limits?: DatabaseLimits };

export interface Store {
  readonly location: DatabaseLocation;
  readonly db: Kysely<StoreTables>;
  readonly engine: DatabaseLocation['engine'];
  /** Durable writes, each an atomic unit that may share its commit with others. */
  readonly writes: GroupCommit;
  /**
   * For the node's own checks (readiness, the queue figures of the metrics), never for requests:
   * on PostgreSQL a small pool of its own whose every connection and query gives up after
   * PROBE_LIMIT_MS and drops its connection, so a database that hangs costs no request a
   * connection and leaves none stuck (probe-pool.ts). SQLite: the store's own `db`.
   */
  readonly probe: Kysely<StoreTables>;
  /** PostgreSQL: queries waiting for a pooled connection now (SQLite has no pool). */
  readonly poolWaiting?: () => number;
  close(): Promise<void>;
}

const PG_INT8_OID = 20;
// Amounts have at most 12 digits and times are epoch milliseconds: both fit a double exactly.
pg.types.setTypeParser(PG_INT8_OID, (value) => Number(value));

const PG_POOL_MAX = 10;
/** Past the statement timeout, how long an answer may take to come back before the server counts as gone. */
export const SILENT_SERVER_MARGIN_MS = 2_000;

export function openStore(location: DatabaseLocation, writeLock?: WriteLock): Store {
  return location.engine === 'sqlite' ? openSqlite(location, writeLock) : openPostgres(location);
}

function openSqlite(location: DatabaseLocation & { engine: 'sqlite' }, writeLock?: WriteLock): Store {
  const limits = location.limits ?? DEFAULT_DATABASE_LIMITS;
  if (location.file !== ':memory:') mkdirSync(dirname(location.file), { recursive: true });
  const sqlite = new BetterSqlite3(location.file, { timeout: limits.lockMs });
  countRoundTripsOn(sqlite);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the order is acknowledged, so it survives power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // A file database checkpoints on its own thread, never inside a commit on this one.
  const checkpointer = location.file === ':memory:' ? undefined : startWalCheckpointer(location.file);
  if (checkpointer !== undefined) sqlite.pragma('wal_autocheckpoint = 0');
  limitWalSize(sqlite);
  const log = statementLog();
  const windows = new ReadWindows();
  const checks = storeChecksOfEnvironment();
  const statements = withStatementCache(sqlite, windows, checks?.onWrite);
  const db = new Kysely<StoreTables>({
    dialect: new SqliteDialect({ database: statements }),
    ...(log === undefined ? {} : { log }),
  });
  ownReadWindows(db, windows);
  ownSqliteStatements(db.getExecutor().adapter, { connection: sqlite, statements });
  const writes = new GroupCommit(db, {
    lock: writeLock,
    schedule: afterNextPoll,
    ...(checks === undefined ? {} : { check: checks.unitCheck }),
  });
  return {
    location,
    db,
    probe: db,
    engine: 'sqlite',
    writes,
    close: async () => {
      await writes.drained();
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function openPostgres(location: DatabaseLocation & { engine: 'postgres' }): Store {
  const limits = location.limits ?? DEFAULT_DATABASE_LIMITS;
  const pool = new pg.Pool({
    connectionString: location.url,
    max: PG_POOL_MAX,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'gatehouse',
    // Sent at connection start: no statement, lock wait or idle transaction holds a worker's
    // writes (every unit of a batch waits for the batch) longer than these.
    statement_timeout: limits.statementMs,
    lock_timeout: limits.lockMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    // The server enforces the statement timeout only while it lives: a lost machine never closes
    // its sockets, and nothing else would end a statement sent to it. pg ends the wait here, and
    // closes the connection (docs/reliability.md, "A failover").
    query_timeout: limits.statementMs + SILENT_SERVER_MARGIN_MS,
    // A statement is written without waiting for the previous one's answer; only a group
    // commit's units ever have several in flight on one connection (pipelined-units.ts).
    pipeline: true,
  });
  // An idle pooled connection the server drops (a restart, a failover, an administrator) emits
  // 'error' on the pool; unhandled, that would end the process. The pool replaces the connection.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, 'GatehouseDatabaseWarning');
  });
  // A connection checked out of the pool has no pool listener: dropped under a transaction or a
  // query, its 'error' event would end the process too. The statements on it fail as they should,
  // and the pool discards it when it comes back unusable.
  pool.on('connect', (client) => {
    countRoundTripsOf(client);
    client.on('error', (error) => {
      // An idle connection also has the pool's listener, which warns already.
      if (client.listenerCount('error') > 1) return;
      process.emitWarning(
        `PostgreSQL closed a connection in use: ${error.message}`,
        'GatehouseDatabaseWarning',
      );
    });
  });
  const log = statementLog();
  const db = new Kysely<StoreTables>({
    dialect: new PostgresDialect({ pool: new NamingPool(pool) }),
    ...(log === undefined ? {} : { log }),
  });
  ownTurnReads(db, new TurnReads(pool));
  const writes = new GroupCommit(db, { optimisticPass: pipelinedUnits(pool, log) });
  const probe = openProbe(location.url);
  return {
    location,
    db,
    probe,
    engine: 'postgres',
    writes,
    poolWaiting: () => pool.waitingCount,
    close: async () => {
      await writes.drained();
      await db.destroy();
      await probe.destroy();
    },
  };
}

/**
 * Brings the schema up to date. On PostgreSQL the migrations run on a connection of their own
 * without the serving limits: building an index on a large table may take longer than any
 * request may (docs/decisions/0035-time-limits-on-the-database.md).
 */
export async function migrateToLatest(store: Store): Promise<MigrationResultSet> {
  const location = store.location;
  const db =
    location.engine === 'postgres'
      ? new Kysely<StoreTables>({
          dialect: new PostgresDialect({
            pool: new pg.Pool({
              connectionString: location.url,
              max: 1,
              application_name: 'gatehouse-migrate',
            }),
          }),
        })
      : store.db;
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    });
    const result = await migrator.migrateToLatest();
    if (result.error !== undefined) {
      throw result.error instanceof Error
        ? result.error
        : new Error('migration failed', { cause: result.error });
    }
    return result;
  } finally {
    if (db !== store.db) await db.destroy();
  }
}
