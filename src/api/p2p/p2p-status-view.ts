import { actionCodeDescription } from '../rest/order-status-view.js';
import type { OperationContext } from '../operation.js';
import type { OrderOperationRow, OrderRow } from '../../store/schema.js';

/** How operationList names each leg of a transfer (p2p-api.md leaves the values open). */
const OPERATION_TYPE: Readonly<Record<string, string>> = {
  debit: 'DEBIT',
  transferCredit: 'CREDIT',
  debitReversal: 'REVERSAL',
};

/** The newest status version (p2p-api.md Versioning): what a request without `version` gets. */
export const STATUS_VERSION_LATEST = 9;

function parsed<T>(text: string | null): T | undefined {
  return text === null ? undefined : (JSON.parse(text) as T);
}

/**
 * The status resource of p2p-api.md (getP2PStatus.do, and statusResponse of the perform calls).
 * `resultCode` is the result of the request itself (0: the status was read); the transfer's own
 * result is `orderStatus` and each leg's `resultCode` in operationList.
 */
export function p2pStatusView(
  order: OrderRow,
  legs: readonly OrderOperationRow[],
  context: OperationContext,
  version = STATUS_VERSION_LATEST,
): Record<string, unknown> {
  const details = parsed<{ params?: { name: string; value: string }[] }>(order.p2p_details) ?? {};
  const view: Record<string, unknown> = {
    errorCode: '0',
    errorMessage: context.message('success'),
    orderStatus: order.status,
    orderNumber: order.order_number,
    ...(order.card_masked_pan === null ? {} : { panMaskedFrom: order.card_masked_pan }),
    ...(order.to_masked_pan === null ? {} : { panMaskedTo: order.to_masked_pan }),
    amount: order.amount_minor,
    currency: order.currency,
    creationDate: order.created_at_ms,
    ...(order.description === null ? {} : { orderDescription: order.description }),
    ...(order.ip === null ? {} : { ip: order.ip }),
    resultCode: 0,
    ...(order.rrn === null ? {} : { rrn: order.rrn }),
    ...(order.binding_id === null || version < 3 ? {} : { binding: order.binding_id }),
    ...(order.payment_net_ref_num === null || version < 7
      ? {}
      : { paymentNetRefNum: order.payment_net_ref_num }),
    ...(order.fee_minor === null || order.fee_minor === 0 ? {} : { feeAmount: order.fee_minor }),
    orderParams: Object.fromEntries((details.params ?? []).map(({ name, value }) => [name, value])),
    operationList: legs
      .filter((leg) => leg.state !== 'pending' && OPERATION_TYPE[leg.kind] !== undefined)
      .map((leg) => ({
        operationType: OPERATION_TYPE[leg.kind],
        amount: leg.amount_minor,
        currency: leg.currency,
        datetime: String(leg.completed_at_ms ?? leg.created_at_ms),
        resultCode: String(leg.action_code),
        resultCodeDescription: actionCodeDescription(leg.action_code, context),
        maskedPan:
          leg.kind === 'transferCredit' ? (order.to_masked_pan ?? '') : (order.card_masked_pan ?? ''),
        ...(leg.approval_code === null ? {} : { approvalCode: leg.approval_code }),
        ...(leg.rrn === null ? {} : { refNum: leg.rrn }),
      })),
  };
  return view;
}
