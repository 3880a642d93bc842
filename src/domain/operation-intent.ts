import { ACTION_CODE } from './action-codes.js';
import type { OperationRecord } from './operation-record.js';

/** What a new operation row records of its intent. */
export interface OperationIntent {
  readonly id: string;
  /** The order the operation moves money on: the order row's own columns. */
  readonly order: { readonly id: string; readonly merchant_id: string; readonly currency: string };
  readonly kind: string;
  readonly amountMinor: number;
  readonly nowMs: number;
  readonly externalId?: string | undefined;
  /** JSON of what the request carried besides the amount. */
  readonly details?: string | null;
  /** JSON of what a full reversal zeroed. */
  readonly prior?: string | null;
  /** The movement in the order's DCC currency, for orders paid with conversion. */
  readonly dccAmountMinor?: number | null;
}

/** An operation row as written before the acquirer is called: pending, in the start state. */
export function pendingOperationRow(intent: OperationIntent): OperationRecord {
  return {
    id: intent.id,
    order_id: intent.order.id,
    merchant_id: intent.order.merchant_id,
    kind: intent.kind,
    state: 'pending',
    amount_minor: intent.amountMinor,
    currency: intent.order.currency,
    action_code: ACTION_CODE.started,
    rrn: null,
    approval_code: null,
    external_id: intent.externalId ?? null,
    details: intent.details ?? null,
    prior: intent.prior ?? null,
    dcc_amount_minor: intent.dccAmountMinor ?? null,
    created_at_ms: intent.nowMs,
    completed_at_ms: null,
  };
}
