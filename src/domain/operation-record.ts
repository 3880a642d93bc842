/**
 * One money operation on an order (an authorization, capture, reversal, refund, debit or credit),
 * as it is recorded. The store's operation row is this shape (schema.ts, OrderOperationRow), so
 * the record the domain builds is the row the repositories write.
 */
export interface OperationRecord {
  id: string;
  order_id: string;
  merchant_id: string;
  /** authorization | capture | reversal | refund | credit (instantRefund.do) */
  kind: string;
  /**
   * pending (intent written before the acquirer call) | approved | declined | needsAttention
   * (nothing automatic finishes it: see money-steps) | resolved (an operator recorded what was done)
   */
  state: string;
  amount_minor: number;
  currency: string;
  action_code: number;
  rrn: string | null;
  approval_code: string | null;
  external_id: string | null;
  /** JSON of what the request carried with the movement (depositItems, refundItems, jsonParams). */
  details: string | null;
  /** A full reversal's undo: JSON of the order's status and amounts before it. */
  prior: string | null;
  /** The movement in the order's DCC currency (null for orders paid without conversion). */
  dcc_amount_minor: number | null;
  created_at_ms: number;
  completed_at_ms: number | null;
}
