import type { Kysely } from 'kysely';

/**
 * Whether the merchant's P2P perform replies carry `statusResponse`: p2p-api.md returns it "only
 * when enabled by support", so it is a merchant setting, off until an operator turns it on
 * (`gatehouse merchant set --p2p-status-response true`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('merchants')
    .addColumn('p2p_status_response', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('p2p_status_response').execute();
}
