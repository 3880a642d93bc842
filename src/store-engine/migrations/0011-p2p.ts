import type { Kysely } from 'kysely';

/**
 * Card-to-card transfers (p2p-api.md): a P2P order is an order with its transfer type (STANDARD,
 * AFT, OCT), what its registration carried beyond a payment's (JSON), and the credited card's
 * masked number and network; its debit and credit are operation rows. Merchants get their P2P fee
 * plan (JSON: percent, fixed, minimum, maximum).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['p2p_type', 'p2p_details', 'to_masked_pan', 'to_network']) {
    await db.schema.alterTable('orders').addColumn(name, 'text').execute();
  }
  await db.schema.alterTable('merchants').addColumn('p2p_fee', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('merchants').dropColumn('p2p_fee').execute();
  for (const name of ['p2p_type', 'p2p_details', 'to_masked_pan', 'to_network']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
}
