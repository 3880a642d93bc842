import type { Kysely } from 'kysely';

/**
 * A sandbox merchant's test clock (issue 45): how far the developer moved it ahead of real time.
 * One row per merchant whose clock was ever moved; a merchant without a row reads real time. In
 * the database, not a process's memory, so every node reads the same clock and a restart keeps it.
 * No index on orders is added for the clocks: the due-work queries of an advanced merchant read the
 * indexes the jobs already read (unpaid orders by expiry, holds with an automatic date, pending
 * callbacks and steps), which hold only live work, and filter them by merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_clocks')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey().references('merchants.id'))
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_clocks').execute();
}
