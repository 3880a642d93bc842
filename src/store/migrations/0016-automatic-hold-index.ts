import type { Kysely } from 'kysely';

/**
 * The automatic-hold job asks every few seconds, in every worker, for approved holds whose
 * automatic capture (or reversal) time has come. With only `orders_status_expiry` to go by, that
 * visited every approved order and sorted them: a cost that grew with the gateway's whole history
 * (issue 24: the PostgreSQL payment's tail in the bench, after hundreds of thousands of payments).
 * These indexes hold only the orders given such a time, in the order the job takes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_auto_complete_due')
    .on('orders')
    .columns(['status', 'auto_complete_at_ms'])
    .where('auto_complete_at_ms', 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_auto_reverse_due')
    .on('orders')
    .columns(['status', 'auto_reverse_at_ms'])
    .where('auto_reverse_at_ms', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_auto_reverse_due').execute();
  await db.schema.dropIndex('orders_auto_complete_due').execute();
}
