import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import {
  callbackCellsQuery,
  count,
  orderCellsQuery,
  threeDsCellsQuery,
  type AuthenticationCell,
  type CallbackCell,
  type OrderCell,
  type OverviewScope,
} from './overview-repository.js';
import type { Database } from '../store/schema.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

type Db = Kysely<Database> | Transaction<Database>;
/** A row of a source or a roll-up: the bucket's start, the key columns and the sums. */
export type CellRow = Record<string, number | string | null>;
type HourRow = { hour: number | string; merchant_id: string };
type Scope = Pick<OverviewScope, 'fromMs' | 'toMs' | 'bucketMs' | 'merchantIds'>;

/**
 * One kind of figure the overview reads from roll-ups (order-rollup-repository.ts folds and reads
 * them all alike): the table it is kept in, the columns its rows are alike in and those summed,
 * and the queries on its source table.
 */
export interface RollupKind<C> {
  readonly name: string;
  readonly table: 'order_rollups' | 'threeds_rollups' | 'callback_rollups';
  /** What the rows of a bucket and merchant are alike in. */
  readonly keys: readonly string[];
  /** What is summed. */
  readonly sums: readonly string[];
  /** start_ms, merchant_id, keys and sums per bucket of bucketMs in [fromMs, toMs): the one definition. */
  source(db: Db, scope: Scope): Expression<CellRow>;
  /**
   * (hour, merchant_id) of the rows changed at or after sinceMs, read from an index on the change
   * time alone (with a creation range beside it, SQLite's planner read a creation index whole).
   * `unsettled` (a view's): with the rows whose roll-up may be stale though nothing since the
   * watermark says so, whose hours the view counts from the table as it does changed ones.
   */
  changed(db: Db, sinceMs: number, unsettled: boolean): Expression<HourRow>;
  /** The newest creation time before `beforeMs` (its creation index's last entry), as `at`. */
  newest(db: Db, beforeMs: number): Expression<{ at: number | string | null }>;
  readonly cellOf: (row: CellRow) => C;
}

const num = (value: number | string | null | undefined) => count(value ?? null);
const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : String(value);
const hourOf = (column: string) => sql<number | string>`${sql.ref(column)} / ${sql.lit(HOUR_MS)}`;

/**
 * The hours (and merchants) of the orders changed since `sinceMs`: orders_rollup_changed's range
 * (every change of an order sets updated_at_ms, registration too).
 */
export function changedHoursQuery(db: Db, sinceMs: number) {
  return db
    .selectFrom('orders')
    .select([hourOf('created_at_ms').as('hour'), 'merchant_id'])
    .distinct()
    .where('updated_at_ms', '>=', sinceMs);
}

export const ORDER_ROLLUPS: RollupKind<OrderCell> = {
  name: 'orders',
  table: 'order_rollups',
  keys: ['currency', 'status', 'p2p_type', 'action_code'],
  sums: ['orders', 'amount_minor', 'issuer_declines'],
  source: (db, scope) => orderCellsQuery(db, scope),
  changed: changedHoursQuery,
  newest: (db, beforeMs) =>
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('created_at_ms').as('at'))
      .where('created_at_ms', '<', beforeMs),
  cellOf: (row) => ({
    startMs: num(row.start_ms),
    currency: String(row.currency),
    status: num(row.status),
    p2pType: text(row.p2p_type),
    actionCode: num(row.action_code),
    orders: num(row.orders),
    amountMinor: num(row.amount_minor),
    issuerDeclines: num(row.issuer_declines),
  }),
};

export const THREEDS_ROLLUPS: RollupKind<AuthenticationCell> = {
  name: '3-D Secure',
  table: 'threeds_rollups',
  keys: ['protocol', 'ares_status', 'rreq_status'],
  sums: ['events'],
  source: (db, scope) => threeDsCellsQuery(db, scope),
  // threeds_transactions_changed: every change of a transaction sets updated_at_ms, its start too.
  changed: (db, sinceMs) =>
    db
      .selectFrom('threeds_transactions')
      .select([hourOf('created_at_ms').as('hour'), 'merchant_id'])
      .distinct()
      .where('updated_at_ms', '>=', sinceMs),
  newest: (db, beforeMs) =>
    db
      .selectFrom('threeds_transactions')
      .select((eb) => eb.fn.max('created_at_ms').as('at'))
      .where('created_at_ms', '<', beforeMs),
  cellOf: (row) => ({
    startMs: num(row.start_ms),
    protocol: String(row.protocol),
    aresStatus: text(row.ares_status),
    rreqStatus: text(row.rreq_status),
    count: num(row.events),
  }),
};

export const CALLBACK_ROLLUPS: RollupKind<CallbackCell> = {
  name: 'callbacks',
  table: 'callback_rollups',
  keys: ['state'],
  sums: ['events'],
  source: (db, scope) => callbackCellsQuery(db, scope),
  // A callback has no change time: it is created (callbacks_created) and changes state only at an
  // attempt, which writes its line (callback_attempts_at). A replayed one is pending again without
  // an attempt until its next one (which the fold sees): a view also counts the hours of pending
  // callbacks (callbacks_due, state first) from the table. Each part reads its index's range; the
  // queue is short unless a merchant's address is down.
  changed: (db, sinceMs, unsettled) => {
    const created = db
      .selectFrom('callbacks')
      .select([hourOf('created_at_ms').as('hour'), 'merchant_id'])
      .where('created_at_ms', '>=', sinceMs);
    const attempted = db
      .selectFrom('callback_attempts')
      .innerJoin('callbacks', 'callbacks.id', 'callback_attempts.callback_id')
      .select([hourOf('callbacks.created_at_ms').as('hour'), 'callbacks.merchant_id'])
      .where('callback_attempts.at_ms', '>=', sinceMs);
    const pending = db
      .selectFrom('callbacks')
      .select([hourOf('created_at_ms').as('hour'), 'merchant_id'])
      .where('state', '=', 'pending');
    return unsettled ? created.union(attempted).union(pending) : created.union(attempted);
  },
  newest: (db, beforeMs) =>
    db
      .selectFrom('callbacks')
      .select((eb) => eb.fn.max('created_at_ms').as('at'))
      .where('created_at_ms', '<', beforeMs),
  cellOf: (row) => ({ startMs: num(row.start_ms), state: String(row.state), count: num(row.events) }),
};

export const ROLLUP_KINDS: readonly RollupKind<unknown>[] = [
  ORDER_ROLLUPS,
  THREEDS_ROLLUPS,
  CALLBACK_ROLLUPS,
];

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

/** The roll-up rows of one span in [fromMs, toMs), summed over the merchants (the table's bucket index). */
export function rolledQuery(
  kind: RollupKind<unknown>,
  spanMs: number,
  fromMs: number,
  toMs: number,
  merchantIds: readonly string[] | undefined,
) {
  const sums = sql.join(kind.sums.map((name) => sql`sum(${sql.ref(name)}) as ${sql.ref(name)}`));
  const merchants =
    merchantIds === undefined
      ? sql``
      : sql` and merchant_id in (${sql.join(merchantIds.map((id) => sql`${id}`))})`;
  return sql<CellRow>`select start_ms, ${columns(kind.keys)}, ${sums} from ${sql.table(kind.table)}
    where span_ms = ${spanMs} and start_ms >= ${fromMs} and start_ms < ${toMs}${merchants}
    group by start_ms, ${columns(kind.keys)}`;
}

/** The source's cells (the direct count), as rows. */
export function sourceQuery(kind: RollupKind<unknown>, db: Db, scope: Scope) {
  return sql<CellRow>`select * from (${kind.source(db, scope)}) as cells`;
}

/** Removes the buckets of one span that start in [fromMs, toMs): a rebuild writes them whole. */
async function clearSpan(
  trx: Transaction<Database>,
  kind: RollupKind<unknown>,
  spanMs: number,
  fromMs: number,
  toMs: number,
) {
  await sql`delete from ${sql.table(kind.table)} where span_ms = ${spanMs} and start_ms >= ${fromMs} and start_ms < ${toMs}`.execute(
    trx,
  );
}

/** Rebuilds the kind's hours in [fromMs, toMs) from its source. */
export async function rebuildHours(
  trx: Transaction<Database>,
  kind: RollupKind<unknown>,
  fromMs: number,
  toMs: number,
): Promise<void> {
  await clearSpan(trx, kind, HOUR_MS, fromMs, toMs);
  const all = columns([...kind.keys, ...kind.sums]);
  const cells = kind.source(trx, { fromMs, toMs, bucketMs: HOUR_MS });
  await sql`insert into ${sql.table(kind.table)} (span_ms, start_ms, merchant_id, ${all})
    select ${sql.lit(HOUR_MS)}, start_ms, merchant_id, ${all} from (${cells}) as cells`.execute(trx);
}

/** Rebuilds the kind's days in [fromMs, toMs) from its hour rows. */
export async function rebuildDays(
  trx: Transaction<Database>,
  kind: RollupKind<unknown>,
  fromMs: number,
  toMs: number,
): Promise<void> {
  await clearSpan(trx, kind, DAY_MS, fromMs, toMs);
  const day = sql`start_ms / ${sql.lit(DAY_MS)} * ${sql.lit(DAY_MS)}`;
  const sums = sql.join(kind.sums.map((name) => sql`sum(${sql.ref(name)})`));
  await sql`insert into ${sql.table(kind.table)} (span_ms, start_ms, merchant_id, ${columns(kind.keys)}, ${columns(kind.sums)})
    select ${sql.lit(DAY_MS)}, ${day}, merchant_id, ${columns(kind.keys)}, ${sums} from ${sql.table(kind.table)}
    where span_ms = ${sql.lit(HOUR_MS)} and start_ms >= ${fromMs} and start_ms < ${toMs}
    group by ${day}, merchant_id, ${columns(kind.keys)}`.execute(trx);
}
