import type { Kysely } from 'kysely';

/**
 * Dynamic currency conversion: the operator's rate table, the calculations offered to customers
 * (each under its dccUuid, with the card as a keyed hash, usable once), and on orders the
 * conversion the customer accepted with the card-currency side of every amount. Operation rows
 * keep the card-currency amount of each movement, so a refused one is undone in both currencies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dcc_rates')
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('markup_percent', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dcc_rates_pk', ['from_currency', 'to_currency'])
    .execute();
  await db.schema
    .createTable('dcc_calculations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_id', 'text')
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('original_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('original_currency', 'text', (c) => c.notNull())
    .addColumn('dcc_currency', 'text', (c) => c.notNull())
    .addColumn('dcc_amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('direct_rate', 'text', (c) => c.notNull())
    .addColumn('fee_percent', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_at_ms', 'bigint')
    .execute();
  await db.schema
    .createIndex('dcc_calculations_by_order')
    .on('dcc_calculations')
    .columns(['order_id', 'card_key'])
    .execute();
  for (const [name, type] of [
    ['dcc_uuid', 'text'],
    ['dcc_currency', 'text'],
    ['dcc_amount_minor', 'bigint'],
    ['dcc_rate', 'text'],
    ['dcc_direct_rate', 'text'],
    ['dcc_fee_percent', 'text'],
  ] as const) {
    await db.schema.alterTable('orders').addColumn(name, type).execute();
  }
  for (const name of ['dcc_approved_minor', 'dcc_deposited_minor', 'dcc_refunded_minor']) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('order_operations').addColumn('dcc_amount_minor', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_operations').dropColumn('dcc_amount_minor').execute();
  for (const name of [
    'dcc_uuid',
    'dcc_currency',
    'dcc_amount_minor',
    'dcc_rate',
    'dcc_direct_rate',
    'dcc_fee_percent',
    'dcc_approved_minor',
    'dcc_deposited_minor',
    'dcc_refunded_minor',
  ]) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
  await db.schema.dropTable('dcc_calculations').execute();
  await db.schema.dropTable('dcc_rates').execute();
}
