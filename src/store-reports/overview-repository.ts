import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ORDER_STATUS } from '../domain/order-status.js';
import type { Database } from '../store/schema.js';

/** A window of time cut into equal buckets, and the merchants it is limited to. */
export interface OverviewScope {
  /** Start of the first bucket (inclusive), a multiple of bucketMs. */
  readonly fromMs: number;
  /** End of the last bucket (exclusive). */
  readonly toMs: number;
  /** 3 600 000 (hours) or 86 400 000 (days). */
  readonly bucketMs: number;
  /** Undefined: every merchant. Never empty (the caller answers an empty limit itself). */
  readonly merchantIds?: readonly string[];
}

/** Orders created in one hour or day alike in currency, status, transfer type and action code. */
export interface OrderCell {
  /** Start of the hour or day (ms) the orders were created in. */
  readonly startMs: number;
  readonly currency: string;
  readonly status: number;
  readonly p2pType: string | null;
  readonly actionCode: number;
  readonly orders: number;
  readonly amountMinor: number;
  /** Of these, declined orders that had an authorization or debit sent to the acquirer. */
  readonly issuerDeclines: number;
}

/** 3-D Secure authentications started in one hour or day with one outcome. */
export interface AuthenticationCell {
  /** Start of the hour or day (ms) they were started in. */
  readonly startMs: number;
  readonly protocol: string;
  readonly aresStatus: string | null;
  readonly rreqStatus: string | null;
  readonly count: number;
}

/** Callbacks created in one hour or day in one state. */
export interface CallbackCell {
  /** Start of the hour or day (ms) they were created in. */
  readonly startMs: number;
  readonly state: string;
  readonly count: number;
}

/** Money steps not finished now: the recovery job's and the operators' queues. */
export interface OpenSteps {
  readonly pending: number;
  /** Pending steps the recovery job has tried at least once. */
  readonly retried: number;
  readonly needsAttention: number;
}

// Integer division truncates on both engines (bigint / integer in PostgreSQL, integer / integer in
// SQLite), and the times are positive, so this is floor(created_at_ms / bucketMs) on both. The
// divisor is a literal: a bound parameter could be typed as a float.
function bucketOf(column: string, bucketMs: number): RawBuilder<number> {
  return sql<number>`${sql.ref(column)} / ${sql.lit(bucketMs)}`;
}

/** Start of the bucket a row falls in: (created_at_ms / bucketMs) * bucketMs. */
function bucketStartOf(bucketMs: number, column = 'orders.created_at_ms'): RawBuilder<number> {
  return sql<number>`${bucketOf(column, bucketMs)} * ${sql.lit(bucketMs)}`;
}

/**
 * Orders created in [fromMs, toMs), counted by bucket, currency, status, transfer type and action
 * code, and by merchant when asked (the roll-ups keep them per merchant). The one definition of the
 * overview's order figures: the roll-up fold and the overview's direct counts both read it.
 */
export function orderCellsQuery(
  db: Kysely<Database>,
  scope: Pick<OverviewScope, 'fromMs' | 'toMs' | 'bucketMs' | 'merchantIds'>,
) {
  // orders_console_created (created_at_ms, id) for every merchant; orders_report_created
  // (merchant_id, created_at_ms, id, status) for a list of merchants. The issuer check probes an
  // index of order_operations that leads with order_id, once per declined order of the window.
  const start = bucketStartOf(scope.bucketMs);
  let orders = db
    .selectFrom('orders')
    .select((eb) => [
      start.as('start_ms'),
      'orders.merchant_id',
      'orders.currency',
      'orders.status',
      'orders.p2p_type',
      'orders.action_code',
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string>('orders.amount_minor').as('amount_minor'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(
              eb.and([
                eb('orders.status', '=', ORDER_STATUS.declined),
                eb.exists(
                  eb
                    .selectFrom('order_operations')
                    .select(sql.lit(1).as('one'))
                    .whereRef('order_operations.order_id', '=', 'orders.id')
                    .where('order_operations.kind', 'in', ['authorization', 'debit']),
                ),
              ]),
            )
            .then(sql.lit(1))
            .else(sql.lit(0))
            .end(),
        )
        .as('issuer_declines'),
    ])
    .where('orders.created_at_ms', '>=', scope.fromMs)
    .where('orders.created_at_ms', '<', scope.toMs)
    .groupBy([
      start,
      'orders.merchant_id',
      'orders.currency',
      'orders.status',
      'orders.p2p_type',
      'orders.action_code',
    ]);
  if (scope.merchantIds !== undefined) orders = orders.where('orders.merchant_id', 'in', scope.merchantIds);
  return orders;
}

/**
 * 3-D Secure authentications started in [fromMs, toMs), counted by bucket, merchant, protocol and
 * outcome: what the roll-ups keep (migration 0027) and the overview counts directly where they
 * are not folded. threeds_transactions_created (created_at_ms, merchant_id): the window's range,
 * the merchant checked in the index entry.
 */
export function threeDsCellsQuery(
  db: Kysely<Database>,
  scope: Pick<OverviewScope, 'fromMs' | 'toMs' | 'bucketMs' | 'merchantIds'>,
) {
  const start = bucketStartOf(scope.bucketMs, 'threeds_transactions.created_at_ms');
  let query = db
    .selectFrom('threeds_transactions')
    .select((eb) => [
      start.as('start_ms'),
      'merchant_id',
      'protocol',
      'ares_status',
      'rreq_status',
      eb.fn.countAll<number | string>().as('events'),
    ])
    .where('created_at_ms', '>=', scope.fromMs)
    .where('created_at_ms', '<', scope.toMs)
    .groupBy([start, 'merchant_id', 'protocol', 'ares_status', 'rreq_status']);
  if (scope.merchantIds !== undefined) query = query.where('merchant_id', 'in', scope.merchantIds);
  return query;
}

/** Callbacks created in [fromMs, toMs) by bucket, merchant and state (callbacks_created), as above. */
export function callbackCellsQuery(
  db: Kysely<Database>,
  scope: Pick<OverviewScope, 'fromMs' | 'toMs' | 'bucketMs' | 'merchantIds'>,
) {
  const start = bucketStartOf(scope.bucketMs, 'callbacks.created_at_ms');
  let query = db
    .selectFrom('callbacks')
    .select((eb) => [
      start.as('start_ms'),
      'merchant_id',
      'state',
      eb.fn.countAll<number | string>().as('events'),
    ])
    .where('created_at_ms', '>=', scope.fromMs)
    .where('created_at_ms', '<', scope.toMs)
    .groupBy([start, 'merchant_id', 'state']);
  if (scope.merchantIds !== undefined) query = query.where('merchant_id', 'in', scope.merchantIds);
  return query;
}

/**
 * The overview's queries, built but not run (the tests read their plans). Each reads a range of
 * an index on the creation time, bounded by the window, or the open-steps index, which holds only
 * unfinished steps; none reads a table's history. The orders' figures are read from the roll-ups
 * (order-rollup-repository.ts); this query is what they are folded from.
 */
export function overviewQueries(db: Kysely<Database>, scope: OverviewScope) {
  const orders = orderCellsQuery(db, scope);
  const authentications = threeDsCellsQuery(db, scope);
  const callbacks = callbackCellsQuery(db, scope);
  // Not windowed: open steps are a queue as it stands now. The condition is the partial index
  // order_operations_open's own, written with the same literals (a bound parameter cannot prove it
  // to the planner), so that index is read, and it holds no finished step.
  let openSteps = db
    .selectFrom('order_operations')
    .select((eb) => [
      'state',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn
        .sum<number | string>(eb.case().when('attempts', '>', 0).then(sql.lit(1)).else(sql.lit(0)).end())
        .as('retried'),
    ])
    .where(sql<boolean>`state in ('pending', 'needsAttention')`)
    .groupBy('state');
  const limit = scope.merchantIds;
  if (limit !== undefined) openSteps = openSteps.where('merchant_id', 'in', limit);
  return { orders, authentications, callbacks, openSteps };
}

/** PostgreSQL answers counts and sums of bigints as strings; SQLite as numbers. */
export function count(value: number | string | null): number {
  return value === null ? 0 : Number(value);
}

/** The numbers behind the console's overview page. */
export class OverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async openSteps(scope: OverviewScope): Promise<OpenSteps> {
    const rows = await overviewQueries(this.db, scope).openSteps.execute();
    const pending = rows.find((row) => row.state === 'pending');
    const attention = rows.find((row) => row.state === 'needsAttention');
    return {
      pending: count(pending?.count ?? 0),
      retried: count(pending?.retried ?? 0),
      needsAttention: count(attention?.count ?? 0),
    };
  }
}
