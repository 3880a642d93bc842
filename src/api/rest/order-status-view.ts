import { dccElement } from '../dcc/dcc-element.js';
import { ACTION_CODE } from '../../domain/action-codes.js';
import { DECLINE_REASONS } from '../../domain/decline-reasons.js';
import { isOrderStatus, PAYMENT_STATE_BY_STATUS } from '../../domain/order-status.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { OperationRecord } from '../../domain/operation-record.js';
import type { OperationContext } from '../operation.js';

const ACTION_CODE_TEXT: Readonly<Record<number, MessageKey>> = {
  [ACTION_CODE.awaitingPayment]: 'actionCode.awaitingPayment',
  [ACTION_CODE.paymentExpired]: 'actionCode.paymentExpired',
  [ACTION_CODE.threeDsFailed]: 'actionCode.threeDsFailed',
  [ACTION_CODE.acsNotReturned]: 'actionCode.acsNotReturned',
  [ACTION_CODE.threeDsUnavailable]: 'actionCode.threeDsUnavailable',
  [ACTION_CODE.challengeFailed]: 'actionCode.challengeFailed',
  [ACTION_CODE.threeDsRejected]: 'actionCode.threeDsRejected',
  // Where two reasons share a code (71015), the first listed describes it.
  ...Object.fromEntries(
    Object.values(DECLINE_REASONS)
      .reverse()
      .map((reason) => [reason.actionCode, reason.message]),
  ),
};

/** The card members a payment fills; empty before one. */
function cardAuthInfo(order: OrderRecord): Record<string, unknown> {
  if (order.card_masked_pan === null) {
    // Declined by 3-D Secure before any authorization: only the authentication result is known.
    return order.secure_auth === null ? {} : { secureAuthInfo: parsed(order.secure_auth) };
  }
  return {
    maskedPan: order.card_masked_pan,
    expiration: order.card_expiry,
    cardholderName: order.card_holder ?? '',
    ...(order.approval_code === null ? {} : { approvalCode: order.approval_code }),
    paymentSystem: order.card_network,
    pan: order.card_masked_pan,
    ...(order.secure_auth === null ? {} : { secureAuthInfo: parsed(order.secure_auth) }),
  };
}

/** The message that describes an action code, if the catalogue has one (the console's story uses it too). */
export function actionCodeMessage(actionCode: number): MessageKey | undefined {
  return ACTION_CODE_TEXT[actionCode];
}

export function actionCodeDescription(actionCode: number, context: OperationContext): string {
  const key = actionCodeMessage(actionCode);
  return key === undefined ? '' : context.message(key);
}

function parsed<T>(json: string | null): T | undefined {
  return json === null ? undefined : (JSON.parse(json) as T);
}

function paymentState(status: number): string {
  return isOrderStatus(status) ? PAYMENT_STATE_BY_STATUS[status] : 'CREATED';
}

/**
 * getOrderStatusExtended.do: the members of gateway-facts §2.6 at the newest version. Members a
 * payment fills (card, amounts, operations) are present with their empty shape until then.
 */
export function orderStatusExtendedView(
  order: OrderRecord,
  context: OperationContext,
  refunds: readonly OperationRecord[] = [],
): Record<string, unknown> {
  const jsonParams = parsed<Record<string, string>>(order.json_params) ?? {};
  const payerData: Record<string, string> = {};
  if (order.email !== null) payerData.email = order.email;
  if (order.post_address !== null) payerData.postAddress = order.post_address;
  const phone = parsed<{ orderPayerData?: { mobilePhone?: string } }>(order.payer_data)?.orderPayerData
    ?.mobilePhone;
  if (phone !== undefined) payerData.phone = phone;

  const view: Record<string, unknown> = {
    errorCode: '0',
    errorMessage: context.message('success'),
    orderNumber: order.order_number,
    orderStatus: order.status,
    actionCode: order.action_code,
    actionCodeDescription: actionCodeDescription(order.action_code, context),
    amount: order.amount_minor,
    currency: order.currency,
    date: order.created_at_ms,
    orderDescription: order.description ?? '',
    ...(order.ip === null ? {} : { ip: order.ip }),
    merchantOrderParams: Object.entries(jsonParams).map(([name, value]) => ({ name, value })),
    transactionAttributes: [],
    attributes: [{ name: 'mdOrder', value: order.id }],
    cardAuthInfo: cardAuthInfo(order),
    ...(order.client_id === null
      ? {}
      : {
          bindingInfo: {
            clientId: order.client_id,
            ...(order.binding_id === null ? {} : { bindingId: order.binding_id }),
          },
        }),
    ...(order.order_bundle === null ? {} : { orderBundle: parsed(order.order_bundle) }),
    ...(order.auth_at_ms === null ? {} : { authDateTime: order.auth_at_ms }),
    ...(order.terminal_id === null ? {} : { terminalId: order.terminal_id }),
    ...(order.auth_ref_num === null ? {} : { authRefNum: order.auth_ref_num }),
    ...(order.payment_way === null ? {} : { paymentWay: order.payment_way }),
    ...(order.payment_net_ref_num === null ? {} : { paymentNetRefNum: order.payment_net_ref_num }),
    ...(order.deposited_at_ms === null ? {} : { depositedDate: order.deposited_at_ms }),
    ...(order.reversed_at_ms === null ? {} : { reversedDate: order.reversed_at_ms }),
    ...(order.refunded_at_ms === null ? {} : { refundedDate: order.refunded_at_ms }),
    paymentAmountInfo: {
      paymentState: paymentState(order.status),
      approvedAmount: order.approved_minor,
      depositedAmount: order.deposited_minor,
      refundedAmount: order.refunded_minor,
      totalAmount: order.amount_minor + (order.fee_minor ?? 0),
      ...(order.fee_minor === null ? {} : { feeAmount: order.fee_minor }),
      ...(order.dcc_currency === null
        ? {}
        : {
            dccApprovedAmount: order.dcc_approved_minor,
            dccDepositedAmount: order.dcc_deposited_minor,
            dccRefundedAmount: order.dcc_refunded_minor,
          }),
    },
    ...dccView(order, context),
    bankInfo: { bankCountryCode: 'UNKNOWN', bankCountryName: '<UNKNOWN>' },
    ...(Object.keys(payerData).length === 0 ? {} : { payerData }),
    refunds: refunds.map((refund) => ({
      date: refund.completed_at_ms ?? refund.created_at_ms,
      actionCode: refund.action_code,
      referenceNumber: refund.rrn ?? '',
      amount: refund.amount_minor,
      ...(refund.dcc_amount_minor === null ? {} : { dccAmount: refund.dcc_amount_minor }),
      ...(refund.external_id === null ? {} : { externalRefundId: refund.external_id }),
      ...(refund.approval_code === null ? {} : { approvalCode: refund.approval_code }),
    })),
    chargeback: false,
  };
  return view;
}

/**
 * An order paid in the card's currency: the accepted conversion as `dccData`, the element shape of
 * dcc/calculate.do's reply plus the dccUuid
 * (docs/decisions/0087-dcc-calculations-lifetime-orders-status-and-callbacks.md: the family names
 * no member).
 */
function dccView(order: OrderRecord, context: OperationContext): { dccData?: Record<string, unknown> } {
  if (order.dcc_uuid === null || order.dcc_currency === null || order.dcc_amount_minor === null) return {};
  const shown = {
    currency: order.dcc_currency,
    amountMinor: order.dcc_amount_minor,
    rate: order.dcc_rate ?? '',
    directRate: order.dcc_direct_rate ?? '',
    feePercent: order.dcc_fee_percent ?? '',
  };
  return { dccData: { dccUuid: order.dcc_uuid, ...dccElement(shown, context.language) } };
}

/** getOrderStatus.do: the legacy block with its capitalised member names (gateway-facts §2.5). */
export function orderStatusLegacyView(
  order: OrderRecord,
  context: OperationContext,
): Record<string, unknown> {
  return {
    ErrorCode: '0',
    ErrorMessage: context.message('success'),
    OrderStatus: order.status,
    OrderNumber: order.order_number,
    Amount: order.amount_minor,
    currency: order.currency,
    ...(order.ip === null ? {} : { Ip: order.ip }),
    ...(order.card_expiry === null ? {} : { expiration: Number(order.card_expiry) }),
    ...(order.card_holder === null
      ? order.cardholder_name === null
        ? {}
        : { cardholderName: order.cardholder_name }
      : { cardholderName: order.card_holder.slice(0, 26) }),
    approvedAmount: order.approved_minor,
    depositAmount: order.deposited_minor,
    ...(order.approval_code === null ? {} : { approvalCode: order.approval_code }),
    authCode: 2,
    ...(order.card_masked_pan === null || order.auth_at_ms === null ? {} : { Pan: order.card_masked_pan }),
    ...(order.rrn === null ? {} : { rrn: Number(order.rrn) }),
    ...(order.payment_net_ref_num === null ? {} : { paymentNetRefNum: order.payment_net_ref_num }),
  };
}
