import type { OrderRecord } from '../../domain/order-record.js';
import type { OperationContext } from '../operation.js';
import { orderStatusExtendedView } from '../rest/order-status-view.js';

/**
 * The wallet order status block (merchant-api.md, "Wallet order status block"): lower-case
 * members, the masked device-linked number as `cardAuthInfo.pan`, and the issuing country's name
 * in the request language. The sandbox network does not detokenize, so the detokenized number and
 * expiry are those of the card that was charged (docs/decisions/0076-wallet-a-payments.md).
 */
export function walletOrderStatusView(
  order: OrderRecord,
  context: OperationContext,
): Record<string, unknown> {
  const extended = orderStatusExtendedView(order, context);
  const amounts = extended.paymentAmountInfo as Record<string, unknown>;
  const payer = extended.payerData as Record<string, unknown> | undefined;
  return {
    errorCode: '0',
    errorMessage: context.message('success'),
    orderNumber: order.order_number,
    orderStatus: order.status,
    actionCode: String(order.action_code),
    // Typed String [1..512]: an action code without a text (0, approved) has no member.
    ...(extended.actionCodeDescription === ''
      ? {}
      : { actionCodeDescription: extended.actionCodeDescription }),
    amount: order.amount_minor,
    currency: order.currency,
    date: order.created_at_ms,
    ...(order.ip === null ? {} : { ip: order.ip }),
    merchantOrderParams: extended.merchantOrderParams,
    attributes: extended.attributes,
    cardAuthInfo:
      order.card_masked_pan === null
        ? {}
        : {
            ...(order.card_expiry === null ? {} : { expiration: Number(order.card_expiry) }),
            ...(order.card_holder === null || order.card_holder === ''
              ? {}
              : { cardholderName: order.card_holder.slice(0, 26) }),
            ...(order.approval_code === null ? {} : { approvalCode: order.approval_code }),
            pan: order.card_masked_pan,
            detokenizedPanRepresentation: order.card_masked_pan,
            ...(order.card_expiry === null ? {} : { detokenizedPanExpiryDate: order.card_expiry }),
          },
    ...(order.auth_at_ms === null ? {} : { authDateTime: order.auth_at_ms }),
    ...(order.terminal_id === null ? {} : { terminalId: order.terminal_id }),
    ...(order.auth_ref_num === null ? {} : { authRefNum: order.auth_ref_num }),
    paymentAmountInfo: {
      paymentState: amounts.paymentState,
      approvedAmount: order.approved_minor,
      depositedAmount: order.deposited_minor,
      refundedAmount: order.refunded_minor,
      totalAmount: order.amount_minor + (order.fee_minor ?? 0),
    },
    bankInfo: { bankCountryName: context.message('bank.countryUnknown') },
    // Listed without condition in the wallet table: always sent, empty when nothing is known
    // (paymentAccountReference, its one member there, comes from no token the gateway opens).
    payerData: payer ?? {},
  };
}
