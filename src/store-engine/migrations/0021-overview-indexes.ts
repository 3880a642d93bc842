import type { Kysely } from 'kysely';

/**
 * The console's overview (issue 27) counts 3-D Secure authentications and callbacks created in a
 * window of the last 24 hours or 30 days. Neither table had an index on its creation time, so each
 * count would have read the table's whole history. With these, a count reads the window's entries
 * only; the merchant comes second so a merchant-limited operator's filter is answered from the
 * index entry, without visiting the row. Orders need nothing new: `orders_console_created`
 * (created_at_ms, id) and `orders_report_created` (merchant_id, created_at_ms, …) give the same
 * range for every merchant and for a list of merchants.
 */
const WINDOW_INDEXES = [
  ['threeds_transactions_created', 'threeds_transactions'],
  ['callbacks_created', 'callbacks'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table] of WINDOW_INDEXES) {
    await db.schema.createIndex(name).on(table).columns(['created_at_ms', 'merchant_id']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...WINDOW_INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
