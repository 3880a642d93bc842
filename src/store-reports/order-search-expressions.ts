import { sql, type RawBuilder } from 'kysely';

/**
 * The expressions the console's search indexes are built on (migration 0025). An expression index
 * serves only its own expression, character for character, so the migration and the queries take
 * them from here.
 */

/**
 * The payer's phone: instantPayment.do keeps it as `phone` beside the payer blocks, register.do
 * inside `orderPayerData.mobilePhone` (order-status-view.ts reads the same two places).
 */
export function phoneExpression(sqlite: boolean): RawBuilder<string | null> {
  return sqlite
    ? sql<
        string | null
      >`coalesce(json_extract(orders.payer_data, '$.phone'), json_extract(orders.payer_data, '$.orderPayerData.mobilePhone'))`
    : sql<
        string | null
      >`coalesce(orders.payer_data::jsonb ->> 'phone', orders.payer_data::jsonb #>> '{orderPayerData,mobilePhone}')`;
}

/** The payer's e-mail as support types it: in any case (`lower`, the same function on both sides). */
export const EMAIL_EXPRESSION = sql<string | null>`lower(orders.email)`;
