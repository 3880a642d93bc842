import { SqliteAdapter, sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { UNPAID } from '../domain/order-status.js';
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
  /** The masked card number's last four characters (the console checks four digits). */
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

/** More merchants than this are filtered with `in` (one query part per merchant up to it). */
const MERCHANTS_APART = 50;

/**
 * The merchants a list is limited to: the operator's limit, narrowed to the merchant filter;
 * undefined for every merchant.
 */
function merchantsOf(filter: ConsoleOrderFilter): readonly string[] | undefined {
  const { merchantId, merchantIds } = filter;
  if (merchantId === undefined) return merchantIds === undefined ? undefined : [...new Set(merchantIds)];
  return merchantIds === undefined || merchantIds.includes(merchantId) ? [merchantId] : [];
}

function newestFirst<Q extends SelectQueryBuilder<Database, 'orders', ConsoleOrderSummary>>(
  query: Q,
  limit: number,
) {
  return query.orderBy('orders.created_at_ms', 'desc').orderBy('orders.id', 'desc').limit(limit);
}

/**
 * The console's reads of orders. The list is keyset-paginated newest first on (created_at_ms, id):
 * each page starts from an index position, so the hundredth page costs what the first does. Every
 * read is limited to the operator's merchants by the caller.
 */
export class ConsoleOrderRepository {
  private readonly sqlite: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  async list(filter: ConsoleOrderFilter): Promise<ConsoleOrderSummary[]> {
    const merchants = merchantsOf(filter);
    if (merchants !== undefined && merchants.length === 0) return [];
    if (merchants === undefined || merchants.length === 1 || merchants.length > MERCHANTS_APART)
      return newestFirst(this.filtered(filter, merchants), filter.limit).execute();
    // Several merchants: each one's page from `orders_report_created` (merchant_id, created_at_ms,
    // id), merged. `merchant_id in (...)` has no index that gives its rows in the list's order, so
    // SQLite took the order-number index and sorted every order of those merchants, and
    // PostgreSQL reads the whole list's order until it has skipped every other merchant.
    const [first, ...others] = merchants.map((merchantId) =>
      this.db
        .selectFrom(newestFirst(this.filtered(filter, [merchantId]), filter.limit).as('page'))
        .selectAll(),
    );
    return others
      .reduce((union, page) => union.unionAll(page), first!)
      .orderBy('created_at_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .execute();
  }

  /**
   * The filters, each one as an index can serve it (migrations 0008, 0019, 0020), within
   * `merchants` (undefined: every merchant).
   *
   * SQLite keeps no statistics here, so where two indexes could lead it picks by their shape, and
   * picked badly in the cases below (each measured at a million orders): there the repository
   * writes the term that must not lead with a unary plus, which SQLite cannot search an index
   * with. PostgreSQL chooses by its statistics and gets the plain terms.
   */
  private filtered(filter: ConsoleOrderFilter, merchants: readonly string[] | undefined) {
    let query =
      filter.needsAttention === true ? this.waiting() : this.db.selectFrom('orders').select(SUMMARY_COLUMNS);
    const unpaid = filter.status !== undefined && UNPAID.some((status) => status === filter.status);
    if (merchants !== undefined) {
      // One merchant and an unpaid status: the few unpaid orders (`orders_status_expiry`) lead;
      // SQLite had read the whole merchant's index for them.
      const merchant =
        this.sqlite && unpaid
          ? sql<string>`+${sql.ref('orders.merchant_id')}`
          : sql.ref('orders.merchant_id');
      query =
        merchants.length === 1
          ? query.where(merchant, '=', merchants[0]!)
          : query.where(merchant, 'in', merchants);
    } else if (filter.orderNumber !== undefined && filter.orderId === undefined) {
      // An order number is unique per merchant: each merchant's (merchant_id, order_number) key,
      // where the number alone, in no index, read every order.
      query = query.where('orders.merchant_id', 'in', (eb) =>
        eb.selectFrom('merchants').select('merchants.id'),
      );
    }
    if (filter.orderId !== undefined) query = query.where('orders.id', '=', filter.orderId);
    if (filter.orderNumber !== undefined) query = query.where('orders.order_number', '=', filter.orderNumber);
    if (filter.status !== undefined) {
      if (this.sqlite && merchants?.length === 1 && !unpaid) {
        // One merchant's orders of a paid status are read from the merchant's index, which holds
        // the status too (`orders_report_created`): the rows it skips are skipped inside the index,
        // never more than the merchant has. SQLite took `orders_console_status` and looked every
        // order of the status up in the table for its merchant (all the gateway's deposited
        // orders for a small merchant's last page).
        query = query.where(sql<number>`+${sql.ref('orders.status')}`, '=', filter.status);
      } else {
        query = query.where('orders.status', '=', filter.status);
        // `orders_console_status` holds every status but the unpaid ones (0, 5); its condition,
        // repeated literally, lets both engines use it, when the status is to lead: not beside
        // the rarer filters (an id, an order number, the last four digits, steps waiting for a
        // person), which SQLite had then read through the status. Unpaid orders are few (the
        // expiry job declines them): `orders_status_expiry` finds them and they are sorted.
        const rarer =
          filter.orderId !== undefined ||
          filter.orderNumber !== undefined ||
          filter.lastFour !== undefined ||
          filter.needsAttention === true;
        if (!unpaid && !rarer) query = query.where(sql<boolean>`orders.status not in (0, 5)`);
      }
    }
    if (filter.fromMs !== undefined) query = query.where('orders.created_at_ms', '>=', filter.fromMs);
    if (filter.toMs !== undefined) query = query.where('orders.created_at_ms', '<', filter.toMs);
    if (filter.minAmount !== undefined) query = query.where('orders.amount_minor', '>=', filter.minAmount);
    if (filter.maxAmount !== undefined) query = query.where('orders.amount_minor', '<=', filter.maxAmount);
    if (filter.currency !== undefined) query = query.where('orders.currency', '=', filter.currency);
    if (filter.lastFour !== undefined) {
      // The expression of `orders_console_last_four`, character for character (an expression index
      // serves only its own expression); `is not null` is that index's condition. Equal to the
      // masked number's last characters, where `like '%1234'` read the whole table.
      const lastFour = filter.lastFour;
      query = query
        .where('orders.card_masked_pan', 'is not', null)
        .where(
          sql<string>`substr(orders.card_masked_pan, length(orders.card_masked_pan) - 3)`,
          '=',
          lastFour,
        );
    }
    if (filter.paymentWay !== undefined) query = query.where('orders.payment_way', '=', filter.paymentWay);
    if (filter.p2pType !== undefined) query = query.where('orders.p2p_type', '=', filter.p2pType);
    if (filter.dcc !== undefined)
      query = query.where('orders.dcc_currency', filter.dcc ? 'is not' : 'is', null);
    const after = filter.after;
    if (after !== undefined) {
      // A row value: one range of (created_at_ms, id) for the index on both engines, where the
      // same test spelled with `or` made SQLite merge two index searches and sort their rows.
      query = query.where((eb) =>
        eb(eb.refTuple('orders.created_at_ms', 'orders.id'), '<', eb.tuple(after.createdAtMs, after.id)),
      );
    }
    return query;
  }

  /**
   * The orders of the money steps waiting for a person: the steps come from
   * `order_operations_open` (partial: state in ('pending', 'needsAttention'), a condition the query
   * repeats in literals so both engines may use the index), and each step's order by its key. They
   * are few, so sorting them is cheap; `exists` for each order had walked the whole list (every
   * order of the gateway, or of the merchant or status filtered by) to find them. CROSS JOIN keeps
   * SQLite's loops in that order (its documented way to fix the outer table); PostgreSQL plans it
   * as any inner join.
   */
  private waiting(): SelectQueryBuilder<Database, 'orders', ConsoleOrderSummary> {
    const steps = this.db
      .selectFrom('order_operations')
      .select('order_operations.order_id')
      .distinct()
      .where(sql<boolean>`order_operations.state in ('pending', 'needsAttention')`)
      .where(sql<boolean>`order_operations.state = 'needsAttention'`);
    return this.db
      .selectFrom(steps.as('waiting'))
      .crossJoin('orders')
      .whereRef('orders.id', '=', 'waiting.order_id')
      .select(SUMMARY_COLUMNS);
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
