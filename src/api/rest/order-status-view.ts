import { ACTION_CODE } from '../../domain/action-codes.js';
import { isOrderStatus, PAYMENT_STATE_BY_STATUS } from '../../domain/order-status.js';
import type { MessageKey } from '../../i18n/messages-en.js';
import type { OrderRow } from '../../store/schema.js';
import type { OperationContext } from '../operation.js';

const ACTION_CODE_TEXT: Readonly<Record<number, MessageKey>> = {
  [ACTION_CODE.awaitingPayment]: 'actionCode.awaitingPayment',
  [ACTION_CODE.paymentExpired]: 'actionCode.paymentExpired',
};

export function actionCodeDescription(actionCode: number, context: OperationContext): string {
  const key = ACTION_CODE_TEXT[actionCode];
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
export function orderStatusExtendedView(order: OrderRow, context: OperationContext): Record<string, unknown> {
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
    cardAuthInfo: {},
    ...(order.client_id === null
      ? {}
      : {
          bindingInfo: {
            clientId: order.client_id,
            ...(order.binding_id === null ? {} : { bindingId: order.binding_id }),
          },
        }),
    ...(order.order_bundle === null ? {} : { orderBundle: parsed(order.order_bundle) }),
    paymentAmountInfo: {
      paymentState: paymentState(order.status),
      approvedAmount: 0,
      depositedAmount: 0,
      refundedAmount: 0,
      totalAmount: order.amount_minor + (order.fee_minor ?? 0),
      ...(order.fee_minor === null ? {} : { feeAmount: order.fee_minor }),
    },
    bankInfo: { bankCountryCode: 'UNKNOWN', bankCountryName: '<UNKNOWN>' },
    ...(Object.keys(payerData).length === 0 ? {} : { payerData }),
    refunds: [],
    chargeback: false,
  };
  return view;
}

/** getOrderStatus.do: the legacy block with its capitalised member names (gateway-facts §2.5). */
export function orderStatusLegacyView(order: OrderRow, context: OperationContext): Record<string, unknown> {
  return {
    ErrorCode: '0',
    ErrorMessage: context.message('success'),
    OrderStatus: order.status,
    OrderNumber: order.order_number,
    Amount: order.amount_minor,
    currency: order.currency,
    ...(order.ip === null ? {} : { Ip: order.ip }),
    ...(order.cardholder_name === null ? {} : { cardholderName: order.cardholder_name }),
    approvedAmount: 0,
    depositAmount: 0,
    authCode: 2,
  };
}
