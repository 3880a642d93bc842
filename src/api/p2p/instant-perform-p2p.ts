import { Refusal } from '../../domain/refusals.js';
import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { text } from '../params/scalar-types.js';
import { checkFundingOrder } from './funding-order.js';
import { creditedCard, debitedCard } from './p2p-cards.js';
import { P2P_LOGIN, P2P_PERFORMING, P2P_REGISTRATION } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { appFlowOf, performTransfer } from './perform-transfer.js';
import { generatedOrderNumber, registrationOf } from './transfer-registration.js';
import { transferTypeOf } from './transfer-type-of.js';
import { performAnswerSchema } from './perform-answer-schemas.js';
import { ORDER_STATUS } from '../../domain/order-status.js';
import type { MerchantContext } from '../../services/merchant-context.js';
import { returnAddress } from '../rest/payment-answers.js';
import { ALL_STEPS } from '../rest/three-ds-step-schemas.js';

/** p2p-api.md instantPerformP2P.do: registration and perform parameters in one call. */
export const INSTANT_P2P_PARAMS = [
  ...P2P_LOGIN,
  param('orderNumber', 'optional', text(1, 36), { note: 'generated when absent' }),
  ...P2P_REGISTRATION,
  ...P2P_PERFORMING,
] as const;

export function instantPerformP2P(services: P2pServices): Operation {
  /**
   * p2p-api.md: `redirect` on a success without 3-D Secure. A transfer decided in this call (done
   * or declined) sends the customer back as instantPayment.do does; a 3-D Secure step has none.
   */
  const redirectOf = async (merchant: MerchantContext, orderId: string): Promise<{ redirect?: string }> => {
    const order = await services.transferOrders.find(merchant, { orderId });
    if (order.status !== ORDER_STATUS.deposited && order.status !== ORDER_STATUS.declined) return {};
    const base =
      order.status === ORDER_STATUS.declined ? (order.fail_url ?? order.return_url) : order.return_url;
    return base === '' ? {} : { redirect: returnAddress(base, order.id, order.language) };
  };
  return p2pOperation({
    path: `${P2P_PATH}/instantPerformP2P.do`,
    summary: 'Registers a transfer and performs it in one call',
    params: INSTANT_P2P_PARAMS,
    onBehalfParam: 'merchantLogin',
    mutates: true,
    answer: performAnswerSchema({ steps: ALL_STEPS, withOrder: true }),
    async handle(params, context) {
      const type = transferTypeOf(params, context.merchant);
      if (params.threeDSServerTransId !== undefined) {
        const transaction = await services.threeDs.findForMerchant(
          context.merchant.id,
          params.threeDSServerTransId,
        );
        if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
        const order = await services.transferOrders.find(context.merchant, {
          orderId: transaction.order_id,
        });
        return {
          ...(await performTransfer(services, order, params, context)),
          orderId: order.id,
          orderNumber: order.order_number,
        };
      }
      await appFlowOf(services, params, context.merchant, type);
      // Card data is checked before anything is registered (stored cards need the order's client).
      if (type !== 'OCT' && params.fromCard?.pan !== undefined) debitedCard(params.fromCard, context.nowMs);
      if (type !== 'AFT' && params.toCard?.pan !== undefined) creditedCard(params.toCard, context.nowMs);
      if (type === 'OCT') await checkFundingOrder(services.transferOrders, context.merchant, params);
      const registered = await services.registration.register(
        context.merchant,
        context.caller,
        registrationOf(
          { ...params, orderNumber: params.orderNumber ?? generatedOrderNumber(context.nowMs) },
          context,
          type,
        ),
      );
      const order = await services.transferOrders.find(context.merchant, { orderId: registered.orderId });
      const answer = await performTransfer(services, order, params, context);
      return {
        ...answer,
        orderId: order.id,
        orderNumber: order.order_number,
        ...(await redirectOf(context.merchant, order.id)),
      };
    },
  });
}
