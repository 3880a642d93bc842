import type { Kysely } from 'kysely';

/**
 * What an order's story in the console needs beyond what the gateway kept: each time the
 * customer's browser opened the order's page (the payment or transfer page), and each delivery
 * attempt of a callback with its answer (the callback row keeps only the count and the last
 * error). Both are read by order, newest last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_page_visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_page_visits_order')
    .on('order_page_visits')
    .columns(['order_id', 'at_ms'])
    .execute();
  await db.schema
    .createTable('callback_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('callback_id', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('callback_attempts_callback')
    .on('callback_attempts')
    .columns(['callback_id', 'at_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('callback_attempts').execute();
  await db.schema.dropTable('order_page_visits').execute();
}
