import type { Keyset } from '../domain/console-order-views.js';
import type { SearchKey } from '../domain/console-search-key.js';

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
  /** What the search box was read as: orders any of these keys names. */
  readonly search?: readonly SearchKey[];
  /** Keyset: orders created before this one (newest first). */
  readonly after?: Keyset;
  /** Keyset: orders created after this one (the page nearest to it). */
  readonly before?: Keyset;
  readonly limit: number;
}

export const SUMMARY_COLUMNS = [
  'orders.id',
  'orders.merchant_id',
  'orders.order_number',
  'orders.amount_minor',
  'orders.currency',
  'orders.status',
  'orders.action_code',
  'orders.approved_minor',
  'orders.deposited_minor',
  'orders.refunded_minor',
  'orders.created_at_ms',
  'orders.updated_at_ms',
  'orders.card_masked_pan',
  'orders.card_network',
  'orders.payment_way',
  'orders.p2p_type',
  'orders.dcc_currency',
  'orders.dcc_amount_minor',
  'orders.email',
  'orders.client_id',
  'orders.rrn',
  'orders.approval_code',
] as const;

/**
 * Filters that no index gives in the list's order: on their own they would read the table until
 * a page is full, all of it when nothing matches.
 */
export function unindexedOf(filter: ConsoleOrderFilter): boolean {
  return (
    filter.minAmount !== undefined ||
    filter.maxAmount !== undefined ||
    filter.currency !== undefined ||
    filter.paymentWay !== undefined ||
    filter.p2pType !== undefined ||
    filter.dcc !== undefined
  );
}

/** Filters whose own index names few orders (a key): nothing else needs bounding beside them. */
export function keyedOf(filter: ConsoleOrderFilter): boolean {
  return (
    (filter.search?.length ?? 0) > 0 ||
    filter.orderId !== undefined ||
    filter.orderNumber !== undefined ||
    filter.lastFour !== undefined ||
    filter.needsAttention === true
  );
}

/** The filter without its unindexed members: what bounds the window they are searched in. */
export function indexedPartOf(filter: ConsoleOrderFilter): ConsoleOrderFilter {
  return {
    ...filter,
    minAmount: undefined,
    maxAmount: undefined,
    currency: undefined,
    paymentWay: undefined,
    p2pType: undefined,
    dcc: undefined,
  };
}
