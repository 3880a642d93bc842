import { sql, type Kysely } from 'kysely';

/**
 * The overview's 3-D Secure and callback figures from roll-ups too (issue 43, point 5): beside the
 * orders' (0026), it counted the window's authentications and callbacks at every view, a year of
 * them for the 12-month view.
 *
 * - `threeds_rollups`: per hour and per day, per merchant, the authentications started in it alike
 *   in protocol and ARes and RReq outcome: how many (`events`).
 * - `callback_rollups`: the same for callbacks created in it, by state.
 * - `threeds_transactions_changed` (updated_at_ms), which every change of a transaction sets: the
 *   fold finds the hours whose authentications changed since the watermark from it.
 * - `callback_attempts_at` (at_ms): a callback changes state only at an attempt (delivered, dead),
 *   each of which writes its line; the fold finds the hours of the callbacks attempted since the
 *   watermark from it. A replayed callback is pending until its next attempt: pending ones are
 *   found by `callbacks_due` (state, next_attempt_at_ms).
 *
 * The three kinds share the orders' watermark and backfill: the state is reset here, so the job
 * backfills every hour again, the three kinds at once (an order roll-up rebuilt writes the same
 * rows); until it reaches a window's start, the overview counts from the tables, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('threeds_rollups')
    .addColumn('span_ms', 'bigint', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('ares_status', 'text')
    .addColumn('rreq_status', 'text')
    .addColumn('events', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('callback_rollups')
    .addColumn('span_ms', 'bigint', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('events', 'bigint', (c) => c.notNull())
    .execute();
  for (const table of ['threeds_rollups', 'callback_rollups'])
    await db.schema
      .createIndex(`${table}_bucket`)
      .on(table)
      .columns(['span_ms', 'start_ms', 'merchant_id'])
      .execute();
  await db.schema
    .createIndex('threeds_transactions_changed')
    .on('threeds_transactions')
    .column('updated_at_ms')
    .execute();
  await db.schema.createIndex('callback_attempts_at').on('callback_attempts').column('at_ms').execute();
  await sql`update order_rollup_state set folded_to_ms = null, backfilled_from_ms = null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('callback_attempts_at').execute();
  await db.schema.dropIndex('threeds_transactions_changed').execute();
  await db.schema.dropTable('callback_rollups').execute();
  await db.schema.dropTable('threeds_rollups').execute();
}
