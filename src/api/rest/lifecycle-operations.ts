import { LANGUAGES } from '../../i18n/languages.js';
import { invalidParam, Refusal } from '../../domain/refusals.js';
import type { OrderLifecycle } from '../../services/order-lifecycle.js';
import type { OrderQuery } from '../../services/order-query.js';
import type { OrderRecord } from '../../domain/order-record.js';
import type { MovementSide } from '../../domain/dcc/movement-split.js';
import { defineOperation, type Operation, type OperationContext } from '../operation.js';
import { param } from '../params/param-table.js';
import { digitCode, digits, oneOf, text } from '../params/scalar-types.js';
import { cartItem } from '../params/shared-blocks.js';
import { array, jsonEncoded, object, req, stringMap } from '../params/structured-types.js';
import { REST_SUCCESS } from '../answers/success-members.js';

const cartLines = jsonEncoded(object({ items: req(array(cartItem, { min: 1 })) }));

const ORDER_REFERENCE = [
  param('orderId', 'conditional', text(1, 36)),
  param('orderNumber', 'conditional', text(1, 36)),
  param('merchantLogin', 'optional', text(1, 255)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** gateway-facts §2.1 */
export const DEPOSIT_PARAMS = [
  ...ORDER_REFERENCE,
  param('amount', 'mandatory', digits(0, 12), { note: '0 captures the whole approved amount' }),
  param('currency', 'optional', digitCode(3)),
  param('depositItems', 'optional', cartLines),
  param('jsonParams', 'optional', jsonEncoded(stringMap(255, 1024))),
] as const;

/** gateway-facts §2.2 */
export const REVERSE_PARAMS = [
  ...ORDER_REFERENCE,
  param('amount', 'optional', digits(0, 12), {
    note: 'partial reversal needs the permission partialReversal',
  }),
  param('currency', 'optional', digitCode(3)),
  param('jsonParams', 'optional', jsonEncoded(stringMap(255, 1024))),
] as const;

/** gateway-facts §2.3 */
export const REFUND_PARAMS = [
  ...ORDER_REFERENCE,
  param('amount', 'mandatory', digits(0, 12), { note: '0 refunds what is left of the deposited amount' }),
  param('currency', 'optional', digitCode(3)),
  param('expectedDepositedAmount', 'optional', digits(0, 12), {
    note: 'refund only if the order has this deposited amount',
  }),
  param('externalRefundId', 'optional', text(1, 32), {
    note: 'a repeated id answers success without refunding again',
  }),
  param('refundItems', 'optional', cartLines),
  param('jsonParams', 'optional', jsonEncoded(stringMap(255, 1024))),
] as const;

/** gateway-facts §2.4: both identifiers are mandatory. */
export const DECLINE_PARAMS = [
  param('orderId', 'mandatory', text(1, 36)),
  param('orderNumber', 'mandatory', text(1, 36)),
  param('merchantLogin', 'optional', text(1, 255)),
  param('language', 'optional', oneOf(LANGUAGES)),
] as const;

/** What a movement request carried besides the amount, kept with its operation row. */
function details(carried: Record<string, unknown>): Record<string, unknown> | undefined {
  const present = Object.entries(carried).filter(([, value]) => value !== undefined);
  return present.length === 0 ? undefined : Object.fromEntries(present);
}

function success(context: OperationContext): object {
  return { errorCode: '0', errorMessage: context.message('success') };
}

/**
 * The currency a movement's amount is named in (merchant-api.md DCC scenario 3): the order's own
 * by default, or the DCC currency of an order paid with conversion. Any other is a wrong value.
 */
function sideOf(order: OrderRecord, currency: string | undefined): MovementSide {
  if (currency === undefined || currency === order.currency) return 'original';
  if (order.dcc_currency !== null && currency === order.dcc_currency) return 'dcc';
  const values = order.dcc_currency === null ? order.currency : `${order.currency}, ${order.dcc_currency}`;
  throw invalidParam('currency', 'reason.oneOf', { values });
}

export function lifecycleOperations(query: OrderQuery, lifecycle: OrderLifecycle): Operation[] {
  return [
    defineOperation({
      path: '/payment/rest/deposit.do',
      encoding: 'form',
      envelope: 'rest',
      summary: 'Captures a held (pre-authorized) order, fully or partly, once',
      params: DEPOSIT_PARAMS,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: REST_SUCCESS,
      async handle(params, context) {
        const order = await query.findPurchase(context.merchant, params);
        const side = sideOf(order, params.currency);
        await lifecycle.deposit(order, params.amount, {
          details: details({ depositItems: params.depositItems, jsonParams: params.jsonParams }),
          side,
          requestId: context.requestId,
        });
        return success(context);
      },
    }),
    defineOperation({
      path: '/payment/rest/reverse.do',
      encoding: 'form',
      envelope: 'rest',
      summary: 'Reverses (cancels) a hold or a payment; partly only with the permission partialReversal',
      params: REVERSE_PARAMS,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: REST_SUCCESS,
      async handle(params, context) {
        const order = await query.findPurchase(context.merchant, params);
        const side = sideOf(order, params.currency);
        await lifecycle.reverse(context.merchant, order, params.amount, {
          details: details({ jsonParams: params.jsonParams }),
          side,
          requestId: context.requestId,
        });
        return success(context);
      },
    }),
    defineOperation({
      path: '/payment/rest/refund.do',
      encoding: 'form',
      envelope: 'rest',
      summary: 'Refunds a paid order, partly and repeatedly, up to the deposited amount',
      params: REFUND_PARAMS,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: REST_SUCCESS,
      async handle(params, context) {
        const order = await query.findPurchase(context.merchant, params);
        const side = sideOf(order, params.currency);
        await lifecycle.refund(order, params.amount, {
          side,
          expectedDepositedMinor: params.expectedDepositedAmount,
          externalRefundId: params.externalRefundId,
          details: details({ refundItems: params.refundItems, jsonParams: params.jsonParams }),
          requestId: context.requestId,
        });
        return success(context);
      },
    }),
    defineOperation({
      path: '/payment/rest/decline.do',
      encoding: 'form',
      envelope: 'rest',
      summary: 'Cancels an order that has not been paid',
      params: DECLINE_PARAMS,
      onBehalfParam: 'merchantLogin',
      mutates: true,
      answer: REST_SUCCESS,
      async handle(params, context) {
        const order = await query.findPurchase(context.merchant, { orderId: params.orderId });
        if (order.order_number !== params.orderNumber) throw new Refusal('ORDER_NOT_FOUND');
        await lifecycle.decline(order);
        return success(context);
      },
    }),
  ];
}
