import type { OrderRecord } from './order-record.js';

/**
 * What the console's order list and order page show, as the store reads them: plain read models
 * the store's queries fill and the console's services hand to its pages (decision 0153).
 */

/** A position in the console's list order, (created_at_ms, id). */
export interface Keyset {
  readonly createdAtMs: number;
  readonly id: string;
}

export type ConsoleOrderSummary = Pick<
  OrderRecord,
  | 'id'
  | 'merchant_id'
  | 'order_number'
  | 'amount_minor'
  | 'currency'
  | 'status'
  | 'action_code'
  | 'approved_minor'
  | 'deposited_minor'
  | 'refunded_minor'
  | 'created_at_ms'
  | 'updated_at_ms'
  | 'card_masked_pan'
  | 'card_network'
  | 'payment_way'
  | 'p2p_type'
  | 'dcc_currency'
  | 'dcc_amount_minor'
  | 'email'
  | 'client_id'
  | 'rrn'
  | 'approval_code'
>;

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

export interface MovementRow {
  readonly id: string;
  readonly order_id: string;
  readonly kind: string;
  readonly state: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly action_code: number;
  readonly rrn: string | null;
  readonly approval_code: string | null;
  readonly created_at_ms: number;
  readonly completed_at_ms: number | null;
  /** The acquirer's references of the order's payment (the network's and the authorization's). */
  readonly payment_net_ref_num: string | null;
  readonly auth_ref_num: string | null;
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
  readonly ares_reason: string | null;
  readonly rreq_status: string | null;
  readonly rreq_reason: string | null;
  readonly challenge_cancel: string | null;
  readonly ds_trans_id: string | null;
  readonly acs_trans_id: string | null;
  readonly eci: string | null;
  readonly created_at_ms: number;
  readonly updated_at_ms: number;
}

/**
 * The orders a filter no index serves is searched among per request (the list tells the operator
 * so): the newest of those the
 * indexed filters give (or the next ones from the keyset). A request reads a window's rows twice
 * (its page's window, and the first window for the count): where those rows lie far apart in the table
 * (one small merchant's orders among a million), each is a page read of its own, and 10,000 of
 * them took one request over 100 ms at a million orders (issue 43); 2,000 keep it near 20 ms.
 */
export const WINDOW_ROWS = 2_000;
