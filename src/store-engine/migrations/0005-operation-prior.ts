import type { Kysely } from 'kysely';

/**
 * What a full reversal changed, kept on its pending operation row: the amounts it zeroed. If the
 * process stops during the acquirer call and the acquirer then refuses the reversal on recovery,
 * this is what is put back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_operations').addColumn('prior', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_operations').dropColumn('prior').execute();
}
