import type {
  MovementRow,
  StoryAuthentication,
  StoryCallback,
  StoryOperation,
} from '../domain/console-order-views.js';
import type { Kysely } from 'kysely';
import type {
  CallbackAttemptRow,
  ConsoleAuditRow,
  Database,
  OrderPageVisitRow,
  OrderRow,
} from '../store/schema.js';

/**
 * The console's reads of one order's story (the list is ConsoleOrderList's). Every read is limited
 * to the operator's merchants by the caller.
 */
export class ConsoleOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Of these orders, those with a money step waiting for a person (`order_operations_order`). */
  async waitingAmong(orderIds: readonly string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('order_operations')
      .select('order_id')
      .distinct()
      .where('order_id', 'in', orderIds)
      .where('state', '=', 'needsAttention')
      .execute();
    return new Set(rows.map((row) => row.order_id));
  }

  /** Every money movement of these orders, with the order's network references, order by order. */
  async movements(orderIds: readonly string[]): Promise<MovementRow[]> {
    if (orderIds.length === 0) return [];
    return this.db
      .selectFrom('order_operations')
      .innerJoin('orders', 'orders.id', 'order_operations.order_id')
      .select([
        'order_operations.id',
        'order_operations.order_id',
        'order_operations.kind',
        'order_operations.state',
        'order_operations.amount_minor',
        'order_operations.currency',
        'order_operations.action_code',
        'order_operations.rrn',
        'order_operations.approval_code',
        'order_operations.created_at_ms',
        'order_operations.completed_at_ms',
        'orders.payment_net_ref_num',
        'orders.auth_ref_num',
      ])
      .where('order_operations.order_id', 'in', orderIds)
      .orderBy('order_operations.order_id')
      .orderBy('order_operations.created_at_ms')
      .execute();
  }

  async order(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async operations(orderId: string): Promise<StoryOperation[]> {
    return this.db
      .selectFrom('order_operations')
      .leftJoin('step_resolutions', 'step_resolutions.operation_id', 'order_operations.id')
      .select([
        'order_operations.id',
        'order_operations.kind',
        'order_operations.state',
        'order_operations.amount_minor',
        'order_operations.currency',
        'order_operations.dcc_amount_minor',
        'order_operations.action_code',
        'order_operations.rrn',
        'order_operations.approval_code',
        'order_operations.external_id',
        'order_operations.attempts',
        'order_operations.last_error',
        'order_operations.created_at_ms',
        'order_operations.completed_at_ms',
        'step_resolutions.note as resolution_note',
        'step_resolutions.resolved_by',
        'step_resolutions.resolved_at_ms',
      ])
      .where('order_operations.order_id', '=', orderId)
      .orderBy('order_operations.created_at_ms')
      .execute();
  }

  async callbacks(orderId: string): Promise<StoryCallback[]> {
    return this.db
      .selectFrom('callbacks')
      .select([
        'id',
        'operation',
        'state',
        'attempts',
        'last_error',
        'created_at_ms',
        'delivered_at_ms',
        'next_attempt_at_ms',
        'request_id',
      ])
      .where('order_id', '=', orderId)
      .orderBy('created_at_ms')
      .execute();
  }

  async authentications(orderId: string): Promise<StoryAuthentication[]> {
    return this.db
      .selectFrom('threeds_transactions')
      .select([
        'id',
        'protocol',
        'message_version',
        'device_channel',
        'stage',
        'ares_status',
        'ares_reason',
        'rreq_status',
        'rreq_reason',
        'challenge_cancel',
        'ds_trans_id',
        'acs_trans_id',
        'eci',
        'created_at_ms',
        'updated_at_ms',
      ])
      .where('order_id', '=', orderId)
      .orderBy('created_at_ms')
      .execute();
  }

  async visits(orderId: string): Promise<OrderPageVisitRow[]> {
    return this.db
      .selectFrom('order_page_visits')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('at_ms')
      .execute();
  }

  async callbackAttempts(callbackIds: readonly string[]): Promise<CallbackAttemptRow[]> {
    if (callbackIds.length === 0) return [];
    return this.db
      .selectFrom('callback_attempts')
      .selectAll()
      .where('callback_id', 'in', callbackIds)
      .orderBy('at_ms')
      .execute();
  }

  async audit(orderId: string): Promise<ConsoleAuditRow[]> {
    return this.db
      .selectFrom('console_audit')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('at_ms')
      .execute();
  }

  /** The order a callback reports, for a replay's scope check. */
  async callback(
    id: string,
  ): Promise<{ id: string; merchant_id: string; order_id: string | null } | undefined> {
    return this.db
      .selectFrom('callbacks')
      .select(['id', 'merchant_id', 'order_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
