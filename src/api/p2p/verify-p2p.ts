import { Refusal } from '../../domain/refusals.js';
import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { digits, text } from '../params/scalar-types.js';
import { FEE_ANSWER_SCHEMA, feeAnswer } from './fee-answer.js';
import { billingRecipientData, fromCard, p2pBillingPayerData, toCard } from './p2p-blocks.js';
import { resolveCreditedCard, resolveDebitedCard } from './p2p-cards.js';
import { P2P_LOGIN } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';

/** p2p-api.md verifyP2P.do. */
export const VERIFY_P2P_PARAMS = [
  ...P2P_LOGIN,
  param('orderId', 'mandatory', text(1, 36)),
  param('amount', 'optional', digits(0, 12), { note: 'when the payer changes the amount' }),
  param('mcc', 'optional', digits(4, 4), { permission: 'mcc' }),
  param('billingPayerData', 'optional', p2pBillingPayerData),
  param('billingRecipientData', 'optional', billingRecipientData),
  param('fromCard', 'conditional', fromCard),
  param('toCard', 'conditional', toCard),
] as const;

export function verifyP2P(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/verifyP2P.do`,
    summary: 'The fee of a transfer, for the cards and amount given',
    params: VERIFY_P2P_PARAMS,
    answer: FEE_ANSWER_SCHEMA,
    async handle(params, context) {
      const order = await services.transferOrders.find(context.merchant, { orderId: params.orderId });
      // The cards are checked as a perform would check them; the fee does not depend on them.
      if (params.fromCard !== undefined) {
        if (params.fromCard.cardholderName === undefined) {
          throw new Refusal('PARAM_MISSING', { param: 'fromCard.cardholderName' });
        }
        // A wallet token is only opened (and spent) by the transfer itself.
        if (params.fromCard.paymentToken === undefined) {
          await resolveDebitedCard(params.fromCard, order, services, context.nowMs);
        }
      }
      if (params.toCard !== undefined)
        await resolveCreditedCard(params.toCard, order, services, context.nowMs);
      return feeAnswer(order, context, params.amount ?? order.amount_minor);
    },
  });
}
