import { sql, type Kysely } from 'kysely';

/**
 * One operation per external id and kind on an order (refund.do's externalRefundId): the index is
 * what makes a retry, or two concurrent requests with the same id, refund once. Rows with no
 * external id are NULL, which neither engine counts as a duplicate. A database that already holds
 * two refunds under one id has refunded twice; that needs a person, not a silent rewrite, so the
 * migration stops and names the orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const duplicates = await sql<{ order_id: string; external_id: string }>`
    select order_id, external_id from order_operations
    where external_id is not null
    group by order_id, kind, external_id
    having count(*) > 1`.execute(db);
  if (duplicates.rows.length > 0) {
    const listed = duplicates.rows
      .slice(0, 20)
      .map((row) => `${row.order_id} (${row.external_id})`)
      .join(', ');
    throw new Error(
      `orders with two operations under one external id, reconcile them before upgrading: ${listed}`,
    );
  }
  await db.schema
    .createIndex('order_operations_external_id')
    .on('order_operations')
    .columns(['order_id', 'kind', 'external_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_operations_external_id').execute();
}
