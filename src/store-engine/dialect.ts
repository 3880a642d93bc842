import { SqliteAdapter, type Kysely } from 'kysely';

/** Where SQL must be spelled for one engine (an expression index, a JSON path). */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
