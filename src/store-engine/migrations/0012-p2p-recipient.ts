import type { Kysely } from 'kysely';

/**
 * The recipient card of a transfer waiting for 3-D Secure on its debited card: sealed under the
 * master key (bound to the order id) from the first perform until the transfer starts, when it
 * moves to the credit's own sealed row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('to_card_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('to_card_sealed').execute();
}
