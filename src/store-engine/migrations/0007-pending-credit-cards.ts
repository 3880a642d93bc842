import type { Kysely } from 'kysely';

/**
 * The card of an instant refund (instantRefund.do) while its credit is with the acquirer: sealed
 * under the master key (bound to the operation id), written in the unit of the pending operation
 * and deleted in the unit of its outcome. A credit cut off by a crash is sent again from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_credit_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('card_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_credit_cards').execute();
}
