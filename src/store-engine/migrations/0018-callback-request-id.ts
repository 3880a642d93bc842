import type { Kysely } from 'kysely';

/**
 * The X-Request-Id of the request whose change a callback reports, sent with every delivery of it
 * so a merchant can tie the callback to the call that caused it. Null for changes no request
 * caused (an order expiring, the recovery job finishing a step).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('callbacks').dropColumn('request_id').execute();
}
