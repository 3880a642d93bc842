import {
  CompiledQuery,
  SqliteAdapter,
  type Compilable,
  type Kysely,
  type QueryResult,
  type Transaction,
} from 'kysely';
import { noteInsert } from './multi-row-insert.js';
import { nameStatement } from './named-statements.js';
import { cacheReads, type CachedTable } from './read-cache.js';
import { nextReadWindow } from './read-window.js';
import type { Database } from './schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

const MARKER = '\u0000gatehouse-parameter-';

interface Compiled {
  readonly sql: string;
  readonly slots: readonly ({ arg: number } | { constant: unknown })[];
  /** A read SQLite may answer from memory: it waits for a read window (read-window.ts). */
  readonly windowed: boolean;
}

/**
 * A hot query built with Kysely and compiled on first use for each dialect; each later call only
 * substitutes its values. Building and compiling costs more than running a primary-key lookup, so
 * the queries on every request's path use this. `build` receives markers and must pass each where
 * its value goes. A read of one table's rows by key may be `cachedOn` that table: SQLite then
 * waits for the turn's read window (read-window.ts) and answers it again from memory until
 * something changes the table (read-cache.ts).
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Executor, ...markers: Args) => Compilable<Row>,
  arity: Args['length'],
  options: { readonly cachedOn?: CachedTable } = {},
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  // By the dialect's adapter class: the SQL text depends on the dialect only (a test run holds
  // a SQLite and a PostgreSQL store in one process).
  const compiledByDialect = new Map<unknown, Compiled>();
  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = compiledByDialect.get(adapter.constructor);
    if (compiled === undefined) {
      compiled = compile(
        build(db, ...markers<Args>(arity)),
        options.cachedOn !== undefined && adapter instanceof SqliteAdapter,
      );
      compiledByDialect.set(adapter.constructor, compiled);
      nameStatement(compiled.sql);
      noteInsert(compiled.sql);
      if (options.cachedOn !== undefined) cacheReads(compiled.sql, options.cachedOn);
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.constant));
    const query = CompiledQuery.raw(compiled.sql, parameters);
    // Inside a transaction the cache is not used, so there is nothing to wait for.
    const window = compiled.windowed && !db.isTransaction ? nextReadWindow() : undefined;
    if (window === undefined) return db.executeQuery<Row>(query);
    return window.then(() => db.executeQuery<Row>(query));
  };
}

function markers<Args extends unknown[]>(arity: number): Args {
  return Array.from({ length: arity }, (_, index) => `${MARKER}${index}`) as Args;
}

function compile(query: Compilable<unknown>, windowed: boolean): Compiled {
  const { sql, parameters } = query.compile();
  return {
    sql,
    windowed,
    slots: parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(MARKER)
        ? { arg: Number(parameter.slice(MARKER.length)) }
        : { constant: parameter },
    ),
  };
}
