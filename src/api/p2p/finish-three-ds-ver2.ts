import { Refusal } from '../../domain/refusals.js';
import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { text } from '../params/scalar-types.js';
import { P2P_LOGIN } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { performAnswer } from './perform-answer.js';
import { performAnswerSchema } from './perform-answer-schemas.js';

/**
 * finishThreeDsVer2.do: its parameters are "not shown";
 * docs/decisions/0095-3-d-secure-on-the-debited-card-finishthreedsver2do-and.md names these.
 */
export const FINISH_P2P_PARAMS = [
  ...P2P_LOGIN,
  param('threeDSServerTransId', 'mandatory', text(1, 36)),
  param('orderId', 'optional', text(1, 36)),
] as const;

export function finishThreeDsVer2(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/finishThreeDsVer2.do`,
    summary: 'After the ACS: the result of a transfer whose debited card was authenticated',
    params: FINISH_P2P_PARAMS,
    mutates: true,
    // 3-D Secure is over: the transfer is done or declined.
    answer: performAnswerSchema({ steps: [] }),
    async handle(params, context) {
      const transaction = await services.threeDs.findForMerchant(
        context.merchant.id,
        params.threeDSServerTransId,
      );
      if (transaction === undefined) throw new Refusal('ORDER_NOT_FOUND');
      if (params.orderId !== undefined && params.orderId !== transaction.order_id) {
        throw new Refusal('PARAM_CONFLICT', { param: 'orderId', other: 'threeDSServerTransId' });
      }
      // A browser's transfer ran when its CRes arrived; an app's runs now, on the ACS's RReq.
      if (transaction.device_channel === '01')
        await services.authenticated.finish(transaction, context.requestId);
      const order = await services.transferOrders.find(context.merchant, { orderId: transaction.order_id });
      return performAnswer(order, services.transferOrders, context);
    },
  });
}
