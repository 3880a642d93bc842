import type BetterSqlite3 from 'better-sqlite3';
import type { QueryResult, SqliteDatabase } from 'kysely';
import { countStatement } from './statement-counter.js';

/**
 * A SQLite store's connection and its statement cache, for the prepared queries that run on it
 * without Kysely's executor (prepared-query.ts). better-sqlite3 runs a statement synchronously;
 * Kysely wraps each run in a connection provider, a mutex, its log and four async layers, which
 * cost a payment's six statements more CPU and garbage than running them
 * (docs/history/performance-journal.md, "SQLite statements without Kysely"). A statement may skip
 * those layers when nothing else can be on the connection:
 * - inside a transaction, run by the code that holds it (the transaction holds Kysely's mutex, and
 *   the connection is in it: a unit used after its transaction ended goes the long way and Kysely
 *   refuses it);
 * - a read when the connection is in no transaction: it runs at once on the committed state, as
 *   it would have when its turn came, and nothing runs in between (one synchronous call).
 * Everything else (a write outside a transaction, a read while a batch's transaction is open)
 * goes through Kysely and waits its turn.
 */
export interface SqliteStatements {
  readonly connection: BetterSqlite3.Database;
  readonly statements: SqliteDatabase;
}

/** By Kysely adapter: one per handle, shared by the handle's transactions. */
const owners = new WeakMap<object, SqliteStatements>();

export function ownSqliteStatements(adapter: object, statements: SqliteStatements): void {
  owners.set(adapter, statements);
}

export function sqliteStatementsOf(adapter: object): SqliteStatements | undefined {
  return owners.get(adapter);
}

/** Runs `sql` as Kysely's SQLite connection would, answering the same result. */
export function runOnSqlite<Row>(
  sqlite: SqliteStatements,
  sql: string,
  parameters: readonly unknown[],
): QueryResult<Row> {
  // Counted before the run, as the read cache takes a read it answers back off the count.
  countStatement(sql);
  const statement = sqlite.statements.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as Row[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
