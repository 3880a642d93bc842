import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { digits, text } from '../params/scalar-types.js';
import { FEE_ANSWER_SCHEMA, feeAnswer } from './fee-answer.js';
import { fromCard, toCard } from './p2p-blocks.js';
import { resolveCreditedCard, resolveDebitedCard } from './p2p-cards.js';
import { P2P_LOGIN } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';

/** p2p-api.md verifyP2PByBinding.do. */
export const VERIFY_P2P_BY_BINDING_PARAMS = [
  ...P2P_LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('fromCard', 'mandatory', fromCard),
  param('toCard', 'mandatory', toCard),
] as const;

export function verifyP2PByBinding(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/verifyP2PByBinding.do`,
    summary: 'The fee of a transfer by stored credentials',
    params: VERIFY_P2P_BY_BINDING_PARAMS,
    answer: FEE_ANSWER_SCHEMA,
    async handle(params, context) {
      const order = await services.transferOrders.find(context.merchant, { orderId: params.orderId });
      // The cards must be ones this transfer could use: the client's stored card, the recipient's.
      if (params.fromCard.paymentToken === undefined) {
        await resolveDebitedCard(params.fromCard, order, services, context.nowMs);
      }
      await resolveCreditedCard(params.toCard, order, services, context.nowMs);
      return feeAnswer(order, context, order.amount_minor);
    },
  });
}
