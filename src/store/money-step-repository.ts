import type { Kysely } from 'kysely';
import type { Executor } from '../store-engine/index.js';
import type { Database, StepResolutionRow, StepRow } from './schema.js';

/** A step left for a person, with the order it belongs to. */
export interface AttentionStep extends StepRow {
  readonly order_number: string;
  readonly card_masked_pan: string | null;
  readonly merchant_login: string;
}

/** A due step, with the merchant whose clock its dates are read on. */
export type DueStep = StepRow & { readonly merchant_id: string };

/**
 * The money engine's bookkeeping on operation rows: which steps are due, the lease a node takes
 * on one before it sends it, the backoff after a failed try, and the end state `needsAttention`.
 * Every change is a guarded update on a pending step, so a step finished meanwhile (by the live
 * call, or by another node) is never touched.
 */
export class MoneyStepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Pending steps of `kinds` that are due: first tried once the live call's deadline passed
   * (created before `olderThanMs`), then at their `next_attempt_at_ms`; never one a node holds.
   * Oldest first; the lease decides who sends each.
   */
  async due(
    kinds: readonly string[],
    nowMs: number,
    olderThanMs: number,
    limit: number,
    merchantId?: string,
  ): Promise<DueStep[]> {
    let query = this.db
      .selectFrom('order_operations')
      .innerJoin('orders', 'orders.id', 'order_operations.order_id')
      .selectAll('order_operations')
      .select('orders.merchant_id')
      .where('order_operations.state', '=', 'pending')
      .where('order_operations.kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('order_operations.next_attempt_at_ms', 'is', null),
            eb('order_operations.created_at_ms', '<', olderThanMs),
          ]),
          eb('order_operations.next_attempt_at_ms', '<=', nowMs),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('order_operations.claimed_until_ms', 'is', null),
          eb('order_operations.claimed_until_ms', '<', nowMs),
        ]),
      );
    if (merchantId !== undefined) query = query.where('orders.merchant_id', '=', merchantId);
    return query.orderBy('order_operations.created_at_ms').limit(limit).execute();
  }

  /** Takes the step for this node until `untilMs` and counts the try; false when another holds it. */
  async lease(db: Executor, stepId: string, nowMs: number, untilMs: number): Promise<boolean> {
    const result = await db
      .updateTable('order_operations')
      .set((eb) => ({ claimed_until_ms: untilMs, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', stepId)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<', nowMs)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Gives the step back with the time of its next try and why this one failed. */
  async defer(db: Executor, stepId: string, nextAttemptAtMs: number, error: string): Promise<void> {
    await db
      .updateTable('order_operations')
      .set({ next_attempt_at_ms: nextAttemptAtMs, claimed_until_ms: null, last_error: error })
      .where('id', '=', stepId)
      .where('state', '=', 'pending')
      .execute();
  }

  /** Ends a step nothing automatic may finish; false when it was finished meanwhile. */
  async needsAttention(
    db: Executor,
    stepId: string,
    reason: string,
    nowMs: number,
    actionCode?: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('order_operations')
      .set({
        state: 'needsAttention',
        claimed_until_ms: null,
        last_error: reason,
        completed_at_ms: nowMs,
        ...(actionCode === undefined ? {} : { action_code: actionCode }),
      })
      .where('id', '=', stepId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Steps in `needsAttention` (or all that ever were, with `resolved`), oldest first. */
  async attention(includeResolved: boolean, limit: number): Promise<AttentionStep[]> {
    const states = includeResolved ? ['needsAttention', 'resolved'] : ['needsAttention'];
    return this.withTheirOrders()
      .where('s.state', 'in', states)
      .orderBy('s.created_at_ms')
      .limit(limit)
      .execute();
  }

  async attentionStep(stepId: string): Promise<AttentionStep | undefined> {
    return this.withTheirOrders().where('s.id', '=', stepId).executeTakeFirst();
  }

  /** Steps with what a person needs to find their order: its number, masked card and merchant. */
  private withTheirOrders() {
    return this.db
      .selectFrom('order_operations as s')
      .innerJoin('orders as o', 'o.id', 's.order_id')
      .innerJoin('merchants as m', 'm.id', 's.merchant_id')
      .selectAll('s')
      .select(['o.order_number', 'o.card_masked_pan', 'm.login as merchant_login']);
  }

  async resolution(stepId: string): Promise<StepResolutionRow | undefined> {
    return this.db
      .selectFrom('step_resolutions')
      .selectAll()
      .where('operation_id', '=', stepId)
      .executeTakeFirst();
  }

  /** Records what an operator did by hand; false when the step is not (or no longer) waiting for it. */
  async resolve(db: Executor, resolution: StepResolutionRow): Promise<boolean> {
    const result = await db
      .updateTable('order_operations')
      .set({ state: 'resolved' })
      .where('id', '=', resolution.operation_id)
      .where('state', '=', 'needsAttention')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return false;
    await db.insertInto('step_resolutions').values(resolution).execute();
    return true;
  }
}
