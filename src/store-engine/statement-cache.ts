import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { cachedTableOf, cachedTablesNamedBy, ReadCache } from './read-cache.js';
import type { ReadWindows } from './read-window.js';

export const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing costs
 * more than running a short query. Kysely serializes access to the one connection, so sharing a
 * statement between queries is safe.
 */
export function withStatementCache(
  database: BetterSqlite3.Database,
  windows: ReadWindows,
  /** Told each writing statement's text when it is first prepared (test runs: store-checks.ts). */
  onWrite?: (sql: string) => void,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const reads = new ReadCache(database, windows);
  return {
    close: () => void database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        const prepared = database.prepare(sql);
        if (!prepared.readonly) onWrite?.(sql);
        statement = withReadCache(reads, sql, prepared);
        if (statements.size >= STATEMENT_CACHE_MAX)
          statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * A read marked cacheable is answered through the read cache; a write that names a cached table
 * empties that table's entries as it runs (read-cache.ts says why that is enough).
 */
function withReadCache(reads: ReadCache, sql: string, statement: BetterSqlite3.Statement): SqliteStatement {
  if (!statement.readonly) {
    const tables = cachedTablesNamedBy(sql);
    const built = withRowBuilder(statement);
    if (tables.length === 0) return built;
    const written = <T>(run: () => T): T => {
      try {
        return run();
      } finally {
        reads.invalidate(tables);
      }
    };
    return {
      reader: built.reader,
      all: (parameters) => written(() => built.all(parameters)),
      run: (parameters) => written(() => built.run(parameters)),
      *iterate(parameters) {
        try {
          yield* built.iterate(parameters);
        } finally {
          reads.invalidate(tables);
        }
      },
    };
  }
  const table = cachedTableOf(sql);
  if (table === undefined) return withRowBuilder(statement);
  return withRowBuilder(
    statement,
    (readRaw) => (parameters) => reads.read(table, sql, parameters, () => readRaw(parameters)),
  );
}

type RawRead = (parameters: readonly unknown[]) => unknown[][];

/**
 * better-sqlite3 builds each row object one property at a time, which leaves a wide row (an order
 * has over 60 columns) as a slow dictionary object that every later spread and read pays for.
 * Reading the row as an array and building it with an object literal compiled once per statement
 * gives a fast object at less than half the cost (`npm run profile`,
 * docs/history/performance-journal.md). The row's members, their order and their values are the
 * same; a later column of the same name wins as it does in better-sqlite3. `around` wraps the read
 * of the raw rows (the read cache).
 */
function withRowBuilder(
  statement: BetterSqlite3.Statement,
  around: (readRaw: RawRead) => RawRead = (readRaw) => readRaw,
): SqliteStatement {
  if (!statement.reader) return statement;
  const build = rowBuilder(statement.columns().map((column) => column.name));
  if (build === undefined) return statement;
  statement.raw(true);
  const readRaw = around((parameters) => statement.all(parameters) as unknown[][]);
  return {
    reader: true,
    all: (parameters) => readRaw(parameters).map(build),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield build(values);
    },
  };
}

function rowBuilder(names: readonly string[]): RowBuilder | undefined {
  // In an object literal `__proto__:` sets the prototype instead of making a member.
  if (names.includes('__proto__')) return undefined;
  const members = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // The source holds only JSON-quoted column names and indexes, never a value.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('values', `return { ${members.join(', ')} };`) as RowBuilder;
}
