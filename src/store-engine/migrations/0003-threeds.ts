import type { Kysely } from 'kysely';

/**
 * 3-D Secure: the 3DS Server's transactions (the card sealed under the master key while the
 * customer authenticates, cleared once the payment is decided), the sandbox ACS's own records,
 * and the authentication result on the order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('secure_auth', 'text').execute();

  await db.schema
    .createTable('threeds_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('message_version', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('card_sealed', 'text')
    .addColumn('card_network', 'text', (c) => c.notNull())
    .addColumn('method_url', 'text')
    .addColumn('method_state', 'text', (c) => c.notNull())
    .addColumn('method_started_at_ms', 'bigint')
    .addColumn('merchant_notification_url', 'text')
    .addColumn('finish_url', 'text')
    .addColumn('acs_trans_id', 'text')
    .addColumn('ds_trans_id', 'text')
    .addColumn('acs_url', 'text')
    .addColumn('pa_req', 'text')
    .addColumn('ares_status', 'text')
    .addColumn('ares_reason', 'text')
    .addColumn('rreq_status', 'text')
    .addColumn('rreq_reason', 'text')
    .addColumn('challenge_cancel', 'text')
    .addColumn('eci', 'text')
    .addColumn('authentication_value', 'text')
    .addColumn('payment', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('threeds_transactions_by_order')
    .on('threeds_transactions')
    .columns(['order_id'])
    .execute();

  await db.schema
    .createTable('acs_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('three_ds_server_trans_id', 'text', (c) => c.notNull())
    .addColumn('ds_trans_id', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('message_version', 'text', (c) => c.notNull())
    .addColumn('notification_url', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('masked_pan', 'text', (c) => c.notNull())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('purchase_amount', 'text', (c) => c.notNull())
    .addColumn('purchase_currency', 'text', (c) => c.notNull())
    .addColumn('purchase_exponent', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('acs_transactions_by_server_trans')
    .on('acs_transactions')
    .columns(['three_ds_server_trans_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acs_transactions').execute();
  await db.schema.dropTable('threeds_transactions').execute();
  await db.schema.alterTable('orders').dropColumn('secure_auth').execute();
}
