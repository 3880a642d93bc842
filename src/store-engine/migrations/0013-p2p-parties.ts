import type { Kysely } from 'kysely';

/**
 * Who the two cards of a transfer belong to, as the BIN file tells it (issuing bank, country),
 * written when the transfer starts: its callback carries them even when a recovery job sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('p2p_parties', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('p2p_parties').execute();
}
