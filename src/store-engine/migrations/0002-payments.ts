import type { Kysely } from 'kysely';

/**
 * Card payments: the card summary and money columns on orders (the PAN itself is never stored
 * here), the append-only operation log, the callback outbox and idempotency keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const orderColumns: [string, 'text' | 'integer' | 'bigint'][] = [
    ['payment_attempt_id', 'text'],
    ['payment_way', 'text'],
    ['card_masked_pan', 'text'],
    ['card_expiry', 'text'],
    ['card_holder', 'text'],
    ['card_network', 'text'],
    ['approval_code', 'text'],
    ['rrn', 'text'],
    ['payment_net_ref_num', 'text'],
    ['terminal_id', 'text'],
    ['auth_ref_num', 'text'],
    ['auth_at_ms', 'bigint'],
    ['deposited_at_ms', 'bigint'],
    ['reversed_at_ms', 'bigint'],
    ['refunded_at_ms', 'bigint'],
    ['auto_complete_at_ms', 'bigint'],
    ['auto_reverse_at_ms', 'bigint'],
  ];
  for (const [name, type] of orderColumns) {
    await db.schema.alterTable('orders').addColumn(name, type).execute();
  }
  for (const name of ['approved_minor', 'deposited_minor', 'refunded_minor']) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  // How callbacks are signed (hmac with the merchant's key, or rsa with the gateway's key) and sent.
  await db.schema
    .alterTable('merchants')
    .addColumn('callback_signing', 'text', (c) => c.notNull().defaultTo('hmac'))
    .execute();
  await db.schema
    .alterTable('merchants')
    .addColumn('callback_http_method', 'text', (c) => c.notNull().defaultTo('POST'))
    .execute();

  await db.schema
    .createTable('order_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('action_code', 'integer', (c) => c.notNull())
    .addColumn('rrn', 'text')
    .addColumn('approval_code', 'text')
    .addColumn('external_id', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('completed_at_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('order_operations_order')
    .on('order_operations')
    .columns(['order_id', 'created_at_ms'])
    .execute();

  await db.schema
    .createTable('callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'text')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until_ms', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('callbacks_due')
    .on('callbacks')
    .columns(['state', 'next_attempt_at_ms'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['merchant_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_keys', 'callbacks', 'order_operations'])
    await db.schema.dropTable(table).execute();
}
