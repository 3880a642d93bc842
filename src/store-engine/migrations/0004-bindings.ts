import type { Kysely } from 'kysely';

/**
 * Stored credentials: the vault of bindings (the PAN sealed under the master key, found by a keyed
 * hash, never in clear), and on orders the binding and transaction initiator they were paid with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bindings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('pan_sealed', 'text', (c) => c.notNull())
    .addColumn('pan_hash', 'text', (c) => c.notNull())
    .addColumn('masked_pan', 'text', (c) => c.notNull())
    .addColumn('expiry', 'text', (c) => c.notNull())
    .addColumn('payment_system', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('origin_order_id', 'text', (c) => c.notNull())
    .addColumn('origin_order_number', 'text', (c) => c.notNull())
    .addColumn('original_net_ref_num', 'text')
    .addColumn('original_scheme_transaction_id', 'text')
    .addColumn('original_payment_date_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  // One binding per card per client of a merchant.
  await db.schema
    .createIndex('bindings_by_client_card')
    .on('bindings')
    .columns(['merchant_id', 'client_id', 'pan_hash'])
    .unique()
    .execute();
  await db.schema
    .createIndex('bindings_by_card')
    .on('bindings')
    .columns(['merchant_id', 'pan_hash'])
    .execute();
  await db.schema.alterTable('orders').addColumn('tii', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tii').execute();
  await db.schema.dropTable('bindings').execute();
}
