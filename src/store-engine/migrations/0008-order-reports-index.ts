import type { Kysely } from 'kysely';

/**
 * getLastOrdersForMerchants.do reads one merchant's orders over a period, newest first, filtered by
 * status. Each index serves one kind of period: the creation date (searchByCreatedDate=true) and the
 * payment date (the default). The leading columns give the range and the order (id breaks ties, so
 * pages are stable); status last lets the filter and the count be answered from the index alone.
 * The payment-date index holds only orders that reached the issuer: the others have no such date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_report_created')
    .on('orders')
    .columns(['merchant_id', 'created_at_ms', 'id', 'status'])
    .execute();
  await db.schema
    .createIndex('orders_report_paid')
    .on('orders')
    .columns(['merchant_id', 'auth_at_ms', 'id', 'status'])
    .where('auth_at_ms', 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_report_paid').execute();
  await db.schema.dropIndex('orders_report_created').execute();
}
