import type { Kysely } from 'kysely';
import { ACTION_CODE } from '../domain/action-codes.js';
import { ORDER_STATUS, UNPAID } from '../domain/order-status.js';
import type { ExpiringOrder } from './order-columns.js';
import type { Executor } from '../store-engine/index.js';
import type { Database, OrderRow } from './schema.js';

/** An unpaid order past its lifetime, and when that lifetime ended. */
export type DueExpiry = ExpiringOrder & Pick<OrderRow, 'expires_at_ms'>;

/** Orders whose time has come: unpaid ones past their lifetime, holds due for automatic action. */
export class OrderDeadlineRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Declines one registered order whose lifetime is over. Guarded by status and deadline, so a
   * payment that wins the race is never overwritten. Returns whether this call made the change.
   */
  async expireOne(db: Executor, orderId: string, nowMs: number): Promise<boolean> {
    // A customer who went to the ACS and never came back is told apart (gateway-facts §5.2).
    const result = await db
      .updateTable('orders')
      .set((eb) => ({
        status: ORDER_STATUS.declined,
        action_code: eb
          .case()
          .when('status', '=', ORDER_STATUS.acsStarted)
          .then(ACTION_CODE.acsNotReturned)
          .else(ACTION_CODE.paymentExpired)
          .end(),
        updated_at_ms: nowMs,
      }))
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '<=', nowMs)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Sandbox: ends an unpaid order's lifetime now, so expireOne may take it. */
  static async endLifetime(db: Executor, orderId: string, nowMs: number): Promise<void> {
    await db
      .updateTable('orders')
      .set({ expires_at_ms: nowMs })
      .where('id', '=', orderId)
      .where('status', 'in', UNPAID)
      .where('expires_at_ms', '>', nowMs)
      .execute();
  }

  /** Holds whose automatic capture (or reversal) time has come, oldest first. */
  /** `merchantId`: that merchant's alone (its test clock's pass), read from the same index. */
  async dueForAutomaticAction(
    action: 'complete' | 'reverse',
    nowMs: number,
    limit: number,
    merchantId?: string,
  ): Promise<OrderRow[]> {
    return this.dueForAutomaticActionQuery(action, nowMs, limit, merchantId).execute();
  }

  /** The query of dueForAutomaticAction, unexecuted: a test reads its plan. */
  dueForAutomaticActionQuery(
    action: 'complete' | 'reverse',
    nowMs: number,
    limit: number,
    merchantId?: string,
  ) {
    const column = action === 'complete' ? 'auto_complete_at_ms' : 'auto_reverse_at_ms';
    let query = this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', ORDER_STATUS.approved)
      .where(column, '<=', nowMs);
    if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
    return query.orderBy(column).limit(limit);
  }

  async dueForExpiry(nowMs: number, limit: number, merchantId?: string): Promise<DueExpiry[]> {
    return this.dueForExpiryQuery(nowMs, limit, merchantId).execute();
  }

  /** The query of dueForExpiry, unexecuted: a test reads its plan. */
  dueForExpiryQuery(nowMs: number, limit: number, merchantId?: string) {
    let query = this.db
      .selectFrom('orders')
      .select(['id', 'merchant_id', 'order_number', 'dynamic_callback_url', 'expires_at_ms'])
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '<=', nowMs);
    if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
    return query.orderBy('expires_at_ms').limit(limit);
  }
}
