import { CompiledQuery, SqliteAdapter, type Compilable, type QueryResult } from 'kysely';
import { noteInsert } from './multi-row-insert.js';
import { nameStatement } from './named-statements.js';
import { cacheReads, type CachedTable } from './read-cache.js';
import { readWindowsOf } from './read-window.js';
import { runOnSqlite, sqliteStatementsOf, type SqliteStatements } from './sqlite-statements.js';
import { countStatement } from './statement-counter.js';
import { turnReadsOf } from './turn-reads.js';
import type { Executor } from './unit-contract.js';

const MARKER = '\u0000gatehouse-parameter-';

interface Compiled<P> {
  readonly sql: string;
  readonly slots: readonly ({ name: keyof P } | { constant: unknown })[];
  /** A read SQLite may answer from memory: it waits for a read window (read-window.ts). */
  readonly windowed: boolean;
  /** A plain read on PostgreSQL: outside a transaction it runs with its turn's reads (turn-reads.ts). */
  readonly turnRead: boolean;
  /** A plain select: on SQLite it may run at once outside a transaction (sqlite-statements.ts). */
  readonly reader: boolean;
}

/**
 * A hot query built with Kysely and compiled on first use for each dialect; each later call only
 * substitutes its values. Building and compiling costs more than running a primary-key lookup, so
 * the queries on every request's path use this. `build` receives `p`, whose every member reads
 * as a marker naming it, and must pass each where its value goes; each call then gives the values
 * by name, typed by `P`, and a name used twice fills both places. `p` has no members to spread or
 * list, so a builder names each one it uses (pickColumns for a column list). A read of one table's
 * rows by key may be `cachedOn` that table: SQLite then waits for the turn's read window
 * (read-window.ts) and answers it again from memory until something changes the table
 * (read-cache.ts).
 */
export function preparedQuery<P extends object, Row>(
  build: (db: Executor, p: P) => Compilable<Row>,
  options: { readonly cachedOn?: CachedTable } = {},
): (db: Executor, parameters: P) => Promise<QueryResult<Row>> {
  // By the dialect's adapter class: the SQL text depends on the dialect only (a test run holds
  // a SQLite and a PostgreSQL store in one process).
  const compiledByDialect = new Map<unknown, Compiled<P>>();
  const compileFor = (db: Executor, adapter: object): Compiled<P> => {
    const sqlite = adapter instanceof SqliteAdapter;
    const compiled = compile<P>(build(db, markers<P>()), options.cachedOn !== undefined && sqlite, !sqlite);
    compiledByDialect.set(adapter.constructor, compiled);
    nameStatement(compiled.sql);
    noteInsert(compiled.sql);
    if (options.cachedOn !== undefined) cacheReads(compiled.sql, options.cachedOn);
    return compiled;
  };
  return (db, parameters) => {
    const executor = db.getExecutor();
    const adapter = executor.adapter;
    const compiled = compiledByDialect.get(adapter.constructor) ?? compileFor(db, adapter);
    const values = compiled.slots.map((slot) => ('name' in slot ? parameters[slot.name] : slot.constant));
    // Only SQLite's cached reads have windows; inside a transaction the cache is not used, so
    // there is nothing to wait for.
    const window = compiled.windowed && !db.isTransaction ? readWindowsOf(db)?.next() : undefined;
    const sqlite = executor.plugins.length === 0 ? sqliteStatementsOf(adapter) : undefined;
    if (sqlite !== undefined) {
      if (window === undefined) return onSqlite<Row>(db, sqlite, compiled, values);
      return window.then(() => onSqlite<Row>(db, sqlite, compiled, values));
    }
    const query = CompiledQuery.raw(compiled.sql, values);
    if (compiled.turnRead && !db.isTransaction) {
      const reads = turnReadsOf(db);
      if (reads !== undefined) {
        countStatement(compiled.sql);
        return reads
          .query(compiled.sql, query.parameters)
          .then((result) => ({ rows: (result.rows ?? []) as Row[] }));
      }
    }
    if (window === undefined) return db.executeQuery<Row>(query);
    return window.then(() => db.executeQuery<Row>(query));
  };
}

/**
 * SQLite: directly where nothing else can be on the connection (sqlite-statements.ts), else by
 * Kysely. Async: Kysely refuses a transaction used after its end by throwing at once; that, and a
 * statement's own error, reach the caller as a rejection.
 */
async function onSqlite<Row>(
  db: Executor,
  sqlite: SqliteStatements,
  compiled: Pick<Compiled<unknown>, 'sql' | 'reader'>,
  values: unknown[],
): Promise<QueryResult<Row>> {
  const direct = db.isTransaction
    ? sqlite.connection.inTransaction
    : compiled.reader && !sqlite.connection.inTransaction;
  if (!direct) return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, values));
  return runOnSqlite<Row>(sqlite, compiled.sql, values);
}

/** Stands for the parameters object while `build` runs: each property read is its marker. */
function markers<P extends object>(): P {
  return new Proxy({} as P, {
    get: (_, name) => (typeof name === 'string' ? `${MARKER}${name}` : undefined),
  });
}

function compile<P>(query: Compilable<unknown>, windowed: boolean, pipelinable: boolean): Compiled<P> {
  const { sql, parameters } = query.compile();
  const reader = /^\s*select\b/i.test(sql);
  return {
    sql,
    windowed,
    reader,
    turnRead: pipelinable && reader,
    // A marker only comes from reading a member of P (markers), so its name is one of P's keys.
    slots: parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(MARKER)
        ? { name: parameter.slice(MARKER.length) as keyof P }
        : { constant: parameter },
    ),
  };
}
