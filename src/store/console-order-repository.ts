import { sql, type Kysely } from 'kysely';
import type { CallbackAttemptRow, ConsoleAuditRow, Database, OrderPageVisitRow, OrderRow } from './schema.js';

/** What the console's order list filters by; every member optional (all orders). */
export interface ConsoleOrderFilter {
  /** Limit of the operator's merchants (always applied when set). */
  readonly merchantIds?: readonly string[];
  readonly merchantId?: string;
  readonly status?: number;
  readonly fromMs?: number;
  readonly toMs?: number;
  readonly minAmount?: number;
  readonly maxAmount?: number;
  readonly currency?: string;
  readonly orderNumber?: string;
  readonly orderId?: string;
  readonly lastFour?: string;
  readonly paymentWay?: string;
  readonly p2pType?: string;
  readonly dcc?: boolean;
  readonly needsAttention?: boolean;
  /** Keyset: orders created before this one (newest first). */
  readonly after?: { readonly createdAtMs: number; readonly id: string };
  readonly limit: number;
}

export type ConsoleOrderSummary = Pick<
  OrderRow,
  | 'id'
  | 'merchant_id'
  | 'order_number'
  | 'amount_minor'
  | 'currency'
  | 'status'
  | 'created_at_ms'
  | 'card_masked_pan'
  | 'payment_way'
  | 'p2p_type'
  | 'dcc_currency'
>;

const SUMMARY_COLUMNS = [
  'orders.id',
  'orders.merchant_id',
  'orders.order_number',
  'orders.amount_minor',
  'orders.currency',
  'orders.status',
  'orders.created_at_ms',
  'orders.card_masked_pan',
  'orders.payment_way',
  'orders.p2p_type',
  'orders.dcc_currency',
] as const;

export interface StoryOperation {
  readonly id: string;
  readonly kind: string;
  readonly state: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly dcc_amount_minor: number | null;
  readonly action_code: number;
  readonly rrn: string | null;
  readonly approval_code: string | null;
  readonly external_id: string | null;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly created_at_ms: number;
  readonly completed_at_ms: number | null;
  readonly resolution_note: string | null;
  readonly resolved_by: string | null;
  readonly resolved_at_ms: number | null;
}

export interface StoryCallback {
  readonly id: string;
  readonly operation: string;
  readonly state: string;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly created_at_ms: number;
  readonly delivered_at_ms: number | null;
  readonly next_attempt_at_ms: number;
  readonly request_id: string | null;
}

export interface StoryAuthentication {
  readonly id: string;
  readonly protocol: string;
  readonly message_version: string;
  readonly device_channel: string;
  readonly stage: string;
  readonly ares_status: string | null;
  readonly rreq_status: string | null;
  readonly eci: string | null;
  readonly created_at_ms: number;
  readonly updated_at_ms: number;
}

/**
 * The console's reads of orders. The list is keyset-paginated newest first on (created_at_ms, id):
 * each page starts from an index position, so the hundredth page costs what the first does. Every
 * read is limited to the operator's merchants by the caller.
 */
export class ConsoleOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(filter: ConsoleOrderFilter): Promise<ConsoleOrderSummary[]> {
    let query = this.db.selectFrom('orders').select(SUMMARY_COLUMNS);
    if (filter.merchantIds !== undefined) {
      if (filter.merchantIds.length === 0) return [];
      query = query.where('orders.merchant_id', 'in', filter.merchantIds);
    }
    if (filter.merchantId !== undefined) query = query.where('orders.merchant_id', '=', filter.merchantId);
    if (filter.orderId !== undefined) query = query.where('orders.id', '=', filter.orderId);
    if (filter.orderNumber !== undefined) query = query.where('orders.order_number', '=', filter.orderNumber);
    if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
    if (filter.fromMs !== undefined) query = query.where('orders.created_at_ms', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('orders.created_at_ms', '<', filter.toMs);
    if (filter.minAmount !== undefined) query = query.where('orders.amount_minor', '>=', filter.minAmount);
    if (filter.maxAmount !== undefined) query = query.where('orders.amount_minor', '<=', filter.maxAmount);
    if (filter.currency !== undefined) query = query.where('orders.currency', '=', filter.currency);
    if (filter.lastFour !== undefined)
      query = query.where('orders.card_masked_pan', 'like', `%${filter.lastFour}`);
    if (filter.paymentWay !== undefined) query = query.where('orders.payment_way', '=', filter.paymentWay);
    if (filter.p2pType !== undefined) query = query.where('orders.p2p_type', '=', filter.p2pType);
    if (filter.dcc !== undefined)
      query = query.where('orders.dcc_currency', filter.dcc ? 'is not' : 'is', null);
    if (filter.needsAttention === true) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_operations')
            .select(sql.lit(1).as('one'))
            .whereRef('order_operations.order_id', '=', 'orders.id')
            .where('order_operations.state', '=', 'needsAttention'),
        ),
      );
    }
    const after = filter.after;
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('orders.created_at_ms', '<', after.createdAtMs),
          eb.and([eb('orders.created_at_ms', '=', after.createdAtMs), eb('orders.id', '<', after.id)]),
        ]),
      );
    }
    return query
      .orderBy('orders.created_at_ms', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(filter.limit)
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
        'rreq_status',
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
