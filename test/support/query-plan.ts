import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../src/store/schema.js';
import type { Engine } from './engines.js';

/** The plan's lines of one query: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN with sequential scans priced out. */
export async function planOf(db: Kysely<Database>, engine: Engine, query: CompiledQuery): Promise<string> {
  if (engine === 'sqlite') {
    const rows = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((row) => row.detail).join('\n');
  }
  // On a test database this small a sequential scan is cheapest; priced out, the planner still
  // takes one when no index can serve the query, which is what this looks for.
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
