import type { Kysely, Transaction } from 'kysely';
import { count, type AuthenticationCell, type CallbackCell, type OrderCell } from './overview-repository.js';
import {
  CALLBACK_ROLLUPS,
  DAY_MS,
  HOUR_MS,
  ORDER_ROLLUPS,
  ROLLUP_KINDS,
  THREEDS_ROLLUPS,
  rebuildDays,
  rebuildHours,
  rolledQuery,
  sourceQuery,
  type RollupKind,
} from './rollup-kinds.js';
import { sql } from 'kysely';
import type { Database } from '../store/schema.js';

export { changedHoursQuery, DAY_MS, HOUR_MS, rolledQuery } from './rollup-kinds.js';

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
 * The hours (and merchants) of the kind's rows changed since `sinceMs`; for a view (`unsettled`),
 * with those of its rows the roll-ups may not have right though nothing says they changed.
 */
async function changedHours(
  db: Db,
  kind: RollupKind<unknown>,
  sinceMs: number,
  unsettled = false,
): Promise<{ hourMs: number; merchantId: string }[]> {
  const result = await sql<{
    hour: number | string;
    merchant_id: string;
  }>`select * from (${kind.changed(db, sinceMs, unsettled)}) as changed`.execute(db);
  return result.rows.map((row) => ({ hourMs: count(row.hour) * HOUR_MS, merchantId: row.merchant_id }));
}

/**
 * The overview's figures, rolled up per hour and per day and merchant: orders (migration 0026),
 * 3-D Secure authentications and callbacks (0027), each a kind (rollup-kinds.ts). The fold that
 * keeps them: a job (order-rollup-job.ts) rebuilds every hour whose rows of a kind changed since
 * the watermark, then the days holding them from their hours, then moves the one watermark; and
 * backfills the rows that were there before the roll-ups, BACKFILL_HOURS at a time, newest first,
 * every kind in the same step.
 *
 * A bucket is always rebuilt whole from its table, so folding one again (a second node, a run
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

  /** One run of the fold at `nowMs`: the changed hours of each kind, then BACKFILL_HOURS of backfill. */
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
        // The first fold: rows created from the next day on are new (changed after the
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
      let changedCount = 0;
      for (const kind of ROLLUP_KINDS) {
        // Hours before the backfill's reach are its own, rebuilt whole when it gets there.
        const hours = (await changedHours(trx, kind, foldedTo))
          .map((changed) => changed.hourMs)
          .filter((hour) => hour >= backfilledFrom);
        await rebuild(trx, kind, hours);
        changedCount += new Set(hours).size;
      }
      let backfilledDayMs: number | undefined;
      let reach = backfilledFrom;
      if (backfilledFrom > 0) {
        // The newest row of any kind not backfilled yet: periods without any are passed over.
        let newest: number | undefined;
        for (const kind of ROLLUP_KINDS) {
          const row = (
            await sql<{
              at: number | string | null;
            }>`select * from (${kind.newest(trx, backfilledFrom)}) as newest`.execute(trx)
          ).rows[0];
          if (row?.at !== null && row?.at !== undefined) newest = Math.max(newest ?? 0, count(row.at));
        }
        if (newest === undefined) reach = 0;
        else {
          // The step holding the newest row left, then the day holding it from its hours: a
          // day the backfill is still inside has a partial day row, which the overview does not
          // read (it counts the rows of the day the backfill's reach falls in).
          const stepMs = BACKFILL_HOURS * HOUR_MS;
          backfilledDayMs = floorTo(newest, stepMs);
          const day = floorTo(backfilledDayMs, DAY_MS);
          for (const kind of ROLLUP_KINDS) {
            await rebuildHours(
              trx,
              kind,
              backfilledDayMs,
              Math.min(backfilledFrom, backfilledDayMs + stepMs),
            );
            await rebuildDays(trx, kind, day, day + DAY_MS);
          }
          reach = backfilledDayMs;
        }
      }
      await trx
        .updateTable('order_rollup_state')
        .set({ folded_to_ms: Math.max(foldedTo, watermark), backfilled_from_ms: reach })
        .where('id', '=', 1)
        .execute();
      return {
        changedHours: changedCount,
        ...(backfilledDayMs === undefined ? {} : { backfilledDayMs }),
        more: reach > 0,
      };
    });
  }

  /** The order figures of a window (see cells). */
  async orderCells(scope: RollupScope): Promise<OrderCell[]> {
    return this.cells(ORDER_ROLLUPS, scope);
  }

  /** The 3-D Secure authentications of a window (see cells). */
  async threeDsCells(scope: RollupScope): Promise<AuthenticationCell[]> {
    return this.cells(THREEDS_ROLLUPS, scope);
  }

  /** The callbacks of a window (see cells). */
  async callbackCells(scope: RollupScope): Promise<CallbackCell[]> {
    return this.cells(CALLBACK_ROLLUPS, scope);
  }

  /**
   * A kind's figures of a window: the roll-ups' rows, except the hours whose rows changed since
   * the watermark (the current hour at least, and any hour an order of which was refunded, paid
   * or declined, an authentication of which ended, a callback of which was attempted, since the
   * last fold) and the days the backfill has not reached, which are counted from the table. Cells
   * of either kind: the caller sums them into its buckets.
   */
  private async cells<C extends { readonly startMs: number }>(
    kind: RollupKind<C>,
    scope: RollupScope,
  ): Promise<C[]> {
    const { fromMs, toMs, spanMs, merchantIds } = scope;
    const state = await this.state();
    const run = async (query: ReturnType<typeof sourceQuery>) =>
      (await query.execute(this.db)).rows.map((row) => kind.cellOf(row));
    const direct = (from: number, to: number, bucketMs: number) =>
      run(
        sourceQuery(kind, this.db, {
          fromMs: from,
          toMs: to,
          bucketMs,
          ...(merchantIds ? { merchantIds } : {}),
        }),
      );
    if (state.foldedToMs === null) return direct(fromMs, toMs, spanMs);
    // Days (or hours) the backfill has not reached, or is inside of, are counted from the table.
    const reach = Math.ceil(state.backfilledFromMs / spanMs) * spanMs;
    const rolledFrom = Math.min(toMs, Math.max(fromMs, reach));
    const cells: C[] = rolledFrom > fromMs ? await direct(fromMs, rolledFrom, spanMs) : [];
    if (rolledFrom >= toMs) return cells;
    const limit = merchantIds === undefined ? undefined : new Set(merchantIds);
    const changed = new Set(
      (await changedHours(this.db, kind, state.foldedToMs, true))
        .filter((one) => one.hourMs >= rolledFrom && one.hourMs < toMs)
        .filter((one) => limit === undefined || limit.has(one.merchantId))
        .map((one) => one.hourMs),
    );
    // Days holding a changed hour are read by hour, the changed hours left out.
    const changedSpans = new Set([...changed].map((hour) => floorTo(hour, spanMs)));
    const rolled = (span: number, from: number, to: number) =>
      run(rolledQuery(kind, span, from, to, merchantIds));
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

/** Rebuilds the given hours of a kind from its table, then the days that hold them from their hours. */
async function rebuild(
  trx: Transaction<Database>,
  kind: RollupKind<unknown>,
  hours: readonly number[],
): Promise<void> {
  for (const [from, to] of rangesOf(hours, HOUR_MS)) await rebuildHours(trx, kind, from, to);
  for (const [from, to] of rangesOf(
    hours.map((hour) => floorTo(hour, DAY_MS)),
    DAY_MS,
  ))
    await rebuildDays(trx, kind, from, to);
}
