import type { Kysely } from 'kysely';
import { ACTION_CODE } from '../domain/action-codes.js';
import { ORDER_STATUS, UNPAID } from '../domain/order-status.js';
import type { ExpiringOrder } from './order-columns.js';
import type { Executor } from '../store-engine/index.js';
import type { Database, OrderRow } from './schema.js';

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
  async dueForAutomaticAction(
    action: 'complete' | 'reverse',
    nowMs: number,
    limit: number,
  ): Promise<OrderRow[]> {
    const column = action === 'complete' ? 'auto_complete_at_ms' : 'auto_reverse_at_ms';
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', ORDER_STATUS.approved)
      .where(column, '<=', nowMs)
      .orderBy(column)
      .limit(limit)
      .execute();
  }

  async dueForExpiry(nowMs: number, limit: number): Promise<ExpiringOrder[]> {
    return this.db
      .selectFrom('orders')
      .select(['id', 'merchant_id', 'order_number', 'dynamic_callback_url'])
      .where('status', 'in', UNPAID)
      .where('payment_attempt_id', 'is', null)
      .where('expires_at_ms', '<=', nowMs)
      .orderBy('expires_at_ms')
      .limit(limit)
      .execute();
  }
}
