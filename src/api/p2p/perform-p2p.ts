import { Refusal } from '../../domain/refusals.js';
import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { digits, text } from '../params/scalar-types.js';
import { billingRecipientData, p2pBillingPayerData, performParams } from './p2p-blocks.js';
import { P2P_LOGIN, P2P_PERFORMING } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { performTransfer } from './perform-transfer.js';
import { performAnswerSchema } from './perform-answer-schemas.js';
import { ALL_STEPS } from '../rest/three-ds-step-schemas.js';

/** p2p-api.md performP2P.do: the members its examples and 3-D Secure extras show. */
export const PERFORM_P2P_PARAMS = [
  ...P2P_LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when given, must be the registered amount' }),
  param('params', 'optional', performParams),
  param('billingPayerData', 'optional', p2pBillingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  ...P2P_PERFORMING,
] as const;

export function performP2P(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/performP2P.do`,
    summary: 'Performs a transfer with the card data of both cards',
    params: PERFORM_P2P_PARAMS,
    mutates: true,
    answer: performAnswerSchema({ steps: ALL_STEPS }),
    async handle(params, context) {
      const order = await services.transferOrders.find(context.merchant, { orderId: params.orderId });
      if (params.amount !== undefined && params.amount !== order.amount_minor) {
        throw new Refusal('PARAM_CONFLICT', { param: 'amount', other: 'orderId' });
      }
      return performTransfer(services, order, params, context);
    },
  });
}
