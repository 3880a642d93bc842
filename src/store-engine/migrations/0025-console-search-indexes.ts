import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

/**
 * The console's search box (issue 43): each kind of key it finds orders by is read from an index,
 * never by reading the table. The order number, the order id and the card's last four digits had
 * theirs (0001, 0022); the first six and last four digits are read from the last four's index and
 * the rest of the masked number checked on the few rows it gives.
 *
 * The orders' indexes are partial (only the orders that have the value): registration without an
 * e-mail, a phone, a client id or a stored card writes none of them. Each ends with
 * (created_at_ms, id), the list's order, so a key shared by many orders (a client's id, a payer's
 * e-mail) still reads one page. RRNs and approval codes are read from the money movements, where
 * every one of them (a refund's too) is kept; the order follows by its key.
 *
 * The phone lives in the payer data's JSON, so its index is on the expression that extracts it,
 * spelled for each engine (order-search-expressions.ts), where the repository takes it from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const phone = isSqlite(db)
    ? sql`coalesce(json_extract(payer_data, '$.phone'), json_extract(payer_data, '$.orderPayerData.mobilePhone'))`
    : sql`coalesce(payer_data::jsonb ->> 'phone', payer_data::jsonb #>> '{orderPayerData,mobilePhone}')`;
  await sql`create index orders_console_email on orders (lower(email), created_at_ms, id)
    where email is not null`.execute(db);
  await sql`create index orders_console_phone on orders ((${phone}), created_at_ms, id)
    where payer_data is not null`.execute(db);
  await sql`create index orders_console_client on orders (client_id, created_at_ms, id)
    where client_id is not null`.execute(db);
  await sql`create index orders_console_binding on orders (binding_id, created_at_ms, id)
    where binding_id is not null`.execute(db);
  await sql`create index order_operations_rrn on order_operations (rrn) where rrn is not null`.execute(db);
  await sql`create index order_operations_approval on order_operations (approval_code)
    where approval_code is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'order_operations_approval',
    'order_operations_rrn',
    'orders_console_binding',
    'orders_console_client',
    'orders_console_phone',
    'orders_console_email',
  ])
    await db.schema.dropIndex(name).execute();
}
