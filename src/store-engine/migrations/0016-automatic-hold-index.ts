import type { Kysely } from 'kysely';

/**
 * The automatic-hold job asks every few seconds, in every worker, for approved holds whose
 * automatic capture (or reversal) time has come. With only `orders_status_expiry` to go by, that
 * visited every approved order and sorted them: a cost that grew with the gateway's whole history
 * (issue 24: the PostgreSQL payment's tail in the bench, after hundreds of thousands of payments).
 * These indexes hold only the orders given such a time, in the order the job takes them.
 */
const DUE_INDEXES = [
  ['orders_auto_complete_due', 'auto_complete_at_ms'],
  ['orders_auto_reverse_due', 'auto_reverse_at_ms'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, column] of DUE_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('orders')
      .columns(['status', column])
      .where(column, 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...DUE_INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
