import { sql, type RawBuilder } from 'kysely';
import { loadConfig } from '../src/config/config.js';
import { openAdmin } from '../src/admin-root.js';
import { OrderRollupRepository } from '../src/store-reports/order-rollup-repository.js';

const BATCH = 50_000;
const DAY_MS = 86_400_000;
/** The preloaded orders' creation times spread evenly over this many days before yesterday. */
export const PRELOAD_DAYS = 90;
/** Merchants besides the bench merchant that own preloaded orders (the console filters by merchant). */
export const PRELOAD_SHOPS = ['bench_shop_2', 'bench_shop_3', 'bench_shop_4', 'bench_shop_5'];
/**
 * The last four digits of order n: a multiplicative hash modulo a prime, so that orders sharing
 * them (about one in 10,000 each) fall on every merchant, status and day.
 */
const LAST_FOUR_OF_N = '((n * 7919) % 10007) % 10000';
export function lastFourOf(n: number): string {
  return String(((n * 7919) % 10_007) % 10_000).padStart(4, '0');
}
/** One order in this many has a money step that needs an operator (`needsAttention`). */
export const NEEDS_ATTENTION_EVERY = 4_999;

export interface Preloaded {
  readonly bytesPerOrder: number;
  readonly orders: number;
  /** Order operations in the database afterwards. */
  readonly operations: number;
  /** Merchants owning the preloaded orders, the bench merchant first, with their share in %. */
  readonly merchants: readonly { readonly login: string; readonly sharePercent: number }[];
  /** Creation times of the preloaded orders: [oldest, newest]. */
  readonly createdRangeMs: readonly [number, number];
  readonly seconds: number;
  /** How long the overview's roll-ups took to backfill the preloaded orders (part of `seconds`). */
  readonly rollupSeconds: number;
}

/**
 * Fills the order table with `count` older orders before a load: copies of one registered order,
 * numbered `preload-<n>`, with time-ordered ids older than any the server makes, one statement per
 * batch of 50,000 rows, then (SQLite) checkpoints the WAL into the database. Shaped for the
 * console's filters, each value a function of n so the same N gives the same table on both engines:
 *
 * - merchants: the bench merchant 40 %, then bench_shop_2..5 with 25, 20, 10 and 5 % (created here);
 * - creation times evenly over the 90 days before yesterday (about 11,000 a day at a million);
 * - statuses of finished orders, which no background job picks up: deposited 68 %, declined 15 %,
 *   approved (a hold with no automatic action) 5 %, reversed 4 %, refunded 8 %, amounts to match;
 * - a card on every order, masked as the gateway masks it (6 + ** + 4), two BINs, the last four
 *   digits spread over all 10,000 values (each shared by about one order in 10,000);
 * - payment ways CARD 80 %, CARD_BINDING 10 %, APPLE_PAY 4 %, GOOGLE_PAY_CARD 3 %, P2P 3 %
 *   (STANDARD transfers); DCC in USD on 1 %;
 * - an approved authorization operation for every order but the declined ones, and one capture in
 *   `needsAttention` for one paid order in 4,999.
 *
 * Returns the database's size per order afterwards and what the console bench filters by.
 */
export async function preloadOrders(
  env: Record<string, string>,
  templateOrderId: string,
  count: number,
): Promise<Preloaded> {
  const started = Date.now();
  const { store, admin } = await openAdmin(loadConfig({ ...process.env, ...env }), { migrate: false });
  try {
    const db = store.db;
    const template = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', templateOrderId)
      .executeTakeFirstOrThrow();
    const columns = Object.keys(template);
    const pg = store.engine === 'postgres';
    const merchantIds = [template.merchant_id];
    for (const login of PRELOAD_SHOPS) {
      await admin.create({ login, password: 'bench-shop-password' });
      const row = await db
        .selectFrom('merchants')
        .select('id')
        .where('login', '=', login)
        .executeTakeFirstOrThrow();
      merchantIds.push(row.id);
    }
    const bench = await db
      .selectFrom('merchants')
      .select('login')
      .where('id', '=', template.merchant_id)
      .executeTakeFirstOrThrow();
    const pad = (expression: string, width: number) =>
      pg
        ? `lpad((${expression})::text, ${width}, '0')`
        : `substr('${'0'.repeat(width)}' || (${expression}), -${width})`;
    const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
    const stepMs = Math.max(1, Math.floor((PRELOAD_DAYS * DAY_MS) / Math.max(1, count)));
    const createdOf = (n: string) => `t.created_at_ms - ${DAY_MS} - (${count} - ${n}) * ${stepMs}`;
    // n % 20: the merchant; (n / 20) % 100: the status; (n / 7) % 100: the payment way.
    const merchant = `case when n % 20 < 8 then ${literal(merchantIds[0]!)} when n % 20 < 13 then ${literal(merchantIds[1]!)} when n % 20 < 17 then ${literal(merchantIds[2]!)} when n % 20 < 19 then ${literal(merchantIds[3]!)} else ${literal(merchantIds[4]!)} end`;
    const status = `case when (n / 20) % 100 < 68 then 2 when (n / 20) % 100 < 83 then 6 when (n / 20) % 100 < 88 then 1 when (n / 20) % 100 < 92 then 3 else 4 end`;
    const way = `case when (n / 7) % 100 < 80 then 'CARD' when (n / 7) % 100 < 90 then 'CARD_BINDING' when (n / 7) % 100 < 94 then 'APPLE_PAY' when (n / 7) % 100 < 97 then 'GOOGLE_PAY_CARD' else 'P2P' end`;
    const amount = `(1000 + (n * 7) % 99000)`;
    const visa = `(n / 3) % 2 = 0`;
    const paid = `(${status}) <> 6`;
    const dcc = `(n / 11) % 100 = 0`;
    const values: Record<string, string> = {
      // 00000000-0000-7000-8000-<n>: version 7 ids from the dawn of time, in order.
      id: `'00000000-0000-7000-8000-' || ${pad('n', 12)}`,
      merchant_id: merchant,
      registered_by_merchant_id: merchant,
      order_number: `'preload-' || n`,
      amount_minor: amount,
      status,
      action_code: `case when ${paid} then 0 else 2007 end`,
      created_at_ms: createdOf('n'),
      updated_at_ms: `${createdOf('n')} + 60000`,
      expires_at_ms: `${createdOf('n')} + 1200000`,
      payment_way: way,
      card_masked_pan: `case when ${visa} then '411111**' else '555555**' end || ${pad(LAST_FOUR_OF_N, 4)}`,
      card_expiry: `'203412'`,
      card_network: `case when ${visa} then 'VISA' else 'MASTERCARD' end`,
      approval_code: `case when ${paid} then ${pad('n % 1000000', 6)} else null end`,
      rrn: `${pad('n', 12)}`,
      auth_at_ms: `case when ${paid} then ${createdOf('n')} + 30000 else null end`,
      deposited_at_ms: `case when (${status}) in (2, 4) then ${createdOf('n')} + 60000 else null end`,
      reversed_at_ms: `case when (${status}) = 3 then ${createdOf('n')} + 60000 else null end`,
      refunded_at_ms: `case when (${status}) = 4 then ${createdOf('n')} + 120000 else null end`,
      approved_minor: `case when (${status}) in (1, 2, 4) then ${amount} else 0 end`,
      deposited_minor: `case when (${status}) in (2, 4) then ${amount} else 0 end`,
      refunded_minor: `case when (${status}) = 4 then ${amount} else 0 end`,
      p2p_type: `case when (${way}) = 'P2P' then 'STANDARD' else null end`,
      to_masked_pan: `case when (${way}) = 'P2P' then '555555**4444' else null end`,
      dcc_currency: `case when ${dcc} then '840' else null end`,
      dcc_amount_minor: `case when ${dcc} then ${amount} * 108 / 100 else null end`,
      dcc_rate: `case when ${dcc} then '1.08' else null end`,
    };
    const list = sql.join(columns.map((column) => sql.id(column)));
    const select = sql.join(columns.map((column) => sql.raw(values[column] ?? `t.${column}`)));
    const numbers = (first: number, last: number): RawBuilder<unknown> =>
      pg
        ? sql`generate_series(${first}::bigint, ${last}::bigint) as s(n)`
        : // Literals, not parameters: a bound JavaScript number is a REAL to SQLite, and n must be an integer.
          sql`(with recursive s(n) as (select ${sql.lit(first)} union all select n + 1 from s where n < ${sql.lit(last)}) select n from s) as s`;
    const templateRow = sql`(select * from orders where id = ${templateOrderId}) as t`;
    for (let first = 1; first <= count; first += BATCH) {
      const last = Math.min(count, first + BATCH - 1);
      await sql`insert into orders (${list}) select ${select} from ${numbers(first, last)}, ${templateRow}`.execute(
        db,
      );
      // The authorization of every order that was paid, and a capture that needs a person for a few.
      const orderId = values.id!;
      await sql`insert into order_operations (id, order_id, merchant_id, kind, state, amount_minor, currency, action_code, rrn, approval_code, created_at_ms, completed_at_ms)
        select ${sql.raw(`'00000000-0000-7000-9000-' || ${pad('n', 12)}`)}, ${sql.raw(orderId)}, ${sql.raw(merchant)}, 'authorization', 'approved', ${sql.raw(amount)}, t.currency, 0, ${sql.raw(pad('n', 12))}, ${sql.raw(pad('n % 1000000', 6))}, ${sql.raw(`${createdOf('n')} + 30000`)}, ${sql.raw(`${createdOf('n')} + 30000`)}
        from ${numbers(first, last)}, ${templateRow} where ${sql.raw(paid)}`.execute(db);
      await sql`insert into order_operations (id, order_id, merchant_id, kind, state, amount_minor, currency, action_code, attempts, last_error, created_at_ms, completed_at_ms)
        select ${sql.raw(`'00000000-0000-7000-a000-' || ${pad('n', 12)}`)}, ${sql.raw(orderId)}, ${sql.raw(merchant)}, 'capture', 'needsAttention', ${sql.raw(amount)}, t.currency, 0, 5, 'acquirer unreachable', ${sql.raw(`${createdOf('n')} + 60000`)}, null
        from ${numbers(first, last)}, ${templateRow} where n % ${NEEDS_ATTENTION_EVERY} = ${Math.floor(NEEDS_ATTENTION_EVERY / 2)} and ${sql.raw(paid)}`.execute(
        db,
      );
    }
    // The preload writes orders behind the roll-up job's back, with change times older than its
    // watermark: as after migration 0026, the roll-ups start over and backfill every order, here
    // to the end (the server's job would do it a day of orders per run).
    const rollupStarted = Date.now();
    await db
      .updateTable('order_rollup_state')
      .set({ folded_to_ms: null, backfilled_from_ms: null })
      .where('id', '=', 1)
      .execute();
    const rollups = new OrderRollupRepository(db);
    while ((await rollups.fold(Date.now())).more);
    const rollupSeconds = (Date.now() - rollupStarted) / 1000;
    if (pg) await sql`analyze`.execute(db);
    // A table that grew to this size over months would have been checkpointed long ago; without
    // this, the server's checkpointer copies the preload's WAL (about half a gigabyte for a
    // million orders) into the database during the measurements that follow and takes CPU from
    // them. The growth figure is about the table's size, not about that one-off copy.
    if (!pg) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const countOf = async (table: 'orders' | 'order_operations') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const orders = await countOf('orders');
    const operations = await countOf('order_operations');
    const bytes = pg
      ? Number(
          (await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(db))
            .rows[0]?.size ?? 0,
        )
      : Number(
          (
            await sql<{
              size: number;
            }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db)
          ).rows[0]?.size ?? 0,
        );
    const oldest = template.created_at_ms - DAY_MS - (count - 1) * stepMs;
    return {
      bytesPerOrder: bytes / orders,
      orders,
      operations,
      merchants: [bench.login, ...PRELOAD_SHOPS].map((login, index) => ({
        login,
        sharePercent: [40, 25, 20, 10, 5][index] ?? 0,
      })),
      createdRangeMs: [oldest, template.created_at_ms - DAY_MS],
      seconds: (Date.now() - started) / 1000,
      rollupSeconds,
    };
  } finally {
    await store.close();
  }
}
