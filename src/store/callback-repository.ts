import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { type Executor, preparedQuery, type Store } from '../store-engine/index.js';
import type { CallbackAttemptRow, CallbackRow, Database } from './schema.js';

export const CALLBACK_STATES = ['pending', 'delivered', 'dead'] as const;
export type CallbackState = (typeof CALLBACK_STATES)[number];

/** Most rows `list` returns, so an operator's query cannot pull the whole outbox into memory. */
export const CALLBACK_LIST_MAX = 1000;
/** Longest `last_error` kept: enough for an HTTP status or a socket error, never a whole body. */
export const CALLBACK_ERROR_CHARS_MAX = 500;

export interface CallbackFilter {
  readonly state?: CallbackState;
  readonly orderId?: string;
  readonly merchantId?: string;
  /** At most CALLBACK_LIST_MAX. */
  readonly limit?: number;
}

/**
 * What a claim holds: `claimed_until_ms` doubles as a fencing token. A node whose lease ran out
 * (it stalled) cannot record an outcome over the node that claimed the row after it.
 */
export type CallbackClaim = Pick<CallbackRow, 'id' | 'attempts' | 'claimed_until_ms'>;

/** How the merchant wants its callbacks now: read at delivery, so a changed setting applies. */
export interface CallbackDeliverySettings {
  readonly signing: string;
  readonly httpMethod: string;
  /** Sealed with the master key, associated data = merchant id; null when no key is set. */
  readonly keySealed: string | null;
}

export function isCallbackState(value: string): value is CallbackState {
  return (CALLBACK_STATES as readonly string[]).includes(value);
}

/** When a claim looks: rows due by `dueMs` (a merchant's clock), leases read on real time. */
export interface ClaimTime {
  readonly dueMs: number;
  readonly nowMs: number;
  /** One merchant's rows alone (the pass of its sandbox test clock). */
  readonly merchantId?: string;
}

/** Rows a node may claim: pending, due, and not held by a live claim of another node. */
function claimable(at: ClaimTime) {
  return (eb: ExpressionBuilder<Database, 'callbacks'>) =>
    eb.and([
      eb('state', '=', 'pending'),
      eb('next_attempt_at_ms', '<=', at.dueMs),
      eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', at.nowMs)]),
      ...(at.merchantId === undefined ? [] : [eb('merchant_id', '=', at.merchantId)]),
    ]);
}

/** The callback outbox: rows written with the change they report, then claimed and delivered by the job. */
export class CallbackRepository {
  constructor(private readonly store: Store) {}

  /** Inserts through `db`, which is the caller's transaction: the row commits with the state change. */
  static async enqueue(db: Executor, row: CallbackRow): Promise<void> {
    await db.insertInto('callbacks').values(row).execute();
  }

  /**
   * Writes `row` addressed to `address` (a payment event's dynamicCallbackUrl) or else to the
   * merchant's callback address as the database holds it in this transaction; nothing when
   * neither exists (callbacks off). One statement: the address is read by the insert itself.
   * True when a callback was written.
   */
  static async enqueueToMerchant(
    db: Executor,
    row: Omit<CallbackRow, 'url'>,
    address: string | null,
  ): Promise<boolean> {
    const insert = address === null ? ENQUEUE_TO_STATIC_ADDRESS : ENQUEUE_TO_DYNAMIC_ADDRESS;
    const result = await insert(db, { ...row, address });
    return Number(result.numAffectedRows ?? 0n) > 0;
  }

  /**
   * Atomically takes up to `limit` due rows for `leaseMs`. PostgreSQL: the subquery locks with
   * SKIP LOCKED, so concurrent nodes pick disjoint rows without waiting, and the outer guard is
   * re-checked on the newest row version, so a row another node claimed and committed meanwhile is
   * left alone. The subquery sits in `= any(array(…))`, an init plan run once: as `in (…)` the
   * planner may rescan it per outer row, and each rescan's LIMIT picked other rows (a test saw 3
   * rows claimed with limit 2). SQLite: one statement is atomic, writers are serialized, and an
   * uncorrelated `in (…)` is computed once.
   */
  async claimDue(at: ClaimTime, limit: number, leaseMs: number): Promise<CallbackRow[]> {
    const { db, engine } = this.store;
    const due = db
      .selectFrom('callbacks')
      .select('id')
      .where(claimable(at))
      .orderBy('next_attempt_at_ms')
      .limit(limit);
    const rows = await db
      .updateTable('callbacks')
      .set({ claimed_until_ms: at.nowMs + leaseMs })
      .where((eb) =>
        engine === 'postgres'
          ? sql<SqlBool>`id = any(array(${due.forUpdate().skipLocked()}))`
          : eb('id', 'in', due),
      )
      .where(claimable(at))
      .returningAll()
      .execute();
    // RETURNING has no order; oldest due first keeps delivery close to the order of events.
    return rows.sort((a, b) => a.next_attempt_at_ms - b.next_attempt_at_ms);
  }

  /** When the merchant's next pending callback is due, if one is due by `beforeMs` and unclaimed. */
  async nextDue(merchantId: string, beforeMs: number, nowMs: number): Promise<number | undefined> {
    const row = await this.store.db
      .selectFrom('callbacks')
      .select('next_attempt_at_ms')
      .where(claimable({ dueMs: beforeMs, nowMs, merchantId }))
      .orderBy('next_attempt_at_ms')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.next_attempt_at_ms);
  }

  /** Records a 2xx answer; false when the claim was lost (another node owns the row now). */
  async markDelivered(
    claim: CallbackClaim,
    nowMs: number,
    status: number,
    attemptId: string,
  ): Promise<boolean> {
    return this.finish(
      claim,
      { state: 'delivered', attempts: claim.attempts + 1, delivered_at_ms: nowMs, last_error: null },
      { id: attemptId, at_ms: nowMs, outcome: 'delivered', detail: `HTTP ${status}` },
    );
  }

  /** Records a failed attempt and when to try again. */
  async markRetry(
    claim: CallbackClaim,
    nextAttemptAtMs: number,
    error: string,
    nowMs: number,
    attemptId: string,
  ): Promise<boolean> {
    const lastError = error.slice(0, CALLBACK_ERROR_CHARS_MAX);
    return this.finish(
      claim,
      { attempts: claim.attempts + 1, next_attempt_at_ms: nextAttemptAtMs, last_error: lastError },
      { id: attemptId, at_ms: nowMs, outcome: 'retry', detail: lastError },
    );
  }

  /** Records the last failed attempt: the row stays for the operator (`gatehouse callbacks replay`). */
  async markDead(claim: CallbackClaim, error: string, nowMs: number, attemptId: string): Promise<boolean> {
    const lastError = error.slice(0, CALLBACK_ERROR_CHARS_MAX);
    return this.finish(
      claim,
      { state: 'dead', attempts: claim.attempts + 1, last_error: lastError },
      { id: attemptId, at_ms: nowMs, outcome: 'dead', detail: lastError },
    );
  }

  async find(id: string): Promise<CallbackRow | undefined> {
    return this.store.db.selectFrom('callbacks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first. */
  async list(filter: CallbackFilter = {}): Promise<CallbackRow[]> {
    let query = this.store.db
      .selectFrom('callbacks')
      .selectAll()
      .orderBy('created_at_ms', 'desc')
      .orderBy('id')
      .limit(Math.min(filter.limit ?? CALLBACK_LIST_MAX, CALLBACK_LIST_MAX));
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
    if (filter.merchantId !== undefined) query = query.where('merchant_id', '=', filter.merchantId);
    return query.execute();
  }

  /**
   * Sends a row again, whatever its state: back to pending, due at `nowMs`, with a fresh attempt
   * count so a dead row gets the whole schedule again. Returns false for an unknown id.
   */
  async replay(id: string, nowMs: number): Promise<boolean> {
    const result = await this.store.db
      .updateTable('callbacks')
      .set({
        state: 'pending',
        attempts: 0,
        next_attempt_at_ms: nowMs,
        claimed_until_ms: null,
        delivered_at_ms: null,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async deliverySettings(merchantId: string): Promise<CallbackDeliverySettings | undefined> {
    const row = await this.store.db
      .selectFrom('merchants')
      .select(['callback_signing', 'callback_http_method', 'callback_key_sealed'])
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : {
          signing: row.callback_signing,
          httpMethod: row.callback_http_method,
          keySealed: row.callback_key_sealed,
        };
  }

  /**
   * The attempt's outcome on the row, guarded by the claim, and the attempt's own line in one
   * unit: a claim lost to another node writes neither.
   */
  private async finish(
    claim: CallbackClaim,
    change: Partial<
      Pick<CallbackRow, 'state' | 'attempts' | 'next_attempt_at_ms' | 'last_error' | 'delivered_at_ms'>
    >,
    attempt: Omit<CallbackAttemptRow, 'callback_id'>,
  ): Promise<boolean> {
    const claimedUntilMs = claim.claimed_until_ms;
    if (claimedUntilMs === null) throw new Error(`callback ${claim.id} was not claimed`);
    return this.store.writes.run(async (db) => {
      const result = await db
        .updateTable('callbacks')
        .set({ ...change, claimed_until_ms: null })
        .where('id', '=', claim.id)
        .where('state', '=', 'pending')
        .where('claimed_until_ms', '=', claimedUntilMs)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await db
        .insertInto('callback_attempts')
        .values({ ...attempt, callback_id: claim.id })
        .execute();
      return true;
    });
  }
}

/** The outbox insert of enqueueToMerchant, one per address kind. */
function enqueueToMerchantQuery(dynamic: boolean) {
  return preparedQuery((db, p: Omit<CallbackRow, 'url'> & { readonly address: string | null }) => {
    // PostgreSQL types a bare parameter in a select list as text: numbers and nulls are cast.
    const url = dynamic
      ? sql<string>`coalesce(cast(${p.address} as text), "callback_url")`
      : sql<string>`"callback_url"`;
    return db
      .insertInto('callbacks')
      .columns([
        'id',
        'merchant_id',
        'order_id',
        'operation',
        'url',
        'params',
        'state',
        'attempts',
        'next_attempt_at_ms',
        'claimed_until_ms',
        'last_error',
        'created_at_ms',
        'delivered_at_ms',
        'request_id',
      ])
      .expression(
        db
          .selectFrom('merchants')
          .select([
            sql<string>`cast(${p.id} as text)`.as('id'),
            sql<string>`cast(${p.merchant_id} as text)`.as('merchant_id'),
            sql<string | null>`cast(${p.order_id} as text)`.as('order_id'),
            sql<string>`cast(${p.operation} as text)`.as('operation'),
            url.as('url'),
            sql<string>`cast(${p.params} as text)`.as('params'),
            sql<string>`cast(${p.state} as text)`.as('state'),
            sql<number>`cast(${p.attempts} as integer)`.as('attempts'),
            sql<number>`cast(${p.next_attempt_at_ms} as bigint)`.as('next_attempt_at_ms'),
            sql<number | null>`cast(${p.claimed_until_ms} as bigint)`.as('claimed_until_ms'),
            sql<string | null>`cast(${p.last_error} as text)`.as('last_error'),
            sql<number>`cast(${p.created_at_ms} as bigint)`.as('created_at_ms'),
            sql<number | null>`cast(${p.delivered_at_ms} as bigint)`.as('delivered_at_ms'),
            sql<string | null>`cast(${p.request_id} as text)`.as('request_id'),
          ])
          .where('id', '=', p.merchant_id)
          .where(url, 'is not', null),
      );
  });
}

const ENQUEUE_TO_STATIC_ADDRESS = enqueueToMerchantQuery(false);
const ENQUEUE_TO_DYNAMIC_ADDRESS = enqueueToMerchantQuery(true);
