import type { Operation } from '../operation.js';
import { param } from '../params/param-table.js';
import { text } from '../params/scalar-types.js';
import { checkFundingOrder } from './funding-order.js';
import { P2P_LOGIN, P2P_REGISTRATION } from './p2p-param-groups.js';
import { P2P_PATH, p2pOperation } from './p2p-operation.js';
import type { P2pServices } from './p2p-services.js';
import { registrationOf } from './transfer-registration.js';
import { transferTypeOf } from './transfer-type-of.js';
import { described, joined, object, TEXT } from '../answers/answer-schema.js';
import { REST_SUCCESS } from '../answers/success-members.js';

/** p2p-api.md registerP2P.do's response. */
const REGISTER_P2P_ANSWER_SCHEMA = joined([
  REST_SUCCESS,
  object(
    {
      formUrl: described(TEXT, "The gateway's transfer page to send the customer to (scenario A)"),
      orderId: described(TEXT, 'The gateway order id'),
      orderNumber: TEXT,
    },
    { required: 'all' },
  ),
]);

/** p2p-api.md registerP2P.do. */
export const REGISTER_P2P_PARAMS = [
  ...P2P_LOGIN,
  param('orderNumber', 'mandatory', text(1, 36)),
  ...P2P_REGISTRATION,
] as const;

export function registerP2P(services: P2pServices): Operation {
  return p2pOperation({
    path: `${P2P_PATH}/registerP2P.do`,
    summary: 'Registers a card-to-card transfer order',
    params: REGISTER_P2P_PARAMS,
    onBehalfParam: 'merchantLogin',
    mutates: true,
    answer: REGISTER_P2P_ANSWER_SCHEMA,
    async handle(params, context) {
      const type = transferTypeOf(params, context.merchant);
      if (type === 'OCT') await checkFundingOrder(services.transferOrders, context.merchant, params);
      const registered = await services.registration.register(
        context.merchant,
        context.caller,
        registrationOf(params, context, type),
      );
      return {
        errorCode: '0',
        errorMessage: context.message('success'),
        formUrl: registered.formUrl,
        orderId: registered.orderId,
        orderNumber: params.orderNumber,
      };
    },
  });
}
