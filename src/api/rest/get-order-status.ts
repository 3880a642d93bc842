import { LANGUAGES } from '../../i18n/languages.js';
import type { OrderQuery } from '../../services/order-query.js';
import { defineOperation, type Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { oneOf, text } from '../params/scalar-types.js';
import { ORDER_STATUS_EXTENDED_SCHEMA, ORDER_STATUS_LEGACY_SCHEMA } from './order-status-schemas.js';
import { orderStatusExtendedView, orderStatusLegacyView } from './order-status-view.js';

/** gateway-facts §2.6: `orderId` or `orderNumber` (orderId wins), optional `language` and `merchantLogin`. */
export const ORDER_STATUS_PARAMS = [
  param('orderId', 'conditional', text(1, 36)),
  param('orderNumber', 'conditional', text(1, 36)),
  param('language', 'optional', oneOf(LANGUAGES)),
  param('merchantLogin', 'optional', text(1, 255)),
] as const;

export function getOrderStatusExtended(query: OrderQuery): Operation {
  return defineOperation({
    path: '/payment/rest/getOrderStatusExtended.do',
    encoding: 'form',
    envelope: 'rest',
    summary: 'Returns the status of an order with its amounts, card, payer and cart data',
    params: ORDER_STATUS_PARAMS,
    onBehalfParam: 'merchantLogin',
    answer: ORDER_STATUS_EXTENDED_SCHEMA,
    fastAnswer: true,
    async handle(params, context) {
      const order = await query.find(context.merchant, params);
      return orderStatusExtendedView(order, context, await query.refundsOf(order));
    },
  });
}

export function getOrderStatus(query: OrderQuery): Operation {
  return defineOperation({
    path: '/payment/rest/getOrderStatus.do',
    encoding: 'form',
    envelope: 'legacyStatus',
    summary: 'Returns the status of an order in the legacy block with capitalised member names',
    params: ORDER_STATUS_PARAMS,
    onBehalfParam: 'merchantLogin',
    answer: ORDER_STATUS_LEGACY_SCHEMA,
    async handle(params, context) {
      const order = await query.find(context.merchant, params);
      return orderStatusLegacyView(order, context);
    },
  });
}
