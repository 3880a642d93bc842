import { sql, type Kysely, type Transaction } from 'kysely';
import { count, orderCellsQuery, type OrderCell } from './overview-repository.js';
import type { Database } from './schema.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * How far behind the clock the watermark stays. An order's `updated_at_ms` is the time its unit
 * was built, and the unit commits a little later (a group commit, a pipelined batch, another
 * node's clock a little off): a fold that moved the watermark up to now could pass over a change
 * not committed yet and never see it. Changes younger than this are folded at a later run; the
 * overview counts them from the orders meanwhile.
 */
export const ROLLUP_LAG_MS = 30_000;

/** Where the fold stands (order_rollup_state). */
export interface RollupState {
  /** Orders changed before this are in the roll-ups; null: never folded (count from the orders). */
  readonly foldedToMs: number | null;
  /** Hours before this are not backfilled yet (0: every order is rolled up). */
  readonly backfilledFromMs: number;
}

/** The window the overview asks for: hour- or day-aligned, and the merchants it is limited to. */
export interface RollupScope {
  readonly fromMs: number;
  readonly toMs: number;
  /** The coarsest rows the answer may use: hours (24 h) or days (30 days, 12 months). */
  readonly spanMs: typeof HOUR_MS | typeof DAY_MS;
  readonly merchantIds?: readonly string[];
}

/** What one run of the fold did. */
export interface FoldOutcome {
  /** Hours rebuilt because their orders changed since the watermark. */
  readonly changedHours: number;
  /** The start of the hours the backfill rebuilt, if it had any left. */
  readonly backfilledDayMs?: number;
  /** The backfill has days left: run again soon. */
  readonly more: boolean;
}

const floorTo = (ms: number, spanMs: number) => Math.floor(ms / spanMs) * spanMs;

/** Sorted hour (or day) starts as [from, to) ranges of consecutive ones. */
export function rangesOf(starts: readonly number[], spanMs: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (const start of [...new Set(starts)].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last !== undefined && last[1] === start) last[1] = start + spanMs;
    else ranges.push([start, start + spanMs]);
  }
  return ranges;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The backfill's step: this many hours of older orders per run, so that one run holds a SQLite
 * server's only thread for a fraction of a second (a day of a million orders' 90 took about half
 * a second on the loaded bench machine).
 */
export const BACKFILL_HOURS = 4;

/**
 * The hours (and merchants) of the orders changed since `sinceMs`. Only the change time is in the
 * condition, so both engines read the range of orders_rollup_changed and nothing else: a window's
 * creation range or a merchant list beside it could lead SQLite's planner to one of the creation
 * indexes, a read of the whole window. The few rows are filtered by the caller.
 */
export function changedHoursQuery(db: Db, sinceMs: number) {
  return db
    .selectFrom('orders')
    .select([sql<number | string>`created_at_ms / ${sql.lit(HOUR_MS)}`.as('hour'), 'merchant_id'])
    .distinct()
    .where('updated_at_ms', '>=', sinceMs);
}

async function changedHours(db: Db, sinceMs: number): Promise<{ hourMs: number; merchantId: string }[]> {
  const rows = await changedHoursQuery(db, sinceMs).execute();
  return rows.map((row) => ({ hourMs: count(row.hour) * HOUR_MS, merchantId: row.merchant_id }));
}

/** The roll-ups' rows of one span in [fromMs, toMs), summed over the merchants (order_rollups_bucket). */
export function rolledQuery(
  db: Db,
  spanMs: number,
  fromMs: number,
  toMs: number,
  merchantIds: readonly string[] | undefined,
) {
  let query = db
    .selectFrom('order_rollups')
    .select((eb) => [
      'start_ms',
      'currency',
      'status',
      'p2p_type',
      'action_code',
      eb.fn.sum<number | string>('orders').as('orders'),
      eb.fn.sum<number | string>('amount_minor').as('amount_minor'),
      eb.fn.sum<number | string>('issuer_declines').as('issuer_declines'),
    ])
    .where('span_ms', '=', spanMs)
    .where('start_ms', '>=', fromMs)
    .where('start_ms', '<', toMs)
    .groupBy(['start_ms', 'currency', 'status', 'p2p_type', 'action_code']);
  if (merchantIds !== undefined) query = query.where('merchant_id', 'in', merchantIds);
  return query;
}

function cellOf(row: {
  start_ms: number | string;
  currency: string;
  status: number | string;
  p2p_type: string | null;
  action_code: number | string;
  orders: number | string | null;
  amount_minor: number | string | null;
  issuer_declines: number | string | null;
}): OrderCell {
  return {
    startMs: count(row.start_ms),
    currency: row.currency,
    status: count(row.status),
    p2pType: row.p2p_type,
    actionCode: count(row.action_code),
    orders: count(row.orders),
    amountMinor: count(row.amount_minor),
    issuerDeclines: count(row.issuer_declines),
  };
}

/**
 * The overview's order figures, rolled up per hour and per day and merchant (migration 0026), and
 * the fold that keeps them: a job (order-rollup-job.ts) rebuilds every hour whose orders changed
 * since the watermark, then the days holding them from their hours, then moves the watermark; and
 * backfills the orders that were there before the roll-ups, BACKFILL_HOURS at a time, newest first.
 *
 * A bucket is always rebuilt whole from the orders, so folding one again (a second node, a run
 * after a crash) writes the same rows. Folds on several nodes take turns: each starts by updating
 * the state row, which on PostgreSQL holds that row's lock until its commit (the second fold then
 * reads the first one's watermark), and on SQLite takes the database's one writer.
 */
export class OrderRollupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async state(db: Db = this.db): Promise<RollupState> {
    const row = await db
      .selectFrom('order_rollup_state')
      .select(['folded_to_ms', 'backfilled_from_ms'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return {
      foldedToMs: row?.folded_to_ms === null || row === undefined ? null : count(row.folded_to_ms),
      backfilledFromMs: count(row?.backfilled_from_ms ?? 0),
    };
  }

  /** One run of the fold at `nowMs`: the changed hours, then BACKFILL_HOURS of backfill. */
  async fold(nowMs: number): Promise<FoldOutcome> {
    return this.db.transaction().execute(async (trx) => {
      // First statement: the state row's lock (PostgreSQL) or the writer (SQLite), held to the commit.
      const locked = await trx
        .updateTable('order_rollup_state')
        .set({ folded_at_ms: nowMs })
        .where('id', '=', 1)
        .returning(['folded_to_ms', 'backfilled_from_ms'])
        .executeTakeFirst();
      if (locked === undefined) throw new Error('order_rollup_state has no row: migration 0026 not run');
      const watermark = nowMs - ROLLUP_LAG_MS;
      if (locked.folded_to_ms === null) {
        // The first fold: orders created from the next day on are new (changed after the
        // watermark by construction); everything before is the backfill's.
        const backfillFrom = floorTo(watermark, DAY_MS) + DAY_MS;
        await trx
          .updateTable('order_rollup_state')
          .set({ folded_to_ms: watermark, backfilled_from_ms: backfillFrom })
          .where('id', '=', 1)
          .execute();
        return { changedHours: 0, more: true };
      }
      const foldedTo = count(locked.folded_to_ms);
      const backfilledFrom = count(locked.backfilled_from_ms ?? 0);
      // Hours before the backfill's reach are its own, rebuilt whole when it gets there.
      const hours = (await changedHours(trx, foldedTo))
        .map((changed) => changed.hourMs)
        .filter((hour) => hour >= backfilledFrom);
      await rebuild(trx, hours);
      let backfilledDayMs: number | undefined;
      let reach = backfilledFrom;
      if (backfilledFrom > 0) {
        // The newest order not backfilled yet: days without orders are passed over.
        const newest = await trx
          .selectFrom('orders')
          .select((eb) => eb.fn.max('created_at_ms').as('at'))
          .where('created_at_ms', '<', backfilledFrom)
          .executeTakeFirst();
        if (newest?.at === null || newest?.at === undefined) reach = 0;
        else {
          // The step holding the newest order left, then the day holding it from its hours: a
          // day the backfill is still inside has a partial day row, which the overview does not
          // read (it counts the orders of the day the backfill's reach falls in).
          const stepMs = BACKFILL_HOURS * HOUR_MS;
          backfilledDayMs = floorTo(count(newest.at), stepMs);
          await rebuildHours(trx, backfilledDayMs, Math.min(backfilledFrom, backfilledDayMs + stepMs));
          const day = floorTo(backfilledDayMs, DAY_MS);
          await rebuildDays(trx, day, day + DAY_MS);
          reach = backfilledDayMs;
        }
      }
      await trx
        .updateTable('order_rollup_state')
        .set({ folded_to_ms: Math.max(foldedTo, watermark), backfilled_from_ms: reach })
        .where('id', '=', 1)
        .execute();
      return {
        changedHours: hours.length,
        ...(backfilledDayMs === undefined ? {} : { backfilledDayMs }),
        more: reach > 0,
      };
    });
  }

  /**
   * The order figures of a window: the roll-ups' rows, except the hours whose orders changed
   * since the watermark (the current hour at least, and any hour an order of which was refunded,
   * paid or declined since the last fold) and the days the backfill has not reached, which are
   * counted from the orders. Cells of either kind: the caller sums them into its buckets.
   */
  async orderCells(scope: RollupScope): Promise<OrderCell[]> {
    const { fromMs, toMs, spanMs, merchantIds } = scope;
    const state = await this.state();
    const direct = (from: number, to: number, bucketMs: number) =>
      orderCellsQuery(this.db, { fromMs: from, toMs: to, bucketMs, ...(merchantIds ? { merchantIds } : {}) })
        .execute()
        .then((rows) => rows.map(cellOf));
    if (state.foldedToMs === null) return direct(fromMs, toMs, spanMs);
    // Days (or hours) the backfill has not reached, or is inside of, are counted from the orders.
    const reach = Math.ceil(state.backfilledFromMs / spanMs) * spanMs;
    const rolledFrom = Math.min(toMs, Math.max(fromMs, reach));
    const cells: OrderCell[] = rolledFrom > fromMs ? await direct(fromMs, rolledFrom, spanMs) : [];
    if (rolledFrom >= toMs) return cells;
    const limit = merchantIds === undefined ? undefined : new Set(merchantIds);
    const changed = new Set(
      (await changedHours(this.db, state.foldedToMs))
        .filter((one) => one.hourMs >= rolledFrom && one.hourMs < toMs)
        .filter((one) => limit === undefined || limit.has(one.merchantId))
        .map((one) => one.hourMs),
    );
    // Days holding a changed hour are read by hour, the changed hours left out.
    const changedSpans = new Set([...changed].map((hour) => floorTo(hour, spanMs)));
    const rolled = (span: number, from: number, to: number) =>
      rolledQuery(this.db, span, from, to, merchantIds)
        .execute()
        .then((rows) => rows.map(cellOf));
    for (const cell of await rolled(spanMs, rolledFrom, toMs))
      if (!changedSpans.has(cell.startMs)) cells.push(cell);
    if (spanMs !== HOUR_MS)
      for (const [from, to] of rangesOf([...changedSpans], spanMs))
        for (const cell of await rolled(HOUR_MS, from, to)) if (!changed.has(cell.startMs)) cells.push(cell);
    for (const [from, to] of rangesOf([...changed], HOUR_MS))
      cells.push(...(await direct(from, to, HOUR_MS)));
    return cells;
  }
}

/** Rebuilds the given hours from the orders, then the days that hold them from their hours. */
async function rebuild(trx: Transaction<Database>, hours: readonly number[]): Promise<void> {
  for (const [from, to] of rangesOf(hours, HOUR_MS)) await rebuildHours(trx, from, to);
  for (const [from, to] of rangesOf(
    hours.map((hour) => floorTo(hour, DAY_MS)),
    DAY_MS,
  ))
    await rebuildDays(trx, from, to);
}

const ROLLUP_COLUMNS = [
  'span_ms',
  'start_ms',
  'merchant_id',
  'currency',
  'status',
  'p2p_type',
  'action_code',
  'orders',
  'amount_minor',
  'issuer_declines',
] as const;

/** Removes the buckets of one span that start in [fromMs, toMs): a rebuild writes them whole. */
async function clearSpan(trx: Transaction<Database>, spanMs: number, fromMs: number, toMs: number) {
  await trx
    .deleteFrom('order_rollups')
    .where('span_ms', '=', spanMs)
    .where('start_ms', '>=', fromMs)
    .where('start_ms', '<', toMs)
    .execute();
}

async function rebuildHours(trx: Transaction<Database>, fromMs: number, toMs: number): Promise<void> {
  await clearSpan(trx, HOUR_MS, fromMs, toMs);
  const cells = orderCellsQuery(trx, { fromMs, toMs, bucketMs: HOUR_MS });
  await trx
    .insertInto('order_rollups')
    .columns(ROLLUP_COLUMNS)
    .expression(
      trx
        .selectFrom(cells.as('cells'))
        .select([
          sql.lit(HOUR_MS).as('span_ms'),
          'cells.start_ms',
          'cells.merchant_id',
          'cells.currency',
          'cells.status',
          'cells.p2p_type',
          'cells.action_code',
          'cells.orders',
          'cells.amount_minor',
          'cells.issuer_declines',
        ]),
    )
    .execute();
}

async function rebuildDays(trx: Transaction<Database>, fromMs: number, toMs: number): Promise<void> {
  await clearSpan(trx, DAY_MS, fromMs, toMs);
  const day = sql<number>`start_ms / ${sql.lit(DAY_MS)} * ${sql.lit(DAY_MS)}`;
  await trx
    .insertInto('order_rollups')
    .columns(ROLLUP_COLUMNS)
    .expression(
      trx
        .selectFrom('order_rollups')
        .select((eb) => [
          sql.lit(DAY_MS).as('span_ms'),
          day.as('start_ms'),
          'merchant_id',
          'currency',
          'status',
          'p2p_type',
          'action_code',
          eb.fn.sum<number>('orders').as('orders'),
          eb.fn.sum<number>('amount_minor').as('amount_minor'),
          eb.fn.sum<number>('issuer_declines').as('issuer_declines'),
        ])
        .where('span_ms', '=', HOUR_MS)
        .where('start_ms', '>=', fromMs)
        .where('start_ms', '<', toMs)
        .groupBy([day, 'merchant_id', 'currency', 'status', 'p2p_type', 'action_code']),
    )
    .execute();
}
