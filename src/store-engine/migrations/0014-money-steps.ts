import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Every operation row is a step of the money engine (src/services/money-steps): how often the
 * recovery job tried it, when it may try again, which node holds it (a lease, so two nodes never
 * send one step at once) and why its last try failed. A step nothing automatic may finish ends in
 * `needsAttention`, and an operator's note on it is kept beside it. The sandbox acquirer keeps
 * its own memory of every operation it was sent, so several processes agree on what it did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_operations')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_operations').addColumn('next_attempt_at_ms', 'bigint').execute();
  await db.schema.alterTable('order_operations').addColumn('claimed_until_ms', 'bigint').execute();
  await db.schema.alterTable('order_operations').addColumn('last_error', 'text').execute();
  // Only open steps are indexed: finished ones (nearly all rows) cost the index nothing.
  await db.schema
    .createIndex('order_operations_open')
    .on('order_operations')
    .columns(['state', 'created_at_ms'])
    .where(sql.ref('state'), 'in', ['pending', 'needsAttention'])
    .execute();

  await db.schema
    .createTable('step_resolutions')
    .addColumn('operation_id', 'text', (c) => c.primaryKey().references('order_operations.id'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('resolved_by', 'text', (c) => c.notNull())
    .addColumn('resolved_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  // Written on every acquirer call, read by its key only (tests read an order's rows in small
  // tables): no second index, and on SQLite the key is the table (WITHOUT ROWID), one b-tree.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('sandbox_acquirer_operations')
    .addColumn('operation_id', 'text', (c) => c.primaryKey())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('original_id', 'text')
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .modifyEnd(sqlite ? sql`without rowid` : sql``)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_acquirer_operations').execute();
  await db.schema.dropTable('step_resolutions').execute();
  await db.schema.dropIndex('order_operations_open').execute();
  for (const column of ['last_error', 'claimed_until_ms', 'next_attempt_at_ms', 'attempts'])
    await db.schema.alterTable('order_operations').dropColumn(column).execute();
}
